//! `cargo xtask compare REV [WORKLOAD] [--rounds N] [--passes N]`: one
//! workload's time per pass in this tree against the same in commit REV,
//! the two builds run by turns. On a machine whose speed drifts by half
//! from hour to hour, two builds timed an hour apart, or even a few
//! minutes apart, differ by more than most changes do; run by turns, each
//! round meets both builds in the same state of the machine, and the
//! median of the rounds' ratios is the figure that holds.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{Context, bail};

use crate::{cargo, duration, target_dir, workspace_root};

const USAGE: &str = "usage: cargo xtask compare REV [WORKLOAD] [--rounds N] [--passes N]";

/// What to compare, and how many times.
struct Plan {
    rev: String,
    workload: String,
    rounds: usize,
    passes: usize,
}

impl Plan {
    fn parse(args: &[String]) -> anyhow::Result<Plan> {
        let (mut names, mut rounds, mut passes) = (Vec::new(), 20, 100);
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            let mut count = |flag: &str| -> anyhow::Result<usize> {
                let value = args.next().with_context(|| format!("{flag} needs a number\n{USAGE}"))?;
                value.parse().ok().filter(|&n| n > 0).with_context(|| format!("{flag} {value:?}: not a count"))
            };
            match arg.as_str() {
                "--rounds" => rounds = count("--rounds")?,
                "--passes" => passes = count("--passes")?,
                flag if flag.starts_with("--") => bail!("unknown flag {flag}\n{USAGE}"),
                name => names.push(name.to_owned()),
            }
        }
        let mut names = names.into_iter();
        let rev = names.next().with_context(|| format!("which commit to compare with?\n{USAGE}"))?;
        let workload = names.next().unwrap_or_else(|| "list-4".to_owned());
        if let Some(extra) = names.next() {
            bail!("unexpected argument {extra:?}\n{USAGE}");
        }
        Ok(Plan { rev, workload, rounds, passes })
    }
}

pub(crate) fn compare(args: &[String]) -> anyhow::Result<()> {
    let plan = Plan::parse(args)?;
    let root = workspace_root();
    let target = target_dir(&root)?;
    let dir = target.join("compare");
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot make {}", dir.display()))?;
    let commit = git(&root, &["rev-parse", "--verify", &format!("{}^{{commit}}", plan.rev)])?;
    let short = &commit[..commit.len().min(10)];
    let builds = [
        (short.to_owned(), passes_at(&root, &commit, &dir)?),
        ("this tree".to_owned(), passes_here(&root, &target, &dir)?),
    ];
    for (name, program) in &builds {
        let listed = Command::new(program).arg("--list").output().context("cannot run the workloads")?;
        if !String::from_utf8_lossy(&listed.stdout).lines().any(|known| known == plan.workload) {
            bail!("{name} has no workload named {:?}", plan.workload);
        }
    }
    // Nanoseconds a pass, by build, a time for each round.
    let mut times = [Vec::new(), Vec::new()];
    for round in 0..plan.rounds {
        // By turns, so that neither build always runs right after the other.
        let order = if round % 2 == 0 { [0, 1] } else { [1, 0] };
        for build in order {
            times[build].push(time_a_pass(&builds[build].1, &plan)?);
        }
    }
    print_comparison(&plan, &builds, &times);
    Ok(())
}

/// The workloads program of this tree, built into its `target` and kept
/// beside the others.
fn passes_here(root: &Path, target: &Path, dir: &Path) -> anyhow::Result<PathBuf> {
    build_passes(cargo(root), "this tree")?;
    keep(target, dir, "passes-here")
}

/// The workloads program of `commit`: its files exported from git into a
/// directory of their own and built there, in a target directory of its
/// own, so that this tree's build is left as it is.
fn passes_at(root: &Path, commit: &str, dir: &Path) -> anyhow::Result<PathBuf> {
    let tree = dir.join(format!("tree-{commit}"));
    if !tree.exists() {
        let unpacking = tree.with_extension("partial");
        let _ = std::fs::remove_dir_all(&unpacking);
        std::fs::create_dir_all(&unpacking)?;
        let mut archive = Command::new("git")
            .args(["archive", "--format=tar", commit])
            .current_dir(root)
            .stdout(Stdio::piped())
            .spawn()
            .context("cannot run git archive")?;
        let files = archive.stdout.take().context("no output from git archive")?;
        let unpacked = Command::new("tar").arg("-x").arg("-C").arg(&unpacking).stdin(files).status()?;
        if !archive.wait()?.success() || !unpacked.success() {
            bail!("cannot export {commit} into {}", unpacking.display());
        }
        std::fs::rename(&unpacking, &tree)?;
    }
    let target = dir.join("target");
    let mut build = cargo(&tree);
    build.env("CARGO_TARGET_DIR", &target);
    build_passes(build, commit)?;
    keep(&target, dir, &format!("passes-{commit}"))
}

fn build_passes(mut cargo: Command, what: &str) -> anyhow::Result<()> {
    let status = cargo
        .args(["build", "--profile", "bench", "-p", "reckon-benches", "--example", "passes"])
        .status()
        .context("cannot run cargo build")?;
    if !status.success() {
        bail!("building the workloads of {what} failed: {status}");
    }
    Ok(())
}

/// A copy of the workloads program built into `target`, under `name` in
/// `dir`: the next build must not replace it under a running comparison.
fn keep(target: &Path, dir: &Path, name: &str) -> anyhow::Result<PathBuf> {
    // The bench profile builds into the release directory.
    let built = target.join("release/examples/passes");
    let kept = dir.join(name);
    std::fs::copy(&built, &kept).with_context(|| format!("cannot copy {}", built.display()))?;
    Ok(kept)
}

/// The wall-clock time of one pass, in nanoseconds, from a run of the
/// plan's passes (building the input, a few hundred microseconds, is
/// spread over them).
fn time_a_pass(program: &Path, plan: &Plan) -> anyhow::Result<f64> {
    let started = Instant::now();
    let status = Command::new(program).args([&plan.workload, &plan.passes.to_string()]).status()?;
    let elapsed = started.elapsed();
    if !status.success() {
        bail!("{} {} failed: {status}", program.display(), plan.workload);
    }
    Ok(elapsed.as_nanos() as f64 / plan.passes as f64)
}

fn print_comparison(plan: &Plan, builds: &[(String, PathBuf); 2], times: &[Vec<f64>; 2]) {
    println!("{}", crate::machine::measured_on());
    println!("{} rounds of {} passes of {}, the builds by turns:", plan.rounds, plan.passes, plan.workload);
    println!();
    println!("| build | best pass | median pass |");
    println!("|---|---|---|");
    for ((name, _), times) in builds.iter().zip(times) {
        let sorted = sorted(times.clone());
        println!("| {name} | {} | {} |", duration(sorted[0]), duration(median(&sorted)));
    }
    let ratios = sorted(times[1].iter().zip(&times[0]).map(|(new, old)| new / old).collect());
    // The nearest rank, not the one below it, which for two rounds would
    // make the first round both quartiles.
    let quartile = |q: usize| ratios[((ratios.len() - 1) * q + 2) / 4];
    println!();
    println!(
        "this tree / {}: {:.3} at the median of the rounds (quartiles {:.3} to {:.3})",
        builds[0].0,
        median(&ratios),
        quartile(1),
        quartile(3)
    );
}

fn sorted(mut values: Vec<f64>) -> Vec<f64> {
    values.sort_by(f64::total_cmp);
    values
}

fn median(sorted: &[f64]) -> f64 {
    let mid = sorted.len() / 2;
    if sorted.len() % 2 == 1 { sorted[mid] } else { (sorted[mid - 1] + sorted[mid]) / 2.0 }
}

/// What git prints for `args`, trimmed.
fn git(root: &Path, args: &[&str]) -> anyhow::Result<String> {
    let output = Command::new("git").args(args).current_dir(root).output().context("cannot run git")?;
    if !output.status.success() {
        bail!("git {}: {}", args.join(" "), String::from_utf8_lossy(&output.stderr).trim());
    }
    Ok(String::from_utf8(output.stdout)?.trim().to_owned())
}
