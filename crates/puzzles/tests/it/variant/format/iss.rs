//! ISS's text form on ISS's own puzzles, each checked against its published solution with the independent
//! verifier, and the semantics that decide answers.

use super::*;

/// The puzzle with its constraints in one order (f-puzzles groups them by kind).
fn by_kind(mut v: Variant) -> Variant {
    v.constraints.sort_by_key(|k| format!("{k:?}"));
    v
}

fn iss_solution(n: usize, text: &str) -> Grid {
    if n == 16 {
        // ISS writes 16x16 answers A..P for 1..16.
        let digits = text.bytes().map(|b| b - b'A' + 1).collect();
        Grid::new(n, digits).unwrap()
    } else {
        Grid::parse(text).unwrap()
    }
}

#[test]
fn iss_puzzles_match_their_published_solutions() {
    let mut kinds = std::collections::BTreeSet::new();
    let mut checked = 0;
    for line in ISS.lines().filter(|l| !l.is_empty()) {
        let mut parts = line.split('|');
        let (name, input, solution) = (parts.next().unwrap(), parts.next().unwrap(), parts.next().unwrap());
        let v = variant::from_iss(input).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(variant::parse(input).unwrap(), v, "{name}: parse detects ISS");
        let answer = iss_solution(v.size, solution);
        let verdict = variant::verify(&v, &answer);
        assert!(verdict.is_valid(), "{name}: {verdict}");
        kinds.extend(v.constraints.iter().map(Constraint::name));
        // Every ISS puzzle survives the other formats.
        assert_eq!(
            by_kind(variant::from_fpuzzles(&variant::to_fpuzzles(&v)).unwrap()),
            by_kind(v.clone()),
            "{name}"
        );
        assert_eq!(by_kind(variant::from_link(&variant::to_link(&v)).unwrap()), by_kind(v), "{name}");
        checked += 1;
    }
    assert!(checked >= 40, "{checked}");
    for kind in [
        "little-killer",
        "sandwich",
        "arrow",
        "diagonal-positive",
        "diagonal-negative",
        "cage",
        "quadruple",
        "odd",
        "even",
        "negative",
        "xv",
    ] {
        assert!(kinds.contains(kind), "no ISS puzzle with {kind}: {kinds:?}");
    }
}

#[test]
fn iss_semantics_that_decide_answers() {
    // The notes' example: little killers named by their first cell.
    let v = variant::from_iss(
        ".Shape~4x4.LittleKiller~14~R1C4.LittleKiller~6~R1C1.LittleKiller~9~R2C1.V~R1C2~R1C1",
    )
    .unwrap();
    assert_eq!(v.size, 4);
    assert_eq!(
        v.constraints[..3],
        [
            Constraint::LittleKiller { clue: c(0, 5), direction: Direction::DL, sum: 14 },
            Constraint::LittleKiller { clue: c(0, 0), direction: Direction::DR, sum: 6 },
            Constraint::LittleKiller { clue: c(1, 0), direction: Direction::DR, sum: 9 },
        ]
    );
    let v =
        variant::from_iss(".LittleKiller~10~R5C9.LittleKiller~12~R9C5.Sandwich~8~C1.Sandwich~0~R3").unwrap();
    assert_eq!(
        v.constraints,
        [
            Constraint::LittleKiller { clue: c(6, 10), direction: Direction::UL, sum: 10 },
            Constraint::LittleKiller { clue: c(10, 4), direction: Direction::UR, sum: 12 },
            Constraint::Sandwich { clue: c(0, 1), sum: 8 },
            Constraint::Sandwich { clue: c(3, 0), sum: 0 },
        ]
    );
    let v = variant::from_iss(".Arrow~R1C1~R1C2~R1C3.Cage~~R2C1~R2C2.Diagonal~1.Diagonal~-1.Whisper~4~R9C1~R9C2.Whisper~R8C1~R8C2.Quad~R5C5~1~2.X~R3C1~R3C2~R4C1~R4C2.StrictKropki.StrictXV.~R7C7_1_3_5_7_9~R7C8_2_4_6_8").unwrap();
    assert_eq!(
        v.constraints,
        [
            Constraint::Arrow { circle: vec![c(1, 1)], lines: vec![vec![c(1, 2), c(1, 3)]] },
            Constraint::Cage { cells: vec![c(2, 1), c(2, 2)], sum: None },
            Constraint::DiagonalPositive,
            Constraint::DiagonalNegative,
            Constraint::Whispers { cells: vec![c(9, 1), c(9, 2)], difference: 4 },
            Constraint::Whispers { cells: vec![c(8, 1), c(8, 2)], difference: 5 },
            Constraint::Quadruple { cells: vec![c(5, 5), c(5, 6), c(6, 5), c(6, 6)], values: vec![1, 2] },
            Constraint::Xv { cells: [c(3, 1), c(3, 2)], sum: 10 },
            Constraint::Xv { cells: [c(4, 1), c(4, 2)], sum: 10 },
            Constraint::Negative { of: vec![Negative::Difference, Negative::Ratio] },
            Constraint::Negative { of: vec![Negative::Xv] },
            Constraint::Odd { cell: c(7, 7) },
            Constraint::Even { cell: c(7, 8) },
        ]
    );
    let jigsaw = variant::from_iss(".Shape~4x4.Jigsaw~0001011122332233").unwrap();
    assert_eq!(jigsaw.regions[..4], [Some(0), Some(0), Some(0), Some(1)]);
    let windoku = variant::from_iss(".Windoku").unwrap();
    assert!(windoku.constraints.contains(&Constraint::ExtraRegion {
        cells: vec![c(2, 2), c(2, 3), c(2, 4), c(3, 2), c(3, 3), c(3, 4), c(4, 2), c(4, 3), c(4, 4)]
    }));
}
