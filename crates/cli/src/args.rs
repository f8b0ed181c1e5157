//! The command line grammar (clap derive).

use clap::{Args, Parser, Subcommand, ValueEnum};
use reckon_core::{CardUse, Domain, OpSet, Preset, Rational, Rules};

const EXAMPLES: &str = "\
Examples:
  reckon 3 3 8 8                      one solution: 8/(3-8/3) = 24
  reckon -t 10 1 2 3 4                another target
  reckon -t 7/2 1 2 3                 fractions and negatives are fine
  reckon --ops +-* 1 2 3 4            only some operators
  reckon --rules countdown -t 765 1 3 7 10 25 50
  printf '3 3 8 8\\n1 1 1 1\\n' | reckon -f bool
                                      one hand per line from stdin

Exit status: 0 solved (or a batch completed), 1 no solution, 2 bad input.";

/// Solve, count and study 24-game style number puzzles, exactly.
#[derive(Debug, Parser)]
#[command(name = "reckon", version, after_help = EXAMPLES, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub solve: SolveArgs,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve one hand, or with no CARDS one hand per stdin line (the default command).
    #[command(after_help = EXAMPLES)]
    Solve(SolveArgs),
    /// Every hand of a kind, solved in parallel: statistics or per-hand rows.
    #[command(after_help = CENSUS_EXAMPLES)]
    Census(CensusArgs),
    /// Which whole numbers a hand can make.
    Reach(ReachArgs),
    /// Is EXPR a valid answer? Checks its value and, given CARDS, that it uses each card once.
    Check(crate::commands::check::CheckArgs),
    /// Play the game: deal a hand, make the target, score.
    Play(crate::commands::play::PlayArgs),
    /// Count the distinct expressions over N symbolic operands, each used once.
    Expressions(ExpressionsArgs),
    /// Serve a page to play and solve in the browser, and its JSON API.
    Serve(crate::commands::serve::ServeArgs),
    /// Print a shell completion script.
    Completions(CompletionsArgs),
}

const CENSUS_EXAMPLES: &str = "\
Examples:
  reckon census                       4 cards from 1..=13, target 24
  reckon census --range 1..=10 --count -f csv
  reckon census --targets 1..=100     how many hands reach each target
  reckon census --rules countdown     every Countdown selection, targets 100..=999
  reckon census --shard 2/8 -f jsonl > part2.jsonl
  reckon census --merge part*.jsonl   the summary of the shards";

/// Arguments of `reckon census`.
#[derive(Debug, Args)]
pub struct CensusArgs {
    /// Cards per hand (default 4; 6 for the Countdown pool).
    #[arg(long, value_name = "N")]
    pub cards: Option<usize>,

    /// Card values (default 1..=13; `LO-HI` also accepted). With --rules
    /// countdown and no range: the Countdown pool (two each of 1..=10, one
    /// each of 25, 50, 75, 100).
    #[arg(long, value_name = "LO..=HI", allow_hyphen_values = true)]
    pub range: Option<IntRange>,

    /// At most K cards of one value (a real deck has 4; with the Countdown
    /// pool, at most K of its copies).
    #[arg(long, value_name = "K", value_parser = at_least_one)]
    pub max_copies: Option<usize>,

    #[command(flatten)]
    pub rules: RulesArgs,

    /// Count the distinct solutions of every hand.
    #[arg(long)]
    pub count: bool,

    /// When two solutions count as the same (with --count; default 4nums).
    #[arg(short = 'd', long = "distinct", value_enum, value_name = "LEVEL", requires = "count")]
    pub distinct: Option<LevelArg>,

    /// For each whole-number target of the range, how many hands reach it
    /// (default 100..=999 for the Countdown pool).
    #[arg(long, value_name = "LO..=HI", allow_hyphen_values = true)]
    pub targets: Option<IntRange>,

    /// Only the I-th of N equal slices of the hand list.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<reckon_census::Shard>,

    /// Read the JSON Lines of shards and print the summary of them all.
    #[arg(
        long,
        value_name = "FILE",
        num_args = 1..,
        conflicts_with_all = [
            "shard", "count", "distinct", "targets", "range", "cards", "max_copies",
            "target", "rules", "ops", "domain", "card_use",
        ]
    )]
    pub merge: Vec<std::path::PathBuf>,

    /// Output: a summary, or one row per hand.
    #[arg(short, long, value_enum, default_value_t = CensusFormat::Text)]
    pub format: CensusFormat,

    /// Worker threads (default: all cores).
    #[arg(short = 'j', long, value_name = "N")]
    pub threads: Option<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CensusFormat {
    /// A short human summary.
    Text,
    /// One CSV row per hand.
    Csv,
    /// One JSON object per hand, then a summary object.
    Jsonl,
}

/// Arguments of `reckon reach`.
#[derive(Debug, Args)]
pub struct ReachArgs {
    /// The cards.
    #[arg(value_name = "CARDS", required = true, allow_negative_numbers = true)]
    pub cards: Vec<String>,

    /// The whole numbers to report on.
    #[arg(long, value_name = "LO..=HI", default_value = "0..=1000", allow_hyphen_values = true)]
    pub range: IntRange,

    #[command(flatten)]
    pub rules: RulesArgs,

    /// Output format.
    #[arg(short, long, value_enum, default_value_t = ReachFormat::Text)]
    pub format: ReachFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReachFormat {
    /// Compact ranges and the smallest positive number out of reach.
    Text,
    /// One JSON object.
    Json,
}

/// An inclusive range of whole numbers, written `LO..=HI` or `LO-HI`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IntRange {
    pub lo: i64,
    pub hi: i64,
}

impl std::str::FromStr for IntRange {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || format!("'{s}' is not a range: expected LO..=HI or LO-HI, e.g. 1..=13");
        let (lo, hi) = match s.split_once("..=") {
            Some(parts) => parts,
            // `LO-HI`: the separator is a '-' that is not a leading sign.
            None => s
                .char_indices()
                .skip(1)
                .find(|&(_, c)| c == '-')
                .map(|(i, _)| (&s[..i], &s[i + 1..]))
                .ok_or_else(bad)?,
        };
        let bound = |text: &str| -> Result<i64, String> {
            text.trim().parse().map_err(|err: std::num::ParseIntError| match err.kind() {
                std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow => {
                    format!("'{s}': {} does not fit in 64 bits", text.trim())
                }
                _ => bad(),
            })
        };
        let (lo, hi) = (bound(lo)?, bound(hi)?);
        if lo > hi {
            return Err(format!("'{s}' is an empty range: {lo} is above {hi}"));
        }
        Ok(IntRange { lo, hi })
    }
}

impl std::fmt::Display for IntRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}..={}", self.lo, self.hi)
    }
}

/// Arguments of the default command.
#[derive(Debug, Args)]
#[group(id = "listing", args = ["all", "count"], multiple = false)]
pub struct SolveArgs {
    /// The cards: whole numbers, fractions (7/2) or negatives. With none, read
    /// one hand per line from stdin (spaces or commas; blank lines and # comments skipped).
    #[arg(value_name = "CARDS", allow_negative_numbers = true)]
    pub cards: Vec<String>,

    #[command(flatten)]
    pub rules: RulesArgs,

    /// Output format.
    #[arg(short, long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// List every distinct solution, simplest first.
    #[arg(long, conflicts_with = "count")]
    pub all: bool,

    /// Print only the number of distinct solutions.
    #[arg(long)]
    pub count: bool,

    /// When two solutions count as the same (with --all or --count; default 4nums).
    #[arg(short = 'd', long = "distinct", value_enum, value_name = "LEVEL", requires = "listing")]
    pub distinct: Option<LevelArg>,
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
    /// The same tree up to the order of the operands of + and *.
    Syntax,
    /// The same rational function of the cards.
    Function,
    /// What players and 4nums.com call distinct (x*1 = x/1, x+0 = x-0, ...).
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
    /// The number of distinct operands (1 to 7).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=7))]
    pub operands: u8,

    /// When two expressions count as the same.
    #[arg(short = 'd', long = "distinct", value_enum, value_name = "LEVEL", default_value_t = LevelArg::Function)]
    pub distinct: LevelArg,
}

/// The options that make up a puzzle's rules.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// The target value (24, 10, -3, 7/2 ...; default 24).
    #[arg(short, long, value_name = "T", allow_hyphen_values = true)]
    pub target: Option<Rational>,

    /// The rule preset: the 24 game (every card once) or Countdown (any subset, positive whole numbers).
    #[arg(long, value_enum, default_value_t = PresetArg::Game24)]
    pub rules: PresetArg,

    /// The allowed operators, e.g. `+-*` (default all four).
    #[arg(long, value_name = "OPS", allow_hyphen_values = true)]
    pub ops: Option<OpSet>,

    /// Which intermediate results are allowed (default: the preset's); the
    /// cards themselves may lie outside it.
    #[arg(long, value_enum)]
    pub domain: Option<DomainArg>,

    /// Whether every card must be used (default: the preset's).
    #[arg(long = "use", value_enum, value_name = "USE")]
    pub card_use: Option<UseArg>,
}

impl RulesArgs {
    /// The rules these options describe.
    pub fn rules(&self) -> Rules {
        let preset = match self.rules {
            PresetArg::Game24 => Preset::Game24,
            PresetArg::Countdown => Preset::Countdown,
        };
        let mut rules = preset.rules(self.target.unwrap_or(Rational::from_integer(24)));
        if let Some(ops) = self.ops {
            rules.ops = ops;
        }
        if let Some(domain) = self.domain {
            rules.domain = match domain {
                DomainArg::Rational => Domain::Rational,
                DomainArg::NonNegative => Domain::NonNegative,
                DomainArg::Integer => Domain::Integer,
                DomainArg::Positive => Domain::PositiveInteger,
            };
        }
        if let Some(card_use) = self.card_use {
            rules.card_use = match card_use {
                UseArg::All => CardUse::All,
                UseArg::Subset => CardUse::Subset,
            };
        }
        rules
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PresetArg {
    /// Every card once, + - * /, any rational along the way.
    #[value(name = "24")]
    Game24,
    /// Any subset of the numbers, positive whole intermediate results.
    Countdown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DomainArg {
    /// Any rational number.
    Rational,
    /// Rationals that are not negative.
    NonNegative,
    /// Whole numbers only.
    Integer,
    /// Positive whole numbers only.
    Positive,
}

impl DomainArg {
    /// The command-line spelling of `domain`.
    pub fn name_of(domain: Domain) -> String {
        let arg = match domain {
            Domain::Rational => DomainArg::Rational,
            Domain::NonNegative => DomainArg::NonNegative,
            Domain::Integer => DomainArg::Integer,
            Domain::PositiveInteger => DomainArg::Positive,
        };
        arg.to_possible_value().expect("no domain is hidden").get_name().to_owned()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum UseArg {
    /// Every card exactly once.
    All,
    /// Any non-empty subset of the cards.
    Subset,
}

impl UseArg {
    /// The command-line spelling of `card_use`.
    pub fn name_of(card_use: CardUse) -> String {
        let arg = match card_use {
            CardUse::All => UseArg::All,
            CardUse::Subset => UseArg::Subset,
        };
        arg.to_possible_value().expect("no card use is hidden").get_name().to_owned()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// `8/(3-8/3) = 24` or `no solution`.
    Text,
    /// JSON Lines, one object per hand.
    Json,
    /// `true` or `false` per hand.
    Bool,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to generate completions for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
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

    #[test]
    fn ranges() {
        assert_eq!("1..=13".parse(), Ok(IntRange { lo: 1, hi: 13 }));
        assert_eq!("1-13".parse(), Ok(IntRange { lo: 1, hi: 13 }));
        assert_eq!("-5..=5".parse(), Ok(IntRange { lo: -5, hi: 5 }));
        assert_eq!("-5--1".parse(), Ok(IntRange { lo: -5, hi: -1 }));
        assert!("13..=1".parse::<IntRange>().is_err());
        assert!("x".parse::<IntRange>().is_err());
    }
}
