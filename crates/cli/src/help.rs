//! The examples and notes printed under each command's options.

/// The examples of the default command, shared by `-h` and `--help`.
macro_rules! solve_examples {
    () => {
        "\
Examples:
  reckon 3 3 8 8                      one solution: 8/(3-8/3) = 24
  reckon -t 10 1 2 3 4                another target
  reckon -t 7/2 -1/2 1.5 2            fractions, negatives and decimals are fine
  reckon --ops +-* 1 2 3 4            only some operators
  reckon --all 4 4 10 10              every different solution
  reckon --rules countdown -t 765 1 3 7 10 25 50
  printf '3 3 8 8\\n1 1 1 1\\n' | reckon -f bool
                                      one hand per line from stdin"
    };
}

pub const SOLVE: &str = concat!(
    solve_examples!(),
    "

Exit status: 0 solved, 1 no solution, 2 bad input (see --help)."
);

pub const SOLVE_LONG: &str = concat!(
    solve_examples!(),
    "

Exit status:
  0    the hand is solved; or every line of a batch from stdin was a hand
       (whether or not it has a solution)
  1    the hand has no solution
  2    bad usage or bad input; in a batch, one line or more was not a hand
       (each such line gets an error line, and the other lines their answers)
  130  stopped by Ctrl-C"
);

pub const CENSUS: &str = "\
Examples:
  reckon census                       4 cards from 1..=13, target 24
  reckon census --range 1-10 --count -f csv
  reckon census --targets 1..=100     how many hands make each target
  reckon census --rules countdown     every Countdown selection, targets 100..=999
  reckon census --count --plot counts.svg
                                      the summary, and its histogram drawn
  reckon census --shard 2/8 -f json --summary part2.summary.json > part2.jsonl
                                      part 2 of 8 of a long census, rows and summary
  reckon census --merge part*.jsonl   the summary of all the parts";

pub const REACH: &str = "\
Examples:
  reckon reach 1 2 3 4                the numbers 1 2 3 4 make from 0 to 1000
  reckon reach --range 1-100 2 3 5 7
  reckon reach --ops +- -f json 1 2 4 8";

pub const EXPRESSIONS: &str = "\
Examples:
  reckon expressions --operands 4     a, b, c, d: 1170 different expressions
  reckon expressions --operands 4 -d syntax";

pub const SERVE: &str = "\
Examples:
  reckon serve                        the page at http://127.0.0.1:8024
  reckon serve --open                 and open it in the browser
  reckon serve --addr 0.0.0.0:8080    let other machines in, on port 8080";

pub const COMPLETIONS: &str = "\
Examples (each shell reads the file when it starts):
  bash        reckon completions bash > ~/.local/share/bash-completion/completions/reckon
  zsh         reckon completions zsh > ~/.zfunc/_reckon
              with, in ~/.zshrc before compinit: fpath+=(~/.zfunc)
  fish        reckon completions fish > ~/.config/fish/completions/reckon.fish
  elvish      reckon completions elvish >> ~/.config/elvish/rc.elv
  powershell  reckon completions powershell >> $PROFILE";

/// Printed on stderr when `reckon` waits for hands from a terminal.
pub const READING_STDIN: &str = "reading hands from stdin, one per line; Ctrl-D to end; `reckon --help` for more";
