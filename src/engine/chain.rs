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
//! A step whose choice is more than a cell (a sowing path, a card set)
//! lists its choices as whole words (`engine/choice.rs`) and is walked by
//! `walk_wide`. The compiler's passes give common shapes fast paths
//! (`ir::Form`); this runner plays every move whichever path listed it.

use super::choice::{Choices, NO_CHOICES};
use super::eval::Scope;
use super::pool::{buffer, give_back, give_buffer, scratch_of};
use super::{Move, State, MAX_MOVES};
use crate::ir::{CellId, Form, MoveRule, Rules, Step, NO_CELL};

/// What the earlier steps of a move chose, as later steps' conditions read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Progress {
    /// The cell a piece was picked (or removed) from, or `NO_CELL`.
    pub from: CellId,
    /// The cell a piece was put on, or `NO_CELL`.
    pub to: CellId,
    /// The code of the piece last picked up, removed or put on (0: none).
    pub piece: u8,
    /// How many cards the move played: the top of the discard pile (their
    /// total is read off it, so that this stays six bytes; a `draw`, which
    /// may turn the pile over, reads it before drawing).
    pub played: u8,
    /// The kind of the one card a track move played (0: none).
    pub card: u8,
    /// The kind of the piece last picked up or removed (`kinds`).
    pub kind: u8,
}

impl Progress {
    /// Before the first step.
    pub const START: Progress = Progress {
        from: NO_CELL,
        to: NO_CELL,
        piece: 0,
        played: 0,
        card: 0,
        kind: 0,
    };

    /// As a walk sees it: a piece that a walk earlier in the move put down
    /// walks on from there, so `from` is where it stands (and `to` still
    /// where it was put) until this walk moves it.
    #[inline]
    pub fn walking(self) -> Progress {
        match self.to {
            NO_CELL => self,
            to => Progress { from: to, ..self },
        }
    }

    /// A scope for conditions on `state` after these steps, at cell `chosen`.
    pub fn scope<'s>(&self, state: &'s State, chosen: CellId) -> Scope<'s> {
        Scope {
            from: self.from,
            to: self.to,
            piece: self.piece,
            played: self.played,
            total: self.total(state),
            card: self.card,
            ..Scope::at(state, chosen)
        }
    }

    /// The sum of the values of the cards played.
    fn total(&self, state: &State) -> i32 {
        if self.played == 0 {
            return 0;
        }
        let pile = state.discard_pile();
        let start = pile.len().saturating_sub(self.played as usize);
        pile[start..].iter().map(|&c| i32::from(c)).sum()
    }
}

/// One way through a chain, as the runner hands it over.
pub(super) struct Way<'s> {
    /// The position after every step but a last `place`, which is left
    /// unplayed (`last`), so that a caller can list or test its cells cheaply.
    pub state: &'s State,
    /// What the steps did so far.
    pub progress: Progress,
    /// The steps' choices (`NO_CELL` where a step chose nothing; the last
    /// `place`'s cell is the caller's to choose).
    pub choices: Choices,
    /// The chain's last step when it is a `place` still to choose.
    pub last: Option<&'s Step>,
}

/// What a walk through a chain does with each way, and which choices it skips.
pub(super) struct Walk<'w> {
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
        // A `pass` rule's one move changes nothing: there is no way to walk.
        if let [Step::Pass] = rule.steps[..] {
            return out.push(Move::Pass);
        }
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
        let at = rule.slot(choices_at);
        let mut visit = |way: Way| {
            // A listing that has run out of time stops (R0006).
            if super::budget::step() {
                return true;
            }
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
                let mut choices = way.choices;
                match *m {
                    Move::Place(c) => choices[at] = c,
                    Move::Chain { choices: words, .. } => {
                        let width = rule.slot(choices_at + 1) - at;
                        choices[at..at + width].copy_from_slice(&words[..width]);
                    }
                    _ => continue,
                }
                *m = Move::Chain {
                    rule: number,
                    choices,
                };
            }
            out.len() >= MAX_MOVES
        };
        let mut choices = NO_CHOICES;
        let mut walk = Walk {
            skip,
            visit: &mut visit,
            listing: true,
        };
        // Timed: a listing that runs out of time stops (R0006).
        let (_, over) = super::budget::listing(|| {
            self.walk(rule, 0, state, Progress::START, &mut choices, &mut walk)
        });
        if over {
            let span = self.phases[state.phase as usize].span;
            state.record_fault(super::FaultKind::SlowListing, span);
        }
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
        let mut choices = NO_CHOICES;
        let mut walk = Walk {
            skip,
            visit,
            listing: false,
        };
        self.walk(rule, 0, state, Progress::START, &mut choices, &mut walk)
    }

    pub(super) fn walk(
        &self,
        rule: &MoveRule,
        k: usize,
        state: &State,
        progress: Progress,
        choices: &mut Choices,
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
        let lists_itself = matches!(
            step,
            Step::Place(_) | Step::PlaceOn(..) | Step::PlaceNeutral(..)
        ) || (walk.listing
            && (matches!(step, Step::Walk(_) | Step::SowAround(..) | Step::Sow(_))
                || step.is_track_action()));
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
            let mut next = scratch_of(state);
            let mut p = progress;
            self.run_step(step, &mut next, NO_CELL, &mut p);
            let stop = self.walk(rule, k + 1, &next, p, choices, walk);
            give_back(next);
            return stop;
        }
        if rule.slot(k + 1) - rule.slot(k) > 1 {
            return self.walk_wide(rule, k, state, progress, choices, walk);
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
            // A removal that does not apply: no choice, go on.
            Step::Remove(_, Some(when)) if !self.holds(Some(when), state, progress) => {
                options.push(Move::Place(NO_CELL));
            }
            _ => self.step_choices(step, state, progress, &mut options),
        }
        let choosing = !matches!(step, Step::KeepLargestGroup(_) | Step::Draw(..));
        let at = rule.slot(k);
        let mut stop = false;
        if options.is_empty() && !choosing {
            // An effect that changes nothing here: go on from the same position.
            stop = self.walk(rule, k + 1, state, progress, choices, walk);
        }
        if matches!(step, Step::Pick(_)) && !self.majority {
            stop = self.walk_picks(rule, k, state, progress, &options, choices, walk);
            choices[at] = NO_CELL;
            give_buffer(options);
            return stop;
        }
        for &option in &options {
            let Move::Place(c) = option else { continue };
            if (walk.skip)(step, c) {
                continue;
            }
            choices[at] = c;
            let mut next = scratch_of(state);
            let mut p = progress;
            self.run_step(step, &mut next, c, &mut p);
            stop = self.walk(rule, k + 1, &next, p, choices, walk);
            give_back(next);
            if stop {
                break;
            }
        }
        choices[at] = NO_CELL;
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
        choices: &mut Choices,
        walk: &mut Walk,
    ) -> bool {
        let (step, at) = (&rule.steps[k], rule.slot(k));
        let mut lifted = scratch_of(state);
        let mut stop = false;
        for &option in options {
            let Move::Place(c) = option else { continue };
            if (walk.skip)(step, c) {
                continue;
            }
            choices[at] = c;
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
    pub(super) fn holds(
        &self,
        when: Option<&crate::ir::Node>,
        state: &State,
        progress: Progress,
    ) -> bool {
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
                if (c as usize) < self.geometry.cell_count()
                    && self.select_allows(select, state, progress, c)
                {
                    out.push(Move::Place(c));
                }
            }
            Step::Sow(_) | Step::PlayCards(_) | Step::Split(..) | Step::MoveByDice(_) => {
                self.wide_choices(step, state, progress, out)
            }
            Step::Walk(walk) if walk.repeats() => {
                self.hop_chains(walk, state, progress.walking(), out)
            }
            Step::PlayCard(test) => self.playable_cards(test, state, |card| {
                out.push(Move::Place(CellId::from(card)));
                true
            }),
            Step::Enter(_) | Step::MoveBy(..) | Step::Switch(_) => {
                self.walk_choices(step, state, progress, out)
            }
            Step::Pick(select) | Step::Remove(select, _) | Step::PlaceNeutral(_, select) => {
                self.candidate_cells(select, state, progress, out)
            }
            Step::Walk(walk) => self.walk_cells(walk, state, progress.walking(), out),
            Step::PromoteChosen(kinds, when) => {
                let on_board = state
                    .heights
                    .get(progress.to as usize)
                    .is_some_and(|&h| h > 0);
                if on_board && self.holds(when.as_ref(), state, progress) {
                    out.extend(kinds.iter().map(|&k| Move::Place(CellId::from(k))));
                } else {
                    out.push(Move::Place(NO_CELL));
                }
            }
            Step::Rotate(side) => {
                let turns = 2 * self.block_count(*side) as CellId;
                out.extend((0..turns).map(Move::Place));
            }
            Step::SowAround(select, _) => {
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
            Step::Remove(_, Some(when)) if !self.holds(Some(when), state, progress) => {
                cell == NO_CELL
            }
            Step::Pick(select) | Step::Remove(select, _) => {
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
        if self.plan.keeps.links {
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
                state.set_kind(choice, 0);
                progress.to = choice;
                progress.piece = state.mover + 1;
            }
            Step::PlaceNeutral(code, _) => self.place_neutral(state, choice, *code),
            Step::Promote(kind, when) => {
                let to = progress.to as usize;
                if state.heights.get(to).is_some_and(|&h| h > 0)
                    && self.holds(when.as_ref(), state, *progress)
                {
                    state.set_kind(progress.to, *kind);
                }
            }
            // A removal whose `if` did not hold chose nothing.
            Step::Remove(..) if choice == NO_CELL => {}
            Step::PromoteChosen(..) => {
                if choice != NO_CELL {
                    state.set_kind(progress.to, choice as u8);
                }
            }
            Step::Pick(_) | Step::Remove(..) => {
                progress.kind = state.kind_code(choice);
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
                if matches!(step, Step::Pick(_)) {
                    // The piece lifted is the one that walks, not one put before.
                    progress.to = NO_CELL;
                }
            }
            Step::KeepLargestGroup(when) => {
                if self.holds(when.as_ref(), state, *progress) {
                    self.keep_largest(state, choice);
                }
            }
            Step::Rotate(side) => self.rotate_block(state, *side, choice),
            Step::Draw(count, when) => {
                if self.holds(when.as_ref(), state, *progress) {
                    let n = self.eval(count, &progress.scope(state, NO_CELL));
                    for _ in 0..n.clamp(0, self.deck.len() as i64) {
                        state.draw_card(state.mover, self);
                    }
                }
            }
            Step::Walk(walk) => {
                *progress = progress.walking();
                self.walk_to(walk, state, progress.from, choice);
                state.set_kind(choice, progress.kind);
                progress.to = choice;
                progress.piece = state.mover + 1;
            }
            Step::SowAround(_, skips) => self.sow_around(state, choice, *skips, progress),
            Step::GatherBack(g) => self.gather_back(state, g, *progress),
            Step::Gather(cells, into, when) => {
                self.gather(state, cells, into, when.as_ref(), *progress)
            }
            Step::Again(when) => self.again(state, when.as_ref(), *progress),
            Step::CaptureAt(c) => self.capture_at(state, c, *progress),
            Step::Relocate(a, b) => self.relocate(state, a, b, *progress),
            Step::Enclosed(effect, exactly) => {
                self.enclosed(state, progress.to, *effect, *exactly);
            }
            Step::CaptureSurrounded => self.capture_surrounded(state, progress.to),
            Step::Pass => {}
            // Their choices are words: `run_wide`.
            Step::Sow(_) | Step::PlayCards(_) | Step::Split(..) | Step::MoveByDice(_) => {}
            Step::PlayCard(_) => {
                state.discard_card(state.mover, choice as u8, self);
                progress.card = choice as u8;
            }
            Step::Enter(_) | Step::MoveBy(..) | Step::Switch(_) => {
                let (from, to) = super::choice::read_walk(choice);
                self.play_walk(state, matches!(step, Step::Switch(_)), from, to);
            }
        }
    }

    /// Plays a move of the general runner (not the rest of the turn).
    pub(super) fn play_chain(
        &self,
        state: &mut State,
        rule: &MoveRule,
        choices: &Choices,
    ) -> Progress {
        self.play_steps(state, rule, choices, rule.steps.len())
    }

    /// Plays the first `upto` steps of a chain move; returns what they did.
    /// Inline, and the steps whose choice is words apart: otherwise it is a
    /// call on every move, which cost Reversi 3.7% and Breakthrough 4.3%.
    #[inline]
    pub(super) fn play_steps(
        &self,
        state: &mut State,
        rule: &MoveRule,
        choices: &Choices,
        upto: usize,
    ) -> Progress {
        if rule.words() != rule.steps.len() {
            return self.play_wide_steps(state, rule, choices, upto);
        }
        let mut progress = Progress::START;
        for (step, &choice) in rule.steps.iter().zip(choices).take(upto) {
            self.run_step(step, state, choice, &mut progress);
        }
        progress
    }

    /// [`Rules::play_steps`] of a rule with a step whose choice is words.
    #[inline(never)]
    fn play_wide_steps(
        &self,
        state: &mut State,
        rule: &MoveRule,
        choices: &Choices,
        upto: usize,
    ) -> Progress {
        let mut progress = Progress::START;
        for (k, step) in rule.steps.iter().enumerate().take(upto) {
            let (at, end) = (rule.slot(k), rule.slot(k + 1));
            if end - at == 1 {
                self.run_step(step, state, choices[at], &mut progress);
            } else {
                self.run_wide(step, state, &choices[at..end], &mut progress);
            }
        }
        progress
    }
}

#[cfg(test)]
#[path = "chain_tests.rs"]
mod tests;
