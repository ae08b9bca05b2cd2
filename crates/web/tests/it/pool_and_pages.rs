//! The pool fills in the background; options, health and the pages are served.

use crate::common;

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::json;
use tessera_web::router;
use tower::ServiceExt;

use common::{call, new_sudoku, state};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pool_fills_in_the_background_and_pages_are_served() {
    let state = state("pool");
    let _ = new_sudoku(&state).await;
    let key = tessera_web::PoolKey {
        kind: tessera_web::Kind::parse("sudoku").unwrap(),
        config: "4x4 classic".into(),
        difficulty: "easy".into(),
    };
    let deadline = Instant::now() + Duration::from_secs(10);
    while state.pool.ready(&key) < 4 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(state.pool.ready(&key), 4);
    let _ = new_sudoku(&state).await;
    assert!(state.pool.ready(&key) <= 4);

    let (status, options) = call(&state, "GET", "/api/options", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(options["sudoku"]["sizes"], json!([4, 6, 9, 16]));
    let (status, health) = call(&state, "GET", "/api/health", None).await;
    assert_eq!((status, health), (StatusCode::OK, json!({"ok": true})));

    for (path, kind) in [("/", "text/html"), ("/records", "text/html"), ("/app.js", "text/javascript")] {
        let response =
            router(state.clone()).oneshot(Request::get(path).body(Body::empty()).unwrap()).await.unwrap();
        if response.status() == StatusCode::OK {
            let content_type = response.headers()["content-type"].to_str().unwrap();
            assert!(content_type.starts_with(kind), "{path}: {content_type}");
            assert!(response.headers().contains_key("etag"));
        } else {
            // The pages are not written yet.
            assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        }
    }
}
