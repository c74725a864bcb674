//! How a game ended, for the people who played it: which end rule fired,
//! and the line or chain that won.

use super::eval::Scope;
use super::State;
use crate::ir::{CellId, Node, Read, Rules, NO_CELL};

impl Rules {
    /// The end rule that ended the game: the first whose condition holds in
    /// the final position (as they were tried when it ended).
    pub fn ending(&self, state: &State) -> Option<usize> {
        if !state.is_over() {
            return None;
        }
        let scope = Scope::at(state, NO_CELL);
        self.ends
            .iter()
            .position(|end| self.eval(&end.condition, &scope) != 0)
    }

    /// A line that `seat` holds whole, of a length the end rule `end` reads
    /// (`line(n, ...)`), if there is one: its cells, in line order.
    pub fn line_won(&self, state: &State, end: usize, seat: u8) -> Option<Vec<CellId>> {
        let mut tables = Vec::new();
        self.ends.get(end)?.condition.visit(&mut |n| {
            if let Some(Read::Line(t, _)) = Read::of(n) {
                tables.push(t as usize);
            }
        });
        let own = seat + 1;
        tables.into_iter().find_map(|t| {
            let table = &self.line_tables[t];
            (0..table.line_count() as u32)
                .map(|l| table.line(l))
                .find(|cells| cells.iter().all(|&c| state.board[c as usize] == own))
                .map(<[CellId]>::to_vec)
        })
    }
}

impl Rules {
    /// A shortest chain of `seat`'s pieces joining the two sides that a
    /// `connects(..., A, B)` of the end rule `end` names, if one joins them:
    /// its cells, from side A to side B.
    pub fn chain_won(&self, state: &State, end: usize, seat: u8) -> Option<Vec<CellId>> {
        let mut sides = Vec::new();
        let scope = Scope::at(state, NO_CELL);
        let mut connects = |n: &Node| {
            if let Some([_, a, b]) = n.args_of(crate::builtins::BuiltinId::Connects) {
                sides.push((self.eval(a, &scope), self.eval(b, &scope)));
            }
        };
        // The call, or the read `direct-reads` fused it into.
        self.ends.get(end)?.condition.visit(&mut |n| match n {
            Node::Read(r) => r.general().iter().for_each(&mut connects),
            n => connects(n),
        });
        let side = |s: i64| u8::try_from(s).ok();
        sides.into_iter().find_map(|(a, b)| {
            let (a, b) = (side(a)?, side(b)?);
            self.chain_between(state, seat, a, b)
        })
    }

    /// A breadth-first search through `seat`'s pieces from side `a` to side `b`.
    fn chain_between(&self, state: &State, seat: u8, a: u8, b: u8) -> Option<Vec<CellId>> {
        let compass = &self.geometry.compass;
        let own = |c: CellId| state.board[c as usize] == seat + 1;
        let mut came_from = vec![None; self.geometry.cell_count()];
        let mut queue = std::collections::VecDeque::new();
        for c in 0..self.geometry.cell_count() as CellId {
            if own(c) && compass.on_side(c, a) {
                came_from[c as usize] = Some(c);
                queue.push_back(c);
            }
        }
        while let Some(c) = queue.pop_front() {
            if compass.on_side(c, b) {
                let mut chain = vec![c];
                while let Some(back) = came_from[*chain.last()? as usize] {
                    if back == *chain.last()? {
                        break;
                    }
                    chain.push(back);
                }
                chain.reverse();
                return Some(chain);
            }
            for &n in self.geometry.neighbours_of(c) {
                if n != NO_CELL && own(n) && came_from[n as usize].is_none() {
                    came_from[n as usize] = Some(c);
                    queue.push_back(n);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::Outcome;

    #[test]
    fn the_rule_and_the_line_that_ended_a_game() {
        let rules = crate::compile::shipped("tic-tac-toe", &[]);
        let mut state = rules.start(0);
        for m in ["a1", "a2", "b2", "a3", "c3"] {
            let m = rules.parse_move(&state, m).unwrap();
            rules.play(&mut state, m);
        }
        assert_eq!(state.outcome, Some(Outcome::Win(0)));
        let end = rules.ending(&state).expect("over");
        assert_eq!(end, 0, "the line rule, not the full board");
        let line = rules.line_won(&state, end, 0).expect("a line");
        let labels: Vec<&str> = line
            .iter()
            .map(|&c| rules.geometry.labels[c as usize].as_str())
            .collect();
        assert_eq!(labels, ["a1", "b2", "c3"]);
        // A draw by a full board names the other rule, and no line.
        let mut draw = rules.start(0);
        for m in ["b2", "a1", "c3", "a3", "a2", "c2", "b3", "b1", "c1"] {
            let m = rules.parse_move(&draw, m).unwrap();
            rules.play(&mut draw, m);
        }
        let end = rules.ending(&draw).expect("over");
        assert!(end > 0);
        assert_eq!(rules.line_won(&draw, end, 0), None);
    }
}
