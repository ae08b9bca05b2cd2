//! The page's catalogues (assets/i18n.js): every English string the scripts pass to `t()` or
//! `plural()` as a literal, and every `data-i18n` text and `data-i18n-attr` attribute of the
//! pages, has its Korean and Hebrew, and the two catalogues hold the same keys with the same
//! `{placeholders}`. A string missing from a catalogue would be shown in English on a Korean or
//! Hebrew page; this test names it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

fn assets() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets")
}

/// The single-quoted literal starting at `at` (just after its opening quote), unescaped, and
/// where it ends (after its closing quote).
fn literal(text: &str, at: usize) -> (String, usize) {
    let mut out = String::new();
    let mut chars = text[at..].char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => {
                if let Some((_, next)) = chars.next() {
                    out.push(next);
                }
            }
            '\'' => return (out, at + i + 1),
            _ => out.push(c),
        }
    }
    (out, text.len())
}

/// The catalogue of `lang` in i18n.js: its keys and texts.
fn catalogue(source: &str, lang: &str) -> BTreeMap<String, String> {
    let start = source.find(&format!("\n  {lang}: {{\n")).unwrap_or_else(|| panic!("no catalogue {lang}"));
    let end = start + source[start..].find("\n  },\n").expect("the catalogue's end");
    let mut found = BTreeMap::new();
    let mut at = start;
    while let Some(q) = source[at..end].find("\n    '") {
        let (key, after) = literal(source, at + q + 6);
        let colon = after + source[after..].find('\'').expect("a text") + 1;
        let (text, next) = literal(source, colon);
        found.insert(key, text);
        at = next;
    }
    found
}

/// Every literal a script passes to `t(` or `plural(` (directly, or as a branch of a `? :`
/// inside the call): the text of the call up to its closing parenthesis, without the literals of
/// calls nested in it (`$('timer')`).
fn used_by_scripts() -> BTreeSet<(String, String)> {
    let mut used = BTreeSet::new();
    for entry in std::fs::read_dir(assets()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.ends_with(".js") || name == "i18n.js" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for opener in ["t(", "plural("] {
            let mut at = 0;
            while let Some(found) = text[at..].find(opener) {
                let start = at + found;
                at = start + opener.len();
                let before = text[..start].chars().next_back().unwrap_or(' ');
                if before.is_alphanumeric() || before == '_' || before == '.' || before == '$' {
                    continue;
                }
                // Walk the call: literals at depth 1 are the English; deeper ones belong to
                // nested calls.
                let (mut depth, mut i) = (1usize, at);
                while i < text.len() && depth > 0 {
                    let c = text[i..].chars().next().unwrap();
                    match c {
                        '(' | '[' | '{' => depth += 1,
                        ')' | ']' | '}' => depth -= 1,
                        '\'' => {
                            let (words, after) = literal(&text, i + 1);
                            // A comparison's operand (`c.variant === 'x' ? ...`) is no text.
                            let compared = text[..i].trim_end().ends_with("==");
                            if depth == 1 && !compared {
                                used.insert((words, name.clone()));
                            }
                            i = after;
                            continue;
                        }
                        _ => {}
                    }
                    i += c.len_utf8();
                }
            }
        }
    }
    used
}

/// Every `data-i18n` element's text and every attribute named by `data-i18n-attr`, in the pages.
fn used_by_pages() -> BTreeSet<(String, String)> {
    let mut used = BTreeSet::new();
    for name in ["index.html", "_top.html", "learn.html", "records.html"] {
        let text = std::fs::read_to_string(assets().join(name)).unwrap();
        for (at, _) in text.match_indices("<") {
            let Some(close) = text[at..].find('>') else { continue };
            let tag = &text[at..at + close];
            if tag.contains(" data-i18n>") || tag.ends_with(" data-i18n") {
                let body = &text[at + close + 1..];
                let words =
                    body[..body.find('<').unwrap_or(body.len())].split_whitespace().collect::<Vec<_>>();
                used.insert((words.join(" "), name.to_owned()));
            }
            if let Some(list) = tag.split("data-i18n-attr=\"").nth(1) {
                for attr in list[..list.find('"').unwrap()].split_whitespace() {
                    let value = tag.split(&format!(" {attr}=\"")).nth(1).expect("the attribute");
                    used.insert((value[..value.find('"').unwrap()].to_owned(), name.to_owned()));
                }
            }
        }
    }
    used
}

fn placeholders(text: &str) -> BTreeSet<String> {
    text.split('{').skip(1).filter_map(|s| s.split_once('}')).map(|(name, _)| name.to_owned()).collect()
}

#[test]
fn every_string_of_the_pages_has_its_korean_and_hebrew() {
    let source = std::fs::read_to_string(assets().join("i18n.js")).unwrap();
    let (ko, he) = (catalogue(&source, "ko"), catalogue(&source, "he"));
    assert!(ko.len() > 150, "the Korean catalogue has {} strings", ko.len());
    let only = |a: &BTreeMap<String, String>, b: &BTreeMap<String, String>| -> Vec<String> {
        a.keys().filter(|k| !b.contains_key(*k)).cloned().collect()
    };
    assert!(only(&ko, &he).is_empty(), "in Korean only: {:?}", only(&ko, &he));
    assert!(only(&he, &ko).is_empty(), "in Hebrew only: {:?}", only(&he, &ko));
    for (key, text) in ko.iter().chain(&he) {
        if !key.contains(':') || key.contains(' ') {
            assert_eq!(placeholders(key), placeholders(text), "{key:?} -> {text:?}: placeholders differ");
        }
        assert!(
            !text.trim().is_empty() && text != key || key.chars().all(|c| !c.is_alphabetic()),
            "{key:?} is not translated"
        );
    }
    let used = used_by_scripts();
    assert!(used.len() > 60, "{} strings found in the scripts: the scan is broken", used.len());
    let pages = used_by_pages();
    assert!(pages.len() > 40, "{} strings found in the pages: the scan is broken", pages.len());
    let missing: Vec<String> = used
        .iter()
        .chain(&pages)
        .filter(|(words, _)| !ko.contains_key(words))
        .map(|(words, file)| format!("{file}: {words:?}"))
        .collect();
    assert!(
        missing.is_empty(),
        "{} strings without Korean and Hebrew:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

/// What `/api/options` gives the pages to show (each family's title, every level's name, each
/// kind's rules) has its Korean and Hebrew too: the page translates these by their English.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_s_words_on_the_start_page_have_their_korean_and_hebrew() {
    let config = crate::common::config(crate::common::temp_db("i18n-options"));
    let state = tessera_web::AppState::new(tessera_web::Store::open(&config.db).unwrap(), config);
    let (status, options) = crate::common::call(&state, "GET", "/api/options", None).await;
    assert_eq!(status, axum::http::StatusCode::OK);
    let source = std::fs::read_to_string(assets().join("i18n.js")).unwrap();
    let (ko, he) = (catalogue(&source, "ko"), catalogue(&source, "he"));
    let mut words = Vec::new();
    for (kind, o) in options.as_object().unwrap() {
        words.push(o["rules"].as_str().unwrap_or_else(|| panic!("{kind} has no rules")).to_owned());
        words.extend(o["title"].as_str().map(str::to_owned));
        words.extend(
            o["difficulties"].as_array().unwrap().iter().filter_map(|d| d.as_str()).map(str::to_owned),
        );
    }
    assert!(words.len() > 20, "{words:?}");
    let missing: Vec<&String> =
        words.iter().filter(|w| !ko.contains_key(*w) || !he.contains_key(*w)).collect();
    assert!(missing.is_empty(), "without Korean or Hebrew: {missing:?}");
}

/// The techniques a hint names (the page translates them by `technique:NAME`, in lower case):
/// every Sudoku technique of the library (`Technique::ALL`) and the families' (the tables atop
/// `killer/logic`, `kenken/logic`, `starbattle/logic`, `variant/logic` and its genres, and
/// `nonogram/logic`, `kakuro/logic`) have their Korean and
/// Hebrew, so that a Korean or Hebrew hint names its technique in the page's language.
#[test]
fn every_technique_a_hint_names_has_its_korean_and_hebrew() {
    const FAMILIES: &[&str] = &[
        "given",
        "naked single",
        "hidden single",
        "cage combination",
        "cage pointing",
        "rule of 45",
        "naked pair",
        "pointing and claiming",
        "hidden pair",
        "trial",
        "hidden operation",
        "line sum",
        "naked triple",
        "unit full",
        "confined region",
        "squeeze",
        "2x2 blocks",
        "would break a unit",
        "odd/even",
        "kropki pair",
        "xv pair",
        "anti-knight elimination",
        "anti-king elimination",
        "non-consecutive elimination",
        "thermometer range",
        "arrow range",
        "whispers difference",
        "renban run",
        "between line",
        "region-sum line",
        "palindrome mirror",
        "clone copy",
        "quadruple digits",
        "minimum/maximum",
        "negative constraint",
        "little killer sum",
        "sandwich total",
        "skyscraper view",
        "skyscraper edge clue",
        "inequality",
        "overlap",
        "line solving",
        "contradiction",
        "no repeat",
        "unique sum",
        "sum combinations",
        "last cell",
        "required digit",
        "run combinations",
    ];
    let source = std::fs::read_to_string(assets().join("i18n.js")).unwrap();
    let (ko, he) = (catalogue(&source, "ko"), catalogue(&source, "he"));
    let sudoku = tessera::sudoku::logic::Technique::ALL.map(|t| t.name().to_lowercase());
    let missing: Vec<String> = sudoku
        .iter()
        .map(String::as_str)
        .chain(FAMILIES.iter().copied())
        .map(|name| format!("technique:{name}"))
        .filter(|key| !ko.contains_key(key) || !he.contains_key(key))
        .collect();
    assert!(missing.is_empty(), "techniques without Korean or Hebrew: {missing:?}");
}
