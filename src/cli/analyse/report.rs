//! `--report FILE.html`: a page that holds its plots (SVG drawn with
//! plotters, inline, no script and nothing fetched): game lengths, win
//! rates by option value with their intervals, how the games ended (draws,
//! games stopped unfinished, and which end rule ended them) and the
//! branching factor by turn. Every series marks its points, so that a
//! plot of one point shows it.

use std::fmt::Write as _;

use plotters::prelude::*;

use super::Analysis;

/// Plot size in pixels.
const SIZE: (u32, u32) = (720, 360);

/// Colours of the series, one per seat or option value.
const COLOURS: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(255, 127, 14),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
];

/// The font plotters measures the labels with (the browser draws them in
/// its own sans-serif).
const FONT: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-subset.ttf");

/// The page.
pub fn page(a: &Analysis) -> String {
    static FONT_REGISTERED: std::sync::Once = std::sync::Once::new();
    FONT_REGISTERED.call_once(|| {
        // The font is built in and valid: a failure would only lose the labels.
        let _ = plotters::style::register_font("sans-serif", FontStyle::Normal, FONT);
    });
    let mut body = String::new();
    let _ = writeln!(body, "<h1>{}</h1>", escape(&a.game));
    let _ = writeln!(
        body,
        "<pre>{}</pre>",
        escape(&super::table::render(a, true))
    );
    for (title, svg) in [
        ("Game lengths", lengths(a)),
        (win_title(a), wins(a)),
        ("How the games ended (share of games)", endings(a)),
        ("Branching factor by turn", branching(a)),
    ] {
        let _ = writeln!(
            body,
            "<figure><figcaption>{title}</figcaption>\n{}\n</figure>",
            svg.unwrap_or_else(|e| format!("<p>(not drawn: {})</p>", escape(&e)))
        );
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{} — tabula analyse</title>\n<style>\nbody {{ font-family: sans-serif; margin: 2em; }}\n\
         pre {{ font-size: 12px; }}\nfigure {{ margin: 2em 0; }}\nfigcaption {{ font-weight: bold; }}\n</style>\n\
         </head>\n<body>\n{body}</body>\n</html>\n",
        escape(&a.game)
    )
}

fn win_title(a: &Analysis) -> &'static str {
    match a.sweep {
        Some(_) => "Win rates by option value (95% intervals)",
        None => "Win rates by seat (95% intervals)",
    }
}

/// Draws into an SVG string with `draw`.
fn svg(
    draw: impl FnOnce(&DrawingArea<SVGBackend, plotters::coord::Shift>) -> Result<(), String>,
) -> Result<String, String> {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        draw(&root)?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(out)
}

/// A histogram of game lengths per option value.
fn lengths(a: &Analysis) -> Result<String, String> {
    let max = a
        .values
        .iter()
        .map(|v| v.measures.length.max)
        .max()
        .unwrap_or(0)
        .max(1);
    let most = a
        .values
        .iter()
        .flat_map(|v| v.totals.lengths.iter().map(|l| l.1))
        .max()
        .unwrap_or(1);
    svg(|root| {
        let mut chart = frame(root)
            .build_cartesian_2d(0u32..max + 1, 0u32..most + most / 10 + 1)
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .x_desc("moves")
            .y_desc("games")
            .draw()
            .map_err(|e| e.to_string())?;
        for (i, v) in a.values.iter().enumerate() {
            let colour = COLOURS[i % COLOURS.len()];
            // Every length from the shortest game to the longest, none
            // played being 0 games.
            let (first, last) = (v.measures.length.min, v.measures.length.max);
            let counts = (first..=last).map(|m| {
                let i = v.totals.lengths.binary_search_by_key(&m, |l| l.0);
                (m, i.map_or(0, |i| v.totals.lengths[i].1))
            });
            named(
                &mut chart,
                LineSeries::new(counts, colour.stroke_width(2)).point_size(3),
                colour,
                value_label(a, v.value, "games"),
            )?;
        }
        legend(&mut chart)
    })
}

/// Win rates with their intervals: by option value (a line per seat) in
/// a sweep, else by seat.
fn wins(a: &Analysis) -> Result<String, String> {
    let values: Vec<i64> = a.values.iter().map(|v| v.value.unwrap_or(0)).collect();
    let (low, high) = (
        values.first().copied().unwrap_or(0),
        values.last().copied().unwrap_or(0),
    );
    let seats = a.values.first().map_or(0, |v| v.seats.len());
    svg(|root| {
        let x = match a.sweep {
            Some(_) => (low as f64 - 0.5)..(high as f64 + 0.5),
            None => -0.5..(seats as f64 - 0.5),
        };
        let mut chart = frame(root)
            .build_cartesian_2d(x, 0f64..100f64)
            .map_err(|e| e.to_string())?;
        let names: Vec<String> = a.values.first().map_or(Vec::new(), |v| v.seats.clone());
        let desc = a.sweep.clone().unwrap_or_else(|| "seat".to_string());
        chart
            .configure_mesh()
            .x_desc(desc)
            .y_desc("wins (%)")
            .x_labels(if a.sweep.is_some() {
                values.len().min(20)
            } else {
                seats
            })
            .x_label_formatter(&|x| match a.sweep {
                Some(_) => format!("{x:.0}"),
                None => names.get(x.round() as usize).cloned().unwrap_or_default(),
            })
            .draw()
            .map_err(|e| e.to_string())?;
        for seat in 0..seats {
            let colour = COLOURS[seat % COLOURS.len()];
            let points: Vec<(f64, f64, f64, f64)> = a
                .values
                .iter()
                .filter_map(|v| {
                    let r = v.measures.wins.get(seat)?;
                    let x = if a.sweep.is_some() {
                        v.value.unwrap_or(0) as f64
                    } else {
                        seat as f64
                    };
                    Some((x, 100.0 * r.rate, 100.0 * r.low, 100.0 * r.high))
                })
                .collect();
            let name = names.get(seat).cloned().unwrap_or_default();
            chart
                .draw_series(points.iter().map(|&(x, _, lo, hi)| {
                    ErrorBar::new_vertical(x, lo, (lo + hi) / 2.0, hi, colour.filled(), 10)
                }))
                .map_err(|e| e.to_string())?;
            let line = LineSeries::new(points.iter().map(|p| (p.0, p.1)), colour.stroke_width(2));
            named(&mut chart, line.point_size(4), colour, name)?;
        }
        legend(&mut chart)
    })
}

/// How the games ended, as shares of the games at each option value (or
/// of all, without a sweep): draws, games stopped unfinished, and each end
/// rule that ended some.
fn endings(a: &Analysis) -> Result<String, String> {
    let x_of = |v: &super::ValueResult| v.value.unwrap_or(0) as f64;
    let (low, high) = a
        .values
        .iter()
        .map(x_of)
        .fold((f64::MAX, f64::MIN), |(l, h), x| (l.min(x), h.max(x)));
    let (low, high) = if low > high { (0.0, 0.0) } else { (low, high) };
    // (label, games of each value): draws, unfinished, then each end rule.
    let mut series: Vec<(String, Vec<u32>)> = vec![
        (
            "draws".into(),
            a.values.iter().map(|v| v.totals.draws).collect(),
        ),
        (
            "unfinished".into(),
            a.values.iter().map(|v| v.totals.unfinished).collect(),
        ),
    ];
    for (i, text) in a.end_rules.iter().enumerate() {
        let games = a
            .values
            .iter()
            .map(|v| v.totals.endings.get(i).copied().unwrap_or(0));
        series.push((format!("end rule {}: {text}", i + 1), games.collect()));
    }
    series.retain(|(_, games)| games.iter().any(|&g| g > 0));
    svg(|root| {
        let mut chart = frame(root)
            .build_cartesian_2d((low - 0.5)..(high + 0.5), 0f64..105f64)
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .x_desc(a.sweep.clone().unwrap_or_else(|| "all games".into()))
            .y_desc("games (%)")
            .x_labels(a.values.len().clamp(1, 20))
            .x_label_formatter(&|x| match a.sweep {
                Some(_) => format!("{x:.0}"),
                None => String::new(),
            })
            .draw()
            .map_err(|e| e.to_string())?;
        for (k, (label, games)) in series.into_iter().enumerate() {
            let colour = COLOURS[k % COLOURS.len()];
            let points = a.values.iter().zip(&games).map(|(v, &g)| {
                let share = 100.0 * f64::from(g) / f64::from(v.totals.games.max(1));
                (x_of(v), share)
            });
            let line = LineSeries::new(points, colour.stroke_width(2)).point_size(4);
            named(&mut chart, line, colour, label)?;
        }
        legend(&mut chart)
    })
}

/// The mean number of legal moves at each turn, a line per option value.
fn branching(a: &Analysis) -> Result<String, String> {
    let turns = a
        .values
        .iter()
        .map(|v| v.measures.branching_by_turn.len())
        .max()
        .unwrap_or(0)
        .max(1);
    let most = a
        .values
        .iter()
        .flat_map(|v| v.measures.branching_by_turn.iter().copied())
        .fold(1.0, f64::max);
    svg(|root| {
        let mut chart = frame(root)
            .build_cartesian_2d(0usize..turns + 1, 0f64..most * 1.1)
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .x_desc("turn")
            .y_desc("legal moves")
            .draw()
            .map_err(|e| e.to_string())?;
        for (i, v) in a.values.iter().enumerate() {
            let colour = COLOURS[i % COLOURS.len()];
            let series = LineSeries::new(
                v.measures
                    .branching_by_turn
                    .iter()
                    .enumerate()
                    .map(|(t, &b)| (t + 1, b)),
                colour.stroke_width(2),
            )
            .point_size(3);
            named(&mut chart, series, colour, value_label(a, v.value, "mean"))?;
        }
        legend(&mut chart)
    })
}

/// Draws a series named `label` in the legend, in `colour`.
fn named<'a, 'b: 'a, X, Y, E, S>(
    chart: &mut ChartContext<'a, SVGBackend<'b>, Cartesian2d<X, Y>>,
    series: S,
    colour: RGBColor,
    label: String,
) -> Result<(), String>
where
    X: plotters::coord::ranged1d::Ranged,
    Y: plotters::coord::ranged1d::Ranged,
    S: IntoIterator<Item = E>,
    for<'e> &'e E: plotters::element::PointCollection<'e, (X::ValueType, Y::ValueType)>,
    E: plotters::element::Drawable<SVGBackend<'b>>,
{
    chart
        .draw_series(series)
        .map_err(|e| e.to_string())?
        .label(label)
        .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], colour));
    Ok(())
}

/// A chart's frame: its margin and the room for the axes' labels.
fn frame<'a, 'b>(
    root: &'a DrawingArea<SVGBackend<'b>, plotters::coord::Shift>,
) -> ChartBuilder<'a, 'a, SVGBackend<'b>> {
    let mut builder = ChartBuilder::on(root);
    builder
        .margin(10)
        .x_label_area_size(35)
        .y_label_area_size(50);
    builder
}

/// A series' name in the legend: the swept option's value, or `whole`.
fn value_label(a: &Analysis, value: Option<i64>, whole: &str) -> String {
    match (value, &a.sweep) {
        (Some(x), Some(option)) => format!("{option} = {x}"),
        _ => whole.to_string(),
    }
}

/// Draws a chart's legend in its upper right corner.
fn legend<'a, 'b: 'a, X, Y>(
    chart: &mut ChartContext<'a, SVGBackend<'b>, Cartesian2d<X, Y>>,
) -> Result<(), String>
where
    X: plotters::coord::ranged1d::Ranged,
    Y: plotters::coord::ranged1d::Ranged,
{
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .position(SeriesLabelPosition::UpperRight)
        .draw()
        .map_err(|e| e.to_string())
}

/// Text for HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
