//! A server under test on a free loopback port, stopped when dropped.

use std::net::SocketAddr;

use reckon_serve::{Config, Server};

use crate::client::{self, Reply};

pub struct TestServer {
    server: Option<Server>,
    pub addr: SocketAddr,
}

impl TestServer {
    pub fn start() -> TestServer {
        TestServer::with(Config::default())
    }

    /// A server with `config`, on a port of its own.
    pub fn with(config: Config) -> TestServer {
        let server = Server::start(Config { addr: SocketAddr::from(([127, 0, 0, 1], 0)), ..config })
            .expect("a free loopback port");
        TestServer { addr: server.addr(), server: Some(server) }
    }

    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    pub fn post(&self, path: &str, body: &str) -> Reply {
        client::request(self.addr, "POST", path, body)
    }

    pub fn get(&self, path: &str) -> Reply {
        client::request(self.addr, "GET", path, "")
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(server) = self.server.take() {
            server.stop();
        }
    }
}
