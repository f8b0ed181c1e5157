//! `reckon serve`: starts, says where, answers; a taken address is an error.
//! (The server itself is tested in reckon-serve.)

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};

use crate::reckon;

/// `reckon serve` on a free loopback port, with `options`, and the
/// address it says it is at.
fn serving(options: &[&str]) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_reckon"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(options)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the reckon binary runs");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr = line
        .strip_prefix("reckon is at http://")
        .and_then(|rest| rest.split_once('/'))
        .map(|(addr, _)| addr.to_owned())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    assert!(addr.starts_with("127.0.0.1:") && !addr.ends_with(":0"), "{line}");
    (child, addr)
}

/// The reply of the server at `addr` to a solve request of `body`.
fn solve(addr: &str, body: &str) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "POST /api/solve HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).unwrap();
    reply
}

#[test]
fn serves_on_the_given_address() {
    let (mut child, addr) = serving(&[]);
    let reply = solve(&addr, r#"{"cards":[3,3,8,8]}"#);
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    assert!(reply.ends_with(r#""solution":"8/(3-8/3)"}"#), "{reply}");
}

/// `--memory` bounds what each request may take: a listing past it is
/// refused with the budget named, and a smaller one is answered.
#[test]
fn the_memory_budget_bounds_each_request() {
    let (mut child, addr) = serving(&["--memory", "64K"]);
    let refused = solve(&addr, r#"{"cards":[1,2,3,4,5,6],"mode":"all"}"#);
    let answered = solve(&addr, r#"{"cards":[3,3,8,8],"mode":"all"}"#);
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(refused.starts_with("HTTP/1.1 422"), "{refused}");
    assert!(refused.contains("more than the 64 KiB of memory allowed"), "{refused}");
    assert!(answered.starts_with("HTTP/1.1 200"), "{answered}");
}

#[test]
fn a_taken_address_is_bad_input() {
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let run = reckon(["serve", "--addr", &addr]).run();
    assert_eq!(run.status, 2, "{run}");
    assert!(run.stderr.starts_with(&format!("error: cannot listen on {addr}: ")), "{run}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_it_gracefully() {
    let (mut child, _) = serving(&[]);
    let interrupted = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(interrupted.success());
    // Stopped within its grace period, with success.
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if started.elapsed() > std::time::Duration::from_secs(10) {
            child.kill().unwrap();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert!(status.is_some_and(|s| s.success()), "{status:?} after Ctrl-C");
}
