//! The hostile corpus (issue 14): the inputs most likely to break a budget or exhaust memory,
//! made from a seed, and the runner that times one case and measures its peak memory.
//!
//! The corpus serves both users: the test `tests/hostile.rs` runs the cases marked `sample`
//! with a small timeout, and `examples/hostile_corpus.rs` (driven by `scripts/hostile-bench.sh`)
//! writes and runs all of them. Each case is a command line over files written into one
//! folder; the runner appends `--timeout T` and reports the wall time, the exit status, a
//! panic, and the peak resident memory from `wait4`'s `ru_maxrss` (exact, per child, without
//! polling `/proc`).
//!
//! What it holds, per command: the largest boards each parser accepts (Hidato 1000x1000,
//! tiling boards of 256 cells, queens 32, Sudoku 25x25), nearly empty and nearly full boards,
//! holes that cut a board apart, contradictory givens, exact-cover files with one huge option,
//! 100,000 tiny ones or 100,000 options of one item, files over each reader's size limit, and
//! `--copies` and `--threads` at and past their limits.

#![allow(dead_code, reason = "the test and the example each use their own part")]

/// One command line of the corpus over its files.
#[derive(Debug, Clone)]
pub struct Case {
    /// A short unique name.
    pub name: String,
    /// The command family it exercises, for the report ("hidato solve").
    pub family: String,
    /// The arguments after `tessera`, naming files by their names in the corpus folder.
    pub args: Vec<String>,
    /// The files it reads: name and contents.
    pub files: Vec<(String, Content)>,
    /// Whether the test runs it (quick to generate, and known to hold its budget).
    pub sample: bool,
}

/// A file's contents: bytes, or a head and a line repeated (written as a stream, so that the
/// process that writes a 200 MB file does not hold it: its memory would count in the peak of
/// the children it starts afterwards, since `ru_maxrss` carries over a fork).
#[derive(Debug, Clone)]
pub enum Content {
    Bytes(Vec<u8>),
    Repeat { head: Vec<u8>, line: Vec<u8>, times: usize },
}

/// A small, fast, seeded generator (SplitMix64), so the corpus needs no dependency.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn case(name: &str, family: &str, args: &[&str], files: Vec<(String, Content)>, sample: bool) -> Case {
    Case {
        name: name.to_owned(),
        family: family.to_owned(),
        args: args.iter().map(|a| (*a).to_owned()).collect(),
        files,
        sample,
    }
}

fn file(name: &str, bytes: Vec<u8>) -> (String, Content) {
    (name.to_owned(), Content::Bytes(bytes))
}

fn repeat(name: &str, head: &[u8], line: &[u8], bytes: usize) -> (String, Content) {
    (name.to_owned(), Content::Repeat { head: head.to_vec(), line: line.to_vec(), times: bytes / line.len() })
}

/// The whole corpus from `seed`; `full` adds the cases whose files are hundreds of megabytes.
pub fn corpus(seed: u64, full: bool) -> Vec<Case> {
    let mut rng = Rng::new(seed);
    let mut cases = Vec::new();
    xc_cases(&mut cases, &mut rng, full);
    hidato_cases(&mut cases, &mut rng, full);
    tiling_cases(&mut cases, full);
    queens_cases(&mut cases);
    sudoku_cases(&mut cases, &mut rng);
    cases
}

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

fn xc_cases(cases: &mut Vec<Case>, rng: &mut Rng, full: bool) {
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

fn hidato_cases(cases: &mut Vec<Case>, rng: &mut Rng, full: bool) {
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

fn tiling_cases(cases: &mut Vec<Case>, full: bool) {
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
    let dominoes50 = file("dominoes50.txt", b"AA\n* A 50\n".to_vec());
    for engine in ["bits", "xc"] {
        let name = format!("tiling-dominoes-10x10-solve-json-{engine}");
        let args = [
            "tiling",
            "solve",
            "--all",
            "--json",
            "--pieces-file",
            "dominoes50.txt",
            "--board",
            "10x10",
            "--engine",
            engine,
        ];
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

fn queens_cases(cases: &mut Vec<Case>) {
    for (name, args) in [
        ("queens-32-count", &["queens", "32", "--count"][..]),
        ("queens-32-count-threads2", &["queens", "32", "--count", "--threads", "2"][..]),
        ("queens-32-all", &["queens", "32", "--all"][..]),
        ("queens-32-xc", &["queens", "32", "--count", "--engine", "xc"][..]),
        ("queens-28-max-nodes", &["queens", "28", "--count", "--threads", "2", "--max-nodes", "1000"][..]),
        // Listings that once collected every solution before printing (issue 24): 14.8 M boards
        // for 16, an allocation failure for 17, 4.3 GB for 32 on the xc route.
        ("queens-16-all", &["queens", "16", "--all"][..]),
        ("queens-16-all-json", &["queens", "16", "--all", "--json"][..]),
        ("queens-17-all", &["queens", "17", "--all"][..]),
        ("queens-20-all", &["queens", "20", "--all"][..]),
        ("queens-32-all-xc", &["queens", "32", "--all", "--engine", "xc"][..]),
        ("queens-20-all-xc-threads2", &["queens", "20", "--all", "--engine", "xc", "--threads", "2"][..]),
    ] {
        cases.push(case(name, "queens", args, vec![], true));
    }
}

/// A Sudoku line of side `n` (25: digits 1-9 then letters A.. for 10 and up), `.` empty.
fn symbol(v: usize) -> char {
    if v < 10 {
        char::from(b'0' + v as u8)
    } else {
        char::from(b'A' + (v - 10) as u8)
    }
}

fn sudoku_cases(cases: &mut Vec<Case>, rng: &mut Rng) {
    // 25x25: empty, a few clues from a valid grid, and two clues that contradict far apart.
    let box_side = 5;
    let n = 25;
    let valid = |r: usize, c: usize| (r % box_side * box_side + r / box_side + c) % n + 1;
    let empty = ".".repeat(625);
    let mut few = vec!['.'; 625];
    for _ in 0..12 {
        let cell = rng.below(625);
        few[cell] = symbol(valid(cell / n, cell % n));
    }
    let few: String = few.into_iter().collect();
    let mut contradiction = vec!['.'; 625];
    contradiction[0] = '1';
    contradiction[624] = '1';
    contradiction[24 * 25 + 1] = '2';
    contradiction[1] = '3';
    let contradiction: String = contradiction.into_iter().collect();
    let files = [
        file("s25-empty.txt", format!("{empty}\n").into_bytes()),
        file("s25-few.txt", format!("{few}\n").into_bytes()),
        file("s25-contradiction.txt", format!("{contradiction}\n").into_bytes()),
        file("s16-empty.txt", format!("{}\n", ".".repeat(256)).into_bytes()),
        file("s9-empty.txt", format!("{}\n", ".".repeat(81)).into_bytes()),
    ];
    for (name, args) in [
        ("sudoku-25-empty-solve", &["sudoku", "solve", "s25-empty.txt"][..]),
        ("sudoku-25-few-solve", &["sudoku", "solve", "s25-few.txt"][..]),
        ("sudoku-25-few-count", &["sudoku", "count", "s25-few.txt", "--limit", "1000000"][..]),
        ("sudoku-25-contradiction", &["sudoku", "solve", "s25-contradiction.txt"][..]),
        ("sudoku-16-empty-count", &["sudoku", "count", "s16-empty.txt", "--limit", "1000000000"][..]),
        ("sudoku-9-empty-count", &["sudoku", "count", "s9-empty.txt", "--limit", "1000000000000"][..]),
        ("sudoku-25-xc", &["sudoku", "count", "s25-few.txt", "--engine", "xc", "--limit", "1000000"][..]),
        ("sudoku-generate-25", &["sudoku", "generate", "--size", "25"][..]),
        ("sudoku-generate-16", &["sudoku", "generate", "--size", "16"][..]),
    ] {
        let reads: Vec<(String, Content)> =
            files.iter().filter(|f| args.contains(&f.0.as_str())).cloned().collect();
        // Which Sudoku cases already hold their budget is recorded in the test's sample list.
        cases.push(case(name, &format!("sudoku {}", args[1]), args, reads, false));
    }
}
