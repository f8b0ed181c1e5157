//! `reckon census`: every hand of a kind, in parallel, as a summary or rows.

use std::io::{IsTerminal, Write};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, bail};
use indicatif::{ProgressBar, ProgressStyle};
use reckon_canonical::{DistinctSolver, Level};
use reckon_census::{Analyser, HandFacts, HandSpace, Shard, Summary, TargetFacts, TargetSummary, map_in_order};
use reckon_core::engine::SharedSets;
use reckon_core::rules::{CardUse, Domain};
use reckon_core::{Hand, Reach, Rules};
use reckon_play::Difficulty;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

mod merge;

use crate::Status;
use crate::args::{CensusArgs, CensusFormat, LevelArg};
use crate::range::IntRange;
use crate::report::{JsonNumber, compact_ranges, percent};
use crate::rules_args::{DomainArg, PresetArg, UseArg};

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
    let one_target_only = [(args.count, "--count counts the solutions"), (args.rate, "--rate rates the hands")];
    if let (Some((_, what)), true) = (one_target_only.iter().find(|(given, _)| *given), targets.is_some()) {
        bail!(if args.targets.is_some() {
            format!("{what} for one target; it does not combine with --targets")
        } else {
            format!(
                "{what} for one target: give it with -t (without one, the Countdown pool's census counts the targets 100..=999 each selection makes)"
            )
        });
    }
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
    let mut out = Rows::new(args.format, targets.is_some(), args.count, args.rate);
    // The threads share the value sets of sub-hands: each is made once.
    let shared = Arc::new(SharedSets::default());
    // What a shard's summary says it counted, so that merging can check
    // its shards belong together.
    let level = Level::from(args.distinct.unwrap_or(LevelArg::FourNums));
    let census = census_json(&space, &rules, targets, args.count.then_some(level), args.rate);
    let label = |summary: Value| labelled(mark_interrupted(summary), &census, args.shard);
    let done = match targets {
        None => {
            let mut summary = Summary::default();
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
            let done = summary.hands;
            let header = describe(&space, countdown_pool, &rules, None, args.shard);
            out.finish(&header, &label(summary_json(&summary)), || print_summary(&summary))?;
            done
        }
        Some(range) => {
            let mut summary = TargetSummary::new(range.lo, range.hi);
            let facts_of =
                |reach: &mut Reach, hand: &Hand| reckon_census::targets_reached(reach, hand, range.lo, range.hi);
            for_each_in_order(
                hands,
                threads,
                &progress,
                || Reach::new(rules).sharing(&shared),
                facts_of,
                |facts| {
                    let facts = facts.as_ref().map_err(|err| std::io::Error::other(err.to_string()))?;
                    summary.add(facts);
                    out.target_row(facts)
                },
            )?;
            let done = summary.hands;
            let header = describe(&space, countdown_pool, &rules, Some(range), args.shard);
            out.finish(&header, &label(target_summary_json(&summary)), || print_target_summary(&summary))?;
            done
        }
    };
    if INTERRUPTED.load(Ordering::SeqCst) {
        crate::report::error(&format!(
            "interrupted after {done} of {} hands; the rows written are complete",
            hands.len()
        ));
        return Ok(Status::Interrupted);
    }
    Ok(Status::Success)
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
    let mut census = json!({
        "cards": space.cards(),
        "pool": pool_runs(space.pool()),
        "target": targets.is_none().then(|| rules.target.to_string()),
        "targets": targets.map(|range| range.to_string()),
        "ops": rules.ops.to_string(),
        "domain": DomainArg::name_of(rules.domain),
        "use": UseArg::name_of(rules.card_use),
        "count": count.map(Level::name),
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
/// `[lo, hi, copies]`: a range of a million values is one run, not a
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

/// Where rows and the summary go, by format.
enum Rows {
    Text,
    Csv(Box<csv::Writer<std::io::Stdout>>),
    Jsonl(std::io::StdoutLock<'static>),
}

impl Rows {
    fn new(format: CensusFormat, targets: bool, count: bool, rate: bool) -> Rows {
        match format {
            CensusFormat::Text => Rows::Text,
            CensusFormat::Jsonl => Rows::Jsonl(std::io::stdout().lock()),
            CensusFormat::Csv => {
                let mut csv = csv::Writer::from_writer(std::io::stdout());
                let mut header = if targets {
                    vec!["cards", "reached", "count"]
                } else {
                    vec!["cards", "solvable", "solution", "needs_fractions", "needs_negatives"]
                };
                header.extend(count.then_some("distinct"));
                header.extend(rate.then_some("difficulty"));
                // A failed write shows up again, and is reported, at the flush.
                let _ = csv.write_record(header);
                Rows::Csv(Box::new(csv))
            }
        }
    }

    fn hand_row(&mut self, facts: &HandFacts, domain: Domain) -> std::io::Result<()> {
        let row = HandRow {
            cards: cards_json(&facts.hand),
            solvable: facts.solvable,
            solution: facts.solution.as_ref().map(|e| e.in_domain(domain).to_string()),
            needs_fractions: facts.needs_fractions,
            needs_negatives: facts.needs_negatives,
            distinct: facts.distinct,
            difficulty: facts.difficulty.map(|band| band.map(Difficulty::name)),
        };
        match self {
            Rows::Text => Ok(()),
            Rows::Jsonl(out) => writeln!(out, "{}", serde_json::to_string(&row).expect("rows serialize")),
            Rows::Csv(csv) => {
                let mut record = vec![
                    facts.hand.to_string(),
                    row.solvable.to_string(),
                    row.solution.unwrap_or_default(),
                    row.needs_fractions.to_string(),
                    row.needs_negatives.to_string(),
                ];
                record.extend(row.distinct.map(|d| d.to_string()));
                record.extend(row.difficulty.map(|band| band.unwrap_or_default().to_owned()));
                csv.write_record(&record).map_err(csv_io)
            }
        }
    }

    fn target_row(&mut self, facts: &TargetFacts) -> std::io::Result<()> {
        let reached = compact_ranges(&facts.reached);
        match self {
            Rows::Text => Ok(()),
            Rows::Jsonl(out) => {
                let row = TargetRow { cards: cards_json(&facts.hand), reached, count: facts.reached.len() };
                writeln!(out, "{}", serde_json::to_string(&row).expect("rows serialize"))
            }
            Rows::Csv(csv) => {
                csv.write_record([facts.hand.to_string(), reached, facts.reached.len().to_string()]).map_err(csv_io)
            }
        }
    }

    /// Ends the output: the text summary, or the JSON summary line.
    fn finish(self, header: &str, summary: &Value, text: impl FnOnce() -> String) -> anyhow::Result<()> {
        match self {
            Rows::Text => write!(std::io::stdout().lock(), "{header}\n{}", text())?,
            Rows::Jsonl(mut out) => {
                writeln!(out, "{}", json!({ "summary": summary }))?;
                out.flush()?;
            }
            Rows::Csv(mut csv) => csv.flush()?,
        }
        Ok(())
    }
}

/// A CSV write error as an I/O error of the same kind, so that a closed
/// pipe is still recognised as one.
fn csv_io(err: csv::Error) -> std::io::Error {
    match err.kind() {
        csv::ErrorKind::Io(io) => std::io::Error::new(io.kind(), err),
        _ => std::io::Error::other(err),
    }
}

fn cards_json(hand: &Hand) -> Vec<JsonNumber> {
    hand.cards().iter().map(|&c| c.into()).collect()
}

#[derive(Serialize, Deserialize)]
struct HandRow {
    cards: Vec<JsonNumber>,
    solvable: bool,
    solution: Option<String>,
    needs_fractions: bool,
    needs_negatives: bool,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    distinct: Option<usize>,
    /// When rated: the band, null without a solution.
    #[serde(skip_serializing_if = "Option::is_none", default, deserialize_with = "rated")]
    difficulty: Option<Option<&'static str>>,
}

/// A row's difficulty as it reads: absent (not rated), null (rated, no
/// solution) or a band's name.
fn rated<'de, D: serde::Deserializer<'de>>(from: D) -> Result<Option<Option<&'static str>>, D::Error> {
    let band: Option<String> = Deserialize::deserialize(from)?;
    match band {
        None => Ok(Some(None)),
        Some(name) => match name.parse::<Difficulty>() {
            Ok(band) => Ok(Some(Some(band.name()))),
            Err(err) => Err(serde::de::Error::custom(err)),
        },
    }
}

#[derive(Serialize, Deserialize)]
struct TargetRow {
    cards: Vec<JsonNumber>,
    reached: String,
    count: usize,
}

fn summary_json(s: &Summary) -> Value {
    let mut value = json!({
        "hands": s.hands,
        "solvable": s.solvable,
        "needs_fractions": s.needs_fractions.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "needs_negatives": s.needs_negatives,
    });
    if let Some(distinct) = s.distinct {
        value["distinct"] = json!(distinct);
        value["histogram"] = s.histogram.iter().map(|(k, v)| (k.to_string(), json!(v))).collect();
        value["hardest"] = s
            .hardest
            .iter()
            .map(|(hand, count, fractions)| json!({"cards": hand.to_string(), "distinct": count, "needs_fractions": fractions}))
            .collect();
    }
    if let Some(bands) = &s.difficulty {
        value["difficulty"] = Difficulty::ALL
            .iter()
            .map(|band| (band.name().to_owned(), json!(bands.get(band).copied().unwrap_or(0))))
            .collect();
    }
    value
}

fn target_summary_json(s: &TargetSummary) -> Value {
    json!({
        "hands": s.hands,
        "targets": format!("{}..={}", s.lo, s.hi),
        "per_target": s.per_target,
        "reach_all": s.reach_all,
        "games": s.hands * s.per_target.len(),
        "games_solvable": s.games_solvable,
    })
}

fn print_summary(s: &Summary) -> String {
    let mut text = format!("hands: {}\nsolvable: {} ({})\n", s.hands, s.solvable, percent(s.solvable, s.hands));
    let fractions: Vec<String> = s.needs_fractions.iter().map(ToString::to_string).collect();
    text += &format!("need fractions: {}", fractions.len());
    if !fractions.is_empty() {
        text += &format!(" ({})", fractions.join(", "));
    }
    text += &format!("\nneed negative intermediate results: {}\n", s.needs_negatives);
    if let Some(distinct) = s.distinct {
        text += &format!("distinct solutions: {distinct}\nsolutions per hand (solutions: hands):\n");
        for (count, hands) in &s.histogram {
            text += &format!("  {count:>3}: {hands}\n");
        }
        text += "hardest (fewest solutions, fraction-only first):\n";
        for (hand, count, fractions) in &s.hardest {
            let note = if *fractions { ", needs fractions" } else { "" };
            text += &format!("  {hand} ({count} solution{}{note})\n", if *count == 1 { "" } else { "s" });
        }
    }
    if let Some(bands) = &s.difficulty {
        text += "difficulty of the solvable hands:\n";
        for band in Difficulty::ALL {
            let hands = bands.get(&band).copied().unwrap_or(0);
            text += &format!("  {:<7} {hands} ({})\n", format!("{band}:"), percent(hands, s.solvable));
        }
    }
    text
}

fn print_target_summary(s: &TargetSummary) -> String {
    let games = s.hands * s.per_target.len();
    let mut text = format!(
        "hands: {}\ngames (hand, target): {games}, solvable: {} ({})\nhands that reach every target of {}..={}: {}\nhands reaching each target:\n",
        s.hands,
        s.games_solvable,
        percent(s.games_solvable, games),
        s.lo,
        s.hi,
        s.reach_all
    );
    for (row, counts) in s.per_target.chunks(8).enumerate() {
        let first = s.lo + (row * 8) as i64;
        let cells: Vec<String> = counts.iter().zip(first..).map(|(n, t)| format!("{t:>5}: {n:<6}")).collect();
        text += &format!("{}\n", cells.join(" ").trim_end());
    }
    text
}
