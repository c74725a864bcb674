//! The built-in vocabulary of the rules language: names, signatures, meaning.
//!
//! The checker uses the signatures; the compiler turns each use into an IR node,
//! choosing a native helper where one exists (`line`, `runs`).

use std::fmt;

/// The types of the rules language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    /// Whole numbers.
    Int,
    /// Truth values.
    Bool,
    /// A seat (player).
    Seat,
    /// A cell of the board (or no cell, for `last` before any move).
    Cell,
    /// A card (its kind).
    Card,
    /// A compass direction (`n`, `ne`, ...; `forward`).
    Direction,
    /// A side of the board (`top`, `bottom`, `left`, `right`).
    Side,
    /// A kind of a seat's pieces (`kinds man, king`).
    Kind,
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ty::Int => "a number",
            Ty::Bool => "a condition",
            Ty::Seat => "a seat",
            Ty::Cell => "a cell",
            Ty::Card => "a card",
            Ty::Direction => "a direction",
            Ty::Side => "a side of the board",
            Ty::Kind => "a kind of piece",
        })
    }
}

/// Identifies a built-in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BuiltinId {
    /// The seat whose turn it is.
    Mover,
    /// The seat after the mover.
    Next,
    /// The number of the current turn, from 1.
    Turn,
    /// The cell of the last piece placed.
    Last,
    /// The cell a move chooses (only in a move's `where`).
    Cell,
    /// No empty cell is left.
    Full,
    /// The cell holds no piece.
    Empty,
    /// The cell has fewer neighbours than an inner cell.
    Edge,
    /// Two cells share a side.
    Adjacent,
    /// The seat has a line of n pieces.
    Line,
    /// The sum of floor(L/n) over the seat's maximal runs of L along each axis.
    Runs,
    /// Pieces the seat has left to place.
    Supply,
    /// The seat's score.
    Score,
    /// How much the seat's score rose in this turn.
    Gain,
    /// Pieces the seat has on the board.
    Count,
    /// The cell is a corner of the board (it has the fewest neighbours).
    Corner,
    /// How many pieces the cell holds.
    Height,
    /// The cell's number (`numbers`).
    Number,
    /// The cell numbered n (`numbers`), or no cell.
    Field,
    /// The seat that owns the cell, or none.
    Owner,
    /// How many of the seat's pieces the cell holds.
    Stones,
    /// The seat's pieces on the cell minus the most any other seat has there.
    Lead,
    /// The most pieces one seat has on the cell minus the next most.
    Margin,
    /// How many cards the move plays.
    Played,
    /// The sum of the values of the cards the move plays.
    Total,
    /// How many cards the seat holds.
    HandSize,
    /// The cell is the board's centre.
    Centre,
    /// The cell the move's `pick` (or `remove`) took a piece from.
    From,
    /// The cell the move's `place` put a piece on.
    To,
    /// The seat of the piece the move last picked up, removed or put on.
    Piece,
    /// Every piece on the board is in one group.
    Connected,
    /// The number of groups of pieces.
    Groups,
    /// The size of the largest group of pieces.
    LargestGroup,
    /// The card the move plays.
    Card,
    /// A card's number (0 for a named card).
    Value,
    /// The seat's partner: the next other seat of its team.
    Partner,
    /// The space is a home (on a track board).
    Home,
    /// The space is a start space.
    StartSpace,
    /// The space is in an end zone.
    EndZone,
    /// The space is a numbered space of the ring.
    Numbered,
    /// The seat a space belongs to: its segment's, home's or end zone's.
    SeatOf,
    /// The movers on the space are locked: in an end zone, every space inward full.
    Locked,
    /// How many of the seat's movers are locked.
    LockedMovers,
    /// A compass direction by name (its index in `ir::compass::DIRECTION_NAMES`).
    Direction(u8),
    /// The mover's forward direction.
    Forward,
    /// The mover's backward direction.
    Backward,
    /// The mover's forward direction turned an eighth to the left.
    ForwardLeft,
    /// The mover's forward direction turned an eighth to the right.
    ForwardRight,
    /// The cell lies on a side of the board.
    OnSide,
    /// How many sides the group of one seat's pieces holding the cell touches.
    Sides,
    /// The cell one step from a cell in a direction, or no cell.
    Step,
    /// The cell a jump between two cells passes over, or no cell.
    Between,
    /// A cell's row, from 1.
    Row,
    /// A cell's column, from 1.
    Column,
    /// A side of the board by name (its index in `ir::compass::SIDE_NAMES`).
    Side(u8),
    /// The seat's pieces join two sides of the board.
    Connects,
    /// The seat has a row of exactly n pieces.
    ExactLine,
    /// How many turns in a row, up to this one, ended in a forced pass.
    Passes,
    /// How many pieces a piece of the mover's on the cell would enclose.
    Encloses,
    /// How many pieces the seat has captured.
    Captured,
    /// The seat's store (pits boards).
    Store,
    /// The pit across the board from a pit (pits boards).
    Opposite,
    /// The cell is a pit, not a store (pits boards).
    Pit,
    /// The kind of the piece on the cell (`kinds`).
    Kind,
    /// How many pieces the move just played captured.
    Captures,
    /// A queen's move leads from one cell to the other over empty cells.
    Sees,
    /// How many pieces the `gather` being decided would move.
    Gathered,
    /// The position after the turn just played was seen before.
    Repeated,
    /// The turn changed the board into one seen before.
    RepeatedBoard,
    /// The turn changed the board back to how it was some turns before.
    Restores,
    /// The group holding the cell has no liberty.
    Surrounded,
    /// How many liberties the group holding the cell has.
    Liberties,
    /// Another seat's walk could end on the cell.
    Attacked,
    /// Where the last move picked its piece up.
    LastFrom,
    /// The kind the last move's piece had when picked up.
    LastKind,
    /// How many times the position has been seen.
    Repetitions,
    /// The empty cells whose regions touch only the seat's pieces.
    Territory,
    /// The cell's piece lies in a line of n of its owner's pieces.
    InLine,
    /// The sum of the dice thrown this turn.
    Roll,
    /// The i-th die thrown this turn.
    Die,
    /// Where a walk of n spaces from the cell ends (track boards).
    Ahead,
    /// The die the walk being chosen uses (`move by dice`).
    ThisDie,
    /// The dice of this turn's throw no walk has used yet.
    DiceLeft,
    /// The spaces from a cell to the seat's end zone along its path.
    Pips,
}

/// A built-in's name, signature and one-line meaning.
#[derive(Debug)]
pub struct Builtin {
    /// Which built-in.
    pub id: BuiltinId,
    /// Its name in rules files.
    pub name: &'static str,
    /// Parameter types.
    pub params: &'static [Ty],
    /// Whether the last (cell) parameter may be left out to mean the chosen cell.
    pub chosen_cell_default: bool,
    /// The result type.
    pub ty: Ty,
    /// What it means, for help lines.
    pub meaning: &'static str,
}

use BuiltinId as B;
use Ty::{Bool, Card, Cell, Int, Seat};

mod board;
pub mod facts;

/// Every built-in, in the order the docs list them.
pub fn all() -> impl Iterator<Item = &'static Builtin> {
    CORE.iter().chain(board::BOARD)
}

/// The built-ins of every board.
const CORE: &[Builtin] = &[
    Builtin {
        id: B::Mover,
        name: "mover",
        params: &[],
        chosen_cell_default: false,
        ty: Seat,
        meaning: "the seat whose turn it is",
    },
    Builtin {
        id: B::Next,
        name: "next",
        params: &[],
        chosen_cell_default: false,
        ty: Seat,
        meaning: "the seat after the mover",
    },
    Builtin {
        id: B::Turn,
        name: "turn",
        params: &[],
        chosen_cell_default: false,
        ty: Int,
        meaning: "the number of the current turn, from 1",
    },
    Builtin {
        id: B::Last,
        name: "last",
        params: &[],
        chosen_cell_default: false,
        ty: Cell,
        meaning: "the cell of the last piece placed",
    },
    Builtin {
        id: B::Cell,
        name: "cell",
        params: &[],
        chosen_cell_default: false,
        ty: Cell,
        meaning: "the cell the move chooses",
    },
    Builtin {
        id: B::Full,
        name: "full",
        params: &[],
        chosen_cell_default: false,
        ty: Bool,
        meaning: "no empty cell is left",
    },
    Builtin {
        id: B::Empty,
        name: "empty",
        params: &[Cell],
        chosen_cell_default: true,
        ty: Bool,
        meaning: "the cell holds no piece",
    },
    Builtin {
        id: B::Edge,
        name: "edge",
        params: &[Cell],
        chosen_cell_default: true,
        ty: Bool,
        meaning: "the cell is on the edge of the board",
    },
    Builtin {
        id: B::Adjacent,
        name: "adjacent",
        params: &[Cell, Cell],
        chosen_cell_default: true,
        ty: Bool,
        meaning: "the two cells share a side",
    },
    Builtin {
        id: B::Line,
        name: "line",
        params: &[Int, Seat],
        chosen_cell_default: false,
        ty: Bool,
        meaning: "the seat has n pieces in a row",
    },
    Builtin {
        id: B::InLine,
        name: "in_line",
        params: &[Int, Cell],
        chosen_cell_default: true,
        ty: Bool,
        meaning: "the piece on the cell lies in a line of n pieces, all its owner's (a mill)",
    },
    Builtin {
        id: B::Runs,
        name: "runs",
        params: &[Int, Seat],
        chosen_cell_default: false,
        ty: Int,
        meaning: "floor(L/n) summed over the seat's maximal runs of L along each axis",
    },
    Builtin {
        id: B::Supply,
        name: "supply",
        params: &[Seat],
        chosen_cell_default: false,
        ty: Int,
        meaning: "pieces the seat has left to place",
    },
    Builtin {
        id: B::Score,
        name: "score",
        params: &[Seat],
        chosen_cell_default: false,
        ty: Int,
        meaning: "the seat's score",
    },
    Builtin {
        id: B::Gain,
        name: "gain",
        params: &[Seat],
        chosen_cell_default: false,
        ty: Int,
        meaning: "how much the seat's score rose this turn",
    },
    Builtin {
        id: B::Count,
        name: "count",
        params: &[Seat],
        chosen_cell_default: false,
        ty: Int,
        meaning: "pieces the seat has on the board",
    },
    Builtin {
        id: B::Corner,
        name: "corner",
        params: &[Cell],
        chosen_cell_default: true,
        ty: Bool,
        meaning: "the cell is a corner of the board",
    },
    Builtin {
        id: B::Height,
        name: "height",
        params: &[Cell],
        chosen_cell_default: true,
        ty: Int,
        meaning: "how many pieces the cell holds",
    },
    Builtin {
        id: B::Number,
        name: "number",
        params: &[Cell],
        chosen_cell_default: true,
        ty: Int,
        meaning: "the number printed on the cell (see `numbers`)",
    },
    Builtin {
        id: B::Field,
        name: "field",
        params: &[Int],
        chosen_cell_default: false,
        ty: Cell,
        meaning: "the cell with number n (see `numbers`), or no cell",
    },
    Builtin {
        id: B::Owner,
        name: "owner",
        params: &[Cell],
        chosen_cell_default: true,
        ty: Seat,
        meaning: "the seat the cell belongs to (its top piece's, or with `owner majority` the seat with the most pieces there), or none",
    },
    Builtin {
        id: B::Stones,
        name: "stones",
        params: &[Seat, Cell],
        chosen_cell_default: true,
        ty: Int,
        meaning: "how many of the seat's pieces the cell holds",
    },
    Builtin {
        id: B::Lead,
        name: "lead",
        params: &[Seat, Cell],
        chosen_cell_default: true,
        ty: Int,
        meaning: "the seat's pieces on the cell minus the most that any other seat has there",
    },
    Builtin {
        id: B::Margin,
        name: "margin",
        params: &[Cell],
        chosen_cell_default: true,
        ty: Int,
        meaning: "the most pieces one seat has on the cell minus the next most",
    },
    Builtin {
        id: B::Played,
        name: "played",
        params: &[],
        chosen_cell_default: false,
        ty: Int,
        meaning: "how many cards the move plays (0 outside a card move)",
    },
    Builtin {
        id: B::Total,
        name: "total",
        params: &[],
        chosen_cell_default: false,
        ty: Int,
        meaning: "the sum of the values of the cards the move plays (0 outside a card move)",
    },
    Builtin {
        id: B::HandSize,
        name: "hand_size",
        params: &[Seat],
        chosen_cell_default: false,
        ty: Int,
        meaning: "how many cards the seat holds",
    },
    Builtin {
        id: B::Centre,
        name: "centre",
        params: &[Cell],
        chosen_cell_default: true,
        ty: Bool,
        meaning: "the cell is the board's centre (the middle cell, or the 2 or 4 middle cells of a square board with even sides)",
    },
    Builtin {
        id: B::From,
        name: "from",
        params: &[],
        chosen_cell_default: false,
        ty: Cell,
        meaning: "the cell this move picked a piece up from (no cell before a `pick`)",
    },
    Builtin {
        id: B::To,
        name: "to",
        params: &[],
        chosen_cell_default: false,
        ty: Cell,
        meaning: "the cell this move put a piece on (no cell before a `place`)",
    },
    Builtin {
        id: B::Piece,
        name: "piece",
        params: &[],
        chosen_cell_default: false,
        ty: Seat,
        meaning: "the seat whose piece this move last picked up, removed or put on (no seat before such a step, or for a neutral piece)",
    },
    Builtin {
        id: B::Connected,
        name: "connected",
        params: &[],
        chosen_cell_default: false,
        ty: Bool,
        meaning: "every piece on the board is in one group (cells joined through adjacent occupied cells)",
    },
    Builtin {
        id: B::Groups,
        name: "groups",
        params: &[],
        chosen_cell_default: false,
        ty: Int,
        meaning: "the number of groups of pieces (cells joined through adjacent occupied cells)",
    },
    Builtin {
        id: B::LargestGroup,
        name: "largest_group",
        params: &[],
        chosen_cell_default: false,
        ty: Int,
        meaning: "how many cells the largest group of pieces covers",
    },
    Builtin {
        id: B::Card,
        name: "card",
        params: &[],
        chosen_cell_default: false,
        ty: Card,
        meaning: "the card the move plays (`play card`)",
    },
    Builtin {
        id: B::Value,
        name: "value",
        params: &[Card],
        chosen_cell_default: false,
        ty: Int,
        meaning: "a card's number (0 for a named card)",
    },
    Builtin {
        id: B::Partner,
        name: "partner",
        params: &[Seat],
        chosen_cell_default: false,
        ty: Seat,
        meaning: "the seat's partner: the next other seat of its team (itself without teams)",
    },
    Builtin {
        id: B::Home,
        name: "home",
        params: &[Cell],
        chosen_cell_default: true,
        ty: Bool,
        meaning: "the space is a seat's home, where its movers begin (track boards)",
    },
    Builtin {
        id: B::StartSpace,
        name: "start_space",
        params: &[Cell],
        chosen_cell_default: true,
        ty: Bool,
        meaning: "the space is a seat's start space (track boards)",
    },
    Builtin {
        id: B::EndZone,
        name: "end_zone",
        params: &[Cell],
        chosen_cell_default: true,
        ty: Bool,
        meaning: "the space is in a seat's end zone (track boards)",
    },
    Builtin {
        id: B::Numbered,
        name: "numbered",
        params: &[Cell],
        chosen_cell_default: true,
        ty: Bool,
        meaning: "the space is a numbered space of the ring (track boards)",
    },
    Builtin {
        id: B::SeatOf,
        name: "seat_of",
        params: &[Cell],
        chosen_cell_default: true,
        ty: Seat,
        meaning: "the seat a space belongs to: its segment's, home's or end zone's (track boards)",
    },
    Builtin {
        id: B::Locked,
        name: "locked",
        params: &[Cell],
        chosen_cell_default: true,
        ty: Bool,
        meaning: "the movers on the space are locked: it is in an end zone and every space inward of it is taken",
    },
    Builtin {
        id: B::Kind,
        name: "kind",
        params: &[Cell],
        chosen_cell_default: true,
        ty: Ty::Kind,
        meaning: "the kind of the piece on the cell (`kinds`); none for an empty cell",
    },
    Builtin {
        id: B::LastFrom,
        name: "last_from",
        params: &[],
        chosen_cell_default: false,
        ty: Cell,
        meaning: "the cell the last move picked its piece up from; no cell before the first move and after a move that picked nothing up",
    },
    Builtin {
        id: B::LastKind,
        name: "last_kind",
        params: &[],
        chosen_cell_default: false,
        ty: Ty::Kind,
        meaning: "the kind the piece the last move picked up had then (before any promotion); none after a move that picked nothing up",
    },
    Builtin {
        id: B::Captures,
        name: "captures",
        params: &[],
        chosen_cell_default: false,
        ty: Int,
        meaning: "how many pieces the move just played captured (in `after turn` and `end`)",
    },
    Builtin {
        id: B::Sees,
        name: "sees",
        params: &[Cell, Cell],
        chosen_cell_default: true,
        ty: Bool,
        meaning: "the second cell is empty and reached from the first along one of the 8 directions over empty cells (a queen's move)",
    },
    Builtin {
        id: B::Gathered,
        name: "gathered",
        params: &[],
        chosen_cell_default: false,
        ty: Int,
        meaning: "how many pieces the `gather ... back` being decided would move (in its `if`; 0 elsewhere)",
    },
    Builtin {
        id: B::Repeated,
        name: "repeated",
        params: &[],
        chosen_cell_default: false,
        ty: Bool,
        meaning: "the position the turn just played left (the pieces, the supplies and the seat that moved) was seen before in the game (in `end`)",
    },
    Builtin {
        id: B::Repetitions,
        name: "repetitions",
        params: &[],
        chosen_cell_default: false,
        ty: Int,
        meaning: "how many times the position the turn just played left has been seen in the game, this time and the start included (in `end`; see `repeated`)",
    },
    Builtin {
        id: B::RepeatedBoard,
        name: "repeated_board",
        params: &[],
        chosen_cell_default: false,
        ty: Bool,
        meaning: "the move changed the board (its pieces, whoever moved) into one seen before in the game; a pass changes nothing and repeats nothing",
    },
    Builtin {
        id: B::Restores,
        name: "restores",
        params: &[Int],
        chosen_cell_default: false,
        ty: Bool,
        meaning: "the move changed the board back to how it was that many turns before this one (`restores(2)`: as before the last turn; a ko)",
    },
    Builtin {
        id: B::LockedMovers,
        name: "locked_movers",
        params: &[Seat],
        chosen_cell_default: false,
        ty: Int,
        meaning: "how many of the seat's movers are locked in its end zone",
    },
    Builtin {
        id: B::Roll,
        name: "roll",
        params: &[],
        chosen_cell_default: false,
        ty: Int,
        meaning: "the sum of the dice thrown at the start of this turn (`dice`)",
    },
    Builtin {
        id: B::Die,
        name: "die",
        params: &[Int],
        chosen_cell_default: false,
        ty: Int,
        meaning: "the face of the n-th die thrown at the start of this turn, from 1 (`dice`); 0 past the last",
    },
    Builtin {
        id: B::Ahead,
        name: "ahead",
        params: &[Cell, Int],
        chosen_cell_default: false,
        ty: Cell,
        meaning: "the space where a walk of n spaces from the cell ends, by the mover on top of it along its seat's path, as `move by n` walks (track boards); no cell if it cannot go so far",
    },
    Builtin {
        id: B::ThisDie,
        name: "this_die",
        params: &[],
        chosen_cell_default: false,
        ty: Int,
        meaning: "the face of the die the walk being chosen uses (`move by dice`); 0 elsewhere",
    },
    Builtin {
        id: B::DiceLeft,
        name: "dice_left",
        params: &[],
        chosen_cell_default: false,
        ty: Int,
        meaning: "how many dice of this turn's throw no walk has used yet (`move by dice`)",
    },
    Builtin {
        id: B::Pips,
        name: "pips",
        params: &[Seat, Cell],
        chosen_cell_default: false,
        ty: Int,
        meaning: "the spaces a mover of the seat on the cell walks to reach the seat's end zone (its home counts one before its first space; 0 in the end zone, -1 off the seat's path; track boards)",
    },
];

/// The row of built-in `id`.
pub fn row(id: BuiltinId) -> Option<&'static Builtin> {
    all().find(|b| b.id == id)
}

/// Looks a built-in up by name.
pub fn builtin(name: &str) -> Option<&'static Builtin> {
    all().find(|b| b.name == name)
}

impl Builtin {
    /// Whether a rules file may give its name another meaning: the names of
    /// directions and sides are short words (`n`, `e`, `top`) a designer may
    /// want for an option or a definition, which then hides the built-in.
    pub fn may_be_shadowed(&self) -> bool {
        matches!(self.ty, Ty::Direction | Ty::Side) && self.params.is_empty()
    }

    /// The signature as a rules author would write a call.
    pub fn signature(&self) -> String {
        if self.params.is_empty() {
            return format!("`{}` is {}: {}", self.name, self.ty, self.meaning);
        }
        let params: Vec<String> = self
            .params
            .iter()
            .map(|t| match t {
                Int => "n",
                Bool => "condition",
                Seat => "seat",
                Cell => "cell",
                Card => "card",
                Ty::Direction => "direction",
                Ty::Side => "side",
                Ty::Kind => "kind",
            })
            .map(String::from)
            .collect();
        let optional = if self.chosen_cell_default {
            " (the last cell may be left out to mean the chosen cell)"
        } else {
            ""
        };
        format!(
            "usage: `{}({})`{}: {}",
            self.name,
            params.join(", "),
            optional,
            self.meaning
        )
    }
}
