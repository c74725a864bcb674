//! An analysis as a person reads it: one block for a single set of
//! options, one table for a sweep (a block per value when the sweep
//! changes the seats).

use std::fmt::Write as _;

use super::totals::{Measures, Rate};
use super::{Analysis, ValueResult};

/// The whole analysis, as text: a sweep's tables fit 80 columns, or with
/// `wide` show each rate's interval in one wide table.
pub fn render(a: &Analysis, wide: bool) -> String {
    let mut out = String::new();
    let shard = match a.study.shard {
        Some([k, n]) => format!(" (shard {k} of {n})"),
        None => String::new(),
    };
    let games = a.values.first().map_or(0, |v| v.totals.games);
    let title = format!(
        "{}: {games} games{}, {}{shard}; players {}",
        a.game,
        if a.sweep.is_some() { " a value" } else { "" },
        a.study.seeds_text(games),
        a.players.join(", ")
    );
    let _ = writeln!(out, "{}", crate::cli::view::wrap(&title, 80));
    let same_seats = a.values.windows(2).all(|w| w[0].seats == w[1].seats);
    match (&a.sweep, same_seats) {
        (Some(option), true) if wide => sweep_table(&mut out, option, a),
        (Some(option), true) => {
            narrow_tables(&mut out, option, a);
            out.push_str("(rates in %; `--wide` adds their 95% confidence intervals)\n");
        }
        _ => {
            for v in &a.values {
                if let (Some(option), Some(value)) = (&a.sweep, v.value) {
                    let _ = writeln!(out, "\n{option} = {value}");
                }
                block(&mut out, v, a.scored, a.decisiveness_playouts);
            }
        }
    }
    if wide || a.sweep.is_none() || !same_seats {
        out.push_str("(95% confidence intervals in brackets)\n");
    }
    for skipped in &a.skipped {
        let option = a.sweep.as_deref().unwrap_or("value");
        let said = format!(
            "{option} = {}: not played: {}",
            skipped.value, skipped.error
        );
        let _ = writeln!(out, "{}", crate::cli::view::wrap(&said, 80));
    }
    out
}

/// The gist of a failure's message in a line: the innermost report's
/// header (`error[E0006]: ...`), else the line marked `×`, else the first.
pub fn gist(message: &str) -> String {
    let lines: Vec<String> = message
        .lines()
        .map(|l| crate::report::plain(l).trim().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    let header = lines.iter().rev().find(|l| l.starts_with("error["));
    let marked = lines.iter().find_map(|l| l.strip_prefix("× "));
    header
        .map(String::as_str)
        .or(marked)
        .or(lines.first().map(String::as_str))
        .unwrap_or_default()
        .to_string()
}

/// `text` cut to `most` characters (a seat's or option's name in a header).
fn cut(text: &str, most: usize) -> String {
    text.chars().take(most).collect()
}

/// A sweep as tables of at most 80 columns, a row per value: the seats'
/// wins (a table per few seats when there are many), then draws, the first
/// mover's wins and the shape of the games.
fn narrow_tables(out: &mut String, option: &str, a: &Analysis) {
    let seats = a.values.first().map_or(&[][..], |v| &v.seats[..]);
    let option = cut(option, 10);
    let first = option.chars().count().max(6);
    let heads: Vec<String> = seats
        .iter()
        .map(|s| format!("{} wins", cut(s, 12)))
        .collect();
    let mut from = 0;
    while from < seats.len() {
        // As many seats as fit in 80 columns, one at least.
        let mut to = from + 1;
        let width = |to: usize| first + heads[from..to].iter().map(|h| h.len() + 2).sum::<usize>();
        while to < seats.len() && width(to + 1) <= 80 {
            to += 1;
        }
        let mut head = format!("{option:>first$}");
        for h in &heads[from..to] {
            let _ = write!(head, "  {h:>6}");
        }
        let _ = writeln!(out, "{head}");
        for v in &a.values {
            let mut row = format!("{:>first$}", v.value.unwrap_or(0));
            for (h, r) in heads[from..to].iter().zip(&v.measures.wins[from..to]) {
                let _ = write!(row, "  {:>w$.1}", 100.0 * r.rate, w = h.len().max(6));
            }
            let _ = writeln!(out, "{row}");
        }
        out.push('\n');
        from = to;
    }
    let _ = writeln!(
        out,
        "{option:>first$}  {:>6}  {:>11}  {:>7}  {:>6}  {:>9}  {:>8}",
        "draws", "first mover", "balance", "length", "branching", "coverage"
    );
    for v in &a.values {
        let m = &v.measures;
        let _ = writeln!(
            out,
            "{:>first$}  {:>6.1}  {:>11.1}  {:>7.3}  {:>6.1}  {:>9.1}  {:>8.1}",
            v.value.unwrap_or(0),
            100.0 * m.draws.rate,
            100.0 * m.first_mover.rate,
            m.balance,
            m.length.mean,
            m.branching,
            100.0 * m.coverage
        );
    }
}

/// A percentage with its interval: `48.6% [45.5, 51.7]`.
fn pct(r: &Rate) -> String {
    format!(
        "{:5.1}% [{:4.1}, {:4.1}]",
        100.0 * r.rate,
        100.0 * r.low,
        100.0 * r.high
    )
}

/// One value's measures, line by line.
fn block(out: &mut String, v: &ValueResult, scored: bool, playouts: u32) {
    let m: &Measures = &v.measures;
    for (seat, r) in v.seats.iter().zip(&m.wins) {
        let _ = writeln!(out, "{seat:<16} wins {}", pct(r));
    }
    let _ = writeln!(out, "{:<16} {}", "draws", pct(&m.draws));
    let _ = writeln!(
        out,
        "{:<16} {}  (the turn cap, the rules' limit, or no legal move)",
        "unfinished",
        pct(&m.unfinished)
    );
    let _ = writeln!(
        out,
        "first mover wins {} (a fair share: {:.1}%)",
        pct(&m.first_mover),
        100.0 * m.fair_share
    );
    let _ = writeln!(
        out,
        "balance: {:.3} (1: every seat wins as often)",
        m.balance
    );
    let l = &m.length;
    let _ = writeln!(
        out,
        "length: mean {:.1} [{:.1}, {:.1}] moves, median {:.1}, spread {:.1}, {} to {}",
        l.mean, l.low, l.high, l.median, l.spread, l.min, l.max
    );
    let _ = writeln!(out, "branching: {:.1} legal moves a position", m.branching);
    if let Some(changes) = m.lead_changes {
        let _ = writeln!(out, "lead changes: {changes:.2} a game");
    }
    match (m.decisiveness, playouts) {
        (Some(d), 0) => {
            let _ = writeln!(out, "decisiveness: the winner led for good after {:.0}% of the game", 100.0 * d);
        }
        (Some(d), k) => {
            let _ = writeln!(
                out,
                "decisiveness: the winner won 90% of {k} random playouts from every position after {:.0}% of the game",
                100.0 * d
            );
        }
        (None, 0) if !scored => out.push_str(
            "decisiveness: add --decisiveness 16 to measure it (random playouts from every position)\n",
        ),
        (None, _) => out.push_str("decisiveness: no game won\n"),
    }
    let _ = writeln!(
        out,
        "board coverage: {:.1}% of the cells held a piece",
        100.0 * m.coverage
    );
}

/// A sweep as one table, a row per value.
fn sweep_table(out: &mut String, option: &str, a: &Analysis) {
    let seats = a.values.first().map_or(&[][..], |v| &v.seats[..]);
    let mut head = format!("{option:>8}");
    for s in seats {
        let _ = write!(head, "  {:>21}", format!("{s} wins"));
    }
    let _ = write!(
        head,
        "  {:>21}  {:>21}  {:>7}  {:>8}  {:>9}  {:>8}",
        "draws", "first mover", "balance", "length", "branching", "coverage"
    );
    let _ = writeln!(out, "{head}");
    for v in &a.values {
        let m = &v.measures;
        let mut row = format!("{:>8}", v.value.unwrap_or(0));
        for r in &m.wins {
            let _ = write!(row, "  {:>21}", pct(r));
        }
        let _ = write!(
            row,
            "  {:>21}  {:>21}  {:>7.3}  {:>8.1}  {:>9.1}  {:>7.1}%",
            pct(&m.draws),
            pct(&m.first_mover),
            m.balance,
            m.length.mean,
            m.branching,
            100.0 * m.coverage
        );
        let _ = writeln!(out, "{row}");
    }
}
