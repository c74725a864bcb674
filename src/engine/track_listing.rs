//! Listing a phase's track rules together, card by card.
//!
//! Two rules may play one card the same way (a `1` that walks one space
//! under two rules); that move is listed once, the first rule's. Listing
//! the rules card by card keeps each card's moves together, so that only a
//! card two rules play is sorted (by walks, then rule) and merged, not the
//! whole list. A rule lists a card's walks in cell order already; a split
//! lists its parts in the order it tried them (the furthest mover first).

use super::choice::{Choices, NO_CHOICES};
use super::eval::Scope;
use super::track::{Parts, Spaces, NO_PARTS};
use super::{FaultKind, Move, State, MAX_MOVES};
use crate::ir::{CardTest, MoveRule, Rules, Step, NO_CELL};

/// The most track rules of a phase listed card by card: a phase with more
/// is listed rule by rule, then sorted whole.
const MAX_RULES: usize = 8;

/// A phase's track rules as the listing reads them: each one's number, and
/// the kinds of card held it may play (as bits by code).
struct TrackRules<'r> {
    numbers: [u8; MAX_RULES],
    actions: [Option<&'r Step>; MAX_RULES],
    kinds: [u64; MAX_RULES],
    len: usize,
}

impl Rules {
    /// Appends the moves of the current phase's track rules (two or more),
    /// merged: card by card, lowest code first, each card's moves by walks,
    /// then rule (a split's in the order it tried them), and the moves two
    /// rules give alike listed once, the first rule's. Out of line, so that
    /// the move loop of the games without tracks stays as it was.
    #[inline(never)]
    pub(super) fn merged_track_moves(&self, state: &State, out: &mut Vec<Move>) {
        let Some(rules) = self.track_rules(state) else {
            // Too many rules, or a card code past a word: rule by rule.
            let phase = &self.phases[state.phase as usize];
            for (i, rule) in phase.rules.iter().enumerate() {
                if rule.form == crate::ir::Form::Track && out.len() < MAX_MOVES {
                    self.track_moves(self.rule_number(state.phase, i), rule, state, out);
                }
            }
            self.limit_moves(state, out);
            return self.merge_track_moves(out);
        };
        // Each `None` written alone: `[const { None }; MAX_RULES]` set all
        // 530 bytes every listing (24,000 instructions a Partners game).
        let mut spaces: [Option<Spaces>; MAX_RULES] = std::array::from_fn(|_| None);
        // The moves that play no card first (card 0), then each kind held.
        let mut cards = rules.kinds[..rules.len].iter().fold(0u64, |all, k| all | k) & !1;
        let mut card = 0u8;
        loop {
            let start = out.len();
            // A split (or dice walks) lists its moves in the order its parts
            // were tried.
            let (mut rules_with_moves, mut in_order) = (0, true);
            #[allow(clippy::needless_range_loop)] // four arrays by one index
            for i in 0..rules.len {
                if rules.kinds[i] >> card & 1 == 0 {
                    continue;
                }
                let (number, Some(action)) = (rules.numbers[i], rules.actions[i]) else {
                    continue;
                };
                let before = out.len();
                self.action_moves(number, card, action, state, &mut spaces[i], out);
                if out.len() > before {
                    rules_with_moves += 1;
                    in_order &= !matches!(action, Step::Split(..) | Step::MoveByDice(_));
                }
                if out.len() >= MAX_MOVES {
                    return self.limit_moves(state, out);
                }
            }
            if rules_with_moves > 1 {
                self.merge_card_moves(out, start);
            } else {
                debug_assert!(!in_order || out[start..].is_sorted_by_key(card_key));
            }
            if cards == 0 {
                return;
            }
            card = cards.trailing_zeros() as u8;
            cards &= cards - 1;
        }
    }

    /// The current phase's track rules and the kinds each may play of the
    /// mover's hand (bit 0: a rule that plays no card), when they fit.
    /// Inline: returned from a call, the table was copied every listing.
    #[inline(always)]
    fn track_rules(&self, state: &State) -> Option<TrackRules<'_>> {
        let phase = &self.phases[state.phase as usize];
        let hand = state.hand(state.mover, self);
        let held = held_kinds(hand)?;
        let mut rules = TrackRules {
            numbers: [0; MAX_RULES],
            actions: [None; MAX_RULES],
            kinds: [0; MAX_RULES],
            len: 0,
        };
        let first = self.rule_number(state.phase, 0);
        for (i, rule) in phase.rules.iter().enumerate() {
            let Some((test, action)) = track_steps(rule) else {
                continue;
            };
            let kinds = match test {
                None => 1,
                Some(test) => self.kinds_allowed(test, held, state),
            };
            // A rule that may play none of the cards held has no moves.
            if kinds == 0 {
                continue;
            }
            if rules.len == MAX_RULES {
                return None;
            }
            rules.numbers[rules.len] = first + i as u8;
            rules.actions[rules.len] = Some(action);
            rules.kinds[rules.len] = kinds;
            rules.len += 1;
        }
        Some(rules)
    }

    /// The kinds among `held` (bits by code) that a `play card` test allows.
    #[inline(always)]
    pub(super) fn kinds_allowed(&self, test: &CardTest, held: u64, state: &State) -> u64 {
        let allows = |card: u8| match test {
            CardTest::Any => true,
            test => self.card_allowed(test, card, state),
        };
        if let CardTest::Kinds(kinds) = test {
            if let Some(bits) = kinds.bits() {
                return held & bits;
            }
        }
        match test {
            CardTest::Any => held,
            _ => {
                let (mut kinds, mut allowed) = (held, 0);
                while kinds != 0 {
                    let card = kinds.trailing_zeros();
                    kinds &= kinds - 1;
                    if allows(card as u8) {
                        allowed |= 1 << card;
                    }
                }
                allowed
            }
        }
    }

    /// Whether a `play card` test allows the kind of code `card`.
    #[inline(always)]
    pub(super) fn card_allowed(&self, test: &CardTest, card: u8, state: &State) -> bool {
        match test {
            CardTest::Any => true,
            CardTest::Kinds(kinds) => kinds.allows(card),
            CardTest::Test(t) => {
                let scope = Scope {
                    card,
                    ..Scope::at(state, NO_CELL)
                };
                self.eval(t, &scope) != 0
            }
        }
    }

    /// Cuts a list that reached the limit and notes it.
    fn limit_moves(&self, state: &State, out: &mut Vec<Move>) {
        if out.len() >= MAX_MOVES {
            out.truncate(MAX_MOVES);
            let phase = &self.phases[state.phase as usize];
            state.record_fault(FaultKind::TooManyMoves, phase.span);
        }
    }

    /// Sorts one card's moves from `start` on by walks, then rule, and
    /// keeps the first of those that play the card alike. The moves of one
    /// card keep their walks from the same word (`Rules::track_move`), so
    /// they are read off the words without looking their rules up.
    fn merge_card_moves(&self, out: &mut Vec<Move>, start: usize) {
        out[start..].sort_unstable_by_key(card_key);
        let alike = |a: &Move, b: &Move| match (*a, *b) {
            (
                Move::Chain { rule, choices },
                Move::Chain {
                    rule: r2,
                    choices: c2,
                },
            ) => choices == c2 && self.switches(rule) == self.switches(r2),
            _ => false,
        };
        let mut kept = start;
        for i in start..out.len() {
            if kept == start || !alike(&out[i], &out[kept - 1]) {
                out[kept] = out[i];
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Two rules' moves that play the same card the same way are one move,
    /// the first rule's: a move is written by its card and its walks. The
    /// whole list is sorted (rules listed one by one).
    pub(super) fn merge_track_moves(&self, out: &mut Vec<Move>) {
        out.sort_unstable_by_key(|m| self.track_key(m));
        out.dedup_by(|later, first| self.alike(later, first));
    }

    /// Whether rule `number` switches two movers.
    fn switches(&self, number: u8) -> bool {
        self.rule(number)
            .is_some_and(|r| matches!(r.steps.last(), Some(Step::Switch(_))))
    }

    /// The order of a phase's track moves: by card, then walks, then rule
    /// (other moves first).
    fn track_key(&self, m: &Move) -> (u8, u8, Parts, u8) {
        match self.track_of(*m) {
            Some((rule, card, parts)) => (1, card, parts, rule),
            None => (0, 0, NO_PARTS, 0),
        }
    }

    /// Whether two track moves (in order) are written alike: the same card
    /// and walks, and both switches or both not (a switch and a walk may
    /// have the same parts).
    fn alike(&self, later: &Move, first: &Move) -> bool {
        match (self.track_of(*later), self.track_of(*first)) {
            (Some((rule, card, parts)), Some((r2, c2, p2))) => {
                (card, parts) == (c2, p2) && self.switches(rule) == self.switches(r2)
            }
            _ => false,
        }
    }
}

/// The order of the moves of one card (all play it, or all none, so
/// their walks start at the same word): by their words (walks by start,
/// then end), then rule.
fn card_key(m: &Move) -> (Choices, u8) {
    match *m {
        Move::Chain { rule, choices } => (choices, rule),
        _ => (NO_CHOICES, 0),
    }
}

/// The kinds of card `hand` holds, as bits by code, when every code is
/// below 64. A hidden card (0) is never played: bit 0 stays clear (in a
/// listing it stands for the rules that play no card).
#[inline(always)]
pub(super) fn held_kinds(hand: &[u8]) -> Option<u64> {
    let held = hand
        .iter()
        .try_fold(0u64, |held, &c| Some(held | 1u64.checked_shl(c.into())?))?;
    Some(held & !1)
}

/// A track rule's `play card` test (`None`: it plays no card) and its
/// action; `None` for a rule of another shape.
pub(super) fn track_steps(rule: &MoveRule) -> Option<(Option<&CardTest>, &Step)> {
    if rule.form != crate::ir::Form::Track {
        return None;
    }
    match rule.steps.as_slice() {
        [Step::PlayCard(test), action] => Some((Some(test), action)),
        [action] => Some((None, action)),
        _ => None,
    }
}
