//! Slow headers are cut off while others are served, and past the cap a connection is closed at once.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_headers_are_cut_off_while_others_are_served() {
    let header_timeout = Duration::from_secs(2);
    let server = serve(Config { header_timeout, ..config(temp_db("slowloris")) }).await;
    let addr = server.addr;
    // 1,000 connections that send half a header and stop.
    let mut slow = Vec::new();
    for _ in 0..1000 {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream.write_all(b"GET /api/health HTTP/1.1\r\nHost: slow\r\nX-Wait: ").await.unwrap();
        slow.push(stream);
    }
    let opened = Instant::now();
    // A normal request still answers at once.
    for _ in 0..5 {
        let started = Instant::now();
        let (status, _, _) = call(addr, "GET", "/api/health", &[], "").await;
        let took = started.elapsed();
        assert_eq!(status, 200);
        assert!(took < Duration::from_millis(100), "a normal request took {took:?} beside 1,000 slow ones");
    }
    let open = sample(&metrics(addr).await, "tessera_connections_open").unwrap();
    assert!(open >= 1000.0, "{open} connections open");
    // Every slow one is closed by the server within its header timeout (and a margin).
    let reads = slow.into_iter().map(|mut stream| {
        tokio::spawn(async move {
            let mut rest = Vec::new();
            tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut rest)).await.is_ok()
        })
    });
    for read in reads.collect::<Vec<_>>() {
        assert!(read.await.unwrap(), "a slow connection was still open after 30 s");
    }
    let closed = opened.elapsed();
    assert!(closed < header_timeout + Duration::from_secs(5), "closed after {closed:?}");
    let samples = metrics(addr).await;
    assert!(sample(&samples, "tessera_connections_header_timeouts_total").unwrap() >= 1000.0);
    assert!(sample(&samples, "tessera_connections_open").unwrap() <= 2.0, "{samples:?}");

    // A kept-alive connection idle past the timeout is closed too.
    let mut idle = TcpStream::connect(addr).await.unwrap();
    idle.write_all(format!("GET /api/health HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes()).await.unwrap();
    let mut buffer = vec![0u8; 4096];
    let n = idle.read(&mut buffer).await.unwrap();
    assert!(String::from_utf8_lossy(&buffer[..n]).starts_with("HTTP/1.1 200"));
    let started = Instant::now();
    let rest = tokio::time::timeout(Duration::from_secs(30), idle.read(&mut buffer)).await.expect("closed");
    assert_eq!(rest.unwrap_or(0), 0, "nothing more, then the end");
    assert!(started.elapsed() < header_timeout + Duration::from_secs(3));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_cap_a_connection_is_closed_at_once() {
    let server = serve(Config { max_connections: 40, ..config(temp_db("cap")) }).await;
    let addr = server.addr;
    let mut held = Vec::new();
    for _ in 0..40 {
        held.push(TcpStream::connect(addr).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    // The 41st: closed without an answer, at once.
    let mut extra = TcpStream::connect(addr).await.unwrap();
    let _ = extra.write_all(format!("GET /api/health HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes()).await;
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(2), extra.read_to_end(&mut answer)).await;
    assert!(read.is_ok(), "the connection past the cap was not closed");
    assert!(!String::from_utf8_lossy(&answer).contains("200 OK"), "served past the cap");
    // Once some close, new ones are served again.
    held.truncate(30);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let samples = metrics(addr).await;
    assert!(sample(&samples, "tessera_connections_refused_total").unwrap() >= 1.0, "{samples:?}");
    assert_eq!(sample(&samples, "tessera_connections_max"), Some(40.0));
    drop(held);
    server.stop().await;
}
