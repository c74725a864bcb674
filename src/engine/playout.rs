//! Random playouts: uniformly random moves to the end of a game, the inner
//! loop of the AI and of `simulate`.
//!
//! Most games go through the general turn (`random_move`, then `play`). A
//! game whose last phase is one placement a turn on a cell drawn from a
//! bitboard word or the empty-cell list (tic-tac-toe, Connect Four, Gomoku,
//! Hex, Hex Fours after its two opening turns) plays that phase in a
//! tighter loop that makes the same draws and the same changes with the
//! per-turn checks for filters, deals and phases left out, since such a
//! phase has none; scores and effects after the turn are read only by the
//! loop of the games that have them. This is Ludii's "add to empty"
//! playout, over the same state. A game of one sowing rule on a small
//! board (Qawale) plays on words (`sow_playout.rs`), a game of one card rule
//! in a loop of its own (`card_playout.rs`).

use rand::Rng;

use super::bitboard::{nth_cell, nth_cell64};
use super::play::{below, spend_piece};
use super::{Move, State};
use crate::ir::loop_ends::{Leaf, Probe};
use crate::ir::plan::{Playout, WordLoop, LOOP_ENDS};
use crate::ir::{Candidates, Rules, Select};

/// Plays uniformly random moves until the game ends or no move is legal; returns
/// the number of moves played. `buf` is reused so that nothing is allocated.
pub fn random_playout<R: Rng + Clone>(
    rules: &Rules,
    state: &mut State,
    buf: &mut Vec<Move>,
    rng: &mut R,
    max_moves: u32,
) -> u32 {
    random_playout_inline(rules, state, buf, rng, max_moves)
}

/// [`random_playout`], always inlined into its caller: for a loop over
/// many games (`simulate`), where inlined its reads of the plan are made
/// once for a run of games. Not `random_playout` itself: forced into
/// every caller, it changed how the compiler laid out the turn-by-turn
/// loop it calls, and Partners' games (`examples/playouts`) cost 0.9% more.
#[inline(always)]
pub fn random_playout_inline<R: Rng + Clone>(
    rules: &Rules,
    state: &mut State,
    buf: &mut Vec<Move>,
    rng: &mut R,
    max_moves: u32,
) -> u32 {
    // The compiler's `playout-loop` pass chose the loop; a loop that stops
    // before the game ends (a forced move, a move it cannot draw) hands
    // over to turn-by-turn play.
    let played = match &rules.plan.playout {
        Playout::Turns => 0,
        Playout::Placement { words, probes } => {
            let ends = (words.as_ref(), probes.as_ref());
            rules.placement_loop(ends, state, buf, rng, max_moves)
        }
        Playout::Sow(..) | Playout::Cards(_) | Playout::Flips(..) => {
            rules.loop_of_its_own(state, rng, max_moves)
        }
    };
    if played < max_moves && !state.is_over() {
        played + rules.turn_playout(NO_PHASE, state, buf, rng, max_moves - played)
    } else {
        played
    }
}

/// A phase no game reaches: `turn_playout` then plays to the end.
const NO_PHASE: usize = usize::MAX;

impl Rules {
    /// The placement loop from the start of the last phase: earlier
    /// phases turn by turn, then placements (see `passes.rs`). Always
    /// inline, as `placements` is: measured together with `atom_holds`.
    #[inline(always)]
    fn placement_loop<R: Rng + Clone>(
        &self,
        ends: LoopEnds,
        state: &mut State,
        buf: &mut Vec<Move>,
        rng: &mut R,
        max_moves: u32,
    ) -> u32 {
        let last = self.phases.len() - 1;
        let played = match state.phase as usize == last {
            true => 0,
            false => self.turn_playout(last, state, buf, rng, max_moves),
        };
        let [rule] = self.phases[last].rules.as_slice() else {
            return played;
        };
        let Some(place) = rule.select() else {
            return played;
        };
        if played < max_moves && state.phase as usize == last {
            played + self.placements(ends, place, state, rng, max_moves - played)
        } else {
            played
        }
    }

    /// A sowing game on a small board plays on words, a card placement game
    /// in a loop of its own, when their phase lasts to the end: the number
    /// of moves played (0 outside that phase). Out of line: in
    /// `random_playout`'s own code, the calls cost tic-tac-toe 5%.
    #[inline(never)]
    fn loop_of_its_own<R: Rng>(&self, state: &mut State, rng: &mut R, max_moves: u32) -> u32 {
        let played = match &self.plan.playout {
            Playout::Sow(p, ends) if state.phase == *p => {
                self.sow_playout(ends, state, rng, max_moves)
            }
            Playout::Cards(p) if state.phase == *p => self.card_playout(state, rng, max_moves),
            Playout::Flips(p, ends) => self.flip_playout((*p, ends), state, rng, max_moves),
            _ => None,
        };
        played.unwrap_or(0)
    }

    /// Random moves through the general turn until the game ends, no move
    /// is legal, `max_moves` are played or the game is in phase `stop`.
    fn turn_playout<R: Rng>(
        &self,
        stop: usize,
        state: &mut State,
        buf: &mut Vec<Move>,
        rng: &mut R,
        max_moves: u32,
    ) -> u32 {
        let mut played = 0;
        // Only games that sow by kept counts draw a sowing path while sowing.
        let sows = self.plan.sow_counts.is_some();
        // The seat whose move still owes the search for a stuck mover: the
        // next draw finds a move exactly when that search would, so the
        // search runs only when the draw finds none or the playout stops.
        let mut owed = None;
        while played < max_moves && state.phase as usize != stop {
            // A sowing path is drawn while the stack is sown: no move in
            // between; when it finds none, the whole list is asked for.
            match sows.then(|| self.play_random_sow(state, rng)).flatten() {
                // Sown turn by turn, with the search.
                Some(true) => owed = None,
                Some(false) | None => {
                    let Some(m) = self.random_move(state, buf, rng) else {
                        break;
                    };
                    if self.plan.stuck_ends {
                        owed = self.play_owing_stuck(state, m);
                    } else {
                        self.play(state, m);
                    }
                }
            }
            played += 1;
        }
        if let Some(seat) = owed.filter(|_| !state.cut_by_time()) {
            self.end_if_stuck(state, seat);
        }
        played
    }
}

impl Rules {
    /// The placement loop from a position in the last phase: on words when
    /// the plan says the game fits them, else [`Rules::placement_playout`].
    #[inline(always)]
    fn placements<R: Rng + Clone>(
        &self,
        (words, probes): LoopEnds,
        place: &Select,
        state: &mut State,
        rng: &mut R,
        max_moves: u32,
    ) -> u32 {
        if let Some(plan) = words {
            if let Some(played) = self.word_playout(plan, place, state, rng, max_moves) {
                return played;
            }
        }
        // Games without scores or effects after the turn run a loop
        // compiled without them.
        if self.plan.keeps.scores || !self.effects.is_empty() {
            self.placement_playout::<true, R>(probes, place, state, rng, max_moves)
        } else {
            self.placement_playout::<false, R>(probes, place, state, rng, max_moves)
        }
    }

    /// Whether `place` draws from the empty-cell list: any empty cell.
    fn listed_empty(&self, place: &Select) -> bool {
        matches!(place.candidates, Candidates::Empty) && place.mask.is_none()
    }

    /// [`random_playout`] in a last phase of placements only (see
    /// [`Rules::placement_phase`]): the same draws as `random_move` and the
    /// same changes as `play`, turn after turn.
    fn placement_playout<const AFTER_TURN: bool, R: Rng>(
        &self,
        probes: Option<&[Probe; MAX_PROBES]>,
        place: &Select,
        state: &mut State,
        rng: &mut R,
        max_moves: u32,
    ) -> u32 {
        let listed = self.listed_empty(place);
        let mask = place.mask.as_ref().map_or(u128::MAX, |m| m.bits());
        // Words of at most 64 cells are counted and searched as one u64.
        let small = self.geometry.cell_count() <= 64;
        // The probes, copied: the loop holds them in registers.
        let (probed, probes) = match probes {
            Some(p) => (true, *p),
            None => (false, [Probe::Other; MAX_PROBES]),
        };
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
            if self.plan.keeps.links {
                self.sync_links(state, Some(cell));
            }
            state.passes = 0;
            played += 1;
            if AFTER_TURN {
                if self.plan.keeps.scores {
                    self.update_scores(state);
                }
                self.apply_effects(state, false);
            }
            let ended = if probed {
                let mut ended = false;
                let ends = self.ends.iter().zip(&self.plan.ends);
                for (probe, (end, test)) in probes.iter().zip(ends) {
                    let holds = match *probe {
                        Probe::MoverLine(t) => state.lines[t * seats + seat as usize],
                        Probe::Full => state.is_full(),
                        Probe::MoverRuns(t) => state.runs[t * seats + seat as usize] > 0,
                        Probe::MoverOut if AFTER_TURN => state.supply[seat as usize] == 0,
                        Probe::Either(a, b) if AFTER_TURN => {
                            leaf_holds(a, state, seats) || leaf_holds(b, state, seats)
                        }
                        // The loop without effects reads the ends it reads
                        // directly as above and no more: any other arm there
                        // makes Gomoku 2-3% slower.
                        _ => self.end_holds(test, end, state),
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
const MAX_PROBES: usize = LOOP_ENDS;

/// How the placement loop reads the end rules: on words, and on the state
/// (`playout-loop` chose them).
type LoopEnds<'p> = (Option<&'p WordLoop>, Option<&'p [Probe; LOOP_ENDS]>);

/// Whether a leaf of an end condition holds after the mover's placement.
#[inline(always)]
fn leaf_holds(leaf: Leaf, state: &State, seats: usize) -> bool {
    let mover = state.mover as usize;
    match leaf {
        Leaf::MoverLine(t) => state.lines[t as usize * seats + mover],
        Leaf::Full => state.is_full(),
        Leaf::MoverOut => state.supply[mover] == 0,
        Leaf::MoverRuns(t) => state.runs[t as usize * seats + mover] > 0,
    }
}
