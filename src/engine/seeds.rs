//! A game's two generators from its seed, as `seed_from_u64` makes them but
//! for a third of the instructions: `simulate` seeds both for every game, and
//! on a game as short as tic-tac-toe's their seeding was a tenth of its cost.

use rand::rngs::SmallRng;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// The generators of a game of seed `seed`: the players' (`SmallRng`) and
/// chance's (`Pcg64Mcg`), equal to `SmallRng::seed_from_u64(seed)` and
/// `Pcg64Mcg::seed_from_u64(seed)`.
///
/// Both of those fill their seed with the words of one PCG32 stream from
/// `seed` (rand_core's `seed_from_u64`): SmallRng takes eight words,
/// Pcg64Mcg the first four, so one stream of eight serves both, with no
/// byte copies.
#[inline]
pub fn game_rngs(seed: u64) -> (SmallRng, Pcg64Mcg) {
    let mut state = seed;
    let mut word = || u64::from(pcg32(&mut state));
    let mut halves = [0u64; 4];
    for half in &mut halves {
        let low = word();
        *half = low | word() << 32;
    }
    let chance = Pcg64Mcg::new(u128::from(halves[0]) | u128::from(halves[1]) << 64);
    let mut bytes = [0u8; 32];
    for (chunk, half) in bytes.chunks_exact_mut(8).zip(halves) {
        chunk.copy_from_slice(&half.to_le_bytes());
    }
    (SmallRng::from_seed(bytes), chance)
}

/// One step of rand_core 0.6's PCG32, the generator its `seed_from_u64`
/// draws seeds from (the state is advanced first, as there).
fn pcg32(state: &mut u64) -> u32 {
    const MUL: u64 = 6_364_136_223_846_793_005;
    const INC: u64 = 11_634_580_027_462_260_723;
    *state = state.wrapping_mul(MUL).wrapping_add(INC);
    let s = *state;
    let xorshifted = (((s >> 18) ^ s) >> 27) as u32;
    xorshifted.rotate_right((s >> 59) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngCore;

    /// The same generators as `seed_from_u64` makes, so no game changes.
    #[test]
    fn both_generators_are_seed_from_u64s() {
        let seeds = [0, 1, 2, 7, 42, u64::MAX, 1 << 63, 0x9e37_79b9_7f4a_7c15];
        let more = (0..1000u64).map(crate::engine::splitmix64);
        for seed in seeds.into_iter().chain(more) {
            let (mut play, mut chance) = game_rngs(seed);
            let mut play_then = SmallRng::seed_from_u64(seed);
            let mut chance_then = Pcg64Mcg::seed_from_u64(seed);
            for _ in 0..8 {
                assert_eq!(play.next_u64(), play_then.next_u64(), "seed {seed}");
                assert_eq!(chance.next_u64(), chance_then.next_u64(), "seed {seed}");
            }
        }
    }
}
