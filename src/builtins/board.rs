//! The built-ins of directions, rows and columns, sides and connection.

use super::{Builtin, BuiltinId as B, Ty};
use Ty::{Bool, Cell, Direction, Int, Seat, Side};

/// A direction's built-in.
const fn direction(d: u8, name: &'static str, meaning: &'static str) -> Builtin {
    Builtin {
        id: B::Direction(d),
        name,
        params: &[],
        chosen_cell_default: false,
        ty: Direction,
        meaning,
    }
}

/// A side's built-in.
const fn side(s: u8, name: &'static str, meaning: &'static str) -> Builtin {
    Builtin {
        id: B::Side(s),
        name,
        params: &[],
        chosen_cell_default: false,
        ty: Side,
        meaning,
    }
}

/// The built-ins of board geometry, in the order the docs list them.
pub(super) const BOARD: &[Builtin] = &[
    direction(0, "n", "north: up the board (square boards)"),
    direction(1, "ne", "north-east: up and right"),
    direction(2, "e", "east: right"),
    direction(3, "se", "south-east: down and right"),
    direction(4, "s", "south: down the board (square boards)"),
    direction(5, "sw", "south-west: down and left"),
    direction(6, "w", "west: left"),
    direction(7, "nw", "north-west: up and left"),
    Builtin {
        id: B::Forward,
        name: "forward",
        params: &[],
        chosen_cell_default: false,
        ty: Direction,
        meaning: "the mover's forward direction: n for the first seat, s for the second, e for the third, w for the fourth (on a hex board, which has no n or s, the first two seats' forward leads nowhere)",
    },
    Builtin {
        id: B::Backward,
        name: "backward",
        params: &[],
        chosen_cell_default: false,
        ty: Direction,
        meaning: "the opposite of the mover's forward direction",
    },
    Builtin {
        id: B::ForwardLeft,
        name: "forward_left",
        params: &[],
        chosen_cell_default: false,
        ty: Direction,
        meaning: "the mover's forward direction turned an eighth to the left: nw for the first seat, se for the second, ne for the third, sw for the fourth (on hex boards too)",
    },
    Builtin {
        id: B::ForwardRight,
        name: "forward_right",
        params: &[],
        chosen_cell_default: false,
        ty: Direction,
        meaning: "the mover's forward direction turned an eighth to the right: ne for the first seat, sw for the second, se for the third, nw for the fourth (on hex boards too)",
    },
    Builtin {
        id: B::Step,
        name: "step",
        params: &[Cell, Direction],
        chosen_cell_default: false,
        ty: Cell,
        meaning: "the cell one step from the cell in the direction, or no cell off the board",
    },
    Builtin {
        id: B::Between,
        name: "between",
        params: &[Cell, Cell],
        chosen_cell_default: false,
        ty: Cell,
        meaning: "the cell a jump from the first cell to the second passes over (two steps in one direction), or no cell",
    },
    Builtin {
        id: B::Row,
        name: "row",
        params: &[Cell],
        chosen_cell_default: true,
        ty: Int,
        meaning: "the cell's row, from 1, as its label counts rows",
    },
    Builtin {
        id: B::Column,
        name: "column",
        params: &[Cell],
        chosen_cell_default: true,
        ty: Int,
        meaning: "the cell's column, from 1 (column a is 1)",
    },
    side(0, "top", "the board's top side: its top row"),
    side(1, "bottom", "the board's bottom side: its bottom row"),
    side(2, "left", "the board's left side: the first cell of every row"),
    side(3, "right", "the board's right side: the last cell of every row"),
    Builtin {
        id: B::OnSide,
        name: "on_side",
        params: &[Cell, Side],
        chosen_cell_default: false,
        ty: Bool,
        meaning: "the cell lies on that side of the board",
    },
    Builtin {
        id: B::Sides,
        name: "sides",
        params: &[Cell],
        chosen_cell_default: true,
        ty: Int,
        meaning: "how many sides of the board the group of one seat's pieces holding the cell touches (0 for an empty cell)",
    },
    Builtin {
        id: B::Surrounded,
        name: "surrounded",
        params: &[Cell],
        chosen_cell_default: true,
        ty: Bool,
        meaning: "the group of one seat's pieces holding the cell (joined through neighbours) has no liberty: no empty cell next to it (false for an empty cell)",
    },
    Builtin {
        id: B::Territory,
        name: "territory",
        params: &[Seat],
        chosen_cell_default: false,
        ty: Int,
        meaning: "how many empty cells lie in regions (empty cells joined through neighbours) that touch the seat's pieces and no other seat's",
    },
    Builtin {
        id: B::Connects,
        name: "connects",
        params: &[Seat, Side, Side],
        chosen_cell_default: false,
        ty: Bool,
        meaning: "a chain of the seat's pieces, each next to the one before, joins the two sides",
    },
    Builtin {
        id: B::Passes,
        name: "passes",
        params: &[],
        chosen_cell_default: false,
        ty: Int,
        meaning: "how many turns in a row, up to this one, ended in a forced pass (`otherwise pass`)",
    },
    Builtin {
        id: B::Encloses,
        name: "encloses",
        params: &[Cell],
        chosen_cell_default: true,
        ty: Int,
        meaning: "how many pieces a piece of the mover's on the cell would enclose: other seats' pieces in an unbroken row from it, up to one of the mover's, in every direction",
    },
    Builtin {
        id: B::Captured,
        name: "captured",
        params: &[Seat],
        chosen_cell_default: false,
        ty: Int,
        meaning: "how many pieces the seat has captured (taken off the board by its moves)",
    },
    Builtin {
        id: B::Store,
        name: "store",
        params: &[Seat],
        chosen_cell_default: false,
        ty: Cell,
        meaning: "the seat's store, at the right end of its row (pits boards)",
    },
    Builtin {
        id: B::Opposite,
        name: "opposite",
        params: &[Cell],
        chosen_cell_default: true,
        ty: Cell,
        meaning: "the pit across the board from the pit (pits boards), or no cell",
    },
    Builtin {
        id: B::Pit,
        name: "pit",
        params: &[Cell],
        chosen_cell_default: true,
        ty: Bool,
        meaning: "the cell is a pit, not a store (pits boards)",
    },
    Builtin {
        id: B::ExactLine,
        name: "exact_line",
        params: &[Int, Seat],
        chosen_cell_default: false,
        ty: Bool,
        meaning: "the seat has exactly n pieces in a row (a longer row does not count)",
    },
];
