//! Random playouts of sowing games on small boards (Qawale and its kin: one
//! rule that puts the mover's piece on a stack and sows it, on at most 64
//! cells, ending on lines and counters). The stacks, heights and sowing
//! counts are changed in place as turn-by-turn play changes them; what the
//! turn-by-turn path keeps in wider tables (each piece's cells, the line
//! flags, the supplies) is held in words for the playout and written back
//! once when it stops, and a line flag is worked out only when an end rule
//! reads it. The draws are the same as `play_random_sow`'s, so
//! the state ends exactly as turn-by-turn play leaves it.

use std::cell::Cell;

use rand::Rng;

use super::pieces::occupy_in;
use super::state::{Fault, FaultKind};
use super::{State, MAX_MOVES};
use crate::ir::end_test::{Atom, Counter, Who};
use crate::ir::loop_ends::LeafEnd;
use crate::ir::plan::{LOOP_ENDS, SOW_LOOP_CODES};
use crate::ir::{CellId, Rules, Sowing, NO_CELL};
use crate::syntax::Span;

/// The most piece codes (empty, the seats, the neutral kinds) the words hold.
const MAX_CODES: usize = SOW_LOOP_CODES;

/// The most seats (the language's limit).
const MAX_SEATS: usize = 8;

/// The most end rules the words test.
const MAX_ENDS: usize = LOOP_ENDS;

/// The position as the sowing playout holds it beside the state.
struct Words {
    /// Per piece code, its cells.
    tops: [u64; MAX_CODES],
    /// The line flags, a bit each (`state.lines`'s order), where `known`.
    lines: u64,
    /// The line flags worked out since the last move: a flag is worked
    /// out when an end rule reads it, and all are when the playout stops.
    known: u64,
    supply: [i32; MAX_SEATS],
    counts: [i32; MAX_SEATS],
    mover: usize,
    turn: u32,
}

impl Rules {
    /// Plays random sowing moves on words to the end of the game, reading
    /// the end rules as `ends`, or returns `None` when the game is not one
    /// the words can hold (see the module doc); the number of moves played
    /// otherwise.
    #[inline(never)]
    pub(super) fn sow_playout<R: Rng>(
        &self,
        ends: &[LeafEnd; MAX_ENDS],
        state: &mut State,
        rng: &mut R,
        max_moves: u32,
    ) -> Option<u32> {
        let sowing = self.sow_game(state)?;
        let table = self.plan.sow_counts.as_deref()?;
        let span = self.phases[state.phase as usize].span;
        let mut words = Words::of(self, state);
        let mut stacks = Stacks::of(state);
        let mut played = 0;
        let mut ended = None;
        let mut last = NO_CELL;
        while played < max_moves && stacks.total != 0 && words.supply[words.mover] > 0 {
            if stacks.total > MAX_MOVES as u64 {
                too_many_sown(stacks.fault, span, words.turn);
            }
            last = self.sow_on_words(sowing, table, &mut stacks, &mut words, rng);
            words.known = 0;
            let mover = words.mover;
            words.counts[mover] += 1;
            if words.supply[mover] != i32::MAX {
                words.supply[mover] -= 1;
            }
            played += 1;
            ended = ends[..self.ends.len()]
                .iter()
                .position(|&end| end_holds(end, &mut words, self));
            if ended.is_some() {
                break;
            }
            words.mover = if mover + 1 == self.seats.len() {
                0
            } else {
                mover + 1
            };
            words.turn += 1;
        }
        state.sow_total = stacks.total;
        if played > 0 {
            state.last = last;
            words.write(self, state);
        }
        if let Some(e) = ended {
            self.end_by(state, &self.ends[e]);
        }
        Some(played)
    }

    /// The game's sowing (the `playout-loop` pass found that the rules fit
    /// words, and the caller that the game is in the sowing phase), or
    /// `None` when the mover is to play again or the game is over.
    fn sow_game(&self, state: &State) -> Option<&Sowing> {
        if state.again || state.outcome.is_some() {
            return None;
        }
        let rule = self.phases.get(state.phase as usize)?.rules.first()?;
        rule.sowing()
    }

    /// One sowing move drawn as `play_random_sow` draws it and played on the
    /// state's stacks and the words; returns the last cell sown.
    #[inline(always)]
    fn sow_on_words<R: Rng>(
        &self,
        sowing: &Sowing,
        table: &[u64],
        stacks: &mut Stacks,
        words: &mut Words,
        rng: &mut R,
    ) -> CellId {
        let mut pick = rng.gen_range(0..stacks.total);
        let mut from = 0;
        for (c, &n) in stacks.weights.iter().enumerate() {
            if pick < n {
                from = c;
                break;
            }
            pick -= n;
        }
        let cells = self.geometry.cell_count();
        let d_count = self.geometry.directions.len();
        let width = d_count + 1;
        let capacity = self.stack_capacity;
        let height = stacks.heights[from] as usize;
        let start = from * capacity;
        if height > 0 {
            stacks.heights[from] = 0;
            words.retop(from, 0, stacks.board);
            stacks.weigh(from, table[from]);
            stacks.empty_pos[from] = stacks.empty_list.len() as CellId;
            stacks.empty_list.push(from as CellId);
        }
        let (mut cell, mut came) = (from, d_count);
        for i in 0..=height {
            // The stack is sown from where it lay: a drop back on `from`
            // writes below the pebble read next (a path returns there at
            // most every other step), so no copy of it is needed.
            let piece = match i < height {
                true => stacks.stacks[start + i],
                false => words.mover as u8 + 1,
            };
            let walks = &sowing.walks[(height - i) * cells * width..];
            let row = (cell * width + came) * d_count;
            for &(d, to) in &sowing.next_steps[row..row + d_count] {
                debug_assert!(
                    to != NO_CELL,
                    "the path index is below the stack's path count"
                );
                let n = walks[to as usize * width + d as usize];
                if pick < n {
                    (cell, came) = (to as usize, d as usize);
                    break;
                }
                pick -= n;
            }
            let h = stacks.heights[cell] as usize;
            if h == 0 {
                occupy_in(stacks.empty_list, stacks.empty_pos, cell as CellId);
            }
            stacks.stacks[cell * capacity + h] = piece;
            stacks.heights[cell] = h as u8 + 1;
            words.retop(cell, piece, stacks.board);
            stacks.weigh(cell, table[(h + 1) * cells + cell]);
        }
        cell as CellId
    }
}

/// Records that a sowing was drawn from more moves than a list holds, as
/// `too_many_sown` does, at the words' turn.
#[cold]
#[inline(never)]
fn too_many_sown(fault: &Cell<Option<Fault>>, span: Span, turn: u32) {
    if fault.get().is_none() {
        let kind = FaultKind::TooManyMoves;
        fault.set(Some(Fault { kind, span, turn }));
    }
}

/// The state's tables a sowing changes, borrowed for a whole playout.
struct Stacks<'s> {
    heights: &'s mut [u8],
    stacks: &'s mut [u8],
    board: &'s mut [u8],
    /// Per cell, its sowing moves (`state.sow_moves`).
    weights: &'s mut [u64],
    /// Their sum (`state.sow_total`), written back by the caller.
    total: u64,
    empty_list: &'s mut Vec<CellId>,
    empty_pos: &'s mut [CellId],
    fault: &'s Cell<Option<Fault>>,
}

impl<'s> Stacks<'s> {
    /// The tables of `state`.
    fn of(state: &'s mut State) -> Self {
        let total = state.sow_total;
        let State {
            heights,
            stacks,
            board,
            sow_moves,
            empty_list,
            empty_pos,
            fault,
            ..
        } = state;
        Stacks {
            heights,
            stacks,
            board,
            weights: sow_moves,
            total,
            empty_list,
            empty_pos,
            fault,
        }
    }

    /// Sets the sowing moves of `cell`, keeping their total.
    #[inline(always)]
    fn weigh(&mut self, cell: usize, weight: u64) {
        self.total = self.total - self.weights[cell] + weight;
        self.weights[cell] = weight;
    }
}

impl Words {
    /// The words of a position.
    fn of(rules: &Rules, state: &State) -> Self {
        let seats = rules.seats.len();
        let mut words = Words {
            tops: [0; MAX_CODES],
            lines: 0,
            known: u64::MAX,
            supply: [0; MAX_SEATS],
            counts: [0; MAX_SEATS],
            mover: state.mover as usize,
            turn: state.turn,
        };
        if rules.plan.keeps.tops {
            for (word, &top) in words.tops.iter_mut().zip(&state.tops) {
                *word = top as u64;
            }
        } else {
            for (c, &code) in state.board.iter().enumerate() {
                words.tops[code as usize % MAX_CODES] |= 1 << c;
            }
        }
        for (i, &flag) in state.lines.iter().enumerate() {
            words.lines |= u64::from(flag) << i;
        }
        words.supply[..seats].copy_from_slice(&state.supply);
        words.counts[..seats].copy_from_slice(&state.counts);
        words
    }

    /// Shows `code` on top of `cell`, on the board and in the words.
    #[inline(always)]
    fn retop(&mut self, cell: usize, code: u8, board: &mut [u8]) {
        let bit = 1u64 << cell;
        let old = std::mem::replace(&mut board[cell], code);
        self.tops[old as usize % MAX_CODES] &= !bit;
        self.tops[code as usize % MAX_CODES] |= bit;
    }

    /// Whether `seat` has a line of table `t`'s length, worked out from its
    /// cells (as `recount` does) unless already known since the last move.
    fn line(&mut self, rules: &Rules, t: usize, seat: usize) -> bool {
        let bit = 1 << (t * rules.seats.len() + seat);
        if self.known & bit == 0 {
            let table = &rules.line_tables[t];
            let masks = &table.small_masks.as_ref().expect("checked by sow_game");
            let own = self.tops[seat + 1];
            // Fewer cells than a line has hold none: most seats, most turns.
            let enough = own.count_ones() as usize >= table.length;
            match enough && masks.lines.iter().any(|&m| m & !own == 0) {
                true => self.lines |= bit,
                false => self.lines &= !bit,
            }
            self.known |= bit;
        }
        self.lines & bit != 0
    }

    /// Writes the words into the state.
    fn write(&mut self, rules: &Rules, state: &mut State) {
        let seats = rules.seats.len();
        if rules.plan.keeps.tops {
            for (top, &word) in state.tops.iter_mut().zip(&self.tops) {
                *top = u128::from(word);
            }
        }
        for (i, flag) in state.lines.iter_mut().enumerate() {
            let (t, seat) = (i / seats, i % seats);
            *flag = self.line(rules, t, seat);
        }
        state.supply.copy_from_slice(&self.supply[..seats]);
        state.counts.copy_from_slice(&self.counts[..seats]);
        // Whether the pieces form one group is not worked out: "not known".
        state.joined.0 = false;
        // An ended game stays on its last mover's turn, as in `play`.
        state.mover = self.mover as u8;
        state.turn = self.turn;
    }

    /// The seat `who` names.
    #[inline(always)]
    fn seat(&self, who: Who, seats: usize) -> usize {
        match who {
            Who::Mover => self.mover,
            Who::Next => {
                if self.mover + 1 == seats {
                    0
                } else {
                    self.mover + 1
                }
            }
            Who::Fixed(s) => s as usize,
        }
    }
}

/// Whether an end rule holds on the words.
#[inline(always)]
fn end_holds(end: LeafEnd, words: &mut Words, rules: &Rules) -> bool {
    match end {
        LeafEnd::One(a) => atom_holds(a, words, rules),
        LeafEnd::Both(a, b) => atom_holds(a, words, rules) && atom_holds(b, words, rules),
        LeafEnd::Either(a, b) => atom_holds(a, words, rules) || atom_holds(b, words, rules),
    }
}

/// Whether the leaf holds on the words.
#[inline(always)]
fn atom_holds(atom: Atom, words: &mut Words, rules: &Rules) -> bool {
    let seats = rules.seats.len();
    match atom {
        Atom::Line(t, who) => words.line(rules, t as usize, words.seat(who, seats)),
        Atom::Full => words.tops[0] == 0,
        // `sow_ends` leaves sides to the engine: the words keep no tops.
        Atom::OnSide(..) => unreachable!("the sowing loop reads no sides"),
        Atom::Compare(counter, op, c) => {
            let value = match counter {
                Counter::Supply(who) => match words.supply[words.seat(who, seats)] {
                    i32::MAX => i64::MAX,
                    v => i64::from(v),
                },
                Counter::Count(who) => i64::from(words.counts[words.seat(who, seats)]),
                Counter::Turn => i64::from(words.turn),
                // `sow_ends` leaves runs to the engine: the words keep none.
                Counter::Runs(..) | Counter::Passes => {
                    unreachable!("the sowing loop reads no runs and no passes")
                }
            };
            op.apply(value, c) != 0
        }
    }
}
