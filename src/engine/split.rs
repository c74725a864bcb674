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
//!
//! Parts may be legal only in another order (a mover leaves the space
//! another's walk ends on). So after a part, a mover earlier in the order
//! may take the next part too, but only one whose walk could meet the
//! part's: two parts that cannot meet leave the same position in either
//! order, and the order listed already has them (the pass
//! `track-selects` says when the rules let that be known; else every
//! order is tried). Different parts may leave one position (a mover
//! relayed by another of its colour, two movers' ends exchanged): each
//! position is listed once, told by a key of the pieces the parts moved.

use super::bitboard::cell_bit;
use super::choice::{walk_word, Choices};
use super::eval::Scope;
use super::key_set::{piece_key, KeySet};
use super::pool::{copy_of, give_back, give_journal, journal};
use super::track::{Change, MAX_PARTS, NO_PARTS, NO_SPACE};
use super::{Move, State, MAX_MOVES};
use crate::ir::track::MAX_SPLIT;
use crate::ir::{Candidates, CellId, Rules, Select, SpaceKind, NO_CELL};

/// The most movers a split considers (one entry per mover of a stack).
pub(super) const MAX_MOVERS: usize = 64;

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
            journal: journal(),
            keys: KeySet::new(),
            quiet: [0; 128],
            unlocked_only: select.guard.is_none() && select.movers.unlocked,
            owner_by_end_zones: select.movers.owner_by_end_zones,
            apart: select.movers.apart_commute && self.tracks().cells() <= 128,
            owner_fixed: false,
        };
        let left = i32::from(total).min(MAX_SPLIT as i32);
        self.list_movers(state, &mut split, left);
        split.owner_fixed = self.owner_fixed(state, &split);
        let mut scratch = copy_of(state);
        let at = Part {
            mover: 0,
            last: None,
            done: 0,
            index: 0,
            left,
            cap: 0,
            path: 0,
            owner: None,
        };
        self.finish_split(&mut scratch, &mut split, at, out);
        give_back(scratch);
        give_journal(split.journal);
    }

    /// Lists in `split` the movers that may take a part: seats' pieces off
    /// their homes and in the selection's mask, one entry per piece of a
    /// stack, in canonical order.
    fn list_movers(&self, state: &State, split: &mut Split, left: i32) {
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
            let (reach, ends) = match split.apart {
                true => self.split_reach(seat, space, left),
                false => (u128::MAX, true),
            };
            for _ in 0..state.heights[c] {
                if split.len < MAX_MOVERS {
                    split.movers[split.len] = Mover {
                        order,
                        space,
                        seat,
                        reach,
                        ends,
                    };
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
    /// far in `split`: the movers from `at.mover` on, and those before it
    /// whose walks could meet the last part's, share `at.left` spaces.
    /// `state` is played on and given back as it was.
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
        for i in 0..split.len {
            if at.done & 1 << i != 0 || i < at.mover && !self.may_meet(split, at, i) {
                continue;
            }
            let Mover { space, seat, .. } = split.movers[i];
            // Movers of one stack take parts in turn, each once; when one
            // follows the other and their walks cannot meet but on the
            // ring, where neither turns, the longer part first: each way
            // once.
            let stacked = i > 0 && split.movers[i - 1].space == space;
            let longest = match stacked {
                false => at.left,
                true if at.done & 1 << (i - 1) == 0 => continue,
                true if at.last == Some(i - 1) && !split.movers[i].ends => at.cap.min(at.left),
                true => at.left,
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
        let track = self.tracks();
        let done = at.done | 1 << at.mover;
        let others = split.all() & !done;
        // Where the mover stands when its last part moved it and nothing
        // happened after (no effect): the next part moves it on from there,
        // as one part from its space, instead of undoing the last.
        let mark = split.journal.len();
        let mut standing = None;
        // The spaces the walk so far read, while it stays on the ring: a
        // walk passes a plain space without looking at it.
        let ahead = &track.ahead[seat as usize * track.cells()..][..track.cells()];
        let (mut read, mut walked) = (0, space);
        // A part that enters an end zone (or starts in one) may lock
        // movers and change whose movers the selection takes: it meets
        // every other.
        let mut ends = !split.apart || track.kind[space as usize] == SpaceKind::End;
        // A shorter part leaves the rest to the other movers. When none of
        // them is of the seat the selection takes, and the part cannot
        // change that seat (it neither starts nor ends in an end zone),
        // nothing can follow it: it is not tried.
        let none_follow = split.owner_by_end_zones
            && track.kind[space as usize] != SpaceKind::End
            && !split.any_of_owner(others, at.owner);
        for n in 1..=longest {
            let to = stops[n as usize - 1];
            if to == NO_CELL {
                continue;
            }
            split.set_part(at.index, walk_word(space as u8, to as u8));
            while !ends && walked != to {
                walked = ahead[walked as usize];
                ends = walked == NO_CELL || track.kind[walked as usize] == SpaceKind::End;
                if !ends && !track.plain[walked as usize] {
                    read |= cell_bit(walked);
                }
            }
            let path = if ends {
                u128::MAX
            } else {
                read | cell_bit(space) | cell_bit(to)
            };
            if n == at.left {
                self.last_part(state, split, (space, to, seat + 1), &mut standing, out);
            } else if self.may_follow(split, at.mover, others, path, at.left - n)
                && !(none_follow && track.kind[to as usize] != SpaceKind::End)
            {
                // A shorter part needs another mover for the rest.
                let part = (space, to, n, path);
                standing = self.shorter_part(state, split, at, part, standing, out);
            }
            split.set_part(at.index, NO_CELL);
        }
        self.undo(state, &mut split.journal, mark);
    }

    /// Appends the ways to finish a split whose part by mover `at.mover`
    /// walks `n` spaces from `space` to `to`, reading or changing `path`,
    /// with others to follow; returns where the mover stands after it,
    /// if nothing else happened (else the part is undone).
    fn shorter_part(
        &self,
        state: &mut State,
        split: &mut Split,
        at: Part,
        (space, to, n, path): (CellId, CellId, i32, u128),
        standing: Option<CellId>,
        out: &mut Vec<Move>,
    ) -> Option<CellId> {
        let track = self.tracks();
        let mark = split.journal.len() - 2 * usize::from(standing.is_some());
        self.move_on(state, split, (space, standing, to), mark);
        split.moved[at.index] = to as u8;
        // A part that moved only between spaces outside the end zones, and
        // set nothing off, leaves such a seat as it was.
        let kept = split.owner_by_end_zones
            && split.journal.len() == mark + 2
            && track.kind[space as usize] != SpaceKind::End
            && track.kind[to as usize] != SpaceKind::End;
        let next = Part {
            mover: at.mover + 1,
            last: Some(at.mover),
            done: at.done | 1 << at.mover,
            index: at.index + 1,
            left: at.left - n,
            cap: n,
            path,
            owner: at.owner.filter(|_| kept),
        };
        self.finish_split(state, split, next, out);
        let standing = (split.journal.len() == mark + 2).then_some(to);
        if standing.is_none() {
            self.undo(state, &mut split.journal, mark);
        }
        split.moved[at.index] = NO_SPACE;
        standing
    }

    /// Moves the mover from `space` to `to` for a part: on from where its
    /// last part left it standing, if it stands there still (its journal
    /// then keeps one lift off `space` and one put on `to`).
    fn move_on(
        &self,
        state: &mut State,
        split: &mut Split,
        (space, standing, to): (CellId, Option<CellId>, CellId),
        mark: usize,
    ) {
        let Some(last) = standing else {
            return self.move_mover(state, space, to, &mut split.journal);
        };
        self.move_mover(state, last, to, &mut split.journal);
        if split.journal.len() == mark + 4 {
            let code = state.board[to as usize];
            split.journal.truncate(mark + 1);
            split.journal.push(Change::Put(to, code));
        }
    }

    /// Lists the split whose last part moves a mover of colour `code` from
    /// `space` to `to`, unless a listed one leaves the same position. The
    /// part is played to tell that position, but for a landing on an
    /// empty space where, when the effects after a movement read nothing
    /// but that space, a landing of that colour was seen to set nothing
    /// off: then its key is that of the walk alone.
    fn last_part(
        &self,
        state: &mut State,
        split: &mut Split,
        (space, to, code): (CellId, CellId, u8),
        standing: &mut Option<CellId>,
        out: &mut Vec<Move>,
    ) {
        let mark = split.journal.len() - 2 * usize::from(standing.is_some());
        let walk = piece_key(to, code).wrapping_sub(piece_key(space, code));
        let empty = split.apart && state.heights[to as usize] == 0 && to as usize <= 127;
        if empty && split.quiet[to as usize] == code {
            return split.emit(split.key(mark).wrapping_add(walk), out);
        }
        if standing.take().is_some() {
            self.undo(state, &mut split.journal, mark);
        }
        self.move_mover(state, space, to, &mut split.journal);
        if empty && split.journal.len() == mark + 2 {
            split.quiet[to as usize] = code;
        }
        split.emit(split.key(split.journal.len()), out);
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
    pub(super) fn split_owner(&self, state: &State, split: &Split) -> Option<u8> {
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
    pub(super) fn takes_part(
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
    pub(super) fn undo(&self, state: &mut State, journal: &mut Vec<Change>, mark: usize) {
        while journal.len() > mark {
            match journal.pop() {
                Some(Change::Lifted(cell, code)) => state.push(cell, code, self),
                Some(Change::Put(cell, _)) => {
                    state.pop(cell, self);
                }
                None => {}
            }
        }
    }
}

/// Where a split's listing stands: the first mover after the last part's
/// in the order, the mover of the last part, the movers that took parts,
/// the index of the next part, the spaces left, the longest part the
/// mover may take (the part the previous one took, for one of its stack),
/// the spaces the last part changed or read (on the ring), and the seat the
/// selection takes when the part before could not have changed it.
#[derive(Clone, Copy)]
pub(super) struct Part {
    pub(super) mover: usize,
    pub(super) last: Option<usize>,
    pub(super) done: u64,
    pub(super) index: usize,
    pub(super) left: i32,
    pub(super) cap: i32,
    pub(super) path: u128,
    pub(super) owner: Option<Option<u8>>,
}

/// A mover that may take a part of a split: its space and seat, its
/// place in the canonical order, the spaces its walk of the whole split
/// could read or change, and whether it could reach an end zone (where
/// it reads more).
#[derive(Clone, Copy)]
pub(super) struct Mover {
    pub(super) order: u32,
    pub(super) space: CellId,
    pub(super) seat: u8,
    pub(super) reach: u128,
    pub(super) ends: bool,
}

impl Default for Mover {
    fn default() -> Self {
        Mover {
            order: 0,
            space: NO_CELL,
            seat: 0,
            reach: u128::MAX,
            ends: true,
        }
    }
}

/// A split being listed: its rule, card and selection, the movers that
/// may take parts, the parts so far, where each moved mover is now, where
/// its moves begin in the list, and the changes its parts made so far.
pub(super) struct Split<'r> {
    pub(super) rule: u8,
    pub(super) card: u8,
    pub(super) select: &'r Select,
    pub(super) movers: [Mover; MAX_MOVERS],
    pub(super) len: usize,
    /// The move's words so far: the card, the parts (`Rules::track_move`),
    /// written in place as the parts are tried.
    pub(super) words: Choices,
    /// The word of the first part.
    pub(super) at: usize,
    pub(super) moved: [u8; MAX_PARTS],
    pub(super) journal: Vec<Change>,
    /// Whether the selection tests nothing on a mover but `not
    /// locked(cell)` (its candidates aside).
    pub(super) unlocked_only: bool,
    /// Whether the seat the selection takes depends on nothing but the
    /// end zones (`partner(mover) if locked_movers(mover) == 4 else
    /// mover`), and the effects after a movement that ends outside them
    /// leave them as they were: a part that neither starts nor ends in one
    /// keeps it.
    pub(super) owner_by_end_zones: bool,
    /// Whether parts whose movers' walks cannot meet leave one position
    /// in either order (`MoverFacts::apart_commute`, on a track of at most
    /// 128 spaces): else every order is tried.
    pub(super) apart: bool,
    /// Whether no split from this position can change the seat the
    /// selection takes (its counts of locked movers cannot cross a test).
    pub(super) owner_fixed: bool,
    /// The keys of the positions the split's moves leave.
    pub(super) keys: KeySet,
    /// For each of the first 128 spaces, the colour whose landing there,
    /// empty, was seen to set nothing off (0: none seen yet).
    pub(super) quiet: [u8; 128],
}

impl Split<'_> {
    /// Whether a mover of `movers` (bits) is of the seat the selection
    /// takes, when that is known (`owner`).
    fn any_of_owner(&self, movers: u64, owner: Option<Option<u8>>) -> bool {
        (0..self.len).any(|j| {
            let seat = self.movers[j].seat;
            movers & 1 << j != 0 && owner.is_none_or(|o| o.is_none_or(|o| o == seat))
        })
    }

    /// All the movers, as bits.
    fn all(&self) -> u64 {
        u64::MAX.checked_shr(64 - self.len as u32).unwrap_or(0)
    }

    /// The key of the pieces the first `len` changes of the journal
    /// lifted and put, each of a space and a colour (movers of one colour
    /// on a space are alike): what tells the position they leave.
    fn key(&self, len: usize) -> u128 {
        self.journal[..len]
            .iter()
            .fold(0u128, |key, change| match *change {
                Change::Lifted(cell, code) => key.wrapping_sub(piece_key(cell, code)),
                Change::Put(cell, code) => key.wrapping_add(piece_key(cell, code)),
            })
    }

    /// Adds the split of the parts so far, with `key` the key of the
    /// position it leaves, unless a listed move leaves the same position.
    fn emit(&mut self, key: u128, out: &mut Vec<Move>) {
        if self.keys.insert(key) {
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
