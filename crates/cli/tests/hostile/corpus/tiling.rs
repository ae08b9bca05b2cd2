//! Tiling: large boards, and `--copies` and `--threads` at and past their limits.

use super::*;

#[path = "../../common/dominoes.rs"]
mod dominoes;

pub(super) fn tiling_cases(cases: &mut Vec<Case>, full: bool) {
    let square = |side: usize| {
        let mut text = String::new();
        (0..side).for_each(|_| text += &format!("{}\n", ".".repeat(side)));
        text.into_bytes()
    };
    let board = file("b16.txt", square(16));
    // Dominoes: 128 copies on 256 cells (a huge count), with both engines.
    let dominoes = file("dominoes.txt", b"AA\n* A 128\n".to_vec());
    for engine in ["bits", "xc"] {
        let name = format!("tiling-256-dominoes-{engine}");
        let args = [
            "tiling",
            "count",
            "--pieces-file",
            "dominoes.txt",
            "--board-file",
            "b16.txt",
            "--engine",
            engine,
        ];
        cases.push(case(&name, "tiling count", &args, vec![dominoes.clone(), board.clone()], true));
    }
    // Listing billions of domino tilings, as JSON lines (once collected: 3.9 GB), both engines.
    let dominoes50 = file("dominoes50.txt", dominoes::PIECES.as_bytes().to_vec());
    for engine in ["bits", "xc"] {
        let name = format!("tiling-dominoes-10x10-solve-json-{engine}");
        let args = dominoes::listing("dominoes50.txt", engine);
        cases.push(case(&name, "tiling solve", &args, vec![dominoes50.clone()], true));
    }
    cases.push(case(
        "tiling-tetrominoes-copies12",
        "tiling count",
        &["tiling", "count", "--pieces", "tetrominoes", "--copies", "12", "--board", "16x15"],
        vec![],
        true,
    ));
    cases.push(case(
        "tiling-hexominoes",
        "tiling count",
        &["tiling", "count", "--pieces", "hexominoes", "--board", "15x14"],
        vec![],
        true,
    ));
    cases.push(case(
        "tiling-hexominoes-distinct",
        "tiling count",
        &["tiling", "count", "--pieces", "hexominoes", "--board", "15x14", "--distinct"],
        vec![],
        true,
    ));
    cases.push(case(
        "tiling-pentominoes-256",
        "tiling count",
        &["tiling", "count", "--board-file", "b16.txt"],
        vec![board.clone()],
        true,
    ));
    cases.push(case(
        "tiling-solve-all",
        "tiling solve",
        &["tiling", "solve", "--pieces", "tetrominoes", "--copies", "12", "--board", "16x15", "--all"],
        vec![],
        true,
    ));
    cases.push(case(
        "tiling-copies-1001",
        "tiling count",
        &["tiling", "count", "--copies", "1001"],
        vec![],
        true,
    ));
    let size = if full { 200 << 20 } else { 2 << 20 };
    let big = repeat("bigboard.txt", b"", b"..........", size);
    cases.push(case(
        "tiling-board-over-limit",
        "tiling count",
        &["tiling", "count", "--board-file", "bigboard.txt"],
        vec![big],
        true,
    ));
}
