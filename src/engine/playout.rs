//! Random playouts: uniformly random moves to the end of a game, the inner
//! loop of the AI and of `simulate`.
//!
//! Most games go through the general turn (`random_move`, then `play`). A
//! game whose every turn is one placement on a cell drawn from a bitboard
//! word (tic-tac-toe, Connect Four, Gomoku, Hex) takes a tighter loop that
//! makes the same draws and the same changes with the per-turn checks for
//! effects, filters, deals and phases left out, since such a game has none.
//! This is Ludii's "add to empty" playout, over the same state.

use rand::Rng;

use super::bitboard::{nth_cell, nth_cell64};
use super::eval::Scope;
use super::play::{below, spend_piece};
use super::{Move, State};
use crate::ir::{Candidates, Form, Node, Rules, SeatRef, Select, Step, NO_CELL};

/// Plays uniformly random moves until the game ends or no move is legal; returns
/// the number of moves played. `buf` is reused so that nothing is allocated.
pub fn random_playout<R: Rng>(
    rules: &Rules,
    state: &mut State,
    buf: &mut Vec<Move>,
    rng: &mut R,
    max_moves: u32,
) -> u32 {
    if let Some(place) = rules.placement_only(state) {
        if let Some(played) = rules.word_playout(place, state, rng, max_moves) {
            return played;
        }
        return rules.placement_playout(place, state, rng, max_moves);
    }
    let mut played = 0;
    // Only games that sow by kept counts draw a sowing path while sowing.
    let sows = rules.sow_cache.is_some();
    while played < max_moves {
        // A sowing path is drawn while the stack is sown: no move in between.
        match sows.then(|| rules.play_random_sow(state, rng)).flatten() {
            Some(true) => {}
            Some(false) => break,
            None => {
                let Some(m) = rules.random_move(state, buf, rng) else {
                    break;
                };
                rules.play(state, m);
            }
        }
        played += 1;
    }
    played
}

impl Rules {
    /// The placement every turn is, when the game is nothing but placements
    /// drawn from a word: one phase of one `place` rule with no effects
    /// after it, no filters, turn effects, deal, live scores or majorities.
    fn placement_only(&self, state: &State) -> Option<&Select> {
        let [phase] = self.phases.as_slice() else {
            return None;
        };
        let [rule] = phase.rules.as_slice() else {
            return None;
        };
        let (Form::Place, [Step::Place(place)]) = (rule.form, rule.steps.as_slice()) else {
            return None;
        };
        let plain = phase.turns.is_none()
            && self.filters.is_empty()
            && self.effects.is_empty()
            && self.deal.is_none()
            && !self.live_scores
            && !self.majority
            && place.test.is_none()
            && place.guard.is_none();
        let drawn = self.listed_empty(place) || self.kind_word(&place.candidates, state).is_some();
        (plain && drawn).then_some(place)
    }

    /// Whether `place` draws from the empty-cell list: any empty cell.
    fn listed_empty(&self, place: &Select) -> bool {
        matches!(place.candidates, Candidates::Empty) && place.mask.is_none()
    }

    /// [`random_playout`] for a game of placements only (see
    /// [`Rules::placement_only`]): the same draws as `random_move` and the
    /// same changes as `play`, turn after turn.
    fn placement_playout<R: Rng>(
        &self,
        place: &Select,
        state: &mut State,
        rng: &mut R,
        max_moves: u32,
    ) -> u32 {
        let listed = self.listed_empty(place);
        let mask = place.mask.as_ref().map_or(u128::MAX, |m| m.bits());
        // Words of at most 64 cells are counted and searched as one u64.
        let small = self.geometry.cell_count() <= 64;
        let mut probes = [Probe::Other; MAX_PROBES];
        let probed = self.ends.len() <= MAX_PROBES;
        if probed {
            for (probe, end) in probes.iter_mut().zip(&self.ends) {
                *probe = Probe::of(&end.condition);
            }
        }
        let seats = self.seats.len();
        let mut played = 0;
        while played < max_moves && !state.is_over() && state.supply[state.mover as usize] > 0 {
            let cell = if listed {
                let Some(cell) = self.draw_empty(state, rng) else {
                    break;
                };
                cell
            } else {
                let bits = match place.candidates {
                    Candidates::Empty => state.tops[0],
                    Candidates::Dropped => self.dropped_word(state).unwrap_or(0),
                    _ => self.kind_word(&place.candidates, state).unwrap_or(0),
                } & mask;
                if bits == 0 {
                    break;
                }
                if small {
                    let bits = bits as u64;
                    nth_cell64(bits, below(rng, bits.count_ones() as usize) as u32)
                } else {
                    nth_cell(bits, below(rng, bits.count_ones() as usize) as u32)
                }
            };
            let seat = state.mover;
            // What `place_piece` does for an empty cell.
            state.push(cell, seat + 1, self);
            self.update_lines(state, cell, seat);
            if !self.run_lengths.is_empty() {
                self.update_runs(state, cell, seat);
            }
            state.last = cell;
            spend_piece(state);
            if self.side_links {
                self.sync_links(state, Some(cell));
            }
            state.passes = 0;
            played += 1;
            let ended = if probed {
                let mut ended = false;
                for (probe, end) in probes.iter().zip(&self.ends) {
                    let holds = match *probe {
                        Probe::MoverLine(t) => state.lines[t * seats + seat as usize],
                        Probe::Full => state.empty_list.is_empty(),
                        Probe::Other => self.eval(&end.condition, &Scope::at(state, NO_CELL)) != 0,
                    };
                    if holds {
                        self.end_by(state, end);
                        ended = true;
                        break;
                    }
                }
                ended
            } else {
                self.try_ends(state)
            };
            if ended {
                break;
            }
            state.mover = if seat as usize + 1 == seats {
                0
            } else {
                seat + 1
            };
            state.turn += 1;
        }
        played
    }
}

/// The most end rules the placement loop reads directly.
const MAX_PROBES: usize = 4;

/// An end condition as the placement loop tests it.
#[derive(Clone, Copy)]
enum Probe {
    /// The mover has a line of the table's length.
    MoverLine(usize),
    /// No cell is empty.
    Full,
    /// Any other condition, evaluated.
    Other,
}

impl Probe {
    /// The probe for an end condition.
    fn of(condition: &Node) -> Self {
        match condition {
            Node::Line(t, SeatRef::Mover) => Probe::MoverLine(*t as usize),
            Node::Full => Probe::Full,
            _ => Probe::Other,
        }
    }
}
