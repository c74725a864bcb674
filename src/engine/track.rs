//! Track moves: a card played, then a mover entered, walked, several
//! movers walked in a split, or two movers switched; the walk along a
//! seat's path, blocked spaces, the end zone, and the effects after each
//! movement.
//!
//! A mover is found by its space: movers of one colour on a space are
//! alike, and the effects after a movement never leave two colours on one
//! space, so a space and a seat name a mover.

use super::chain::{copy_of, give_back};
use super::eval::Scope;
use super::{Move, State, MAX_MOVES};
use crate::ir::{CellId, MoveEffect, MoveRule, Rules, SpaceKind, Step, Track, NO_CELL};

/// The most parts a track move has (a split's movers).
pub const MAX_PARTS: usize = 8;

/// "No space" in a track move's parts.
pub const NO_SPACE: u8 = u8::MAX;

/// A track move's parts: where each mover starts and where its walk ends
/// (before the effects after it); a switch's two spaces are one part.
pub type Parts = ([u8; MAX_PARTS], [u8; MAX_PARTS]);

const NO_PARTS: Parts = ([NO_SPACE; MAX_PARTS], [NO_SPACE; MAX_PARTS]);

impl Rules {
    fn tracks(&self) -> &Track {
        self.track.as_ref().expect("track steps need a track board")
    }

    /// Appends the moves of track rule `number`: for each kind of card
    /// the hand holds that the rule allows, each way to use it. Out of line,
    /// so that the move loop of the games without tracks stays as it was.
    #[inline(never)]
    pub(super) fn track_moves(
        &self,
        number: u8,
        rule: &MoveRule,
        state: &State,
        out: &mut Vec<Move>,
    ) {
        let (play, action) = match rule.steps.as_slice() {
            [Step::PlayCard(when), action] => (Some(when.as_ref()), action),
            [action] => (None, action),
            _ => return,
        };
        let Some(when) = play else {
            return self.action_moves(number, 0, action, state, out);
        };
        let hand = state.hand(state.mover, self);
        for (i, &card) in hand.iter().enumerate() {
            if i > 0 && hand[i - 1] == card {
                continue;
            }
            let scope = Scope {
                card,
                ..Scope::at(state, NO_CELL)
            };
            if when.is_none_or(|w| self.eval(w, &scope) != 0) {
                self.action_moves(number, card, action, state, out);
            }
            if out.len() >= MAX_MOVES {
                return;
            }
        }
    }

    /// The moves of one track step with `card` played.
    fn action_moves(&self, rule: u8, card: u8, action: &Step, state: &State, out: &mut Vec<Move>) {
        let track = self.tracks();
        let mover = |parts: Parts| Move::Track { rule, card, parts };
        let allows = |cond: &crate::ir::Node, space: CellId, st: &State| {
            let scope = Scope {
                card,
                piece: st.board[space as usize],
                ..Scope::at(st, space)
            };
            self.eval(cond, &scope) != 0
        };
        match action {
            Step::Enter(cond) => {
                for seat in 0..track.seats {
                    let home = track.home(seat);
                    let start = track.start(seat);
                    if state.heights[home as usize] > 0
                        && allows(cond, home, state)
                        && !self.is_blocked(state, start, seat as u8)
                    {
                        out.push(mover(one_part(home, start)));
                    }
                }
            }
            Step::MoveBy(n, cond) => {
                let scope = Scope {
                    card,
                    ..Scope::at(state, NO_CELL)
                };
                let n = self.eval(n, &scope).clamp(-127, 127) as i32;
                for space in self.movers(state) {
                    let seat = state.board[space as usize] - 1;
                    if n == 0 || !allows(cond, space, state) {
                        continue;
                    }
                    if let Some(to) = self.walk_track(state, seat, space, n) {
                        out.push(mover(one_part(space, to)));
                    }
                }
            }
            Step::Split(total, cond) => {
                let mut split = Split {
                    rule,
                    card,
                    cond,
                    parts: NO_PARTS,
                    moved: [NO_SPACE; MAX_PARTS],
                };
                let start = out.len();
                self.split_moves(state, &mut split, 0, *total as i32, None, out);
                // Parts of other lengths that turn back to the same spaces
                // are the same move.
                out[start..].sort_unstable();
                let mut kept = start;
                for i in start..out.len() {
                    if i == start || out[i] != out[kept - 1] {
                        out[kept] = out[i];
                        kept += 1;
                    }
                }
                out.truncate(kept);
            }
            Step::Switch(cond) => {
                let spaces: Vec<CellId> = self
                    .movers(state)
                    .filter(|&c| track.kind[c as usize] != SpaceKind::End && allows(cond, c, state))
                    .collect();
                for (i, &a) in spaces.iter().enumerate() {
                    for &b in &spaces[i + 1..] {
                        out.push(mover(one_part(a, b)));
                    }
                }
            }
            _ => {}
        }
    }

    /// The spaces holding movers, homes left out, in id order.
    fn movers<'s>(&'s self, state: &'s State) -> impl Iterator<Item = CellId> + 's {
        let track = self.tracks();
        (0..track.cells() as CellId).filter(move |&c| {
            state.heights[c as usize] > 0 && track.kind[c as usize] != SpaceKind::Home
        })
    }

    /// Appends the ways to finish a split from `state`, the parts so far in
    /// `split`, `left` spaces still to walk; `last` is the order key and
    /// distance of the last part (parts go in canonical order: the mover's
    /// own movers first, the furthest along first, the longer part first).
    fn split_moves(
        &self,
        state: &State,
        split: &mut Split,
        at: usize,
        left: i32,
        last: Option<((u8, i32), i32)>,
        out: &mut Vec<Move>,
    ) {
        if left == 0 {
            out.push(Move::Track {
                rule: split.rule,
                card: split.card,
                parts: split.parts,
            });
            return;
        }
        if at == MAX_PARTS || out.len() >= MAX_MOVES {
            return;
        }
        let track = self.tracks();
        for space in self.movers(state) {
            let seat = state.board[space as usize] - 1;
            let key = (
                u8::from(seat != state.mover),
                -track.progress(seat as usize, space),
            );
            if last.is_some_and(|(k, _)| key < k) {
                continue;
            }
            let moved = split.moved[..at]
                .iter()
                .filter(|&&m| m == space as u8)
                .count();
            if moved >= state.heights[space as usize] as usize {
                continue;
            }
            let scope = Scope {
                card: split.card,
                piece: seat + 1,
                ..Scope::at(state, space)
            };
            if self.eval(split.cond, &scope) == 0 {
                continue;
            }
            let longest = match last {
                Some((k, n)) if k == key => n.min(left),
                _ => left,
            };
            for n in (1..=longest).rev() {
                let Some(to) = self.walk_track(state, seat, space, n) else {
                    continue;
                };
                let mut next = copy_of(state);
                self.move_mover(&mut next, space, to);
                split.parts.0[at] = space as u8;
                split.parts.1[at] = to as u8;
                split.moved[at] = to as u8;
                self.split_moves(&next, split, at + 1, left - n, Some((key, n)), out);
                give_back(next);
                split.parts.0[at] = NO_SPACE;
                split.parts.1[at] = NO_SPACE;
                split.moved[at] = NO_SPACE;
            }
        }
    }

    /// Plays a track move of `rule`: the card to the discard pile, then its
    /// parts, each mover's walk followed by the effects after a movement.
    pub(super) fn play_track(&self, state: &mut State, rule: &MoveRule, card: u8, parts: &Parts) {
        if card != 0 {
            state.discard_card(state.mover, card, self);
        }
        if matches!(rule.steps.last(), Some(Step::Switch(_))) {
            return self.switch_movers(state, parts.0[0] as CellId, parts.1[0] as CellId);
        }
        for (&from, &to) in parts.0.iter().zip(&parts.1) {
            if from == NO_SPACE {
                break;
            }
            self.move_mover(state, from as CellId, to as CellId);
        }
    }

    /// Moves one mover from `from` to `to`, then runs the effects after a movement.
    fn move_mover(&self, state: &mut State, from: CellId, to: CellId) {
        let code = state.pop(from, self);
        state.push(to, code, self);
        for effect in &self.after_move {
            let scope = Scope {
                to,
                piece: code,
                ..Scope::at(state, NO_CELL)
            };
            match effect {
                MoveEffect::Capture(at, when) => {
                    if when.as_ref().is_none_or(|w| self.eval(w, &scope) != 0) {
                        let at = self.eval(at, &scope) as CellId;
                        self.send_home_all_but(state, at, code);
                    }
                }
                MoveEffect::SendHome(when) => {
                    if when.as_ref().is_none_or(|w| self.eval(w, &scope) != 0) {
                        let code = state.pop(to, self);
                        state.push(self.tracks().home(code as usize - 1), code, self);
                        return;
                    }
                }
            }
        }
    }

    /// Sends every mover on `space` whose code is not `keep` to its home.
    fn send_home_all_but(&self, state: &mut State, space: CellId, keep: u8) {
        if space as usize >= self.tracks().cells() {
            return;
        }
        let mut pieces = [0u8; 32];
        let h = state.take(space, self, &mut pieces);
        for &code in &pieces[..h] {
            let at = if code == keep {
                space
            } else {
                self.tracks().home(code as usize - 1)
            };
            state.push(at, code, self);
        }
    }

    /// Two movers exchange places.
    fn switch_movers(&self, state: &mut State, a: CellId, b: CellId) {
        let x = state.pop(a, self);
        let y = state.pop(b, self);
        state.push(a, y, self);
        state.push(b, x, self);
    }

    /// Whether `space` is blocked to a mover of `seat` (`blocked where`).
    fn is_blocked(&self, state: &State, space: CellId, seat: u8) -> bool {
        self.blocked.as_ref().is_some_and(|b| {
            let scope = Scope {
                piece: seat + 1,
                ..Scope::at(state, space)
            };
            self.eval(b, &scope) != 0
        })
    }

    /// Where a mover of `seat` on `from` ends after walking `n` spaces
    /// (back when negative), if it can: `None` when a blocked space is in
    /// the way, when it cannot enter its end zone, or when it would pass the
    /// innermost free end space and the track does not turn back.
    pub(super) fn walk_track(
        &self,
        state: &State,
        seat: u8,
        from: CellId,
        n: i32,
    ) -> Option<CellId> {
        let track = self.tracks();
        let kind = |c: CellId| track.kind[c as usize];
        if kind(from) == SpaceKind::Home || (n < 0 && kind(from) == SpaceKind::End) {
            return None;
        }
        let (mut at, mut forward) = (from, n > 0);
        for _ in 0..n.unsigned_abs() {
            at = loop {
                let next = if forward {
                    self.step_forward(state, seat, from, at)
                } else {
                    self.step_back(state, seat, from, at)
                };
                let next = match next {
                    Some(next) => next,
                    // The end of the path: turn back there, if the mover is
                    // in its end zone and the track turns back.
                    None if track.turning_back && kind(at) == SpaceKind::End && forward => {
                        forward = false;
                        continue;
                    }
                    None => return None,
                };
                if self.is_blocked(state, next, seat) {
                    return None;
                }
                if track.starts_uncounted && kind(next) == SpaceKind::Start {
                    // Stepped over, not counted.
                    at = next;
                    continue;
                }
                break next;
            };
        }
        Some(at)
    }

    /// The next space forward on `seat`'s path of a mover walking from
    /// `from`, or `None` at its end (the end zone's last space, or a taken
    /// one).
    fn step_forward(&self, state: &State, seat: u8, from: CellId, at: CellId) -> Option<CellId> {
        let track = self.tracks();
        let end = track.end_index(at);
        let next = if end > 0 {
            (end < track.end_len).then(|| track.end(seat as usize, end + 1))?
        } else if at == track.start(seat as usize) && track.progress(seat as usize, at) == 0 {
            track.next(at)
        } else if track.next(at) == track.start(seat as usize) {
            // Past its own start space a mover goes into its end zone.
            track.end(seat as usize, 1)
        } else {
            track.next(at)
        };
        let taken = track.kind[next as usize] == SpaceKind::End && taken(state, from, next);
        (!taken).then_some(next)
    }

    /// The next space back: down the end zone (never onto a taken space:
    /// no mover jumps another there) and onto the ring before the seat's
    /// start space, or back along the ring.
    fn step_back(&self, state: &State, seat: u8, from: CellId, at: CellId) -> Option<CellId> {
        let track = self.tracks();
        match track.end_index(at) {
            0 => Some(track.prev(at)),
            1 => Some(track.prev(track.start(seat as usize))),
            k => {
                let next = track.end(seat as usize, k - 1);
                (!taken(state, from, next)).then_some(next)
            }
        }
    }

    /// Whether the movers on `space` are locked: in an end zone, with every
    /// space inward of it taken.
    pub(super) fn locked(&self, state: &State, space: CellId) -> bool {
        let Some(track) = &self.track else {
            return false;
        };
        let k = track.end_index(space);
        if k == 0 || state.heights[space as usize] == 0 {
            return false;
        }
        let seat = track.seat_of[space as usize] as usize;
        (k + 1..=track.end_len).all(|j| state.heights[track.end(seat, j) as usize] > 0)
    }

    /// How many of `seat`'s movers are locked.
    pub fn locked_movers(&self, state: &State, seat: usize) -> usize {
        let Some(track) = &self.track else {
            return 0;
        };
        (1..=track.end_len)
            .rev()
            .take_while(|&k| state.heights[track.end(seat, k) as usize] > 0)
            .count()
    }

    /// A track move in notation: the card, then each part `FROM-TO`, or
    /// a switch's two spaces.
    pub(super) fn track_text(&self, rule: u8, card: u8, parts: &Parts) -> String {
        let label = |c: u8| self.geometry.labels[c as usize].as_str();
        let mut words: Vec<String> = Vec::new();
        if card != 0 {
            words.push(self.card_name(card).to_string());
        }
        let switch = self
            .rule(rule)
            .is_some_and(|r| matches!(r.steps.last(), Some(Step::Switch(_))));
        for (&from, &to) in parts.0.iter().zip(&parts.1) {
            if from == NO_SPACE {
                break;
            }
            let sep = if switch { " " } else { "-" };
            words.push(format!("{}{sep}{}", label(from), label(to)));
        }
        words.join(" ")
    }

    /// A card's name (its number, for a numbered card).
    pub fn card_name(&self, card: u8) -> &str {
        self.card_kinds
            .get(card as usize)
            .map_or("?", |k| k.0.as_str())
    }
}

/// A split being listed: its rule, card and condition, the parts so far,
/// and where each moved mover is now (each mover moves once at most).
struct Split<'r> {
    rule: u8,
    card: u8,
    cond: &'r crate::ir::Node,
    parts: Parts,
    moved: [u8; MAX_PARTS],
}

/// Whether another mover than the one walking from `from` is on `space`.
fn taken(state: &State, from: CellId, space: CellId) -> bool {
    state.heights[space as usize] > u8::from(space == from)
}

/// A move of one part.
fn one_part(from: CellId, to: CellId) -> Parts {
    let mut parts = NO_PARTS;
    parts.0[0] = from as u8;
    parts.1[0] = to as u8;
    parts
}
