//! Random playouts of placement games on one word: boards of at most 64
//! cells whose end rules ask only for lines and a full board (tic-tac-toe,
//! Connect Four, small boards of lines). The empty cells and each seat's
//! pieces are words held in registers; a turn is a draw from the candidate
//! word, two bit operations and the line shifts. The cells are written to
//! the state once, in order, when the playout stops, so that the state
//! ends exactly as turn-by-turn play (with the same draws) leaves it.
//! Two seats with one line table play in a loop of their own (`duel.rs`)
//! when the plan says so.

use rand::Rng;

mod duel;

use super::bitboard::nth_cell64;
use super::drop::UP;
use super::play::below;
use super::State;
use crate::ir::loop_ends::WordEnd;
use crate::ir::plan::{WordLoop, LOOP_ENDS};
use crate::ir::{Candidates, CellId, LineTable, Rules, Select};

/// The most end rules a word playout tests.
const MAX_ENDS: usize = LOOP_ENDS;

/// The most seats (the language's limit).
const MAX_SEATS: usize = 8;

/// What a word playout needs of the rules, worked out once per playout.
struct WordGame {
    /// The end rules' conditions, in order.
    ends: [WordEnd; MAX_ENDS],
    /// For drops: the shift up a column (amount, cells that have one) and
    /// the floor cells; `None` when any empty cell may be chosen.
    drop: Option<(u32, u64, u64)>,
    /// The cells the board alone allows.
    mask: u64,
    /// The line flags (as `Words::lines` for seat 0) that an end rule
    /// reads, and whether one reads a full board: most turns end no game,
    /// and these tell so in two tests before the rules are read in order.
    line_ends: u64,
    full_end: bool,
}

/// The position as words, as a word playout plays it. The counts and
/// supplies are not kept: they follow from the cells played, and are
/// written once at the end (`write_words`).
struct Words {
    empty: u64,
    own: [u64; MAX_SEATS],
    /// The line flags, a bit each (`state.lines`'s order).
    lines: u64,
    mover: usize,
}

impl Rules {
    /// Plays random placements by `place` on words, or returns `None` when
    /// the game is not one the words can hold (see the module doc).
    /// Inlined into the playout: a call here costs tic-tac-toe 3%.
    #[inline(always)]
    pub(super) fn word_playout<R: Rng + Clone>(
        &self,
        plan: &WordLoop,
        place: &Select,
        state: &mut State,
        rng: &mut R,
        max_moves: u32,
    ) -> Option<u32> {
        let game = self.word_game(&plan.ends, place, state)?;
        if let Some(duel) = &plan.duel {
            return Some(self.duel_playout(&game, duel, state, rng, max_moves));
        }
        let mut words = Words::of(state, self.seats.len());
        // The supplies decide, once, how many turns can be played: a
        // turn's test is then one comparison.
        let limit = turn_limit(&state.supply, words.mover, max_moves);
        // A turn fills an empty cell: at most 64 turns, so `n & 63` is `n`
        // (and needs no bounds check). The piece is kept beside the cell:
        // worked out again when written, it cost Connect Four 3 a turn.
        let mut played = [(0u8, 0u8); 64];
        let mut n = 0;
        let mut ended = None;
        // The generator is drawn from a copy, written back at the end: the
        // loop keeps a copy in registers even where it is not inlined into
        // its caller's loop (`simulate`, the AI). Connect Four 1.5% fewer
        // instructions (benches/README.md).
        let mut local = rng.clone();
        while (n as u32) < limit {
            let Some(cell) = game.draw(&words, &mut local) else {
                break;
            };
            played[n & 63] = (cell as u8, words.mover as u8 + 1);
            n += 1;
            ended = self.place_on_words(&game, &mut words, cell);
            if ended.is_some() {
                break;
            }
            words.mover = if words.mover + 1 == self.seats.len() {
                0
            } else {
                words.mover + 1
            };
        }
        *rng = local;
        self.write_words(state, &words, &played[..n], ended.is_some());
        if let Some(e) = ended {
            self.end_by(state, &self.ends[e]);
        }
        Some(n as u32)
    }

    /// The word game of `place` (the `playout-loop` pass found that the
    /// rules fit words, and read the end rules as `ends`), or `None` when
    /// the game is over.
    fn word_game(
        &self,
        ends: &[WordEnd; MAX_ENDS],
        place: &Select,
        state: &State,
    ) -> Option<WordGame> {
        if state.outcome.is_some() {
            return None;
        }
        let ends = *ends;
        let compass = &self.geometry.compass;
        let drop = match place.candidates {
            Candidates::Empty => None,
            Candidates::Dropped if !compass.column_masks.is_empty() => {
                let (delta, from) = compass.shifts.as_ref()?[UP as usize];
                Some((delta as u32, from as u64, compass.floor_bits as u64))
            }
            _ => return None,
        };
        let mask = place.mask.as_ref().map_or(u64::MAX, |m| m.bits() as u64);
        let (mut line_ends, mut full_end) = (0, false);
        for end in &ends[..self.ends.len()] {
            match *end {
                WordEnd::MoverLine(t) => line_ends |= 1 << (t as usize * self.seats.len()),
                WordEnd::Full => full_end = true,
            }
        }
        Some(WordGame {
            ends,
            drop,
            mask,
            line_ends,
            full_end,
        })
    }

    /// Puts the mover's piece on `cell` in the words and keeps its line
    /// flags; returns the end rule that fires, if one does.
    #[inline(always)]
    fn place_on_words(&self, game: &WordGame, words: &mut Words, cell: CellId) -> Option<usize> {
        let (seats, mover) = (self.seats.len(), words.mover);
        let bit = 1u64 << cell;
        words.empty &= !bit;
        words.own[mover] |= bit;
        for (t, table) in self.line_tables.iter().enumerate() {
            let flag = 1 << (t * seats + mover);
            if words.lines & flag == 0 && holds(table, words.own[mover], cell) {
                words.lines |= flag;
            }
        }
        let full = words.empty == 0;
        if words.lines & game.line_ends << mover == 0 && !(full && game.full_end) {
            return None;
        }
        game.ends[..self.ends.len()]
            .iter()
            .position(|end| match *end {
                WordEnd::MoverLine(t) => words.lines >> (t as usize * seats + mover) & 1 != 0,
                WordEnd::Full => full,
            })
    }

    /// Writes a word playout's position into the state: the cells played,
    /// in order, then the words and counters; `ended` when the last turn
    /// ended the game (which stays on its mover's turn, as in `play`).
    fn write_words(&self, state: &mut State, words: &Words, played: &[(u8, u8)], ended: bool) {
        let seats = self.seats.len();
        state.fill_empties(played, self);
        if let Some(&(last, _)) = played.last() {
            state.last = CellId::from(last);
            state.passes = 0;
        }
        state.tops[0] = u128::from(words.empty);
        let seat_words = state.tops[1..=seats].iter_mut().zip(&words.own);
        let counters = state.counts.iter_mut().zip(state.supply.iter_mut());
        for ((top, &own), (count, supply)) in seat_words.zip(counters) {
            // The seat's pieces played: the bits its word gained.
            let placed = (*top as u64 ^ own).count_ones() as i32;
            *top = u128::from(own);
            *count += placed;
            // An unlimited supply (`i32::MAX`) stays so.
            if *supply != i32::MAX {
                *supply -= placed;
            }
        }
        for (i, flag) in state.lines.iter_mut().enumerate() {
            *flag = words.lines >> i & 1 != 0;
        }
        // Whether the pieces form one group is not worked out: "not known".
        state.joined.0 = false;
        state.mover = words.mover as u8;
        state.turn += played.len() as u32 - u32::from(ended);
    }
}

/// The most turns a word playout from `first`'s turn can play before a
/// seat with no piece left is to move (as many as `max_moves` at most):
/// seat `s` moves at turns `(s - first) mod seats`, then every `seats`.
fn turn_limit(supply: &[i32], first: usize, max_moves: u32) -> u32 {
    let seats = supply.len();
    let mut limit = u64::from(max_moves);
    for (s, &left) in supply.iter().enumerate() {
        if left != i32::MAX {
            let before = ((s + seats - first) % seats) as u64;
            limit = limit.min(before + left.max(0) as u64 * seats as u64);
        }
    }
    limit as u32
}

impl WordGame {
    /// The first of the `ends` end rules that holds, given the line flags
    /// shifted to the mover (`lines`) and whether the board is full.
    #[inline]
    fn first_end(&self, ends: usize, lines: u64, seats: usize, full: bool) -> Option<usize> {
        self.ends[..ends].iter().position(|end| match *end {
            WordEnd::MoverLine(t) => lines >> (t as usize * seats) & 1 != 0,
            WordEnd::Full => full,
        })
    }

    /// A uniformly random candidate cell (as `random_move` draws it), if any.
    #[inline(always)]
    fn draw<R: Rng>(&self, words: &Words, rng: &mut R) -> Option<CellId> {
        self.draw_of(words.empty, rng)
    }

    /// [`WordGame::draw`] of the `empty` cells.
    #[inline(always)]
    fn draw_of<R: Rng>(&self, empty: u64, rng: &mut R) -> Option<CellId> {
        let bits = match self.drop {
            None => empty,
            Some((delta, from, floor)) => empty & ((!empty & from).rotate_left(delta) | floor),
        } & self.mask;
        let n = bits.count_ones() as usize;
        (n > 0).then(|| nth_cell64(bits, below(rng, n) as u32))
    }
}

impl Words {
    /// The words of a position; built in place, not copied out of a call.
    #[inline(always)]
    fn of(state: &State, seats: usize) -> Self {
        let mut words = Words {
            empty: state.tops[0] as u64,
            own: [0; MAX_SEATS],
            lines: 0,
            mover: state.mover as usize,
        };
        for (own, &top) in words.own.iter_mut().zip(&state.tops[1..=seats]) {
            *own = top as u64;
        }
        for (i, &flag) in state.lines.iter().enumerate() {
            words.lines |= u64::from(flag) << i;
        }
        words
    }
}

/// Whether `stones` (a seat's pieces, one of them just placed on `cell`)
/// hold a line of the table's length.
#[inline(always)]
fn holds(table: &LineTable, stones: u64, cell: CellId) -> bool {
    // A line needs as many pieces as it has cells: a seat's first few
    // turns are told by one count.
    if (stones.count_ones() as usize) < table.length {
        return false;
    }
    match (&table.axis_shifts, &table.small_masks) {
        (Some(shifts), _) => table.holds_line(shifts, stones),
        (None, Some(_)) => table.covers_line_through(stones, cell),
        (None, None) => false,
    }
}
