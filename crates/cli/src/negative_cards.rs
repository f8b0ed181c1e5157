//! Negative cards among the arguments: `reckon -t 1 -1/7 -7`.
//!
//! clap takes a token that starts with '-' for an option unless it reads
//! as a plain number (`-3`, `-0.5`): a negative fraction (`-1/7`) or a
//! decimal without its leading zero (`-.5`) would be refused as an unknown
//! option. No option of reckon is a digit, so such a token can only be a
//! card: each is moved behind a `--`, where clap takes every token for a
//! value. A hand is a multiset, so the cards' order does not matter.
//!
//! A token is left where it is when clap takes it as a value anyway: the
//! value of an option (`-t -1/7`), or the value of a positional argument
//! that takes hyphens (`reckon check -1/7+1 ...`).

use std::ffi::OsString;

use clap::Command;

/// `args` (the program name first) with the negative cards clap would
/// refuse moved behind a `--`.
pub fn as_values(root: impl FnOnce() -> Command, args: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
    let args: Vec<OsString> = args.into_iter().collect();
    // Most command lines hold no negative card: they are left as they
    // are without building the grammar, which costs more than many a
    // whole batch of hands.
    if !args.iter().skip(1).any(|arg| arg.to_str().is_some_and(looks_like_a_negative_card)) {
        return args;
    }
    let mut root = root();
    root.build();
    let mut args = args.into_iter();
    let mut kept: Vec<OsString> = args.next().into_iter().collect();
    let mut moved = Vec::new();
    let mut command = &root;
    let mut at_root = true;
    let mut positionals = 0;
    let mut escaped = false;
    let mut option_value_next = false;
    for arg in args {
        let Some(text) = arg.to_str() else {
            positionals += usize::from(!std::mem::take(&mut option_value_next));
            kept.push(arg);
            continue;
        };
        if escaped || std::mem::take(&mut option_value_next) {
            kept.push(arg);
            continue;
        }
        if text == "--" {
            escaped = true;
        } else if let Some(long) = text.strip_prefix("--") {
            let (name, value) = long.split_once('=').map_or((long, None), |(name, value)| (name, Some(value)));
            option_value_next = value.is_none()
                && command.get_arguments().any(|a| a.get_long() == Some(name) && a.get_action().takes_values());
        } else if looks_like_a_negative_card(text) {
            let next = next_positional(command, positionals);
            positionals += 1;
            if !next.is_some_and(clap::Arg::is_allow_hyphen_values_set) {
                moved.push(arg);
                continue;
            }
        } else if let Some(short) = text.strip_prefix('-').and_then(|flags| flags.chars().next()) {
            // `-t 10` takes the next token; `-t10` holds its value.
            option_value_next = text.chars().count() == 2
                && command.get_arguments().any(|a| a.get_short() == Some(short) && a.get_action().takes_values());
        } else if let Some(subcommand) = command.find_subcommand(text).filter(|_| at_root && positionals == 0) {
            command = subcommand;
            at_root = false;
        } else {
            positionals += 1;
        }
        kept.push(arg);
    }
    if !moved.is_empty() {
        if !escaped {
            kept.push("--".into());
        }
        kept.append(&mut moved);
    }
    kept
}

/// '-' then a digit or a '.': no option looks like that.
fn looks_like_a_negative_card(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next() == Some('-') && chars.next().is_some_and(|c| c.is_ascii_digit() || c == '.')
}

/// The positional argument that the value after `before` values fills.
fn next_positional(command: &Command, before: usize) -> Option<&clap::Arg> {
    let mut positionals: Vec<&clap::Arg> = command.get_positionals().collect();
    positionals.sort_by_key(|a| a.get_index());
    let last_many = positionals.last().is_some_and(|a| a.get_num_args().is_none_or(|n| n.max_values() > 1));
    positionals.get(before).or(if last_many { positionals.last() } else { None }).copied()
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;
    use crate::args::Cli;

    fn moved(args: &str) -> String {
        let args = std::iter::once("reckon").chain(args.split(' ')).map(OsString::from);
        let out = as_values(Cli::command, args);
        out[1..].iter().map(|a| a.to_str().unwrap()).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn negative_fractions_are_moved_behind_a_double_dash() {
        assert_eq!(moved("-t 1 -1/7 -7"), "-t 1 -- -1/7 -7");
        assert_eq!(moved("-1/7 2 --all"), "2 --all -- -1/7");
        assert_eq!(moved("reach -.5 1 2"), "reach 1 2 -- -.5");
        assert_eq!(moved("check 1+2 -1/7 3"), "check 1+2 3 -- -1/7");
        assert_eq!(moved("1 -- -1/7 -2/3"), "1 -- -1/7 -2/3");
        assert_eq!(moved("1 -1/7 -- 2"), "1 -- 2 -1/7");
    }

    #[test]
    fn values_of_options_and_expressions_stay() {
        assert_eq!(moved("-t -1/7 1 2"), "-t -1/7 1 2");
        assert_eq!(moved("--target -1/7 1 2"), "--target -1/7 1 2");
        assert_eq!(moved("census --range -5--1"), "census --range -5--1");
        assert_eq!(moved("check -1/7+1 1 7"), "check -1/7+1 1 7");
        assert_eq!(moved("--target=-1/7 1"), "--target=-1/7 1");
        assert_eq!(moved("-f json 3 3 8 8"), "-f json 3 3 8 8");
    }
}
