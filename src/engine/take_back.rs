//! Taking a placement back: `must block` tries every move of the mover,
//! and a child position that differs from the last one by where one piece
//! went is turned back rather than copied again; and putting back a piece
//! a `pick` lifted, when the step runner tries each piece in turn.

use super::state::copy_vec;
use super::State;
use crate::ir::{CellId, Rules};

impl State {
    /// Makes this position `before` again when it is `before` with the top
    /// piece of `cell` (of `code`) lifted by a `pick`: the piece goes back
    /// on, and the counters the lift changed are copied back. Exact: the
    /// empty cells are listed in the same order again. Not for majority
    /// boards.
    pub(super) fn put_back(&mut self, cell: CellId, code: u8, before: &State, rules: &Rules) {
        self.push(cell, code, rules);
        // Lifting it returned it to the supply and may have recounted the
        // lines and rebuilt the groups: those are taken from `before`.
        copy_vec(&mut self.supply, &before.supply);
        copy_vec(&mut self.counts, &before.counts);
        copy_vec(&mut self.lines, &before.lines);
        copy_vec(&mut self.runs, &before.runs);
        copy_vec(&mut self.links, &before.links);
        copy_vec(&mut self.link_marks, &before.link_marks);
        copy_vec(&mut self.sides_joined, &before.sides_joined);
        self.copy_turn(before);
    }

    /// Makes this position `before` again when it is `before` after a turn
    /// whose move only put a piece on `cell`: the piece comes off, and what
    /// placing it and ending the turn changed (seat counters, scores, line
    /// flags, turn, seat, phase, result) is copied back. Cheaper than a whole copy; the
    /// empty cells may be listed in another order. Not for majority boards.
    pub(super) fn take_back_place(&mut self, cell: CellId, before: &State, rules: &Rules) {
        self.pop(cell, rules);
        // The piece came from the mover's supply; effects may change any
        // seat's, and scores change when kept live or when the game ends.
        let seat = before.mover as usize;
        if rules.effects.is_empty() {
            self.supply[seat] = before.supply[seat];
        } else {
            copy_vec(&mut self.supply, &before.supply);
        }
        self.counts[seat] = before.counts[seat];
        if rules.plan.keeps.scores || self.outcome.is_some() {
            copy_vec(&mut self.scores, &before.scores);
            copy_vec(&mut self.gains, &before.gains);
        }
        // A piece that covered another may have broken any seat's lines.
        if rules.stacks {
            copy_vec(&mut self.lines, &before.lines);
        } else {
            let seats = rules.seats.len();
            for t in 0..rules.line_tables.len() {
                self.lines[t * seats + seat] = before.lines[t * seats + seat];
            }
        }
        copy_vec(&mut self.runs, &before.runs);
        copy_vec(&mut self.links, &before.links);
        copy_vec(&mut self.link_marks, &before.link_marks);
        copy_vec(&mut self.sides_joined, &before.sides_joined);
        self.copy_turn(before);
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{Move, State};
    use crate::ir::Rules;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// What a position is, the empty cells' order aside.
    fn summary(state: &State, rules: &Rules) -> String {
        let cells = 0..rules.geometry.cell_count() as crate::ir::CellId;
        let stacks: Vec<&[u8]> = cells.map(|c| state.stack(c, rules)).collect();
        let mut empty: Vec<_> = state.empty_cells().collect();
        empty.sort_unstable();
        format!(
            "{:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {} {} {} {:?} {:?}",
            state.board,
            state.heights,
            stacks,
            state.tops,
            state.supply,
            state.counts,
            state.scores,
            state.lines,
            state.runs,
            state.mover,
            state.turn,
            state.phase,
            state.outcome,
            empty,
        )
    }

    /// Plays random games; at each position, every placement played and
    /// taken back leaves the position as it was.
    fn placements_come_back(file: &str, set: &[(&str, i64)]) {
        let source = std::fs::read_to_string(format!("rules/{file}")).expect("rules file");
        let set: Vec<(String, i64)> = set.iter().map(|(k, v)| (k.to_string(), *v)).collect();
        let rules: Rules = crate::compile::load(&source, &set).expect("compiles");
        let mut rng = SmallRng::seed_from_u64(3);
        let mut tried = 0;
        for game in 0..4 {
            let mut state = rules.start(game);
            let mut moves = Vec::new();
            for _ in 0..60 {
                rules.legal_moves(&state, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let before = summary(&state, &rules);
                let mut child = state.clone();
                for &m in &moves {
                    let Move::Place(cell) = m else { continue };
                    rules.play(&mut child, m);
                    child.take_back_place(cell, &state, &rules);
                    let after = summary(&child, &rules);
                    assert_eq!(after, before, "{file}: {}", rules.move_text(m));
                    tried += 1;
                }
                let m = moves[rng.gen_range(0..moves.len())];
                rules.play(&mut state, m);
            }
        }
        assert!(tried > 100, "{file}: only {tried} placements tried");
    }

    #[test]
    fn a_placement_taken_back_leaves_the_position_as_it_was() {
        placements_come_back("tic-tac-toe.game", &[]);
        placements_come_back("hex-fours.game", &[]);
        placements_come_back("gomoku.game", &[("must_block", 1)]);
        placements_come_back("exago.game", &[("seats", 3)]);
    }
}
