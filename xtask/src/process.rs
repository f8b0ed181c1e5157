//! `cargo xtask process`: whole `reckon` processes timed as a user runs
//! them, start-up, reading and writing included.
//!
//! In-process benchmarks measure the engine; what a person waits for is
//! the process. Each command runs with its input from a file, a few times
//! to warm the caches and then repeatedly for about a second, and the
//! median and fastest run are printed beside the figure the command is held
//! to. The short commands run by turns, one of each per round, so that a
//! machine whose speed drifts while they run weighs on all alike. A
//! process that only starts (`reckon --version`) is timed too, as the
//! floor under every figure. A second table runs each question once on
//! hands of 6 to 10 distinct cards, where reckon's memory and search limits
//! decide whether it answers or refuses. `cargo xtask bench` prints these
//! tables after its own when no filter is given.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

/// One command: what it does, its arguments, its standard input, and the
/// time it is held to (none for the floor).
struct Workload {
    name: &'static str,
    args: &'static [&'static str],
    input: Input,
    target: Option<Duration>,
}

/// What a command reads.
#[derive(Clone, Copy)]
enum Input {
    Nothing,
    /// Every hand of `cards` cards from 1..=13, one per line.
    Hands {
        cards: usize,
    },
}

const WORKLOADS: &[Workload] = &[
    Workload { name: "start-up alone (reckon --version)", args: &["--version"], input: Input::Nothing, target: None },
    Workload {
        name: "decide 1820 hands of 4 cards (-f bool)",
        args: &["-f", "bool"],
        input: Input::Hands { cards: 4 },
        target: Some(Duration::from_millis(3)),
    },
    Workload {
        name: "decide 6188 hands of 5 cards (-f bool)",
        args: &["-f", "bool"],
        input: Input::Hands { cards: 5 },
        target: Some(Duration::from_millis(10)),
    },
    Workload {
        name: "count distinct solutions of 1820 hands (--count)",
        args: &["--count"],
        input: Input::Hands { cards: 4 },
        target: Some(Duration::from_micros(4500)),
    },
    Workload { name: "one solution of each of 1820 hands", args: &[], input: Input::Hands { cards: 4 }, target: None },
    Workload {
        name: "Countdown census, 1 thread",
        args: &["census", "--rules", "countdown", "-j", "1", "-f", "jsonl"],
        input: Input::Nothing,
        target: Some(Duration::from_millis(800)),
    },
];

pub fn process(args: &[String]) -> anyhow::Result<()> {
    if let Some(arg) = args.first() {
        bail!("cargo xtask process takes no arguments, not {arg:?}");
    }
    let reckon = crate::release_reckon()?;
    let inputs = crate::target_dir(&crate::workspace_root())?.join("tmp/process-inputs");
    std::fs::create_dir_all(&inputs).with_context(|| format!("cannot create {}", inputs.display()))?;
    println!("{}", crate::machine::measured_on());
    println!();
    println!("| whole process | median | fastest | target |");
    println!("|---|---|---|---|");
    let inputs =
        WORKLOADS.iter().map(|workload| write_input(&inputs, workload.input)).collect::<Result<Vec<_>, _>>()?;
    let runs: Vec<Run<'_>> = WORKLOADS
        .iter()
        .zip(&inputs)
        .map(|(workload, input)| Run { reckon: &reckon, args: workload.args, input: input.as_deref() })
        .collect();
    for (workload, times) in WORKLOADS.iter().zip(time_by_turns(&runs)?) {
        let target = workload.target.map_or("-".to_owned(), |t| format!("≤ {}", crate::duration(t.as_nanos() as f64)));
        println!(
            "| {} | {} | {} | {target} |",
            workload.name,
            crate::duration(times[times.len() / 2].as_nanos() as f64),
            crate::duration(times[0].as_nanos() as f64),
        );
    }
    println!();
    limits(&reckon)
}

/// The questions of the limits table: a name, the arguments before the
/// cards, and the target, for which each is at its slowest: no solution
/// to find or rule out for deciding and solving, many to list and count.
const QUESTIONS: &[(&str, &[&str])] = &[
    ("decide", &["-f", "bool", "-t", "1/1000003"]),
    ("one solution", &["-t", "1/1000003"]),
    ("all (--all)", &["--all"]),
    ("count (--count)", &["--count"]),
    ("reach", &["reach"]),
];

/// One run of each question on the hand `1 2 ... n` for n = 6..=10 (the
/// worst case of distinct cards): how long it takes, and whether reckon
/// answered or refused (exit 2, past its memory or search limits).
fn limits(reckon: &Path) -> anyhow::Result<()> {
    print!("| one hand 1..n |");
    QUESTIONS.iter().for_each(|(name, _)| print!(" {name} |"));
    println!();
    println!("|---{}|", "|---".repeat(QUESTIONS.len()));
    for n in 6..=10 {
        let cards: Vec<String> = (1..=n).map(|card| card.to_string()).collect();
        print!("| n = {n} |");
        for (_, before) in QUESTIONS {
            let args: Vec<&str> = before.iter().copied().chain(cards.iter().map(String::as_str)).collect();
            let started = Instant::now();
            let status = as_a_user_runs(reckon)
                .args(&args)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()?;
            let took = crate::duration(started.elapsed().as_nanos() as f64);
            match status.code() {
                Some(0 | 1) => print!(" {took} |"),
                Some(2) => print!(" refused after {took} |"),
                _ => bail!("reckon {} failed: {status}", args.join(" ")),
            }
        }
        println!();
    }
    Ok(())
}

/// The file holding `input`, written once.
fn write_input(dir: &Path, input: Input) -> anyhow::Result<Option<PathBuf>> {
    let Input::Hands { cards } = input else { return Ok(None) };
    let path = dir.join(format!("hands-{cards}-of-1-13.txt"));
    let mut text = String::new();
    let mut hand = vec![1u32; cards];
    loop {
        let line: Vec<String> = hand.iter().map(u32::to_string).collect();
        text.push_str(&line.join(" "));
        text.push('\n');
        // The next multiset in order: raise the last card that can be
        // raised, and every card after it to the same value.
        let Some(at) = hand.iter().rposition(|&card| card < 13) else { break };
        let raised = hand[at] + 1;
        hand[at..].fill(raised);
    }
    std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(Some(path))
}

/// `reckon` to run as from a shell: without the `LD_LIBRARY_PATH` that
/// `cargo run` sets for its own libraries, in whose directories the
/// dynamic loader would look for the C library at every start, about a
/// fifth of a millisecond a run that a user does not pay.
fn as_a_user_runs(reckon: &Path) -> Command {
    let mut command = Command::new(reckon);
    command.env_remove("LD_LIBRARY_PATH");
    command
}

/// One command of a workload: `reckon args < input`.
struct Run<'a> {
    reckon: &'a Path,
    args: &'a [&'a str],
    input: Option<&'a Path>,
}

impl Run<'_> {
    /// How long one run takes, start to exit.
    fn time(&self) -> anyhow::Result<Duration> {
        let stdin = match self.input {
            Some(path) => Stdio::from(File::open(path)?),
            None => Stdio::null(),
        };
        let started = Instant::now();
        let status = as_a_user_runs(self.reckon).args(self.args).stdin(stdin).stdout(Stdio::null()).status()?;
        let took = started.elapsed();
        // A hand without a solution exits 1; anything else is a failure.
        if !matches!(status.code(), Some(0 | 1)) {
            bail!("reckon {} failed: {status}", self.args.join(" "));
        }
        Ok(took)
    }
}

/// Runs that take longer than this are timed on their own; shorter ones
/// by turns.
const BY_TURNS_UNDER: Duration = Duration::from_millis(100);

/// The times of each of `runs`, fastest first. The short ones are timed
/// by turns, one run of each per round, so that a machine that slows
/// down or speeds up while they run (as shared and virtual machines do)
/// weighs on all of them alike, start-up included: three rounds to warm
/// up, then rounds for about a second per command (at least five rounds,
/// at most a hundred). A long one (the census) is timed on its own, for
/// about a second and at least five runs.
fn time_by_turns(runs: &[Run<'_>]) -> anyhow::Result<Vec<Vec<Duration>>> {
    let mut times = vec![Vec::new(); runs.len()];
    let mut short = Vec::new();
    for (at, run) in runs.iter().enumerate() {
        if run.time()? < BY_TURNS_UNDER {
            short.push(at);
        } else {
            times[at] = repeated(run, 5)?;
        }
    }
    for _ in 0..2 {
        for &at in &short {
            runs[at].time()?;
        }
    }
    let started = Instant::now();
    let budget = Duration::from_secs(short.len() as u64);
    let mut rounds = 0;
    while rounds < 5 || (rounds < 100 && started.elapsed() < budget) {
        for &at in &short {
            times[at].push(runs[at].time()?);
        }
        rounds += 1;
    }
    times.iter_mut().for_each(|times| times.sort_unstable());
    Ok(times)
}

/// The times of `run` repeated for about a second, at least `fewest`
/// times, in the order they ran.
fn repeated(run: &Run<'_>, fewest: usize) -> anyhow::Result<Vec<Duration>> {
    let mut times = Vec::new();
    let started = Instant::now();
    while times.len() < fewest || started.elapsed() < Duration::from_secs(1) {
        times.push(run.time()?);
    }
    Ok(times)
}
