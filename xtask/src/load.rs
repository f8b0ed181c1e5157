//! `cargo xtask load`: `reckon serve` under load, as a deployment sees it.
//!
//! Builds the release binary, starts `reckon serve` on a free loopback
//! port, and for each request keeps a number of clients (32 unless told)
//! sending it on kept-alive connections for a few seconds: requests per
//! second, and the median and 99th-percentile latency of the answers, of
//! the whole process, HTTP and JSON included. Answers other than 200 (a
//! 503 from a full compute pool) are counted apart.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

/// The requests measured: a name, the path and the JSON body (none for a `GET`).
const WORKLOADS: &[(&str, &str, &str)] = &[
    ("the page (GET /)", "/", ""),
    ("solve one hand", "/api/solve", r#"{"cards":[3,3,8,8]}"#),
    ("all solutions of 6 cards", "/api/solve", r#"{"cards":[1,3,4,6,8,9],"mode":"all"}"#),
];

pub fn load(args: &[String]) -> anyhow::Result<()> {
    let mut clients = 32;
    let mut seconds = 5;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| -> anyhow::Result<u64> {
            let value = args.next().with_context(|| format!("{name} needs a number"))?;
            value.parse().with_context(|| format!("{name} takes a whole number, not {value:?}"))
        };
        match arg.as_str() {
            "--clients" => clients = value("--clients")?.max(1),
            "--seconds" => seconds = value("--seconds")?.max(1),
            other => bail!("unknown option {other:?}; usage: cargo xtask load [--clients N] [--seconds N]"),
        }
    }
    let reckon = crate::release_reckon()?;
    let server = RunningServer::start(&reckon)?;
    println!("{}", crate::machine::measured_on());
    println!("reckon serve on {}, {clients} clients on kept-alive connections, {seconds} s a request", server.addr);
    println!();
    println!("| request | requests/s | median | p99 | not 200 |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    for &(name, path, body) in WORKLOADS {
        let run = hammer(server.addr, path, body, clients as usize, Duration::from_secs(seconds))?;
        println!(
            "| {name} | {:.0} | {} | {} | {} |",
            run.latencies.len() as f64 / run.elapsed.as_secs_f64(),
            crate::duration(run.percentile(0.5).as_nanos() as f64),
            crate::duration(run.percentile(0.99).as_nanos() as f64),
            run.refused,
        );
    }
    Ok(())
}

/// `reckon serve` in a child process, killed on drop.
struct RunningServer {
    child: Child,
    addr: SocketAddr,
}

impl RunningServer {
    fn start(reckon: &std::path::Path) -> anyhow::Result<RunningServer> {
        let mut child = Command::new(reckon)
            .args(["serve", "--addr", "127.0.0.1:0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .with_context(|| format!("cannot run {}", reckon.display()))?;
        let mut line = String::new();
        BufReader::new(child.stdout.take().context("no output")?).read_line(&mut line)?;
        let addr = line
            .strip_prefix("reckon is at http://")
            .and_then(|rest| rest.split('/').next())
            .with_context(|| format!("no address in {line:?}"))?
            .parse()?;
        Ok(RunningServer { child, addr })
    }
}

impl Drop for RunningServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The answers of one workload.
struct Run {
    latencies: Vec<Duration>,
    refused: usize,
    elapsed: Duration,
}

impl Run {
    fn percentile(&self, p: f64) -> Duration {
        let index = ((self.latencies.len() as f64 * p) as usize).min(self.latencies.len().saturating_sub(1));
        self.latencies.get(index).copied().unwrap_or_default()
    }
}

/// `clients` threads, each on one connection, sending the request until
/// `length` is up.
fn hammer(addr: SocketAddr, path: &str, body: &str, clients: usize, length: Duration) -> anyhow::Result<Run> {
    let request = if body.is_empty() {
        format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n")
    } else {
        format!(
            "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
    };
    let started = Instant::now();
    let until = started + length;
    let results = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..clients).map(|_| scope.spawn(|| client(addr, request.as_bytes(), until))).collect();
        workers.into_iter().map(|w| w.join().expect("a client thread panicked")).collect::<Vec<_>>()
    });
    let elapsed = started.elapsed();
    let mut run = Run { latencies: Vec::new(), refused: 0, elapsed };
    for result in results {
        let (latencies, refused) = result?;
        run.latencies.extend(latencies);
        run.refused += refused;
    }
    run.latencies.sort_unstable();
    Ok(run)
}

/// One client: the latency of every 200 answer, and the number of others.
fn client(addr: SocketAddr, request: &[u8], until: Instant) -> anyhow::Result<(Vec<Duration>, usize)> {
    let stream = TcpStream::connect(addr)?;
    stream.set_nodelay(true)?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let mut writer = stream.try_clone()?;
    let mut reader = BufReader::new(stream);
    let (mut latencies, mut refused) = (Vec::new(), 0);
    let mut line = String::new();
    while Instant::now() < until {
        let sent = Instant::now();
        writer.write_all(request)?;
        line.clear();
        reader.read_line(&mut line)?;
        let status = line.split_whitespace().nth(1).context("no status line")?.to_owned();
        let mut length = 0;
        loop {
            line.clear();
            reader.read_line(&mut line)?;
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':') {
                if name.eq_ignore_ascii_case("content-length") {
                    length = value.trim().parse()?;
                }
            }
        }
        let mut body = vec![0; length];
        reader.read_exact(&mut body)?;
        if status == "200" {
            latencies.push(sent.elapsed());
        } else {
            refused += 1;
        }
    }
    Ok((latencies, refused))
}
