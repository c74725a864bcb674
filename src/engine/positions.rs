//! `repeated`: whether the position a turn left was seen before in the
//! game (Oware's end by repetition). A position is the pieces on the board
//! (owners, stacks and kinds), every seat's supply and the seat that just
//! moved. `repeated_board` and `restores(n)` look at the board alone, as
//! Go's ko and superko do: whether a move changed it into one seen before,
//! or back to how it was `n` turns before. Each is kept as 64-bit hashes:
//! two different positions alike in it are taken as one (a chance of about
//! n^2 / 2^65 in a game of n turns).

use super::State;
use crate::ir::Rules;

impl Rules {
    /// Remembers the position of `state`, `moved` having just moved, and
    /// whether it was seen before.
    #[inline(never)]
    pub(super) fn remember_position(&self, state: &mut State, moved: u8) {
        let hash = self.position_hash(state, moved);
        if let Some(m) = &mut state.memory {
            debug_assert!(!m.partial, "a copy within a turn finished a turn");
            m.positions.push(hash);
            m.repetitions = m.positions.iter().filter(|&&h| h == hash).count() as u32;
            m.repeated = m.repetitions > 1;
        }
    }

    /// Remembers the board of `state` as the board the turn just played
    /// left (at the start: the start's), after the end rules read it.
    pub(super) fn remember_board(&self, state: &mut State) {
        let hash = self.board_hash(state, FNV_START);
        if let Some(m) = &mut state.memory {
            m.boards.push(hash);
        }
    }

    /// Whether the move changed the board into one seen before in the
    /// game: `repeated_board`.
    pub(super) fn repeated_board(&self, state: &State) -> bool {
        self.changed_board(state)
            .is_some_and(|(boards, hash)| boards.contains(&hash))
    }

    /// Whether the move changed the board back to how it was `n` turns
    /// before this one (1: as this turn began, which a change cannot be;
    /// 2: before the last turn): `restores(n)`.
    pub(super) fn restores(&self, state: &State, n: i64) -> bool {
        self.changed_board(state).is_some_and(|(boards, hash)| {
            let then = usize::try_from(n)
                .ok()
                .and_then(|n| boards.len().checked_sub(n));
            then.is_some_and(|t| boards[t] == hash)
        })
    }

    /// The boards the turns before this one left and the board now, when
    /// the boards are kept and this turn changed it (else `None`).
    fn changed_board<'s>(&self, state: &'s State) -> Option<(&'s [u64], u64)> {
        let boards = &state.memory.as_ref()?.boards[..];
        let hash = self.board_hash(state, FNV_START);
        (boards.last().is_some_and(|&b| b != hash)).then_some((boards, hash))
    }

    /// The hash of a position (FNV-1a over its bytes).
    fn position_hash(&self, state: &State, moved: u8) -> u64 {
        let mut hash = fnv(FNV_START, moved);
        hash = self.board_hash(state, hash);
        for &supply in &state.supply {
            hash = supply.to_le_bytes().into_iter().fold(hash, fnv);
        }
        // The counters but the clocks.
        if let Some(m) = &state.memory {
            for (value, _) in m
                .counters
                .iter()
                .zip(&self.clocks)
                .filter(|(_, &clock)| !clock)
            {
                hash = value.to_le_bytes().into_iter().fold(hash, fnv);
            }
        }
        hash
    }

    /// `hash` with the board's pieces mixed in: each cell's stack, owners
    /// and kinds.
    fn board_hash(&self, state: &State, mut hash: u64) -> u64 {
        if self.stack_capacity <= 1 && self.kinds.is_empty() && !self.majority {
            // A piece a cell, of no kind: the owners are the board, hashed
            // a word at a time (Go hashes a board for each move it lists).
            return words(hash, &state.board);
        }
        let cells = state.board.len();
        if self.stack_capacity <= 1 && !self.majority && cells <= 128 && self.kinds.len() <= 64 {
            // The owners, and where each kind stands as a word (kept by
            // `bitboards`, else made here: the same hash either way).
            let hash = words(hash, &state.board);
            let mix = |h: u64, w: u128| mix_word(mix_word(h, w as u64), (w >> 64) as u64);
            let kept = state.memory.as_ref().map_or(&[][..], |m| &m.kind_tops[..]);
            if !kept.is_empty() {
                return kept.iter().fold(hash, |h, &w| mix(h, w));
            }
            let mut made = [0u128; 64];
            for c in (0..cells).filter(|&c| state.board[c] != 0) {
                made[state.kind_code(c as crate::ir::CellId) as usize % 64] |= 1 << c;
            }
            return made[..self.kinds.len()]
                .iter()
                .fold(hash, |h, &w| mix(h, w));
        }
        let mut mix = |byte: u8| hash = fnv(hash, byte);
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
        hash
    }
}

/// `hash` with `bytes` mixed in eight at a time (the last word padded
/// with zeros).
fn words(hash: u64, bytes: &[u8]) -> u64 {
    let mut chunks = bytes.chunks_exact(8);
    let mut hash = (&mut chunks).fold(hash, |h, c| {
        let mut word = [0u8; 8];
        word.copy_from_slice(c);
        mix_word(h, u64::from_le_bytes(word))
    });
    let mut last = [0u8; 8];
    last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    hash = mix_word(hash, u64::from_le_bytes(last));
    hash
}

/// A multiply and a shift: every bit of the word reaches the high half,
/// and the shift brings it down to the low one.
fn mix_word(hash: u64, word: u64) -> u64 {
    let h = (hash ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    h ^ (h >> 29)
}

/// FNV-1a's start.
const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a: `hash` with `byte` mixed in.
fn fnv(hash: u64, byte: u8) -> u64 {
    (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
}

impl State {
    /// Whether the position the last turn left was seen before (false
    /// when not kept).
    pub(super) fn repeated(&self) -> bool {
        self.memory.as_ref().is_some_and(|m| m.repeated)
    }
}
