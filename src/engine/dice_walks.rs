//! `move by dice`: one walk a die of the throw, each by its die, in the
//! order the player chooses. As many dice as can be used must be; when
//! only one can, the highest that can. Orders of walks that leave the same
//! position are one move, listed by the first order found.
//!
//! The walks are tried die by die on copies of the state (each walk's
//! effects, a capture, before the next walk's condition reads the board).

use super::pool::{copy_of, give_back};
use super::track::{Parts, Spaces, NO_PARTS};
use super::{FaultKind, Move, State, MAX_MOVES};
use crate::ir::dice::MAX_DICE;
use crate::ir::{CellId, Rules, Select};

/// The moves found so far: the most walks any order makes, and per move
/// its walks, the face of its first die and the position it leaves.
struct Found {
    most: usize,
    moves: Vec<(Parts, u8, Box<State>)>,
    /// Why the listing stopped early, if it did: too many moves, or its
    /// time ran out.
    cut: Option<FaultKind>,
}

impl Rules {
    /// Appends the moves of `move by dice` (track rule `rule`) whose
    /// walks the selection allows, each tested on the position the walks
    /// before it left with `this_die` its die.
    pub(super) fn dice_walk_moves(
        &self,
        rule: u8,
        select: &Select,
        state: &State,
        out: &mut Vec<Move>,
    ) {
        let mut found = Found {
            most: 1,
            moves: Vec::new(),
            cut: None,
        };
        let mut parts = NO_PARTS;
        // Timed, as the general runner's listings are: four dice over many
        // movers are millions of orders (R0006 when cut).
        let ((), over) = super::budget::listing(|| {
            self.walk_dice(select, state, 0, &mut parts, 0, 0, &mut found)
        });
        if let Some(kind) = found.cut.or(over.then_some(FaultKind::SlowListing)) {
            state.record_fault(kind, self.phases[state.phase as usize].span);
        }
        if found.most == 1 {
            // Only one die can be used: the highest that can.
            let high = found.moves.iter().map(|m| m.1).max().unwrap_or(0);
            found.moves.retain(|m| m.1 == high);
        }
        for (parts, _, after) in found.moves {
            if out.len() < MAX_MOVES {
                out.push(self.track_move(rule, 0, &parts));
            }
            give_back(after);
        }
    }

    /// Tries every unused die (`used`, a bit each) on every space the
    /// selection allows, `n` walks made; records where no die can walk on.
    #[allow(clippy::too_many_arguments)]
    fn walk_dice(
        &self,
        select: &Select,
        state: &State,
        used: u8,
        parts: &mut Parts,
        n: usize,
        first: u8,
        found: &mut Found,
    ) {
        let count = self.dice.map_or(0, |d| d.count as usize).min(MAX_DICE);
        let mut walked = false;
        for i in (0..count).filter(|&i| used & (1 << i) == 0) {
            let face = state.dice[i];
            // Two unused dice of one face walk alike: the first stands for both.
            if (0..i).any(|j| used & (1 << j) == 0 && state.dice[j] == face) {
                continue;
            }
            let mut spaces = Spaces::default();
            self.spaces(select, state, face, |_| true, &mut spaces);
            for &space in spaces.as_slice() {
                if found.cut.is_some() || super::budget::step() {
                    found.cut.get_or_insert(FaultKind::SlowListing);
                    return;
                }
                let from = CellId::from(space);
                let seat = state.board[from as usize] - 1;
                let Some(to) = self.walk_track(state, seat, from, i32::from(face)) else {
                    continue;
                };
                walked = true;
                (parts.0[n], parts.1[n]) = (space, to as u8);
                let mut next = copy_of(state);
                self.move_mover(&mut next, from, to, &mut ());
                let first = if n == 0 { face } else { first };
                if (used | 1 << i).count_ones() as usize == count {
                    // Every die used: the order is complete, kept as it is.
                    found.offer(parts, n + 1, first, next);
                    continue;
                }
                self.walk_dice(select, &next, used | 1 << i, parts, n + 1, first, found);
                give_back(next);
            }
        }
        parts.0[n..].fill(super::track::NO_SPACE);
        parts.1[n..].fill(super::track::NO_SPACE);
        if !walked && n > 0 {
            found.offer(parts, n, first, copy_of(state));
        }
    }

    /// Plays the walks of a `move by dice` move, each followed by the
    /// effects after a movement, and marks their dice used.
    pub(super) fn play_dice_walks(&self, state: &mut State, parts: &Parts) {
        self.play_parts(state, parts);
        let walks = parts.0.iter().take_while(|&&p| p != super::track::NO_SPACE);
        state.dice_used = walks.count() as u8;
    }
}

impl Rules {
    /// The listed `move by dice` move that leaves the position the typed
    /// walks (`FROM-TO`, each of a mover of the seat to move) leave, if
    /// one does: another order of its walks (`p8-p5 p13-p7` for `p13-p7
    /// p8-p5`), or other stops on the way (`p13-p10 p10-p4` for `p13-p7
    /// p7-p4`), or one walk for two (`p13-p4`).
    pub(super) fn dice_twin(&self, state: &State, typed: &[&str], legal: &[Move]) -> Option<Move> {
        let walks = self.typed_walks(typed)?;
        let mut after = copy_of(state);
        let mut twin = None;
        let walked = walks.iter().all(|&(from, to)| {
            let own = after.board.get(from as usize) == Some(&(state.mover + 1));
            if own {
                self.move_mover(&mut after, from, to, &mut ());
            }
            own
        });
        if walked {
            twin = legal.iter().copied().find(|&m| {
                let Move::Chain { rule, choices } = m else {
                    return false;
                };
                let Some(rule) = self
                    .rule(rule)
                    .filter(|r| matches!(r.steps.last(), Some(crate::ir::Step::MoveByDice(_))))
                else {
                    return false;
                };
                let mut listed = copy_of(state);
                self.play_chain(&mut listed, rule, &choices);
                let same = listed.same_pieces(&after);
                give_back(listed);
                same
            });
        }
        give_back(after);
        twin
    }
}

impl Found {
    /// Keeps a complete order of `n` walks leaving `state`, unless an
    /// order of more walks was found or one leaving the same position.
    fn offer(&mut self, parts: &Parts, n: usize, first: u8, state: Box<State>) {
        if n < self.most {
            return give_back(state);
        }
        if n > self.most {
            self.most = n;
            for (_, _, s) in self.moves.drain(..) {
                give_back(s);
            }
        }
        // With one walk, moves of different dice are kept apart: only the
        // highest die's stay.
        let alike =
            |m: &(Parts, u8, Box<State>)| (n > 1 || m.1 == first) && m.2.same_pieces(&state);
        if self.moves.iter().any(alike) {
            return give_back(state);
        }
        if self.moves.len() >= MAX_MOVES {
            self.cut = Some(FaultKind::TooManyMoves);
            return give_back(state);
        }
        let mut parts = *parts;
        parts.0[n..].fill(super::track::NO_SPACE);
        parts.1[n..].fill(super::track::NO_SPACE);
        self.moves.push((parts, first, state));
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::FaultKind;

    /// Four dice, each a walk, over fifteen men a seat spread one a space
    /// along a facing track of 48: millions of orders of walks. The
    /// listing stops (by time, R0006, or at the most moves a position
    /// may have) instead of running for minutes, and says so.
    #[test]
    fn a_listing_of_millions_of_orders_is_cut_and_says_so() {
        let text = r#"// Hostile: four dice of 1 to 6, each a walk, over fifteen men a seat
// spread one a space along a facing track of 48: millions of orders of
// walks to try a turn. The listing stops by time (R0006), not by hanging.
game "Spread out"
players White, Black
board track 48 facing, homes of 15, end zones of 1, overtaking in end zones, overshooting
dice 4 x 1..6
setup: put 1 White where cell == p48 or cell == p47 or cell == p46 or cell == p45 or cell == p44 or cell == p43 or cell == p42 or cell == p41 or cell == p40 or cell == p39 or cell == p38 or cell == p37 or cell == p36 or cell == p35 or cell == p34
     ; put 1 Black where cell == p1 or cell == p2 or cell == p3 or cell == p4 or cell == p5 or cell == p6 or cell == p7 or cell == p8 or cell == p9 or cell == p10 or cell == p11 or cell == p12 or cell == p13 or cell == p14 or cell == p15
define mine(c: cell) = stones(mover, c) > 0
phase play
  move by dice where mine(cell) and not end_zone(cell)
  otherwise pass
after move: capture at to
end when all(end_zone(c) for c where mine(c)): mover wins
limit 200 turns
"#;
        let rules = crate::compile::load(text, &[]).expect("the rules load");
        let state = rules.start(1);
        let mut moves = Vec::new();
        rules.legal_moves(&state, &mut moves);
        let cut = state.fault().map(|f| f.kind);
        assert!(
            matches!(cut, Some(FaultKind::SlowListing | FaultKind::TooManyMoves)),
            "{} moves listed, cut: {cut:?}",
            moves.len()
        );
        assert!(!moves.is_empty(), "the moves found by then are kept");
    }
}
