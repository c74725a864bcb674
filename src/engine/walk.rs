//! Walking a mover along its seat's path on a track: blocked spaces, the
//! step into the end zone past the seat's own start space, uncounted start
//! spaces, turning back at the innermost free end space; and which movers
//! are locked.

use super::bitboard::cell_bit;
use super::eval::Scope;
use super::State;
use crate::ir::{Candidates, CellId, Rules, Select, SpaceKind, Track, NO_CELL};

/// The longest walk: a card's distance is a byte.
pub(super) const MAX_WALK: usize = 127;

impl Rules {
    pub(super) fn tracks(&self) -> &Track {
        self.track.as_ref().expect("track steps need a track board")
    }

    /// Whether `space` is blocked to a mover of `seat` (`blocked where`):
    /// the selection's mask and candidates first, inlined into the walk, so
    /// that most spaces cost a look-up or two.
    #[inline(always)]
    pub(super) fn is_blocked(&self, state: &State, space: CellId, seat: u8) -> bool {
        let Some(select) = &self.tracks().blocked else {
            return false;
        };
        if select.mask.as_ref().is_some_and(|m| !m.contains(space)) {
            return false;
        }
        // Most spaces are empty, and most blocking needs a mover there.
        if matches!(select.candidates, Candidates::Occupied) && state.heights[space as usize] == 0 {
            return false;
        }
        self.blocks(select, state, space, seat)
    }

    /// Whether the blocking selection `select` takes `space` for a mover
    /// of `seat`: its candidates, guard and test.
    #[inline(never)]
    fn blocks(&self, select: &Select, state: &State, space: CellId, seat: u8) -> bool {
        let c = space as usize;
        let scope = Scope {
            piece: seat + 1,
            ..Scope::at(state, space)
        };
        let height = state.heights[c];
        let candidate = match &select.candidates {
            Candidates::Occupied | Candidates::Pieces => height > 0,
            Candidates::Empty => height == 0,
            Candidates::OwnedBy(s) => state.board[c] as i64 == self.eval(s, &scope) + 1,
            _ => true,
        };
        // The test on each space is read in one call where its shape
        // allows (`stones(seat_of(cell), cell) > 0 and piece != ...`).
        candidate && self.guard_and_test(select, &scope)
    }

    /// Where a mover of `seat` on `from` ends after walking `n` spaces
    /// (back when negative), if it can: `None` when a blocked space is in
    /// the way, when it cannot enter its end zone, or when it would pass the
    /// innermost free end space and the track does not turn back.
    /// Always inlined: out of line (`ahead` calls it too) it costs
    /// Partners 2%.
    #[inline(always)]
    pub(super) fn walk_track(
        &self,
        state: &State,
        seat: u8,
        from: CellId,
        n: i32,
    ) -> Option<CellId> {
        let steps = (n.unsigned_abs() as usize).min(MAX_WALK);
        if n > 0 {
            if let Some(run) = self.tracks().plain_walk(seat as usize, from, steps) {
                return run.last().copied();
            }
            // The rest of the walk step by step from where it got to.
            let (at, left) = match self.walk_over_starts(state, seat, from, steps) {
                Ok(end) => return end,
                Err(rest) => rest,
            };
            return self.walk_steps(state, seat, at, 1, left);
        }
        self.walk_steps(state, seat, from, n.signum(), steps)
    }

    /// Where a walk of `steps` from `from` ends, step by step.
    #[inline(always)]
    fn walk_steps(
        &self,
        state: &State,
        seat: u8,
        from: CellId,
        way: i32,
        steps: usize,
    ) -> Option<CellId> {
        let mut last = NO_CELL;
        let walked = self.walk_mover(state, seat, from, way, steps, |_, at| last = at);
        (walked == steps && steps > 0).then_some(last)
    }

    /// `walk_track` ahead on the ring, plain stretches at once and only the
    /// spaces between them looked at: `Ok` of where the walk ends (`None`:
    /// blocked), or `Err` of the space it got to and the steps left when it
    /// reaches a space of another kind than an uncounted start space (the
    /// rest is walked step by step). Only the space it walks onto matters
    /// to a step ahead on the ring, so the rest may start where it got to.
    #[inline(always)]
    fn walk_over_starts(
        &self,
        state: &State,
        seat: u8,
        from: CellId,
        steps: usize,
    ) -> Result<Option<CellId>, (CellId, usize)> {
        let track = self.tracks();
        let seat_ = seat as usize;
        let place = track
            .path_place(seat_, from)
            .filter(|_| track.starts_uncounted);
        let Some(mut i) = place else {
            return Err((from, steps));
        };
        let mut left = steps;
        loop {
            let (r, rough) = track.next_rough(seat_, i);
            let plain = r - i - 1;
            if left <= plain {
                return Ok(Some(track.path_cell(seat_, i + left)));
            }
            left -= plain;
            if rough == NO_CELL || track.kind[rough as usize] != SpaceKind::Start {
                return Err((track.path_cell(seat_, r - 1), left));
            }
            if self.is_blocked(state, rough, seat) {
                return Ok(None);
            }
            // Stepped over, not counted.
            i = r;
        }
    }

    /// Where a mover of `seat` on `from` stands after each step of a walk
    /// (`stops[k]` after k + 1 steps) forward (`way` 1) or back (-1), as
    /// far as it can go (`NO_CELL` past that): the walks of every length
    /// in one pass, each one the start of the next.
    pub(super) fn walk_stops(
        &self,
        state: &State,
        seat: u8,
        from: CellId,
        way: i32,
        stops: &mut [CellId],
    ) {
        if way > 0 {
            if let Some(run) = self.tracks().plain_walk(seat as usize, from, stops.len()) {
                return stops.copy_from_slice(run);
            }
        }
        let walked = self.walk_mover(state, seat, from, way, stops.len(), |k, at| stops[k] = at);
        stops[walked..].fill(NO_CELL);
    }

    /// Walks a mover of `seat` from `from` up to `steps` steps forward
    /// (`way` 1) or back (-1), telling `stop` where it stands after each
    /// (`stop(k, cell)` after k + 1 steps); returns the steps it made.
    #[inline(always)]
    fn walk_mover(
        &self,
        state: &State,
        seat: u8,
        from: CellId,
        way: i32,
        steps: usize,
        mut stop: impl FnMut(usize, CellId),
    ) -> usize {
        let track = self.tracks();
        let kind = |c: CellId| track.kind[c as usize];
        // A home leads nowhere on a ring (its `ahead` and `behind` are
        // `NO_CELL`): only a facing track's movers walk out of it.
        if way < 0 && kind(from) == SpaceKind::End {
            return 0;
        }
        let cells = track.cells();
        let ahead = &track.ahead[seat as usize * cells..][..cells];
        let behind = &track.behind[seat as usize * cells..][..cells];
        let (mut at, mut forward) = (from, way > 0);
        for k in 0..steps {
            at = loop {
                let next = if forward { ahead } else { behind }[at as usize];
                if next != NO_CELL && track.plain[next as usize] {
                    break next;
                }
                // No mover jumps another in an end zone, either way,
                // unless the track says movers overtake there.
                let open = next != NO_CELL
                    && (kind(next) != SpaceKind::End
                        || track.overtaking
                        || !taken(state, from, next));
                let next = match open {
                    true => next,
                    // The end of the path: turn back there, if the mover is
                    // in its end zone and the track turns back.
                    false if track.turning_back && kind(at) == SpaceKind::End && forward => {
                        forward = false;
                        continue;
                    }
                    // Past the path's last space, where the walk entered
                    // the end zone: it ends there (`overshooting`).
                    false if track.overshooting && next == NO_CELL && at != from && forward => {
                        for rest in k..steps {
                            stop(rest, at);
                        }
                        return steps;
                    }
                    false => return k,
                };
                if self.is_blocked(state, next, seat) {
                    return k;
                }
                if track.starts_uncounted && kind(next) == SpaceKind::Start {
                    // Stepped over, not counted.
                    at = next;
                    continue;
                }
                break next;
            };
            stop(k, at);
        }
        steps
    }

    /// Whether the movers on `space` are locked: in an end zone, with every
    /// space inward of it taken.
    pub(super) fn locked(&self, state: &State, space: CellId) -> bool {
        let Some(track) = &self.track else {
            return false;
        };
        let k = track.end_index(space);
        if k == 0 || state.heights[space as usize] == 0 {
            return false;
        }
        let seat = track.seat_of[space as usize] as usize;
        (k + 1..=track.end_len).all(|j| state.heights[track.end(seat, j) as usize] > 0)
    }

    /// The spaces of locked movers as a bitboard (a track of at most 128
    /// spaces, whose tops the state keeps): each seat's innermost end
    /// spaces while they are taken; only `seat`'s when one is named.
    pub(super) fn locked_spaces(&self, state: &State, seat: Option<usize>) -> u128 {
        let track = self.tracks();
        let seats = seat.map_or(0..track.seats, |s| s..s.saturating_add(1).min(track.seats));
        let mut bits = 0;
        for s in seats {
            for k in (1..=track.end_len).rev() {
                let c = track.end(s, k);
                if state.heights[c as usize] == 0 {
                    break;
                }
                bits |= cell_bit(c);
            }
        }
        bits
    }

    /// How many of `seat`'s movers are locked.
    pub fn locked_movers(&self, state: &State, seat: usize) -> usize {
        let Some(track) = self.track.as_ref().filter(|_| seat < self.seats.len()) else {
            return 0;
        };
        // From the far end back, while the end spaces are filled (no seat:
        // none).
        let first = track.end(seat, 1) as usize;
        state
            .heights
            .get(first..first + track.end_len)
            .map_or(0, |zone| zone.iter().rev().take_while(|&&h| h > 0).count())
    }
}

/// Whether another mover than the one walking from `from` is on `space`.
fn taken(state: &State, from: CellId, space: CellId) -> bool {
    state.heights[space as usize] > u8::from(space == from)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `walk_track` as the walk step by step finds it.
    fn stepwise(rules: &Rules, state: &State, seat: u8, from: CellId, n: i32) -> Option<CellId> {
        let steps = n.unsigned_abs() as usize;
        let mut last = NO_CELL;
        let walked = rules.walk_mover(state, seat, from, n.signum(), steps, |_, at| last = at);
        (walked == steps && steps > 0).then_some(last)
    }

    /// On the positions of random Partners games, every walk read at once
    /// (plain stretches, start spaces stepped over) ends where the walk
    /// step by step does, and stops where it does on the way; and the
    /// locked spaces' bitboard is the spaces `locked` says.
    #[test]
    fn walks_at_once_end_where_walks_step_by_step_do() {
        compare_walks(include_str!("../../rules/partners.game"));
    }

    /// The same on a facing track, whose movers also walk from home and
    /// overshoot into their end zone (Backgammon).
    #[test]
    fn facing_walks_at_once_end_where_walks_step_by_step_do() {
        compare_walks(include_str!("../../rules/backgammon.game"));
    }

    fn compare_walks(text: &str) {
        let rules = crate::compile::load(text, &[]).expect("the rules load");
        let track = rules.tracks();
        let (mut walks, mut moves, mut pick) = (0, Vec::new(), 7u64);
        for seed in 0..30 {
            let mut state = rules.start(seed);
            while !state.is_over() && state.turn < 400 {
                for c in 0..track.cells() as CellId {
                    let code = state.board[c as usize];
                    if (1..=track.seats as u8).contains(&code) {
                        let seat = code - 1;
                        for n in (1..=14).chain([-4]) {
                            let fast = rules.walk_track(&state, seat, c, n);
                            assert_eq!(fast, stepwise(&rules, &state, seat, c, n), "{c} by {n}");
                            walks += 1;
                        }
                        // Every stop of a walk of 7, as a split reads them.
                        let (mut fast, mut slow) = ([NO_CELL; 7], [NO_CELL; 7]);
                        rules.walk_stops(&state, seat, c, 1, &mut fast);
                        rules.walk_mover(&state, seat, c, 1, 7, |k, at| slow[k] = at);
                        assert_eq!(fast, slow, "the stops from {c}");
                    }
                    let bit = rules.locked_spaces(&state, None) & cell_bit(c) != 0;
                    assert_eq!(bit, rules.locked(&state, c), "locked {c}");
                }
                rules.legal_moves(&state, &mut moves);
                pick = pick
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let m = moves[(pick >> 33) as usize % moves.len()];
                rules.play(&mut state, m);
            }
        }
        assert!(walks > 10_000, "{walks} walks compared");
    }
}
