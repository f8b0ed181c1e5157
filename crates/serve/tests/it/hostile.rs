//! Clients that try to hold the server or bring it down, on loopback: each
//! test ends with an ordinary request answered in time. Every loop is
//! bounded and every socket has a timeout.

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use reckon_serve::Config;
use serde_json::json;

use crate::client::{self, Reply};
use crate::server::TestServer;

/// Connects with timeouts, so that no test can hang on a socket.
fn connect(addr: SocketAddr) -> TcpStream {
    let stream = TcpStream::connect(addr).expect("the server accepts connections");
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    stream.set_write_timeout(Some(Duration::from_secs(30))).unwrap();
    stream
}

/// An ordinary request for the stylesheet and one for a solution, each
/// answered within `within`.
fn answers_promptly(server: &TestServer, within: Duration) {
    let started = Instant::now();
    let page = server.get("/style.css");
    assert_eq!(page.status, 200);
    assert!(started.elapsed() < within, "GET /style.css took {:?}", started.elapsed());
    let started = Instant::now();
    let solve = server.post("/api/solve", r#"{"cards":[3,3,8,8]}"#);
    assert_eq!(solve.status, 200, "{}", solve.body);
    assert!(started.elapsed() < within, "POST /api/solve took {:?}", started.elapsed());
}

/// The status line's code, or `None` when the server closed the
/// connection without one.
fn status_of(stream: &mut TcpStream) -> Option<u16> {
    let mut reply = Vec::new();
    let mut buf = [0; 4096];
    while !reply.windows(2).any(|w| w == b"\r\n") {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => reply.extend_from_slice(&buf[..n]),
        }
    }
    let line = String::from_utf8_lossy(&reply);
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn a_huge_declared_length_is_refused_unread() {
    let server = TestServer::start();
    for request in [
        "POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000000000000\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000000000\r\n\r\n",
        "PUT /nowhere HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000000000\r\n\r\n",
    ] {
        let mut stream = connect(server.addr);
        stream.write_all(request.as_bytes()).unwrap();
        let status = status_of(&mut stream);
        assert!(matches!(status, Some(200 | 404 | 413)), "{request:?} -> {status:?}");
    }
    let mut stream = connect(server.addr);
    stream.write_all(b"POST /api/judge HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000000000000\r\n\r\n").unwrap();
    assert_eq!(status_of(&mut stream), Some(413));
    answers_promptly(&server, Duration::from_secs(2));
}

#[test]
fn clients_stalled_mid_body_hold_nothing() {
    let server = TestServer::start();
    let mut stalled = Vec::new();
    for i in 0..24 {
        let mut stream = connect(server.addr);
        // Half declare a length, half send chunks; both stop in the middle.
        let (framing, start) =
            if i % 2 == 0 { ("Content-Length: 4000", "") } else { ("Transfer-Encoding: chunked", "20\r\n") };
        let head = format!(
            "POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n{framing}\r\n\r\n\
             {start}{{\"cards\":"
        );
        stream.write_all(head.as_bytes()).unwrap();
        stalled.push(stream);
    }
    answers_promptly(&server, Duration::from_secs(2));
    // Each stalled request is answered once its time is up, not waited for.
    for mut stream in stalled.drain(22..) {
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        assert_eq!(status_of(&mut stream), Some(408));
    }
}

#[test]
fn a_huge_header_is_refused() {
    let server = TestServer::start();
    let mut stream = connect(server.addr);
    let head = format!("GET / HTTP/1.1\r\nHost: x\r\nX-Padding: {}\r\n\r\n", "a".repeat(1 << 20));
    // The server may answer and close before the whole header is written.
    if let Err(err) = stream.write_all(head.as_bytes()) {
        assert!(matches!(err.kind(), ErrorKind::BrokenPipe | ErrorKind::ConnectionReset), "{err}");
    }
    let status = status_of(&mut stream);
    assert!(matches!(status, Some(431) | None), "{status:?}");
    // A header within the limit is fine.
    let head = format!("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Padding: {}\r\n\r\n", "a".repeat(8000));
    assert_eq!(client::raw(server.addr, head.as_bytes()).status, 200);
    answers_promptly(&server, Duration::from_secs(2));
}

/// The process's resident memory, in bytes, where Linux tells it.
fn resident_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

#[test]
fn idle_connections_cost_little() {
    let server = TestServer::start();
    let before = resident_memory();
    let idle: Vec<TcpStream> = (0..400).map(|_| connect(server.addr)).collect();
    // Half of them start a request and stop after a few bytes.
    for mut stream in idle.iter().step_by(2) {
        stream.write_all(b"GET / HT").unwrap();
    }
    answers_promptly(&server, Duration::from_secs(2));
    if let (Some(before), Some(after)) = (before, resident_memory()) {
        let grown = after.saturating_sub(before);
        assert!(grown < 80 << 20, "400 idle connections took {} MB", grown >> 20);
    }
    drop(idle);
}

#[test]
fn idle_connections_are_dropped_after_the_read_timeout() {
    let server = TestServer::with(Config { read_timeout: Duration::from_millis(300), ..Config::default() });
    let mut stream = connect(server.addr);
    stream.write_all(b"GET / HTTP/1.1\r\nHost").unwrap();
    let started = Instant::now();
    // The server answers or closes: the read ends long before its own
    // 30-second timeout would.
    let mut rest = Vec::new();
    stream.read_to_end(&mut rest).expect("the server closed the connection");
    assert!(started.elapsed() < Duration::from_secs(5), "held for {:?}", started.elapsed());
}

#[test]
fn connections_beyond_the_cap_wait_their_turn() {
    let server =
        TestServer::with(Config { max_connections: 4, read_timeout: Duration::from_secs(1), ..Config::default() });
    let held: Vec<TcpStream> = (0..4).map(|_| connect(server.addr)).collect();
    // A fifth is queued until the idle ones are dropped, then answered.
    let started = Instant::now();
    let page = server.get("/style.css");
    assert_eq!(page.status, 200);
    assert!(started.elapsed() >= Duration::from_millis(500), "answered beyond the cap in {:?}", started.elapsed());
    drop(held);
}

#[test]
fn heavy_solves_do_not_slow_the_page() {
    let server = TestServer::start();
    // Five fractions near 2^63 that make no 24: every search of them runs
    // to the end in big rationals, at the limit of what the API allows.
    let cards = json!([
        "9223372036854775807/9223372036854775806",
        "9223372036854775805/3",
        "-9223372036854775803/7",
        "9223372036854775801/11",
        "4611686018427387903/13"
    ]);
    let addr = server.addr;
    let solvers: Vec<_> = (0..12)
        .map(|i| {
            let (path, heavy) = if i % 2 == 0 {
                ("/api/solve", json!({"cards": cards, "mode": "first"}))
            } else {
                ("/api/reach", json!({"cards": cards}))
            };
            std::thread::spawn(move || client::request(addr, "POST", path, &heavy.to_string()))
        })
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    for path in ["/", "/app.js", "/style.css"] {
        let started = Instant::now();
        assert_eq!(server.get(path).status, 200);
        assert!(started.elapsed() < Duration::from_secs(1), "GET {path} took {:?}", started.elapsed());
    }
    for solver in solvers {
        let reply: Reply = solver.join().unwrap();
        assert!(matches!(reply.status, 200 | 503), "{}", reply.body);
    }
}

#[test]
fn http_1_0_keep_alive_is_kept() {
    let server = TestServer::start();
    let mut stream = connect(server.addr);
    for _ in 0..2 {
        stream.write_all(b"GET /style.css HTTP/1.0\r\nConnection: keep-alive\r\n\r\n").unwrap();
        let mut head = Vec::new();
        let mut byte = [0];
        while !head.ends_with(b"\r\n\r\n") {
            assert_eq!(stream.read(&mut byte).unwrap(), 1, "closed after {:?}", String::from_utf8_lossy(&head));
            head.push(byte[0]);
        }
        let head = String::from_utf8(head).unwrap().to_ascii_lowercase();
        assert!(head.starts_with("http/1.0 200"), "{head}");
        assert!(head.contains("connection: keep-alive"), "{head}");
        let length: usize = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length:"))
            .and_then(|v| v.trim().parse().ok())
            .expect("a length");
        let mut body = vec![0; length];
        stream.read_exact(&mut body).unwrap();
    }
}
