//! Track moves: a card played, then a mover entered, walked, several
//! movers walked in a split, or two movers switched; the walk along a
//! seat's path, blocked spaces, the end zone, and the effects after each
//! movement.
//!
//! A mover is found by its space: movers of one colour on a space are
//! alike, and the effects after a movement never leave two colours on one
//! space, so a space and a seat name a mover.

use super::eval::Scope;
use super::track_listing::{held_kinds, track_steps};
use super::{Move, State, MAX_MOVES};
use crate::ir::{
    AfterMove, Candidates, CardTest, CellId, MoveEffect, MoveRule, Node, Rules, Select, SpaceKind,
    Step, When, NO_CELL,
};

/// The most parts a track move has (a split's movers).
pub const MAX_PARTS: usize = 8;

/// "No space" in a track move's parts.
pub const NO_SPACE: u8 = u8::MAX;

/// A track move's parts: where each mover starts and where its walk ends
/// (before the effects after it); a switch's two spaces are one part.
pub type Parts = ([u8; MAX_PARTS], [u8; MAX_PARTS]);

pub(super) const NO_PARTS: Parts = ([NO_SPACE; MAX_PARTS], [NO_SPACE; MAX_PARTS]);

impl Rules {
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
        let Some((test, action)) = track_steps(rule) else {
            return;
        };
        // The spaces of a selection that does not read the card, found for
        // the first card and kept for the others.
        let mut spaces = None;
        let Some(test) = test else {
            return self.action_moves(number, 0, action, state, &mut spaces, out);
        };
        self.playable_cards(test, state, |card| {
            self.action_moves(number, card, action, state, &mut spaces, out);
            out.len() < MAX_MOVES
        });
    }

    /// Calls `play` with each kind of card the mover holds that `test`
    /// allows, lowest code first, until it returns false.
    pub(super) fn playable_cards(
        &self,
        test: &CardTest,
        state: &State,
        mut play: impl FnMut(u8) -> bool,
    ) {
        let hand = state.hand(state.mover, self);
        if let Some(held) = held_kinds(hand) {
            let mut kinds = self.kinds_allowed(test, held, state);
            while kinds != 0 && play(kinds.trailing_zeros() as u8) {
                kinds &= kinds - 1;
            }
            return;
        }
        for (i, &card) in hand.iter().enumerate() {
            if card == 0 || i > 0 && hand[i - 1] == card {
                continue;
            }
            if self.card_allowed(test, card, state) && !play(card) {
                return;
            }
        }
    }

    /// The moves of one track step with `card` played; `spaces` keeps the
    /// spaces its selection took for an earlier card, when they do not
    /// depend on it.
    pub(super) fn action_moves(
        &self,
        rule: u8,
        card: u8,
        action: &Step,
        state: &State,
        spaces: &mut Option<Spaces>,
        out: &mut Vec<Move>,
    ) {
        let track = self.tracks();
        let mover = |from: CellId, to: CellId| self.walk_move(rule, card, from, to);
        match action {
            Step::Enter(select) => {
                let homes = self.spaces_once(select, state, card, spaces, |k| k == SpaceKind::Home);
                for &home in homes.as_slice() {
                    let home = CellId::from(home);
                    let seat = track.seat_of[home as usize];
                    let start = track.start(seat as usize);
                    if !self.is_blocked(state, start, seat) {
                        out.push(mover(home, start));
                    }
                }
            }
            Step::MoveBy(n, select) => {
                let scope = Scope {
                    card,
                    ..Scope::at(state, NO_CELL)
                };
                let n = self.eval(n, &scope);
                let n = n.clamp(-127, 127) as i32;
                if n == 0 {
                    return;
                }
                let spaces =
                    self.spaces_once(select, state, card, spaces, |k| k != SpaceKind::Home);
                for &space in spaces.as_slice() {
                    let space = CellId::from(space);
                    let seat = state.board[space as usize] - 1;
                    if let Some(to) = self.walk_track(state, seat, space, n) {
                        out.push(mover(space, to));
                    }
                }
            }
            Step::Split(total, select) => {
                self.split_moves(rule, card, *total, select, state, out);
            }
            Step::MoveByDice(select) => self.dice_walk_moves(rule, select, state, out),
            Step::Switch(select) => {
                let on_ring = |k| !matches!(k, SpaceKind::Home | SpaceKind::End);
                let spaces = self.spaces_once(select, state, card, spaces, on_ring);
                let spaces = spaces.as_slice();
                for (i, &a) in spaces.iter().enumerate() {
                    for &b in &spaces[i + 1..] {
                        out.push(mover(a.into(), b.into()));
                    }
                }
            }
            _ => {}
        }
    }

    /// `spaces`, found once for all the cards of a hand when the selection
    /// does not read the card (`kept` holds them for the next card).
    fn spaces_once<'k>(
        &self,
        select: &Select,
        state: &State,
        card: u8,
        kept: &'k mut Option<Spaces>,
        kinds: impl Fn(SpaceKind) -> bool,
    ) -> &'k Spaces {
        let fresh = kept.is_none() || select.reads_card;
        let found = kept.get_or_insert_with(Spaces::default);
        if fresh {
            found.len = 0;
            self.spaces(select, state, card, kinds, found);
        }
        found
    }

    /// Adds to `found` the spaces of the kinds `kinds` allows that a track step's selection
    /// allows with `card` played: among its candidates (spaces with movers,
    /// or one seat's), in its mask, passing its guard and test.
    pub(super) fn spaces(
        &self,
        select: &Select,
        state: &State,
        card: u8,
        kinds: impl Fn(SpaceKind) -> bool,
        found: &mut Spaces,
    ) {
        let scope = Scope {
            card,
            ..Scope::at(state, NO_CELL)
        };
        if select
            .guard
            .as_ref()
            .is_some_and(|g| self.eval(g, &scope) == 0)
        {
            return;
        }
        // The spaces with movers, or with one seat's: on the bitboards of
        // the tops when the track has at most 128 spaces.
        let track = self.tracks();
        let owner = match &select.candidates {
            Candidates::OwnedBy(seat) => Some(self.eval(seat, &scope) + 1),
            _ => None,
        };
        let seats = self.seats.len() as u8;
        // On bitboards, `not locked(cell)` takes the locked movers' spaces
        // off at once instead of testing each mover.
        let (test, unlocked) = match &select.test {
            Some(_) if self.plan.keeps.tops && select.movers.unlocked => {
                // A code that names no seat has no movers to take off.
                let seat = owner.and_then(|code| usize::try_from(code - 1).ok());
                (None, !self.locked_spaces(state, seat))
            }
            t => (t.as_ref(), u128::MAX),
        };
        if self.plan.keeps.tops && test.is_none() {
            // Nothing to test on each mover: the candidates, the mask and
            // the kinds of space on the bitboards alone.
            let mut bits = self.movers_on_tops(state, owner, select) & unlocked;
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if (1..=seats).contains(&state.board[c]) && kinds(track.kind[c]) {
                    found.push(c as CellId);
                }
            }
            return;
        }
        let mut check = |c: usize| {
            // Only seats' pieces are movers (a neutral piece never moves).
            let mover = (1..=seats).contains(&state.board[c]);
            if !mover
                || !kinds(track.kind[c])
                || select
                    .mask
                    .as_ref()
                    .is_some_and(|m| !m.contains(c as CellId))
            {
                return;
            }
            let scope = Scope {
                card,
                piece: state.board[c],
                ..Scope::at(state, c as CellId)
            };
            if test.is_none_or(|t| self.eval(t, &scope) != 0) {
                found.push(c as CellId);
            }
        };
        if self.plan.keeps.tops {
            let mut bits = self.movers_on_tops(state, owner, select) & unlocked;
            while bits != 0 {
                check(bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        } else {
            for c in 0..track.cells() {
                let top = i64::from(state.board[c]);
                if top != 0 && owner.is_none_or(|o| o == top) {
                    check(c);
                }
            }
        }
    }

    /// The spaces with movers (of the seat of piece code `owner`, if one
    /// is named) in the selection's mask, on the tops' bitboards.
    #[inline(always)]
    fn movers_on_tops(&self, state: &State, owner: Option<i64>, select: &Select) -> u128 {
        let mask = select.mask.as_ref().map_or(u128::MAX, |m| m.bits());
        let movers = match owner {
            Some(code) => state.tops.get(code as usize).copied().unwrap_or(0),
            None => !state.tops[0] & (u128::MAX >> (128 - self.tracks().cells())),
        };
        movers & mask
    }

    /// Plays one walk of a track step (or two movers switched).
    pub(super) fn play_walk(&self, state: &mut State, switch: bool, from: u8, to: u8) {
        if switch {
            return self.switch_movers(state, CellId::from(from), CellId::from(to));
        }
        self.move_mover(state, CellId::from(from), CellId::from(to), &mut ());
    }

    /// Plays the walks of a split, each mover's walk followed by the
    /// effects after a movement.
    pub(super) fn play_parts(&self, state: &mut State, parts: &Parts) {
        for (&from, &to) in parts.0.iter().zip(&parts.1) {
            if from == NO_SPACE {
                break;
            }
            self.move_mover(state, from as CellId, to as CellId, &mut ());
        }
    }

    /// Moves one mover from `from` to `to`, then runs the effects after a
    /// movement, noting each piece lifted and put in `log`.
    pub(super) fn move_mover(
        &self,
        state: &mut State,
        from: CellId,
        to: CellId,
        log: &mut impl Log,
    ) {
        let code = self.lift(state, from, log);
        self.put(state, to, code, log);
        let after = &self.tracks().after_move;
        // The shared value, read again only after an effect happened.
        let mut shared = None;
        for effect in &after.effects {
            let (MoveEffect::Capture(_, when) | MoveEffect::SendHome(when)) = effect;
            let happens = match when {
                When::Always => true,
                When::Holds(w) => self.eval_outlined(w, &effect_scope(state, to, code)) != 0,
                When::Compares(op, c) => {
                    let value = match shared {
                        Some(v) => v,
                        None => self.shared_value(after, state, to, code),
                    };
                    shared = Some(value);
                    op.apply(value, *c) != 0
                }
            };
            if !happens {
                continue;
            }
            shared = None;
            if !self.move_effect(state, effect, to, code, log) {
                return;
            }
        }
    }

    /// The value the effects after a movement to `to` of a piece of `code`
    /// share: folded when compiling where the mover stands alone there.
    fn shared_value(&self, after: &AfterMove, state: &State, to: CellId, code: u8) -> i64 {
        let compared = &after.compared;
        let alone = state.heights[to as usize] == 1;
        match if alone {
            &compared.alone
        } else {
            &compared.value
        } {
            Node::Const(v) => *v,
            node => self.eval_outlined(node, &effect_scope(state, to, code)),
        }
    }

    /// Runs an effect after a movement to `to` of a piece of `code`; false
    /// when it sent the mover home (no effect after it runs). Out of line:
    /// most movements run none, and the walk's loop stays small.
    #[inline(never)]
    fn move_effect(
        &self,
        state: &mut State,
        effect: &MoveEffect,
        to: CellId,
        code: u8,
        log: &mut impl Log,
    ) -> bool {
        match effect {
            MoveEffect::Capture(at, _) => {
                let at = self.eval(at, &effect_scope(state, to, code)) as CellId;
                self.send_home_all_but(state, at, code, log);
                true
            }
            MoveEffect::SendHome(_) => {
                let code = self.lift(state, to, log);
                self.put(state, self.tracks().home(code as usize - 1), code, log);
                false
            }
        }
    }

    /// Sends every mover on `space` whose code is not `keep` to its home.
    fn send_home_all_but(&self, state: &mut State, space: CellId, keep: u8, log: &mut impl Log) {
        if space as usize >= self.tracks().cells() {
            return;
        }
        // A stack holds at most 255 pieces (heights are bytes); they are
        // lifted top first and put back bottom first.
        let mut pieces = [0u8; 256];
        let h = state.heights[space as usize] as usize;
        for i in (0..h).rev() {
            pieces[i] = self.lift(state, space, log);
        }
        let seats = self.seats.len() as u8;
        for &code in &pieces[..h] {
            // Neutral pieces have no home: they stay.
            let at = if code == keep || !(1..=seats).contains(&code) {
                space
            } else {
                self.tracks().home(code as usize - 1)
            };
            self.put(state, at, code, log);
        }
    }

    /// Takes the top piece off `cell`, noting it in `log`.
    #[inline(always)]
    fn lift(&self, state: &mut State, cell: CellId, log: &mut impl Log) -> u8 {
        let code = state.pop(cell, self);
        log.note(Change::Lifted(cell, code));
        code
    }

    /// Puts a piece of `code` on `cell`, noting it in `log`.
    #[inline(always)]
    fn put(&self, state: &mut State, cell: CellId, code: u8, log: &mut impl Log) {
        state.push(cell, code, self);
        log.note(Change::Put(cell, code));
    }

    /// Two movers exchange places.
    fn switch_movers(&self, state: &mut State, a: CellId, b: CellId) {
        let x = state.pop(a, self);
        let y = state.pop(b, self);
        state.push(a, y, self);
        state.push(b, x, self);
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

/// A change to where the pieces are: a piece lifted off a cell, or one
/// put on a cell (with its code).
#[derive(Clone, Copy, Debug)]
pub(super) enum Change {
    Lifted(CellId, u8),
    Put(CellId, u8),
}

/// Where moving movers notes its changes: a split's journal, to undo them,
/// or nowhere when a move is played for good.
pub(super) trait Log {
    /// Notes one change.
    fn note(&mut self, change: Change);
}

impl Log for () {
    #[inline(always)]
    fn note(&mut self, _: Change) {}
}

impl Log for Vec<Change> {
    #[inline(always)]
    fn note(&mut self, change: Change) {
        self.push(change);
    }
}

/// Spaces found for a step: at most one per mover.
/// Spaces are bytes (a track has at most 255), so that a listing keeps one
/// list per rule cheaply.
pub(super) struct Spaces {
    cells: [u8; 64],
    len: u8,
}

impl Default for Spaces {
    fn default() -> Self {
        Spaces {
            cells: [0; 64],
            len: 0,
        }
    }
}

impl Spaces {
    fn push(&mut self, c: CellId) {
        if let (Some(slot), Ok(c)) = (self.cells.get_mut(self.len as usize), u8::try_from(c)) {
            *slot = c;
            self.len += 1;
        }
    }

    pub(super) fn as_slice(&self) -> &[u8] {
        &self.cells[..self.len as usize]
    }
}

/// The scope of an effect after a movement: where the mover went, and what.
fn effect_scope(state: &State, to: CellId, piece: u8) -> Scope<'_> {
    Scope {
        to,
        piece,
        ..Scope::at(state, NO_CELL)
    }
}
