//! Hints: each points at the next step, and a player who takes them one after another on their own notes
//! finishes.

use super::*;

#[test]
fn hints_point_at_the_next_step() {
    let puzzle = nine(known(NEEDS)[0].1);
    let solution = unique_solution(&puzzle);
    let hint = logic::hint(&puzzle).expect("an unsolved puzzle has a hint");
    assert!(hint.technique <= Technique::NakedSingle);
    check_steps(&puzzle, &solution, std::slice::from_ref(&hint));

    // A solved grid has no hint; nor has a grid with a wrong digit in it.
    let solved = Sudoku::from_digits(classic(), solution.clone()).unwrap();
    assert!(logic::hint(&solved).is_none());
    let mut wrong = puzzle.clone();
    let cell = (0..81).find(|&c| puzzle.get(c) == 0).unwrap();
    wrong.set(cell, (solution[cell] % 9) + 1);
    if wrong.is_consistent() {
        assert!(logic::hint(&wrong).is_none(), "{wrong:?}");
    }

    // With the player's own marks: a cell pencilled with just its digit is a naked single.
    let mut marks: Vec<u32> = (0..81).map(|_| 0x1ff).collect();
    let target = (0..81).rev().find(|&c| puzzle.get(c) == 0).unwrap();
    marks[target] = 1 << (solution[target] - 1);
    let grid = Candidates::with_marks(&puzzle, &marks).unwrap();
    let hint = logic::hint_with_candidates(&grid).unwrap();
    check_steps(&puzzle, &solution, std::slice::from_ref(&hint));
    // Marks that remove the solution's digit admit no solution: no hint.
    marks[target] = 0x1ff & !(1 << (solution[target] - 1));
    let grid = Candidates::with_marks(&puzzle, &marks).unwrap();
    assert!(logic::hint_with_candidates(&grid).is_none());
    assert!(Candidates::with_marks(&puzzle, &marks[..80]).is_err());
}

/// A player who asks for a hint and applies it, again and again, as the web page does: the
/// notes are the player's (`Candidates::with_notes`: a cell without notes takes what its digits
/// allow), a placement clears its digit from the peers' notes, and an elimination in a cell
/// without notes first pencils in what the digits allow. Every hint changes the notes (all its
/// eliminations are candidates the player still has), none comes twice, and the grid ends
/// solved in at most `bound` hints. Returns the hints taken.
fn hints_until_solved(puzzle: &Sudoku, bound: usize) -> usize {
    let solution = unique_solution(puzzle);
    let cells = puzzle.layout().cells();
    let mut digits = puzzle.clone();
    let mut notes = vec![0u32; cells];
    let mut seen = std::collections::HashSet::new();
    for round in 0..=bound {
        let grid = Candidates::with_notes(&digits, &notes).unwrap();
        let Some(step) = logic::hint_with_candidates(&grid) else {
            assert!(digits.is_solved(), "no hint on an unsolved grid: {digits:?}");
            assert_eq!(digits.cells(), &solution[..]);
            return round;
        };
        assert!(round < bound, "{bound} hints did not solve {puzzle:?}");
        check_steps(puzzle, &solution, std::slice::from_ref(&step));
        for &(cell, d) in &step.eliminations {
            assert!(
                grid.has(cell, d),
                "round {round}: {} removes {d} from r{cell}, already gone",
                step.explanation
            );
        }
        for &(cell, _) in &step.placements {
            assert_eq!(digits.get(cell), 0, "round {round}: {} fills a filled cell", step.explanation);
        }
        assert!(
            seen.insert((step.placements.clone(), step.eliminations.clone())),
            "offered twice: {}",
            step.explanation
        );
        for &(cell, d) in &step.placements {
            digits.set(cell, d);
            notes[cell] = 0;
            for &peer in puzzle.layout().peers(cell) {
                notes[peer as usize] &= !(1 << (d - 1));
            }
        }
        let allowed = Candidates::new(&digits);
        for &(cell, d) in &step.eliminations {
            if digits.get(cell) == 0 {
                if notes[cell] == 0 {
                    notes[cell] = allowed.candidates(cell);
                }
                notes[cell] &= !(1 << (d - 1));
            }
        }
    }
    unreachable!("the loop returns or fails within its bound")
}

#[test]
fn hints_on_the_players_notes_never_repeat_and_finish() {
    // Inkala's needs guesses; the others forcing chains, ALS and uniqueness.
    let mut lines = vec![INKALA];
    lines.extend(known(HARDEST).into_iter().map(|(_, line)| line));
    let mut worst = 0;
    for line in lines {
        worst = worst.max(hints_until_solved(&nine(line), 160));
    }
    assert!(worst > 50, "the hardest took only {worst} hints");
    // Notes the player made: a cell pencilled with its digit alone is a naked single.
    let puzzle = nine(known(NEEDS)[0].1);
    let solution = unique_solution(&puzzle);
    let target = (0..81).rev().find(|&c| puzzle.get(c) == 0).unwrap();
    let mut notes = vec![0u32; 81];
    notes[target] = 1 << (solution[target] - 1);
    let grid = Candidates::with_notes(&puzzle, &notes).unwrap();
    assert_eq!(grid.candidates(target), notes[target]);
    let other = (0..81).find(|&c| puzzle.get(c) == 0 && c != target).unwrap();
    assert_eq!(grid.candidates(other), Candidates::new(&puzzle).candidates(other));
    assert!(Candidates::with_notes(&puzzle, &notes[..80]).is_err());
    // The generator's diabolical puzzles (the web game's hardest 9x9) within the web bar of
    // 160 steps, and the first 100 of magictour's top 1465 (harder still) counted.
    let layout = classic();
    let mut worst_diabolical = 0;
    for seed in 0..8 {
        let made = tessera::sudoku::Generator::new(Arc::clone(&layout))
            .difficulty(Difficulty::Diabolical)
            .generate(seed)
            .unwrap();
        worst_diabolical = worst_diabolical.max(hints_until_solved(&made.puzzle, 160));
    }
    eprintln!("hints to solve 8 generated diabolical 9x9: at most {worst_diabolical}");
    if let Some(text) = common::shared_text("sudoku", "magictour_top1465.txt") {
        let steps: Vec<usize> = read_puzzles(&text, 100).iter().map(|p| hints_until_solved(p, 400)).collect();
        eprintln!("hints to solve the first 100 of magictour_top1465: at most {:?}", steps.iter().max());
    }
    // Other sizes, at their hardest level offered.
    for (size, level) in [(4, Difficulty::Easy), (6, Difficulty::Extreme)] {
        let layout = Arc::new(Layout::classic(size).unwrap());
        let made = tessera::sudoku::Generator::new(layout).difficulty(level).generate(size as u64).unwrap();
        assert!(hints_until_solved(&made.puzzle, size * size * 2) > 0);
    }
}
