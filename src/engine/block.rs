//! `must block`: a filter on the mover's moves.
//!
//! If one of the mover's moves wins at once, every move stays allowed.
//! Otherwise the *threat* is the first seat after the mover, in seat order,
//! that could win at once if it were its turn now; if some of the mover's
//! moves leave the threat no winning move, only those are allowed. With no
//! threat, or no move that stops it, every move stays allowed.
//!
//! "Wins at once" means: an end rule gives that seat the win right after its
//! move. When the first end rule is `line(n, mover): mover wins` and no other
//! end rule names a winner, a last `place` is tested against the line tables
//! without playing it (a native test); otherwise the move is played on a copy.

use super::chain::Progress;
use super::eval::Scope;
use super::lasting::Lasting;
use super::near_lines::{completing, NearLines};
use super::pool::{buffer, copy_of, give_back, give_buffer};
use super::relocation::{whole_board, Outcomes};
use super::{Move, Outcome, State};
use crate::ir::{CellId, Filter, Form, Rules, Step, NO_CELL};

impl Rules {
    /// Removes the moves the filters forbid.
    pub(super) fn filter_moves(&self, state: &State, moves: &mut Vec<Move>) {
        for (i, filter) in self.filters.iter().enumerate() {
            let when = match filter {
                Filter::MustBlock(when) => when,
                Filter::MustCapture(most) => {
                    self.must_capture(state, *most, moves);
                    continue;
                }
                // The `must leave` items come first (see `compile`): the
                // first tests them all, each move played once.
                Filter::MustLeave(..) if i == 0 => {
                    self.must_leave(state, &self.filters, moves);
                    continue;
                }
                Filter::MustLeave(..) => continue,
            };
            let scope = Scope::at(state, NO_CELL);
            if when.as_ref().is_none_or(|w| self.eval(w, &scope) != 0) {
                self.must_block(state, moves);
            }
        }
    }

    /// The seat the mover must stop, if the mover cannot win at once and some
    /// seat after him could.
    pub fn threat(&self, state: &State) -> Option<u8> {
        let blocks = self
            .filters
            .iter()
            .any(|f| matches!(f, Filter::MustBlock(_)));
        if !blocks || state.is_over() {
            return None;
        }
        // One copy serves every seat's test: only the mover changes. The
        // mover's own win is asked last, as usually nobody could win.
        let mut view = copy_of(state);
        let seats = self.seats.len() as u8;
        let threat = (1..seats)
            .map(|k| (state.mover + k) % seats)
            .find(|&s| self.could_win_as(&mut view, s))
            .filter(|_| !self.could_win_as(&mut view, state.mover));
        give_back(view);
        threat
    }

    fn must_block(&self, state: &State, moves: &mut Vec<Move>) {
        if moves.len() < 2 || state.is_over() {
            return;
        }
        let Some(threat) = self.threat(state) else {
            return;
        };
        let mut child = copy_of(state);
        let mut keep = buffer();
        let mut prefix = Prefix::new(state);
        // The mover's move cannot give the threat a piece, so the lines it is
        // one short of afterwards are among those it is one short of now.
        let near = self
            .winning_line()
            .map(|t| self.near_lines(state, t, threat))
            .unwrap_or_default();
        keep.extend_from_slice(moves);
        let mut lasting = Lasting::NONE;
        super::budget::retain_in_time(&mut keep, |m| {
            // Read once: the lasting wins and the copy's prefix both use it.
            let place = self.plan.take_back.then(|| self.last_place(m)).flatten();
            let last = place.as_ref().map(|p| (p.key, p.cell));
            if lasting.holds_against(last) {
                return false;
            }
            let before = prefix.key;
            self.play_from(state, &mut prefix, &mut child, m, place);
            // The copy is ours: it becomes the threat's turn in place.
            child.mover = threat;
            if child.is_over() {
                return true;
            }
            if let Some((key, cell)) = last.filter(|_| prefix.key != before) {
                lasting = self.lasting_wins(&child, key, cell, &near);
            }
            !self.wins_now(&child, &near)
        });
        give_back(prefix.state);
        give_back(child);
        if !keep.is_empty() {
            moves.clear();
            moves.extend_from_slice(&keep);
        }
        give_buffer(keep);
    }

    /// Plays `m` from `state` into `child` (the whole turn). Chain moves that
    /// differ only in their last `place` share the position before it,
    /// kept in `prefix`, so their earlier steps are played once; and a
    /// child that is that position plus the last move's piece is turned
    /// back by taking the piece off, not copied again. `place` is the
    /// move's last place as `last_place` reads it, read by the caller.
    fn play_from(
        &self,
        state: &State,
        prefix: &mut Prefix,
        child: &mut State,
        m: Move,
        place: Option<LastPlace>,
    ) {
        if !self.plan.take_back {
            // Without `take-back`: each move on a fresh copy.
            child.clone_from(state);
            self.play(child, m);
            return;
        }
        let Some(LastPlace { key, cell, rule }) = place else {
            // The position before a placement is `state` itself.
            let base = prefix.placed.filter(|_| prefix.key.is_none());
            self.reset_child(child, state, base);
            self.play(child, m);
            prefix.key = None;
            prefix.placed = match m {
                Move::Place(cell) => Some(cell),
                _ => None,
            };
            return;
        };
        let last = rule.steps.len() - 1;
        if prefix.key != Some(key) {
            (*prefix.state).clone_from(state);
            prefix.progress = self.play_steps(&mut prefix.state, rule, &key.1, last);
            prefix.key = Some(key);
            prefix.placed = None;
        }
        self.reset_child(child, &prefix.state, prefix.placed);
        let mut progress = prefix.progress;
        self.run_step(&rule.steps[last], child, cell, &mut progress);
        self.finish_turn(child);
        prefix.placed = Some(cell);
    }

    /// A chain move whose last step is a `place`, as the moves that share
    /// the steps before that place see it.
    fn last_place(&self, m: Move) -> Option<LastPlace<'_>> {
        let Move::Chain {
            rule: number,
            choices,
        } = m
        else {
            return None;
        };
        let rule = self.rule(number)?;
        if !matches!(rule.steps.last(), Some(Step::Place(_) | Step::PlaceOn(..))) {
            return None;
        }
        let at = rule.slot(rule.steps.len() - 1);
        let mut key = choices;
        key[at] = NO_CELL;
        Some(LastPlace {
            key: (number, key),
            cell: choices[at],
            rule,
        })
    }

    /// Makes `child` the position `base`: when it is `base` after a turn
    /// that only put a piece on `placed`, by taking the piece back (the
    /// `take-back` pass found that no majority is recounted).
    fn reset_child(&self, child: &mut State, base: &State, placed: Option<CellId>) {
        match placed {
            Some(cell) => child.take_back_place(cell, base, self),
            _ => child.clone_from(base),
        }
    }

    /// Whether `seat` has a move that wins at once in `view` (a copy of a
    /// position not over), as if it were its turn.
    fn could_win_as(&self, view: &mut State, seat: u8) -> bool {
        view.mover = seat;
        let near = self
            .winning_line()
            .map(|t| self.near_lines(view, t, seat))
            .unwrap_or_default();
        self.wins_now(view, &near)
    }

    /// Whether the mover of `view` has a move that wins at once; `near`
    /// holds (at least) the lines he is one piece short of, when known.
    fn wins_now(&self, view: &State, near: &NearLines) -> bool {
        let line = self.winning_line();
        if let Some(t) = line {
            if view.lines[t * self.seats.len() + view.mover as usize] {
                return true;
            }
        }
        let phase = &self.phases[view.phase as usize];
        for (i, rule) in phase.rules.iter().enumerate() {
            let found = match (rule.form, line) {
                // Steps that only take pieces away cannot bring a line nearer:
                // only the lines one piece short (whatever is on that cell) can
                // be completed after them.
                (form, Some(_))
                    if (form == Form::Place || form.is_chain())
                        && near.none()
                        && only_removes(&rule.steps) =>
                {
                    false
                }
                (Form::Place, Some(t)) => {
                    self.place_wins(&rule.steps[0], view, Progress::START, t, near)
                }
                (form, Some(t)) if form.is_chain() => {
                    let near = if only_removes(&rule.steps) {
                        near
                    } else {
                        &NearLines::UNKNOWN
                    };
                    // A piece picked up from every near line leaves none to
                    // complete; nor does one whose lifting splits nothing when
                    // no near line without it has its missing cell free.
                    let whole = whole_board(view);
                    if let Some(found) = self.relocation_wins(rule, view, near) {
                        if found {
                            return true;
                        }
                        continue;
                    }
                    let skip = |step: &Step, c: CellId| {
                        if !near.known || !matches!(step, Step::Pick(_)) {
                            return false;
                        }
                        if near.lines().iter().all(|&m| m & (1 << c) != 0) {
                            return true;
                        }
                        let free = self.completable_without(view, near, c);
                        free == 0
                            && !self.stacks
                            && *whole.get_or_init(|| self.group_sizes(view).0 <= 1)
                            && self.joined_without(view, c)
                    };
                    // Its ways are counted as a listing's steps once it ends.
                    let mut ways = 0;
                    let found =
                        self.walk_chain_except(rule, view, &skip, &mut |way| match way.last {
                            Some(step) => {
                                ways += 1;
                                self.place_wins(step, way.state, way.progress, t, near)
                            }
                            None => {
                                ways += 1;
                                let rule = self.rule_number(view.phase, i);
                                self.plays_to_win(
                                    view,
                                    Move::Chain {
                                        rule,
                                        choices: way.choices,
                                    },
                                )
                            }
                        });
                    super::budget::steps(ways);
                    found
                }
                _ => self.any_move_wins(view, i),
            };
            if found {
                return true;
            }
        }
        false
    }

    /// Whether a last `place` step wins for the mover of `state` on some
    /// cell it allows: the cells that would complete a line are found first,
    /// and usually there are none.
    fn place_wins(
        &self,
        step: &Step,
        state: &State,
        progress: Progress,
        table: usize,
        near: &NearLines,
    ) -> bool {
        // A place step needs a piece in hand.
        if matches!(step, Step::Place(_)) && state.supply[state.mover as usize] <= 0 {
            return false;
        }
        let mut winning = self.completing_cells(state, table, near);
        if winning == 0 {
            return false;
        }
        if winning != u128::MAX {
            // Few cells complete a line: ask the step about each.
            while winning != 0 {
                let c = winning.trailing_zeros() as CellId;
                if self.step_allows(step, state, progress, c) {
                    return true;
                }
                winning &= winning - 1;
            }
            return false;
        }
        let mut cells = buffer();
        self.step_choices(step, state, progress, &mut cells);
        let found = cells.iter().any(|&m| match m {
            Move::Place(c) if winning != u128::MAX => winning & (1 << c) != 0,
            Move::Place(c) => self.completes_line(state, table, c),
            _ => false,
        });
        give_buffer(cells);
        found
    }

    /// Whether a relocation (see `engine/relocation.rs`) wins for the
    /// mover of `view`, decided on bitboards for every pick that splits no
    /// group: `None` when the rule is not a relocation or some pick splits
    /// the pieces (then walk it).
    fn relocation_wins(
        &self,
        rule: &crate::ir::MoveRule,
        view: &State,
        near: &NearLines,
    ) -> Option<bool> {
        let shape = self.relocation(rule)?;
        if !near.known {
            return None;
        }
        let all = u128::MAX >> (128 - self.geometry.cell_count());
        let occupied = !view.tops[0] & all;
        let own = view.tops[view.mover as usize + 1];
        // A piece in every near line leaves none to complete when lifted.
        let in_all = near.lines().iter().fold(all, |a, &l| a & l);
        let mut picks = self.candidate_bits(shape.pick, view, Progress::START) & !in_all;
        let whole = whole_board(view);
        let mut outcomes = Outcomes::default();
        let mut unsure = false;
        while picks != 0 {
            let from = picks.trailing_zeros() as CellId;
            picks &= picks - 1;
            if !self.relocation_outcomes(&shape, occupied, &whole, from, &mut outcomes) {
                unsure = true;
                continue;
            }
            for &(_, kept) in outcomes.list() {
                // A free cell completing a line of the pieces kept, where the
                // lifted piece may go.
                let lines = near.lines().iter().filter(|&&l| l & (1 << from) == 0);
                let completing = completing(lines, own & kept, all & !kept);
                if completing != 0 && self.reaches(&shape, completing, kept, from) {
                    return Some(true);
                }
            }
        }
        (!unsure).then_some(false)
    }

    /// The free missing cells of the `near` lines that do not hold `cell`:
    /// where the mover could complete a line once his piece on `cell` is
    /// lifted and nothing else changes.
    fn completable_without(&self, state: &State, near: &NearLines, cell: CellId) -> u128 {
        let own = state.tops[state.mover as usize + 1] & !(1 << cell);
        let lines = near.lines().iter().filter(|&&m| m & (1 << cell) == 0);
        completing(lines, own, state.tops[0])
    }

    /// The cells where a piece of the mover would complete a line of table
    /// `t` (of the `near` lines when they are known), as a bitboard;
    /// `u128::MAX` (every cell: test each) when the board does not fit one.
    fn completing_cells(&self, state: &State, t: usize, near: &NearLines) -> u128 {
        let table = &self.line_tables[t];
        let (Some(masks), true) = (&table.masks, self.plan.keeps.tops) else {
            return u128::MAX;
        };
        let own = state.tops[state.mover as usize + 1];
        if (own.count_ones() as usize) + 1 < table.length {
            return 0;
        }
        // On stacks a piece may cover another: any cell may be the missing one.
        let free = if self.stacks {
            u128::MAX
        } else {
            state.tops[0]
        };
        let lines = if near.known { near.lines() } else { masks };
        let mut cells = 0;
        for &m in lines {
            let missing = m & !own;
            // One cell short, and that cell free.
            if missing & missing.wrapping_sub(1) == 0 && missing & free != 0 {
                cells |= missing;
            }
        }
        cells
    }

    /// Whether some move of rule `index` wins for the mover, each played on a copy.
    fn any_move_wins(&self, state: &State, index: usize) -> bool {
        let mut all = buffer();
        self.unfiltered_moves(state, &mut all);
        let found = all.iter().any(|&m| {
            let of_rule = match m {
                Move::Chain { rule, .. } => rule == self.rule_number(state.phase, index),
                _ => true,
            };
            // Timed: a listing that has run out stops here (the caller sees it).
            super::budget::step() || of_rule && self.plays_to_win(state, m)
        });
        give_buffer(all);
        found
    }

    /// Whether playing `m` in `state` wins for its mover.
    fn plays_to_win(&self, state: &State, m: Move) -> bool {
        let mut child = copy_of(state);
        self.play(&mut child, m);
        let won = child.outcome == Some(Outcome::Win(state.mover));
        give_back(child);
        won
    }

    /// The line table of the rules' win, when the `win-line` pass found
    /// that a win is exactly a line.
    fn winning_line(&self) -> Option<usize> {
        self.plan.win_line.map(usize::from)
    }

    /// Whether the mover's piece on the empty `cell` completes a line of table `t`.
    fn completes_line(&self, state: &State, t: usize, cell: CellId) -> bool {
        let table = &self.line_tables[t];
        let own = state.mover + 1;
        if let (Some(masks), true) = (&table.masks, self.plan.keeps.tops) {
            let tops = state.tops[own as usize] | 1 << cell;
            return table
                .through(cell)
                .iter()
                .any(|&l| masks[l as usize] & !tops == 0);
        }
        table.through(cell).iter().any(|&l| {
            table
                .line(l)
                .iter()
                .all(|&c| c == cell || state.board[c as usize] == own)
        })
    }
}

/// Whether a chain only takes pieces away before a last `place`.
fn only_removes(steps: &[Step]) -> bool {
    match steps.split_last() {
        Some((Step::Place(_) | Step::PlaceOn(..), before)) => before.iter().all(|s| {
            matches!(
                s,
                Step::Pick(_) | Step::Remove(..) | Step::KeepLargestGroup(_)
            )
        }),
        _ => false,
    }
}

/// A chain rule's number and a move's choices but its last `place`'s.
pub(super) type ChainKey = (u8, super::choice::Choices);

/// A chain move whose last step is a `place`.
struct LastPlace<'r> {
    /// What the moves that share the steps before the place share.
    key: ChainKey,
    /// Where the place puts the piece.
    cell: CellId,
    rule: &'r crate::ir::MoveRule,
}

/// The position before the last step of the chain moves being played, and
/// which moves it is for.
struct Prefix {
    key: Option<ChainKey>,
    state: Box<State>,
    progress: Progress,
    /// Where the last move put its piece, when the child is the position
    /// before that move (the prefix, or the state itself with no key) plus
    /// that piece.
    placed: Option<CellId>,
}

impl Prefix {
    fn new(state: &State) -> Self {
        Prefix {
            key: None,
            state: copy_of(state),
            progress: Progress::START,
            placed: None,
        }
    }
}
