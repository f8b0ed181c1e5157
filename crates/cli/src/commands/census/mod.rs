//! `reckon census`: every hand of a kind, in parallel, as a summary or rows.

use std::io::{IsTerminal, Write};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, bail};
use indicatif::{ProgressBar, ProgressStyle};
use reckon_canonical::{DistinctSolver, Level};
use reckon_census::{Analyser, HandSpace, Shard, Summary, TargetFacts, TargetSummary, map_in_order};
use reckon_core::engine::SharedSets;
use reckon_core::rules::CardUse;
use reckon_core::{Hand, Rational, Reach, Rules};
use serde_json::{Value, json};

mod merge;
mod plot;
mod rows;
mod summary;

use crate::Status;
use crate::args::{CensusArgs, CensusFormat, LevelArg};
use crate::range::IntRange;
use crate::rules_args::{DomainArg, PresetArg, UseArg};
use rows::{RowKind, Rows};
use summary::{print_summary, print_target_summary, summary_json, target_summary_json, text_width};

/// The most hands a census lists (a gigabyte or two of them): past that
/// the list would not fit in memory, and the census would take days.
const MOST_HANDS: u128 = 1 << 24;

/// The most targets a census counts hands for, each with its counter.
const MOST_TARGETS: i128 = 1 << 20;

/// Set by Ctrl-C; the census stops after the chunk in progress.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

pub fn run(args: &CensusArgs) -> anyhow::Result<Status> {
    if !args.merge.is_empty() {
        return merge::merge(args);
    }
    let rules = args.rules.rules(args.target.value());
    let countdown_pool = args.rules.rules == PresetArg::Countdown && args.range.is_none();
    let space = if countdown_pool {
        if args.cards.is_some_and(|n| n != 6) {
            bail!("the Countdown numbers are dealt 6 at a time; give --range to choose other hands");
        }
        match args.max_copies {
            Some(most) => HandSpace::countdown().with_max_copies(most),
            None => HandSpace::countdown(),
        }
    } else {
        let range = args.range.unwrap_or(IntRange { lo: 1, hi: 13 });
        let cards = args.cards.unwrap_or(4);
        if !(1..=reckon_core::Hand::MAX_CARDS).contains(&cards) {
            bail!("--cards {cards}: a hand holds 1 to {} cards", reckon_core::Hand::MAX_CARDS);
        }
        if range.lo == i64::MIN {
            bail!("--range {range}: {} is not a card (cards lie above -2^63)", range.lo);
        }
        // The hands are listed in memory before the census starts.
        let count = HandSpace::range_len(cards, range.lo, range.hi, args.max_copies);
        if count > MOST_HANDS {
            bail!(
                "--range {range} with {cards} card{} makes {} hands: a census lists at most {MOST_HANDS}; narrow the range",
                if cards == 1 { "" } else { "s" },
                if count == u128::MAX { "2^128 or more".to_owned() } else { count.to_string() }
            );
        }
        HandSpace::range(cards, range.lo, range.hi, args.max_copies)
    };
    // One target (`-t`), or many: `--targets`, or by default those of the
    // Countdown pool's census.
    let target_given = args.target.target.is_some();
    if target_given && args.targets.is_some() {
        bail!("-t gives one target and --targets a range of them: give one of the two");
    }
    let targets = args.targets.or((countdown_pool && !target_given).then_some(IntRange { lo: 100, hi: 999 }));
    if let Some(range) = targets {
        // One counter per target.
        let span = i128::from(range.hi) - i128::from(range.lo) + 1;
        if span > MOST_TARGETS {
            bail!("--targets {range} spans {span} targets: a census counts at most {MOST_TARGETS}");
        }
    }
    if args.rate && targets.is_some() {
        bail!(if args.targets.is_some() {
            "--rate rates the hands for one target; it does not combine with --targets".to_owned()
        } else {
            "--rate rates the hands for one target: give it with -t (without one, the Countdown pool's census counts the targets 100..=999 each selection makes)".to_owned()
        });
    }
    if args.count && targets.is_some() && !args.long {
        bail!(if args.targets.is_some() {
            "--count with --targets counts the solutions of each hand and target: give --long for one row per hand and target".to_owned()
        } else {
            "--count counts the solutions for one target: give it with -t (without one, the Countdown pool's census counts the targets 100..=999 each selection makes)".to_owned()
        });
    }
    if args.long && targets.is_none() {
        bail!("--long writes one row per hand and target: give --targets");
    }
    if args.long && args.format == CensusFormat::Text {
        bail!("--long writes one row per hand and target: give -f csv or -f json");
    }
    if args.plot.is_some() && !args.count && targets.is_none() {
        bail!(
            "--plot draws the solutions per hand (with --count) or the hands that reach each target (with --targets): give one of them"
        );
    }
    if args.top.is_some() && !args.count {
        bail!("--top ranks the hands by their number of solutions: give --count");
    }
    // Files are checked before the census starts, not after its hours.
    let files = OutputFiles::create([&args.summary, &args.plot].into_iter().flatten())?;
    let all = space.hands();
    if all.is_empty() {
        bail!("no hands: {} cards cannot be drawn from {}", space.cards(), describe_pool(space.pool()));
    }
    let hands = args.shard.unwrap_or(Shard::ALL).slice(&all);
    let threads = args.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    if threads == 0 {
        bail!("--threads must be at least 1");
    }
    ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::SeqCst)).context("cannot catch Ctrl-C")?;
    let progress = progress_bar(hands.len());
    let kind = match targets {
        None => RowKind::Hands { count: args.count, rate: args.rate },
        Some(_) if args.long => RowKind::Long { count: args.count },
        Some(_) => RowKind::Targets,
    };
    let mut out = Rows::new(args.format, kind, space.cards());
    // The threads share the value sets of sub-hands: each is made once.
    let shared = Arc::new(SharedSets::default());
    // What a shard's summary says it counted, so that merging can check
    // its shards belong together.
    let level = Level::from(args.distinct.unwrap_or(LevelArg::FourNums));
    let census = census_json(&space, &rules, targets, args.count.then_some(level), args.rate);
    let header = describe(&space, countdown_pool, &rules, targets, args.shard);
    let label = |summary: Value| {
        let mut summary = labelled(mark_interrupted(summary), &census, args.shard);
        summary["shard_hands"] = json!(hands.len());
        summary["rows_format"] = json!(args.format.name());
        summary["long_rows"] = json!(args.long);
        summary
    };
    let text = args.format == CensusFormat::Text;
    let done = match targets {
        None => {
            let mut summary = Summary::with_top(args.top.unwrap_or(reckon_census::TOP));
            let count = args.count.then_some(level);
            for_each_in_order(
                hands,
                threads,
                &progress,
                || analyser(rules, count, args.rate, &shared),
                // A hand whose distinct solutions would not fit in memory
                // ends the census with an error naming it.
                |a, hand| a.analyse(hand).map_err(|refused| format!("{hand}: {refused}")),
                |facts| {
                    let facts = facts.as_ref().map_err(|err| std::io::Error::other(err.clone()))?;
                    summary.add(facts);
                    out.hand_row(facts, rules.domain)
                },
            )?;
            out.finish()?;
            summary.finish_top();
            let easiest = args.top.is_some();
            write_summary(args.summary.as_deref(), &label(summary_json(&summary, easiest)))?;
            if let Some(path) = &args.plot {
                plot::solutions_per_hand(path, &summary, &header)?;
            }
            if text {
                write!(std::io::stdout().lock(), "{header}\n{}", print_summary(&summary, easiest, text_width()))?;
            }
            summary.hands
        }
        Some(range) => {
            let mut summary = TargetSummary::new(range.lo, range.hi);
            let count = args.count.then_some(level);
            let facts_of = |(reach, solvers): &mut (Reach, Counters), hand: &Hand| {
                let facts = reckon_census::targets_reached(reach, hand, range.lo, range.hi)
                    .map_err(|refused| format!("{hand}: {refused}"))?;
                let counts = match count {
                    Some(level) => Some(solvers.count_each(&facts, rules, level)?),
                    None => None,
                };
                Ok::<_, String>((facts, counts))
            };
            let long = args.long.then_some((range.lo, range.hi));
            for_each_in_order(
                hands,
                threads,
                &progress,
                || (Reach::new(rules).sharing(&shared), Counters::default()),
                facts_of,
                |facts| {
                    let (facts, counts) = facts.as_ref().map_err(|err| std::io::Error::other(err.clone()))?;
                    summary.add(facts);
                    out.target_rows(facts, counts.as_deref(), long)
                },
            )?;
            out.finish()?;
            write_summary(args.summary.as_deref(), &label(target_summary_json(&summary)))?;
            if let Some(path) = &args.plot {
                plot::hands_per_target(path, &summary, &header)?;
            }
            if text {
                write!(std::io::stdout().lock(), "{header}\n{}", print_target_summary(&summary, text_width()))?;
            }
            summary.hands
        }
    };
    files.keep();
    if INTERRUPTED.load(Ordering::SeqCst) {
        crate::report::error(&format!(
            "interrupted after {done} of {} hands; the rows written are complete",
            hands.len()
        ));
        return Ok(Status::Interrupted);
    }
    Ok(Status::Success)
}

/// The files a census writes at its end (`--summary`, `--plot`), made
/// empty at its start so that one it cannot write fails at once, and
/// removed again, rather than left empty, if the census fails before
/// [`OutputFiles::keep`].
struct OutputFiles {
    made: Vec<std::path::PathBuf>,
}

impl OutputFiles {
    fn create<'a>(paths: impl Iterator<Item = &'a std::path::PathBuf>) -> anyhow::Result<OutputFiles> {
        let mut files = OutputFiles { made: Vec::new() };
        for path in paths {
            std::fs::File::create(path).with_context(|| format!("cannot write {}", path.display()))?;
            files.made.push(path.clone());
        }
        Ok(files)
    }

    /// The census wrote them: they stay.
    fn keep(mut self) {
        self.made.clear();
    }
}

impl Drop for OutputFiles {
    fn drop(&mut self) {
        for path in &self.made {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// Writes a summary, one JSON object on one line, to `path` if given.
fn write_summary(path: Option<&std::path::Path>, summary: &Value) -> anyhow::Result<()> {
    if let Some(path) = path {
        std::fs::write(path, format!("{summary}\n")).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

/// Counts the distinct solutions of a hand for each target it reaches:
/// one solver per target, kept across the hands of a thread.
#[derive(Default)]
struct Counters {
    solvers: std::collections::HashMap<i64, DistinctSolver>,
}

impl Counters {
    /// The number of distinct solutions for each target in `facts.reached`.
    fn count_each(&mut self, facts: &TargetFacts, rules: Rules, level: Level) -> Result<Vec<usize>, String> {
        facts
            .reached
            .iter()
            .map(|&target| {
                let solver = self.solvers.entry(target).or_insert_with(|| {
                    DistinctSolver::new(Rules { target: Rational::from_integer(target), ..rules }, level)
                });
                solver.try_count(&facts.hand).map_err(|refused| format!("{}: {refused}", facts.hand))
            })
            .collect()
    }
}

/// Works out `facts_of` every hand on `threads` threads and gives the
/// results to `take` in hand order. Stops early on Ctrl-C, or when `take`
/// fails: a row that cannot be written (a closed pipe) ends the census.
fn for_each_in_order<S: Send, R: Send>(
    hands: &[Hand],
    threads: usize,
    progress: &ProgressBar,
    init: impl Fn() -> S + Sync,
    facts_of: impl Fn(&mut S, &Hand) -> R + Sync,
    mut take: impl FnMut(&R) -> std::io::Result<()>,
) -> anyhow::Result<()> {
    let mut write_error = None;
    let computed = |n: usize| progress.inc(n as u64);
    map_in_order(hands, threads, init, facts_of, computed, |chunk| {
        for facts in &chunk {
            if let Err(err) = take(facts) {
                write_error = Some(err);
                return ControlFlow::Break(());
            }
        }
        keep_going()
    })?;
    progress.finish_and_clear();
    write_error.map_or(Ok(()), |err| Err(err.into()))
}

/// A summary of a run stopped by Ctrl-C says so: it covers only the rows written.
fn mark_interrupted(mut summary: Value) -> Value {
    if INTERRUPTED.load(Ordering::SeqCst) {
        summary["interrupted"] = json!(true);
    }
    summary
}

fn keep_going() -> ControlFlow<()> {
    if INTERRUPTED.load(Ordering::SeqCst) { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
}

fn analyser(rules: Rules, count: Option<Level>, rate: bool, shared: &Arc<SharedSets>) -> Analyser {
    let mut analyser = Analyser::new(rules).sharing(shared);
    if rate && count == Some(Level::FourNums) {
        return analyser.with_rating_and_count();
    }
    if rate {
        analyser = analyser.with_rating();
    }
    match count {
        Some(level) => {
            // One solver per analyser, so per thread: sub-hands are shared between its hands.
            let mut solver = DistinctSolver::new(rules, level);
            analyser.with_counter(Box::new(move |hand, _| solver.try_count(hand)))
        }
        None => analyser,
    }
}

/// A progress bar on stderr when it is a terminal; nothing otherwise.
fn progress_bar(len: usize) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    // The bar follows --color, NO_COLOR and CLICOLOR_FORCE as the text does.
    let bar = match anstream::AutoStream::choice(&std::io::stderr()) {
        anstream::ColorChoice::Never => "{bar:40}",
        _ => "{bar:40.cyan/blue}",
    };
    let style = ProgressStyle::with_template(&format!("{bar} {{pos}}/{{len}} hands  {{rate}}  {{eta}} left"))
        .expect("a valid template")
        .with_key("rate", |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{:.0} hands/s", state.per_sec());
        });
    ProgressBar::new(len as u64).with_style(style)
}

/// Everything that decides a census's rows but the shard: shards merge
/// only if they agree on it. The hands are described by their space, so
/// that options that make the same hands agree.
fn census_json(space: &HandSpace, rules: &Rules, targets: Option<IntRange>, count: Option<Level>, rate: bool) -> Value {
    let pool: Vec<Value> =
        pool_runs(space.pool()).iter().map(|(lo, hi, copies)| json!({"lo": lo, "hi": hi, "copies": copies})).collect();
    let mut census = json!({
        "cards_per_hand": space.cards(),
        "pool": pool,
        "target": targets.is_none().then(|| rules.target.to_string()),
        "targets": targets.map(|range| json!({"lo": range.lo, "hi": range.hi})),
        "ops": rules.ops.to_string(),
        "domain": DomainArg::name_of(rules.domain),
        "card_use": UseArg::name_of(rules.card_use),
        "level": count.map(Level::name),
    });
    if rate {
        census["rate"] = json!(true);
    }
    census
}

/// The values of a small pool and their copies, as `the values 1 x1, 2 x1`.
fn describe_pool(pool: &[(i64, usize)]) -> String {
    let values: Vec<String> = pool.iter().map(|(value, copies)| format!("{value} x{copies}")).collect();
    format!("the values {}", values.join(", "))
}

/// A pool as runs of consecutive values with as many copies each,
/// `(lo, hi, copies)`: a range of a million values is one run, not a
/// million entries on every summary line.
fn pool_runs(pool: &[(i64, usize)]) -> Vec<(i64, i64, usize)> {
    let mut runs: Vec<(i64, i64, usize)> = Vec::new();
    for &(value, copies) in pool {
        match runs.last_mut() {
            Some((_, hi, same)) if *same == copies && hi.checked_add(1) == Some(value) => *hi = value,
            _ => runs.push((value, value, copies)),
        }
    }
    runs
}

/// A summary line with what it counted, and which shard of it.
fn labelled(mut summary: Value, census: &Value, shard: Option<Shard>) -> Value {
    summary["census"] = census.clone();
    if let Some(shard) = shard {
        summary["shard"] = json!(shard.to_string());
    }
    summary
}

/// One line saying what was counted.
fn describe(space: &HandSpace, pool: bool, rules: &Rules, targets: Option<IntRange>, shard: Option<Shard>) -> String {
    let hands = if pool {
        let small = if space.pool().first().is_some_and(|&(_, copies)| copies == 1) { "one" } else { "two" };
        format!("Countdown selections (6 numbers from {small} each of 1..=10 and 25, 50, 75, 100)")
    } else {
        format!("hands of {} cards", space.cards())
    };
    let target = match targets {
        Some(range) => format!("targets {range}"),
        None => format!("target {}", rules.target),
    };
    let use_ = if rules.card_use == CardUse::Subset { ", any subset" } else { "" };
    let shard = shard.map(|s| format!(", shard {s}")).unwrap_or_default();
    format!("census of {hands}, {target}, operators {}{use_}{shard}", rules.ops)
}
