//! The report's charts, drawn by plotters as SVG text. Labels are SVG text that the browser
//! lays out with its own fonts (plotters only estimates their size to leave room for them).

use crate::summary::{AlienSummary, LengthCount, PairSummary, SeatSummary};
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Text, axes and neutral marks.
const INK: RGBColor = RGBColor(0x33, 0x33, 0x33);
/// A result whose interval lies wholly above the fair rate.
const HIGH: RGBColor = RGBColor(0xc0, 0x39, 0x2b);
/// A result whose interval lies wholly below the fair rate.
const LOW: RGBColor = RGBColor(0x2e, 0x6d, 0xa4);
/// A result whose interval holds the fair rate.
const EVEN: RGBColor = RGBColor(0x77, 0x77, 0x77);
/// The fair-rate line.
const FAIR: RGBColor = RGBColor(0x99, 0x99, 0x99);
/// Bars.
const BAR: RGBColor = RGBColor(0x5b, 0x8d, 0x6f);
/// A heat-map cell with no game.
const EMPTY: RGBColor = RGBColor(0xee, 0xee, 0xee);

const FONT: &str = "sans-serif";

/// A drawing error, as text.
fn err(e: impl std::fmt::Display) -> String {
    format!("drawing a chart: {e}")
}

/// The color of a rate with interval `[lo, hi]` against the fair rate.
fn verdict([lo, hi]: [f64; 2], fair: f64) -> RGBColor {
    if lo > fair {
        HIGH
    } else if hi < fair {
        LOW
    } else {
        EVEN
    }
}

// A segmented axis over `0..n - 1` has one segment per category: plotters' integer ranges
// include their end.

/// The label of category `i` of `names` on a segmented axis (`reversed`: the first at the
/// top of a vertical axis, which counts from the bottom).
fn category(names: &[String], v: &SegmentValue<i32>, reversed: bool) -> String {
    match v {
        SegmentValue::CenterOf(i) if (0..names.len() as i32).contains(i) => {
            let i = *i as usize;
            names[if reversed { names.len() - 1 - i } else { i }].clone()
        }
        _ => String::new(),
    }
}

/// Room for the longest of `names`, in pixels at 13px text.
fn label_room(names: &[String]) -> u32 {
    names.iter().map(|n| n.chars().count()).max().unwrap_or(4) as u32 * 8 + 16
}

/// An upper bound for rates shown with their intervals: the highest end, rounded up to 10%.
fn rate_ceiling(his: impl Iterator<Item = f64>, fair: f64) -> f64 {
    let top = his.fold(fair, f64::max);
    ((top * 10.0).ceil() / 10.0).clamp(0.1, 1.0)
}

fn percent(x: &f64) -> String {
    format!("{:.0}%", x * 100.0)
}

/// Each alien's win rate with its 95% interval, highest first, against the fair rate.
pub fn alien_rates(aliens: &[AlienSummary], fair: f64) -> Result<String, String> {
    let mut sorted: Vec<&AlienSummary> = aliens.iter().collect();
    sorted.sort_by(|a, b| b.win_rate.total_cmp(&a.win_rate));
    let names: Vec<String> = sorted
        .iter()
        .map(|a| format!("{} ({})", a.alien, a.games))
        .collect();
    let n = sorted.len() as i32;
    let (width, height) = (820, 70 + 18 * n.max(1) as u32);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let top = rate_ceiling(sorted.iter().map(|a| a.win_rate_95[1]), fair);
        let mut chart = ChartBuilder::on(&root)
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(label_room(&names))
            .build_cartesian_2d(0f64..top, (0..n - 1).into_segmented())
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(n as usize)
            .y_label_formatter(&|v| category(&names, v, true))
            .x_label_formatter(&percent)
            .x_desc("win rate with its 95% interval (dashed: one game in players)")
            .label_style((FONT, 13).into_font().color(&INK))
            .axis_desc_style((FONT, 13).into_font().color(&INK))
            .light_line_style(RGBColor(0xf0, 0xf0, 0xf0))
            .max_light_lines(1)
            .draw()
            .map_err(err)?;
        chart
            .draw_series(DashedLineSeries::new(
                [(fair, SegmentValue::Exact(0)), (fair, SegmentValue::Last)],
                4,
                4,
                FAIR.stroke_width(1),
            ))
            .map_err(err)?;
        for (i, a) in sorted.iter().enumerate() {
            let y = SegmentValue::CenterOf(n - 1 - i as i32);
            let color = verdict(a.win_rate_95, fair);
            let [lo, hi] = a.win_rate_95;
            chart
                .draw_series([ErrorBar::new_horizontal(
                    y.clone(),
                    lo,
                    a.win_rate,
                    hi,
                    color.stroke_width(2),
                    8,
                )])
                .map_err(err)?;
            chart
                .draw_series([Circle::new((a.win_rate, y), 4, color.filled())])
                .map_err(err)?;
        }
        root.present().map_err(err)?;
    }
    Ok(svg)
}

/// Each seat's win rate with its 95% interval, against the fair rate.
pub fn seat_rates(seats: &[SeatSummary], fair: f64) -> Result<String, String> {
    let names: Vec<String> = seats
        .iter()
        .map(|s| format!("{} {}", s.seat + 1, s.color.name()))
        .collect();
    let n = seats.len() as i32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (560, 300)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let top = rate_ceiling(seats.iter().map(|s| s.win_rate_95[1]), fair);
        let mut chart = ChartBuilder::on(&root)
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d((0..n - 1).into_segmented(), 0f64..top)
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(n as usize)
            .x_label_formatter(&|v| category(&names, v, false))
            .y_label_formatter(&percent)
            .x_desc("seat, in turn order")
            .y_desc("win rate")
            .label_style((FONT, 13).into_font().color(&INK))
            .axis_desc_style((FONT, 13).into_font().color(&INK))
            .light_line_style(RGBColor(0xf0, 0xf0, 0xf0))
            .max_light_lines(1)
            .draw()
            .map_err(err)?;
        chart
            .draw_series(DashedLineSeries::new(
                [(SegmentValue::Exact(0), fair), (SegmentValue::Last, fair)],
                4,
                4,
                FAIR.stroke_width(1),
            ))
            .map_err(err)?;
        for (i, s) in seats.iter().enumerate() {
            let x = SegmentValue::CenterOf(i as i32);
            let color = verdict(s.win_rate_95, fair);
            let [lo, hi] = s.win_rate_95;
            chart
                .draw_series([ErrorBar::new_vertical(
                    x.clone(),
                    lo,
                    s.win_rate,
                    hi,
                    color.stroke_width(2),
                    12,
                )])
                .map_err(err)?;
            chart
                .draw_series([Circle::new((x, s.win_rate), 5, color.filled())])
                .map_err(err)?;
        }
        root.present().map_err(err)?;
    }
    Ok(svg)
}

/// Named shares of the games played, each with its 95% interval (outcomes).
pub fn shares(bars: &[(String, f64, [f64; 2])]) -> Result<String, String> {
    let names: Vec<String> = bars.iter().map(|b| b.0.clone()).collect();
    let n = bars.len() as i32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (560, 300)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let top = rate_ceiling(bars.iter().map(|b| b.2[1]), 0.0);
        let mut chart = ChartBuilder::on(&root)
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d((0..n - 1).into_segmented(), 0f64..top)
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(n as usize)
            .x_label_formatter(&|v| category(&names, v, false))
            .y_label_formatter(&percent)
            .y_desc("share of games (95% interval)")
            .label_style((FONT, 13).into_font().color(&INK))
            .axis_desc_style((FONT, 13).into_font().color(&INK))
            .light_line_style(RGBColor(0xf0, 0xf0, 0xf0))
            .max_light_lines(1)
            .draw()
            .map_err(err)?;
        chart
            .draw_series(
                Histogram::vertical(&chart)
                    .style(BAR.mix(0.8).filled())
                    .margin(30)
                    .data(bars.iter().enumerate().map(|(i, b)| (i as i32, b.1))),
            )
            .map_err(err)?;
        chart
            .draw_series(bars.iter().enumerate().map(|(i, b)| {
                ErrorBar::new_vertical(
                    SegmentValue::CenterOf(i as i32),
                    b.2[0],
                    b.1,
                    b.2[1],
                    INK.stroke_width(1),
                    10,
                )
            }))
            .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}

/// How many games lasted each number of turns.
pub fn game_lengths(lengths: &[LengthCount]) -> Result<String, String> {
    let (Some(first), Some(last)) = (lengths.first(), lengths.last()) else {
        return Ok(String::new());
    };
    let (lo, hi) = (first.turns as i32, last.turns as i32);
    let most = lengths.iter().map(|l| l.games).max().unwrap_or(1);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (820, 300)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(&root)
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d((lo..hi).into_segmented(), 0u64..most + most / 10 + 1)
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(((hi - lo + 1) as usize).min(30))
            .x_desc("turns played")
            .y_desc("games")
            .label_style((FONT, 13).into_font().color(&INK))
            .axis_desc_style((FONT, 13).into_font().color(&INK))
            .light_line_style(RGBColor(0xf0, 0xf0, 0xf0))
            .max_light_lines(1)
            .draw()
            .map_err(err)?;
        chart
            .draw_series(
                Histogram::vertical(&chart)
                    .style(BAR.filled())
                    .margin(1)
                    .data(lengths.iter().map(|l| (l.turns as i32, l.games))),
            )
            .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}

/// The heat map's color for a win rate: white at the fair rate, deepening to red above it
/// and blue below it (full at 0 and at twice the fair rate).
fn heat(rate: f64, fair: f64) -> RGBColor {
    let mix = |to: RGBColor, t: f64| {
        let t = t.clamp(0.0, 1.0);
        let c = |x: u8| (255.0 + (x as f64 - 255.0) * t).round() as u8;
        RGBColor(c(to.0), c(to.1), c(to.2))
    };
    if rate >= fair {
        mix(HIGH, (rate - fair) / fair)
    } else {
        mix(LOW, (fair - rate) / fair)
    }
}

/// The win rate of each alien (row) in the games each other alien (column) was dealt in
/// too, as a heat map, with its color scale.
pub fn pair_matrix(pairs: &[PairSummary], fair: f64) -> Result<String, String> {
    let mut names: Vec<String> = pairs
        .iter()
        .flat_map(|p| [p.alien.clone(), p.against.clone()])
        .collect();
    names.sort();
    names.dedup();
    let n = names.len() as i32;
    let index = |name: &str| names.binary_search_by(|x| x.as_str().cmp(name)).ok();
    let cell = 14u32;
    let room = label_room(&names);
    let (width, height) = (room + cell * n as u32 + 130, room + cell * n as u32 + 20);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let (grid, scale) = root.split_horizontally(width - 110);
        let mut chart = ChartBuilder::on(&grid)
            .margin(10)
            .x_label_area_size(room)
            .y_label_area_size(room)
            .build_cartesian_2d((0..n - 1).into_segmented(), (0..n - 1).into_segmented())
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_labels(n as usize)
            .y_labels(n as usize)
            // The column names are drawn below, starting at the axis.
            .x_label_formatter(&|_| String::new())
            .y_label_formatter(&|v| category(&names, v, true))
            .y_label_style((FONT, 12).into_font().color(&INK))
            .draw()
            .map_err(err)?;
        // Cells are squares around the segments' centres, sized in pixels from two
        // neighbouring centres; row 0 is at the top (the axis counts from the bottom).
        let centre = |row: i32, col: i32| {
            (
                SegmentValue::CenterOf(col),
                SegmentValue::CenterOf(n - 1 - row),
            )
        };
        let (x0, y0) = chart.backend_coord(&centre(0, 0));
        let (x1, y1) = chart.backend_coord(&centre(1, 1));
        let (w, h) = ((x1 - x0).abs().max(1), (y1 - y0).abs().max(1));
        let square = |row: i32, col: i32, color: RGBColor| {
            EmptyElement::at(centre(row, col))
                + Rectangle::new([(-w / 2, -h / 2), (w - w / 2, h - h / 2)], color.filled())
        };
        chart
            .draw_series(
                (0..n)
                    .flat_map(|r| (0..n).map(move |c| (r, c)))
                    .map(|(r, c)| square(r, c, if r == c { INK } else { EMPTY })),
            )
            .map_err(err)?;
        let placed: Vec<(i32, i32, &PairSummary)> = pairs
            .iter()
            .filter_map(|p| Some((index(&p.alien)? as i32, index(&p.against)? as i32, p)))
            .collect();
        chart
            .draw_series(
                placed
                    .iter()
                    .map(|&(r, c, p)| square(r, c, heat(p.win_rate, fair))),
            )
            .map_err(err)?;
        // A dot marks a cell whose interval lies wholly on one side of the fair rate.
        chart
            .draw_series(
                placed
                    .iter()
                    .filter(|(_, _, p)| verdict(p.win_rate_95, fair) != EVEN)
                    .map(|&(r, c, _)| Circle::new(centre(r, c), 2, INK.filled())),
            )
            .map_err(err)?;
        let below = chart.backend_coord(&centre(n - 1, 0)).1 + h / 2 + 6;
        for (c, name) in names.iter().enumerate() {
            let x = chart.backend_coord(&centre(0, c as i32)).0;
            root.draw(&Text::new(
                name.clone(),
                (x, below),
                (FONT, 12)
                    .into_font()
                    .color(&INK)
                    .transform(FontTransform::Rotate90)
                    .pos(Pos::new(HPos::Left, VPos::Center)),
            ))
            .map_err(err)?;
        }

        // The color scale: rates from 0 to twice the fair rate.
        let top = (2.0 * fair).min(1.0);
        let mut legend = ChartBuilder::on(&scale)
            .margin_top(room as i32 / 2)
            .margin_bottom(room as i32 / 2)
            .margin_right(10)
            .y_label_area_size(50)
            .build_cartesian_2d(0f64..1.0, 0f64..top)
            .map_err(err)?;
        legend
            .configure_mesh()
            .disable_mesh()
            .disable_x_axis()
            .y_labels(5)
            .y_label_formatter(&percent)
            .y_desc("row's win rate")
            .label_style((FONT, 12).into_font().color(&INK))
            .axis_desc_style((FONT, 12).into_font().color(&INK))
            .draw()
            .map_err(err)?;
        let steps = 40;
        legend
            .draw_series((0..steps).map(|k| {
                let (a, b) = (
                    top * k as f64 / steps as f64,
                    top * (k + 1) as f64 / steps as f64,
                );
                Rectangle::new([(0.0, a), (1.0, b)], heat((a + b) / 2.0, fair).filled())
            }))
            .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}
