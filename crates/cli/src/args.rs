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
    /// Count the distinct expressions over N symbolic operands, each used once.
    Expressions(ExpressionsArgs),
    /// Print a shell completion script.
    Completions(CompletionsArgs),
}

/// Arguments of the default command.
#[derive(Debug, Args)]
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

    /// When two solutions count as the same (with --all or --count).
    #[arg(short = 'd', long = "distinct", value_enum, value_name = "LEVEL", default_value_t = LevelArg::FourNums)]
    pub distinct: LevelArg,
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
    /// The target value (24, 10, -3, 7/2 ...).
    #[arg(short, long, value_name = "T", default_value = "24", allow_hyphen_values = true)]
    pub target: Rational,

    /// The rule preset: the 24 game (every card once) or Countdown (any subset, positive whole numbers).
    #[arg(long, value_enum, default_value_t = PresetArg::Game24)]
    pub rules: PresetArg,

    /// The allowed operators, e.g. `+-*` (default all four).
    #[arg(long, value_name = "OPS", allow_hyphen_values = true)]
    pub ops: Option<OpSet>,

    /// Which intermediate results are allowed (default: the preset's).
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
        let mut rules = preset.rules(self.target);
        if let Some(ops) = self.ops {
            rules.ops = ops;
        }
        if let Some(domain) = self.domain {
            rules.domain = match domain {
                DomainArg::Rational => Domain::Rational,
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
    /// Whole numbers only.
    Integer,
    /// Positive whole numbers only.
    Positive,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum UseArg {
    /// Every card exactly once.
    All,
    /// Any non-empty subset of the cards.
    Subset,
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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn grammar_is_consistent() {
        Cli::command().debug_assert();
    }
}
