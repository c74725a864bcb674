//! Listing a split: a distance divided among several movers, each moving
//! at most once, every space used.
//!
//! The movers that may take a part are listed once, in canonical order
//! (the mover's own first, the furthest along first); each in turn either
//! sits the split out or takes a part of every length it can walk, on one
//! scratch copy of the state that a journal undoes. A mover is tested
//! against the step's selection only when its turn comes, on the state the
//! parts before it left: an earlier part may lock the player's last mover
//! and bring the partner's in, or send a mover home.

use super::choice::{walk_word, Choices};
use super::eval::Scope;
use super::pool::{copy_of, give_back, give_journal, journal};
use super::track::{Change, MAX_PARTS, NO_PARTS, NO_SPACE};
use super::{Move, State, MAX_MOVES};
use crate::ir::track::MAX_SPLIT;
use crate::ir::{Candidates, CellId, Rules, Select, SpaceKind, NO_CELL};

/// The most movers a split considers (one entry per mover of a stack).
const MAX_MOVERS: usize = 64;

impl Rules {
    /// Appends the splits of `total` spaces among the movers `select`
    /// allows, `card` played by track rule `rule`.
    pub(super) fn split_moves(
        &self,
        rule: u8,
        card: u8,
        total: u8,
        select: &Select,
        state: &State,
        out: &mut Vec<Move>,
    ) {
        let Move::Chain { choices: words, .. } = self.track_move(rule, card, &NO_PARTS) else {
            return;
        };
        let mut split = Split {
            rule,
            words,
            card,
            select,
            movers: [Mover::default(); MAX_MOVERS],
            len: 0,
            at: usize::from(card != 0 && rule != super::choice::WORDS),
            moved: [NO_SPACE; MAX_PARTS],
            first: out.len(),
            journal: journal(),
            unlocked_only: select.guard.is_none() && select.movers.unlocked,
            owner_by_end_zones: select.movers.owner_by_end_zones,
        };
        self.list_movers(state, &mut split);
        let mut scratch = copy_of(state);
        let at = Part {
            mover: 0,
            index: 0,
            left: i32::from(total).min(MAX_SPLIT as i32),
            cap: 0,
            dup: false,
            owner: None,
        };
        self.finish_split(&mut scratch, &mut split, at, out);
        give_back(scratch);
        give_journal(split.journal);
    }

    /// Whether `parts` (walks `(from, to)`, in the order played) is a split
    /// of `total` spaces that the rules allow from `state`: each part by a
    /// mover the selection takes on the position the parts before it left
    /// and that has not moved yet, walking some length to its `to`, the
    /// lengths summing to `total`. What reading a typed split checks when
    /// the list holds another order of the same result (its twin).
    pub(super) fn split_allows(
        &self,
        card: u8,
        total: u8,
        select: &Select,
        state: &State,
        parts: &[(CellId, CellId)],
    ) -> bool {
        let mut split = Split {
            rule: 0,
            words: super::choice::NO_CHOICES,
            card,
            select,
            movers: [Mover::default(); MAX_MOVERS],
            len: 0,
            at: 0,
            moved: [NO_SPACE; MAX_PARTS],
            first: 0,
            journal: journal(),
            unlocked_only: false,
            owner_by_end_zones: false,
        };
        let mut scratch = copy_of(state);
        let left = i32::from(total).min(MAX_SPLIT as i32);
        let allowed = parts.len() <= MAX_PARTS
            && self.parts_allowed(&mut scratch, &mut split, parts, 0, left);
        give_back(scratch);
        give_journal(split.journal);
        allowed
    }

    /// [`Rules::split_allows`] from part `i` on, `left` spaces to go.
    fn parts_allowed(
        &self,
        state: &mut State,
        split: &mut Split,
        parts: &[(CellId, CellId)],
        i: usize,
        left: i32,
    ) -> bool {
        let Some(&(from, to)) = parts.get(i) else {
            return left == 0;
        };
        let code = state.board.get(from as usize).copied().unwrap_or(0);
        if left < 1 || !(1..=self.seats.len() as u8).contains(&code) {
            return false;
        }
        let seat = code - 1;
        let owner = self.split_owner(state, split);
        if owner.is_some_and(|o| o != seat) || !self.takes_part(state, split, i, from, seat) {
            return false;
        }
        let mut stops = [NO_CELL; MAX_SPLIT];
        let stops = &mut stops[..left as usize];
        self.walk_stops(state, seat, from, 1, stops);
        // Every length that ends there: a walk that turned back may reach
        // one space in two.
        for n in 1..=left {
            if stops[n as usize - 1] != to {
                continue;
            }
            let mark = split.journal.len();
            self.move_mover(state, from, to, &mut split.journal);
            split.moved[i] = to as u8;
            let allowed = self.parts_allowed(state, split, parts, i + 1, left - n);
            split.moved[i] = NO_SPACE;
            self.undo(state, &mut split.journal, mark);
            if allowed {
                return true;
            }
        }
        false
    }

    /// Lists in `split` the movers that may take a part: seats' pieces off
    /// their homes and in the selection's mask, one entry per piece of a
    /// stack, in canonical order.
    fn list_movers(&self, state: &State, split: &mut Split) {
        let track = self.tracks();
        let seats = self.seats.len() as u8;
        let mask = split.select.mask.as_ref();
        let owners = self.possible_owners(state, split);
        let named = |code: u8| {
            let bit = 1u64.checked_shl(u32::from(code - 1));
            owners == u64::MAX || bit.is_some_and(|b| owners & b != 0)
        };
        let mut add = |c: usize| {
            let code = state.board[c];
            if !(1..=seats).contains(&code)
                || !named(code)
                || track.kind[c] == SpaceKind::Home
                || mask.is_some_and(|m| !m.contains(c as CellId))
            {
                return;
            }
            let (space, seat) = (c as CellId, code - 1);
            // Theirs after the mover's own, then the furthest along first,
            // then by space: one number, worked out once, to sort on.
            let theirs = u32::from(seat != state.mover);
            let behind = 255 - track.progress(seat as usize, space).clamp(0, 255) as u32;
            let order = theirs << 24 | behind << 16 | u32::from(space);
            for _ in 0..state.heights[c] {
                if split.len < MAX_MOVERS {
                    split.movers[split.len] = Mover { order, space, seat };
                    split.len += 1;
                }
            }
        };
        if self.plan.keeps.tops && owners != u64::MAX {
            // Only the cells those seats top, on their bitboards, in order.
            let mut bits = (1..=seats)
                .filter(|&code| named(code))
                .fold(0u128, |bits, code| bits | state.tops[code as usize]);
            while bits != 0 {
                add(bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        } else {
            (0..track.cells()).for_each(&mut add);
        }
        split.movers[..split.len].sort_unstable_by_key(|m| m.order);
    }

    /// Appends the ways to finish a split from `state` with the parts so
    /// far in `split`: the movers from `at.mover` on share `at.left`
    /// spaces. `state` is played on and given back as it was.
    fn finish_split(&self, state: &mut State, split: &mut Split, at: Part, out: &mut Vec<Move>) {
        if at.index == MAX_PARTS || out.len() >= MAX_MOVES {
            return;
        }
        // The seat whose movers the selection takes, on this state (as the
        // part before left it, when it could not change it).
        let owner = match at.owner {
            Some(owner) => owner,
            None => self.split_owner(state, split),
        };
        for i in at.mover..split.len {
            let Mover { space, seat, .. } = split.movers[i];
            // Movers of one stack take parts in turn, longest first: each
            // way once. One that follows a mover of its stack that sat the
            // split out sits it out too.
            let stacked = i > 0 && split.movers[i - 1].space == space;
            let longest = match (stacked, i == at.mover) {
                (false, _) => at.left,
                (true, true) => at.cap.min(at.left),
                (true, false) => continue,
            };
            if longest < 1 || owner.is_some_and(|o| o != seat) {
                continue;
            }
            if !self.takes_part(state, split, at.index, space, seat) {
                continue;
            }
            self.take_part(
                state,
                split,
                Part {
                    mover: i,
                    cap: longest,
                    owner: Some(owner),
                    ..at
                },
                out,
            );
        }
    }

    /// Appends the ways to finish a split in which mover `at.mover` takes
    /// a part of at most `at.cap` spaces.
    fn take_part(&self, state: &mut State, split: &mut Split, at: Part, out: &mut Vec<Move>) {
        let Mover { space, seat, .. } = split.movers[at.mover];
        let longest = at.cap;
        let mut stops = [NO_CELL; MAX_SPLIT];
        let stops = &mut stops[..longest as usize];
        self.walk_stops(state, seat, space, 1, stops);
        // Walks of two lengths that end on one space may give one list of
        // parts twice; only a walk that turned back in its end zone has
        // such lengths.
        let track = self.tracks();
        let turned = stops
            .iter()
            .any(|&c| c != NO_CELL && track.kind[c as usize] == SpaceKind::End);
        // Where the mover stands when its last part moved it and nothing
        // happened after (no effect): the next part moves it on from there,
        // as one part from its space, instead of undoing the last.
        let mark = split.journal.len();
        let mut standing = None;
        // A shorter part leaves the rest to the movers after this one. When
        // none of them is of the seat the selection takes, and the part
        // cannot change that seat (it neither starts nor ends in an end
        // zone), nothing can follow it: it is not tried.
        let none_follow = split.owner_by_end_zones
            && track.kind[space as usize] != SpaceKind::End
            && !split.movers[at.mover + 1..split.len]
                .iter()
                .any(|m| at.owner.is_none_or(|o| o.is_none_or(|o| o == m.seat)));
        for n in 1..=longest {
            let to = stops[n as usize - 1];
            if to == NO_CELL {
                continue;
            }
            let dup = at.dup || (turned && stops.iter().filter(|&&c| c == to).count() > 1);
            split.set_part(at.index, walk_word(space as u8, to as u8));
            if n == at.left {
                // The last part: nothing after it to play on the result.
                split.emit(dup, out);
            } else if at.mover + 1 < split.len
                && !(none_follow && track.kind[to as usize] != SpaceKind::End)
            {
                // A shorter part needs a mover after this one for the rest.
                match standing {
                    Some(last) => {
                        self.move_mover(state, last, to, &mut split.journal);
                        if split.journal.len() == mark + 4 {
                            split.journal.truncate(mark + 1);
                            split.journal.push(Change::Put(to));
                        }
                    }
                    None => self.move_mover(state, space, to, &mut split.journal),
                }
                split.moved[at.index] = to as u8;
                // A part that moved only between spaces outside the end
                // zones, and set nothing off, leaves such a seat as it was.
                let kept = split.owner_by_end_zones
                    && split.journal.len() == mark + 2
                    && track.kind[space as usize] != SpaceKind::End
                    && track.kind[to as usize] != SpaceKind::End;
                let next = Part {
                    mover: at.mover + 1,
                    index: at.index + 1,
                    left: at.left - n,
                    cap: n,
                    dup,
                    owner: at.owner.filter(|_| kept),
                };
                self.finish_split(state, split, next, out);
                standing = (split.journal.len() == mark + 2).then_some(to);
                if standing.is_none() {
                    self.undo(state, &mut split.journal, mark);
                }
                split.moved[at.index] = NO_SPACE;
            }
            split.set_part(at.index, NO_CELL);
        }
        self.undo(state, &mut split.journal, mark);
    }

    /// The seats whose movers a selection may take during a split, as bits
    /// (all ones: any seat): for one seat's (`owner(cell) == SEAT`), the
    /// values of the seats `track-selects` found SEAT may take as the parts
    /// move movers.
    fn possible_owners(&self, state: &State, split: &Split) -> u64 {
        let owners = &split.select.movers.owners;
        if owners.is_empty() {
            return u64::MAX;
        }
        let scope = Scope {
            card: split.card,
            ..Scope::at(state, NO_CELL)
        };
        owners.iter().fold(0, |bits, owner| {
            let seat = self.eval(owner, &scope) as u32;
            bits | 1u64.checked_shl(seat).unwrap_or(0)
        })
    }

    /// The seat whose movers a selection of one seat's (`owner(cell) ==
    /// ...`) takes on `state`, worked out once for all the movers.
    fn split_owner(&self, state: &State, split: &Split) -> Option<u8> {
        match &split.select.candidates {
            Candidates::OwnedBy(owner) => {
                let scope = Scope {
                    card: split.card,
                    ..Scope::at(state, NO_CELL)
                };
                Some(u8::try_from(self.eval(owner, &scope)).unwrap_or(u8::MAX))
            }
            _ => None,
        }
    }

    /// Whether a mover of `seat` that has not moved yet is still on
    /// `space` (no earlier part sent it home) and the selection's guard
    /// and test take it now, after the first `parts` parts.
    fn takes_part(
        &self,
        state: &State,
        split: &Split,
        parts: usize,
        space: CellId,
        seat: u8,
    ) -> bool {
        let moved_here = split.moved[..parts]
            .iter()
            .filter(|&&m| m == space as u8)
            .count();
        let piece = seat + 1;
        if state.board[space as usize] != piece
            || moved_here >= state.heights[space as usize] as usize
        {
            return false;
        }
        // `not locked(cell)` alone, read without the evaluator.
        if split.unlocked_only {
            return !self.locked(state, space);
        }
        let scope = Scope {
            card: split.card,
            piece,
            ..Scope::at(state, space)
        };
        self.guard_and_test(split.select, &scope)
    }

    /// Undoes the changes `journal` holds past `mark`, latest first.
    fn undo(&self, state: &mut State, journal: &mut Vec<Change>, mark: usize) {
        while journal.len() > mark {
            match journal.pop() {
                Some(Change::Lifted(cell, code)) => state.push(cell, code, self),
                Some(Change::Put(cell)) => {
                    state.pop(cell, self);
                }
                None => {}
            }
        }
    }
}

/// Where a split's listing stands: the first mover that may take the
/// next part, the index of that part, the spaces left, the longest part
/// the mover may take (the part the previous one took, for one of its
/// stack), whether a part so far ends where a part of another length
/// would (only then can a list of parts come twice), and the seat the
/// selection takes when the part before could not have changed it.
#[derive(Clone, Copy)]
struct Part {
    mover: usize,
    index: usize,
    left: i32,
    cap: i32,
    dup: bool,
    owner: Option<Option<u8>>,
}

/// A mover that may take a part of a split: its space and seat, and its
/// place in the canonical order.
#[derive(Clone, Copy)]
struct Mover {
    order: u32,
    space: CellId,
    seat: u8,
}

impl Default for Mover {
    fn default() -> Self {
        Mover {
            order: 0,
            space: NO_CELL,
            seat: 0,
        }
    }
}

/// A split being listed: its rule, card and selection, the movers that
/// may take parts, the parts so far, where each moved mover is now, where
/// its moves begin in the list, and the changes its parts made so far.
struct Split<'r> {
    rule: u8,
    card: u8,
    select: &'r Select,
    movers: [Mover; MAX_MOVERS],
    len: usize,
    /// The move's words so far: the card, the parts (`Rules::track_move`),
    /// written in place as the parts are tried.
    words: Choices,
    /// The word of the first part.
    at: usize,
    moved: [u8; MAX_PARTS],
    first: usize,
    journal: Vec<Change>,
    /// Whether the selection tests nothing on a mover but `not
    /// locked(cell)` (its candidates aside).
    unlocked_only: bool,
    /// Whether the seat the selection takes depends on nothing but the
    /// end zones (`partner(mover) if locked_movers(mover) == 4 else
    /// mover`), and the effects after a movement that ends outside them
    /// leave them as they were: a part that neither starts nor ends in one
    /// keeps it.
    owner_by_end_zones: bool,
}

impl Split<'_> {
    /// Adds the split of the parts so far, unless `dup` says it may be
    /// there already (parts of other lengths that turn back to the same
    /// spaces are the same move) and it is.
    fn emit(&self, dup: bool, out: &mut Vec<Move>) {
        // Moves from `first` on are this rule's: their words tell them apart.
        let listed =
            |m: &Move| matches!(m, Move::Chain { choices, .. } if same_words(choices, &self.words));
        if !dup || !out[self.first..].iter().any(listed) {
            out.push(Move::Chain {
                rule: self.rule,
                choices: self.words,
            });
        }
    }

    /// Sets part `i` to the walk `word` (`NO_CELL`: no part).
    fn set_part(&mut self, i: usize, word: CellId) {
        self.words[self.at + i] = word;
    }
}

/// Whether two moves' words are equal, compared without branches.
fn same_words(a: &Choices, b: &Choices) -> bool {
    a.iter().zip(b).fold(0, |differ, (x, y)| differ | (x ^ y)) == 0
}
