//! The options that set a puzzle's rules and its target, shared by the
//! commands that solve.

use clap::{Args, ValueEnum};
use reckon_core::rules::{CardUse, Domain, OpSet, ParseOpsError, Preset};
use reckon_core::{Rational, Rules};

use crate::quote;

/// The number to make. Apart from the rules, since `reach` takes rules
/// but no target.
#[derive(Debug, Args)]
pub struct TargetArg {
    /// The number to make (default 24): whole, negative, decimal or fraction
    /// (10, -3, 2.5, 7/2).
    #[arg(short, long, value_name = "T", allow_hyphen_values = true, value_parser = parse_target)]
    pub target: Option<Rational>,
}

impl TargetArg {
    /// The target given, or 24.
    pub fn value(&self) -> Rational {
        self.target.unwrap_or(Rational::from_integer(24))
    }
}

fn parse_target(text: &str) -> Result<Rational, String> {
    text.parse().map_err(|err| quote::number_error(&err))
}

/// The options that make up a puzzle's rules.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// Which game's rules to play by.
    #[arg(long, value_enum, default_value_t = PresetArg::Game24)]
    pub rules: PresetArg,

    /// The operators allowed, written together, e.g. +-* (default all four).
    ///
    /// Each of + - * / may also be written as the sign on paper: × (or the
    /// letter x), ÷, − (the Unicode minus). Commas and spaces between them
    /// are ignored: '+, -' is +-. Nothing else is accepted.
    #[arg(long, value_name = "OPS", allow_hyphen_values = true, value_parser = parse_ops)]
    pub ops: Option<OpSet>,

    /// Which numbers a step of a solution may give (default: as --rules
    /// says). The cards themselves may be any numbers.
    #[arg(long, value_enum)]
    pub domain: Option<DomainArg>,

    /// Whether every card must be used (default: as --rules says).
    #[arg(long = "use", value_enum, value_name = "USE")]
    pub card_use: Option<UseArg>,
}

/// What `--ops` accepts, for its messages.
const OPS_ACCEPTED: &str = "some of + - * / (also written × x ÷ −), with commas or spaces between them if you like";

fn parse_ops(text: &str) -> Result<OpSet, String> {
    text.parse().map_err(|err| match err {
        ParseOpsError::Unknown(c) => {
            format!("{} is not an operator: expected {OPS_ACCEPTED}", quote::quoted(c.encode_utf8(&mut [0; 4])))
        }
        ParseOpsError::Empty => format!("no operators: expected {OPS_ACCEPTED}"),
    })
}

impl RulesArgs {
    /// The rules these options describe, for `target`.
    pub fn rules(&self, target: Rational) -> Rules {
        let preset = match self.rules {
            PresetArg::Game24 => Preset::Game24,
            PresetArg::Countdown => Preset::Countdown,
        };
        let mut rules = preset.rules(target);
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
    /// The 24 game: use every card once; any number along the way.
    #[value(name = "24")]
    Game24,
    /// The Countdown numbers game: use any of the cards, each at most once;
    /// every step a positive whole number.
    Countdown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DomainArg {
    /// Any number: fractions and negatives too.
    Rational,
    /// No negative numbers; fractions allowed.
    NonNegative,
    /// Whole numbers only, negatives allowed.
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
    /// Any of the cards, at least one, each at most once.
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
