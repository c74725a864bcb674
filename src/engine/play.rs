//! Playing a move: the board, the counters, effects, end rules, the next turn.

use rand::Rng;

use super::bitboard::{nth_cell, nth_cell64};
use super::chain::Progress;
use super::choice::NO_CHOICES;
use super::eval::Scope;
use super::{Move, Outcome, State};
use crate::ir::plan::Draw;
use crate::ir::{
    CellId, EffectOp, End, EndResult, Form, MoveRule, Rules, Select, Step, Target, NO_CELL,
};

impl Rules {
    /// Plays a legal move for the mover (not checked: see [`Rules::parse_move`]).
    ///
    /// Order: the piece goes down and the line and run counters are updated;
    /// scores are recomputed (their rise is `gain`); the `after turn` effects
    /// run; the end rules are tried in order; if none fires, the next seat
    /// moves and the phase advances when its turns are used up.
    pub fn play(&self, state: &mut State, m: Move) {
        self.play_then(state, m, true);
        debug_assert!(state.kind_words_agree(), "the kinds' bitboards after {m:?}");
    }

    /// [`Rules::play`] but for the search for a stuck mover after the move,
    /// which the caller makes instead: returns the seat that moved when that
    /// search is owed (a stuck mover's phase, the game not over). A random
    /// playout learns it from its next draw instead, which finds a move
    /// exactly when the search would.
    pub(super) fn play_owing_stuck(&self, state: &mut State, m: Move) -> Option<u8> {
        let seat = state.mover;
        self.play_then(state, m, false);
        let owed = self.plan.stuck_ends && !state.is_over() && !matches!(m, Move::Give(_));
        owed.then_some(seat)
    }

    /// Always inline, so that each caller's `stuck_search` is a constant
    /// (callgrind, instructions a game, Reversi / Breakthrough): a call
    /// 100,003 / 114,712; const generics without the attribute 99,321 /
    /// 113,539; inlined 98,497 / 113,071 (98,270 / 112,982 before the
    /// search could be owed).
    #[inline(always)]
    fn play_then(&self, state: &mut State, m: Move, stuck_search: bool) {
        if let Some(picked) = self.make_move(state, m) {
            self.after_move(state, m, picked, stuck_search);
        }
    }

    /// [`Rules::play`] for a move not yet tested against `must leave`:
    /// plays it when every `must leave` holds after it, read where the
    /// filter reads it (the move made, the turn not finished), and returns
    /// whether it did. When it returns false, `state` is half-played and
    /// must be copied over before any other use. Perft plays each listed
    /// move once this way, not once on a copy to filter it and again.
    pub(super) fn play_leaving(&self, state: &mut State, m: Move) -> bool {
        let Some(picked) = self.make_move(state, m) else {
            return true;
        };
        let made = matches!(m, Move::Place(_) | Move::Chain { .. });
        if made && !self.holds_after_move(state, &self.filters) {
            return false;
        }
        self.after_move(state, m, picked, true);
        debug_assert!(state.kind_words_agree(), "the kinds' bitboards after {m:?}");
        true
    }

    /// Makes move `m` on the board, returning what it picked up (nothing
    /// but a chain picks: `last_from`), or `None` for a card passed, which
    /// is part of the deal, not a turn (played whole here).
    ///
    /// Always inline, as `play_then` it was cut from (callgrind,
    /// instructions a game, with `#[inline]` on it and `after_move`:
    /// Reversi 98,239 -> 101,254, Breakthrough 112,582 -> 115,892).
    #[inline(always)]
    fn make_move(&self, state: &mut State, m: Move) -> Option<Progress> {
        Some(match m {
            Move::Place(cell) => {
                self.place_piece(state, cell);
                Progress::START
            }
            Move::Pass => {
                self.play_otherwise(state);
                Progress::START
            }
            Move::Chain { rule, choices } => {
                let rule = self
                    .rule(rule)
                    .expect("a chain move comes from a chain rule");
                self.play_chain(state, rule, &choices)
            }
            Move::Give(card) => {
                self.play_give(state, card);
                return None;
            }
        })
    }

    /// The rest of [`Rules::play`] once the move is made: what it did is
    /// remembered, the groups rejoined, and the turn finished.
    #[inline(always)]
    fn after_move(&self, state: &mut State, m: Move, picked: Progress, stuck_search: bool) {
        if self.plan.keeps.moves {
            remember_move(state, picked.from, picked.kind);
        }
        if self.plan.keeps.links {
            // A piece put on an empty cell joins its group; any other change
            // rebuilds the groups.
            let placed = match m {
                Move::Place(c) if state.heights[c as usize] == 1 => Some(c),
                _ => None,
            };
            self.sync_links(state, placed);
        }
        state.passes = if matches!(m, Move::Pass) {
            state.passes.saturating_add(1)
        } else {
            0
        };
        self.finish_turn_then(state, stuck_search);
    }

    /// Puts one of the mover's pieces on `cell` and keeps the counters true.
    pub(super) fn place_piece(&self, state: &mut State, cell: crate::ir::CellId) {
        if self.majority {
            return self.place_counted(state, cell);
        }
        let seat = state.mover;
        let covers = state.heights[cell as usize] > 0;
        state.push(cell, seat + 1, self);
        if covers {
            // A piece covered another: lines and runs may have been broken.
            self.recount(state);
        } else {
            self.update_counters(state, cell, seat);
        }
        state.last = cell;
        spend_piece(state);
    }

    /// [`Rules::place_piece`] on a board of counted fields, whose board
    /// holds owners: one more piece can only give the cell to the mover
    /// (from nobody) or take it from its owner (a tie).
    #[inline(always)]
    pub(super) fn place_counted(&self, state: &mut State, cell: crate::ir::CellId) {
        let seat = state.mover;
        let before = state.board[cell as usize];
        let after = state.add_counted(cell, seat + 1, self);
        if after != before {
            let seats = self.seats.len();
            // Whether the seat with this code had a line of some length.
            let had_line = |code: u8| {
                let seat = code as usize - 1;
                seat < seats && state.lines.iter().skip(seat).step_by(seats).any(|&f| f)
            };
            match (before, after) {
                // Fewer cells than any line has: no new line (runs still count).
                (0, _) if self.too_few_for_lines(state, after) => {}
                (0, _) => self.update_counters(state, cell, seat),
                (before, 0) if self.run_lengths.is_empty() && !had_line(before) => {}
                _ => self.recount(state),
            }
        }
        state.last = cell;
        spend_piece(state);
    }

    /// Whether the seat with piece `code` holds fewer cells than the
    /// shortest line has (and no run is counted): then it has no line yet.
    #[inline(always)]
    fn too_few_for_lines(&self, state: &State, code: u8) -> bool {
        let shortest = self.line_tables.iter().map(|t| t.length).min().unwrap_or(0);
        self.run_lengths.is_empty()
            && self.plan.keeps.tops
            && (state.tops[code as usize].count_ones() as usize) < shortest
    }

    /// The rest of a turn once the move is made: scores, effects, end rules
    /// and the next seat.
    pub(super) fn finish_turn(&self, state: &mut State) {
        self.finish_turn_then(state, true);
    }

    /// [`Rules::finish_turn`], the search for a stuck mover left to the
    /// caller unless `stuck_search`.
    #[inline(always)]
    fn finish_turn_then(&self, state: &mut State, stuck_search: bool) {
        let seat = state.mover;
        // Without a score every seat stays at 0 (and gains nothing).
        if self.plan.keeps.scores {
            self.update_scores(state);
        }
        if self.plan.keeps.captures {
            if let Some(m) = &mut state.memory {
                m.count_captures(&state.captured, seat);
            }
        }
        match self.plan.effect_picks {
            true => self.apply_picked_effects(state),
            false => self.apply_effects(state, false),
        }
        if self.plan.keeps.repeated {
            self.remember_position(state, seat);
        }
        if !self.try_ends(state) {
            if self.plan.keeps.boards {
                self.remember_board(state);
            }
            self.next_turn(state, seat);
            if self.plan.stuck_ends && stuck_search {
                self.end_if_stuck(state, seat);
            }
        }
    }

    /// The effects after every turn (`after turn: supply(mover) -= ...`),
    /// in order; with `inline_picks`, a pick's tests read inline, else in
    /// the evaluator's call (the placement loop, whose registers the
    /// inlined reads would crowd: Hex Fours, which has no pick, took 7.9%
    /// more instructions).
    #[inline(always)]
    pub(super) fn apply_effects(&self, state: &mut State, inline_picks: bool) {
        for effect in &self.effects {
            let scope = Scope::at(state, NO_CELL);
            let seat = match &effect.target {
                Target::Supply(seat) => seat,
                Target::Counter(i) => {
                    let value = self.effect_value(&effect.value, &scope, inline_picks);
                    self.set_counter(state, *i, effect.op, value);
                    continue;
                }
                Target::Again(keeps_throw) => {
                    self.again_after_turn(state, &effect.value, *keeps_throw);
                    continue;
                }
            };
            // `supply(mover) -= ...`: the seat read here, without a call.
            let who = match self.direct_seat(seat, &scope) {
                Some(seat) => seat,
                None => self.seat_of(seat, &scope),
            };
            let value = self
                .effect_value(&effect.value, &scope, inline_picks)
                .clamp(i32::MIN as i64, i32::MAX as i64) as i32;
            let supply = &mut state.supply[who];
            *supply = match effect.op {
                EffectOp::Set => value,
                EffectOp::Add => supply.saturating_add(value),
                EffectOp::Sub => supply.saturating_sub(value),
            }
            .max(0);
        }
    }

    /// The effects of rules with a pick (`Plan::effect_picks`), each pick
    /// read inline: out of line, as the inlined reads, in `play`, cost
    /// Pentago, which has no effect, 1.1% (callgrind).
    #[inline(never)]
    fn apply_picked_effects(&self, state: &mut State) {
        self.apply_effects(state, true);
    }

    /// An effect's value: a pick (`effect-picks`) read here, with no call,
    /// when `inline_picks`.
    #[inline(always)]
    fn effect_value(&self, value: &crate::ir::Node, scope: &Scope, inline_picks: bool) -> i64 {
        match value {
            crate::ir::Node::Pick(p) if inline_picks => self.pick(p, scope),
            value => self.eval(value, scope),
        }
    }

    /// `after turn: again if COND`: out of line, so that the effects of
    /// the games without it stay as small as they were.
    #[inline(never)]
    fn again_after_turn(&self, state: &mut State, condition: &crate::ir::Node, keeps: bool) {
        if !state.again && self.eval(condition, &Scope::at(state, NO_CELL)) != 0 {
            state.again = true;
            state.keep_throw = keeps;
        }
    }

    /// Sets counter `i` by an effect after the turn (saturating: a counter
    /// that would leave the 64-bit integers stops at the end).
    fn set_counter(&self, state: &mut State, i: u8, op: EffectOp, value: i64) {
        let Some(counter) = state.counter_mut(i as usize) else {
            return;
        };
        *counter = match op {
            EffectOp::Set => value,
            EffectOp::Add => counter.saturating_add(value),
            EffectOp::Sub => counter.saturating_sub(value),
        };
    }

    /// Tries the end rules in order; the first whose condition holds ends
    /// the game with its result. Returns whether the game ended.
    #[inline(always)]
    pub(super) fn try_ends(&self, state: &mut State) -> bool {
        for (end, test) in self.ends.iter().zip(&self.plan.ends) {
            if self.end_holds(test, end, state) {
                self.end_by(state, end);
                return true;
            }
        }
        false
    }

    /// Ends the game by `end`, whose condition holds: its result.
    pub(super) fn end_by(&self, state: &mut State, end: &End) {
        let winner = match &end.result {
            EndResult::Winner(w) => Some(self.eval(w, &Scope::at(state, NO_CELL)) as u8),
            _ => None,
        };
        if !self.plan.keeps.scores {
            self.update_scores(state);
        }
        state.outcome = Some(match (&end.result, winner) {
            (EndResult::HighestScore, _) => self.highest(state),
            (_, Some(w)) => Outcome::Win(w),
            _ => Outcome::Draw,
        });
    }

    /// What the start position decides before the first move: it is
    /// remembered (`repeated`), and a first mover with no move, in a phase
    /// that ends the game so, ends it.
    pub(super) fn settle_start(&self, state: &mut State) {
        let seats = self.seats.len();
        let before = ((state.mover as usize + seats - 1) % seats) as u8;
        if self.plan.keeps.repeated {
            self.remember_position(state, before);
        }
        if self.plan.keeps.boards {
            self.remember_board(state);
        }
        if self.plan.stuck_ends {
            self.end_if_stuck(state, before);
        }
    }

    /// Hands the turn on after `seat` moved: to the same seat for an
    /// extra turn, else the next; the phase advances when its turns are used.
    /// Inlined: out of line (it has two callers) it costs Reversi 0.7%.
    #[inline(always)]
    pub(super) fn next_turn(&self, state: &mut State, seat: u8) {
        state.mover = if std::mem::take(&mut state.again) {
            seat
        } else if seat as usize + 1 == self.seats.len() {
            0
        } else {
            seat + 1
        };
        if self.deal.is_some() {
            self.next_dealt_seat(state);
        }
        if self.dice.is_some() {
            self.next_throw(state);
        }
        state.turn += 1;
        while let Some(turns) = self.phases[state.phase as usize].turns {
            if state.turn < state.phase_start.saturating_add(turns)
                || state.phase as usize + 1 >= self.phases.len()
            {
                break;
            }
            state.phase += 1;
            state.phase_start = state.turn;
        }
    }

    /// The start position, chance seeded by `seed`.
    pub fn start(&self, seed: u64) -> State {
        State::new(self, seed)
    }
}

impl Rules {
    /// Recomputes every seat's score and its rise this turn.
    /// Inlined: a game with live scores reads them every turn.
    #[inline(always)]
    pub(super) fn update_scores(&self, state: &mut State) {
        if self.score.is_none() {
            return;
        }
        for s in 0..self.seats.len() {
            let score = self.score_of(state, s as u8);
            state.gains[s] = score.saturating_sub(state.scores[s]);
            state.scores[s] = score;
        }
    }

    /// Every seat's score in this position (0 without a `score` item),
    /// whether or not the engine keeps scores during play.
    pub fn scores_now(&self, state: &State) -> Vec<i32> {
        (0..self.seats.len() as u8)
            .map(|s| self.score_of(state, s))
            .collect()
    }

    /// The unique highest score wins; between seats tied on it the
    /// tie-breaks decide, in order; still tied, a draw.
    pub(super) fn highest(&self, state: &State) -> Outcome {
        let best = state.scores.iter().copied().max().unwrap_or(0);
        let mut leaders: Vec<u8> = (0..self.seats.len() as u8)
            .filter(|&s| state.scores[s as usize] == best)
            .collect();
        for tiebreak in &self.tiebreaks {
            if leaders.len() < 2 {
                break;
            }
            let value = |s: u8| {
                let scope = Scope {
                    bound: s,
                    ..Scope::at(state, NO_CELL)
                };
                self.eval(tiebreak, &scope)
            };
            let top = leaders.iter().map(|&s| value(s)).max().unwrap_or(0);
            leaders.retain(|&s| value(s) == top);
        }
        match leaders.as_slice() {
            [seat] => Outcome::Win(*seat),
            _ => Outcome::Draw,
        }
    }
}

/// One piece of the mover's goes from the supply to the board.
#[inline]
pub(super) fn spend_piece(state: &mut State) {
    let seat = state.mover as usize;
    state.counts[seat] += 1;
    if state.supply[seat] != i32::MAX {
        state.supply[seat] -= 1;
    }
}

impl Rules {
    /// A uniformly random legal move, or `None` if there is none (or a
    /// listing of this game was cut by time, R0006: the game stops).
    ///
    /// When the phase's only move is "place on any empty cell" the move is drawn
    /// straight from the empty-cell list, without building the move list.
    pub fn random_move<R: Rng>(
        &self,
        state: &State,
        buf: &mut Vec<Move>,
        rng: &mut R,
    ) -> Option<Move> {
        // The compiler's `random-draw` pass chose how this phase draws; a
        // draw that finds no move asks for the whole list (a forced move).
        let phase = state.phase as usize;
        let draw = self.plan.draws[phase];
        match draw {
            Draw::Listed => return self.any_random_move(state, buf, rng),
            Draw::Tested => return self.random_leaving_move(state, buf, rng),
            _ => {}
        }
        let rule = &self.phases[phase].rules[0];
        let drawn = match (draw, &rule.steps[..]) {
            (Draw::Cards, _) => self.random_card_move(state, rng).flatten(),
            (Draw::Sow, [Step::Place(place), Step::Sow(sowing)]) => {
                if state.is_over() || state.supply[state.mover as usize] <= 0 {
                    None
                } else if self.plan.sow_counts.is_some() {
                    // The counts are kept in the state: no pass over the board.
                    self.cached_random_sow(state, rng)
                } else {
                    buf.clear();
                    self.candidate_cells(place, state, Progress::START, buf);
                    self.random_sow(sowing, state, rng, |c| buf.contains(&Move::Place(c)))
                }
            }
            (Draw::EmptyCell, _) => {
                if state.is_over() || state.supply[state.mover as usize] <= 0 {
                    None
                } else {
                    self.draw_empty(state, rng).map(Move::Place)
                }
            }
            (Draw::PieceWalk, [Step::Pick(pick), Step::Walk(walk)]) if !state.is_over() => {
                let number = self.rule_number(state.phase, 0);
                self.random_piece_walk(number, pick, walk, state, rng)
            }
            (Draw::Placement, [Step::Place(place), ..]) => {
                self.random_placement(rule, place, state, buf, rng)
            }
            _ => None,
        };
        drawn.or_else(|| self.any_random_move(state, buf, rng))
    }

    /// A uniformly random empty cell, if any: from the empty cells' word
    /// on a board of one word, as a word playout draws it, else from the list.
    #[inline]
    pub(super) fn draw_empty<R: Rng>(&self, state: &State, rng: &mut R) -> Option<CellId> {
        if self.plan.keeps.tops && self.geometry.cell_count() <= 64 {
            let empty = state.tops[0] as u64;
            let n = empty.count_ones() as usize;
            return (n > 0).then(|| nth_cell64(empty, below(rng, n) as u32));
        }
        let list = &state.empty_list;
        (!list.is_empty()).then(|| list[below(rng, list.len())])
    }

    /// A random placement by `rule` (whose only choice is `place`'s cell),
    /// or `None` when there is none or it needs the whole move list.
    /// Always inline: left to the compiler (even with `#[inline]`) it
    /// became a call once card and sowing moves became chain moves, which
    /// cost Reversi 1.6% (callgrind).
    #[inline(always)]
    fn random_placement<R: Rng>(
        &self,
        rule: &MoveRule,
        place: &Select,
        state: &State,
        buf: &mut Vec<Move>,
        rng: &mut R,
    ) -> Option<Move> {
        if state.is_over() || state.supply[state.mover as usize] <= 0 || state.round.giving > 0 {
            return None;
        }
        let cell = if let Some(bits) = self.candidate_word(place, state, Progress::START) {
            if bits == 0 {
                return None;
            }
            nth_cell(bits, below(rng, bits.count_ones() as usize) as u32)
        } else if rule.form == Form::Place {
            buf.clear();
            self.candidate_cells(place, state, Progress::START, buf);
            let Move::Place(c) = *buf.get(below(rng, buf.len().max(1)))? else {
                return None;
            };
            c
        } else {
            return None;
        };
        if rule.form == Form::Place {
            return Some(Move::Place(cell));
        }
        let mut choices = NO_CHOICES;
        choices[0] = cell;
        // A turn of a block: any of them, whatever the cell.
        if let Some(Step::Rotate(side)) = rule.steps.get(1) {
            let turns = 2 * self.block_count(*side);
            choices[1] = below(rng, turns) as CellId;
        }
        let number = self.rule_number(state.phase, 0);
        Some(Move::Chain {
            rule: number,
            choices,
        })
    }

    /// A uniformly random move from the whole list.
    pub(super) fn any_random_move<R: Rng>(
        &self,
        state: &State,
        buf: &mut Vec<Move>,
        rng: &mut R,
    ) -> Option<Move> {
        self.legal_moves(state, buf);
        // A game whose listing was cut by time has no random move: it
        // stops there (R0006), as each later turn could take as long.
        let drawn = !buf.is_empty() && !state.cut_by_time();
        drawn.then(|| buf[below(rng, buf.len())])
    }
}

/// A uniform integer in `0..n` (n > 0) by Lemire's multiply-and-reject method,
/// which rarely rejects (rand 0.8's `gen_range` throws away many more draws).
#[inline]
pub fn below<R: Rng>(rng: &mut R, n: usize) -> usize {
    let n = n as u32;
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as usize
}

/// Keeps where the move picked its piece up and the piece's kind then
/// (`last_from`, `last_kind`); none when it picked nothing up.
#[cold]
#[inline(never)]
fn remember_move(state: &mut State, from: crate::ir::CellId, kind: u8) {
    if let Some(m) = state.memory.as_mut() {
        m.moved_from = from;
        m.moved_kind = if from == NO_CELL { -1 } else { i64::from(kind) };
    }
}
