//! f-puzzles JSON, Tessera JSON and share links on a puzzle using every constraint kind: what each kind
//! means, round trips, links made by the real JavaScript lz-string and real links from the web.

use super::*;

#[test]
fn fpuzzles_reads_every_kind_as_f_puzzles_means_it() {
    let v = rich();
    assert_eq!(v.size, 9);
    // Only `given: true` is a given.
    assert_eq!((v.givens[0], v.givens[1], v.givens[40]), (5, 0, 7));
    assert_eq!(v.meta.title.as_deref(), Some("Every kind"));
    assert_eq!(v.meta.rules.as_deref(), Some("Normal sudoku rules apply."));
    let has = |k: &Constraint| v.constraints.contains(k);
    for global in [
        Constraint::DiagonalPositive,
        Constraint::DiagonalNegative,
        Constraint::AntiKnight,
        Constraint::AntiKing,
        Constraint::DisjointGroups,
        Constraint::NonConsecutive,
    ] {
        assert!(has(&global), "{global:?}");
    }
    // The older parity field on grid cells.
    assert!(has(&Constraint::Even { cell: c(9, 9) }) && has(&Constraint::Odd { cell: c(9, 8) }));
    assert!(has(&Constraint::Cage { cells: vec![c(1, 1), c(1, 2)], sum: Some(9) }));
    assert!(has(&Constraint::Cage { cells: vec![c(2, 1), c(2, 2)], sum: None }));
    // f-puzzles' `cage` is its cosmetic cage: drawn and written back, not a rule.
    assert!(!has(&Constraint::Cage { cells: vec![c(3, 1), c(3, 2)], sum: Some(10) }));
    assert!(v.cosmetics.iter().any(|m| m.kind == "cage" && m.text.as_deref() == Some("10")));
    assert!(has(&Constraint::LittleKiller { clue: c(0, 1), direction: Direction::DR, sum: 45 }));
    assert!(has(&Constraint::LittleKiller { clue: c(10, 5), direction: Direction::UR, sum: 20 }));
    assert!(has(&Constraint::Sandwich { clue: c(0, 3), sum: 15 }));
    assert!(has(&Constraint::Sandwich { clue: c(4, 0), sum: 0 }));
    // One thermometer per line of an item.
    assert!(has(&Constraint::Thermometer { cells: vec![c(9, 4), c(8, 3), c(7, 2)], slow: false }));
    assert!(has(&Constraint::Thermometer { cells: vec![c(6, 6), c(6, 7)], slow: false }));
    assert!(has(&Constraint::Thermometer { cells: vec![c(5, 1), c(5, 2), c(5, 3)], slow: true }));
    // Arrow lines lose their circle cells.
    assert!(has(&Constraint::Arrow { circle: vec![c(2, 5)], lines: vec![vec![c(3, 5), c(4, 5)]] }));
    assert!(has(&Constraint::Arrow {
        circle: vec![c(7, 7), c(7, 8)],
        lines: vec![vec![c(8, 8), c(9, 8), c(9, 9)]]
    }));
    assert!(has(&Constraint::Difference { cells: [c(1, 5), c(1, 6)], value: 1 }));
    assert!(has(&Constraint::Difference { cells: [c(1, 7), c(1, 8)], value: 3 }));
    assert!(has(&Constraint::Ratio { cells: [c(2, 7), c(2, 8)], value: 2 }));
    assert!(has(&Constraint::Ratio { cells: [c(3, 7), c(3, 8)], value: 3 }));
    assert!(has(&Constraint::Xv { cells: [c(4, 7), c(4, 8)], sum: 10 }));
    assert!(has(&Constraint::Xv { cells: [c(5, 7), c(5, 8)], sum: 5 }));
    assert!(has(&Constraint::Negative { of: vec![Negative::Ratio, Negative::Xv] }));
    assert!(has(&Constraint::Odd { cell: c(6, 1) }) && has(&Constraint::Even { cell: c(6, 2) }));
    assert!(has(&Constraint::Minimum { cell: c(7, 1) }) && has(&Constraint::Maximum { cell: c(7, 3) }));
    assert!(has(&Constraint::Clone { cells: vec![c(1, 9), c(2, 9)], clones: vec![c(8, 1), c(9, 1)] }));
    assert!(has(&Constraint::Quadruple {
        cells: vec![c(3, 3), c(3, 4), c(4, 3), c(4, 4)],
        values: vec![1, 2]
    }));
    assert!(has(&Constraint::Palindrome { cells: vec![c(8, 4), c(8, 5), c(8, 6)] }));
    assert!(has(&Constraint::Renban { cells: vec![c(9, 5), c(9, 6), c(9, 7)] }));
    assert!(has(&Constraint::Whispers { cells: vec![c(4, 1), c(4, 2)], difference: 5 }));
    assert!(has(&Constraint::Whispers { cells: vec![c(6, 8), c(6, 9)], difference: 4 }));
    assert!(has(&Constraint::Between { cells: vec![c(5, 4), c(5, 5), c(5, 6)] }));
    assert!(has(&Constraint::RegionSumLine { cells: vec![c(3, 6), c(4, 6), c(4, 7)] }));
    assert!(has(&Constraint::ExtraRegion { cells: vec![c(2, 2), c(2, 3), c(3, 3)] }));
    let kinds: Vec<&str> = v.cosmetics.iter().map(|k| k.kind.as_str()).collect();
    assert_eq!(kinds, ["line", "circle", "rectangle", "text", "cage"]);
    assert_eq!(v.cosmetics[0].cells, [c(1, 1), c(2, 2)]);
    assert_eq!(v.cosmetics[0].color.as_deref(), Some("#C0C0C0"));
    assert_eq!(v.cosmetics[3].text.as_deref(), Some("Hi"));
}

#[test]
fn fpuzzles_regions_jigsaw_null_and_default() {
    let mut grid: Vec<Vec<serde_json::Value>> = vec![vec![serde_json::json!({}); 4]; 4];
    grid[0][0] = serde_json::json!({ "region": 1 });
    grid[0][2] = serde_json::json!({ "region": 0 });
    grid[3][3] = serde_json::json!({ "region": null });
    let json = serde_json::json!({ "size": 4, "grid": grid }).to_string();
    let v = variant::from_fpuzzles(&json).unwrap();
    assert_eq!(v.regions[0], Some(1));
    assert_eq!(v.regions[2], Some(0));
    assert_eq!(v.regions[15], None);
    assert_eq!(v.regions[5], Some(0), "absent: the default 2x2 box");
    assert_eq!(variant::from_fpuzzles(&variant::to_fpuzzles(&v)).unwrap(), v);
    // 6x6 boxes are 2 rows of 3.
    assert_eq!(Variant::classic(6).regions[3], Some(1));
}

#[test]
fn round_trips_tessera_json_fpuzzles_and_links() {
    let v = rich();
    assert_eq!(variant::parse(&variant::to_json(&v)).unwrap(), v);
    assert_eq!(variant::parse(&variant::to_text(&v)).unwrap(), v);
    // Tessera's JSON is not f-puzzles JSON: read as such, it is refused with the field named.
    assert!(variant::from_fpuzzles(&variant::to_json(&v)).is_err());
    let written = variant::to_fpuzzles(&v);
    assert_eq!(variant::from_fpuzzles(&written).unwrap(), v);
    assert_eq!(variant::parse(&written).unwrap(), v);
    let link = variant::to_link(&v);
    assert!(link.starts_with("https://f-puzzles.com/?load=N4Ig"), "{link}");
    assert_eq!(variant::from_link(&link).unwrap(), v);
    assert_eq!(variant::parse(&link).unwrap(), v);
    // Cosmetics go back as the file had them.
    let original: serde_json::Value = serde_json::from_str(RICH).unwrap();
    let back: serde_json::Value = serde_json::from_str(&written).unwrap();
    for kind in ["line", "circle", "rectangle", "text", "cage"] {
        assert_eq!(back[kind], original[kind], "{kind}");
    }
    // A puzzle built in code, with a solution, jigsaw regions and meta, round trips too.
    let mut built = Variant::classic(4);
    built.regions = vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3].into_iter().map(Some).collect();
    built.givens[5] = 3;
    built.solution = Some(vec![1, 2, 3, 4, 4, 3, 2, 1, 2, 1, 4, 3, 3, 4, 1, 2]);
    built.meta.author = Some("me".into());
    built.constraints.push(Constraint::Xv { cells: [c(1, 1), c(1, 2)], sum: 3 });
    for text in [variant::to_fpuzzles(&built), variant::to_link(&built), variant::to_json(&built)] {
        assert_eq!(variant::parse(&text).unwrap(), built, "{text}");
    }
}

#[test]
fn links_made_by_the_javascript_lz_string() {
    let v = rich();
    for link in [
        format!("https://f-puzzles.com/?load={RICH_PAYLOAD}"),
        format!("https://www.f-puzzles.com/?id=abc&load={RICH_PAYLOAD}&x=1"),
        format!("https://sudokupad.app/fpuzzles{RICH_PAYLOAD}"),
        format!("https://sudokupad.app/?puzzle=fpuzzles{RICH_PAYLOAD}"),
        format!("https://app.crackingthecryptic.com/sudoku/fpuzzles{RICH_PAYLOAD}"),
        RICH_PAYLOAD.to_string(),
        format!("  {RICH_PAYLOAD}\n"),
        RICH_PAYLOAD.replace('+', "%2B").replace('/', "%2F").replace('=', "%3D"),
        RICH_PAYLOAD.replace('+', " "),
    ] {
        assert_eq!(variant::from_link(&link).unwrap(), v, "{link}");
    }
}

#[test]
fn lz_str_compresses_like_javascript() {
    // The crate's output is byte for byte the JavaScript library's, so links made here open there.
    let json = RICH;
    let ours = lz_str::compress_to_base64(json);
    assert_eq!(ours, RICH_PAYLOAD);
}

#[test]
fn real_links_from_the_web() {
    let one = variant::from_link(WEB_LINKS[0]).unwrap();
    assert_eq!(one.givens.iter().filter(|&&g| g != 0).count(), 1);
    assert_eq!(one.givens[0], 1);
    let two = variant::from_link(WEB_LINKS[1]).unwrap();
    assert_eq!((two.givens[2 * 9 + 2], two.givens[6 * 9 + 6]), (1, 2));
    let cages = variant::from_link(WEB_LINKS[2]).unwrap();
    assert_eq!(
        cages.constraints,
        [
            Constraint::Cage { cells: vec![c(1, 1), c(2, 1)], sum: Some(9) },
            Constraint::Cage { cells: vec![c(1, 2), c(1, 3), c(2, 2), c(2, 3), c(3, 2)], sum: Some(33) },
        ]
    );
}
