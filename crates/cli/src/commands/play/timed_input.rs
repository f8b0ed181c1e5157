//! Reading a person's lines at a terminal while a clock runs: the duel's
//! computer answers when its time is up, typed or not.
//!
//! rustyline's `readline` blocks, so it runs on a thread of its own, one
//! line per request; the game waits for the line or its deadline,
//! whichever comes first. What the game says while a line is being typed
//! goes through rustyline's external printer, which writes above the
//! prompt and redraws the line being typed.

use std::io::{IsTerminal, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::thread;
use std::time::Instant;

use rustyline::ExternalPrinter;
use rustyline::error::ReadlineError;

/// What waiting for a line brought.
pub enum Read {
    /// A line the person typed.
    Line(String),
    /// End of input, Ctrl-C or Ctrl-D.
    End,
    /// The deadline came first; the line being typed is still awaited.
    TimedOut,
}

/// Lines from a terminal, each awaited until a deadline.
pub struct TimedInput {
    prompts: Sender<String>,
    lines: Receiver<Option<String>>,
    printer: Box<dyn ExternalPrinter + Send>,
    /// A prompt is on the screen and its line not yet read.
    pending: bool,
    color: bool,
}

impl TimedInput {
    /// A reader of the terminal on stdin, or `None` when stdin is not a
    /// terminal (or rustyline cannot drive it).
    pub fn new() -> Option<TimedInput> {
        if !std::io::stdin().is_terminal() {
            return None;
        }
        let mut editor = rustyline::DefaultEditor::new().ok()?;
        let printer = editor.create_external_printer().ok()?;
        let (prompts, prompt_rx) = channel::<String>();
        let (line_tx, lines) = channel();
        thread::spawn(move || {
            while let Ok(prompt) = prompt_rx.recv() {
                let line = match editor.readline(&prompt) {
                    Ok(line) => {
                        if !line.trim().is_empty() {
                            let _ = editor.add_history_entry(line.as_str());
                        }
                        Some(line)
                    }
                    Err(ReadlineError::Eof | ReadlineError::Interrupted) | Err(_) => None,
                };
                if line_tx.send(line).is_err() {
                    break;
                }
            }
        });
        let color = anstream::stdout().current_choice() != anstream::ColorChoice::Never;
        Some(TimedInput { prompts, lines, printer: Box::new(printer), pending: false, color })
    }

    /// The next line, shown `prompt` unless a prompt is already up, or
    /// [`Read::TimedOut`] at `deadline`.
    pub fn read_line(&mut self, prompt: &str, deadline: Option<Instant>) -> Read {
        if !self.pending {
            if self.prompts.send(prompt.to_owned()).is_err() {
                return Read::End;
            }
            self.pending = true;
        }
        let line = match deadline {
            None => self.lines.recv().map_err(|_| RecvTimeoutError::Disconnected),
            Some(deadline) => self.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())),
        };
        match line {
            Err(RecvTimeoutError::Timeout) => Read::TimedOut,
            Err(RecvTimeoutError::Disconnected) | Ok(None) => {
                self.pending = false;
                Read::End
            }
            Ok(Some(line)) => {
                self.pending = false;
                Read::Line(line)
            }
        }
    }

    /// Writes `text` (whole lines) above a prompt that is up, or plainly.
    pub fn print(&mut self, text: &str, out: &mut impl Write) -> std::io::Result<()> {
        if !self.pending {
            return out.write_all(text.as_bytes());
        }
        let text = if self.color { text.to_owned() } else { anstream::adapter::strip_str(text).to_string() };
        self.printer.print(text).map_err(std::io::Error::other)
    }
}
