//! The command line grammar (clap derive).

use clap::{Args, FromArgMatches, Parser, Subcommand, ValueEnum};

use reckon_core::budget::MemoryBudget;

use crate::range::IntRange;
use crate::rules_args::{RulesArgs, TargetArg};
use crate::{help, quote};

/// Solve, count and study 24-game style number puzzles, exactly.
#[derive(Debug, Parser)]
#[command(
    name = "reckon",
    version,
    after_help = help::SOLVE,
    after_long_help = help::SOLVE_LONG,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub solve: SolveArgs,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve one hand, or with no CARDS one hand per stdin line (the default command).
    #[command(after_help = help::SOLVE, after_long_help = help::SOLVE_LONG)]
    Solve(Deferred<SolveArgs>),
    /// Solve every hand of a kind: a summary, or one row per hand.
    #[command(after_help = help::CENSUS)]
    Census(Deferred<CensusArgs>),
    /// Which whole numbers a hand can make.
    #[command(after_help = help::REACH)]
    Reach(Deferred<ReachArgs>),
    /// Is EXPR a valid answer? Checks its value and, given CARDS, that it uses each card once.
    Check(Deferred<crate::commands::check::CheckArgs>),
    /// Play the game: deal a hand, make the target, score.
    Play(Deferred<crate::commands::play::PlayArgs>),
    /// Count or list the different expressions that use N letters (a, b, c, ...) once each.
    #[command(after_help = help::EXPRESSIONS)]
    Expressions(Deferred<ExpressionsArgs>),
    /// Serve a page to play and solve in the browser, and its JSON API.
    #[command(after_help = help::SERVE)]
    Serve(Deferred<crate::commands::serve::ServeArgs>),
    /// Print a shell completion script.
    #[command(after_help = help::COMPLETIONS)]
    Completions(Deferred<CompletionsArgs>),
}

/// A subcommand's arguments, whose grammar is built only when the
/// subcommand is used (or help, completions or the man pages ask for it).
/// Every run builds the grammar it parses with, and building every
/// subcommand's would cost a plain run more than reading a batch of hands.
#[derive(Debug)]
pub struct Deferred<T>(pub T);

impl<T: Args> Args for Deferred<T> {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.defer(|cmd| with_help_of(&cmd.clone(), T::augment_args(cmd)))
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        cmd.defer(|cmd| with_help_of(&cmd.clone(), T::augment_args_for_update(cmd)))
    }

    fn group_id() -> Option<clap::Id> {
        T::group_id()
    }
}

/// `built` with the summary of `subcommand` as it was before its
/// arguments were added: the subcommand's own, where the arguments' doc
/// comment would take its place.
fn with_help_of(subcommand: &clap::Command, built: clap::Command) -> clap::Command {
    let built = match subcommand.get_about() {
        Some(about) => built.about(about.clone()),
        None => built.about(None::<&str>),
    };
    match subcommand.get_long_about() {
        Some(about) => built.long_about(about.clone()),
        None => built.long_about(None::<&str>),
    }
}

impl<T: FromArgMatches> FromArgMatches for Deferred<T> {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Deferred)
    }

    fn from_arg_matches_mut(matches: &mut clap::ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches_mut(matches).map(Deferred)
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(&mut self, matches: &mut clap::ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

impl<T> std::ops::Deref for Deferred<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

/// When to colour the output, for the commands that do.
#[derive(Debug, Args)]
pub struct ColorArg {
    /// When to colour the output: auto colours a terminal unless NO_COLOR is
    /// set, or anything if CLICOLOR_FORCE is.
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = clap::ColorChoice::Auto)]
    pub color: clap::ColorChoice,
}

impl ColorArg {
    /// Makes every coloured stream of the process follow this choice.
    pub fn apply(&self) {
        let choice = match self.color {
            clap::ColorChoice::Auto => anstream::ColorChoice::Auto,
            clap::ColorChoice::Always => anstream::ColorChoice::Always,
            clap::ColorChoice::Never => anstream::ColorChoice::Never,
        };
        choice.write_global();
    }
}

/// How much memory a question may take, for the commands that answer them.
#[derive(Debug, Args)]
pub struct MemoryArg {
    /// The memory one hand may take (such as 512M or 8G): a question that
    /// would take more is refused before the memory is spent.
    #[arg(long, value_name = "SIZE", default_value = "2G")]
    pub memory: MemoryBudget,
}

impl MemoryArg {
    /// Makes this the budget of every engine the process makes from now on.
    pub fn apply(&self) {
        self.memory.set_for_process();
    }
}

/// Arguments of `reckon census`.
#[derive(Debug, Args)]
pub struct CensusArgs {
    /// Cards per hand (default 4; 6 with --rules countdown).
    #[arg(long, value_name = "N")]
    pub cards: Option<usize>,

    /// The card values (default 1..=13), written LO..=HI or LO-HI.
    ///
    /// Both spellings include HI; negatives are fine (-5..=5, -5--1). With
    /// --rules countdown and no --range: the Countdown numbers, two each of
    /// 1 to 10 and one each of 25, 50, 75, 100.
    #[arg(long, value_name = "LO..=HI", allow_hyphen_values = true)]
    pub range: Option<IntRange>,

    /// At most K cards of one value (a real deck has 4; of the Countdown
    /// numbers, at most K copies of each).
    #[arg(long, value_name = "K", value_parser = at_least_one)]
    pub max_copies: Option<usize>,

    #[command(flatten)]
    pub target: TargetArg,

    #[command(flatten)]
    pub rules: RulesArgs,

    /// Count the different solutions of every hand.
    #[arg(long)]
    pub count: bool,

    /// When two solutions count as the same (with --count; default 4nums).
    ///
    /// docs/distinct.md defines each level precisely.
    #[arg(short = 'd', long = "distinct", value_enum, value_name = "LEVEL", requires = "count")]
    pub distinct: Option<LevelArg>,

    /// Also rate each hand easy, medium or hard (docs/difficulty.md gives
    /// the rule, the same as `play --difficulty`), and count the hands in
    /// each band.
    #[arg(long)]
    pub rate: bool,

    /// For each whole-number target from LO to HI, how many hands make it
    /// (default 100..=999 with --rules countdown). Written as --range is.
    #[arg(long, value_name = "LO..=HI", allow_hyphen_values = true)]
    pub targets: Option<IntRange>,

    /// Only part I of N equal parts of the hands (e.g. 2/8), to split a long
    /// census between runs or machines; combine the parts with --merge.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    pub shard: Option<reckon_census::Shard>,

    /// With --targets: one row per hand and target (long rows), saying
    /// whether the hand reaches the target, in place of one row per hand.
    #[arg(long)]
    pub long: bool,

    /// Write the summary, as one JSON object, to FILE (also when Ctrl-C
    /// stops the census: it then says so). With -f csv or json, stdout has
    /// the rows only.
    #[arg(long, value_name = "FILE")]
    pub summary: Option<std::path::PathBuf>,

    /// Show the N hardest hands (fewest solutions) and the N easiest (most
    /// solutions) in the summary (with --count; without it, the 10 hardest).
    #[arg(long, value_name = "N")]
    pub top: Option<usize>,

    /// Draw the histogram of solutions per hand (with --count), or of the
    /// hands that reach each target (with --targets), as an SVG picture.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<std::path::PathBuf>,

    /// Combine the parts of a census (--shard): each FILE holds the rows of
    /// one part (-f json, or -f csv for hands), and its summary (--summary)
    /// lies beside it, named as FILE with .summary.json in place of its
    /// extension.
    #[arg(
        long,
        value_name = "FILE",
        num_args = 1..,
        conflicts_with_all = [
            "shard", "count", "distinct", "rate", "targets", "range", "cards", "max_copies",
            "target", "rules", "ops", "domain", "card_use", "long",
        ]
    )]
    pub merge: Vec<std::path::PathBuf>,

    /// With --merge: merge the parts even if some were stopped by Ctrl-C;
    /// the summary then says it is partial.
    #[arg(long, requires = "merge")]
    pub partial: bool,

    /// Output: a summary, or one row per hand (docs/data.md gives the columns).
    #[arg(short, long, value_enum, default_value_t = CensusFormat::Text)]
    pub format: CensusFormat,

    /// Worker threads (default: all cores).
    #[arg(short = 'j', long, value_name = "N")]
    pub threads: Option<usize>,

    #[command(flatten)]
    pub memory: MemoryArg,

    #[command(flatten)]
    pub color: ColorArg,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CensusFormat {
    /// A short human summary.
    Text,
    /// One CSV row per hand, with a header.
    Csv,
    /// JSON Lines: one object per hand (also spelled jsonl).
    #[value(alias = "jsonl")]
    Json,
}

impl CensusFormat {
    /// The format's name, as given to -f.
    pub fn name(self) -> &'static str {
        match self {
            CensusFormat::Text => "text",
            CensusFormat::Csv => "csv",
            CensusFormat::Json => "json",
        }
    }
}

/// Arguments of `reckon reach`.
#[derive(Debug, Args)]
pub struct ReachArgs {
    /// The cards, 1 to 10 of them: whole numbers (8), negatives (-3),
    /// decimals (2.5) or fractions (7/2, -1/7).
    #[arg(value_name = "CARDS", required = true, allow_negative_numbers = true)]
    pub cards: Vec<String>,

    /// The whole numbers to report on, written LO..=HI or LO-HI (both
    /// include HI; negatives are fine: -5..=5, -5--1).
    #[arg(long, value_name = "LO..=HI", default_value = "0..=1000", allow_hyphen_values = true)]
    pub range: IntRange,

    #[command(flatten)]
    pub rules: RulesArgs,

    /// Output format.
    #[arg(short, long, value_enum, default_value_t = ReachFormat::Text)]
    pub format: ReachFormat,

    #[command(flatten)]
    pub memory: MemoryArg,

    #[command(flatten)]
    pub color: ColorArg,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReachFormat {
    /// Compact ranges and the smallest positive number out of reach.
    Text,
    /// JSON Lines: one object, the numbers made as an array (also spelled jsonl).
    #[value(alias = "jsonl")]
    Json,
    /// One CSV row per whole number of the range, with a header.
    Csv,
}

/// Arguments of the default command.
#[derive(Debug, Args)]
#[group(id = "listing", args = ["all", "count"], multiple = false)]
pub struct SolveArgs {
    /// The cards, 1 to 10 of them: whole numbers (8), negatives (-3),
    /// decimals (2.5) or fractions (7/2, -1/7). With none, read one hand
    /// per line from stdin.
    ///
    /// On a line of stdin, spaces or commas separate the cards; blank lines
    /// and # comments are skipped. A negative card may also follow `--`
    /// (reckon -- -1/7 7), as in any command.
    #[arg(value_name = "CARDS", allow_negative_numbers = true)]
    pub cards: Vec<String>,

    #[command(flatten)]
    pub target: TargetArg,

    #[command(flatten)]
    pub rules: RulesArgs,

    /// Output format.
    #[arg(short, long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// List every different solution, simplest first.
    #[arg(long, conflicts_with = "count")]
    pub all: bool,

    /// Print only the number of different solutions.
    #[arg(long)]
    pub count: bool,

    /// When two solutions count as the same (with --all or --count; default 4nums).
    ///
    /// docs/distinct.md defines each level precisely.
    #[arg(short = 'd', long = "distinct", value_enum, value_name = "LEVEL", requires = "listing")]
    pub distinct: Option<LevelArg>,

    /// Also rate each hand easy, medium or hard (with --all or --count;
    /// docs/difficulty.md gives the rule, the same as `play --difficulty`).
    #[arg(long, requires = "listing")]
    pub rate: bool,

    #[command(flatten)]
    pub memory: MemoryArg,

    #[command(flatten)]
    pub color: ColorArg,
}

impl SolveArgs {
    /// The level of `--distinct`.
    pub fn level(&self) -> reckon_canonical::Level {
        self.distinct.unwrap_or(LevelArg::FourNums).into()
    }
}

/// The levels of distinctness of reckon-canonical.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LevelArg {
    /// The same only if they differ just in the order around + or *
    /// (2+3 and 3+2).
    Syntax,
    /// The same if they work out the same from any cards, however written
    /// (a-(b-c) and a-b+c).
    Function,
    /// As players count: also the same if they differ by a step that
    /// changes nothing (x*1 and x/1, x+0 and x-0).
    #[value(name = "4nums")]
    FourNums,
}

impl From<LevelArg> for reckon_canonical::Level {
    fn from(level: LevelArg) -> Self {
        match level {
            LevelArg::Syntax => reckon_canonical::Level::Syntax,
            LevelArg::Function => reckon_canonical::Level::Function,
            LevelArg::FourNums => reckon_canonical::Level::FourNums,
        }
    }
}

#[derive(Debug, Args)]
pub struct ExpressionsArgs {
    /// The number of letters, each used once (1 to 100).
    ///
    /// Counted by formula, exactly, however large the count.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=100))]
    pub operands: u8,

    /// When two expressions count as the same (default function here, 4nums
    /// in solve and census).
    ///
    /// Over letters rather than numbers, function is the usual count (the
    /// sequence A140606 of the OEIS) and 4nums counts the same;
    /// docs/distinct.md defines each level precisely.
    #[arg(short = 'd', long = "distinct", value_enum, value_name = "LEVEL", default_value_t = LevelArg::Function)]
    pub distinct: LevelArg,

    /// List the expressions, one of each kind per line, shortest first, in
    /// place of their count.
    ///
    /// Refused beyond a million expressions: up to 6 letters at the
    /// function level, 5 at syntax.
    #[arg(long)]
    pub list: bool,

    /// Output format.
    #[arg(short, long, value_enum, default_value_t = ExpressionsFormat::Text)]
    pub format: ExpressionsFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExpressionsFormat {
    /// The count, or one expression per line.
    Text,
    /// JSON Lines: one object with the count, or one per expression. A
    /// count beyond 2^53 is a string of digits, as JavaScript would round it
    /// (also spelled jsonl).
    #[value(alias = "jsonl")]
    Json,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// `8/(3-8/3) = 24` or `no solution`.
    Text,
    /// JSON Lines, one object per hand (also spelled jsonl).
    #[value(alias = "jsonl")]
    Json,
    /// CSV with a header: one row per hand, or with --all one per solution.
    Csv,
    /// `true` or `false` per hand.
    Bool,
    /// One operation at a time: `8/3 = 8/3; 3-8/3 = 1/3; 8/(1/3) = 24`.
    Steps,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to write the completion script for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// A part of a census, the text quoted as every message quotes a token.
fn parse_shard(text: &str) -> Result<reckon_census::Shard, String> {
    text.parse().map_err(|err| match err {
        reckon_census::ShardError::Syntax(_) => {
            format!("{} is not a part of the hands: expected I/N, e.g. 2/8", quote::quoted(text))
        }
        other => other.to_string(),
    })
}

/// A count of at least one: `--max-copies 0` would allow no hand at all.
fn at_least_one(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("must be at least 1 (with 0 copies of each value there is no hand)".to_owned()),
        Ok(k) => Ok(k),
        Err(err) => Err(err.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn grammar_is_consistent() {
        Cli::command().debug_assert();
    }
}
