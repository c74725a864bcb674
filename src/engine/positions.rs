//! `repeated`: whether the position a turn left was seen before in the
//! game (Oware's end by repetition; later ko and draws by repetition). A
//! position is the pieces on the board (owners, stacks and kinds), every
//! seat's supply and the seat that just moved, kept as a 64-bit hash:
//! two different positions alike in it are taken as one (a chance of
//! about n^2 / 2^65 in a game of n turns).

use super::State;
use crate::ir::Rules;

impl Rules {
    /// Remembers the position of `state`, `moved` having just moved, and
    /// whether it was seen before.
    #[inline(never)]
    pub(super) fn remember_position(&self, state: &mut State, moved: u8) {
        let hash = self.position_hash(state, moved);
        if let Some(m) = &mut state.memory {
            m.repeated = m.positions.contains(&hash);
            m.positions.push(hash);
        }
    }

    /// The hash of a position (FNV-1a over its bytes).
    fn position_hash(&self, state: &State, moved: u8) -> u64 {
        let mut hash = 0xcbf2_9ce4_8422_2325u64;
        let mut mix = |byte: u8| {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        };
        mix(moved);
        let capacity = self.stack_capacity.max(1);
        for (c, &height) in state.heights.iter().enumerate() {
            mix(height);
            mix(state.board[c]);
            if capacity > 1 {
                state.stacks[c * capacity..][..height as usize]
                    .iter()
                    .for_each(|&p| mix(p));
            }
            if height > 0 {
                mix(state.kind_code(c as crate::ir::CellId));
            }
        }
        for &supply in &state.supply {
            supply.to_le_bytes().into_iter().for_each(&mut mix);
        }
        hash
    }
}

impl State {
    /// Whether the position the last turn left was seen before (false
    /// when not kept).
    pub(super) fn repeated(&self) -> bool {
        self.memory.as_ref().is_some_and(|m| m.repeated)
    }
}
