//! A request in flight finishes after the stop signal.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_in_flight_finishes_after_the_stop_signal() {
    // The budget is generous: this test runs beside the others of the binary on two cores, and
    // an 800 ms budget once ran out there ("gave up") before the analysis was done. The request
    // is still in flight at the stop either way: the analysis takes longer than 200 ms.
    let server = serve(Config { solve_budget: Duration::from_secs(5), ..config(temp_db("graceful")) }).await;
    let addr = server.addr;
    let body = costly();
    let slow = tokio::spawn(async move { call(addr, "POST", "/api/puzzles/analyze", &[], &body).await });
    tokio::time::sleep(Duration::from_millis(200)).await;
    server.stop().await;
    let (status, _, answer) = slow.await.unwrap();
    assert_eq!(status, 200, "answered, not cut: {answer}");
    assert!(answer["solution"].is_array(), "{answer}");
    assert!(TcpStream::connect(addr).await.is_err(), "still listening");
}
