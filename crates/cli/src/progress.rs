//! A spinner on a terminal for a question that takes more than a second.
//!
//! Most hands are answered in microseconds, but a hand of eight to ten
//! cards can keep the engine busy for seconds: a terminal is then told
//! what is being worked on and for how long, rather than left silent.
//! Nothing is drawn when stderr is not a terminal, so output that is read
//! by programs or compared in tests stays as it is.

use std::io::IsTerminal;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

/// How long a question runs before the spinner shows: shorter ones would
/// only make it flicker.
const QUIET_FOR: Duration = Duration::from_secs(1);

/// Runs `work`, showing `what` with a spinner and the time taken on stderr
/// once it has run for [`QUIET_FOR`], if stderr is a terminal.
pub fn while_working<T>(what: &str, work: impl FnOnce() -> T) -> T {
    if !std::io::stderr().is_terminal() {
        return work();
    }
    let (done, finished) = mpsc::channel::<()>();
    let what = what.to_owned();
    let spinner = thread::spawn(move || {
        if finished.recv_timeout(QUIET_FOR) != Err(RecvTimeoutError::Timeout) {
            return;
        }
        let style = ProgressStyle::with_template("{spinner} {msg} ({elapsed})").expect("a valid template");
        let bar = ProgressBar::new_spinner().with_style(style).with_message(what);
        bar.enable_steady_tick(Duration::from_millis(100));
        // Until `work` is done, whether it returns or panics.
        let _ = finished.recv();
        bar.finish_and_clear();
    });
    let answer = work();
    drop(done);
    let _ = spinner.join();
    answer
}
