//! When two states are equal: when their positions are, whatever they
//! keep beside the position for speed.

use super::State;

/// Two states are equal when their positions are: the pieces (each stack up
/// to its height), hands, piles, counters, seat, turn, phase and result.
/// Not compared: what is derived from those and kept for speed (the
/// empty-cell list and its order, the slot grid, the bitboards, the sowing
/// counts, the union-find and the sides it joins), nor the RNG, the log of chance outcomes, a
/// script being replayed and a fault.
impl PartialEq for State {
    fn eq(&self, other: &Self) -> bool {
        self.same_pieces(other)
            && self.same_hands(other)
            && self.draw_pile == other.draw_pile
            && self.discard == other.discard
            && self.stones == other.stones
            && self.most == other.most
            && self.supply == other.supply
            && self.scores == other.scores
            && self.gains == other.gains
            && self.counts == other.counts
            && self.captured == other.captured
            && self.lines == other.lines
            && self.runs == other.runs
            && (self.mover, self.turn, self.last, self.phase)
                == (other.mover, other.turn, other.last, other.phase)
            && (self.phase_start, self.passes, self.again, self.dice)
                == (other.phase_start, other.passes, other.again, other.dice)
            && (self.dice_used, self.keep_throw) == (other.dice_used, other.keep_throw)
            && self.outcome == other.outcome
            && self.round == other.round
            && crate::engine::memory::same(&self.memory, &other.memory, &self.heights)
    }
}

impl State {
    /// Whether the board and every stack, up to its height, are alike.
    pub(in crate::engine) fn same_pieces(&self, other: &Self) -> bool {
        if self.board != other.board || self.heights != other.heights {
            return false;
        }
        let cells = self.heights.len().max(1);
        let (a, b) = (&self.stacks, &other.stacks);
        if a.len() != b.len() {
            return false;
        }
        let capacity = a.len() / cells;
        (0..self.heights.len()).all(|c| {
            let h = (self.heights[c] as usize).min(capacity);
            a[c * capacity..][..h] == b[c * capacity..][..h]
        })
    }

    /// Whether every seat holds the same cards.
    fn same_hands(&self, other: &Self) -> bool {
        if self.hand_len != other.hand_len || self.hands.len() != other.hands.len() {
            return false;
        }
        let slots = self.hands.len() / self.hand_len.len().max(1);
        (0..self.hand_len.len()).all(|seat| {
            let n = self.hand_len[seat] as usize;
            self.hands[seat * slots..][..n] == other.hands[seat * slots..][..n]
        })
    }
}
