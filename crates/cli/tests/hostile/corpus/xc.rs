//! Exact-cover files: N-queens as exact cover, huge and many options, and a file over the reader's
//! 32 MiB limit.

use super::*;

/// N-queens as exact cover: rows and columns primary, diagonals secondary.
fn xc_queens(n: usize) -> Vec<u8> {
    let mut text = String::new();
    for r in 0..n {
        text += &format!("r{r} ");
    }
    for c in 0..n {
        text += &format!("c{c} ");
    }
    text += "|";
    for d in 0..2 * n - 1 {
        text += &format!(" a{d} b{d}");
    }
    text += "\n";
    for r in 0..n {
        for c in 0..n {
            text += &format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c);
        }
    }
    text.into_bytes()
}

pub(super) fn xc_cases(cases: &mut Vec<Case>, rng: &mut Rng, full: bool) {
    // 100,000 items each with one one-item option: building was quadratic (issue 14, item 8).
    let tiny = |n: usize| {
        let mut text: String = (0..n).map(|i| format!("i{i} ")).collect();
        text += "\n";
        (0..n).for_each(|i| text += &format!("i{i}\n"));
        text.into_bytes()
    };
    cases.push(case(
        "xc-tiny-100k",
        "xc count",
        &["xc", "count", "tiny100k.dlx"],
        vec![file("tiny100k.dlx", tiny(100_000))],
        true,
    ));
    if full {
        cases.push(case(
            "xc-tiny-200k",
            "xc count",
            &["xc", "count", "tiny200k.dlx"],
            vec![file("tiny200k.dlx", tiny(200_000))],
            false,
        ));
    }
    // One item, 100,000 options of it: 100,000 solutions one node deep.
    let mut many = "A\n".to_owned();
    many += &"A\n".repeat(100_000);
    cases.push(case(
        "xc-one-item-100k-options",
        "xc count",
        &["xc", "count", "many.dlx"],
        vec![file("many.dlx", many.into_bytes())],
        true,
    ));
    // One option of 100,000 items.
    let items: Vec<String> = (0..100_000).map(|i| format!("x{i}")).collect();
    let huge = format!("{}\n{}\n", items.join(" "), items.join(" "));
    cases.push(case(
        "xc-one-huge-option",
        "xc count",
        &["xc", "count", "huge.dlx"],
        vec![file("huge.dlx", huge.into_bytes())],
        true,
    ));
    // Long searches, every engine, one and two threads, solve --all.
    let q = file("queens22.dlx", xc_queens(22));
    for (name, extra) in [
        ("xc-queens22", &[][..]),
        ("xc-queens22-threads2", &["--threads", "2"][..]),
        ("xc-queens22-bitset", &["--engine", "bitset"][..]),
        ("xc-queens22-dlx1", &["--engine", "dlx1"][..]),
    ] {
        let mut args = vec!["xc", "count", "queens22.dlx"];
        args.extend(extra);
        cases.push(case(name, "xc count", &args, vec![q.clone()], true));
    }
    cases.push(case(
        "xc-queens22-solve-all",
        "xc solve",
        &["xc", "solve", "queens22.dlx", "--all"],
        vec![q.clone()],
        true,
    ));
    // Latin squares of order 7 as JSON lines (once one object: 6.9 GB for 2,000,000).
    let n = 7;
    let mut latin: String = ["p", "r", "c"]
        .iter()
        .flat_map(|kind| (0..n * n).map(move |i| format!("{kind}{}{} ", i / n, i % n)))
        .collect();
    latin += "\n";
    for r in 0..n {
        for c in 0..n {
            for v in 0..n {
                latin += &format!("p{r}{c} r{r}{v} c{c}{v}\n");
            }
        }
    }
    cases.push(case(
        "xc-latin7-solve-json",
        "xc solve",
        &["xc", "solve", "latin7.dlx", "--json", "--limit", "2000000"],
        vec![file("latin7.dlx", latin.into_bytes())],
        true,
    ));
    // A dense random problem: 400 items, 20,000 options of 6 items.
    let mut dense: String = (0..400).map(|i| format!("d{i} ")).collect();
    dense += "\n";
    for _ in 0..20_000 {
        let mut option: Vec<usize> = (0..6).map(|_| rng.below(400)).collect();
        option.sort_unstable();
        option.dedup();
        dense += &option.iter().map(|i| format!("d{i}")).collect::<Vec<_>>().join(" ");
        dense += "\n";
    }
    cases.push(case(
        "xc-dense-random",
        "xc count",
        &["xc", "count", "dense.dlx"],
        vec![file("dense.dlx", dense.into_bytes())],
        true,
    ));
    // Over the 32 MiB limit: refused after reading the limit.
    let size = if full { 200 << 20 } else { 33 << 20 };
    let big = repeat("big.dlx", b"A B\n", b"A B\n", size);
    cases.push(case("xc-over-limit", "xc count", &["xc", "count", "big.dlx"], vec![big], true));
}
