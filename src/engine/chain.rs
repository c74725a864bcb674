//! The general step runner: the moves of a chain of steps, and playing one.
//!
//! A chain is run step by step. A choosing step (`place`, `pick`,
//! `remove`, and `keep largest group` when groups tie) lists its choices on
//! the position the earlier steps made; each choice is played on a copy of
//! that position (a pooled `State`, so nothing is allocated once the pool
//! has grown) and the next step chooses there. A last `place` needs no copy:
//! its cells are the moves. A move records one choice a step
//! (`Move::Chain`), so playing it replays the steps with those choices.
//!
//! The common shapes (`place` alone, `place then sow`, card moves) do not
//! come here: the compiler gives them fast paths (`ir::Form`).

use super::eval::Scope;
use super::pool::{buffer, copy_of, give_back, give_buffer};
use super::{Move, State, MAX_MOVES};
use crate::ir::{CellId, Form, MoveRule, Rules, Step, MAX_STEPS, NO_CELL};

/// What the earlier steps of a move chose, as later steps' conditions read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Progress {
    /// The cell a piece was picked (or removed) from, or `NO_CELL`.
    pub from: CellId,
    /// The cell a piece was put on, or `NO_CELL`.
    pub to: CellId,
    /// The code of the piece last picked up, removed or put on (0: none).
    pub piece: u8,
}

impl Progress {
    /// Before the first step.
    pub const START: Progress = Progress {
        from: NO_CELL,
        to: NO_CELL,
        piece: 0,
    };

    /// A scope for conditions on `state` after these steps, at cell `chosen`.
    pub fn scope<'s>(&self, state: &'s State, chosen: CellId) -> Scope<'s> {
        Scope {
            from: self.from,
            to: self.to,
            piece: self.piece,
            ..Scope::at(state, chosen)
        }
    }
}

/// One way through a chain, as the runner hands it over.
pub(super) struct Way<'s> {
    /// The position after every step but a last `place`, which is left
    /// unplayed (`last`), so that a caller can list or test its cells cheaply.
    pub state: &'s State,
    /// What the steps did so far.
    pub progress: Progress,
    /// One choice a step (`NO_CELL` where a step chose nothing; the last
    /// `place`'s cell is the caller's to choose).
    pub choices: [CellId; MAX_STEPS],
    /// The chain's last step when it is a `place` still to choose.
    pub last: Option<&'s Step>,
}

/// What a walk through a chain does with each way, and which choices it skips.
struct Walk<'w> {
    skip: &'w dyn Fn(&Step, CellId) -> bool,
    visit: &'w mut dyn FnMut(Way) -> bool,
    /// Whether the walk only lists moves: then the effects after the last
    /// choice (flips, captures) are left for when the move is played, and a
    /// `place` before them is handed over as the last step.
    listing: bool,
}

impl Rules {
    /// Appends the moves of chain rule number `number` (counted over all
    /// phases, see `Rules::rule`) by the general runner.
    pub(super) fn chain_moves(
        &self,
        number: u8,
        rule: &MoveRule,
        state: &State,
        out: &mut Vec<Move>,
    ) {
        if let Some(shape) = self.relocation(rule) {
            return self.relocation_moves(number, rule, &shape, state, out);
        }
        if rule.form == Form::PieceWalk {
            return self.piece_walk_moves(number, rule, state, out);
        }
        self.walk_moves(number, rule, state, &|_, _| false, out);
    }

    /// Appends the moves of chain rule `number` the general runner finds,
    /// leaving out the choices `skip` rules out.
    pub(super) fn walk_moves(
        &self,
        number: u8,
        rule: &MoveRule,
        state: &State,
        skip: &dyn Fn(&Step, CellId) -> bool,
        out: &mut Vec<Move>,
    ) {
        let mut choices_at = rule.steps.len().saturating_sub(1);
        while choices_at > 0 && rule.steps[choices_at].is_after_effect() {
            choices_at -= 1;
        }
        let mut visit = |way: Way| {
            let Some(step) = way.last else {
                out.push(Move::Chain {
                    rule: number,
                    choices: way.choices,
                });
                return out.len() >= MAX_MOVES;
            };
            let start = out.len();
            self.step_choices(step, way.state, way.progress, out);
            for m in &mut out[start..] {
                if let Move::Place(c) = *m {
                    let mut choices = way.choices;
                    choices[choices_at] = c;
                    *m = Move::Chain {
                        rule: number,
                        choices,
                    };
                }
            }
            out.len() >= MAX_MOVES
        };
        let mut choices = [NO_CELL; MAX_STEPS];
        let mut walk = Walk {
            skip,
            visit: &mut visit,
            listing: true,
        };
        self.walk(rule, 0, state, Progress::START, &mut choices, &mut walk);
    }

    /// Calls `visit` with every complete way through `rule` from `state`,
    /// until it returns `true` (then returns `true`), leaving out the ways
    /// that choose a cell `skip` rules out at some step (a caller that knows
    /// they cannot matter).
    pub(super) fn walk_chain_except(
        &self,
        rule: &MoveRule,
        state: &State,
        skip: &dyn Fn(&Step, CellId) -> bool,
        visit: &mut dyn FnMut(Way) -> bool,
    ) -> bool {
        let mut choices = [NO_CELL; MAX_STEPS];
        let mut walk = Walk {
            skip,
            visit,
            listing: false,
        };
        self.walk(rule, 0, state, Progress::START, &mut choices, &mut walk)
    }

    fn walk(
        &self,
        rule: &MoveRule,
        k: usize,
        state: &State,
        progress: Progress,
        choices: &mut [CellId; MAX_STEPS],
        walk: &mut Walk,
    ) -> bool {
        let Some(step) = rule.steps.get(k) else {
            return (walk.visit)(Way {
                state,
                progress,
                choices: *choices,
                last: None,
            });
        };
        let rest = &rule.steps[k + 1..];
        let last = rest.is_empty() || (walk.listing && rest.iter().all(Step::is_after_effect));
        let lists_itself = matches!(step, Step::Place(_) | Step::PlaceOn(..))
            || (walk.listing && matches!(step, Step::Walk(_) | Step::SowAround(_)));
        if last && lists_itself {
            return (walk.visit)(Way {
                state,
                progress,
                choices: *choices,
                last: Some(step),
            });
        }
        if step.is_after_effect() {
            // A flip or capture before a later choice: played here.
            let mut next = copy_of(state);
            let mut p = progress;
            self.run_step(step, &mut next, NO_CELL, &mut p);
            let stop = self.walk(rule, k + 1, &next, p, choices, walk);
            give_back(next);
            return stop;
        }
        let mut options = buffer();
        match step {
            Step::KeepLargestGroup(when) if self.holds(when.as_ref(), state, progress) => {
                self.largest_groups(state, &mut options);
                if options.len() == 1 {
                    // A unique largest group: no choice, but the others go.
                    options[0] = Move::Place(NO_CELL);
                }
            }
            // Chance is drawn when the move is played, not while listing.
            Step::KeepLargestGroup(_) | Step::Draw(..) => {}
            _ => self.step_choices(step, state, progress, &mut options),
        }
        let choosing = !matches!(step, Step::KeepLargestGroup(_) | Step::Draw(..));
        let mut stop = false;
        if options.is_empty() && !choosing {
            // An effect that changes nothing here: go on from the same position.
            stop = self.walk(rule, k + 1, state, progress, choices, walk);
        }
        if matches!(step, Step::Pick(_)) && !self.majority {
            stop = self.walk_picks(rule, k, state, progress, &options, choices, walk);
            choices[k] = NO_CELL;
            give_buffer(options);
            return stop;
        }
        for &option in &options {
            let Move::Place(c) = option else { continue };
            if (walk.skip)(step, c) {
                continue;
            }
            choices[k] = c;
            let mut next = copy_of(state);
            let mut p = progress;
            self.run_step(step, &mut next, c, &mut p);
            stop = self.walk(rule, k + 1, &next, p, choices, walk);
            give_back(next);
            if stop {
                break;
            }
        }
        choices[k] = NO_CELL;
        give_buffer(options);
        stop
    }

    /// Goes on from each piece a `pick` (step `k`) may lift, on one copy of
    /// the position: each piece is lifted, the later steps walked, and the
    /// piece put back, instead of a copy a piece (a movement game lifts a
    /// dozen pieces a move). Its own function, out of line: folded into
    /// `walk`'s loop it moved the code of the must-block search around it
    /// and cost Exago 2.4% more instructions.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn walk_picks(
        &self,
        rule: &MoveRule,
        k: usize,
        state: &State,
        progress: Progress,
        options: &[Move],
        choices: &mut [CellId; MAX_STEPS],
        walk: &mut Walk,
    ) -> bool {
        let step = &rule.steps[k];
        let mut lifted = copy_of(state);
        let mut stop = false;
        for &option in options {
            let Move::Place(c) = option else { continue };
            if (walk.skip)(step, c) {
                continue;
            }
            choices[k] = c;
            let mut p = progress;
            self.run_step(step, &mut lifted, c, &mut p);
            stop = self.walk(rule, k + 1, &lifted, p, choices, walk);
            lifted.put_back(c, p.piece, state, self);
            if stop {
                break;
            }
        }
        give_back(lifted);
        stop
    }

    /// Whether an effect's condition holds (no condition: it does).
    fn holds(&self, when: Option<&crate::ir::Node>, state: &State, progress: Progress) -> bool {
        when.is_none_or(|w| self.eval(w, &progress.scope(state, NO_CELL)) != 0)
    }

    /// The cells a choosing step may choose, as `Move::Place`.
    pub(super) fn step_choices(
        &self,
        step: &Step,
        state: &State,
        progress: Progress,
        out: &mut Vec<Move>,
    ) {
        let has_piece = state.supply[state.mover as usize] > 0;
        match step {
            Step::Place(select) if has_piece => self.candidate_cells(select, state, progress, out),
            Step::PlaceOn(on, select) if has_piece => {
                let c = self.eval(on, &progress.scope(state, NO_CELL)) as CellId;
                let room = |c: CellId| {
                    let h = state.heights[c as usize] as usize;
                    h < self.stack_capacity && (self.stacks || h == 0)
                };
                let test = |c: CellId| {
                    select
                        .test
                        .as_ref()
                        .is_none_or(|t| self.eval(t, &progress.scope(state, c)) != 0)
                };
                if (c as usize) < self.geometry.cell_count() && room(c) && test(c) {
                    out.push(Move::Place(c));
                }
            }
            Step::Pick(select) | Step::Remove(select) => {
                self.candidate_cells(select, state, progress, out)
            }
            Step::Walk(walk) => self.walk_cells(walk, state, progress, out),
            Step::SowAround(select) => {
                // Only pits are sown from, never a store.
                let start = out.len();
                self.candidate_cells(select, state, progress, out);
                if let Some(ring) = &self.geometry.ring {
                    let mut keep = start;
                    for i in start..out.len() {
                        if !matches!(out[i], Move::Place(c) if ring.is_store(c)) {
                            out[keep] = out[i];
                            keep += 1;
                        }
                    }
                    out.truncate(keep);
                }
            }
            _ => {}
        }
    }

    /// Whether a choosing step may choose `cell` (what `step_choices` would
    /// list, asked of one cell).
    pub(super) fn step_allows(
        &self,
        step: &Step,
        state: &State,
        progress: Progress,
        cell: CellId,
    ) -> bool {
        let has_piece = state.supply[state.mover as usize] > 0;
        match step {
            Step::Place(select) => has_piece && self.select_allows(select, state, progress, cell),
            Step::Pick(select) | Step::Remove(select) => {
                self.select_allows(select, state, progress, cell)
            }
            _ => {
                let mut options = buffer();
                self.step_choices(step, state, progress, &mut options);
                let found = options.contains(&Move::Place(cell));
                give_buffer(options);
                found
            }
        }
    }

    /// Plays one step with its choice, as part of a move.
    pub(super) fn run_step(
        &self,
        step: &Step,
        state: &mut State,
        choice: CellId,
        progress: &mut Progress,
    ) {
        self.step_effects(step, state, choice, progress);
        // Later steps' conditions may ask which sides a seat joins.
        if self.side_links {
            self.sync_links(state, None);
        }
    }

    /// What a step does to the position.
    #[inline(always)]
    fn step_effects(
        &self,
        step: &Step,
        state: &mut State,
        choice: CellId,
        progress: &mut Progress,
    ) {
        match step {
            Step::Place(_) | Step::PlaceOn(..) => {
                self.place_piece(state, choice);
                progress.to = choice;
                progress.piece = state.mover + 1;
            }
            Step::Pick(_) | Step::Remove(_) => {
                let code = state.pop(choice, self);
                if matches!(step, Step::Pick(_)) {
                    state.return_piece(code, self);
                } else if let Some(seat) = (code as usize).checked_sub(1) {
                    if seat < self.seats.len() {
                        state.counts[seat] -= 1;
                    }
                }
                self.after_removal(state, code);
                progress.from = choice;
                progress.piece = code;
            }
            Step::KeepLargestGroup(when) => {
                if self.holds(when.as_ref(), state, *progress) {
                    self.keep_largest(state, choice);
                }
            }
            Step::Draw(count, when) => {
                if self.holds(when.as_ref(), state, *progress) {
                    let n = self.eval(count, &progress.scope(state, NO_CELL));
                    for _ in 0..n.clamp(0, self.deck.len() as i64) {
                        state.draw_card(state.mover, self);
                    }
                }
            }
            Step::Walk(walk) => {
                self.walk_to(walk, state, progress.from, choice);
                progress.to = choice;
                progress.piece = state.mover + 1;
            }
            Step::SowAround(_) => self.sow_around(state, choice, progress),
            Step::Gather(cells, into, when) => {
                self.gather(state, cells, into, when.as_ref(), *progress)
            }
            Step::Again(when) => self.again(state, when.as_ref(), *progress),
            Step::Enclosed(effect, exactly) => {
                self.enclosed(state, progress.to, *effect, *exactly);
            }
            // Only in their own shapes, which have their own paths (the checker).
            Step::Sow(_)
            | Step::PlayCards(_)
            | Step::PlayCard(_)
            | Step::Enter(_)
            | Step::MoveBy(..)
            | Step::Split(..)
            | Step::Switch(_) => {}
        }
    }

    /// Plays a move of the general runner (not the rest of the turn).
    pub(super) fn play_chain(
        &self,
        state: &mut State,
        rule: &MoveRule,
        choices: &[CellId; MAX_STEPS],
    ) {
        self.play_steps(state, rule, choices, rule.steps.len());
    }

    /// Plays the first `upto` steps of a chain move; returns what they did.
    pub(super) fn play_steps(
        &self,
        state: &mut State,
        rule: &MoveRule,
        choices: &[CellId; MAX_STEPS],
        upto: usize,
    ) -> Progress {
        let mut progress = Progress::START;
        for (step, &choice) in rule.steps.iter().zip(choices).take(upto) {
            self.run_step(step, state, choice, &mut progress);
        }
        progress
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::Outcome;
    use crate::ir::Rules;

    fn rules(source: &str) -> Rules {
        crate::compile::load(source, &[]).unwrap_or_else(|e| panic!("{e:?}"))
    }

    /// The legal moves after `moves`, in notation, sorted.
    fn moves_after(rules: &Rules, moves: &[&str]) -> Vec<String> {
        let mut state = rules.start(0);
        for m in moves {
            let m = rules
                .parse_move(&state, m)
                .unwrap_or_else(|e| panic!("{m}: {e}"));
            rules.play(&mut state, m);
        }
        let mut texts: Vec<String> = rules
            .sorted_moves(&state)
            .into_iter()
            .map(|m| rules.move_text(m))
            .collect();
        texts.sort();
        texts
    }

    const MORRIS: &str = "players White, Black\nboard square 3 x 3\nsupply 3\n\
        phase play\n  place where empty\n  \
        pick where supply(mover) == 0 then place where adjacent(from) and cell != from\n\
        end when line(3, mover): mover wins\nlimit 300 turns\n";

    #[test]
    fn a_piece_steps_to_an_empty_neighbour_of_the_cell_it_left() {
        let rules = rules(MORRIS);
        // White a1 c1 c3, Black b2 a3 b1: White's pieces step along a side.
        let moves = moves_after(&rules, &["a1", "b2", "c1", "a3", "c3", "b1"]);
        assert_eq!(moves, ["a1-a2", "c1-c2", "c3-b3", "c3-c2"]);
    }

    #[test]
    fn a_step_into_a_row_wins() {
        let rules = rules(MORRIS);
        let mut state = rules.start(0);
        // White a1 c1 b3, Black a2 c2 c3; White's b3 steps down to b1.
        for m in [
            "a1", "a2", "c1", "c2", "b3", "c3", "b3-b2", "a2-a3", "b2-b1",
        ] {
            let m = rules
                .parse_move(&state, m)
                .unwrap_or_else(|e| panic!("{m}: {e}"));
            rules.play(&mut state, m);
        }
        assert_eq!(state.outcome, Some(Outcome::Win(0)));
    }

    #[test]
    fn a_removal_takes_a_piece_next_to_the_one_placed() {
        let rules = rules(
            "players X, O\nboard square 4 x 4\nsupply 8\nscore(p) = count(p)\n\
             phase play\n  place where empty\n  \
             place where empty then remove where owner(cell) == next and adjacent(to)\n\
             end when supply(mover) == 0 and supply(next) == 0: highest score wins\n",
        );
        let moves = moves_after(&rules, &["a1", "b1"]);
        // Next to O's b1 are c1 and b2: placing there may take it.
        assert_eq!(moves.len(), 14 + 2, "{moves:?}");
        for taking in ["b2 b1", "c1 b1"] {
            assert!(
                moves.contains(&taking.to_string()),
                "{moves:?} lacks {taking}"
            );
        }
        let mut state = rules.start(0);
        for m in ["a1", "b1", "c1 b1"] {
            let m = rules.parse_move(&state, m).expect("legal");
            rules.play(&mut state, m);
        }
        assert_eq!(state.counts, vec![2, 0]);
        assert_eq!(state.supply, vec![6, 7], "a removed piece leaves the game");
    }

    #[test]
    fn keeping_the_largest_group_on_a_square_board() {
        let rules = rules(
            "players X, O\nboard square 7 x 1\nsupply 3\n\
             phase play\n  place where empty\n  \
             pick where supply(mover) == 0 then keep largest group then place where empty and cell != from\n\
             end when full: draw\nlimit 50 turns\n",
        );
        // X a1 c1 d1, O b1 e1 f1, g1 free. Picking c1 up sends a1 b1 home
        // (d1 e1 f1 are more); picking d1 up sends e1 f1 home.
        let played = ["a1", "b1", "c1", "f1", "d1", "e1"];
        assert_eq!(
            moves_after(&rules, &played),
            ["a1-g1", "c1-a1", "c1-b1", "c1-g1", "d1-e1", "d1-f1", "d1-g1"]
        );
        let mut state = rules.start(0);
        for m in played.iter().chain(&["c1-a1"]) {
            let m = rules.parse_move(&state, m).expect("legal");
            rules.play(&mut state, m);
        }
        assert_eq!(state.supply, vec![1, 1]);
        assert_eq!(state.counts, vec![2, 2]);
    }

    #[test]
    fn a_group_kept_where_none_tie_is_refused_as_nothing_to_keep() {
        let rules = rules(
            "players X, O\nboard square 7 x 1\nsupply 3\n\
             phase play\n  place where empty\n  \
             pick where supply(mover) == 0 then keep largest group then place where empty and cell != from\n\
             end when full: draw\nlimit 50 turns\n",
        );
        let mut state = rules.start(0);
        for m in ["a1", "b1", "c1", "f1", "d1", "e1"] {
            let m = rules.parse_move(&state, m).expect("legal");
            rules.play(&mut state, m);
        }
        // Lifting a1 leaves one group: `a1-g1` needs no `keep`.
        assert!(rules.parse_move(&state, "a1-g1").is_ok());
        let refused = rules.parse_move(&state, "a1-g1 keep c1").unwrap_err();
        let said = refused.to_string();
        assert!(said.contains("nothing to keep"), "{said}");
        assert!(said.contains("`a1-g1`"), "{said}");
    }

    #[test]
    fn later_steps_read_whose_piece_was_taken() {
        // Take a piece off, then place one, only if the piece taken was the opponent's.
        let rules = rules(
            "players X, O\nboard square 3 x 1\nsupply 5\n\
             phase play\n  place where empty\n  \
             remove then place where empty and piece == next\n\
             end when full: draw\nlimit 20 turns\n",
        );
        assert_eq!(moves_after(&rules, &["a1", "b1"]), ["b1-b1", "b1-c1", "c1"]);
    }
}
