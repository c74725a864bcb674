//! The checked program: the rules with every name resolved and every type known.
//!
//! This is what the checker hands to the compiler. Expressions refer to options,
//! seats, parameters and definitions by index; spans are kept for run-time faults.

use crate::builtins::{BuiltinId, Ty};
use crate::syntax::ast::{AssignOp, BinaryOp, UnaryOp};
use crate::syntax::Span;

/// A whole checked rules file.
#[derive(Clone, Debug, Default)]
pub struct Program {
    /// The game's title.
    pub title: String,
    /// Seat names in seat order.
    pub seats: Vec<String>,
    /// The options with their defaults and ranges.
    pub options: Vec<OptionInfo>,
    /// The board.
    pub board: BoardSpec,
    /// The span of the board item.
    pub board_span: Span,
    /// Whether cells hold ordered stacks (`board ... with stacks`).
    pub stacks: bool,
    /// Whether the first seat is drawn by chance (`first random`).
    pub first_random: bool,
    /// `first by dice`: the first throw decides who starts.
    pub first_by_dice: bool,
    /// Kinds of piece that belong to no seat, by index.
    pub neutrals: Vec<String>,
    /// The kinds every seat's pieces come in (`kinds`), by index.
    pub piece_kinds: Vec<String>,
    /// The counters (`counter NAME [= N]`), by index: name and start
    /// value (a constant; 0 when left out).
    pub counters: Vec<(String, Option<Typed>)>,
    /// Per counter: whether it is a `clock`, not part of the position.
    pub clocks: Vec<bool>,
    /// `must capture [most]`: whether only the moves that capture the most.
    pub must_capture: Option<bool>,
    /// The pieces on the board before the first move.
    pub setup: Vec<PutSpec>,
    /// Pieces each seat starts with; none means unlimited.
    pub supply: Option<Typed>,
    /// Each seat's score (parameter 0 is the seat).
    pub score: Option<Typed>,
    /// The definitions, referred to by index.
    pub defines: Vec<Typed>,
    /// The phases in order.
    pub phases: Vec<PhaseSpec>,
    /// Effects applied after every turn.
    pub effects: Vec<EffectSpec>,
    /// End rules in order.
    pub ends: Vec<EndSpec>,
    /// `players N of ...`: how many of the named seats play (a constant);
    /// `seats` then lists every name, and the compiler keeps the first N.
    pub seat_count: Option<Typed>,
    /// `numbers`: each cell's number, in reading order (top row first).
    pub numbers: Option<(Vec<i64>, Span)>,
    /// `owner majority`: a cell belongs to the seat with the most pieces on it.
    pub majority: bool,
    /// `deck`: every card's value, in the order declared.
    pub deck: Vec<u32>,
    /// `hand`: cards dealt to each seat at the start (a constant).
    pub hand: Option<Typed>,
    /// `tiebreak(p)` rules, in order (parameter 0 is the seat).
    pub tiebreaks: Vec<Typed>,
    /// `supply(p) = EXPR`: each seat's supply, computed per seat at the start
    /// (parameter 0 is the seat).
    pub supply_per_seat: Option<Typed>,
    /// `must block [when COND]` filters, in order.
    pub must_block: Vec<Option<Typed>>,
    /// `must leave COND` filters, in order.
    pub must_leave: Vec<Typed>,
    /// `limit N turns` (a constant).
    pub limit: Option<Typed>,
    /// Every kind of card by code: (name, value); code 0 is unused.
    pub card_kinds: Vec<(String, i64)>,
    /// `teams`: the seats of each team, by index.
    pub teams: Vec<Vec<usize>>,
    /// `dice N x LOW..HIGH`.
    pub dice: Option<super::dice::DiceSpec>,
    /// `deal N to each [, M deals a dealer]` (constants).
    pub deal: Option<(Typed, Option<Typed>)>,
    /// `pass N card to partner` (a constant).
    pub exchange: Option<Typed>,
    /// `blocked where COND`: the space is the chosen cell.
    pub blocked: Option<Typed>,
    /// `after move` effects, in order.
    pub after_move: Vec<MoveEffectSpec>,
    /// The rules text, so that the compiler can check it again at the
    /// option values set (the checker bounds them only at the defaults).
    pub source: std::sync::Arc<str>,
}

/// An effect after every movement of a mover.
#[derive(Clone, Debug)]
pub struct MoveEffectSpec {
    /// `capture at CELL` (the cell), or `send home piece` (none).
    pub capture_at: Option<Typed>,
    /// Only when this holds.
    pub when: Option<Typed>,
}

/// Pieces put on the board before the first move.
#[derive(Clone, Debug)]
pub struct PutSpec {
    /// How many on each cell (a constant).
    pub count: Typed,
    /// Which kind.
    pub kind: PieceKind,
    /// The seat's kind of piece (`kinds`; 0 without).
    pub piece_kind: u8,
    /// Which cells (all when `None`); depends only on the board.
    pub condition: Option<Typed>,
}

/// A kind of piece: a seat's or a neutral one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceKind {
    /// The seat's pieces.
    Seat(usize),
    /// A neutral kind, by index.
    Neutral(usize),
}

/// A game option.
#[derive(Clone, Debug)]
pub struct OptionInfo {
    /// Its name.
    pub name: String,
    /// Its default.
    pub default: i64,
    /// The smallest allowed value.
    pub min: i64,
    /// The largest allowed value.
    pub max: i64,
    /// Whether it has one value per seat (`option NAME(p) = ...`).
    pub per_seat: bool,
}

/// The board's shape, with constant sizes.
#[derive(Clone, Debug, Default)]
pub enum BoardSpec {
    /// Width and height.
    Square(Typed, Typed),
    /// The side of the hexagon.
    Hex(Typed),
    /// A rhombus of hexagonal cells: width and height.
    Rhombus(Typed, Typed),
    /// A triangle of hexagonal cells: its side.
    Triangle(Typed),
    /// Points joined by lines (`board lines`).
    Lines(LinesSpec),
    /// Two rows of pits, with stores or not.
    Pits(Typed, bool),
    /// A ring track: numbered spaces a segment, movers a home, end zone spaces.
    Track {
        /// Numbered spaces per segment (facing: of the line).
        segment: Typed,
        /// One line between two seats (`facing`).
        facing: bool,
        /// Movers per seat.
        home: Typed,
        /// Spaces per end zone.
        end_zone: Typed,
        /// A walk steps over start spaces without counting them.
        starts_uncounted: bool,
        /// A walk past the innermost free end space turns back.
        turning_back: bool,
        /// A walk may pass movers in an end zone.
        overtaking: bool,
        /// A walk past the path's end ends on its last space.
        overshooting: bool,
    },
    /// No board was declared (only in a program with errors).
    #[default]
    Missing,
}

/// A phase.
#[derive(Clone, Debug)]
pub struct PhaseSpec {
    /// Its name.
    pub name: String,
    /// How many turns it lasts, if not to the end.
    pub turns: Option<Typed>,
    /// Its move rules.
    pub rules: Vec<RuleSpec>,
    /// The phase item.
    pub span: Span,
}

/// A move rule: a chain of steps, or the phase's forced move.
#[derive(Clone, Debug)]
pub struct RuleSpec {
    /// The steps, in order (empty for a forced move).
    pub steps: Vec<StepSpec>,
    /// The phase's forced move, if this rule is one.
    pub otherwise: Option<ForcedSpec>,
    /// Whether this rule is `pass`: the mover may pass on any turn.
    pub passes: bool,
    /// The rule as written (whitespace collapsed), for messages.
    pub text: String,
    /// Where it is written.
    pub span: Span,
}

/// A forced move, checked.
#[derive(Clone, Debug)]
pub enum ForcedSpec {
    /// `otherwise discard hand [then draw N]`, with the cards drawn, if any.
    DiscardHand(Option<Typed>),
    /// `otherwise pass`.
    Pass,
    /// `otherwise lose`, `otherwise draw`, `otherwise highest score wins`.
    /// With `if COND else OUTCOME`: the first only when COND holds.
    Stuck(
        crate::syntax::ast::Stuck,
        Option<(Typed, crate::syntax::ast::Stuck)>,
    ),
}

/// One step of a chain, checked.
#[derive(Clone, Debug)]
pub enum StepSpec {
    /// Put a piece on a chosen cell (or the cell `on` gives).
    Place {
        /// The cell, when computed.
        on: Option<Typed>,
        /// The condition on the cell.
        condition: Option<Typed>,
    },
    /// Put a piece into a column, at its lowest empty cell.
    Drop(Option<Typed>),
    /// Sow a chosen pit's seeds along the ring, passing the cells skipped.
    SowAround(Option<Typed>, crate::syntax::ast::Skips),
    /// Move the pieces of the run back along the ring from a cell, while
    /// each cell (the parameter after the rule's) meets the condition,
    /// onto a cell, if the last condition holds.
    GatherBack {
        /// Where the run starts.
        start: Typed,
        /// The condition on each cell of the run.
        condition: Typed,
        /// Where the pieces go.
        into: Typed,
        /// Only when this holds.
        when: Option<Typed>,
    },
    /// Move every piece on the cells onto the last one, if the condition holds.
    Gather(Vec<Typed>, Typed, Option<Typed>),
    /// The mover moves again, if the condition holds.
    Again(Option<Typed>),
    /// The pieces on the cell are captured.
    CaptureAt(Typed),
    /// The top piece of the first cell goes onto the second.
    Relocate(Typed, Typed),
    /// Move the piece just picked up one cell, along empty cells or over
    /// a piece, in one of the directions.
    Walk {
        /// How far it goes.
        reach: crate::syntax::ast::Reach,
        /// The directions.
        directions: Vec<Typed>,
        /// The condition on the cell reached.
        condition: Option<Typed>,
        /// Whether it goes on from where it stops.
        repeat: crate::syntax::ast::Repeat,
    },
    /// The piece just moved becomes the kind (the mover's choice of
    /// several), if the condition holds.
    Promote(Vec<u8>, Option<Typed>),
    /// Put a neutral piece (by index) on a chosen cell.
    PlaceNeutral(usize, Option<Typed>),
    /// Flip (or capture) the pieces the piece just put down encloses, only
    /// rows of exactly that many if a length is given.
    Enclosed {
        /// Captured, not flipped.
        capture: bool,
        /// The row length, a constant.
        exactly: Option<Typed>,
    },
    /// Capture the groups next to the piece just put down left with no
    /// liberty.
    CaptureSurrounded,
    /// Lift one of the mover's pieces into his supply.
    Pick(Option<Typed>),
    /// Take a piece off the board, if the second condition holds.
    Remove(Option<Typed>, Option<Typed>),
    /// Sow the stack just placed on.
    Sow {
        /// Whether a step straight back is forbidden.
        no_reversal: bool,
    },
    /// Play a set of `min..=max` cards.
    PlayCards {
        /// The fewest.
        min: u8,
        /// The most.
        max: u8,
    },
    /// The mover draws `count` cards, if `when` holds.
    Draw {
        /// How many.
        count: Typed,
        /// Only when this holds.
        when: Option<Typed>,
    },
    /// Only the largest group stays, if the condition holds.
    KeepLargestGroup(Option<Typed>),
    /// Turn a chosen block of this side (a constant) a quarter turn.
    Rotate(Typed),
    /// Play one card from the hand, if the condition allows it.
    PlayCard(Option<Typed>),
    /// A mover from its home onto its start space.
    Enter(Option<Typed>),
    /// One mover that many spaces.
    MoveBy(Typed, Option<Typed>),
    /// That many spaces forward, divided among movers.
    Split(Typed, Option<Typed>),
    /// `move by dice [where COND]`.
    MoveByDice(Option<Typed>),
    /// Two movers exchange places.
    Switch(Option<Typed>),
}

/// An effect after every turn.
#[derive(Clone, Debug)]
pub struct EffectSpec {
    /// What is assigned.
    pub target: TargetSpec,
    /// The operator.
    pub op: AssignOp,
    /// The value.
    pub value: Typed,
}

/// What an effect after every turn assigns to.
#[derive(Clone, Debug)]
pub enum TargetSpec {
    /// The supply of the seat.
    Supply(Typed),
    /// A counter, by index.
    Counter(usize),
    /// `again [if COND]`: the seat that moved moves again (the value is
    /// the condition); with `true`, keeping the throw.
    Again(bool),
}

/// An end rule.
#[derive(Clone, Debug)]
pub struct EndSpec {
    /// When it fires.
    pub condition: Typed,
    /// What it gives.
    pub result: ResultSpec,
    /// The whole rule.
    pub span: Span,
}

/// The result of an end rule.
#[derive(Clone, Debug)]
pub enum ResultSpec {
    /// Nobody wins.
    Draw,
    /// The highest score wins; equal highest is a draw.
    HighestScore,
    /// That seat wins.
    Winner(Typed),
}

/// A resolved expression with its type and span.
#[derive(Clone, Debug)]
pub struct Typed {
    /// What it is.
    pub kind: Hir,
    /// Its type.
    pub ty: Ty,
    /// Where it is written.
    pub span: Span,
}

/// Resolved expression kinds.
#[derive(Clone, Debug)]
pub enum Hir {
    /// A number.
    Int(i64),
    /// A truth value.
    Bool(bool),
    /// An option by index.
    Option(usize),
    /// A seat by index.
    Seat(usize),
    /// A parameter of the enclosing definition (or the score's seat) by index.
    Param(usize),
    /// A built-in applied to its arguments (a left-out cell is `Builtin(Cell)`).
    Builtin(BuiltinId, Vec<Typed>),
    /// A definition applied to its arguments.
    Define(usize, Vec<Typed>),
    /// A prefix operator.
    Unary(UnaryOp, Box<Typed>),
    /// An infix operator.
    Binary(BinaryOp, Box<Typed>, Box<Typed>),
    /// `A if C else B`: value, condition, other value.
    If(Box<Typed>, Box<Typed>, Box<Typed>),
    /// A counter (`counter`) by index.
    Counter(usize),
    /// A per-seat option by index, for the seat given.
    SeatOption(usize, Box<Typed>),
    /// A cell named by its label (resolved against the board when compiling).
    CellLabel(String),
    /// `sum(...)`, `max(...)`, `any(...)` or `all(...)` over the cells; the cell is parameter `.1`.
    Aggregate(
        crate::syntax::ast::Aggregate,
        usize,
        Box<Typed>,
        Option<Box<Typed>>,
    ),
    /// Stands for an expression that had an error (already reported).
    Error,
}

/// A board of points joined by lines, checked.
#[derive(Clone, Debug, Default)]
pub struct LinesSpec {
    /// Each point's (column, row), from 0, row by row from the bottom.
    pub points: Vec<(i32, i32)>,
    /// Each line's points, in order, as indices into `points`.
    pub lines: Vec<Vec<usize>>,
}
