//! What every fuzz target checks, one function per parser. Shared by the cargo-fuzz targets
//! (`fuzz/fuzz_targets/*.rs`, through this package's library) and by the regression test of the
//! normal suite (`crates/cli/tests/it/fuzz_corpus.rs` includes this file by path), which replays
//! every kept input of `fuzz/corpus/` and `fuzz/regressions/`.
//!
//! Each check parses the input; when parsing succeeds it prints what it read, parses that again
//! and compares, and prints once more to see that printing is stable. A failed comparison, or a
//! parser that panics, is a finding. Inputs larger than [`MAX_INPUT`] are skipped: the parsers'
//! own size limits are tested elsewhere, and huge inputs only slow the fuzzer down.

use tessera::hidato::{self, Adjacency};
use tessera::sudoku::{self, Format};
use tessera::tiling::{self, Board, Piece};

/// Inputs longer than this are not looked at.
pub const MAX_INPUT: usize = 1 << 16;

/// Knuth's exact-cover format (`tessera-xc`): bytes, so that invalid UTF-8 is exercised too.
pub fn xc_knuth(data: &[u8]) {
    if data.len() > MAX_INPUT {
        return;
    }
    let text_result = std::str::from_utf8(data).ok().map(tessera_xc::parse);
    let Ok(problem) = tessera_xc::parse_bytes(data) else {
        if let Some(Ok(_)) = text_result {
            panic!("parse accepts what parse_bytes refuses");
        }
        return;
    };
    let printed = tessera_xc::to_text(&problem);
    let again = tessera_xc::parse(&printed).unwrap_or_else(|e| panic!("reprint refused: {e}\n{printed}"));
    assert_eq!(tessera_xc::to_text(&again), printed, "print, parse, print differs");
    assert_eq!(again.primary_count(), problem.primary_count());
    assert_eq!(again.option_count(), problem.option_count());
}

/// Every Sudoku format (lines, grids, JSON, files mixing them), one puzzle at a time: each read
/// puzzle is written in its own format and in the two others, and each reads back equal.
pub fn sudoku_any(data: &[u8]) {
    let Some(text) = small_text(data) else { return };
    for parsed in sudoku::parse_puzzles(text).take(64) {
        let Ok(puzzle) = parsed.puzzle else { continue };
        for format in [parsed.format, Format::Line, Format::Grid, Format::Json] {
            let printed = puzzle.to_format(format);
            let again = sudoku::Sudoku::parse(&printed)
                .unwrap_or_else(|e| panic!("{format:?} reprint refused: {e}\n{printed}\nfrom {text:?}"));
            assert!(again == puzzle, "{format:?} reprint differs:\n{printed}\nfrom {text:?}");
            assert_eq!(again.to_format(format), printed, "{format:?} print not stable");
        }
    }
}

/// Hidato in the seed's text format and in JSON, with either adjacency: text and JSON both read
/// back equal.
pub fn hidato_text_json(data: &[u8]) {
    let Some(text) = small_text(data) else { return };
    for adjacency in [Adjacency::King, Adjacency::Orthogonal] {
        let Ok(puzzles) = hidato::parse(text, adjacency) else { continue };
        let printed = hidato::to_json(&puzzles);
        let again =
            hidato::parse(&printed, adjacency).unwrap_or_else(|e| panic!("JSON reprint refused: {e}"));
        assert!(again == puzzles, "JSON reprint differs:\n{printed}");
        // The text format has no adjacency: it is the caller's, here each puzzle's own.
        let as_text = hidato::to_text(&puzzles);
        let lines =
            hidato::parse(&as_text, adjacency).unwrap_or_else(|e| panic!("text reprint refused: {e}"));
        let same = lines.len() == puzzles.len()
            && lines
                .iter()
                .zip(&puzzles)
                .all(|(a, b)| a.width() == b.width() && a.height() == b.height() && a.cells() == b.cells());
        assert!(same, "text reprint differs:\n{as_text}");
        assert_eq!(hidato::to_text(&lines), as_text, "text print not stable");
    }
}

/// Tiling boards: drawn boards and `WxH` sizes.
pub fn tiling_board(data: &[u8]) {
    let Some(text) = small_text(data) else { return };
    if let Ok(board) = Board::parse(text) {
        let printed = board.to_text();
        let again = Board::parse(&printed).unwrap_or_else(|e| panic!("reprint refused: {e}\n{printed}"));
        assert_eq!(again, board, "reprint differs:\n{printed}");
    }
    if let Ok(board) = Board::parse_size(text) {
        let size = format!("{}x{}", board.width(), board.height());
        assert_eq!(Board::parse_size(&size).ok(), Some(board), "{size}");
    }
}

/// Tiling piece files: pieces drawn one under another, then their counts, read back equal.
pub fn tiling_pieces(data: &[u8]) {
    let Some(text) = small_text(data) else { return };
    let Ok(pieces) = tiling::parse_pieces(text) else { return };
    let printed = pieces_to_text(&pieces);
    let again = tiling::parse_pieces(&printed).unwrap_or_else(|e| panic!("reprint refused: {e}\n{printed}"));
    assert_eq!(again.len(), pieces.len(), "{printed}");
    for (a, b) in again.iter().zip(&pieces) {
        assert_eq!((a.name(), a.copies(), normalised(a)), (b.name(), b.copies(), normalised(b)), "{printed}");
    }
}

/// Draws pieces one under another, a blank line between, then a `* NAME COUNT` line for each
/// piece that is not used exactly once.
pub fn pieces_to_text(pieces: &[Piece]) -> String {
    let mut out = String::new();
    for piece in pieces {
        let cells = normalised(piece);
        let rows = cells.iter().map(|c| c.0).max().unwrap_or(0) + 1;
        let cols = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1;
        for r in 0..rows {
            let line: String =
                (0..cols).map(|c| if cells.contains(&(r, c)) { piece.name() } else { '.' }).collect();
            out.push_str(line.trim_end_matches('.'));
            out.push('\n');
        }
        out.push('\n');
    }
    for piece in pieces.iter().filter(|p| p.copies() != 1) {
        out.push_str(&format!("* {} {}\n", piece.name(), piece.copies()));
    }
    out
}

/// A piece's cells moved to the top left corner, sorted.
fn normalised(piece: &Piece) -> Vec<(i32, i32)> {
    let top = piece.cells().iter().map(|c| c.0).min().unwrap_or(0);
    let left = piece.cells().iter().map(|c| c.1).min().unwrap_or(0);
    let mut cells: Vec<(i32, i32)> = piece.cells().iter().map(|&(r, c)| (r - top, c - left)).collect();
    cells.sort_unstable();
    cells
}

/// The input as text, if it is UTF-8 and not too long.
fn small_text(data: &[u8]) -> Option<&str> {
    if data.len() > MAX_INPUT {
        return None;
    }
    std::str::from_utf8(data).ok()
}

/// The web API's request bodies, through the real router over a real SQLite file: the first
/// byte picks the endpoint (analyze, verify, new game, check of a game in play) and whether the
/// body is sent as JSON or as `text/plain`; the rest is the body. Every answer must be JSON, never
/// a 500; a non-JSON content type must get 415, and a 2xx must come from a body that is valid
/// JSON.
pub fn web_bodies(data: &[u8]) {
    use axum::body::Body;
    use axum::http::{Request, StatusCode};
    use tower::ServiceExt;

    let Some((&pick, body)) = data.split_first() else { return };
    if body.len() > MAX_INPUT {
        return;
    }
    let web = web::get();
    let paths = ["/api/puzzles/analyze", "/api/puzzles/verify", "/api/games", web.check_path.as_str()];
    let path = paths[usize::from(pick & 3)];
    let json = pick & 4 == 0;
    let request = Request::builder()
        .method("POST")
        .uri(path)
        .header("content-type", if json { "application/json" } else { "text/plain" })
        .body(Body::from(body.to_vec()))
        .expect("a request");
    let (status, answer) = web.runtime.block_on(async {
        let response = tessera_web::router(web.state.clone()).oneshot(request).await.expect("infallible");
        let status = response.status();
        (status, axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body"))
    });
    assert!(
        status != StatusCode::INTERNAL_SERVER_ERROR,
        "500 on {path}: {}",
        String::from_utf8_lossy(&answer)
    );
    let value: serde_json::Value = serde_json::from_slice(&answer)
        .unwrap_or_else(|_| panic!("{status} on {path} is not JSON: {}", String::from_utf8_lossy(&answer)));
    if !json {
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{path}: {value}");
    }
    if status.is_success() {
        assert!(
            serde_json::from_slice::<serde_json::Value>(body).is_ok(),
            "{status} for a body that is not JSON"
        );
    } else {
        assert!(value["error"].is_string(), "{status} on {path} without an error: {value}");
    }
}

/// One server state for the whole run: its database in the temporary directory, and one game in
/// play for the check endpoint.
mod web {
    use std::sync::OnceLock;

    use tessera_web::{AppState, Config, Store};

    pub struct Web {
        pub runtime: tokio::runtime::Runtime,
        pub state: AppState,
        pub check_path: String,
    }

    pub fn get() -> &'static Web {
        static WEB: OnceLock<Web> = OnceLock::new();
        WEB.get_or_init(|| {
            let db = std::env::temp_dir().join(format!("tessera-fuzz-web-{}.db", std::process::id()));
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
            }
            let config = Config { db, pool_target: 2, ..Config::default() };
            let runtime =
                tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
            let store = runtime.block_on(async { Store::open(&config.db) }).expect("the store");
            let state = runtime.block_on(async { AppState::new(store, config) });
            let check_path = runtime.block_on(new_game(&state));
            Web { runtime, state, check_path }
        })
    }

    /// Starts a game of a pasted 4x4 and answers its check path.
    async fn new_game(state: &AppState) -> String {
        use axum::body::Body;
        use axum::http::Request;
        use tower::ServiceExt;
        let request = Request::builder()
            .method("POST")
            .uri("/api/games")
            .header("content-type", "application/json")
            .body(Body::from(r#"{"kind":"sudoku","puzzle":"1.3.34.2.1.34.2."}"#))
            .expect("a request");
        let response = tessera_web::router(state.clone()).oneshot(request).await.expect("infallible");
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body");
        let game: serde_json::Value = serde_json::from_slice(&bytes).expect("a game");
        let id = game["id"].as_str().unwrap_or_else(|| panic!("no game: {game}"));
        format!("/api/games/{id}/check")
    }
}
