//! An analysis as a person reads it: one block for a single set of
//! options, one table for a sweep (a block per value when the sweep
//! changes the seats).

use std::fmt::Write as _;

use super::totals::{Measures, Rate};
use super::{Analysis, ValueResult};

/// The whole analysis, as text.
pub fn render(a: &Analysis) -> String {
    let mut out = String::new();
    let shard = match a.study.shard {
        Some([k, n]) => format!(" (shard {k} of {n})"),
        None => String::new(),
    };
    let games = a.values.first().map_or(0, |v| v.totals.games);
    let _ = writeln!(
        out,
        "{}: {games} games{}, {}{shard}; players {}",
        a.game,
        if a.sweep.is_some() { " a value" } else { "" },
        a.study.seeds_text(games),
        a.players.join(", ")
    );
    let same_seats = a.values.windows(2).all(|w| w[0].seats == w[1].seats);
    match (&a.sweep, same_seats) {
        (Some(option), true) => sweep_table(&mut out, option, a),
        _ => {
            for v in &a.values {
                if let (Some(option), Some(value)) = (&a.sweep, v.value) {
                    let _ = writeln!(out, "\n{option} = {value}");
                }
                block(&mut out, v, a.scored, a.decisiveness_playouts);
            }
        }
    }
    out.push_str("(95% confidence intervals in brackets)\n");
    out
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
