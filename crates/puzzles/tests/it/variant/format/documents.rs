//! Plain lines and format detection, many lines and one document, the example through f-puzzles, and Tessera
//! JSON's defaults.

use super::*;

#[test]
fn plain_lines_and_detection() {
    let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let v = variant::parse(line).unwrap();
    assert_eq!((v.size, v.givens[0], v.givens[2], v.givens[80]), (9, 5, 0, 9));
    assert_eq!(variant::parse(&line.replace('.', "0")).unwrap(), v);
    assert_eq!(variant::parse("1234000000000000").unwrap().size, 4);
    assert_eq!(variant::parse(".~R1C1_5").unwrap().givens[0], 5);
    let err = message(variant::parse("hello").unwrap_err());
    assert!(err.contains("not a puzzle in a known form"), "{err}");
}

#[test]
fn read_many_lines_and_one_document() {
    let v = rich();
    let text = format!(
        "# a set\n\n{}\n{}\n   \n.~R1C1_5.AntiKing\n{}\n.Bogus~1\n",
        variant::to_json(&v),
        variant::to_link(&v),
        "1234000000000000"
    );
    let results: Vec<_> = variant::read(&text).collect();
    assert_eq!(results.len(), 5);
    assert_eq!(results[0].as_ref().unwrap(), &v);
    assert_eq!(results[1].as_ref().unwrap(), &v);
    assert!(results[2].as_ref().unwrap().constraints.contains(&Constraint::AntiKing));
    assert_eq!(results[3].as_ref().unwrap().size, 4);
    let err = results[4].clone().unwrap_err();
    assert_eq!(err.position().map(|p| p.0), Some(8), "{err}");
    assert!(err.to_string().contains("\"Bogus\""), "{err}");
    // A pretty-printed JSON document is one puzzle.
    let pretty =
        serde_json::to_string_pretty(&serde_json::from_str::<serde_json::Value>(RICH).unwrap()).unwrap();
    let all: Vec<_> = variant::read(&format!("\n{pretty}\n")).collect();
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].as_ref().unwrap(), &v);
    // An error in a line-mode JSON line carries that line.
    let bad = format!("{}\n{{\"size\":4,\"grid\":[]}}\n", variant::to_json(&v));
    let results: Vec<_> = variant::read(&bad).collect();
    let err = results[1].clone().unwrap_err();
    assert_eq!(err.position().map(|p| p.0), Some(2), "{err}");
}

/// The example of the README and the Python tests goes through f-puzzles JSON and a share link:
/// the same rules (f-puzzles groups them by kind, so in its order), and written again the same.
#[test]
fn the_example_round_trips_through_f_puzzles() {
    let v = variant::parse(include_str!("../../../../../../examples/data/variant/thermo-4x4.json")).unwrap();
    let once = variant::from_fpuzzles(&variant::to_fpuzzles(&v)).unwrap();
    assert_eq!(variant::from_fpuzzles(&variant::to_fpuzzles(&once)).unwrap(), once);
    assert_eq!(variant::from_link(&variant::to_link(&v)).unwrap(), once);
    let sorted = |p: &Variant| {
        let mut list: Vec<String> = p.constraints.iter().map(|c| format!("{c:?}")).collect();
        list.sort();
        list
    };
    assert_eq!(sorted(&once), sorted(&v));
    assert_eq!((&once.regions, &once.givens, &once.meta), (&v.regions, &v.givens, &v.meta));
}

/// Tessera's JSON may leave out the regions (the boxes) and the givens (none), as a person
/// writing one by hand would; a side out of range is still named.
#[test]
fn tessera_json_defaults_its_regions_and_givens() {
    let v = variant::parse(r#"{"size":4,"constraints":[{"kind":"anti-king"}]}"#).unwrap();
    assert_eq!(v.regions, Variant::classic(4).regions);
    assert_eq!(v.givens, vec![0; 16]);
    assert_eq!(variant::parse(&variant::to_json(&v)).unwrap(), v);
    let err = variant::parse(r#"{"size":40}"#).unwrap_err().to_string();
    assert!(err.contains("40"), "{err}");
}
