//! Knuth's text format: every error with its position, the lenient parts (comments, blank lines,
//! CRLF, tabs, long names), Knuth's two examples, the writer, and property tests for the round trip
//! and for never panicking.

use proptest::prelude::*;
use tessera_xc::{
    parse, parse_bytes, to_text, Error, ItemKind, ParseError, ParseErrorKind, Problem, ProblemBuilder,
};

/// The parse error of a text that must not parse.
fn error(text: &str) -> ParseError {
    match parse(text) {
        Err(Error::Parse(err)) => err,
        Err(other) => panic!("{text:?}: an error without a position: {other}"),
        Ok(problem) => panic!("{text:?} parsed: {problem:?}"),
    }
}

/// The parse error of bytes that must not parse.
fn bytes_error(bytes: &[u8]) -> ParseError {
    match parse_bytes(bytes) {
        Err(Error::Parse(err)) => err,
        Err(other) => panic!("{bytes:?}: an error without a position: {other}"),
        Ok(problem) => panic!("{bytes:?} parsed: {problem:?}"),
    }
}

/// Checks an error's kind and position, that its display is `line L, column C: message`, that the
/// message mentions `needle`, and that `parse_bytes` reports the same error.
fn check(text: &str, kind: ParseErrorKind, line: usize, column: usize, needle: &str) {
    let err = error(text);
    assert_eq!((err.kind, err.line, err.column), (kind, line, column), "{text:?}: {err}");
    assert!(err.message.contains(needle), "{text:?}: {:?} should mention {needle:?}", err.message);
    assert!(err.message.contains("expected"), "{text:?}: {:?} should say what was expected", err.message);
    assert_eq!(err.to_string(), format!("line {line}, column {column}: {}", err.message));
    assert_eq!(bytes_error(text.as_bytes()), err, "{text:?}: parse_bytes disagrees");
}

fn lines(problem: &Problem, solution: &[tessera_xc::OptionId]) -> Vec<String> {
    let mut lines: Vec<String> = solution.iter().map(|&o| problem.option_line(o)).collect();
    lines.sort();
    lines
}

fn all_solutions(problem: &Problem) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    problem.solver().visit_up_to(u64::MAX, |solution| found.push(lines(problem, solution)));
    found.sort();
    found
}

fn items(problem: &Problem) -> Vec<(String, ItemKind)> {
    problem.items().map(|i| (problem.item_name(i).to_owned(), problem.item_kind(i))).collect()
}

fn option_lines(problem: &Problem) -> Vec<String> {
    problem.options().map(|o| problem.option_line(o)).collect()
}

// ---- Errors ------------------------------------------------------------------------------------

/// Texts that must not parse: the text, the error's kind, line and column, and a word its
/// message must hold (each checked by [`check`]).
const ERRORS: &[(&str, ParseErrorKind, usize, usize, &str)] = &[
    // A missing items line, reported at the end of the input.
    ("", ParseErrorKind::MissingItems, 1, 1, "items line"),
    ("| only\n\n| comments\n", ParseErrorKind::MissingItems, 4, 1, "items line"),
    ("   \n\t\n", ParseErrorKind::MissingItems, 3, 1, "items line"),
    ("| no newline", ParseErrorKind::MissingItems, 1, 13, "items line"),
    ("\r\n  | indented comment\r\n", ParseErrorKind::MissingItems, 3, 1, "items line"),
    // Unknown items.
    ("A B\nA C\n", ParseErrorKind::UnknownItem, 2, 3, "\"C\""),
    // Names are case-sensitive.
    ("A B | x\nA X\n", ParseErrorKind::UnknownItem, 2, 3, "\"X\""),
    // The item, not its colour, is unknown.
    ("A B | x\nA z:red\n", ParseErrorKind::UnknownItem, 2, 3, "\"z\""),
    // `|` inside a token is not a separator: the token is just an unknown name.
    ("A B | x\nA |x\n", ParseErrorKind::UnknownItem, 2, 3, "\"|x\""),
    // An item twice in an option.
    ("A B | x\nA x B x\n", ParseErrorKind::RepeatedItem, 2, 7, "first at column 3"),
    ("A B\nB A B\n", ParseErrorKind::RepeatedItem, 2, 5, "\"B\""),
    // A colour does not make it another item.
    ("A | x\nA x:a x:a\n", ParseErrorKind::RepeatedItem, 2, 7, "\"x\""),
    // Tokens without an item name.
    ("A | x\n:\n", ParseErrorKind::BadItemName, 2, 1, "no item name"),
    ("A | x\n: : :\n", ParseErrorKind::BadItemName, 2, 1, "no item name"),
    ("A | x\n  :A\n", ParseErrorKind::BadItemName, 2, 3, "no item name"),
    ("A | x\nA :red\n", ParseErrorKind::BadItemName, 2, 3, "no item name"),
    // Bad colours.
    ("A | x\nA x:\n", ParseErrorKind::BadColor, 2, 3, "empty colour"),
    ("A | x\nA x:B:C\n", ParseErrorKind::BadColor, 2, 3, "\"B:C\""),
    ("A | x\nA x::\n", ParseErrorKind::BadColor, 2, 3, "':'"),
    ("A | x\nA x:a\u{7f}\n", ParseErrorKind::BadColor, 2, 3, "control character"),
    ("A | x\nA x:\u{feff}\n", ParseErrorKind::BadColor, 2, 3, "byte-order mark"),
    // A colour on a primary item.
    ("A | x\nA:red x\n", ParseErrorKind::ColorOnPrimary, 2, 1, "primary item \"A\""),
    ("A B | x\nx:1 B:2\n", ParseErrorKind::ColorOnPrimary, 2, 5, "primary item \"B\""),
    // A colour on the items line.
    ("A | x:red\n", ParseErrorKind::ColorInItemsLine, 1, 5, "colour \"red\""),
    ("A:1 B\n", ParseErrorKind::ColorInItemsLine, 1, 1, "items line"),
    // An item twice on the items line.
    ("A B A\n", ParseErrorKind::DuplicateItem, 1, 5, "first at column 1"),
    ("A B | A\n", ParseErrorKind::DuplicateItem, 1, 7, "\"A\""),
    ("A | x y x\n", ParseErrorKind::DuplicateItem, 1, 9, "first at column 5"),
    // Invalid item names on the items line.
    // A `|` glued to a name reads as Knuth's DLX3 bounds `v|name`, which must be numbers.
    ("A B|C\n", ParseErrorKind::BadBounds, 1, 3, "lone '|'"),
    ("x:2|A\n", ParseErrorKind::BadBounds, 1, 1, "not numbers"),
    ("1:|A\n", ParseErrorKind::BadBounds, 1, 1, "not numbers"),
    ("1:2:3|A\n", ParseErrorKind::BadBounds, 1, 1, "not numbers"),
    ("99999999999|A\n", ParseErrorKind::BadBounds, 1, 1, "too large"),
    ("B 0|A\n", ParseErrorKind::BadBounds, 1, 3, "upper bound 0"),
    ("3:2|A\n", ParseErrorKind::BadBounds, 1, 1, "lower bound exceeds the upper"),
    ("2|A 1:3|B | 2|x\nA\n", ParseErrorKind::BoundsOnSecondary, 1, 13, "secondary item \"x\""),
    ("2|A 1:2|A\n", ParseErrorKind::DuplicateItem, 1, 5, "declared twice"),
    ("2|A 1:2|\n", ParseErrorKind::BadItemName, 1, 5, "no item name"),
    ("A |x\n", ParseErrorKind::BadItemName, 1, 3, "lone '|'"),
    ("A x:\n", ParseErrorKind::BadItemName, 1, 3, "':'"),
    ("A :x\n", ParseErrorKind::BadItemName, 1, 3, "':'"),
    ("A :\n", ParseErrorKind::BadItemName, 1, 3, "':'"),
    ("A\u{1}B C\n", ParseErrorKind::BadItemName, 1, 1, "control character"),
    ("A B\u{0}\n", ParseErrorKind::BadItemName, 1, 3, "control character"),
    // A byte-order mark is skipped at the start, so no name may hold one.
    ("|\n\u{feff}\n", ParseErrorKind::BadItemName, 2, 1, "U+FEFF"),
    ("A \u{feff}B\n", ParseErrorKind::BadItemName, 1, 3, "byte-order mark"),
    // A second separator on the items line.
    ("A | x | y\n", ParseErrorKind::SecondSeparator, 1, 7, "first is at column 3"),
    ("A | |\n", ParseErrorKind::SecondSeparator, 1, 5, "'|'"),
    // A separator in an option.
    ("A B | x\nA | x\n", ParseErrorKind::SeparatorInOption, 2, 3, "'|'"),
    ("A B | x\nA x |\n", ParseErrorKind::SeparatorInOption, 2, 5, "'|'"),
    // An option with only secondary items.
    ("A | x y\nA x\n  y x:c\n", ParseErrorKind::NoPrimaryItem, 3, 3, "(y x:c)"),
    ("A | x\nx\n", ParseErrorKind::NoPrimaryItem, 2, 1, "primary"),
];

#[test]
fn every_error_has_its_kind_position_and_message() {
    for &(text, kind, line, column, needle) in ERRORS {
        check(text, kind, line, column, needle);
    }
}

#[test]
fn what_looks_like_an_error_but_is_not() {
    // The same item on two different lines is fine.
    assert!(parse("A B\nA B\nA B\n").is_ok());
    // `|` is allowed in a colour.
    assert_eq!(option_lines(&parse("A | x\nA x:a|b\n").unwrap()), ["A x:a|b"]);
    // Knuth's DLX3 bounds on primary items; written back the same way.
    let text = "2|A 0:3|B C 1:1|D | x\nA B\nA x\nC D\n";
    let problem = parse(text).unwrap();
    let bounds: Vec<(u32, u32)> = problem.items().map(|item| problem.bounds(item)).collect();
    assert_eq!(bounds, [(2, 2), (0, 3), (1, 1), (1, 1), (0, 1)]);
    assert_eq!(to_text(&problem), "2|A 0:3|B C D | x\nA B\nA x\nC D\n");
    assert_eq!(problem.solver().count_all().solutions, 1);
}

#[test]
fn invalid_utf8() {
    let err = bytes_error(b"A B\nA \xffB\n");
    assert_eq!((err.kind, err.line, err.column), (ParseErrorKind::InvalidUtf8, 2, 3));
    assert!(err.message.contains("0xFF"), "{err}");
    assert_eq!(err.to_string(), format!("line 2, column 3: {}", err.message));
    // Columns count characters, not bytes: "é" is one.
    let err = bytes_error("A é ".as_bytes().iter().copied().chain([0xc3]).collect::<Vec<_>>().as_slice());
    assert_eq!((err.kind, err.line, err.column), (ParseErrorKind::InvalidUtf8, 1, 5));
    // A lone continuation byte, and an overlong encoding.
    assert_eq!(bytes_error(b"\x80").column, 1);
    assert_eq!(bytes_error(b"A\n\nB \xc0\xafC").line, 3);
    // Invalid bytes in a comment (even an indented one) are harmless.
    let problem = parse_bytes(b"| caf\xe9\n  | \xff\xfe\nA B\n|\xff\nA\nB\n").unwrap();
    assert_eq!(problem.option_count(), 2);
    // But not in a line that only looks blank before them.
    assert_eq!(bytes_error(b"A\n  \xff| not a comment\n").column, 3);
    // An earlier error in the text comes first.
    assert_eq!(bytes_error(b"A\nB\n\xff\n").kind, ParseErrorKind::UnknownItem);
}

#[test]
fn every_error_is_a_parse_error_with_a_position() {
    for text in ["", "A\nB", "A | x\nx", "A A", "A | x | y", "A\nA:c", "A\nA |", "A | x\nA x:"] {
        let err = parse(text).unwrap_err();
        let Error::Parse(err) = err else { panic!("{text:?}: {err}") };
        assert!(err.line >= 1 && err.column >= 1, "{text:?}: {err}");
    }
}

// ---- What is accepted --------------------------------------------------------------------------

#[test]
fn comments_blank_lines_and_crlf() {
    let text = "| Knuth's example\r\n\r\n  | indented comment\r\nA B C D E | F G\r\n|comment\r\n\
                C E F\r\n\r\nA D G\r\n   \r\nB C F\r\nA D\r\nB G\r\nD E G\r\n| the end";
    let problem = parse(text).unwrap();
    assert_eq!(problem.item_count(), 7);
    assert_eq!(problem.primary_count(), 5);
    assert_eq!(problem.option_count(), 6);
    assert_eq!(option_lines(&problem)[0], "C E F");
    assert_eq!(problem.solver().count_all().solutions, 1);
    // Positions count lines with their CRLF endings.
    check("A B\r\n\r\nA C\r\n", ParseErrorKind::UnknownItem, 3, 3, "\"C\"");
    // No final newline is needed.
    assert_eq!(parse("A B\nA\nB").unwrap().option_count(), 2);
}

#[test]
fn tabs_and_runs_of_blanks() {
    let problem = parse("\tA\t B  |\t x \n A\tx:1\t\n\t\tB   x:1\n").unwrap();
    assert_eq!(items(&problem).len(), 3);
    assert_eq!(option_lines(&problem), ["A x:1", "B x:1"]);
    assert_eq!(problem.solver().count_all().solutions, 1);
    // A tab counts as one column.
    check("A B\n\tA\t\tC\n", ParseErrorKind::UnknownItem, 2, 5, "\"C\"");
}

#[test]
fn long_and_non_ascii_names_are_accepted() {
    let problem =
        parse("piece-Z-used r10c12 über | cell#(3,4)\npiece-Z-used über cell#(3,4):Ω\nr10c12\n").unwrap();
    assert_eq!(
        items(&problem),
        [
            ("piece-Z-used".to_owned(), ItemKind::Primary),
            ("r10c12".to_owned(), ItemKind::Primary),
            ("über".to_owned(), ItemKind::Primary),
            ("cell#(3,4)".to_owned(), ItemKind::Secondary),
        ]
    );
    assert_eq!(option_lines(&problem)[0], "piece-Z-used über cell#(3,4):Ω");
    // Columns count characters, not bytes.
    check("über A\nA ü\n", ParseErrorKind::UnknownItem, 2, 3, "\"ü\"");
    check("ü é é\n", ParseErrorKind::DuplicateItem, 1, 5, "first at column 3");
}

#[test]
fn separator_placement() {
    // A trailing `|` declares no secondary items.
    let problem = parse("A B |\nA\nB\n").unwrap();
    assert_eq!(problem.primary_count(), 2);
    assert_eq!(problem.item_count(), 2);
    // Blanks around `|` are free.
    let problem = parse("A\t|\tx\nA x\n").unwrap();
    assert_eq!(items(&problem)[1], ("x".to_owned(), ItemKind::Secondary));
    // An items line without options: the empty set covers nothing, and A stays uncovered.
    assert_eq!(parse("A | x\n").unwrap().solver().count_all().solutions, 0);
}

#[test]
fn byte_order_mark_is_skipped() {
    let problem = parse("\u{feff}A B\nA\nB\n").unwrap();
    assert_eq!(problem.item_name(problem.items().next().unwrap()), "A");
    let problem = parse_bytes(b"\xef\xbb\xbfA B\nA\nB\n").unwrap();
    assert_eq!(problem.item_name(problem.items().next().unwrap()), "A");
    // Columns on the first line do not count it.
    check("\u{feff}A | x:1\n", ParseErrorKind::ColorInItemsLine, 1, 5, "\"1\"");
}

#[test]
fn knuths_example() {
    let problem = parse("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n").unwrap();
    assert_eq!(problem.solver().count_all().solutions, 1);
    assert_eq!(all_solutions(&problem), [["A D", "B G", "C E F"]]);
    let same = parse_bytes(b"A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n").unwrap();
    assert_eq!(to_text(&same), to_text(&problem));
}

#[test]
fn knuths_coloured_example() {
    let problem =
        parse("| DLX2's example\np q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n").unwrap();
    assert!(problem.has_colors());
    assert_eq!(problem.solver().count_all().solutions, 1);
    assert_eq!(all_solutions(&problem), [["p r x:A y", "q x:A"]]);
}

// ---- Writing -----------------------------------------------------------------------------------

#[test]
fn to_text_writes_knuths_format() {
    let text = "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
    assert_eq!(to_text(&parse(text).unwrap()), text);
    let coloured = "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";
    assert_eq!(to_text(&parse(coloured).unwrap()), coloured);
    // Without secondary items there is no `|`.
    assert_eq!(to_text(&parse("A B\nA B\n").unwrap()), "A B\nA B\n");
}

#[test]
fn to_text_puts_primaries_first() {
    let mut b = ProblemBuilder::new();
    let x = b.secondary("x").unwrap();
    let a = b.primary("A").unwrap();
    let y = b.secondary("y").unwrap();
    let bb = b.primary("B").unwrap();
    let red = b.color("red");
    b.colored_option([(y, None), (a, None), (x, Some(red))]).unwrap();
    b.colored_option([(bb, None), (x, Some(red))]).unwrap();
    let problem = b.build();
    let text = to_text(&problem);
    assert_eq!(text, "A B | x y\ny A x:red\nB x:red\n");
    let back = parse(&text).unwrap();
    assert_eq!(option_lines(&back), option_lines(&problem));
    assert_eq!(all_solutions(&back), all_solutions(&problem));
    // Ids follow the new declaration order.
    assert_eq!(back.item_name(back.items().next().unwrap()), "A");
}

// ---- Properties --------------------------------------------------------------------------------

/// A random problem: names with their kinds (in an interleaved declaration order), and options as
/// item indices with optional colours.
#[derive(Debug, Clone)]
struct Spec {
    items: Vec<(String, ItemKind)>,
    options: Vec<Vec<(usize, Option<String>)>>,
}

fn spec() -> impl Strategy<Value = Spec> {
    let names = prop::collection::btree_set("[A-Za-z0-9_#.()é-]{1,10}", 1..9);
    (names, prop::collection::vec(any::<bool>(), 9))
        .prop_flat_map(|(names, primary)| {
            let mut items: Vec<(String, ItemKind)> = names
                .into_iter()
                .zip(primary)
                .map(|(name, p)| (name, if p { ItemKind::Primary } else { ItemKind::Secondary }))
                .collect();
            if items.iter().all(|(_, kind)| *kind == ItemKind::Secondary) {
                let last = items.len() - 1;
                items[last].1 = ItemKind::Primary;
            }
            let n = items.len();
            let entry = (0..n, prop::option::weighted(0.4, "[a-zA-Z0-9]{1,3}"));
            let options = prop::collection::vec(prop::collection::vec(entry, 1..6), 0..12);
            (Just(items), options)
        })
        .prop_map(|(items, raw)| {
            let first_primary = items.iter().position(|(_, kind)| *kind == ItemKind::Primary).unwrap();
            let options = raw
                .into_iter()
                .map(|entries| {
                    let mut option: Vec<(usize, Option<String>)> = Vec::new();
                    for (item, color) in entries {
                        if option.iter().all(|&(i, _)| i != item) {
                            let color = color.filter(|_| items[item].1 == ItemKind::Secondary);
                            option.push((item, color));
                        }
                    }
                    if option.iter().all(|&(i, _)| items[i].1 == ItemKind::Secondary) {
                        if let Some(slot) = option.iter_mut().find(|(i, _)| *i == first_primary) {
                            slot.1 = None;
                        } else {
                            option.push((first_primary, None));
                        }
                    }
                    option
                })
                .collect();
            Spec { items, options }
        })
}

fn build(spec: &Spec) -> Problem {
    let mut b = ProblemBuilder::new();
    let ids: Vec<_> = spec.items.iter().map(|(name, kind)| b.item(name.clone(), *kind).unwrap()).collect();
    for option in &spec.options {
        let entries: Vec<_> =
            option.iter().map(|(item, color)| (ids[*item], color.as_deref().map(|c| b.color(c)))).collect();
        b.colored_option(entries).unwrap();
    }
    b.build()
}

/// Checks what a failed parse must satisfy: a position within the text.
fn check_error_position(text_lines: &[&[u8]], result: Result<Problem, Error>) -> Result<(), TestCaseError> {
    if let Err(err) = result {
        let Error::Parse(err) = err else {
            return Err(TestCaseError::fail(format!("an error without a position: {err}")));
        };
        prop_assert!(err.line >= 1 && err.line <= text_lines.len(), "{err}");
        // At most one column past the end of the line (bytes bound characters from above).
        prop_assert!(err.column >= 1 && err.column <= text_lines[err.line - 1].len() + 1, "{err}");
        prop_assert!(!err.message.is_empty());
    }
    Ok(())
}

fn split_lines(bytes: &[u8]) -> Vec<&[u8]> {
    bytes.split(|&b| b == b'\n').collect()
}

/// The characters of `format_like_text`: names, the format's punctuation, blanks, line breaks
/// (twice as likely), and characters no name may hold.
const ALPHABET: &[char] =
    &['A', 'B', 'x', 'y', ':', '|', ' ', '\t', '\r', '\n', '\n', 'é', '\u{0}', '\u{feff}'];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn round_trip(spec in spec()) {
        let problem = build(&spec);
        let text = to_text(&problem);
        let back = parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        let mut expected: Vec<(String, ItemKind)> =
            spec.items.iter().filter(|(_, k)| *k == ItemKind::Primary).cloned().collect();
        expected.extend(spec.items.iter().filter(|(_, k)| *k == ItemKind::Secondary).cloned());
        prop_assert_eq!(items(&back), expected);
        prop_assert_eq!(option_lines(&back), option_lines(&problem));
        prop_assert_eq!(back.has_colors(), problem.has_colors());
        prop_assert_eq!(to_text(&back), text.clone());
        prop_assert_eq!(parse_bytes(text.as_bytes()).map(|p| to_text(&p)).ok(), Some(text));
        prop_assert_eq!(all_solutions(&back), all_solutions(&problem));
    }

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        let lines = split_lines(text.as_bytes());
        check_error_position(&lines, parse(&text))?;
        check_error_position(&lines, parse_bytes(text.as_bytes()))?;
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        check_error_position(&split_lines(&bytes), parse_bytes(&bytes))?;
    }

    /// Text over the format's own alphabet reaches every rule; whatever parses writes back the same.
    #[test]
    fn format_like_text(chars in prop::collection::vec(prop::sample::select(ALPHABET), 0..60)) {
        let text: String = chars.into_iter().collect();
        let lines = split_lines(text.as_bytes());
        let result = parse(&text);
        prop_assert_eq!(
            parse_bytes(text.as_bytes()).map(|p| to_text(&p)),
            result.as_ref().map(to_text).map_err(Clone::clone)
        );
        if let Ok(problem) = &result {
            let written = to_text(problem);
            let back = parse(&written).map_err(|e| TestCaseError::fail(format!("{e}\n{written}")))?;
            prop_assert_eq!(items(&back), items(problem));
            prop_assert_eq!(option_lines(&back), option_lines(problem));
        }
        check_error_position(&lines, result)?;
    }
}
