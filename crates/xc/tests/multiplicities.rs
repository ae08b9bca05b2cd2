//! Knuth's multiplicities (his DLX3, Algorithm M): the builder's bounds, and `is_solution`'s check
//! of them.

use tessera_xc::{Error, OptionId, ProblemBuilder};

#[test]
fn bounds_are_declared_and_checked() {
    let mut b = ProblemBuilder::new();
    let a = b.primary("a").unwrap();
    let pair = b.primary_bounded("pair", 2, 3).unwrap();
    let any = b.primary_bounded("any", 0, 1).unwrap();
    let x = b.secondary("x").unwrap();
    assert_eq!(b.bounds(pair), Some((2, 3)));
    let problem_options = [vec![a, pair], vec![pair], vec![pair, any], vec![pair, x]];
    for option in &problem_options {
        b.option(option).unwrap();
    }
    let problem = b.build();
    assert!(problem.has_multiplicities());
    assert_eq!(problem.bounds(a), (1, 1));
    assert_eq!(problem.bounds(pair), (2, 3));
    assert_eq!(problem.bounds(any), (0, 1));
    assert_eq!(problem.bounds(x), (0, 1));
    let ids = |list: &[usize]| list.iter().map(|&i| OptionId::from_index(i)).collect::<Vec<_>>();
    assert!(problem.is_solution(&ids(&[0, 1])));
    assert!(problem.is_solution(&ids(&[0, 1, 2])));
    assert!(!problem.is_solution(&ids(&[0])), "pair is covered once, below its bound 2");
    assert!(!problem.is_solution(&ids(&[0, 1, 2, 3])), "pair is covered four times");
    assert!(!problem.is_solution(&ids(&[0, 1, 1])), "an option is chosen twice");

    let mut plain = ProblemBuilder::new();
    let a = plain.primary_bounded("a", 1, 1).unwrap();
    plain.option(&[a]).unwrap();
    assert!(!plain.build().has_multiplicities(), "1:1 is an ordinary primary item");
}

#[test]
fn impossible_bounds_are_refused() {
    for (min, max, reason) in
        [(0, 0, "upper bound must be at least 1"), (3, 2, "lower bound exceeds the upper bound")]
    {
        let err = ProblemBuilder::new().primary_bounded("x", min, max).unwrap_err();
        assert!(matches!(err, Error::BadBounds { .. }), "{err:?}");
        assert!(err.to_string().contains(reason), "{err}");
        assert!(err.to_string().contains(&format!("{min}:{max}")), "{err}");
    }
}
