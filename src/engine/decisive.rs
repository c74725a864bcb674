//! Decisive playouts: random play that takes a win at once and stops a
//! seat's win at once, where the rules make both cheap to see.
//!
//! They are cheap to see when the `win-line` pass found that a win is
//! exactly a line of the mover's, the board fits a bitboard without stacks,
//! and the phase's moves are plain placements: then the cells where a seat
//! would complete a line are read off the line table's masks once a
//! playout, and kept up to date from the lines through each cell placed on;
//! the cells the mover may place on are read off the place steps'
//! bitboards (listed only when a filter may forbid some). Elsewhere a
//! decisive playout is a random playout.

use rand::Rng;

use super::bitboard::nth_cell;
use super::chain::Progress;
use super::near_lines::completing;
use super::{below, random_playout, Move, State};
use crate::ir::{Form, MoveRule, Rules, Step};

impl Rules {
    /// The line table whose line wins, when a decisive playout can see wins
    /// cheaply in these rules (see the module's comment).
    pub fn sees_wins(&self) -> Option<usize> {
        let t = usize::from(self.plan.win_line?);
        let table = &self.line_tables[t];
        let cheap = table.masks.is_some() && self.plan.keeps.tops && !self.stacks;
        let placements = self
            .phases
            .iter()
            .any(|p| !p.rules.is_empty() && p.rules.iter().all(|r| r.form == Form::Place));
        (cheap && placements).then_some(t)
    }

    /// Plays a random game on from `state` for at most `max_moves` moves,
    /// but where the mover can win at once it does, and else where a seat
    /// of another team could win at once on a cell the mover may take, the
    /// mover takes one such cell. Returns the moves played. Where
    /// [`Rules::sees_wins`] is `None` this is [`random_playout`].
    pub fn decisive_playout<R: Rng + Clone>(
        &self,
        state: &mut State,
        buf: &mut Vec<Move>,
        rng: &mut R,
        max_moves: u32,
    ) -> u32 {
        let t = match self.sees_wins() {
            Some(t) if self.seats.len() <= MAX_SEATS => t,
            _ => return random_playout(self, state, buf, rng, max_moves),
        };
        let mut wins = Wins::default();
        self.all_wins(state, t, &mut wins);
        let mut played = 0;
        while played < max_moves && !state.is_over() {
            let decisive = self.decisive_move(t, state, &wins, buf, rng);
            let Some(m) = decisive.or_else(|| self.random_move(state, buf, rng)) else {
                break;
            };
            let seat = state.mover;
            self.play(state, m);
            self.update_wins(state, t, seat, m, &mut wins);
            debug_assert!(self.wins_agree(state, t, &wins), "kept wins after {m:?}");
            played += 1;
        }
        played
    }

    /// Every seat's winning cells in `state`, and the bitboards they are
    /// read from.
    fn all_wins(&self, state: &State, t: usize, wins: &mut Wins) {
        for seat in 0..self.seats.len().min(MAX_SEATS) {
            wins.cells[seat] = self.winning_cells(state, t, seat as u8);
        }
        wins.keep_tops(state);
    }

    /// Whether the kept winning cells are those read afresh.
    fn wins_agree(&self, state: &State, t: usize, wins: &Wins) -> bool {
        let seats = self.seats.len() as u8;
        !wins.kept || (0..seats).all(|s| wins.cells[s as usize] == self.winning_cells(state, t, s))
    }

    /// Brings `wins` up to date after `seat`'s move `m`: when it only put
    /// the seat's piece on an empty cell (no effect after the turn may
    /// change the board, and the bitboards say so), that cell is no one's
    /// to win on and only the lines through it can have become the seat's
    /// one short; else every seat's cells are read again.
    fn update_wins(&self, state: &State, t: usize, seat: u8, m: Move, wins: &mut Wins) {
        let s = seat as usize;
        let placed = match m {
            Move::Place(cell) if wins.kept && self.effects.is_empty() => {
                let bit = 1u128 << cell;
                let alone = state.tops[0] == wins.tops[0] & !bit
                    && state.tops[s + 1] == wins.tops[s + 1] | bit;
                alone.then_some(cell)
            }
            _ => None,
        };
        let Some(cell) = placed else {
            if !wins.kept || state.tops[..] != wins.tops[..state.tops.len()] {
                self.all_wins(state, t, wins);
            }
            return;
        };
        let bit = 1u128 << cell;
        wins.tops[0] &= !bit;
        wins.tops[s + 1] |= bit;
        for cells in &mut wins.cells {
            *cells &= !bit;
        }
        let table = &self.line_tables[t];
        let Some(masks) = &table.masks else {
            return;
        };
        let through = table.through(cell).iter().map(|&l| &masks[l as usize]);
        wins.cells[s] |= completing(through, wins.tops[s + 1], wins.tops[0]);
    }

    /// The mover's move that wins at once, or else a random one of those
    /// that stop the first seat after the mover, of another team, that
    /// would win at once on a cell the mover may take; `None` when there is
    /// neither, or the phase's moves are not plain placements.
    fn decisive_move<R: Rng>(
        &self,
        t: usize,
        state: &State,
        wins: &Wins,
        buf: &mut Vec<Move>,
        rng: &mut R,
    ) -> Option<Move> {
        let rules = &self.phases[state.phase as usize].rules;
        if rules.is_empty() || rules.iter().any(|r| r.form != Form::Place) {
            return None;
        }
        let mover = state.mover;
        let cells = |s: u8| match wins.kept {
            true => wins.cells[s as usize],
            false => self.winning_cells(state, t, s),
        };
        let seats = self.seats.len() as u8;
        let others = (1..seats)
            .map(|k| (mover + k) % seats)
            .filter(|&s| self.team[s as usize] != self.team[mover as usize]);
        let mut open = None;
        for (seat, cells) in std::iter::once(mover).chain(others).map(|s| (s, cells(s))) {
            if cells == 0 {
                continue;
            }
            let open = *open.get_or_insert_with(|| self.open_cells(state, rules, buf));
            let bits = cells & open;
            if bits != 0 {
                // Any win will do (the first); a block is drawn at random.
                let n = if seat == mover {
                    0
                } else {
                    below(rng, bits.count_ones() as usize)
                };
                return Some(Move::Place(nth_cell(bits, n as u32)));
            }
        }
        None
    }

    /// The cells the mover may place a piece on: read off the place steps'
    /// bitboards when no filter may forbid a placement, else off the listed
    /// moves.
    fn open_cells(&self, state: &State, rules: &[MoveRule], buf: &mut Vec<Move>) -> u128 {
        if self.filters.is_empty() {
            if state.supply[state.mover as usize] <= 0 {
                return 0;
            }
            let mut open = 0;
            for rule in rules {
                match rule.steps.first() {
                    Some(Step::Place(select)) => {
                        open |= self.candidate_bits(select, state, Progress::START);
                    }
                    _ => return self.listed_cells(state, buf),
                }
            }
            return open;
        }
        self.listed_cells(state, buf)
    }

    /// The cells the mover's listed moves put a piece on.
    fn listed_cells(&self, state: &State, buf: &mut Vec<Move>) -> u128 {
        self.legal_moves(state, buf);
        buf.iter().fold(0, |bits, m| match *m {
            Move::Place(c) => bits | 1u128 << c,
            _ => bits,
        })
    }

    /// The empty cells where a piece of `seat` would complete a line of
    /// table `t` (its masks must be known).
    fn winning_cells(&self, state: &State, t: usize, seat: u8) -> u128 {
        let table = &self.line_tables[t];
        let Some(masks) = &table.masks else {
            return 0;
        };
        let own = state.tops[seat as usize + 1];
        if (own.count_ones() as usize) + 1 < table.length {
            return 0;
        }
        completing(masks.iter(), own, state.tops[0])
    }
}

/// The most seats whose winning cells a decisive playout keeps as it goes.
const MAX_SEATS: usize = 8;

/// The bitboards of each piece code, empty cells first.
type Tops = [u128; MAX_SEATS + 2];

/// Each seat's winning cells, kept up to date as a decisive playout goes on.
#[derive(Default)]
struct Wins {
    /// Per seat: the empty cells where its piece would complete a line.
    cells: [u128; MAX_SEATS],
    /// The bitboards the cells were read from.
    tops: Tops,
    /// Whether `tops` holds every piece code (else nothing is kept).
    kept: bool,
}

impl Wins {
    fn keep_tops(&mut self, state: &State) {
        self.kept = state.tops.len() <= self.tops.len();
        if self.kept {
            self.tops = [0; MAX_SEATS + 2];
            self.tops[..state.tops.len()].copy_from_slice(&state.tops);
        }
    }
}
