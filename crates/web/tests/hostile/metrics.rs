//! The metrics are Prometheus text, for the operator only.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_are_prometheus_text_for_the_operator_only() {
    let limit = RateLimit {
        trusted_proxies: vec!["127.0.0.1".parse().unwrap()],
        new_games: Rate { burst: 1, per_minute: 1 },
        ..RateLimit::default()
    };
    let server = serve(Config { rate_limit: Some(limit), ..config(temp_db("metrics")) }).await;
    let addr = server.addr;
    for _ in 0..2 {
        call(addr, "POST", "/api/games", &[], r#"{"kind":"sudoku","size":4,"difficulty":"easy"}"#).await;
    }
    call(addr, "GET", "/api/nothing", &[], "").await;
    let samples = metrics(addr).await;
    for name in [
        "tessera_http_requests_total{status=\"201\"}",
        "tessera_http_requests_total{status=\"404\"}",
        "tessera_http_requests_total{status=\"429\"}",
        "tessera_rate_limited_total{class=\"new_game\"}",
        "tessera_connections_open",
        "tessera_connections_max",
        "tessera_cpu_jobs_running{lane=\"heavy\"}",
        "tessera_cpu_jobs_slots{lane=\"light\"}",
        "tessera_wal_bytes",
        "tessera_db_bytes",
        "tessera_pool_target",
        "tessera_pool_ready{kind=\"sudoku\",config=\"4x4 classic\",difficulty=\"easy\"}",
    ] {
        assert!(sample(&samples, name).is_some(), "{name} missing: {samples:?}");
    }
    assert_eq!(sample(&samples, "tessera_rate_limited_total{class=\"new_game\"}"), Some(1.0));
    // A client elsewhere (as a trusted proxy says) is refused.
    let (status, _, err) = call(addr, "GET", "/metrics", &["X-Forwarded-For: 203.0.113.7"], "").await;
    assert_eq!(status, 403, "{err}");
    server.stop().await;

    // With a token, the token and nothing else.
    let token = "s3cret-token";
    let server =
        serve(Config { metrics_token: Some(token.into()), ..config(temp_db("metrics-token")) }).await;
    let (status, _, _) = call(server.addr, "GET", "/metrics", &[], "").await;
    assert_eq!(status, 403, "loopback without the token");
    let (status, _, _) =
        call(server.addr, "GET", "/metrics", &["Authorization: Bearer s3cret-tokem"], "").await;
    assert_eq!(status, 403, "a wrong token");
    let (status, _, body) =
        request(server.addr, "GET", "/metrics", &[&format!("Authorization: Bearer {token}")], "").await;
    assert_eq!(status, 200);
    parse_metrics(&String::from_utf8(body).unwrap());
    server.stop().await;
}
