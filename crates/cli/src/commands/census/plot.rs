//! `census --plot FILE.svg`: the histogram of a census as an SVG picture,
//! one bar per row of the text histogram, or one per target.

use std::path::Path;

use anyhow::Context;
use plotters::prelude::*;
use reckon_census::{Summary, TargetSummary};

use super::summary::histogram_rows;

/// The picture's size in pixels.
const SIZE: (u32, u32) = (900, 540);

/// One bar: from `lo` to `hi` inclusive on the x axis, `height` high.
struct Bar {
    lo: i64,
    hi: i64,
    height: usize,
}

/// The histogram of distinct solutions per hand, drawn to `path`.
pub(super) fn solutions_per_hand(path: &Path, summary: &Summary, title: &str) -> anyhow::Result<()> {
    let bars = histogram_rows(&summary.histogram)
        .into_iter()
        .map(|(lo, hi, hands)| Bar { lo: lo as i64, hi: hi as i64, height: hands })
        .collect::<Vec<_>>();
    draw(path, &format!("Distinct solutions per hand: {title}"), "distinct solutions", "hands", &bars)
}

/// How many hands reach each target, drawn to `path`.
pub(super) fn hands_per_target(path: &Path, summary: &TargetSummary, title: &str) -> anyhow::Result<()> {
    let bars = summary
        .per_target
        .iter()
        .zip(summary.lo..)
        .map(|(&hands, target)| Bar { lo: target, hi: target, height: hands })
        .collect::<Vec<_>>();
    draw(path, &format!("Hands that reach each target: {title}"), "target", "hands that reach it", &bars)
}

fn draw(path: &Path, title: &str, x_label: &str, y_label: &str, bars: &[Bar]) -> anyhow::Result<()> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        let failed = |err: DrawingAreaErrorKind<_>| anyhow::anyhow!("cannot draw the plot: {err}");
        root.fill(&WHITE).map_err(failed)?;
        let x_lo = bars.first().map_or(0, |bar| bar.lo);
        let x_hi = bars.last().map_or(1, |bar| bar.hi.saturating_add(1));
        let y_hi = bars.iter().map(|bar| bar.height).max().unwrap_or(0).max(1);
        // A tenth above the highest bar.
        let y_top = y_hi + y_hi.div_ceil(10);
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(16)
            .x_label_area_size(48)
            .y_label_area_size(72)
            .build_cartesian_2d(x_lo..x_hi, 0..y_top)
            .map_err(failed)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc(x_label)
            .y_desc(y_label)
            .axis_desc_style(("sans-serif", 15))
            .draw()
            .map_err(failed)?;
        let fill = RGBColor(0x3b, 0x6e, 0xa8).filled();
        chart
            .draw_series(
                bars.iter().map(|bar| Rectangle::new([(bar.lo, 0), (bar.hi.saturating_add(1), bar.height)], fill)),
            )
            .map_err(failed)?;
        root.present().map_err(failed)?;
    }
    std::fs::write(path, svg).with_context(|| format!("cannot write {}", path.display()))
}
