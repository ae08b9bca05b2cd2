//! The families served through the library's traits (Killer Sudoku, KenKen, Star Battle), each
//! through the one generic path: options, a new game, a wrong answer refused, the right one
//! accepted, hints that always move the game on, pasted and shared puzzles, and no answer sent
//! before the end. The solutions come from the library's own solver here, never from the server.

use crate::common;

use axum::http::StatusCode;
use serde_json::{json, Value};
use tessera::Query;

use common::{call, cells, config, temp_db};

/// A state whose generation on the spot may take longer than a request's usual 3 s: a debug
/// build on a busy machine makes the hardest levels slowly.
fn state(name: &str) -> tessera_web::AppState {
    let config =
        tessera_web::Config { generate_budget: std::time::Duration::from_secs(60), ..config(temp_db(name)) };
    let store = tessera_web::Store::open(&config.db).unwrap();
    tessera_web::AppState::new(store, config)
}

/// How a test solves a family's text: the library's solution as a grid and as answer text.
type Solve = fn(&str) -> (Vec<i32>, String);

/// Every family the server offers, and how a test solves its text (the library, by type); the
/// options test fails on a family offered and missing here.
fn families() -> Vec<(&'static str, Solve)> {
    vec![
        ("killer", solved::<tessera::killer::Killer>),
        ("kenken", solved::<tessera::kenken::KenKen>),
        ("starbattle", solved::<tessera::starbattle::StarBattle>),
        ("variant", solved::<tessera::variant::Variant>),
        ("skyscrapers", solved::<tessera::variant::Skyscrapers>),
        ("futoshiki", solved::<tessera::variant::Futoshiki>),
        ("nonogram", solved::<tessera::nonogram::Nonogram>),
        ("kakuro", solved::<tessera::kakuro::Kakuro>),
    ]
}

/// The library's solution of a puzzle text as the API's grid (from the library's values, never
/// from what the picture prints), and as answer text.
pub(crate) fn solved<P: tessera::Family<ReadOptions = ()>>(text: &str) -> (Vec<i32>, String) {
    let puzzle = P::read(text, &()).next().unwrap().unwrap();
    let solution = puzzle.solve(&Query::default()).unwrap().expect("a solution");
    let picture = puzzle.picture(Some(&solution));
    // Stars and shading (Nonogram): 1 a star or shaded, 2 (a dot) the others, as the server's
    // solutions are.
    let stars = picture.cells.iter().any(|cell| cell.star)
        || picture.marks.iter().any(|mark| matches!(mark, tessera::common::Mark::Runs { .. }));
    let grid = picture
        .cells
        .iter()
        .zip(&picture.regions)
        .zip(puzzle.values(&solution))
        .map(|((cell, region), value)| match () {
            _ if cell.blocked || region.is_none() => -1,
            _ if stars => 2 - value as i32,
            _ => value as i32,
        })
        .collect();
    (grid, puzzle.solution_text(&solution))
}

/// A new game, asked again after a 503 (no puzzle ready and none made in the on-the-spot budget,
/// as on a busy machine: the page retries so too), up to five times a second apart.
async fn new_game(state: &tessera_web::AppState, kind: &str, size: u64, level: &str) -> Value {
    let body = json!({"kind": kind, "size": size, "difficulty": level});
    for _ in 0..5 {
        let (status, game) = call(state, "POST", "/api/games", Some(body.clone())).await;
        if status != StatusCode::SERVICE_UNAVAILABLE {
            assert_eq!(status, StatusCode::CREATED, "{kind}: {game}");
            return game;
        }
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    }
    panic!("{kind} {size} {level}: no game after five tries");
}

/// No key of the game says "solution", and no open cell of its puzzle is filled but givens.
fn no_answer_in(game: &Value, solution: &[i32]) {
    let text = game.to_string();
    assert!(!text.contains("solution"), "{text}");
    let puzzle = cells(&game["puzzle"]);
    let open = puzzle.iter().filter(|&&v| v == 0).count();
    assert!(open > 0 && puzzle.iter().zip(solution).all(|(&p, &s)| p == 0 || p == s), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn options_list_each_family_with_the_library_s_levels() {
    let state = state("families-options");
    let (status, options) = call(&state, "GET", "/api/options", None).await;
    assert_eq!(status, StatusCode::OK);
    for (kind, _) in families() {
        let o = &options[kind];
        assert!(o["title"].is_string() && o["sizes"].is_array() && o["difficulties"].is_array(), "{options}");
        assert!(["digits", "stars", "shade"].contains(&o["entry"].as_str().unwrap()), "{o}");
        for size in o["sizes"].as_array().unwrap() {
            assert!(!o["levels"][size.to_string()].as_array().unwrap().is_empty(), "{o}");
        }
    }
    assert!(options["sudoku"].is_object() && options["hidato"].is_object());
    let tested: Vec<&str> = families().iter().map(|(kind, _)| *kind).collect();
    for kind in options.as_object().unwrap().keys().filter(|k| !["sudoku", "hidato"].contains(&k.as_str())) {
        assert!(tested.contains(&kind.as_str()), "{kind} is offered: add it to families()");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_answer_is_refused_and_the_right_one_accepted() {
    let state = state("families-play");
    for (kind, solve) in families() {
        let size = state_size(&state, kind).await;
        let game = new_game(&state, kind, size, "easy").await;
        let id = game["id"].as_str().unwrap();
        assert_eq!(game["kind"], kind);
        assert!(game["picture"]["cells"].is_array() && game["rules"]["entry"].is_string(), "{game}");
        let (solution, _) = solve(game["share"].as_str().unwrap());
        no_answer_in(&game, &solution);
        let (status, again) = call(&state, "GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(status, StatusCode::OK);
        no_answer_in(&again, &solution);

        // Wrong: two open cells of a row swapped (digits); one more star, one more
        // shaded cell (a star or a shaded cell where the solution has none).
        let mut wrong = solution.clone();
        let w = game["config"]["width"].as_u64().unwrap() as usize;
        let puzzle = cells(&game["puzzle"]);
        if game["rules"]["entry"] == "digits" {
            // (The first row with two such cells: Kakuro's first row is its frame of clues.)
            let (a, b) = (0..puzzle.len() / w)
                .find_map(|r| {
                    let row: Vec<usize> =
                        (r * w..(r + 1) * w).filter(|&c| puzzle[c] == 0 && solution[c] > 0).collect();
                    let &a = row.first()?;
                    let &b = row.iter().find(|&&c| solution[c] != solution[a])?;
                    Some((a, b))
                })
                .unwrap();
            wrong.swap(a, b);
        } else {
            // (Anywhere: a line of the solution holds its stars or shaded cells already, so one
            // more is too many for it.)
            let a = (0..puzzle.len()).find(|&c| puzzle[c] == 0 && solution[c] != 1).unwrap();
            wrong[a] = 1;
        }
        let (status, check) =
            call(&state, "POST", &format!("/api/games/{id}/check"), Some(json!({"cells": wrong}))).await;
        assert_eq!(status, StatusCode::OK, "{kind}: {check}");
        assert_eq!(check["solved"], false, "{kind}: {check}");
        assert!(!check["conflicts"].as_array().unwrap().is_empty(), "{kind}: {check}");

        let (status, check) =
            call(&state, "POST", &format!("/api/games/{id}/check"), Some(json!({"cells": solution}))).await;
        assert_eq!(status, StatusCode::OK, "{kind}: {check}");
        assert_eq!(check["solved"], true, "{kind}: {check}");
        assert_eq!(check["ranked"], true, "{kind}: {check}");
        let (status, _) =
            call(&state, "POST", &format!("/api/games/{id}/check"), Some(json!({"cells": solution}))).await;
        assert_eq!(status, StatusCode::CONFLICT, "a game is solved once");
    }
}

/// The smallest side a family offers.
async fn state_size(state: &tessera_web::AppState, kind: &str) -> u64 {
    let (_, options) = call(state, "GET", "/api/options", None).await;
    options[kind]["sizes"][0].as_u64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_always_move_the_game_on_until_it_is_solved() {
    let state = state("families-hints");
    for (kind, solve) in families() {
        let (_, options) = call(&state, "GET", "/api/options", None).await;
        let size = options[kind]["sizes"][0].as_u64().unwrap();
        let levels = options[kind]["levels"][size.to_string()].as_array().unwrap().clone();
        let hardest = levels.last().unwrap().as_str().unwrap();
        let game = new_game(&state, kind, size, hardest).await;
        let id = game["id"].as_str().unwrap();
        let (solution, _) = solve(game["share"].as_str().unwrap());
        let mut grid = cells(&game["puzzle"]);
        // Stars and shading: done once the stars (shaded cells) are placed; the dots left are not
        // asked for (the server calls such a grid complete).
        let stars = game["rules"]["entry"] != "digits";
        let done = |grid: &[i32]| {
            if stars {
                grid.iter().filter(|&&v| v == 1).count() == solution.iter().filter(|&&v| v == 1).count()
            } else {
                grid.iter().all(|&v| v != 0)
            }
        };
        let mut seen = std::collections::HashSet::new();
        for round in 0..50 {
            if done(&grid) {
                break;
            }
            let (status, hint) =
                call(&state, "POST", &format!("/api/games/{id}/hint"), Some(json!({"cells": grid}))).await;
            assert_eq!(status, StatusCode::OK, "{kind} round {round}: {hint}");
            let placed = hint["placements"].as_array().unwrap();
            if placed.is_empty() {
                break; // the server says there is no step
            }
            assert!(seen.insert((grid.clone(), hint.to_string())), "{kind}: the same hint twice: {hint}");
            let mut moved = false;
            for p in placed {
                let (cell, value) = (p[0].as_u64().unwrap() as usize, p[1].as_i64().unwrap() as i32);
                assert_eq!(value, solution[cell], "{kind}: a hint against the solution: {hint}");
                moved |= grid[cell] != value;
                grid[cell] = value;
            }
            assert!(moved, "{kind} round {round}: a hint that places nothing new: {hint}");
        }
        assert!(done(&grid), "{kind}: 50 hints did not finish the board");
        let (status, check) =
            call(&state, "POST", &format!("/api/games/{id}/check"), Some(json!({"cells": grid}))).await;
        assert_eq!(status, StatusCode::OK, "{kind}: {check}");
        assert_eq!(check["solved"], true, "{kind}: {check}");
        let (_, game) = call(&state, "GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(game["assisted"], true, "a hinted game is assisted: {game}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pasted_and_shared_puzzles_play_analyze_and_verify() {
    let state = state("families-paste");
    for (kind, solve) in families() {
        let size = state_size(&state, kind).await;
        let game = new_game(&state, kind, size, "easy").await;
        let text = game["share"].as_str().unwrap().to_owned();
        let (solution, answer) = solve(&text);

        let (status, pasted) =
            call(&state, "POST", "/api/games", Some(json!({"kind": kind, "puzzle": text}))).await;
        assert_eq!(status, StatusCode::CREATED, "{kind}: {pasted}");
        assert_eq!(pasted["source"], "pasted");
        assert_eq!(pasted["puzzle"], game["puzzle"]);

        let (status, analysis) =
            call(&state, "POST", "/api/puzzles/analyze", Some(json!({"kind": kind, "puzzle": text}))).await;
        assert_eq!(status, StatusCode::OK, "{kind}: {analysis}");
        assert_eq!(analysis["unique"], true);
        assert_eq!(cells(&analysis["solution"]), solution);

        let (status, verdict) = call(
            &state,
            "POST",
            "/api/puzzles/verify",
            Some(json!({"kind": kind, "puzzle": text, "answer": answer})),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{kind}: {verdict}");
        assert_eq!(verdict["valid"], true, "{kind}: {verdict}");

        let (status, bad) =
            call(&state, "POST", "/api/games", Some(json!({"kind": kind, "puzzle": "not a puzzle"}))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{kind}: {bad}");
        assert_eq!(bad["field"], "puzzle");
        let (status, _) =
            call(&state, "POST", "/api/games", Some(json!({"kind": kind, "size": 99, "difficulty": "easy"})))
                .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    }
}

/// How long the generator takes per family, side and level (`--ignored --nocapture`): what the
/// levels offered were chosen by (docs/web.md).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement, not a check"]
async fn generation_times() {
    for family in tessera_web::family::FAMILIES {
        for &size in family.sizes() {
            for level in family.difficulties() {
                let mut times = Vec::new();
                for seed in 0..3 {
                    let budget =
                        tessera::Budget::unlimited().with_timeout(std::time::Duration::from_secs(20));
                    let started = std::time::Instant::now();
                    let made = family.generate(size, level, budget, seed);
                    let ms = started.elapsed().as_millis();
                    times.push(if matches!(made, Ok(Some(_))) {
                        format!("{ms}")
                    } else {
                        format!("gave-up@{ms}")
                    });
                }
                println!("{} {size}x{size} {level}: {} ms", family.name(), times.join(" "));
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_family_game_is_read_back_from_the_store_after_a_restart() {
    let db = temp_db("families-restart");
    let open = || {
        let config =
            tessera_web::Config { generate_budget: std::time::Duration::from_secs(60), ..config(db.clone()) };
        tessera_web::AppState::new(tessera_web::Store::open(&config.db).unwrap(), config)
    };
    let first = open();
    let mut games = Vec::new();
    for (kind, _) in families() {
        let size = state_size(&first, kind).await;
        games.push(new_game(&first, kind, size, "easy").await);
    }
    first.pool.stop();
    drop(first);
    let second = open();
    for (game, (kind, solve)) in games.iter().zip(families()) {
        let id = game["id"].as_str().unwrap();
        let (status, again) = call(&second, "GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(status, StatusCode::OK, "{kind}: {again}");
        for key in ["picture", "rules", "puzzle", "share", "config"] {
            assert_eq!(again[key], game[key], "{kind}: {key} after a restart");
        }
        let (solution, _) = solve(game["share"].as_str().unwrap());
        let (status, check) =
            call(&second, "POST", &format!("/api/games/{id}/check"), Some(json!({"cells": solution}))).await;
        assert_eq!((status, &check["solved"]), (StatusCode::OK, &json!(true)), "{kind}: {check}");
    }
}

/// Variant Sudoku at the largest side the library accepts: ISS's published 16x16, pasted as an
/// f-puzzles link, is played with digits 10 to 16, a wrong grid refused with its conflicts, and
/// the published solution accepted; solving the same puzzle through analyze marks the game
/// assisted (a route to the answer, as the paste panel's).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pasted_16x16_variant_plays_and_analyze_marks_it_assisted() {
    let state = state("families-variant-16");
    let line = include_str!("../../../puzzles/tests/data/variant/iss.tsv")
        .lines()
        .find(|l| l.starts_with("16x16\t"))
        .expect("ISS's 16x16");
    let fields: Vec<&str> = line.split('\t').collect();
    let puzzle = tessera::variant::parse(fields[2]).expect("it reads");
    let link = tessera::variant::to_link(&puzzle);
    let (solution, _) = solved::<tessera::variant::Variant>(&link);
    assert_eq!(solution.len(), 256);
    assert!(solution.contains(&16));

    let (status, game) =
        call(&state, "POST", "/api/games", Some(json!({"kind": "variant", "puzzle": link}))).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    assert_eq!(game["config"]["width"], 16, "{}", game["config"]);
    no_answer_in(&game, &solution);
    let id = game["id"].as_str().unwrap().to_owned();
    let mut wrong = solution.clone();
    let open: Vec<usize> = (0..16).filter(|&c| cells(&game["puzzle"])[c] == 0).collect();
    wrong.swap(open[0], open[1]);
    let (_, check) =
        call(&state, "POST", &format!("/api/games/{id}/check"), Some(json!({"cells": wrong}))).await;
    assert_eq!(check["solved"], false, "{check}");
    assert!(!check["conflicts"].as_array().unwrap().is_empty(), "{check}");

    let (status, analysis) =
        call(&state, "POST", "/api/puzzles/analyze", Some(json!({"kind": "variant", "puzzle": link}))).await;
    assert_eq!(status, StatusCode::OK, "{analysis}");
    assert_eq!(cells(&analysis["solution"]), solution);
    let (_, now) = call(&state, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(now["assisted"], true, "analyze solved the game's puzzle: {now}");
    let (_, check) =
        call(&state, "POST", &format!("/api/games/{id}/check"), Some(json!({"cells": solution}))).await;
    assert_eq!(check["solved"], true, "{check}");
    assert_eq!(check["ranked"], false, "an assisted game is not ranked: {check}");
}

/// The start page's card of each kind: its rules in two sentences (`/api/options`) and a small
/// solved example drawn as SVG (`/api/examples/{kind}`) whose cells are all filled; an unknown
/// kind is a 404.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_kind_has_rules_and_a_solved_example() {
    let (addr, stop, running) = common::serve(config(temp_db("examples"))).await;
    let (status, _, options) = common::json_request(addr, "GET", "/api/options", &[], "").await;
    assert_eq!(status, 200);
    let kinds: Vec<String> = options.as_object().unwrap().keys().cloned().collect();
    assert!(kinds.len() >= 6, "sudoku, hidato and the families: {kinds:?}");
    for kind in &kinds {
        let rules = options[kind]["rules"].as_str().unwrap_or_default();
        let sentences = rules.matches(". ").count() + usize::from(rules.ends_with('.'));
        assert!(sentences == 2 && rules.len() < 220, "{kind}: two short sentences, not {rules:?}");
        let (status, head, body) =
            common::raw_request(addr, "GET", &format!("/api/examples/{kind}"), &[], "").await;
        assert_eq!(status, 200, "{kind}: {head}");
        assert_eq!(common::header(&head, "content-type"), Some("image/svg+xml"), "{kind}");
        let svg = String::from_utf8(body).unwrap();
        assert!(
            svg.starts_with("<?xml") && svg.contains("<svg") && svg.len() < 100_000,
            "{kind}: {} bytes",
            svg.len()
        );
        // Solved: every cell of the example is written in (a digit as text, a star as a
        // polygon), so the picture has at least as many of them as the smallest board's rows.
        let marks = svg.matches(r#"class="text""#).count() + svg.matches("<polygon").count();
        assert!(marks >= 4, "{kind}: {marks} values drawn");
    }
    let (sudoku, _, body) = common::raw_request(addr, "GET", "/api/examples/sudoku", &[], "").await;
    let svg = String::from_utf8(body).unwrap();
    assert_eq!((sudoku, svg.matches(r#"class="text""#).count()), (200, 16), "a solved 4x4: {svg}");
    let (status, _, _) = common::raw_request(addr, "GET", "/api/examples/chess", &[], "").await;
    assert_eq!(status, 404);
    let _ = stop.send(());
    running.await.unwrap();
}

/// The share panel's QR code: an http(s) link becomes an SVG QR code; anything else, or a link
/// longer than 2,048 bytes, is a 422 naming `link`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_share_link_has_a_qr_code_and_nothing_else_does() {
    let (addr, stop, running) = common::serve(config(temp_db("qr"))).await;
    let link = "http%3A%2F%2F127.0.0.1%3A8080%2F%3Fkind%3Dsudoku%26puzzle%3D..3.2.6..9";
    let (status, head, body) =
        common::raw_request(addr, "GET", &format!("/api/qr?link={link}"), &[], "").await;
    assert_eq!(status, 200, "{head}");
    assert_eq!(common::header(&head, "content-type"), Some("image/svg+xml"));
    let svg = String::from_utf8(body).unwrap();
    assert!(svg.contains("<svg") && svg.contains("<path"), "{svg}");
    let long = format!("https%3A%2F%2Fa.example%2F{}", "x".repeat(2100));
    for bad in ["javascript%3Aalert(1)", "hello", long.as_str()] {
        let (status, _, body) =
            common::json_request(addr, "GET", &format!("/api/qr?link={bad}"), &[], "").await;
        assert_eq!((status, body["field"].as_str()), (422, Some("link")), "{bad}: {body}");
    }
    let _ = stop.send(());
    running.await.unwrap();
}
