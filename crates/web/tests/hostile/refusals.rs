//! The small refusals say what is wrong, and bodies are compressed.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn small_refusals_say_what_is_wrong_and_bodies_are_compressed() {
    let server = serve(config(temp_db("small"))).await;
    let addr = server.addr;
    // POST / is not a page.
    let (status, head, err) = call(addr, "POST", "/", &[], "{}").await;
    assert_eq!(status, 405, "{head}");
    assert_eq!(header(&head, "allow"), Some("GET, HEAD"), "{head}");
    assert!(err["error"].as_str().unwrap().contains("GET, HEAD"), "{err}");
    let (status, head, _) = call(addr, "DELETE", "/api/health", &[], "").await;
    assert_eq!(status, 405, "{head}");
    assert!(header(&head, "allow").is_some_and(|a| a.contains("GET")), "{head}");
    let (status, _, _) = request(addr, "HEAD", "/", &[], "").await;
    assert_eq!(status, 200);
    // A long id or path is not echoed whole.
    let long = "a".repeat(5000);
    for path in [format!("/api/games/{long}"), format!("/{long}")] {
        let (status, _, err) = call(addr, "GET", &path, &[], "").await;
        assert_eq!(status, 404, "{err}");
        let message = err["error"].as_str().unwrap();
        assert!(message.len() < 200 && message.contains(" characters)"), "{message}");
    }
    // A number that is not one names its key.
    for (query, field) in [("size=-1", "size"), ("size=nine", "size"), ("kind=hidato&width=-7", "width")] {
        let (status, _, err) =
            call(addr, "GET", &format!("/api/records?{query}&difficulty=easy"), &[], "").await;
        assert_eq!((status, err["field"].as_str()), (400, Some(field)), "{query}: {err}");
        assert!(err["error"].as_str().unwrap().contains("whole number"), "{err}");
    }
    // Compressed when asked, as asked; plain otherwise.
    let (_, _, plain) = request(addr, "GET", "/app.js", &[], "").await;
    for encoding in ["gzip", "br"] {
        for path in ["/app.js", "/", "/api/options"] {
            let (status, head, body) =
                request(addr, "GET", path, &[&format!("Accept-Encoding: {encoding}")], "").await;
            assert_eq!(status, 200, "{path}");
            assert_eq!(header(&head, "content-encoding"), Some(encoding), "{path}: {head}");
            if path == "/app.js" {
                assert!(body.len() * 2 < plain.len(), "{encoding}: {} bytes of {}", body.len(), plain.len());
            }
        }
    }
    let (_, head, _) = request(addr, "GET", "/app.js", &[], "").await;
    assert_eq!(header(&head, "content-encoding"), None);
    // The API's writes are small JSON on the hot path: never wrapped by the compression layer.
    let new_game = r#"{"kind":"sudoku","size":4,"difficulty":"easy"}"#;
    let json = "Content-Type: application/json";
    let (status, head, _) =
        request(addr, "POST", "/api/games", &[json, "Accept-Encoding: gzip, br"], new_game).await;
    assert_eq!(status, 201, "{head}");
    assert_eq!(header(&head, "content-encoding"), None, "{head}");
    server.stop().await;
}
