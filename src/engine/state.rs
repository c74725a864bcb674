//! The game state: everything that changes during play, in flat arrays.

use std::cell::Cell;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::ir::{CellId, Rules, NO_CELL};

mod copy;
mod same;

pub(super) use copy::{copy_slice, copy_vec};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// That seat won.
    Win(u8),
    /// Nobody won.
    Draw,
}

/// Something that went wrong while the game was played: the game goes on
/// (a failed expression counts 0), but the rules need mending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fault {
    /// What went wrong.
    pub kind: FaultKind,
    /// Where: the failing expression, or the phase whose moves overflowed.
    pub span: crate::syntax::Span,
    /// The turn it happened in.
    pub turn: u32,
}

/// The kinds of [`Fault`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// A division or remainder by zero.
    DivisionByZero,
    /// A sum, difference, product or quotient beyond the 64-bit integers,
    /// or a score beyond 32 bits.
    Overflow,
    /// More moves than the engine lists in one position
    /// ([`crate::engine::MAX_MOVES`]): only the first were kept.
    TooManyMoves,
    /// A position whose moves took longer to list than the engine allows
    /// (`budget::LIST_TIME`): only those found by then were kept.
    SlowListing,
}

/// The state of one game.
#[derive(Debug)]
pub struct State {
    /// Per cell: 0 empty, else the owning seat + 1.
    pub board: Vec<u8>,
    /// The empty cells, in no particular order, where the plan keeps them
    /// (`empty_listed`); else empty, and the empty cells are `tops[0]`.
    pub(super) empty_list: Vec<CellId>,
    /// Whether `empty_list` and `empty_pos` are kept (`Keeps::empty_list`).
    pub(super) empty_listed: bool,
    /// Per cell: its index in `empty_list` (meaningless for occupied cells).
    pub(super) empty_pos: Vec<CellId>,
    /// `board` laid out in the geometry's slot grid (empty border included), so
    /// that run walks step by adding a stride and need no edge test (kept when
    /// the plan says, `Keeps::slots`: for runs, and lines without bitboards).
    pub(super) slots: Vec<u8>,
    /// Per cell, `stack_capacity` slots: the pieces of the cell's stack, bottom
    /// first (only the first `heights[c]` count). Without stacks, the board.
    pub(super) stacks: Vec<u8>,
    /// Per cell: how many pieces it holds.
    pub(super) heights: Vec<u8>,
    /// Per piece code (index 0: empty cells): the cells whose top piece has
    /// that code, as a bitboard (kept when the plan says, `Keeps::tops`: the
    /// `bitboards` pass).
    pub(super) tops: Vec<u128>,
    /// Per cell: the sowing moves from its stack, kept when the rules have a
    /// `Plan::sow_counts`; and their total.
    pub(super) sow_moves: Vec<u64>,
    /// The total of `sow_moves`.
    pub(super) sow_total: u64,
    /// Every chance outcome so far, in order: the first seat when it is
    /// drawn, then each shuffle's cards in the order they will be drawn. The
    /// cards still in the draw pile are the last ones, so that cutting them
    /// off leaves only what has been seen.
    pub chance: Vec<u32>,
    /// Chance outcomes to use instead of the RNG, from a record being
    /// replayed; `script_at` is the next one. Empty when chance is drawn.
    pub(super) script: Vec<u32>,
    /// The next outcome of `script`.
    pub(super) script_at: usize,
    /// Whether a scripted outcome was impossible (a shuffle that is not a
    /// permutation of the pile, a seat out of range): the RNG was used instead.
    pub bad_script: bool,
    /// Per seat, `rules.deck.len()` slots: its hand, sorted by value (only
    /// the first `hand_len[seat]` count). A 0 is a card the view hides.
    pub(super) hands: Vec<u8>,
    /// Per seat: how many cards it holds.
    pub(super) hand_len: Vec<u8>,
    /// The draw pile; the last card is the top, drawn next.
    pub(super) draw_pile: Vec<u8>,
    /// The discard pile, face up; the last card is the top.
    pub(super) discard: Vec<u8>,
    /// Per (cell, seat): how many of the seat's pieces the cell holds (kept
    /// with `owner majority`).
    pub(super) stones: Vec<u8>,
    /// Per cell: the most pieces one seat has there and the next most (kept
    /// with `owner majority`, so that `lead` and `margin` cost no loop).
    pub(super) most: Vec<[u8; 2]>,
    /// Per seat: pieces left to place (`i32::MAX` when unlimited).
    pub supply: Vec<i32>,
    /// Per seat: the score after the last turn when some rule reads scores
    /// during play, else 0 until the game ends (then the final score).
    pub scores: Vec<i32>,
    /// Per seat: how much the score rose in the last turn.
    pub gains: Vec<i32>,
    /// Per seat: pieces on the board.
    pub counts: Vec<i32>,
    /// Per seat: pieces it has captured.
    pub captured: Vec<i32>,
    /// Per (line length, seat): whether the seat has such a line.
    pub(super) lines: Vec<bool>,
    /// Per (run length, seat): the run total.
    pub(super) runs: Vec<i32>,
    /// A union-find over the cells, each root's rank and sides, and per
    /// seat the pairs of sides one of its groups joins (kept with
    /// `Keeps::links`, the `side-links` pass; see `links.rs`).
    pub(super) links: Vec<CellId>,
    pub(super) link_marks: Vec<u8>,
    pub(super) sides_joined: Vec<u16>,
    /// The seat to move.
    pub mover: u8,
    /// The current turn number, from 1.
    pub turn: u32,
    /// The last cell placed on, or `NO_CELL`.
    pub last: CellId,
    /// The current phase.
    pub phase: u8,
    /// The turn the current phase started.
    pub(super) phase_start: u32,
    /// How many turns in a row, up to the last, ended in a forced pass.
    pub(super) passes: u8,
    /// Whether the move being played gives the mover another turn (`again`).
    pub(super) again: bool,
    /// Whether that turn keeps this turn's throw (`again keeping the throw`).
    pub(super) keep_throw: bool,
    /// The faces of the dice thrown this turn (`dice`), 0 past the last.
    pub(super) dice: [u8; crate::ir::dice::MAX_DICE],
    /// How many dice of this throw the move's walks used (`move by dice`).
    pub(super) dice_used: u8,
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
    /// The first expression that failed (division by zero), if any. A cell, so
    /// that evaluation, which only reads the state, can record it.
    pub(super) fault: Cell<Option<Fault>>,
    /// The game's one source of chance.
    pub rng: Pcg64Mcg,
    /// Whether the pieces are known to form one group (or none).
    pub(super) joined: Joined,
    /// Where the deals stand (with `deal`).
    pub(super) round: super::Round,
    /// Kinds, counters and captures (`engine/memory.rs`).
    pub(super) memory: super::memory::Slot,
}

/// A cached fact about the board: the pieces are known to form one group.
/// False means "not known"; two states with the same pieces are equal
/// whatever it says.
#[derive(Clone, Copy, Debug)]
pub(super) struct Joined(pub bool);

impl PartialEq for Joined {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Rules {
    /// Whether the set-up draws chance (a first seat drawn, cards dealt,
    /// dice). These are the rules' only chance, so if not, no game of
    /// them ever draws from its chance generator: every seed's start is
    /// one position, and a copy of it costs less than a set-up
    /// (tic-tac-toe: about 300 instructions against 800).
    pub fn set_up_draws(&self) -> bool {
        self.first_random || !self.deck.is_empty() || self.deal.is_some() || self.dice.is_some()
    }
}

impl State {
    /// The start position of `rules`, with chance seeded by `seed`.
    pub fn new(rules: &Rules, seed: u64) -> Self {
        let mut state = State::blank(Pcg64Mcg::seed_from_u64(seed));
        state.reset(rules, seed);
        state
    }

    /// The start position of `rules` with its chance outcomes taken from
    /// `chance` (as a record lists them) for as long as they last, instead of
    /// being drawn: replaying a record needs no seed.
    pub fn scripted(rules: &Rules, chance: &[u32]) -> Self {
        State::resumed(rules, chance, 0)
    }

    /// [`State::scripted`], with chance drawn from `seed` once the script is
    /// used up: a recorded game resumed.
    pub fn resumed(rules: &Rules, chance: &[u32], seed: u64) -> Self {
        let mut state = State::blank(Pcg64Mcg::seed_from_u64(seed));
        state.script = chance.to_vec();
        state.reset(rules, seed);
        state
    }

    /// A state with empty buffers, to be filled by `reset` or `clone_from`.
    fn blank(rng: Pcg64Mcg) -> Self {
        State {
            board: Vec::new(),
            slots: Vec::new(),
            stacks: Vec::new(),
            heights: Vec::new(),
            tops: Vec::new(),
            empty_listed: true,
            sow_moves: Vec::new(),
            sow_total: 0,
            chance: Vec::new(),
            script: Vec::new(),
            script_at: 0,
            bad_script: false,
            hands: Vec::new(),
            hand_len: Vec::new(),
            draw_pile: Vec::new(),
            discard: Vec::new(),
            stones: Vec::new(),
            most: Vec::new(),
            empty_list: Vec::new(),
            empty_pos: Vec::new(),
            supply: Vec::new(),
            scores: Vec::new(),
            gains: Vec::new(),
            counts: Vec::new(),
            lines: Vec::new(),
            runs: Vec::new(),
            captured: Vec::new(),
            links: Vec::new(),
            link_marks: Vec::new(),
            sides_joined: Vec::new(),
            mover: 0,
            turn: 1,
            last: NO_CELL,
            phase: 0,
            phase_start: 1,
            passes: 0,
            again: false,
            dice: [0; crate::ir::dice::MAX_DICE],
            dice_used: 0,
            keep_throw: false,
            outcome: None,
            fault: Cell::new(None),
            rng,
            joined: Joined(true),
            round: super::Round::START,
            memory: None,
        }
    }

    /// Makes this the start position of `rules` with chance seeded by `seed`,
    /// as [`State::new`] does, but reusing the buffers: simulations start many
    /// games on one thread.
    pub fn reset(&mut self, rules: &Rules, seed: u64) {
        let cells = rules.geometry.cell_count();
        let seats = rules.seats.len();
        let refill = |v: &mut Vec<_>, n, x| {
            v.clear();
            v.resize(n, x);
        };
        refill(&mut self.board, cells, 0);
        // The slot grid serves run walks only.
        let slots = if rules.plan.keeps.slots {
            rules.geometry.slot_count
        } else {
            0
        };
        refill(&mut self.slots, slots, 0);
        let stored = if rules.majority {
            0
        } else {
            cells * rules.stack_capacity
        };
        refill(&mut self.stacks, stored, 0);
        refill(
            &mut self.stones,
            if rules.majority { cells * seats } else { 0 },
            0,
        );
        self.most.clear();
        self.most
            .resize(if rules.majority { cells } else { 0 }, [0, 0]);
        refill(&mut self.hands, seats * rules.deck.len(), 0);
        refill(&mut self.hand_len, seats, 0);
        self.draw_pile.clear();
        self.discard.clear();
        self.script_at = 0;
        self.bad_script = false;
        refill(&mut self.heights, cells, 0);
        self.tops.clear();
        self.tops.resize(seats + rules.neutrals.len() + 1, 0);
        if rules.plan.keeps.tops {
            // Code 0 is the empty cells: every cell, before the set-up.
            self.tops[0] = u128::MAX >> (128 - cells);
        }
        self.chance.clear();
        self.empty_listed = rules.plan.keeps.empty_list;
        let listed = if self.empty_listed { cells } else { 0 };
        self.empty_list.clear();
        self.empty_list.extend(0..listed as CellId);
        self.empty_pos.clear();
        self.empty_pos.extend(0..listed as CellId);
        self.supply.clear();
        let each = match rules.supply {
            crate::ir::Supply::Each(n) => n,
            _ => i32::MAX,
        };
        self.supply.resize(seats, each);
        for v in [
            &mut self.scores,
            &mut self.gains,
            &mut self.counts,
            &mut self.captured,
        ] {
            v.clear();
            v.resize(seats, 0);
        }
        self.lines.clear();
        self.lines.resize(rules.line_tables.len() * seats, false);
        self.runs.clear();
        self.runs.resize(rules.run_lengths.len() * seats, 0);
        let linked = rules.link_cells();
        if linked > 0 || !self.links.is_empty() {
            self.links.clear();
            self.links.extend(0..linked as CellId);
            self.link_marks.clear();
            self.link_marks.resize(linked, 0);
            // Left empty without the union-find: `connects` then walks.
            self.sides_joined.clear();
            self.sides_joined
                .resize(if linked > 0 { seats } else { 0 }, 0);
        }
        self.mover = 0;
        self.turn = 1;
        self.last = NO_CELL;
        self.phase = 0;
        self.phase_start = 1;
        self.passes = 0;
        self.again = false;
        self.dice = [0; crate::ir::dice::MAX_DICE];
        self.dice_used = 0;
        self.keep_throw = false;
        self.outcome = None;
        self.fault = Cell::new(None);
        self.rng = Pcg64Mcg::seed_from_u64(seed);
        self.joined = Joined(true);
        super::memory::reset(&mut self.memory, rules);
        // The counts start from the empty board; the set-up's pushes keep them.
        self.sow_moves.clear();
        self.sow_total = 0;
        if let Some(table) = &rules.plan.sow_counts {
            self.sow_moves.extend_from_slice(&table[..cells]);
            self.sow_total = self.sow_moves.iter().sum();
        }
        for put in &rules.setup {
            for &cell in &put.cells {
                for _ in 0..put.count {
                    if (self.heights[cell as usize] as usize) < rules.stack_capacity {
                        self.push(cell, put.code, rules);
                        self.set_kind(cell, put.kind);
                        if (put.code as usize) <= seats {
                            self.counts[put.code as usize - 1] += 1;
                        }
                    }
                }
            }
        }
        if rules.plan.keeps.links {
            rules.sync_links(self, None);
        }
        self.round = super::Round::START;
        if rules.first_random || !rules.deck.is_empty() {
            self.deal_and_draw_first(rules);
        }
        if rules.deal.is_some() {
            rules.first_deal(self);
        }
        if let crate::ir::Supply::PerSeat(node) = &rules.supply {
            for s in 0..seats {
                self.supply[s] = rules.seat_value(self, node, s as u8);
            }
        }
        for s in 0..seats {
            self.scores[s] = rules.score_of(self, s as u8);
        }
        if rules.dice.is_some_and(|d| d.decides_first) {
            rules.throw_first(self);
        } else if rules.dice.is_some() {
            rules.throw_dice(self);
        }
        rules.settle_start(self);
    }

    /// The first expression that failed in this game, if any.
    pub fn fault(&self) -> Option<Fault> {
        self.fault.get()
    }

    /// Whether a listing of this game was cut by time (R0006): the game's
    /// moves from here would depend on the machine's speed.
    #[inline]
    pub fn cut_by_time(&self) -> bool {
        self.fault
            .get()
            .is_some_and(|f| f.kind == FaultKind::SlowListing)
    }

    /// Records a fault, keeping the first, except that a listing cut by
    /// time displaces a fault of arithmetic: it is what stops a game.
    pub(super) fn record_fault(&self, kind: FaultKind, span: crate::syntax::Span) {
        let arithmetic =
            |f: Fault| matches!(f.kind, FaultKind::DivisionByZero | FaultKind::Overflow);
        let displaces = kind == FaultKind::SlowListing && self.fault.get().is_some_and(arithmetic);
        if self.fault.get().is_none() || displaces {
            self.fault.set(Some(Fault {
                kind,
                span,
                turn: self.turn,
            }));
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The owner of a cell, if any (a neutral piece has none).
    pub fn owner(&self, cell: CellId) -> Option<u8> {
        let seats = self.supply.len();
        self.board[cell as usize]
            .checked_sub(1)
            .filter(|&s| (s as usize) < seats)
    }

    /// The pieces of a cell, bottom first (codes: seat + 1, or a neutral kind);
    /// empty with `owner majority`, which keeps counts instead (`stones`).
    pub fn stack(&self, cell: CellId, rules: &Rules) -> &[u8] {
        if rules.majority {
            return &[];
        }
        let start = cell as usize * rules.stack_capacity;
        &self.stacks[start..start + self.heights[cell as usize] as usize]
    }

    /// How many pieces a cell holds.
    pub fn height(&self, cell: CellId) -> u8 {
        self.heights[cell as usize]
    }
}
