//! `must block`'s wins of the threat that last (the `lasting-wins` pass,
//! `compile/lasting_wins.rs`, says why they do): the moves of the mover
//! that share a pick differ only in where the piece goes down, and a win
//! of the threat that lasts wherever it goes, but on the win's own cell,
//! tells at once that those moves do not stop the threat.

use super::bitboard::board_cells;
use super::block::ChainKey;
use super::chain::Progress;
use super::near_lines::{completing, NearLines};
use super::State;
use crate::ir::{CellId, Form, Rules};

/// The lasting wins found for the moves of one pick.
pub(super) struct Lasting {
    /// The moves they are for.
    key: Option<ChainKey>,
    /// The cells where the threat's lasting wins put their piece.
    cells: u128,
}

impl Lasting {
    /// None found yet.
    pub(super) const NONE: Lasting = Lasting {
        key: None,
        cells: 0,
    };

    /// Whether the threat keeps a win after the move that shares the steps
    /// `key` of these wins and puts its piece on `cell`.
    pub(super) fn holds_against(&self, last: Option<(ChainKey, CellId)>) -> bool {
        match last {
            Some((key, cell)) => self.key == Some(key) && self.cells & !(1 << cell) != 0,
            None => false,
        }
    }
}

impl Rules {
    /// The threat's lasting wins in `child`, the position after the move
    /// that shares the steps `key` and put the mover's piece on `placed`,
    /// the threat to move, the game not over; `near`: the lines the threat
    /// is one piece short of, at most. Found up to two cells: more tell
    /// nothing more.
    pub(super) fn lasting_wins(
        &self,
        child: &State,
        key: ChainKey,
        placed: CellId,
        near: &NearLines,
    ) -> Lasting {
        // The mover's piece went down on an empty cell, and nothing else
        // changed but the steps the moves share.
        if !matches!(self.rule(key.0).map(|r| r.form), Some(Form::Relocation(_))) {
            return Lasting::NONE;
        }
        let phase = child.phase as usize;
        let found = self.plan.lasting_wins.get(phase).copied().flatten();
        let shape = found.and_then(|r| self.relocation(&self.phases[phase].rules[r as usize]));
        let (Some(shape), true) = (shape, near.known) else {
            return Lasting::NONE;
        };
        let all = board_cells(self.geometry.cell_count());
        // The position the moves share: every piece but the placed one.
        let occupied = !child.tops[0] & all & !(1 << placed);
        let own = child.tops[child.mover as usize + 1];
        let masks = &self.geometry.neighbour_masks;
        let mut whole = None;
        let mut cells = 0u128;
        let mut picks = self.candidate_bits(shape.pick, child, Progress::START);
        while picks != 0 && cells.count_ones() < 2 {
            let from = picks.trailing_zeros() as CellId;
            picks &= picks - 1;
            let rest = occupied & !(1 << from);
            let lines = near.lines().iter().filter(|&&l| l & (1 << from) == 0);
            let mut wins = completing(lines, own & !(1 << from), all & !occupied) & !cells;
            if shape.touching {
                wins = only_touching(wins, rest, masks);
            }
            if wins == 0 || rest == 0 {
                continue;
            }
            // A lift that splits the pieces may send the line's home.
            let whole = *whole.get_or_insert_with(|| self.one_group(occupied));
            let joined = whole && self.around_joined(from, rest) || self.one_group(rest);
            if !shape.keep || joined {
                cells |= wins;
            }
        }
        Lasting {
            key: Some(key),
            cells,
        }
    }
}

/// The cells of `cells` next to a piece of `pieces`.
fn only_touching(mut cells: u128, pieces: u128, masks: &[u128]) -> u128 {
    let mut next = 0;
    while cells != 0 {
        let c = cells.trailing_zeros() as usize;
        if masks[c] & pieces != 0 {
            next |= 1 << c;
        }
        cells &= cells - 1;
    }
    next
}
