//! The server: hyper's HTTP/1 connections on a tokio runtime of its own,
//! with the limits that let it face the internet.
//!
//! Each limit answers one way a client can hold on to the server:
//! - a request line and headers larger than [`Config::max_header`] are
//!   answered with 431 and the connection closed;
//! - a client that does not finish its headers within
//!   [`Config::read_timeout`], or leaves a kept-alive connection idle that
//!   long, is dropped; a body must arrive within the request's time budget;
//! - at most [`Config::max_connections`] connections are open at once;
//!   further clients wait in the listen queue until one closes;
//! - bodies are refused by their declared length before they are read, and
//!   cut off past [`Config::max_body`] when they come in chunks;
//! - searches run in a pool of [`Config::workers`] places, apart from the
//!   threads that serve the page (see the compute pool).
//!
//! Connections are plain tasks, so thousands of idle ones cost memory in
//! kilobytes each, not a thread each.

use std::net::SocketAddr;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::runtime::Runtime;
use tokio::sync::{Semaphore, oneshot};

use crate::routes;

/// The stack of a thread that computes: parsing, judging and printing
/// expressions recurse on the tree, and the answer length cap keeps trees
/// shallow, but a roomy stack makes a deep one an error at worst, never an
/// abort.
const STACK_SIZE: usize = 16 * 1024 * 1024;

/// How long requests in flight may take to finish once the server is told
/// to stop, beyond the time budget they already have.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(1);

/// How the server runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Where to listen; loopback unless told otherwise.
    pub addr: SocketAddr,
    /// How long one API request may take from its arrival (reading its
    /// body and waiting for a place to compute included) before it is
    /// answered with 503.
    pub time_budget: Duration,
    /// How many API requests may compute at once (including ones that ran
    /// out of time and are still finishing); a request beyond that waits
    /// for one to finish, within its time budget, or gets 503.
    pub workers: usize,
    /// The largest request body accepted, in bytes; beyond that, 413.
    pub max_body: usize,
    /// The largest request line and headers, in bytes; beyond that, 431.
    pub max_header: usize,
    /// How long a client may take to send a request's headers, or leave
    /// its connection idle between requests.
    pub read_timeout: Duration,
    /// The most connections open at once.
    pub max_connections: usize,
    /// Whether Ctrl-C stops the server gracefully (see [`Server::wait`]).
    /// The handler is in place before [`Server::start`] returns, so an
    /// interrupt sent once the address is known is never the default
    /// one that kills the process.
    pub stop_on_ctrl_c: bool,
}

impl Default for Config {
    /// `127.0.0.1:8024`, 5 seconds per request, one worker per core, 16 KiB
    /// bodies and headers, 10 seconds to send headers, 512 connections;
    /// Ctrl-C left to the process.
    fn default() -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8024)),
            time_budget: Duration::from_secs(5),
            workers: std::thread::available_parallelism().map_or(2, usize::from),
            max_body: 16 * 1024,
            max_header: 16 * 1024,
            read_timeout: Duration::from_secs(10),
            max_connections: 512,
            stop_on_ctrl_c: false,
        }
    }
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
#[error("cannot listen on {addr}: {reason}")]
pub struct StartError {
    addr: SocketAddr,
    reason: String,
}

/// A running server.
///
/// ```no_run
/// let config = reckon_serve::Config { stop_on_ctrl_c: true, ..Default::default() };
/// let server = reckon_serve::Server::start(config).unwrap();
/// println!("open {}", server.url());
/// server.wait();
/// ```
pub struct Server {
    addr: SocketAddr,
    runtime: tokio::runtime::Handle,
    stop: oneshot::Sender<()>,
    thread: JoinHandle<()>,
    interrupt: Option<Interrupt>,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server").field("addr", &self.addr).finish_non_exhaustive()
    }
}

impl Server {
    /// Binds `config.addr` (port 0 picks a free port) and starts answering
    /// on a thread of its own.
    pub fn start(config: Config) -> Result<Server, StartError> {
        let requested = config.addr;
        let failed = move |reason: String| StartError { addr: requested, reason };
        let listener = std::net::TcpListener::bind(config.addr).map_err(|e| failed(e.to_string()))?;
        listener.set_nonblocking(true).map_err(|e| failed(e.to_string()))?;
        let addr = listener.local_addr().map_err(|e| failed(e.to_string()))?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .thread_name("reckon-serve")
            .thread_stack_size(STACK_SIZE)
            .max_blocking_threads(config.workers.max(1))
            .build()
            .map_err(|e| failed(format!("cannot start the runtime: {e}")))?;
        let handle = runtime.handle().clone();
        let listener = {
            let _entered = runtime.enter();
            TcpListener::from_std(listener).map_err(|e| failed(e.to_string()))?
        };
        let interrupt = if config.stop_on_ctrl_c {
            let _entered = runtime.enter();
            Some(Interrupt::register().map_err(|e| failed(format!("cannot catch Ctrl-C: {e}")))?)
        } else {
            None
        };
        let (stop, stopped) = oneshot::channel();
        let thread = std::thread::Builder::new()
            .name("reckon-serve".into())
            .spawn(move || run(runtime, listener, config, stopped))
            .map_err(|e| failed(format!("cannot start a thread: {e}")))?;
        Ok(Server { addr, runtime: handle, stop, thread, interrupt })
    }

    /// The address the server listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's address, e.g. `http://127.0.0.1:8024/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// With [`Config::stop_on_ctrl_c`], serves until the process is
    /// interrupted (Ctrl-C), then stops as [`Server::stop`] does; without
    /// it, serves until the process ends.
    pub fn wait(mut self) {
        match self.interrupt.take() {
            Some(mut interrupt) => {
                self.runtime.block_on(interrupt.recv());
                self.stop();
            }
            None => {
                let _ = self.thread.join();
            }
        }
    }

    /// Stops accepting connections, lets the requests in flight finish
    /// (for at most their time budget and a second), and returns.
    pub fn stop(self) {
        let _ = self.stop.send(());
        let _ = self.thread.join();
    }
}

/// A Ctrl-C handler, in place from the moment it is registered (tokio's
/// `ctrl_c()` only installs one when first polled, which leaves a window
/// where an interrupt kills the process).
struct Interrupt {
    #[cfg(unix)]
    signal: tokio::signal::unix::Signal,
    #[cfg(windows)]
    signal: tokio::signal::windows::CtrlC,
}

impl Interrupt {
    /// Registers the handler; must run inside the server's runtime.
    fn register() -> std::io::Result<Interrupt> {
        #[cfg(unix)]
        let signal = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::interrupt())?;
        #[cfg(windows)]
        let signal = tokio::signal::windows::ctrl_c()?;
        Ok(Interrupt { signal })
    }

    async fn recv(&mut self) {
        self.signal.recv().await;
    }
}

/// The server's thread: serves until told to stop, then leaves searches
/// still running to end with the process.
fn run(runtime: Runtime, listener: TcpListener, config: Config, stopped: oneshot::Receiver<()>) {
    runtime.block_on(serve(listener, config, stopped));
    runtime.shutdown_background();
}

async fn serve(listener: TcpListener, config: Config, mut stopped: oneshot::Receiver<()>) {
    let router = routes::router(&config);
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(config.read_timeout)
        .max_header_size(config.max_header)
        // hyper's smallest read buffer is 8 KiB; headers larger than the
        // buffer are answered with 431 before the rest is read.
        .max_buf_size(config.max_header.max(8 * 1024));
    let connections = Arc::new(Semaphore::new(config.max_connections.max(1)));
    let graceful = GracefulShutdown::new();
    loop {
        // A place for one more connection first: at the cap, clients wait
        // in the listen queue rather than in memory.
        let place = tokio::select! {
            place = Arc::clone(&connections).acquire_owned() => place,
            _ = &mut stopped => break,
        };
        let Ok(place) = place else { break };
        let stream = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = &mut stopped => break,
        };
        let stream = match stream {
            Ok((stream, _peer)) => stream,
            // Out of file descriptors, or a connection reset before it was
            // accepted: wait a moment rather than spin.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let connection = http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(router.clone()));
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // A client that hung up or sent garbage is no concern of ours.
            let _ = connection.await;
            drop(place);
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(config.time_budget + SHUTDOWN_GRACE, graceful.shutdown()).await;
}
