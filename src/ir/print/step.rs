//! One step of a move rule on one line: its kind, its arguments, and its
//! condition as the compiler split it (`guard`, `candidates`, `mask`, `test`).

use super::node::Hint;
use super::Printer;
use crate::ir::{
    Candidates, CardPlay, CardTest, CellId, CellMask, EnclosedEffect, Select, Sowing, Step, Walk,
};
use crate::syntax::ast::Reach;

impl Printer<'_> {
    /// One step on one line.
    pub(super) fn step(&self, step: &Step) -> String {
        let sel = |name: &str, s: &Select| format!("{name}: {}", self.select(s));
        match step {
            Step::Place(s) => sel("place", s),
            Step::PlaceNeutral(code, s) => {
                let k = (*code as usize).saturating_sub(self.rules.seats.len() + 1);
                let name = self.rules.neutrals.get(k).map_or("?", |n| n.as_str());
                sel(&format!("place {name}"), s)
            }
            Step::PlaceOn(n, s) => sel(&format!("place on {}", self.x.operand(n, Hint::Cell)), s),
            Step::Pick(s) => sel("pick", s),
            Step::Remove(s, w) => format!("{}{}", sel("remove", s), self.when(w.as_ref(), "if")),
            Step::Sow(sowing) => self.sowing(sowing),
            Step::PlayCards(play) => self.play_cards(play),
            Step::Draw(n, w) => format!(
                "draw {}{}",
                self.x.operand(n, Hint::Int),
                self.when(w.as_ref(), "if")
            ),
            Step::Rotate(n) => format!("rotate block {n}"),
            Step::CaptureSurrounded => "capture surrounded".into(),
            Step::Pass => "pass".into(),
            Step::KeepLargestGroup(w) => {
                format!("keep largest group{}", self.when(w.as_ref(), "if"))
            }
            Step::PlayCard(test) => self.play_card(test),
            Step::Enter(s) => sel("enter", s),
            Step::MoveBy(n, s) => sel(&format!("move by {}", self.x.operand(n, Hint::Int)), s),
            Step::Split(n, s) => sel(&format!("split {n}"), s),
            Step::MoveByDice(s) => sel("move by dice", s),
            Step::Switch(s) => sel("switch", s),
            Step::SowAround(s, skips) => {
                let mut skipped = Vec::new();
                if skips.stores {
                    skipped.push("stores");
                }
                if skips.from {
                    skipped.push("from");
                }
                let skipping = match skipped.is_empty() {
                    true => String::new(),
                    false => format!(" skipping {}", skipped.join(", ")),
                };
                format!("{}{skipping}", sel("sow around", s))
            }
            Step::GatherBack(g) => format!(
                "gather c back from {} while {} into {}{}",
                self.x.operand(&g.start, Hint::Cell),
                self.x.operand(&g.condition, Hint::Bool),
                self.x.operand(&g.into, Hint::Cell),
                self.when(g.when.as_ref(), "if")
            ),
            Step::Gather(cells, into, w) => {
                let cells: Vec<String> = cells
                    .iter()
                    .map(|c| self.x.operand(c, Hint::Cell))
                    .collect();
                let into = self.x.operand(into, Hint::Cell);
                format!(
                    "gather {} into {into}{}",
                    cells.join(", "),
                    self.when(w.as_ref(), "if")
                )
            }
            Step::Again(w) => format!("again{}", self.when(w.as_ref(), "if")),
            Step::CaptureAt(c) => format!("capture at {}", self.x.operand(c, Hint::Cell)),
            Step::Relocate(a, b) => format!(
                "move {} to {}",
                self.x.operand(a, Hint::Cell),
                self.x.operand(b, Hint::Cell)
            ),
            Step::Promote(k, w) => {
                let kind = self
                    .rules
                    .kinds
                    .get(*k as usize)
                    .map_or("?", |s| s.as_str());
                format!("promote to {kind}{}", self.when(w.as_ref(), "if"))
            }
            Step::PromoteChosen(kinds, w) => {
                let names: Vec<&str> = kinds
                    .iter()
                    .map(|&k| self.rules.kinds.get(k as usize).map_or("?", |s| s.as_str()))
                    .collect();
                let names = names.join(", ");
                format!("promote to {names} (chosen){}", self.when(w.as_ref(), "if"))
            }
            Step::Walk(walk) => self.walk(walk),
            Step::Enclosed(effect, exactly) => {
                let effect = match effect {
                    EnclosedEffect::Flip => "flip",
                    EnclosedEffect::Capture => "capture",
                };
                let exactly = exactly.map_or_else(String::new, |n| format!(" exactly {n}"));
                format!("{effect} enclosed{exactly}")
            }
        }
    }

    /// A choice's condition, split: `guard`, `candidates`, `mask`, `test`.
    pub(super) fn select(&self, s: &Select) -> String {
        let mut parts = Vec::new();
        if let Some(g) = &s.guard {
            parts.push(format!("guard {}", self.cond(g)));
        }
        parts.push(format!("candidates {}", self.candidates(&s.candidates)));
        if let Some(mask) = &s.mask {
            parts.push(format!("mask {}", self.mask(mask)));
        }
        if let Some(t) = &s.test {
            parts.push(format!("test {}", self.cond(t)));
        }
        if s.reads_card {
            parts.push("reads card".into());
        }
        if s.movers.unlocked {
            parts.push("unlocked movers".into());
        }
        if !s.movers.owners.is_empty() {
            let owners: Vec<String> = (s.movers.owners.iter())
                .map(|n| self.x.operand(n, Hint::Seat))
                .collect();
            parts.push(format!("owners {}", owners.join(" or ")));
        }
        if s.movers.owner_by_end_zones {
            parts.push("owner by end zones".into());
        }
        if s.movers.apart_commute {
            parts.push("parts apart commute".into());
        }
        parts.join("; ")
    }

    /// Where a choice's candidates come from.
    fn candidates(&self, c: &Candidates) -> String {
        match c {
            Candidates::All => "all".into(),
            Candidates::Occupied => "occupied".into(),
            Candidates::Empty => "empty".into(),
            Candidates::EmptyNeighbours(n) => {
                format!("empty neighbours of {}", self.x.operand(n, Hint::Cell))
            }
            Candidates::EmptyTouching => "empty touching".into(),
            Candidates::Dropped => "dropped".into(),
            Candidates::Enclosing => "enclosing".into(),
            Candidates::Reached => "reached".into(),
            Candidates::Owned => "owned".into(),
            Candidates::OwnedKind(k) => {
                format!("owned {}", self.x.constant(i64::from(*k), Hint::Kind))
            }
            Candidates::Pieces => "pieces".into(),
            Candidates::OwnedBy(n) => format!("owned by {}", self.x.operand(n, Hint::Seat)),
        }
    }

    /// The cells a mask allows.
    fn mask(&self, mask: &CellMask) -> String {
        let cells = self.rules.geometry.cell_count() as CellId;
        let allowed: Vec<CellId> = (0..cells).filter(|&c| mask.contains(c)).collect();
        self.cells(&allowed)
    }

    /// A sowing's options and the sizes of its tables.
    fn sowing(&self, s: &Sowing) -> String {
        format!(
            "sow{}: paths up to {} steps; tables: walks {}, next steps {}, stack paths {}",
            if s.no_reversal {
                " without reversal"
            } else {
                ""
            },
            s.max_steps,
            s.walks.len(),
            s.next_steps.len(),
            s.stack_paths.len(),
        )
    }

    /// `play MIN..MAX cards`, and how many sets of hand slots each hand size has.
    fn play_cards(&self, play: &CardPlay) -> String {
        let sets: Vec<String> = play
            .sets_by_size
            .iter()
            .map(|words| {
                words
                    .iter()
                    .map(|w| w.count_ones())
                    .sum::<u32>()
                    .to_string()
            })
            .collect();
        format!(
            "play {}..{} cards; sets by hand size 0..8: {}",
            play.min,
            play.max,
            sets.join(" ")
        )
    }

    /// `play card`, and which cards it allows.
    fn play_card(&self, test: &CardTest) -> String {
        match test {
            CardTest::Any => "play card: any".into(),
            CardTest::Kinds(kinds) => {
                let allowed = kinds.as_slice().iter().enumerate().filter(|(_, &a)| a);
                let names = allowed.map(|(code, _)| self.x.constant(code as i64, Hint::Card));
                let bits = kinds
                    .bits()
                    .map_or_else(String::new, |b| format!(" (bits 0x{b:x})"));
                format!(
                    "play card: kinds {{{}}}{bits}",
                    names.collect::<Vec<_>>().join(" ")
                )
            }
            CardTest::Test(n) => format!("play card: test {}", self.cond(n)),
        }
    }

    /// A walk: its reach, directions and condition.
    fn walk(&self, w: &Walk) -> String {
        let reach = match w.reach {
            Reach::Step => "step",
            Reach::Slide => "slide",
            Reach::Jump { capturing: false } => "jump",
            Reach::Jump { capturing: true } => "capturing jump",
            Reach::Leap => "leap",
        };
        let dirs: Vec<String> = match &w.leap {
            Some(leap) => vec![leap.distances.0.to_string(), leap.distances.1.to_string()],
            None => w
                .directions
                .iter()
                .map(|d| self.x.operand(d, Hint::Direction))
                .collect(),
        };
        let repeat = match w.repeat {
            crate::syntax::ast::Repeat::Once => "",
            crate::syntax::ast::Repeat::WhileItCan => "repeat ",
            crate::syntax::ast::Repeat::AtWill => "repeat at will ",
        };
        let targets = match &w.targets {
            Some(t) => format!("; targets {}", self.targets(t)),
            None => String::new(),
        };
        format!(
            "{repeat}{reach} {}: {}{targets}",
            dirs.join(", "),
            self.select(&w.select)
        )
    }

    /// A walk's table of the codes its reached cell may hold: a set per
    /// direction and mover, each direction's movers joined by `/`
    /// (`{empty}/{empty}, {empty, Black}/{empty, White}`).
    fn targets(&self, table: &[u64]) -> String {
        let seats = self.rules.seats.len().max(1);
        let name = |code: usize| match code {
            0 => "empty",
            c if c <= seats => self.rules.seats[c - 1].as_str(),
            c => self
                .rules
                .neutrals
                .get(c - seats - 1)
                .map_or("?", |n| n.as_str()),
        };
        let set = |word: u64| {
            let codes: Vec<&str> = (0..64).filter(|c| word >> c & 1 != 0).map(name).collect();
            format!("{{{}}}", codes.join(", "))
        };
        let slots: Vec<String> = table
            .chunks(seats)
            .map(|movers| movers.iter().map(|&w| set(w)).collect::<Vec<_>>().join("/"))
            .collect();
        slots.join(", ")
    }
}
