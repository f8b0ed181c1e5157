//! Project automation for reckon, run as `cargo xtask <task>`.
//!
//! `cargo xtask bench [--quick] [FILTER]` runs the criterion benches and
//! prints one table: each workload's median time, its throughput, and its
//! ratio against an in-project baseline measured in the same run: the
//! brute-force oracle where it finishes in reasonable time, else the search.
//! Under it, each stage of a workload measured alone (a bench function
//! named `stage: ...`), with its share of the whole workload's time. Above
//! it, as above `compare`'s, a line saying what machine it ran on.
//!
//! `cargo xtask instructions [--cache] [WORKLOAD...]` counts, under valgrind's
//! callgrind, the instructions of one pass of each workload (from a fresh
//! memo, as a criterion iteration runs): on a machine whose speed drifts
//! by half and more from hour to hour, the figure that shows a change of
//! a few percent.
//!
//! `cargo xtask compare REV [WORKLOAD] [--rounds N] [--passes N]` times a
//! workload's passes in this tree and in commit REV by turns, and prints
//! the median of the rounds' ratios: a change of time, where instruction
//! counts miss what the caches do.
//!
//! `cargo xtask load [--clients N] [--seconds N]` puts `reckon serve` under
//! load on loopback and prints requests per second and latencies.
//!
//! `cargo xtask process` times whole `reckon` processes on fixed inputs
//! against the figures they are held to.
//!
//! `cargo xtask man [DIR]` writes the man pages of `reckon` (reckon.1 and
//! one per subcommand) into DIR, by default target/man.

// Timings are measurements, not engine values: floats are right here.
#![allow(clippy::float_arithmetic)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

use anyhow::{Context, bail};
use serde_json::Value;

mod compare;
mod load;
mod machine;
mod man;
mod process;

const USAGE: &str = "usage: cargo xtask bench [--quick] [FILTER] | cargo xtask instructions [--cache] [WORKLOAD...] \
                     | cargo xtask compare REV [WORKLOAD] [--rounds N] [--passes N] \
                     | cargo xtask load [--clients N] [--seconds N] | cargo xtask process \
                     | cargo xtask man [DIR]";

/// What `cargo xtask --help` (or `help`, or `-h` after any task) prints.
const HELP: &str = "\
cargo xtask bench [--quick] [FILTER]
    run the criterion benches and print one table of medians, throughputs
    and speed-ups against the baseline measured in the same run
cargo xtask instructions [--cache] [WORKLOAD...]
    count one pass's instructions (and, with --cache, its cache misses)
    under valgrind's callgrind
cargo xtask compare REV [WORKLOAD] [--rounds N] [--passes N]
    time a workload in this tree and in commit REV, the two by turns
cargo xtask load [--clients N] [--seconds N]
    run reckon serve on loopback under N clients (32) and print requests
    per second, median and 99th-percentile latency
cargo xtask process
    time whole reckon processes (deciding, counting, a census) as a user
    runs them, against the figures they are held to
cargo xtask man [DIR]
    write the man pages of reckon (reckon.1, reckon-census.1, ...) into
    DIR, by default target/man";

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // Asked for help, a task's flags are not errors.
    if args.first().is_some_and(|first| first == "help") || args.iter().any(|arg| arg == "--help" || arg == "-h") {
        println!("{HELP}");
        return Ok(());
    }
    match args.first().map(String::as_str) {
        Some("bench") => bench(&args[1..]),
        Some("instructions") => instructions(&args[1..]),
        Some("compare") => compare::compare(&args[1..]),
        Some("load") => load::load(&args[1..]),
        Some("man") => man::man(&args[1..]),
        Some("process") => process::process(&args[1..]),
        _ => bail!("{USAGE}"),
    }
}

fn bench(args: &[String]) -> anyhow::Result<()> {
    let (quick, filter) = flag_and_names(args, "--quick")?;
    let root = workspace_root();
    let started = SystemTime::now();
    let mut cargo = cargo(&root);
    cargo.args(["bench", "-p", "reckon-benches", "--benches", "--"]);
    if quick {
        cargo.args(["--warm-up-time", "0.3", "--measurement-time", "1", "--sample-size", "10"]);
    }
    // The whole processes are timed after a full run, not a filtered one.
    let whole_run = filter.is_empty();
    cargo.args(filter);
    let status = cargo.status().context("cannot run cargo bench")?;
    if !status.success() {
        bail!("cargo bench failed: {status}");
    }
    let results = read_results(&target_dir(&root)?.join("criterion"), started)?;
    println!("{}", machine::measured_on());
    println!();
    print_table(&results);
    if whole_run {
        println!();
        process::process(&[])?;
    }
    Ok(())
}

/// Prints the instructions of one pass of each workload named (every
/// one if none is): the count of two passes less that of one, so that
/// building the input is not counted. With `--cache`, callgrind also
/// simulates first-level caches of 32 KiB and a last level of 1 MiB (the
/// caches of the machine the README's first counts were made on), and
/// their misses a pass are printed beside: a first-level miss costs a
/// dozen cycles or so, and data missed past the second level is read
/// from the shared third, or from memory when neighbours crowd it out,
/// which is what makes a listing's time drift from hour to hour.
fn instructions(args: &[String]) -> anyhow::Result<()> {
    let (cache, names) = flag_and_names(args, "--cache")?;
    let root = workspace_root();
    let status = cargo(&root)
        .args(["build", "--profile", "bench", "-p", "reckon-benches", "--example", "passes"])
        .status()
        .context("cannot run cargo build")?;
    if !status.success() {
        bail!("building the workloads failed: {status}");
    }
    // The bench profile builds into the release directory.
    let passes = target_dir(&root)?.join("release/examples/passes");
    let listed = Command::new(&passes).arg("--list").output().context("cannot run the workloads")?;
    let known: Vec<String> = String::from_utf8(listed.stdout)?.lines().map(str::to_owned).collect();
    if let Some(unknown) = names.iter().find(|name| !known.contains(name)) {
        bail!("no workload named {unknown:?}; there are {}", known.join(", "));
    }
    let columns: &[(Event, &str)] = if cache {
        &[
            (Event::Instructions, "instructions per pass"),
            (Event::CodeMisses, "instruction-cache misses"),
            (Event::DataReadMisses, "data-cache read misses"),
            (Event::DataReadsPastSecond, "data reads missed past 1 MiB"),
            (Event::DataWritesPastSecond, "data writes missed past 1 MiB"),
        ]
    } else {
        &[(Event::Instructions, "instructions per pass")]
    };
    println!("| workload | {} |", columns.iter().map(|(_, title)| *title).collect::<Vec<_>>().join(" | "));
    println!("|---|{}", "---|".repeat(columns.len()));
    for name in known.iter().filter(|name| names.is_empty() || names.contains(name)) {
        let (one, two) = (counted(&passes, name, 1, cache)?, counted(&passes, name, 2, cache)?);
        let mut row = format!("| {name} |");
        for &(event, _) in columns {
            let per_pass = two[event as usize]
                .checked_sub(one[event as usize])
                .context("two passes counted fewer events than one")?;
            row.push_str(&format!(" {} |", si(per_pass as f64)));
        }
        println!("{row}");
    }
    Ok(())
}

/// Where callgrind's events stand on its "Collected" line: with cache
/// simulation it counts `Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw`.
#[derive(Clone, Copy)]
enum Event {
    Instructions = 0,
    CodeMisses = 3,
    DataReadMisses = 4,
    DataReadsPastSecond = 7,
    DataWritesPastSecond = 8,
}

/// The events callgrind counts in `passes` runs of `workload`, in its
/// order (see [`Event`]): the instructions alone unless `cache`.
fn counted(program: &Path, workload: &str, passes: usize, cache: bool) -> anyhow::Result<Vec<u64>> {
    let output = Command::new("valgrind")
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
        // Every cache's size given, not read off the host: valgrind takes
        // the first levels from the processor it runs on, and counts made
        // on machines with other caches would not compare.
        .args(if cache {
            &["--cache-sim=yes", "--I1=32768,8,64", "--D1=32768,8,64", "--LL=1048576,16,64"][..]
        } else {
            &[]
        })
        .arg(program)
        .args([workload, &passes.to_string()])
        .output()
        .context("cannot run valgrind (Debian: apt-get install valgrind)")?;
    let log = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        bail!("{workload} failed under valgrind: {}\n{log}", output.status);
    }
    // callgrind ends with "==pid== Collected : 123456 ...".
    let collected = log.lines().find_map(|line| line.split_once("Collected :").map(|(_, counts)| counts));
    let counts = collected.context("no instruction count in callgrind's output")?.split_whitespace();
    let counts: Vec<u64> =
        counts.map(str::parse).collect::<Result<_, _>>().context("callgrind's count is not a number")?;
    let wanted = if cache { Event::DataWritesPastSecond as usize + 1 } else { 1 };
    if counts.len() < wanted {
        bail!("callgrind counted {} events, not {wanted}", counts.len());
    }
    Ok(counts)
}

/// Whether a task's one `flag` is among `args`, and the other arguments;
/// any other flag fails, rather than being read as a name or left out.
fn flag_and_names<'a>(args: &'a [String], flag: &str) -> anyhow::Result<(bool, Vec<&'a String>)> {
    if let Some(unknown) = args.iter().find(|a| a.starts_with("--") && *a != flag) {
        bail!("unknown flag {unknown}\n{USAGE}");
    }
    Ok((args.iter().any(|a| a == flag), args.iter().filter(|a| !a.starts_with("--")).collect()))
}

/// Builds the release `reckon`, as a user installs it, and returns its path.
fn release_reckon() -> anyhow::Result<PathBuf> {
    let root = workspace_root();
    let status =
        cargo(&root).args(["build", "--release", "-p", "reckon-cli"]).status().context("cannot run cargo build")?;
    if !status.success() {
        bail!("building reckon failed: {status}");
    }
    Ok(target_dir(&root)?.join("release/reckon"))
}

fn cargo(root: &Path) -> Command {
    let mut cargo = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    cargo.current_dir(root);
    cargo
}

/// Where cargo builds the workspace: `target/` unless `CARGO_TARGET_DIR`
/// or a cargo config moves it, which cargo itself knows best.
fn target_dir(root: &Path) -> anyhow::Result<PathBuf> {
    let output = cargo(root)
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .output()
        .context("cannot run cargo metadata")?;
    if !output.status.success() {
        bail!("cargo metadata failed: {}\n{}", output.status, String::from_utf8_lossy(&output.stderr));
    }
    let metadata: Value = serde_json::from_slice(&output.stdout).context("cargo metadata printed no JSON")?;
    let dir = metadata["target_directory"].as_str().context("cargo metadata names no target directory")?;
    Ok(PathBuf::from(dir))
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask sits in the workspace root").to_path_buf()
}

/// One measured function of one workload.
struct Measurement {
    workload: String,
    function: String,
    median_ns: f64,
    elements: Option<u64>,
}

/// Reads every benchmark criterion wrote since `since`.
fn read_results(dir: &Path, since: SystemTime) -> anyhow::Result<Vec<Measurement>> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let is_new = path.ends_with("new/benchmark.json");
            let fresh = entry.metadata().and_then(|m| m.modified()).is_ok_and(|t| t >= since);
            if is_new && fresh {
                found.push(read_measurement(path.parent().expect("inside new/"))?);
            }
        }
    }
    found.sort_by(|a, b| (&a.workload, &a.function).cmp(&(&b.workload, &b.function)));
    Ok(found)
}

fn read_measurement(dir: &Path) -> anyhow::Result<Measurement> {
    let read = |name: &str| -> anyhow::Result<Value> {
        let text = std::fs::read_to_string(dir.join(name)).with_context(|| format!("reading {}", dir.display()))?;
        Ok(serde_json::from_str(&text)?)
    };
    let benchmark = read("benchmark.json")?;
    let estimates = read("estimates.json")?;
    Ok(Measurement {
        workload: benchmark["group_id"].as_str().unwrap_or_default().to_owned(),
        function: benchmark["function_id"].as_str().unwrap_or_default().to_owned(),
        median_ns: estimates["median"]["point_estimate"].as_f64().context("no median")?,
        elements: benchmark["throughput"]["Elements"].as_u64(),
    })
}

/// The baselines a workload is compared with, in order of preference:
/// the brute-force oracle, the search, or (for a parallel workload) the
/// same work on one thread.
const BASELINES: [&str; 3] = ["oracle", "search", "one thread"];

fn print_table(results: &[Measurement]) {
    println!("| workload | median | throughput | baseline | baseline median | speed-up |");
    println!("|---|---|---|---|---|---|");
    for m in results.iter().filter(|m| m.function == "reckon") {
        let baseline =
            BASELINES.iter().find_map(|name| results.iter().find(|o| o.workload == m.workload && o.function == *name));
        let throughput = m.elements.map_or("-".into(), |n| format!("{}/s", si(n as f64 / (m.median_ns * 1e-9))));
        let (name, time, ratio) = match baseline {
            Some(b) => (b.function.as_str(), duration(b.median_ns), format!("{:.1}x", b.median_ns / m.median_ns)),
            None => ("-", "-".into(), "-".into()),
        };
        println!("| {} | {} | {throughput} | {name} | {time} | {ratio} |", m.workload, duration(m.median_ns));
    }
    print_stages(results);
}

/// The prefix of a function that measures a stage of its workload's
/// `reckon` alone.
const STAGE: &str = "stage: ";

/// Prints, under the table, each stage measured with its share of the
/// whole workload's time, if any was.
fn print_stages(results: &[Measurement]) {
    let stages: Vec<(&str, &Measurement, &Measurement)> = results
        .iter()
        .filter_map(|m| {
            let name = m.function.strip_prefix(STAGE)?;
            Some((name, m, results.iter().find(|o| o.workload == m.workload && o.function == "reckon")?))
        })
        .collect();
    if stages.is_empty() {
        return;
    }
    println!();
    println!("| workload | stage, alone | median | share of reckon |");
    println!("|---|---|---|---|");
    for (name, stage, whole) in stages {
        let share = 100.0 * stage.median_ns / whole.median_ns;
        println!("| {} | {name} | {} | {share:.0}% |", stage.workload, duration(stage.median_ns));
    }
}

fn duration(ns: f64) -> String {
    match ns {
        ns if ns < 1e3 => format!("{ns:.0} ns"),
        ns if ns < 1e6 => format!("{:.1} µs", ns / 1e3),
        ns if ns < 1e9 => format!("{:.2} ms", ns / 1e6),
        ns => format!("{:.2} s", ns / 1e9),
    }
}

fn si(x: f64) -> String {
    match x {
        x if x >= 1e9 => format!("{:.2} G", x / 1e9),
        x if x >= 1e6 => format!("{:.2} M", x / 1e6),
        x if x >= 1e3 => format!("{:.1} k", x / 1e3),
        x => format!("{x:.1} "),
    }
}
