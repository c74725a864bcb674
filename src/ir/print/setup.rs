//! The header of the printed rules: title, seats, options, board (with a
//! track and what follows its walks), pieces and set-up, dice, cards.

use super::node::{self, Hint};
use super::{list, yes, Printer};
use crate::ir::geometry::Shape;
use crate::ir::track::{AfterMove, MoveEffect, Track, When};
use crate::ir::{Supply, NO_CELL};

impl Printer<'_> {
    /// The title, seats, options and board.
    pub(super) fn header(&self, out: &mut Vec<String>) {
        let r = self.rules;
        out.push(format!("game {:?}", r.title));
        out.push(format!("seats {}", r.seats.join(", ")));
        let options = r
            .options
            .iter()
            .map(|(name, v)| format!("{name}={v}"))
            .collect();
        out.push(format!("options {}", list(options)));
        let g = &r.geometry;
        let shape = match g.shape {
            Shape::Square { width, height } => format!("square {width} x {height}"),
            Shape::Hex { side } => format!("hex {side}"),
            Shape::Rhombus { width, height } => format!("hex {width} x {height}"),
            Shape::Triangle { side } => format!("triangle {side}"),
            Shape::Pits { pits, stores } => {
                format!(
                    "pits {pits} per seat{}",
                    if stores { ", stores" } else { "" }
                )
            }
            Shape::Track => "track".into(),
            Shape::Lines { .. } => format!("lines {}", g.point_lines.len()),
        };
        out.push(format!("board {shape}, {} cells", g.cell_count()));
        out.push(format!(
            "  tables: {} directions, {} axes, longest line {}, {} neighbours, {} slots, \
             {} neighbour masks, ring {}",
            g.directions.len(),
            g.axes.len(),
            g.longest_line,
            g.neighbours.len(),
            g.slot_count,
            g.neighbour_masks.len(),
            yes(g.ring.is_some()),
        ));
        if let Some(track) = &r.track {
            self.track(track, out);
        }
        if !r.numbers.is_empty() {
            let fields = r.field_of.iter().filter(|&&c| c != NO_CELL).count();
            out.push(format!(
                "numbers on {} cells, {fields} fields",
                r.numbers.len()
            ));
        }
    }

    /// Stacks, neutrals, supply and set-up.
    pub(super) fn pieces(&self, out: &mut Vec<String>) {
        let r = self.rules;
        out.push(format!(
            "stacks {}, capacity {}",
            yes(r.stacks),
            r.stack_capacity
        ));
        out.push(format!("neutrals {}", list(r.neutrals.clone())));
        // Printed only where the rules have them: older goldens stay as they were.
        if !r.kinds.is_empty() {
            out.push(format!("kinds {}", r.kinds.join(", ")));
        }
        for (name, start) in &r.counters {
            out.push(format!("counter {name} = {start}"));
        }
        out.push(match &r.supply {
            Supply::Unlimited => "supply unlimited".into(),
            Supply::Each(n) => format!("supply {n} each"),
            Supply::PerSeat(n) => format!("supply(p) = {}", self.int(n)),
        });
        if r.setup.is_empty() {
            out.push("setup none".into());
        }
        for s in &r.setup {
            let code = usize::from(s.code);
            let piece = match code.checked_sub(r.seats.len() + 1) {
                Some(k) => r
                    .neutrals
                    .get(k)
                    .cloned()
                    .unwrap_or_else(|| format!("code{code}")),
                None => self.seat_name(code.saturating_sub(1)),
            };
            let piece = match r.kinds.get(usize::from(s.kind)) {
                Some(kind) => format!("{piece} {kind}"),
                None => piece,
            };
            out.push(format!(
                "setup {} {piece} on {}",
                s.count,
                self.cells(&s.cells)
            ));
        }
        out.push(format!("first random {}", yes(r.first_random)));
        out.push(match r.dice {
            Some(d) => {
                let first = if d.decides_first {
                    ", first by dice"
                } else {
                    ""
                };
                format!("dice {} x {}..{}{first}", d.count, d.low, d.high)
            }
            None => "dice none".into(),
        });
    }

    /// The deck, hands, teams and deal.
    pub(super) fn cards(&self, out: &mut Vec<String>) {
        let r = self.rules;
        let kinds = r
            .card_kinds
            .iter()
            .skip(1)
            .map(|(name, v)| format!("{name}={v}"));
        out.push(format!(
            "deck {} cards, kinds {}",
            r.deck.len(),
            list(kinds.collect())
        ));
        out.push(format!("hand {}", r.hand));
        let mut teams: Vec<String> = Vec::new();
        for t in 0..r.seats.len() {
            let members: Vec<String> = (0..r.seats.len())
                .filter(|&s| r.team.get(s).map(|&x| usize::from(x)) == Some(t))
                .map(|s| self.seat_name(s))
                .collect();
            if members.len() > 1 {
                teams.push(members.join(" with "));
            }
        }
        out.push(format!("teams {}", list(teams)));
        out.push(match &r.deal {
            None => "deal none".into(),
            Some(d) => format!(
                "deal {} to each, {} deals a dealer, pass {} to partner",
                d.size, d.per_dealer, d.exchange
            ),
        });
        let limit = match r.turn_limit {
            0 => "none".to_string(),
            n => format!("{n} turns"),
        };
        out.push(format!("limit {limit}"));
    }

    /// The track's shape, its blocked spaces and what follows a walk.
    fn track(&self, t: &Track, out: &mut Vec<String>) {
        let mut flags = String::new();
        if t.starts_uncounted {
            flags += ", starts uncounted";
        }
        if t.turning_back {
            flags += ", turning back";
        }
        if t.overtaking {
            flags += ", overtaking in end zones";
        }
        if t.overshooting {
            flags += ", overshooting";
        }
        let layout = if t.facing { "facing" } else { "per seat" };
        out.push(format!(
            "track {} seats, {} {layout}, homes of {}, end zones of {}{flags}; \
             tables: {} cells, ahead {}, behind {}, {} plain",
            t.seats,
            t.segment,
            t.movers,
            t.end_len,
            t.cells(),
            t.ahead.len(),
            t.behind.len(),
            t.plain.iter().filter(|&&p| p).count(),
        ));
        if let Some(select) = &t.blocked {
            out.push(format!("  blocked where: {}", self.select(select)));
        }
        self.after_move(&t.after_move, out);
    }

    /// `after move`: the shared value and each effect.
    fn after_move(&self, a: &AfterMove, out: &mut Vec<String>) {
        if a.effects.is_empty() {
            return;
        }
        let (value, alone) = (self.int(&a.compared.value), self.int(&a.compared.alone));
        out.push(format!("  after move: compared = {value} (alone {alone})"));
        for e in &a.effects {
            let (what, when) = match e {
                MoveEffect::Capture(at, when) => (
                    format!("capture at {}", self.x.operand(at, Hint::Cell)),
                    when,
                ),
                MoveEffect::SendHome(when) => ("send home piece".to_string(), when),
            };
            let when = match when {
                When::Always => String::new(),
                When::Holds(n) => format!(" if {}", self.cond(n)),
                When::Compares(op, k) => format!(" if compared {} #{k}", node::cmp_op(*op)),
            };
            out.push(format!("    {what}{when}"));
        }
    }
}
