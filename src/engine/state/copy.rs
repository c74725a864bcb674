//! Copying a state into another's buffers: searches and playouts restart
//! from a position many times, and a copy that reuses the buffers
//! allocates nothing.

use super::State;

impl Clone for State {
    fn clone(&self) -> Self {
        let mut copy = State::blank(self.rng.clone());
        copy.clone_from(self);
        copy
    }

    /// Copies `source` into `self` reusing its buffers: searches and playouts
    /// restart from a position many times, and this avoids the allocations.
    fn clone_from(&mut self, source: &Self) {
        self.copy_from(source, true);
    }
}

impl State {
    /// [`Clone::clone_from`], leaving out the log of chance outcomes unless
    /// `log`: the copies that list moves play on never write a record, and
    /// the log grows all game.
    pub(in crate::engine) fn copy_from(&mut self, source: &Self, log: bool) {
        self.copy_parts(source, log, true);
    }

    /// [`State::copy_from`] for a look-ahead within a turn (a filter's,
    /// `attacked`'s, a step's): no log of chance and none of the positions
    /// remembered, which only a finished turn reads or adds to, so that a
    /// long game's copies do not copy its history.
    pub(in crate::engine) fn copy_within_turn(&mut self, source: &Self) {
        self.copy_parts(source, false, false);
    }

    fn copy_parts(&mut self, source: &Self, log: bool, history: bool) {
        copy_vec(&mut self.board, &source.board);
        copy_vec(&mut self.slots, &source.slots);
        copy_vec(&mut self.stacks, &source.stacks);
        copy_vec(&mut self.heights, &source.heights);
        copy_vec(&mut self.tops, &source.tops);
        copy_vec(&mut self.sow_moves, &source.sow_moves);
        self.sow_total = source.sow_total;
        if log {
            copy_vec(&mut self.chance, &source.chance);
        } else {
            self.chance.clear();
        }
        copy_vec(&mut self.script, &source.script);
        self.script_at = source.script_at;
        self.bad_script = source.bad_script;
        copy_vec(&mut self.hands, &source.hands);
        copy_vec(&mut self.hand_len, &source.hand_len);
        copy_vec(&mut self.draw_pile, &source.draw_pile);
        copy_vec(&mut self.discard, &source.discard);
        copy_vec(&mut self.stones, &source.stones);
        copy_vec(&mut self.most, &source.most);
        self.empty_listed = source.empty_listed;
        copy_vec(&mut self.empty_list, &source.empty_list);
        copy_vec(&mut self.empty_pos, &source.empty_pos);
        copy_vec(&mut self.supply, &source.supply);
        copy_vec(&mut self.scores, &source.scores);
        copy_vec(&mut self.gains, &source.gains);
        copy_vec(&mut self.counts, &source.counts);
        copy_vec(&mut self.captured, &source.captured);
        copy_vec(&mut self.lines, &source.lines);
        copy_vec(&mut self.runs, &source.runs);
        copy_vec(&mut self.links, &source.links);
        copy_vec(&mut self.link_marks, &source.link_marks);
        copy_vec(&mut self.sides_joined, &source.sides_joined);
        self.copy_turn(source);
        crate::engine::memory::copy(&mut self.memory, &source.memory, history);
        self.round = source.round;
    }
}

impl State {
    /// Copies where the game stands (seat, turn, last cell, phase, result,
    /// fault, the one-group fact): what every turn changes besides the pieces.
    pub(in crate::engine) fn copy_turn(&mut self, source: &State) {
        self.mover = source.mover;
        self.turn = source.turn;
        self.last = source.last;
        self.phase = source.phase;
        self.phase_start = source.phase_start;
        self.passes = source.passes;
        self.again = source.again;
        self.dice = source.dice;
        self.dice_used = source.dice_used;
        self.keep_throw = source.keep_throw;
        // Taking a turn back takes its throw back, and the next throw.
        self.rng = source.rng.clone();
        self.outcome = source.outcome;
        self.fault = source.fault.clone();
        self.joined = source.joined;
    }
}

/// Copies `from` into `to`, of the same length. Up to 16 values (the
/// per-seat counters, a small board) are copied in place by two fixed-size
/// copies that may overlap: a call to memcpy costs more than the copy.
#[inline(always)]
pub(in crate::engine) fn copy_slice<T: Copy>(to: &mut [T], from: &[T]) {
    let n = from.len();
    match n {
        0 => {}
        1 => to[0] = from[0],
        2 => to[..2].copy_from_slice(&from[..2]),
        3 => to[..3].copy_from_slice(&from[..3]),
        4..=8 => {
            to[..4].copy_from_slice(&from[..4]);
            to[n - 4..n].copy_from_slice(&from[n - 4..]);
        }
        9..=16 => {
            to[..8].copy_from_slice(&from[..8]);
            to[n - 8..n].copy_from_slice(&from[n - 8..]);
        }
        // Boards of up to 64 cells: two overlapping copies of known size,
        // not a call to memcpy (the start copy of a word playout copies
        // five such tables).
        17..=32 => {
            to[..16].copy_from_slice(&from[..16]);
            to[n - 16..n].copy_from_slice(&from[n - 16..]);
        }
        33..=64 => {
            to[..32].copy_from_slice(&from[..32]);
            to[n - 32..n].copy_from_slice(&from[n - 32..]);
        }
        _ => to.copy_from_slice(from),
    }
}

/// Copies a buffer, reusing its memory.
#[inline(always)]
pub(in crate::engine) fn copy_vec<T: Copy>(to: &mut Vec<T>, from: &Vec<T>) {
    if from.is_empty() && to.is_empty() {
        // What the rules do not use costs a test, not a call.
    } else if to.len() == from.len() {
        // The usual case, a copy of a position of the same game: one copy
        // of the bytes, no length to adjust.
        copy_slice(to, from);
    } else {
        to.clone_from(from);
    }
}
