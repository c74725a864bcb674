//! The players' generator of a simulated game: SplitMix64 (Steele, Lea and
//! Flood 2014; Vigna's `splitmix64.c`), whose state is the game's seed.
//! `simulate` seeds one for every game, and seeding it costs nothing: rand's
//! `SmallRng::seed_from_u64` filled its 32 bytes from eight PCG32 words,
//! about 75 instructions, 4% of a game of tic-tac-toe. SplitMix64 passes
//! BigCrush, and games drawn from it cost no more than with `SmallRng`
//! (benches/README, "simulate's players' generator").

use rand::RngCore;

use crate::engine::splitmix64;

/// Which generator a study's random players drew from, as its summary
/// says: `simulate` drew from `SmallRng` until 2026-11-30 and from
/// SplitMix64 since; `analyse` draws from `SmallRng`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayersRng {
    /// rand's `SmallRng`, seeded by `seed_from_u64` (and what a summary
    /// that does not say drew from).
    #[default]
    SmallRng,
    /// [`SplitMix64`].
    SplitMix64,
}

/// The step SplitMix64's state takes at each draw (odd: the period is 2^64).
const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// SplitMix64 from a seed: the n-th draw is SplitMix64's output function
/// of seed + n x the golden gamma, so the streams of two seeds overlap only
/// where the seeds are some multiple of the gamma apart, a distance no
/// study's games come near (they differ by a hash of the game's number, or
/// by a small number with `--seeds consecutive`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// The generator of seed `seed`.
    #[inline]
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }
}

impl RngCore for SplitMix64 {
    #[inline]
    fn next_u64(&mut self) -> u64 {
        // `splitmix64` adds the gamma first, as the reference's `next` does.
        let out = splitmix64(self.state);
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        out
    }

    /// The high half, SplitMix64's better mixed bits.
    #[inline]
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        for chunk in dest.chunks_mut(8) {
            let bytes = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
    }

    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference's first outputs from state 0 (Vigna's `splitmix64.c`,
    /// as other libraries' tests list them).
    #[test]
    fn draws_the_reference_sequence() {
        let mut rng = SplitMix64::new(0);
        let expected = [
            0xe220_a839_7b1d_cdaf,
            0x6e78_9e6a_a1b9_65f4,
            0x06c4_5d18_8009_454f,
            0xf88b_b8a8_724c_81ec,
            0x1b39_896a_51a8_749b,
        ];
        for want in expected {
            assert_eq!(rng.next_u64(), want);
        }
    }

    /// `next_u32` is the high half of the draw; bytes are the draws in
    /// little-endian order, a short tail cut from the next draw.
    #[test]
    fn halves_and_bytes_come_from_the_same_draws() {
        let mut a = SplitMix64::new(42);
        let mut b = a.clone();
        assert_eq!(u64::from(a.next_u32()), b.next_u64() >> 32);
        let mut bytes = [0u8; 11];
        a.fill_bytes(&mut bytes);
        let (first, second) = (b.next_u64().to_le_bytes(), b.next_u64().to_le_bytes());
        assert_eq!(bytes[..8], first);
        assert_eq!(bytes[8..], second[..3]);
    }

    /// Neighbouring seeds (`--seeds consecutive`) draw unrelated streams:
    /// their first draws differ in about half their bits.
    #[test]
    fn neighbouring_seeds_draw_apart() {
        let mut differing = 0;
        for seed in 0..1000u64 {
            let (mut a, mut b) = (SplitMix64::new(seed), SplitMix64::new(seed + 1));
            differing += (a.next_u64() ^ b.next_u64()).count_ones();
        }
        let mean = f64::from(differing) / 1000.0;
        assert!((30.0..34.0).contains(&mean), "mean {mean} bits differ");
    }
}
