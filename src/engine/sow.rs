//! Sowing: picking up a stack and dropping its pieces one a step along a path.
//!
//! A path is stored in the move as directions, `bits` a step in a `u64`
//! (2 bits on square boards, 3 on hex boards), first step lowest.

use rand::Rng;

use super::{FaultKind, Move, State, MAX_MOVES};
use crate::compile::MAX_CAPACITY;
use crate::ir::plan::Draw;
use crate::ir::{CellId, Rules, Sowing, NO_CELL};

impl Rules {
    /// Bits a step of a sowing path takes.
    pub(super) fn step_bits(&self) -> u32 {
        usize::BITS - (self.geometry.directions.len() - 1).leading_zeros()
    }

    /// The cells a sowing path visits, in order (not the origin).
    pub fn sow_path(
        &self,
        from: CellId,
        steps: u8,
        dirs: u64,
    ) -> impl Iterator<Item = CellId> + '_ {
        let bits = self.step_bits();
        let mask = (1u64 << bits) - 1;
        (0..steps as u32).scan(from, move |cell, i| {
            *cell = self
                .geometry
                .toward(*cell, ((dirs >> (i * bits)) & mask) as usize);
            Some(*cell)
        })
    }

    /// Picks up the stack on `from` with `piece` put on top, and drops it
    /// bottom first, each drop on the cell `step(i, cell)` gives after the
    /// last; returns the last cell dropped on.
    #[inline(always)]
    pub(super) fn sow(
        &self,
        state: &mut State,
        from: CellId,
        piece: u8,
        mut step: impl FnMut(usize, CellId) -> CellId,
    ) -> CellId {
        let mut hand = [0u8; MAX_CAPACITY + 1];
        let height = state.take(from, self, &mut hand);
        hand[height] = piece;
        let mut cell = from;
        for (i, &p) in hand[..=height].iter().enumerate() {
            cell = step(i, cell);
            state.push(cell, p, self);
        }
        cell
    }

    /// Whether the stack on `cell` can be sown: its path (one step a piece,
    /// the mover's included) fits in a move.
    pub(super) fn sowable(&self, sowing: &Sowing, state: &State, cell: CellId) -> bool {
        (state.heights[cell as usize] as usize) < sowing.max_steps
    }

    /// Appends every move of the sowing rule `number` from `from` (its
    /// stack plus the mover's piece).
    pub(super) fn sow_moves(
        &self,
        number: u8,
        sowing: &Sowing,
        state: &State,
        from: CellId,
        out: &mut Vec<Move>,
    ) {
        if !self.sowable(sowing, state, from) {
            return;
        }
        let steps = state.heights[from as usize] + 1;
        self.sow_paths(sowing, state, from, steps, out, |dirs| {
            self.sowing_move(number, from, steps, dirs)
        });
    }

    /// Appends, made by `make` from its directions, every sowing path of
    /// `steps` steps from `from`.
    pub(super) fn sow_paths(
        &self,
        sowing: &Sowing,
        state: &State,
        from: CellId,
        steps: u8,
        out: &mut Vec<Move>,
        make: impl Fn(u64) -> Move,
    ) {
        let bits = self.step_bits();
        let d_count = self.geometry.directions.len();
        // An explicit stack instead of recursion: (cell, step index, previous direction, next direction to try).
        let mut trail: [(CellId, usize); 65] = [(NO_CELL, 0); 65];
        let mut dirs: u64 = 0;
        let mut depth = 0usize;
        trail[0] = (from, 0);
        let mut previous = [usize::MAX; 65];
        loop {
            let (cell, next_dir) = trail[depth];
            if depth == steps as usize {
                if out.len() >= MAX_MOVES {
                    let phase = &self.phases[state.phase as usize];
                    state.record_fault(FaultKind::TooManyMoves, phase.span);
                    return;
                }
                out.push(make(dirs));
                depth -= 1;
                continue;
            }
            if next_dir == d_count {
                if depth == 0 {
                    return;
                }
                depth -= 1;
                continue;
            }
            trail[depth].1 += 1;
            let to = self.geometry.toward(cell, next_dir);
            if to == NO_CELL
                || (sowing.no_reversal
                    && previous[depth] != usize::MAX
                    && next_dir == previous[depth] ^ 1)
            {
                continue;
            }
            let shift = depth as u32 * bits;
            dirs = (dirs & !(((1u64 << bits) - 1) << shift)) | ((next_dir as u64) << shift);
            depth += 1;
            trail[depth] = (to, 0);
            previous[depth] = next_dir;
        }
    }

    /// A uniformly random move of the game's one sowing rule, from the stack
    /// counts the state keeps (see `Plan::sow_counts`).
    #[inline(never)]
    pub(super) fn cached_random_sow<R: Rng>(&self, state: &State, rng: &mut R) -> Option<Move> {
        let (sowing, from, pick) = self.cached_pick(state, rng)?;
        Some(self.walk_path(sowing, state, from, pick))
    }

    /// Draws a stack and a path index uniformly over the moves of the game's
    /// one sowing rule, from the kept counts; `None` if there is no move.
    #[inline(always)]
    fn cached_pick<R: Rng>(&self, state: &State, rng: &mut R) -> Option<(&Sowing, CellId, u64)> {
        if state.sow_total == 0 || state.is_over() || state.supply[state.mover as usize] <= 0 {
            return None;
        }
        if state.sow_total > MAX_MOVES as u64 {
            self.too_many_sown(state);
        }
        let mut pick = rng.gen_range(0..state.sow_total);
        let mut from = 0;
        for (c, &n) in state.sow_moves.iter().enumerate() {
            if pick < n {
                from = c as CellId;
                break;
            }
            pick -= n;
        }
        let sowing = self.phases[state.phase as usize]
            .rules
            .iter()
            .find_map(|r| r.sowing())?;
        Some((sowing, from, pick))
    }

    /// A sowing drawn without listing where a list would have been cut: the
    /// rules are at fault as they are when moves are listed.
    #[cold]
    #[inline(never)]
    fn too_many_sown(&self, state: &State) {
        let phase = &self.phases[state.phase as usize];
        state.record_fault(FaultKind::TooManyMoves, phase.span);
    }

    /// Plays a uniformly random move of the game's one sowing rule (see
    /// `Plan::sow_counts`), choosing each step of the path while sowing, as
    /// `walk_path` would have; `Some(false)` if there is no move, `None` if
    /// the phase is not that rule's. The playout fast path: no move is built
    /// and no path walked twice. Inlined into the playout loop, its one
    /// caller: left out of line, Qawale's playouts cost 5% more.
    #[inline(always)]
    pub(super) fn play_random_sow<R: Rng>(&self, state: &mut State, rng: &mut R) -> Option<bool> {
        // The `random-draw` pass draws this phase's moves as sowings.
        if self.plan.sow_counts.is_none() || self.plan.draws[state.phase as usize] != Draw::Sow {
            return None;
        }
        let Some((sowing, from, mut pick)) = self.cached_pick(state, rng) else {
            return Some(false);
        };
        let cells = self.geometry.cell_count();
        let d_count = self.geometry.directions.len();
        let width = d_count + 1;
        let steps = state.heights[from as usize] as usize + 1;
        let mut came = d_count;
        let piece = state.mover + 1;
        state.last = self.sow(state, from, piece, |i, cell| {
            let left = steps - i - 1;
            let row = (cell as usize * width + came) * d_count;
            for &(d, to) in &sowing.next_steps[row..row + d_count] {
                if to == NO_CELL {
                    break;
                }
                let n = sowing.walks[(left * cells + to as usize) * width + d as usize];
                if pick < n {
                    came = d as usize;
                    return to;
                }
                pick -= n;
            }
            unreachable!("the path index is below the stack's path count")
        });
        self.recount(state);
        super::play::spend_piece(state);
        if self.plan.keeps.links {
            self.sync_links(state, None);
        }
        self.finish_turn(state);
        Some(true)
    }

    /// A uniformly random sowing move from the stacks `allowed` accepts (the
    /// general case; see `cached_random_sow` for the common one),
    /// drawn from the path counts without listing the paths.
    #[inline(never)]
    pub(super) fn random_sow<R: Rng>(
        &self,
        sowing: &Sowing,
        state: &State,
        rng: &mut R,
        allowed: impl Fn(CellId) -> bool,
    ) -> Option<Move> {
        let cells = self.geometry.cell_count();
        // Moves from each stack (0 when it cannot be sown: empty, full, too tall).
        let paths = |c: usize, h: u8| {
            let n = sowing
                .stack_paths
                .get(h as usize * cells + c)
                .copied()
                .unwrap_or(0);
            if n != 0 && allowed(c as CellId) {
                n
            } else {
                0
            }
        };
        let total: u64 = state
            .heights
            .iter()
            .enumerate()
            .map(|(c, &h)| paths(c, h))
            .sum();
        if total == 0 {
            return None;
        }
        let mut pick = rng.gen_range(0..total);
        let mut from = 0;
        for (c, &h) in state.heights.iter().enumerate() {
            let n = paths(c, h);
            if pick < n {
                from = c as CellId;
                break;
            }
            pick -= n;
        }
        Some(self.walk_path(sowing, state, from, pick))
    }

    /// The `pick`-th path (in direction order) of the stack on `from`, found
    /// by walking down the path counts.
    fn walk_path(&self, sowing: &Sowing, state: &State, from: CellId, mut pick: u64) -> Move {
        let cells = self.geometry.cell_count();
        let d_count = self.geometry.directions.len();
        let width = d_count + 1;
        let walks = |k: usize, c: CellId, from: usize| {
            sowing.walks[(k * cells + c as usize) * width + from]
        };
        let steps = state.heights[from as usize] + 1;
        let bits = self.step_bits();
        let (mut cell, mut came, mut dirs) = (from, d_count, 0u64);
        for i in 0..steps as usize {
            let left = steps as usize - i - 1;
            let row = (cell as usize * width + came) * d_count;
            for &(d, to) in &sowing.next_steps[row..row + d_count] {
                if to == NO_CELL {
                    break;
                }
                let n = walks(left, to, d as usize);
                if pick < n {
                    dirs |= u64::from(d) << (i as u32 * bits);
                    cell = to;
                    came = d as usize;
                    break;
                }
                pick -= n;
            }
        }
        self.sowing_move(self.rule_number(state.phase, 0), from, steps, dirs)
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    /// Qawale with a condition on the stack, so that random moves take the
    /// general path (no kept counts) instead of the cached one.
    const MASKED: &str = "game \"q\"\nplayers Light, Dark\nboard square 4 x 4 with stacks\nneutral Tan\nsupply 8\nsetup: put 2 Tan where corner\nphase play\n  place where not empty and height >= 2 then sow without reversal\nend when supply(next) == 0: draw\n";

    #[test]
    fn the_general_random_sowing_move_is_uniform_over_the_legal_moves() {
        let rules = crate::compile::load(MASKED, &[]).unwrap();
        assert!(
            rules.plan.sow_counts.is_none(),
            "the condition keeps the cache off"
        );
        let state = rules.start(0);
        let legal = rules.sorted_moves(&state);
        assert_eq!(legal.len(), 40, "four corners of 10 paths");
        let mut seen = vec![0u32; legal.len()];
        let (mut rng, mut buf) = (SmallRng::seed_from_u64(3), Vec::new());
        let draws = 40_000;
        for _ in 0..draws {
            let m = rules.random_move(&state, &mut buf, &mut rng).unwrap();
            seen[legal.binary_search(&m).expect("a legal move")] += 1;
        }
        // Each move expects 1,000 draws; 5 standard deviations is about 160.
        assert!(seen.iter().all(|&n| (840..=1160).contains(&n)), "{seen:?}");
    }

    #[test]
    fn a_path_drawn_while_sowing_is_the_move_drawn_then_played() {
        let rules = crate::compile::shipped("qawale", &[]);
        for seed in 0..200 {
            let (mut fused, mut stepwise) = (rules.start(seed), rules.start(seed));
            let mut fused_rng = SmallRng::seed_from_u64(seed);
            let mut step_rng = SmallRng::seed_from_u64(seed);
            while !stepwise.is_over() {
                let m = rules.cached_random_sow(&stepwise, &mut step_rng).unwrap();
                rules.play(&mut stepwise, m);
                assert_eq!(
                    rules.play_random_sow(&mut fused, &mut fused_rng),
                    Some(true)
                );
                for c in 0..rules.geometry.cell_count() as crate::ir::CellId {
                    assert_eq!(
                        fused.stack(c, &rules),
                        stepwise.stack(c, &rules),
                        "seed {seed}"
                    );
                }
                assert_eq!(
                    (fused.mover, fused.last, fused.outcome),
                    (stepwise.mover, stepwise.last, stepwise.outcome)
                );
            }
            assert!(fused.is_over());
        }
    }
}
