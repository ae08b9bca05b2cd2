//! Hidato and Numbrix: the largest boards for each engine, nearly empty and nearly full boards,
//! holes that cut a board apart, contradictory givens.

use super::*;

/// A Hidato board in the seed's text format, one puzzle.
fn hidato_text(width: usize, height: usize, cells: &[i64]) -> Vec<u8> {
    let mut text = format!("{width} {height}\n");
    for row in cells.chunks(width) {
        text += &row.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
        text += "\n";
    }
    text.into_bytes()
}

/// A boustrophedon path over a full `w`x`h` board: the number of each cell.
fn snake(w: usize, h: usize) -> Vec<i64> {
    let mut cells = vec![0; w * h];
    for r in 0..h {
        for i in 0..w {
            let c = if r % 2 == 0 { i } else { w - 1 - i };
            cells[r * w + c] = (r * w + i + 1) as i64;
        }
    }
    cells
}

pub(super) fn hidato_cases(cases: &mut Vec<Case>, rng: &mut Rng, full: bool) {
    let ends = |side: usize| {
        let mut cells = vec![0; side * side];
        cells[0] = 1;
        cells[side * side - 1] = (side * side) as i64;
        hidato_text(side, side, &cells)
    };
    let one = |side: usize| {
        let mut cells = vec![0; side * side];
        cells[0] = 1;
        hidato_text(side, side, &cells)
    };
    let h50 = file("h50.txt", ends(50));
    for engine in ["auto", "domain", "walk", "xc"] {
        let name = format!("hidato-50x50-ends-{engine}");
        cases.push(case(
            &name,
            "hidato solve",
            &["hidato", "solve", "h50.txt", "--engine", engine],
            vec![h50.clone()],
            true,
        ));
    }
    let h40 = file("h40.txt", one(40));
    for engine in ["auto", "domain"] {
        let name = format!("hidato-40x40-one-{engine}");
        cases.push(case(
            &name,
            "hidato solve",
            &["hidato", "solve", "h40.txt", "--engine", engine],
            vec![h40.clone()],
            true,
        ));
    }
    cases.push(case(
        "hidato-40x40-domain-64-nodes",
        "hidato solve",
        &["hidato", "solve", "h40.txt", "--engine", "domain", "--max-nodes", "64"],
        vec![h40],
        true,
    ));
    let h30 = file("h30.txt", ends(30));
    cases.push(case(
        "hidato-30x30-count",
        "hidato count",
        &["hidato", "count", "h30.txt", "--limit", "1000"],
        vec![h30.clone()],
        true,
    ));
    cases.push(case(
        "hidato-30x30-xc",
        "hidato count",
        &["hidato", "count", "h30.txt", "--engine", "xc"],
        vec![h30],
        true,
    ));
    // The largest board the parser accepts, nearly empty, then cut in two by a column of holes.
    cases.push(case(
        "hidato-1000x1000-one",
        "hidato solve",
        &["hidato", "solve", "h1000.txt"],
        vec![file("h1000.txt", one(1000))],
        true,
    ));
    let mut split = vec![0; 1000 * 1000];
    split[0] = 1;
    (0..1000).for_each(|r| split[r * 1000 + 500] = -1);
    cases.push(case(
        "hidato-1000x1000-split",
        "hidato solve",
        &["hidato", "solve", "split.txt"],
        vec![file("split.txt", hidato_text(1000, 1000, &split))],
        true,
    ));
    // Nearly full: a snake with 3 % of its numbers removed; sparse: 3 % kept, above 50x50.
    let mut full_board = snake(100, 100);
    for v in full_board.iter_mut() {
        if rng.below(100) < 3 && *v > 1 && *v < 10_000 {
            *v = 0;
        }
    }
    cases.push(case(
        "hidato-100x100-nearly-full",
        "hidato solve",
        &["hidato", "solve", "full.txt"],
        vec![file("full.txt", hidato_text(100, 100, &full_board))],
        true,
    ));
    let mut sparse = snake(60, 60);
    for v in sparse.iter_mut() {
        if rng.below(100) >= 3 && *v > 1 && *v < 3600 {
            *v = 0;
        }
    }
    let sparse = file("sparse.txt", hidato_text(60, 60, &sparse));
    cases.push(case(
        "hidato-60x60-sparse",
        "hidato solve",
        &["hidato", "solve", "sparse.txt"],
        vec![sparse.clone()],
        true,
    ));
    cases.push(case(
        "hidato-60x60-sparse-count",
        "hidato count",
        &["hidato", "count", "sparse.txt"],
        vec![sparse],
        true,
    ));
    // Contradictory givens: 1 and 2 in opposite corners.
    let mut far = vec![0; 400];
    far[0] = 1;
    far[399] = 2;
    cases.push(case(
        "hidato-contradiction",
        "hidato solve",
        &["hidato", "solve", "far.txt"],
        vec![file("far.txt", hidato_text(20, 20, &far))],
        true,
    ));
    // Generation: big, expert, a shape in two pieces, a Numbrix shape whose colours cannot alternate.
    cases.push(case(
        "hidato-generate-40x40",
        "hidato generate",
        &["hidato", "generate", "--size", "40x40", "--seed", "1"],
        vec![],
        true,
    ));
    // Unbudgeted mixing of the first path took 28 s on 300x300 (issue 24).
    cases.push(case(
        "hidato-generate-300x300",
        "hidato generate",
        &["hidato", "generate", "--size", "300x300", "--seed", "1"],
        vec![],
        true,
    ));
    cases.push(case(
        "hidato-generate-expert",
        "hidato generate",
        &["hidato", "generate", "--size", "12x12", "--difficulty", "expert", "--count", "3", "--seed", "1"],
        vec![],
        true,
    ));
    let mut halves = vec![0; 49];
    (0..7).for_each(|r| halves[r * 7 + 3] = -1);
    cases.push(case(
        "hidato-generate-split",
        "hidato generate",
        &["hidato", "generate", "halves.txt"],
        vec![file("halves.txt", hidato_text(7, 7, &halves))],
        true,
    ));
    let mut parity = vec![0; 25];
    parity[7] = -1;
    parity[17] = -1;
    cases.push(case(
        "numbrix-generate-parity",
        "hidato generate",
        &["hidato", "generate", "parity.txt", "--numbrix"],
        vec![file("parity.txt", hidato_text(5, 5, &parity))],
        true,
    ));
    // Over the 32 MiB limit.
    let size = if full { 200 << 20 } else { 33 << 20 };
    let big = repeat("big.txt", b"3 1\n", b"1 0 3\n", size);
    cases.push(case("hidato-over-limit", "hidato solve", &["hidato", "solve", "big.txt"], vec![big], true));
}
