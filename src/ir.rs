//! The intermediate representation the engine executes.
//!
//! Everything here is dense: cells, seats and counters are small integers, the
//! geometry is precomputed tables, and expressions are trees of [`Node`]s whose
//! hot built-ins (`line`, `runs`) read counters the engine keeps up to date;
//! the `direct-reads` pass fuses built-ins of the context's names into
//! [`Read`]s and their comparisons into [`Test`]s, each read in one step.
//! Nothing in the IR refers to names or source text except for messages.

pub mod card_loop;
mod cards;
mod cell_mask;
pub mod compass;
pub mod dice;
pub mod end_test;
pub mod geometry;
mod guard;
mod lines;
pub mod loop_ends;
mod node;
pub mod pits;
pub mod plan;
mod points;
pub mod print;
pub mod read;
mod rewrite;
pub mod track;

pub use cards::{CardChain, CardKinds, CardPlay, CardTest};
pub use cell_mask::CellMask;
pub use dice::Dice;
pub use geometry::{CellId, Geometry, NO_CELL};
pub use guard::GuardLayout;
pub use lines::{AxisShifts, LineTable, SmallMasks};

/// The most cells one `gather` empties.
pub const MAX_GATHERED: usize = 8;

/// The most steps a chain may have.
pub const MAX_STEPS: usize = 6;

/// The words a repeated walk's choice takes: its number of parts, then
/// their directions, five to a word (see `engine/hops.rs`).
pub const REPEAT_WORDS: usize = 7;

/// The most parts a repeated walk may have.
pub const MAX_HOPS: usize = 30;

/// The words a move keeps for its steps' choices: a step's choice takes
/// [`Step::width`] words, from [`MoveRule::slot`] on.
pub const CHOICE_WORDS: usize = 9;

/// The code of a piece in a cell: 0 empty, seat + 1, or a neutral kind after the seats.
pub type PieceCode = u8;
pub use node::{ArithOp, CmpOp, Node, Pick, SeatRef};
pub use read::{Against, At, Read, Test};
pub use track::{AfterMove, Deal, MoveEffect, SharedValue, SpaceKind, Track, When};

use crate::syntax::Span;

/// Compiled rules, ready to play.
#[derive(Clone, Debug)]
pub struct Rules {
    /// The game's title.
    pub title: String,
    /// Seat names in seat order.
    pub seats: Vec<String>,
    /// The option values these rules were compiled with, by name.
    pub options: Vec<(String, i64)>,
    /// The board.
    pub geometry: Geometry,
    /// Pieces each seat starts with.
    pub supply: Supply,
    /// Each seat's score (`Node::Read(Read::Bound)` is the seat).
    pub score: Option<Node>,
    /// Whether cells hold ordered stacks.
    pub stacks: bool,
    /// The most pieces a cell can hold (1 without stacks).
    pub stack_capacity: usize,
    /// Neutral kinds of piece; kind k has the code `seats + 1 + k`.
    pub neutrals: Vec<String>,
    /// The kinds of the seats' pieces (`kinds`), by index; empty when
    /// every piece is of one kind. The engine keeps each cell's kind.
    pub kinds: Vec<String>,
    /// The counters (`counter`) by index: name and start value.
    pub counters: Vec<(String, i64)>,
    /// Per counter: whether it is a `clock`, left out of the position
    /// that `repeated` and `repetitions` compare.
    pub clocks: Vec<bool>,
    /// The pieces on the board before the first move.
    pub setup: Vec<Setup>,
    /// Whether the first seat is drawn by chance.
    pub first_random: bool,
    /// The phases in order.
    pub phases: Vec<Phase>,
    /// Effects after every turn.
    pub effects: Vec<Effect>,
    /// Filters on the mover's moves (`must block`), applied in order.
    pub filters: Vec<Filter>,
    /// The turn a game stops at, unfinished (`limit N turns`), or 0 for none.
    pub turn_limit: u32,
    /// End rules in order.
    pub ends: Vec<End>,
    /// The line lengths `line(n, _)` uses; the engine keeps a flag per (length, seat).
    pub line_tables: Vec<LineTable>,
    /// The run lengths `runs(n, _)` uses; the engine keeps a total per (length, seat).
    pub run_lengths: Vec<u8>,
    /// Per run length: floor(L/n) for every L up to the longest line.
    pub run_values: Vec<Vec<i32>>,
    /// Each cell's number (`numbers`), or empty.
    pub numbers: Vec<i64>,
    /// The cell with each number (`NO_CELL` for none), indexed by number.
    pub field_of: Vec<CellId>,
    /// Whether a cell belongs to the seat with the most pieces on it (`owner
    /// majority`) rather than to its top piece's seat.
    pub majority: bool,
    /// Every card's value, in the order declared (empty without a deck).
    pub deck: Vec<u8>,
    /// Cards dealt to each seat at the start.
    pub hand: usize,
    /// The tie-breaks, in order (`Node::Read(Read::Bound)` is the seat).
    pub tiebreaks: Vec<Node>,
    /// The track's tables, on a track board.
    pub track: Option<Track>,
    /// Each kind of card by code: its name and value (code 0 unused).
    pub card_kinds: Vec<(String, i64)>,
    /// Each seat's team (its own index without `teams`): seats of one team
    /// win together.
    pub team: Vec<u8>,
    /// Each seat's partner: the next other seat of its team (itself alone).
    pub partner: Vec<u8>,
    /// Hands dealt in rounds, if the rules deal.
    pub deal: Option<Deal>,
    /// The dice thrown at the start of every turn, if the rules throw any.
    pub dice: Option<Dice>,
    /// Whether moves are written by their column (`d`): every place drops.
    pub columns: bool,
    /// The specialised paths the compiler's passes chose.
    pub plan: plan::Plan,
}

/// A phase of play.
#[derive(Clone, Debug)]
pub struct Phase {
    /// Its name.
    pub name: String,
    /// How many turns it lasts; `None` to the end of the game.
    pub turns: Option<u32>,
    /// Its move rules.
    pub rules: Vec<MoveRule>,
    /// The move taken when no other is legal, if any.
    pub otherwise: Option<Otherwise>,
    /// How the game ends when the mover has no legal move (`otherwise
    /// lose`, `otherwise draw`, `otherwise highest score wins`): not a
    /// move, so `otherwise` is then none.
    pub stuck: Option<StuckEnd>,
    /// Where it is declared.
    pub span: Span,
}

impl Phase {
    /// Whether the phase has a forced move (`otherwise pass`, `otherwise
    /// discard hand`) for a mover with no other; `otherwise lose` is none.
    pub fn has_forced_move(&self) -> bool {
        self.otherwise.is_some()
    }

    /// Whether a mover with no move ends the game (`otherwise lose`, ...).
    pub fn ends_when_stuck(&self) -> bool {
        self.stuck.is_some()
    }
}

/// How a phase's game ends for a mover with no move: `how`, or with
/// `if COND else OUTCOME` that only when the condition holds (read with
/// the stuck seat to move), else the other.
#[derive(Clone, Debug)]
pub struct StuckEnd {
    /// The outcome.
    pub how: crate::syntax::ast::Stuck,
    /// The condition for it and the outcome when it fails.
    pub unless: Option<(Node, crate::syntax::ast::Stuck)>,
}

/// How many pieces each seat starts with.
#[derive(Clone, Debug)]
pub enum Supply {
    /// No limit (no `supply` item).
    Unlimited,
    /// The same number for every seat (`supply N`).
    Each(i32),
    /// Computed for each seat at the start (`supply(p) = EXPR`; `Node::Read(Read::Bound)` is the seat).
    PerSeat(Node),
}

impl Supply {
    /// The supply every seat starts with, when it is one number for all.
    pub fn each(&self) -> Option<i32> {
        match self {
            Supply::Each(n) => Some(*n),
            _ => None,
        }
    }
}

/// A filter on the mover's moves.
#[derive(Clone, Debug)]
pub enum Filter {
    /// `must block [when COND]`: unless a move wins at once, stop the nearest
    /// seat after the mover that could win at once, if some move does.
    MustBlock(Option<Node>),
    /// `must capture [most]`: when some move captures, only the moves that
    /// capture (with `most`, that capture the most pieces).
    MustCapture(bool),
    /// `must leave COND`: only the moves after which the condition holds
    /// (evaluated on the position the move leaves, the mover unchanged),
    /// with the condition as the rules write it (to explain a refusal).
    MustLeave(Node, String),
}

/// A move rule: a chain of steps, run in order. A move is one choice for
/// each choosing step.
#[derive(Clone, Debug)]
pub struct MoveRule {
    /// The steps.
    pub steps: Vec<Step>,
    /// Which engine path runs it: a compiled fast path for the common
    /// shapes, or the general step-by-step runner.
    pub form: Form,
    /// The rule as written, for messages.
    pub text: String,
    /// Where each step's choice starts in a move's words, and (last) how
    /// many words they take: see [`Step::width`]. Kept, not summed when
    /// asked, since a step's kind costs several instructions to read.
    pub slots: [u8; MAX_STEPS + 1],
}

/// The engine path for a chain, chosen when compiling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// `[Place]`: one cell, drawn straight from the candidates.
    Place,
    /// `[Place, Sow]`: a stack and a path, counted without listing.
    Sow,
    /// `[PlayCards, PlaceOn, Draw?]`: card sets from the hand.
    Cards,
    /// Anything else: the general step runner (`engine/chain.rs`).
    Chain,
    /// `[Pick, KeepLargestGroup?, Place]` on a board of bitboards without
    /// stacks, the place on an empty cell (maybe next to a piece, maybe
    /// `cell != from`): a chain whose moves are also found on bitboards
    /// (`engine/relocation.rs`).
    Relocation(Relocated),
    /// `[Pick, Walk]` where the walk steps, slides or jumps, in fixed
    /// directions, and its condition reads nothing the lifted piece
    /// changes: listed without lifting the piece, and (but a slide) a
    /// random move drawn as a random piece and direction
    /// (`engine/piece_walk.rs`).
    PieceWalk,
    /// `[PlayCard?, Enter | MoveBy | Split | Switch]` on a track board
    /// (`engine/track.rs`).
    Track,
}

impl Form {
    /// Whether the general step runner plays the rule's moves.
    pub fn is_chain(self) -> bool {
        matches!(self, Form::Chain | Form::Relocation(_) | Form::PieceWalk)
    }
}

/// How a relocation's piece goes down, as the `relocation` pass read it
/// off the steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Relocated {
    /// Whether a `keep largest group` comes between (as step 1).
    pub keep: bool,
    /// Whether the piece goes down next to a piece (else on any empty cell).
    pub touching: bool,
    /// Whether it may not go back where it came from (`cell != from`).
    pub not_back: bool,
}

/// One step of a chain: a choice, an effect, or both.
///
/// A tag byte of its own: without it the tag hides in a `Node`'s unused
/// values, and each variant added to `Node` moved it (the step matches of
/// the move loops cost twice as much after two were).
#[derive(Clone, Debug)]
#[repr(u8)]
pub enum Step {
    /// Choose a cell and put one of the mover's pieces on it.
    Place(Select),
    /// The piece just put down or moved becomes this kind, if the
    /// condition holds.
    Promote(u8, Option<Node>),
    /// The mover chooses the kind the piece just put down or moved
    /// becomes, among these, if the condition holds (else `NO_CELL`: no
    /// choice, nothing changes).
    PromoteChosen(Vec<u8>, Option<Node>),
    /// Choose a cell and put a neutral piece (by its code) on it.
    PlaceNeutral(u8, Select),
    /// Put one of the mover's pieces on the cell the node gives, if the
    /// select's test allows it there.
    PlaceOn(Node, Select),
    /// Choose a cell topped by one of the mover's pieces and lift the piece
    /// into the mover's supply.
    Pick(Select),
    /// Choose a cell with a piece and take its top piece off the board.
    Remove(Select, Option<Node>),
    /// Pick up the stack just placed on and sow it along a chosen path.
    Sow(Sowing),
    /// Choose a set of cards from the hand and discard them.
    PlayCards(CardPlay),
    /// The mover draws cards, if the condition holds.
    Draw(Node, Option<Node>),
    /// If the pieces form several groups, only the largest stays (the mover
    /// chooses among equals), the others going back to their owners' supplies.
    KeepLargestGroup(Option<Node>),
    /// A chosen block of the board, this many cells a side, turns a quarter
    /// turn: the choice is twice the block's index (blocks row by row from
    /// the top left), plus 1 for clockwise.
    Rotate(u8),
    /// Choose one card of the hand that the test allows and discard it.
    PlayCard(CardTest),
    /// Choose a home with movers the selection allows; one goes onto its
    /// start space.
    Enter(Select),
    /// Choose a space with movers the selection allows; one walks that
    /// many spaces (back when negative).
    MoveBy(Node, Select),
    /// Several movers the selection allows walk forward, that many spaces
    /// in all; each at most once.
    Split(u8, Select),
    /// Two movers the selection allows exchange places.
    Switch(Select),
    /// One walk a die of the throw, each by its die, in the order chosen:
    /// as many dice as can be used, and when only one can, the highest
    /// that can (`move by dice`); walks that leave the same position are
    /// one move.
    MoveByDice(Select),
    /// Every seed of a pit the selection allows is sown along the ring, one
    /// a cell, passing other seats' stores (or the cells skipped).
    SowAround(Select, crate::syntax::ast::Skips),
    /// The pieces of a run of cells back along the ring go onto a cell.
    GatherBack(GatherBack),
    /// Every piece on the cells the nodes give goes onto the last node's
    /// cell, if the condition holds.
    Gather(Vec<Node>, Node, Option<Node>),
    /// The mover moves again, if the condition holds.
    Again(Option<Node>),
    /// The pieces on the cell the node gives are captured.
    CaptureAt(Node),
    /// The top piece of the first node's cell goes onto the second's,
    /// keeping its kind (what stood there is captured).
    Relocate(Node, Node),
    /// The piece just picked up moves from `from` to a cell the selection
    /// allows one step away (or, sliding, any number of empty cells away)
    /// in one of the directions the nodes give; another seat's piece there
    /// is captured.
    Walk(Walk),
    /// The pieces the piece just put down encloses (other seats' pieces in
    /// an unbroken row from it up to one of the mover's, in every
    /// direction; only rows of exactly that many when a length is given)
    /// are flipped to the mover or captured.
    Enclosed(EnclosedEffect, Option<u8>),
    /// Each group of another seat's pieces (joined through neighbours)
    /// next to the piece just put down that has no empty neighbour (no
    /// liberty) is captured.
    CaptureSurrounded,
    /// The mover passes: the move (`Move::Pass`) changes nothing on the
    /// board and is counted by `passes`.
    Pass,
}

/// `gather NAME back from CELL while COND into CELL [if COND]`.
#[derive(Clone, Debug)]
pub struct GatherBack {
    /// The run's first cell.
    pub start: Node,
    /// The condition each cell of the run meets (the cell is
    /// `Read::Cell(At::Each)`).
    pub condition: Node,
    /// Where the pieces go.
    pub into: Node,
    /// Only when this holds (`Read::Gathered` is the run's piece count).
    pub when: Option<Node>,
}

/// A walk of a picked-up piece.
#[derive(Clone, Debug)]
pub struct Walk {
    /// How far the piece goes (`step`, `slide`, `jump`).
    pub reach: crate::syntax::ast::Reach,
    /// The directions, each a node giving a compass direction.
    pub directions: Vec<Node>,
    /// The condition on the cell reached (its candidates unused).
    pub select: Select,
    /// Whether the walk goes on from where it stops (`repeat`): then its
    /// choice is its parts' directions, [`REPEAT_WORDS`] words.
    pub repeat: crate::syntax::ast::Repeat,
    /// A leap's distances as written (`leap 1, 2`), and per cell the cells
    /// it reaches, [`LEAPS`] a cell (`NO_CELL` past the edge): its
    /// directions are then the indices 0..LEAPS into these.
    pub leap: Option<Leap>,
    /// Per direction and mover (`slot * seats + mover`), the piece codes
    /// the cell reached may hold, bit `code` for each, when the
    /// `walk-targets` pass found that the condition reads nothing else:
    /// then it stands for `select`'s test (and the step's rule that the
    /// mover's own piece is never reached).
    pub targets: Option<Box<[u64]>>,
}

/// The most cells a leap reaches from one cell: (±M, ±N) and (±N, ±M).
pub const LEAPS: usize = 8;

/// A leap's table, made when compiling.
#[derive(Clone, Debug)]
pub struct Leap {
    /// The distances as written.
    pub distances: (i64, i64),
    /// `targets[cell * LEAPS + d]`.
    pub targets: Vec<CellId>,
}

impl Walk {
    /// Whether the walk goes on from where it stops.
    pub fn repeats(&self) -> bool {
        self.repeat != crate::syntax::ast::Repeat::Once
    }
}

/// What happens to enclosed pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnclosedEffect {
    /// They become the mover's (`flip enclosed`).
    Flip,
    /// They leave the board, captured by the mover (`capture enclosed`).
    Capture,
}

impl Step {
    /// Whether the step is an effect that only follows a piece put down
    /// and never chooses: a move's choices are made without it.
    pub fn is_after_effect(&self) -> bool {
        matches!(
            self,
            Step::Enclosed(..)
                | Step::CaptureSurrounded
                | Step::Gather(..)
                | Step::GatherBack(_)
                | Step::Again(_)
                | Step::CaptureAt(_)
                | Step::Relocate(..)
                | Step::Promote(..)
        )
    }

    /// How many words of a move the step's choice takes: a sowing path its
    /// length and directions (5), a card set the values of up to 8 cards
    /// (4), a split its movers' walks (8, a walk's start and end a word),
    /// any other step one word: a cell (or `NO_CELL` for none), a card's
    /// kind, a walk.
    pub fn width(&self) -> usize {
        match self {
            Step::Sow(_) => 5,
            Step::PlayCards(_) => 4,
            Step::Split(..) => 8,
            Step::MoveByDice(_) => crate::ir::dice::MAX_DICE,
            Step::Walk(w) if w.repeats() => REPEAT_WORDS,
            Step::Pass => 0,
            _ => 1,
        }
    }

    /// Whether the step moves movers along a track.
    pub fn is_track_action(&self) -> bool {
        matches!(
            self,
            Step::Enter(_)
                | Step::MoveBy(..)
                | Step::MoveByDice(_)
                | Step::Split(..)
                | Step::Switch(_)
        )
    }
}

impl MoveRule {
    /// A rule of these steps, in `form`, written `text`.
    pub fn new(steps: Vec<Step>, form: Form, text: String) -> MoveRule {
        let mut slots = [0u8; MAX_STEPS + 1];
        let mut at = 0;
        for (k, step) in steps.iter().enumerate().take(MAX_STEPS) {
            slots[k] = at as u8;
            at += step.width();
        }
        slots[steps.len().min(MAX_STEPS)] = at as u8;
        MoveRule {
            steps,
            form,
            text,
            slots,
        }
    }

    /// Whether the rule moves movers on a track (`[play card,] enter`,
    /// `move by`, `split`, `switch`).
    pub fn is_track(&self) -> bool {
        self.steps.last().is_some_and(Step::is_track_action)
    }

    /// The first word of step `k`'s choice in a move's words.
    #[inline]
    pub fn slot(&self, k: usize) -> usize {
        self.slots[k] as usize
    }

    /// How many words the choices of all the steps take.
    #[inline]
    pub fn words(&self) -> usize {
        self.slot(self.steps.len())
    }

    /// The first cell choice of the chain (a place or a pick), if any.
    #[inline]
    pub fn select(&self) -> Option<&Select> {
        self.steps.iter().find_map(|s| match s {
            Step::Place(sel) | Step::PlaceOn(_, sel) | Step::Pick(sel) | Step::Remove(sel, _) => {
                Some(sel)
            }
            _ => None,
        })
    }

    /// The sowing of a `place ... then sow` rule.
    #[inline]
    pub fn sowing(&self) -> Option<&Sowing> {
        match (self.form, self.steps.as_slice()) {
            (Form::Sow, [_, Step::Sow(s)]) => Some(s),
            _ => None,
        }
    }

    /// The parts of a card rule: the cards, the cell they name and its test,
    /// and the draw after.
    #[inline]
    pub fn card_chain(&self) -> Option<CardChain<'_>> {
        match (self.form, self.steps.as_slice()) {
            (Form::Cards, [Step::PlayCards(play), Step::PlaceOn(target, select), rest @ ..]) => {
                Some(CardChain {
                    play,
                    target,
                    select,
                    after: rest,
                })
            }
            _ => None,
        }
    }
}

/// Which cells a choosing step starts from, before its test.
#[derive(Clone, Debug)]
pub enum Candidates {
    /// Every cell (only on boards with stacks).
    All,
    /// The cells holding at least one piece (only on boards with stacks).
    Occupied,
    /// The empty cells (kept as a list by the engine): a piece is only ever
    /// placed on an empty cell.
    Empty,
    /// The empty neighbours of the cell the node gives.
    EmptyNeighbours(Node),
    /// The empty cells next to a piece (a condition `any(not empty(n) for
    /// n where adjacent(cell, n))`): grown from the occupied cells'
    /// neighbour masks when the board fits a bitboard.
    EmptyTouching,
    /// The lowest empty cell of each column that has one (`drop`).
    Dropped,
    /// The empty cells where a piece of the mover's would enclose some
    /// (a condition `encloses(cell) > 0`): found on bitboards when the board
    /// allows shifts (`Compass::shifts`) and the engine keeps the tops.
    Enclosing,
    /// The cells a walk reaches (`step`, `slide`, `jump`): found by the walk, so
    /// the whole condition is tested on each.
    Reached,
    /// The cells topped by one of the mover's pieces (`pick`).
    Owned,
    /// The cells topped by one of the mover's pieces of kind `K` (a pick
    /// whose condition has `kind(cell) == K`): one AND of two bitboards
    /// where the state keeps the kinds' (`bitboards`).
    OwnedKind(u8),
    /// The cells holding a piece, whoever's (`remove`).
    Pieces,
    /// The cells topped by a piece of the seat the node gives (a condition
    /// `owner(cell) == SEAT`, the seat evaluated once a step).
    OwnedBy(Node),
}

impl Candidates {
    /// The node the candidates are computed from, if any.
    pub fn node(&self) -> Option<&Node> {
        match self {
            Candidates::EmptyNeighbours(n) | Candidates::OwnedBy(n) => Some(n),
            _ => None,
        }
    }
}

/// How a step chooses a cell, split by the compiler for fast move generation.
#[derive(Clone, Debug)]
pub struct Select {
    /// The part of the condition that does not depend on the chosen cell.
    pub guard: Option<Node>,
    /// Where candidates come from.
    pub candidates: Candidates,
    /// The cells the board alone allows (the part of the test that depends only
    /// on the chosen cell's geometry, evaluated when compiling), if any.
    pub mask: Option<CellMask>,
    /// The rest of the condition, tested per candidate cell.
    pub test: Option<Node>,
    /// Whether the condition reads the card played: if not, a track step
    /// finds its spaces once for every card in the hand.
    pub reads_card: bool,
    /// What `track-selects` found about a track step's selection of
    /// movers (nothing, by default).
    pub movers: MoverFacts,
}

/// What the `track-selects` pass found about a track step's selection of
/// movers: facts of its expressions, worked out once, that the listing
/// uses instead of looking at them during play. The default, nothing
/// found, is the general runner's.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoverFacts {
    /// The test is exactly `not locked(cell)` (fused by `direct-reads`): the
    /// locked spaces can be taken off at once, without the evaluator.
    pub unlocked: bool,
    /// For a selection of one seat's movers, the seats its owner
    /// expression can name while a split's parts move movers: the branches
    /// of its `if`s, each of one value for a whole listing. Empty: any seat.
    pub owners: Box<[Node]>,
    /// Whether that seat changes only with the end zones' counts of locked
    /// movers, while no effect after a movement changes an end zone but
    /// where the movement ends: a part outside the end zones leaves it.
    pub owner_by_end_zones: bool,
    /// Whether, besides, the walks' blocked spaces and the effects after a
    /// movement read nothing but the space they test: two parts whose
    /// walks cannot meet (on no common space, in no end zone) leave the
    /// same position in either order.
    pub apart_commute: bool,
    /// For a seat named by end zones, the tests of counts of locked
    /// movers that name it.
    pub lock_tests: Box<[Test]>,
}

/// `otherwise discard hand [then draw N]`: the forced move when no other is legal.
#[derive(Clone, Debug)]
pub struct Otherwise {
    /// What the mover does.
    pub action: Forced,
    /// The rule as written, for messages.
    pub text: String,
}

/// What a forced move does.
#[derive(Clone, Debug)]
pub enum Forced {
    /// The whole hand to the discard pile, then the cards drawn, if any.
    DiscardHand(Option<Node>),
    /// Nothing: the turn passes.
    Pass,
}

/// How a stack is sown: one piece a step, bottom piece first, each step to a
/// neighbour of the last; the path's length is the stack's height.
#[derive(Clone, Debug)]
pub struct Sowing {
    /// Whether a step may not go straight back to the cell before.
    pub no_reversal: bool,
    /// The number of paths: `walks[(k * cells + c) * (D + 1) + from]` is how
    /// many paths of k steps start at c when the step into c was in direction
    /// `from` (D: no step yet). It depends only on the board, and lets a random
    /// move be drawn uniformly without listing every path.
    pub walks: Vec<u64>,
    /// The longest path it counts.
    pub max_steps: usize,
    /// `next_steps[(c * (D + 1) + from) * D ..][..D]`: the steps a path may take
    /// from c when it came in direction `from`, as (direction, cell), padded
    /// with `NO_CELL`: the reversal rule and the board's edge, applied once.
    pub next_steps: Vec<(u8, CellId)>,
    /// `stack_paths[h * cells + c]`: the moves sowing a stack of height h on c
    /// (h + 1 steps with the mover's piece); 0 where it cannot be sown.
    pub stack_paths: Vec<u64>,
}

/// Pieces on the board before the first move.
#[derive(Clone, Debug)]
pub struct Setup {
    /// How many on each cell.
    pub count: u8,
    /// The piece code (seat + 1, or a neutral kind's code).
    pub code: u8,
    /// The seat's kind of piece (`kinds`; 0 without).
    pub kind: u8,
    /// The cells.
    pub cells: Vec<CellId>,
}

/// How an effect changes a supply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EffectOp {
    /// Set it.
    Set,
    /// Add to it.
    Add,
    /// Take from it (never below 0).
    Sub,
}

/// An effect after every turn: a change to a seat's supply or a counter.
#[derive(Clone, Debug)]
pub struct Effect {
    /// What changes.
    pub target: Target,
    /// The operation.
    pub op: EffectOp,
    /// The amount.
    pub value: Node,
}

/// What an effect after every turn changes.
#[derive(Clone, Debug)]
pub enum Target {
    /// The seat's supply (never below 0).
    Supply(SeatRef),
    /// A counter, by index.
    Counter(u8),
    /// The seat that moved moves again when the value (a condition) holds;
    /// with `true`, keeping the dice it threw (`again keeping the throw`).
    Again(bool),
}

/// An end rule.
#[derive(Clone, Debug)]
pub struct End {
    /// When it fires.
    pub condition: Node,
    /// The result.
    pub result: EndResult,
    /// Where it is declared.
    pub span: Span,
}

/// What an end rule gives.
#[derive(Clone, Debug)]
pub enum EndResult {
    /// Nobody wins.
    Draw,
    /// The unique highest score wins, else a draw.
    HighestScore,
    /// The seat the node gives wins.
    Winner(Node),
}
