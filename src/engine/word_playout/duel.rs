//! The word loop for two seats and one line table (`DuelLines`): the
//! mover's word and the other seat's are two locals swapped each turn,
//! the mover a bit flipped, and the lines looked for on the mover's word
//! only, by the table's test or by shifts on guard columns. The draws,
//! the end rules and the write-back are the general word loop's.

use rand::Rng;

use super::{holds, turn_limit, WordGame, Words, MAX_SEATS};
use crate::engine::State;
use crate::ir::plan::DuelLines;
use crate::ir::{CellId, GuardLayout, LineTable, Rules};

/// How the loop keeps the seats' words and finds a line on them; each
/// way has its own copy of the loop.
trait Lines {
    /// A seat's word (bit = cell id) as the loop keeps it.
    fn word_in(&self, cells: u64) -> u64;
    /// A word the loop kept as a seat's word (bit = cell id).
    fn word_out(&self, word: u64) -> u64;
    /// The bit of `cell` in the words the loop keeps.
    fn bit(&self, cell: CellId) -> u64;
    /// Whether `stones` (one just placed on `cell`) hold a line.
    fn holds(&self, stones: u64, cell: CellId) -> bool;
}

/// The table's own test, on words of a bit a cell.
struct ByTable<'a>(&'a LineTable);

impl Lines for ByTable<'_> {
    #[inline]
    fn word_in(&self, cells: u64) -> u64 {
        cells
    }
    #[inline]
    fn word_out(&self, word: u64) -> u64 {
        word
    }
    #[inline]
    fn bit(&self, cell: CellId) -> u64 {
        1 << cell
    }
    #[inline]
    fn holds(&self, stones: u64, cell: CellId) -> bool {
        holds(self.0, stones, cell)
    }
}

/// Shifts on guard columns, for lines of `N` cells.
struct ByGuard<'a, const N: usize>(&'a GuardLayout);

impl<const N: usize> Lines for ByGuard<'_, N> {
    #[inline]
    fn word_in(&self, cells: u64) -> u64 {
        self.0.spread(cells)
    }
    #[inline]
    fn word_out(&self, word: u64) -> u64 {
        self.0.gather(word)
    }
    #[inline]
    fn bit(&self, cell: CellId) -> u64 {
        1 << self.0.bits[cell as usize % 64]
    }
    #[inline(always)]
    fn holds(&self, stones: u64, _: CellId) -> bool {
        // As in `holds`: too few pieces for a line is told by one count.
        (stones.count_ones() as usize) >= N && self.0.holds_run::<N>(stones)
    }
}

impl Rules {
    /// Plays random placements by `game` to the end, or until the loop
    /// must hand over, as the general word loop would (see the module doc).
    /// Cold: called once a playout, and so the general word loop, inlined
    /// beside the call, keeps its registers for its own turns.
    #[cold]
    pub(super) fn duel_playout<R: Rng + Clone>(
        &self,
        game: &WordGame,
        duel: &DuelLines,
        state: &mut State,
        rng: &mut R,
        max_moves: u32,
    ) -> u32 {
        let table = &self.line_tables[0];
        // A copy of the loop for each length of line: its doubling steps
        // are then fixed, only their amounts read from the layout.
        match (duel, table.length) {
            (DuelLines::Guard(g), 3) => {
                self.duel_loop(game, ByGuard::<3>(g), state, rng, max_moves)
            }
            (DuelLines::Guard(g), 4) => {
                self.duel_loop(game, ByGuard::<4>(g), state, rng, max_moves)
            }
            (DuelLines::Guard(g), 5) => {
                self.duel_loop(game, ByGuard::<5>(g), state, rng, max_moves)
            }
            (DuelLines::Guard(g), 6) => {
                self.duel_loop(game, ByGuard::<6>(g), state, rng, max_moves)
            }
            _ => self.duel_loop(game, ByTable(table), state, rng, max_moves),
        }
    }

    /// The loop itself (see the module doc). The line flags are a bit a
    /// seat, as `Words::lines` has them for one table.
    fn duel_loop<R: Rng + Clone, L: Lines>(
        &self,
        game: &WordGame,
        lines: L,
        state: &mut State,
        rng: &mut R,
        max_moves: u32,
    ) -> u32 {
        let first = state.mover as usize;
        let mut empty = state.tops[0] as u64;
        // The words of the seat to move first and of the other: the loop
        // plays two turns a round, one for each, so neither word nor
        // seat is swapped, and each seat's flag is a constant of its half.
        let mut words = [
            lines.word_in(state.tops[1 + first] as u64),
            lines.word_in(state.tops[2 - first] as u64),
        ];
        let mut flags = u64::from(state.lines[0]) | u64::from(state.lines[1]) << 1;
        let limit = turn_limit(&state.supply, first, max_moves) as usize;
        let mut played = [(0u8, 0u8); 64];
        let (mut n, mut ended) = (0, None);
        // Drawn from a copy, written back at the end, as the general word
        // loop does: kept in registers where the loop is not inlined.
        let mut local = rng.clone();
        // One turn of the seat `first ^ $k` (`$k` 0 or 1, fixed in each
        // half of the round); leaves the round's loop when play stops.
        macro_rules! turn {
            ($k:literal) => {
                if n >= limit {
                    break;
                }
                let seat = first ^ $k;
                let Some(cell) = game.draw_of(empty, &mut local) else {
                    break;
                };
                played[n & 63] = (cell as u8, seat as u8 + 1);
                n += 1;
                empty &= !(1u64 << cell);
                words[$k] |= lines.bit(cell);
                // As the general loop's test, in an order that costs less
                // where most turns end nothing: the seat's flag, set now
                // or before, matters only to an end rule that reads it.
                let flag = 1 << seat;
                let line = flags & flag != 0 || lines.holds(words[$k], cell);
                if line {
                    flags |= flag;
                }
                let full = empty == 0;
                if (line && game.line_ends != 0) || (full && game.full_end) {
                    ended = game.first_end(self.ends.len(), flags >> seat, 2, full);
                    if ended.is_some() {
                        break;
                    }
                }
            };
        }
        loop {
            turn!(0);
            turn!(1);
        }
        // The seat to move (turn n's), or the one whose move ended the
        // game (turn n - 1's, of the same parity as n + 1).
        let k = (n + usize::from(ended.is_some())) & 1;
        let (mover, mine) = (first ^ k, words[k]);
        *rng = local;
        // The other seat's word is what it had and the cells played that
        // the mover's word lacks: one word mapped back, not two.
        let mut own = [0; MAX_SEATS];
        own[mover] = lines.word_out(mine);
        let played_cells = state.tops[0] as u64 & !empty;
        own[mover ^ 1] = state.tops[1 + (mover ^ 1)] as u64 | played_cells & !own[mover];
        let words = Words {
            empty,
            own,
            lines: flags,
            mover,
        };
        self.write_words(state, &words, &played[..n], ended.is_some());
        if let Some(e) = ended {
            self.end_by(state, &self.ends[e]);
        }
        n as u32
    }
}
