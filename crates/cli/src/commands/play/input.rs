//! Where the player's lines come from: a terminal with line editing and
//! history, or a pipe whose lines are echoed after their prompt so that a
//! scripted game prints a readable transcript.

use std::io::{BufRead, IsTerminal, Write};

/// Where the player's lines come from.
pub enum Input {
    /// A terminal: line editing and history.
    Editor(Box<rustyline::DefaultEditor>),
    /// A pipe or file: plain lines, echoed so the transcript shows them.
    Plain(std::io::StdinLock<'static>),
}

impl Input {
    pub fn new() -> Input {
        let stdin = std::io::stdin();
        if stdin.is_terminal() {
            if let Ok(editor) = rustyline::DefaultEditor::new() {
                return Input::Editor(Box::new(editor));
            }
        }
        Input::Plain(stdin.lock())
    }

    /// The next line, or `None` at the end of input (or Ctrl-C / Ctrl-D).
    pub fn read_line(&mut self, out: &mut impl Write, prompt: &str) -> anyhow::Result<Option<String>> {
        match self {
            Input::Editor(editor) => match editor.readline(prompt) {
                Ok(line) => {
                    if !line.trim().is_empty() {
                        let _ = editor.add_history_entry(line.as_str());
                    }
                    Ok(Some(line))
                }
                Err(rustyline::error::ReadlineError::Eof | rustyline::error::ReadlineError::Interrupted) => Ok(None),
                Err(err) => Err(err.into()),
            },
            Input::Plain(stdin) => loop {
                write!(out, "{prompt}")?;
                let mut bytes = Vec::new();
                if stdin.read_until(b'\n', &mut bytes)? == 0 {
                    writeln!(out)?;
                    return Ok(None);
                }
                match String::from_utf8(bytes) {
                    Ok(text) => {
                        let line = text.trim_end_matches(['\n', '\r']).to_owned();
                        writeln!(out, "{line}")?;
                        return Ok(Some(line));
                    }
                    // Echoed as far as it reads, refused as the batch
                    // refuses it, and the game goes on.
                    Err(err) => {
                        writeln!(out, "{}", String::from_utf8_lossy(err.as_bytes()).trim_end_matches(['\n', '\r']))?;
                        writeln!(out, "error: {}", crate::input::LineError::NotText)?;
                    }
                }
            },
        }
    }
}

impl Input {
    /// Is a person typing at a terminal (so time may be shown)?
    pub fn is_terminal(&self) -> bool {
        matches!(self, Input::Editor(_))
    }
}

/// What the player asked for with one line: a word every game knows, or
/// an answer. Each game says so when a word is not one of its moves, so
/// that `hint` in a duel is not judged as an expression.
pub enum Move<'a> {
    Answer(&'a str),
    Pass,
    Hint,
    Show,
    All,
    Help,
    Quit,
}

impl Move<'_> {
    pub fn read(line: &str) -> Move<'_> {
        match line.trim().to_ascii_lowercase().as_str() {
            "pass" => Move::Pass,
            "hint" => Move::Hint,
            "show" => Move::Show,
            "all" => Move::All,
            "help" | "?" => Move::Help,
            "quit" | "exit" | "q" => Move::Quit,
            _ => Move::Answer(line),
        }
    }

    /// The word of a move that is not an answer.
    pub fn word(&self) -> &'static str {
        match self {
            Move::Answer(_) => "",
            Move::Pass => "pass",
            Move::Hint => "hint",
            Move::Show => "show",
            Move::All => "all",
            Move::Help => "help",
            Move::Quit => "quit",
        }
    }
}
