//! A census's summary: one JSON object (docs/data.md), or text that fits
//! the terminal.

use std::collections::BTreeMap;
use std::io::IsTerminal;

use reckon_census::{Summary, TargetSummary};
use reckon_core::Hand;
use reckon_play::Difficulty;
use serde_json::{Value, json};

use crate::report::{cards_json, percent};

/// The most rows a histogram shows one by one; past that, its counts are
/// binned into ranges.
const MOST_HISTOGRAM_ROWS: usize = 20;

/// The width text is fitted to: the terminal's when stdout is one, else 80.
pub(super) fn text_width() -> usize {
    let stdout = std::io::stdout();
    match terminal_size::terminal_size_of(&stdout) {
        Some((terminal_size::Width(width), _)) if stdout.is_terminal() => usize::from(width).max(20),
        _ => 80,
    }
}

/// The histogram of solutions per hand as `(lo, hi, hands)`: one row per
/// count when there are few, else bins of a round width (1, 2, 5, 10, 20,
/// 50, ...) so that at most [`MOST_HISTOGRAM_ROWS`] are left. Empty bins
/// are left out.
pub(super) fn histogram_rows(histogram: &BTreeMap<usize, usize>) -> Vec<(usize, usize, usize)> {
    if histogram.len() <= MOST_HISTOGRAM_ROWS {
        return histogram.iter().map(|(&count, &hands)| (count, count, hands)).collect();
    }
    let most = histogram.keys().last().copied().unwrap_or(0);
    let width = [1, 2, 5]
        .into_iter()
        .cycle()
        .zip((0..).flat_map(|power| [power; 3]))
        .map(|(step, power): (usize, u32)| step.saturating_mul(10usize.saturating_pow(power)))
        .find(|&width| most / width < MOST_HISTOGRAM_ROWS)
        .expect("a wide enough bin");
    let mut bins: BTreeMap<usize, usize> = BTreeMap::new();
    for (&count, &hands) in histogram {
        *bins.entry(count / width).or_default() += hands;
    }
    bins.into_iter().map(|(bin, hands)| (bin * width, bin * width + width - 1, hands)).collect()
}

/// The summary of a census of hands, as one JSON object; `easiest` with --top.
pub(super) fn summary_json(s: &Summary, easiest: bool) -> Value {
    let mut value = json!({
        "hands": s.hands,
        "solvable": s.solvable,
        "needs_fractions": s.needs_fractions.iter().map(cards_json).collect::<Vec<_>>(),
        "needs_negatives": s.needs_negatives,
    });
    if let Some(solutions) = s.distinct {
        value["solutions"] = json!(solutions);
        value["histogram"] = s.histogram.iter().map(|(count, hands)| json!({"count": count, "hands": hands})).collect();
        value["hardest"] = ranked_json(&s.hardest);
        if easiest {
            value["easiest"] = ranked_json(&s.easiest);
        }
    }
    if let Some(bands) = &s.difficulty {
        value["difficulty"] = Difficulty::ALL
            .iter()
            .map(|band| (band.name().to_owned(), json!(bands.get(band).copied().unwrap_or(0))))
            .collect();
    }
    value
}

fn ranked_json(hands: &[(Hand, usize, bool)]) -> Value {
    hands
        .iter()
        .map(
            |(hand, count, fractions)| json!({"cards": cards_json(hand), "count": count, "needs_fractions": fractions}),
        )
        .collect()
}

/// The summary of a census of targets, as one JSON object.
pub(super) fn target_summary_json(s: &TargetSummary) -> Value {
    json!({
        "hands": s.hands,
        "targets": {"lo": s.lo, "hi": s.hi},
        "per_target": s.per_target.iter().zip(s.lo..).map(|(hands, target)| json!({"target": target, "hands": hands})).collect::<Vec<_>>(),
        "reachable_all": s.reach_all,
        "games": s.hands * s.per_target.len(),
        "games_solvable": s.games_solvable,
    })
}

/// The summary of a census of hands as text, its lines `width` wide at
/// most where they can break; the easiest hands with --top.
pub(super) fn print_summary(s: &Summary, easiest: bool, width: usize) -> String {
    let mut text = format!("hands: {}\nsolvable: {} ({})\n", s.hands, s.solvable, percent(s.solvable, s.hands));
    let fractions: Vec<String> = s.needs_fractions.iter().map(ToString::to_string).collect();
    let mut line = format!("need fractions: {}", fractions.len());
    for (i, hand) in fractions.iter().enumerate() {
        let (before, after) = (if i == 0 { " (" } else { " " }, if i + 1 == fractions.len() { ")" } else { "," });
        if line.len() + before.len() + hand.len() + after.len() > width && i > 0 {
            text += &line;
            text += "\n";
            line = format!("  {hand}{after}");
        } else {
            line += &format!("{before}{hand}{after}");
        }
    }
    text += &line;
    text += &format!("\nneed negative intermediate results: {}\n", s.needs_negatives);
    if let Some(distinct) = s.distinct {
        text += &format!("distinct solutions: {distinct}\nsolutions per hand (solutions: hands):\n");
        let rows = histogram_rows(&s.histogram);
        let label = |&(lo, hi, _): &(usize, usize, usize)| if lo == hi { lo.to_string() } else { format!("{lo}-{hi}") };
        let width = rows.iter().map(|row| label(row).len()).max().unwrap_or(0).max(3);
        for row in &rows {
            text += &format!("  {:>width$}: {}\n", label(row), row.2);
        }
        text += "hardest (fewest solutions, fraction-only first):\n";
        text += &ranked_text(&s.hardest);
        if easiest {
            text += "easiest (most solutions):\n";
            text += &ranked_text(&s.easiest);
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

fn ranked_text(hands: &[(Hand, usize, bool)]) -> String {
    let mut text = String::new();
    for (hand, count, fractions) in hands {
        let note = if *fractions { ", needs fractions" } else { "" };
        text += &format!("  {hand} ({count} solution{}{note})\n", if *count == 1 { "" } else { "s" });
    }
    text
}

/// The summary of a census of targets as text, its table `width` wide at most.
pub(super) fn print_target_summary(s: &TargetSummary, width: usize) -> String {
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
    let target_width = s.lo.to_string().len().max(s.hi.to_string().len());
    let hands_width = s.per_target.iter().max().map_or(1, |most| most.to_string().len());
    let cell = target_width + 2 + hands_width;
    let gap = 3;
    let columns = ((width + gap) / (cell + gap)).max(1);
    for (row, counts) in s.per_target.chunks(columns).enumerate() {
        let first = s.lo + (row * columns) as i64;
        let cells: Vec<String> =
            counts.iter().zip(first..).map(|(n, t)| format!("{t:>target_width$}: {n:<hands_width$}")).collect();
        text += &format!("{}\n", cells.join(&" ".repeat(gap)).trim_end());
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn few_counts_are_shown_one_by_one() {
        let histogram = BTreeMap::from([(0, 5), (3, 2), (11, 1)]);
        assert_eq!(histogram_rows(&histogram), [(0, 0, 5), (3, 3, 2), (11, 11, 1)]);
    }

    #[test]
    fn many_counts_are_binned_in_round_widths() {
        let histogram: BTreeMap<usize, usize> = (0..=95).map(|count| (count, 1)).collect();
        let rows = histogram_rows(&histogram);
        assert_eq!(rows.len(), 20, "bins of 5");
        assert_eq!(rows[0], (0, 4, 5));
        assert_eq!(rows[19], (95, 99, 1));
        assert_eq!(rows.iter().map(|row| row.2).sum::<usize>(), 96);
        let sparse: BTreeMap<usize, usize> = (0..25).map(|i| (i * 40, 2)).collect();
        let rows = histogram_rows(&sparse);
        assert!(rows.len() <= MOST_HISTOGRAM_ROWS, "{rows:?}");
        assert_eq!(rows[0], (0, 49, 4), "empty bins are left out: {rows:?}");
    }
}
