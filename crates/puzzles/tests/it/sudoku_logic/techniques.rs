//! Textbook puzzles rated at the technique they are known for, the uniqueness techniques and finned fish on
//! random marks and on the SE file, and Inkala's puzzle.

use super::*;

#[test]
fn puzzles_need_their_technique() {
    for (technique, line) in known(NEEDS) {
        let puzzle = nine(line);
        let solution = unique_solution(&puzzle);
        let rating = checked_rating(&puzzle, &solution);
        assert_eq!(rating.hardest, Some(technique), "{line}: {rating:?}");
        assert_eq!(rating.difficulty, technique.difficulty(), "{line}");
        let (_, steps, _) = logic::solve_logically(&puzzle, Technique::Guess);
        if technique > Technique::NakedSingle {
            assert_eq!(first_advanced(&steps), Some(technique), "{line}");
        }
        // Capped just below the technique, the solve stalls; at its level, it finishes.
        let below = Technique::ALL[Technique::ALL.iter().position(|&t| t == technique).unwrap() - 1];
        if technique > Technique::FullHouse {
            assert!(!logic::solve_logically(&puzzle, below).2, "{line} solved without {technique}");
        }
        assert!(logic::solve_logically(&puzzle, technique.difficulty().max_technique()).2);
    }
    for (technique, line) in known(HARDEST) {
        let puzzle = nine(line);
        let rating = checked_rating(&puzzle, &unique_solution(&puzzle));
        assert_eq!(rating.hardest, Some(technique), "{line}: {rating:?}");
    }
    for (technique, line) in known(USES) {
        let puzzle = nine(line);
        let rating = checked_rating(&puzzle, &unique_solution(&puzzle));
        assert!(rating.techniques.iter().any(|&(t, _)| t == technique), "{line}: {rating:?}");
    }
}

/// The uniqueness techniques stay off on a puzzle with several solutions: the same marks that
/// make a unique rectangle on the unique puzzle make none once a clue is taken away.
#[test]
fn uniqueness_needs_one_solution() {
    let line = known(HARDEST).into_iter().find(|(t, _)| *t == Technique::UniqueRectangle1).unwrap().1;
    let puzzle = nine(line);
    assert_eq!(logic::rate(&puzzle).hardest, Some(Technique::UniqueRectangle1));
    for cell in (0..81).filter(|&c| puzzle.get(c) != 0) {
        let mut fewer = puzzle.clone();
        fewer.set(cell, 0);
        if solutions(&fewer, 2).len() < 2 {
            continue;
        }
        let mut grid = Candidates::new(&fewer);
        assert!(!grid.check_unique());
        let rating = logic::rate(&fewer);
        assert!(rating.techniques.iter().all(|&(t, _)| !is_uniqueness(t)), "{rating:?}");
        return;
    }
    panic!("no clue of {line} is needed");
}

/// The finned fish and uniqueness techniques, which the two tests below watch for.
const FINNED_AND_UNIQUENESS: [Technique; 7] = [
    Technique::FinnedXWing,
    Technique::FinnedSwordfish,
    Technique::FinnedJellyfish,
    Technique::UniqueRectangle1,
    Technique::UniqueRectangle2,
    Technique::UniqueRectangle4,
    Technique::BugPlusOne,
];

/// The uniqueness techniques and finned fish called directly on random pencil marks over
/// puzzles with one solution (the marks always include the solution's digit), in boxed, jigsaw
/// and diagonal layouts: every step they find is sound, and each finds some.
#[test]
fn uniqueness_and_finned_fish_are_sound_on_random_marks() {
    let layouts = [classic(), jigsaw(9, 3), Arc::new(Layout::classic(9).unwrap().with_diagonals())];
    let watched = FINNED_AND_UNIQUENESS;
    let mut fired: BTreeMap<(Technique, String), usize> = BTreeMap::new();
    let mut rng = Rng::new(16);
    for round in 0..60 {
        let layout = &layouts[round % layouts.len()];
        let (puzzle, solution) = random_puzzle(layout, &mut rng, 0);
        let extra = [5, 10, 20][round % 3];
        for _ in 0..10 {
            let marks: Vec<u32> = (0..layout.cells())
                .map(|cell| {
                    let mut mark = 1u32 << (solution[cell] - 1);
                    for d in 0..9 {
                        if rng.below(100) < extra {
                            mark |= 1 << d;
                        }
                    }
                    mark
                })
                .collect();
            let mut grid = Candidates::with_marks(&puzzle, &marks).unwrap();
            assert!(grid.check_unique());
            for technique in watched {
                if let Some(step) = logic::find(&grid, technique) {
                    assert_eq!(step.technique, technique);
                    check_steps(&puzzle, &solution, std::slice::from_ref(&step));
                    *fired.entry((technique, layout.name().to_string())).or_default() += 1;
                }
            }
        }
    }
    eprintln!("steps found on random marks over unique puzzles: {fired:?}");
    // Random marks seldom make a unique rectangle (the test below finds them on real solves).
    for technique in watched.into_iter().filter(|&t| !is_uniqueness(t)) {
        assert!(fired.keys().any(|(t, _)| *t == technique), "{technique} never fired");
    }
}

/// Every puzzle of the SE known-answer file solved step by step: every step checked against
/// the solution, and each finned fish and uniqueness technique used somewhere.
#[test]
fn new_techniques_are_sound_on_the_se_file() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/sudoku_se.tsv")).unwrap();
    let puzzles = read_puzzles(&text, usize::MAX);
    assert!(puzzles.len() > 300);
    let mut used: BTreeMap<Technique, usize> = BTreeMap::new();
    for puzzle in &puzzles {
        let solution = unique_solution(puzzle);
        let (_, steps, solved) = logic::solve_logically(puzzle, Technique::Guess);
        assert!(solved);
        check_steps(puzzle, &solution, &steps);
        for step in &steps {
            *used.entry(step.technique).or_default() += 1;
        }
    }
    eprintln!("steps per technique over {} SE-rated puzzles: {used:?}", puzzles.len());
    for technique in FINNED_AND_UNIQUENESS {
        assert!(used.contains_key(&technique), "{technique} never used");
    }
}

#[test]
fn inkala_needs_guessing() {
    let puzzle = nine(INKALA);
    let solution = unique_solution(&puzzle);
    let rating = checked_rating(&puzzle, &solution);
    assert_eq!(rating.difficulty, Difficulty::Diabolical, "{rating:?}");
    assert!(rating.guesses >= 1, "{rating:?}");
    // The score leads with the SE estimate in tenths, then the capped sum of the weights.
    let effort = rating.techniques.iter().map(|&(t, n)| t.weight() * n as u32).sum::<u32>();
    assert_eq!(rating.score, (rating.se * 10.0).round() as u32 * 10_000 + effort.min(9_999));
    assert!(rating.se >= 9.0, "SE rates Inkala's puzzle far above 9: {rating:?}");
    assert!(!logic::solve_logically(&puzzle, Technique::ForcingChain).2);
}

/// A chain step carries its chain (`Step::chain`, what the web game draws): replayed from the
/// puzzle's candidates, every link of it holds on the marks of that moment (strong links: a
/// bivalue cell, or a digit with two places left in a house; weak links: two candidates of a
/// cell, or one digit in two cells that see each other), it starts and ends with a strong link,
/// and every candidate it removes sees both of its ends. Every other step has none.
#[test]
fn chain_steps_carry_a_chain_whose_links_hold() {
    let weak = |layout: &Layout, a: (usize, u8), b: (usize, u8)| {
        (a.0 == b.0 && a.1 != b.1) || (a.1 == b.1 && layout.peers(a.0).contains(&(b.0 as u16)))
    };
    let mut chains = 0;
    for (technique, line) in known(NEEDS).into_iter().chain(known(HARDEST)) {
        let puzzle = nine(line);
        let (_, steps, _) = logic::solve_logically(&puzzle, Technique::Guess);
        let mut grid = Candidates::new(&puzzle);
        grid.check_unique();
        for step in &steps {
            let is_chain = matches!(step.technique, Technique::XChain | Technique::XYChain | Technique::Aic);
            assert_eq!(!step.chain.is_empty(), is_chain, "{line} ({technique}): {step:?}");
            if is_chain {
                chains += 1;
                let layout = grid.layout().clone();
                let nodes = &step.chain;
                assert!(nodes.len() >= 4 && nodes.len() % 2 == 0, "{line}: a chain of {} nodes", nodes.len());
                for (k, pair) in nodes.windows(2).enumerate() {
                    let (a, b) = (pair[0], pair[1]);
                    assert!(
                        grid.has(a.0, a.1) && grid.has(b.0, b.1),
                        "{line}: a node not a candidate: {nodes:?}"
                    );
                    if k % 2 == 0 {
                        let bivalue = a.0 == b.0 && grid.candidates(a.0).count_ones() == 2;
                        let conjugate = a.1 == b.1
                            && layout.houses().iter().any(|house| {
                                let places: Vec<usize> = house
                                    .iter()
                                    .map(|&c| usize::from(c))
                                    .filter(|&c| grid.has(c, a.1))
                                    .collect();
                                places.len() == 2 && places.contains(&a.0) && places.contains(&b.0)
                            });
                        assert!(bivalue || conjugate, "{line}: link {k} of {nodes:?} is not strong");
                    } else {
                        assert!(weak(&layout, a, b), "{line}: link {k} of {nodes:?} is not weak");
                    }
                }
                let (first, last) = (nodes[0], nodes[nodes.len() - 1]);
                for &e in &step.eliminations {
                    assert!(
                        weak(&layout, e, first) && weak(&layout, e, last),
                        "{line}: {e:?} does not see both ends of {nodes:?}"
                    );
                }
            }
            grid.apply(step);
        }
    }
    assert!(chains >= 2, "the known puzzles gave {chains} chain steps");
}
