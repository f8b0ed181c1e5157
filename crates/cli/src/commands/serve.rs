//! `reckon serve`: the game and the solver in the browser. The server is
//! reckon-serve; this only reads the options and reports the address.

use std::net::SocketAddr;

use clap::Args;
use reckon_serve::{Config, Server};

use crate::args::MemoryArg;
use crate::{Status, report};

/// Arguments of `reckon serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Where to listen. The default is reachable from this machine only;
    /// give 0.0.0.0:PORT to let other machines in.
    #[arg(long, value_name = "IP:PORT", default_value = "127.0.0.1:8024")]
    pub addr: SocketAddr,

    /// Open the page in the browser once the server is up.
    #[arg(long)]
    pub open: bool,

    #[command(flatten)]
    pub memory: MemoryArg,
}

pub fn run(args: &ServeArgs) -> anyhow::Result<Status> {
    let server = match Server::start(Config { addr: args.addr, stop_on_ctrl_c: true, ..Config::default() }) {
        Ok(server) => server,
        Err(err) => {
            report::error(&err.to_string());
            return Ok(Status::BadInput);
        }
    };
    let url = server.url();
    println!("reckon is at {url} (Ctrl-C to stop)");
    if args.open {
        if let Err(err) = reckon_serve::open_in_browser(&url) {
            report::error(&format!("cannot open a browser ({err}); open {url} yourself"));
        }
    }
    server.wait();
    Ok(Status::Success)
}
