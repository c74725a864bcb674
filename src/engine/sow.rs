//! Sowing: picking up a stack and dropping its pieces one a step along a path.
//!
//! A path is stored in the move as directions, `bits` a step in a `u64`
//! (2 bits on square boards, 3 on hex boards), first step lowest.

use rand::Rng;

use super::{Move, State};
use crate::compile::MAX_CAPACITY;
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

    /// Picks up the stack on `from` and drops it bottom first along the path;
    /// returns the last cell dropped on.
    pub(super) fn sow(&self, state: &mut State, from: CellId, steps: u8, dirs: u64) -> CellId {
        let mut hand = [0u8; MAX_CAPACITY + 1];
        let height = state.take(from, self, &mut hand);
        let mut last = from;
        for (piece, cell) in hand[..height].iter().zip(self.sow_path(from, steps, dirs)) {
            state.push(cell, *piece, self);
            last = cell;
        }
        last
    }

    /// Whether the stack on `cell` can be sown: its path (one step a piece,
    /// the mover's included) fits in a move.
    pub(super) fn sowable(&self, sowing: &Sowing, state: &State, cell: CellId) -> bool {
        (state.heights[cell as usize] as usize) < sowing.max_steps
    }

    /// Appends every sowing move from `from` (its stack plus the mover's piece).
    pub(super) fn sow_moves(
        &self,
        sowing: &Sowing,
        state: &State,
        from: CellId,
        out: &mut Vec<Move>,
    ) {
        if !self.sowable(sowing, state, from) {
            return;
        }
        let steps = state.heights[from as usize] + 1;
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
                out.push(Move::Sow { from, steps, dirs });
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
    /// counts the state keeps (see `Rules::sow_cache`).
    pub(super) fn cached_random_sow<R: Rng>(&self, state: &State, rng: &mut R) -> Option<Move> {
        if state.sow_total == 0 {
            return None;
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
            .places
            .iter()
            .find_map(|p| p.sow.as_ref())?;
        Some(self.walk_path(sowing, state, from, pick))
    }

    /// A uniformly random sowing move from the stacks `allowed` accepts (the
    /// general case; see `cached_random_sow` for the common one),
    /// drawn from the path counts without listing the paths.
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
        Move::Sow { from, steps, dirs }
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
            rules.sow_cache.is_none(),
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
}
