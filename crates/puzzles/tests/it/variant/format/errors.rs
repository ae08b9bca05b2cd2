//! The errors, each naming its field, value or position.

use super::*;

#[test]
fn fpuzzles_errors_name_the_field_and_the_value() {
    let mut doc: serde_json::Value = serde_json::from_str(RICH).unwrap();
    doc["thermometer"] =
        serde_json::json!([{ "lines": [["R1C1"]] }, {"lines": [["R2C2"]]}, { "lines": [["R1C2", "R10C1"]] }]);
    let err = message(variant::from_fpuzzles(&doc.to_string()).unwrap_err());
    assert!(
        err.contains(r#"f-puzzles: thermometer[2].lines[0][1]: "R10C1" is outside the 9x9 grid"#),
        "{err}"
    );

    let mut doc: serde_json::Value = serde_json::from_str(RICH).unwrap();
    doc["xsum"] = serde_json::json!([{ "cell": "R0C1", "value": "10" }]);
    let err = message(variant::from_fpuzzles(&doc.to_string()).unwrap_err());
    assert!(err.contains(r#"f-puzzles: "xsum" is a rule Tessera does not solve yet"#), "{err}");
    let err = message(variant::from_link(XSUM_PAYLOAD).unwrap_err());
    assert!(err.contains(r#""xsum" is a rule Tessera does not solve yet"#), "{err}");

    let mut doc: serde_json::Value = serde_json::from_str(RICH).unwrap();
    doc["entropicline"] = serde_json::json!([{ "lines": [["R1C1", "R1C2", "R1C3"]] }]);
    let err = message(variant::from_fpuzzles(&doc.to_string()).unwrap_err());
    assert!(err.contains(r#""entropicline" is a rule"#), "{err}");

    let cases: [(&str, serde_json::Value, &str); 5] = [
        (
            "littlekillersum",
            serde_json::json!([{ "cell": "R0C1", "direction": "DOWN", "value": "5" }]),
            "littlekillersum[0].direction: \"DOWN\" is not DR, DL, UR or UL",
        ),
        (
            "killercage",
            serde_json::json!([{ "cells": ["R1C1", "X"], "value": "5" }]),
            "killercage[0].cells[1]: \"X\" is not a cell",
        ),
        (
            "ratio",
            serde_json::json!([{ "cells": ["R1C1", "R1C2"], "value": "two" }]),
            "ratio[0].value: \"two\" is not a whole number",
        ),
        (
            "xv",
            serde_json::json!([{ "cells": ["R1C1"], "value": "X" }]),
            "xv[0].cells: 1 cells; a dot joins 2",
        ),
        ("negative", serde_json::json!(["kropki"]), "negative[0]: \"kropki\" is not ratio, difference or xv"),
    ];
    for (field, value, expected) in cases {
        let mut doc: serde_json::Value = serde_json::from_str(RICH).unwrap();
        doc[field] = value;
        let err = message(variant::from_fpuzzles(&doc.to_string()).unwrap_err());
        assert!(err.contains(expected), "{field}: {err}");
    }
    let mut doc: serde_json::Value = serde_json::from_str(RICH).unwrap();
    doc["grid"][2][3] = serde_json::json!({ "value": 12, "given": true });
    let err = message(variant::from_fpuzzles(&doc.to_string()).unwrap_err());
    assert!(err.contains("grid[2][3].value: 12 is over 9"), "{err}");
    // A rule the model rejects says which constraint.
    let mut doc: serde_json::Value = serde_json::from_str(RICH).unwrap();
    doc["difference"] = serde_json::json!([{ "cells": ["R1C1", "R5C5"] }]);
    let err = message(variant::from_fpuzzles(&doc.to_string()).unwrap_err());
    assert!(err.starts_with("f-puzzles: ") && err.contains("difference"), "{err}");
    let err = message(variant::from_fpuzzles("{\"size\": 9, \"grid\": [").unwrap_err());
    assert!(err.contains("line 1") && err.contains("f-puzzles"), "{err}");
}

#[test]
fn link_errors_say_what_is_wrong() {
    let truncated = format!("https://f-puzzles.com/?load={}", &RICH_PAYLOAD[..RICH_PAYLOAD.len() / 2]);
    let err = message(variant::from_link(&truncated).unwrap_err());
    assert!(err.contains("link:") && err.contains("cut short"), "{err}");
    let err = message(variant::from_link("https://sudokupad.app/sclN4IgzglgXgpiBcBOANCA").unwrap_err());
    assert!(err.contains("SCL") && err.contains("not read"), "{err}");
    let err = message(variant::from_link("https://sudokupad.app/?puzzle=scl1234").unwrap_err());
    assert!(err.contains("SCL"), "{err}");
    let err = message(variant::from_link("https://sudokupad.app/8bNmDd4J9G").unwrap_err());
    assert!(err.contains("short id") && err.contains("8bNmDd4J9G"), "{err}");
    let err = message(variant::from_link("https://f-puzzles.com/?load=").unwrap_err());
    assert!(err.contains("no puzzle"), "{err}");
    // {"x":3}: decompresses, but is no f-puzzles puzzle.
    let err = message(variant::from_link("N4IgHiBcDMC+Q===").unwrap_err());
    assert!(err.contains("f-puzzles:"), "{err}");
}

#[test]
fn iss_errors_name_the_kind_and_position() {
    let err = variant::from_iss(".~R1C1_5.Lockout~4~R1C1~R1C2").unwrap_err();
    assert_eq!(err.position(), Some((1, 10)));
    assert!(err.to_string().contains(r#""Lockout" is a rule Tessera does not solve yet"#), "{err}");
    let err = message(variant::from_iss(".Thermo~R1C1~R0C2").unwrap_err());
    assert!(err.contains(r#""R0C2" is not a cell of the 9x9 grid"#), "{err}");
    let err = message(variant::from_iss(".Shape~9x9~0-8").unwrap_err());
    assert!(err.contains("Shape~9x9~0-8"), "{err}");
    let err = message(variant::from_iss(".~R1C1_1_2").unwrap_err());
    assert!(err.contains("pencilmarks"), "{err}");
    let err = message(variant::from_iss(".Cage~x~R1C1").unwrap_err());
    assert!(err.contains(r#"Cage: "x" is not a number"#), "{err}");
    let err = message(variant::from_iss(".LittleKiller~5~R5C5").unwrap_err());
    assert!(err.contains("does not start a diagonal"), "{err}");
    let err = message(variant::from_iss(".X~R1C1~R1C2~R1C3").unwrap_err());
    assert!(err.contains("X: 3 cells"), "{err}");
}
