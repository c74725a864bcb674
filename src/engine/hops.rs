//! A walk that goes on from where it stops (`repeat jump`, `repeat step`):
//! a chain of parts, each a step or jump from where the last one stopped.
//! The piece is in the air until the last part: each part's captures are
//! made at once, and the next part's condition reads the position they
//! leave (`from` is where the part starts, `cell` where it lands).
//!
//! The choice is the parts' directions in [`REPEAT_WORDS`] words: their
//! number, then five 3-bit directions a word. With `repeat` a chain stops
//! only where no part can follow; with `repeat at will` the mover may stop
//! after any part. A chain has at most [`MAX_HOPS`] parts.

use super::chain::Progress;
use super::choice::{self, Choices, NO_CHOICES};
use super::pool::{copy_of, give_back};
use super::{Move, State, MAX_MOVES};
use crate::ir::{CellId, Rules, Walk, MAX_HOPS, NO_CELL, REPEAT_WORDS};
use crate::syntax::ast::{Reach, Repeat};

/// Directions a word holds.
const PER_WORD: usize = 5;

// Every part's direction fits the words after the count.
const _: () = assert!(MAX_HOPS <= PER_WORD * (REPEAT_WORDS - 1));

/// The parts of a chain so far: how many, and their directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Hops {
    count: u8,
    dirs: u128,
}

impl Hops {
    const NONE: Hops = Hops { count: 0, dirs: 0 };

    /// The chain with one more part, in direction `d`.
    fn then(self, d: u8) -> Hops {
        Hops {
            count: self.count + 1,
            dirs: self.dirs | u128::from(d & 7) << (3 * self.count as u32),
        }
    }

    /// Part `i`'s direction.
    fn dir(self, i: usize) -> u8 {
        (self.dirs >> (3 * i)) as u8 & 7
    }

    /// The chain as a move's words.
    fn words(self) -> Choices {
        let mut words = NO_CHOICES;
        words[0] = CellId::from(self.count);
        for (i, w) in words[1..REPEAT_WORDS].iter_mut().enumerate() {
            *w = (self.dirs >> (3 * PER_WORD * i)) as CellId & 0x7fff;
        }
        words
    }

    /// The chain in `words` (as [`Hops::words`] wrote it).
    pub(super) fn read(words: &[CellId]) -> Hops {
        let mut dirs = 0u128;
        for (i, &w) in words[1..REPEAT_WORDS].iter().enumerate() {
            dirs |= u128::from(w & 0x7fff) << (3 * PER_WORD * i);
        }
        Hops {
            count: (words[0] as usize).min(MAX_HOPS) as u8,
            dirs,
        }
    }
}

impl Rules {
    /// Appends the chains the walk allows from `progress.from` (the piece
    /// lifted), each as the words of its parts.
    pub(super) fn hop_chains(
        &self,
        walk: &Walk,
        state: &State,
        progress: Progress,
        out: &mut Vec<Move>,
    ) {
        if progress.from == NO_CELL {
            return;
        }
        // The directions, each once: a direction listed twice is one move.
        let scope = progress.scope(state, NO_CELL);
        let mut dirs = [(0usize, 0u8); 8];
        let mut n = 0;
        for (slot, d) in walk.directions.iter().enumerate() {
            if let Ok(d @ 0..8) = u8::try_from(self.direction(d, &scope)) {
                if !dirs[..n].iter().any(|&(_, seen)| seen == d) {
                    dirs[n] = (slot, d);
                    n += 1;
                }
            }
        }
        self.hops_from(walk, state, progress, &dirs[..n], Hops::NONE, out);
    }

    /// Goes on from `progress.from` after `hops`: each part the walk allows
    /// is made on a copy and the chain followed from where it lands.
    fn hops_from(
        &self,
        walk: &Walk,
        state: &State,
        progress: Progress,
        dirs: &[(usize, u8)],
        hops: Hops,
        out: &mut Vec<Move>,
    ) {
        let mut went = false;
        for &(slot, d) in dirs {
            if out.len() >= MAX_MOVES || super::budget::step() {
                return;
            }
            let to = self.reach(walk, state, progress, (slot, d));
            if to == NO_CELL {
                continue;
            }
            went = true;
            let longer = hops.then(d);
            if walk.repeat == Repeat::AtWill {
                out.push(choice::of_words(longer.words()));
            }
            if longer.count as usize == MAX_HOPS {
                if walk.repeat != Repeat::AtWill {
                    out.push(choice::of_words(longer.words()));
                }
                continue;
            }
            let mut next = copy_of(state);
            self.walk_captures(walk, &mut next, progress.from, to);
            let on = Progress {
                from: to,
                ..progress
            };
            self.hops_from(walk, &next, on, dirs, longer, out);
            give_back(next);
        }
        if !went && hops.count > 0 && walk.repeat != Repeat::AtWill {
            out.push(choice::of_words(hops.words()));
        }
    }

    /// Where the part from `at` in direction `d` lands (no condition
    /// tested: the move was listed), or `NO_CELL`.
    fn hop_target(&self, walk: &Walk, at: CellId, d: u8) -> CellId {
        let compass = &self.geometry.compass;
        let next = compass.step(at, d);
        match walk.reach {
            Reach::Jump { .. } if next != NO_CELL => compass.step(next, d),
            _ => next,
        }
    }

    /// Plays the chain in `words` from `progress.from` and puts the piece
    /// down where it ends, of the kind it was picked up as.
    pub(super) fn play_hops(
        &self,
        walk: &Walk,
        state: &mut State,
        words: &[CellId],
        progress: &mut Progress,
    ) {
        let hops = Hops::read(words);
        let mut at = progress.from;
        for i in 0..hops.count as usize {
            let to = self.hop_target(walk, at, hops.dir(i));
            if to == NO_CELL {
                break;
            }
            self.walk_captures(walk, state, at, to);
            progress.from = at;
            at = to;
        }
        self.place_piece(state, at);
        state.set_kind(at, progress.kind);
        progress.to = at;
        progress.piece = state.mover + 1;
    }

    /// The cells the chain in `words` lands on from `from`, in order.
    pub(super) fn hop_cells(&self, walk: &Walk, from: CellId, words: &[CellId]) -> Vec<CellId> {
        let hops = Hops::read(words);
        let mut at = from;
        let mut cells = Vec::with_capacity(hops.count as usize);
        for i in 0..hops.count as usize {
            at = self.hop_target(walk, at, hops.dir(i));
            if at == NO_CELL {
                break;
            }
            cells.push(at);
        }
        cells
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chain_of_parts_comes_back_from_its_words() {
        let mut hops = Hops::NONE;
        for i in 0..MAX_HOPS {
            hops = hops.then((i * 5 % 8) as u8);
        }
        let back = Hops::read(&hops.words());
        assert_eq!(back, hops);
        assert!((0..MAX_HOPS).all(|i| back.dir(i) == (i * 5 % 8) as u8));
    }
}
