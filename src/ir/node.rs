//! Expression nodes: a small tree the engine evaluates to an `i64`.
//!
//! Booleans are 0 and 1, seats their index, cells their id (`NO_CELL` for none).
//! Types were checked before compiling, so evaluation never checks them.

use super::read::{At, Read, Test};
use crate::syntax::Span;

/// Calls `$f` on each child of `$node`, bound by `$($mode)+` (`ref` or
/// `ref mut`): the one list of each kind of node's children, for
/// [`Node::children`] and [`Node::children_mut`]. Exhaustive: a new kind
/// of node does not compile until its children are listed.
macro_rules! each_child {
    ($node:expr, $f:ident, $($mode:tt)+) => {{
        let f = $f;
        match $node {
            Node::Empty($($mode)+ a)
            | Node::Edge($($mode)+ a)
            | Node::Corner($($mode)+ a)
            | Node::Height($($mode)+ a)
            | Node::Not($($mode)+ a)
            | Node::Neg($($mode)+ a)
            | Node::CmpConst(_, $($mode)+ a, _)
            | Node::Number($($mode)+ a)
            | Node::Field($($mode)+ a)
            | Node::Owner($($mode)+ a)
            | Node::Centre($($mode)+ a)
            | Node::Value($($mode)+ a)
            | Node::IsSpace(_, $($mode)+ a)
            | Node::SeatOf($($mode)+ a)
            | Node::Locked($($mode)+ a)
            | Node::Row($($mode)+ a)
            | Node::Encloses($($mode)+ a)
            | Node::Opposite($($mode)+ a)
            | Node::IsPit($($mode)+ a)
            | Node::Column($($mode)+ a)
            | Node::Margin($($mode)+ a) => f(a),
            Node::If($($mode)+ a, $($mode)+ b, $($mode)+ c) => {
                f(a);
                f(b);
                f(c);
            }
            Node::AroundAggregate(_, $($mode)+ x, $($mode)+ a, $($mode)+ c) => {
                f(x);
                f(a);
                if let Some(c) = c {
                    f(c);
                }
            }
            Node::Adjacent($($mode)+ a, $($mode)+ b)
            | Node::And($($mode)+ a, $($mode)+ b)
            | Node::Or($($mode)+ a, $($mode)+ b)
            | Node::Cmp(_, $($mode)+ a, $($mode)+ b)
            | Node::Step($($mode)+ a, $($mode)+ b)
            | Node::Between($($mode)+ a, $($mode)+ b)
            | Node::OnSide($($mode)+ a, $($mode)+ b)
            | Node::Arith(_, $($mode)+ a, $($mode)+ b, _) => {
                f(a);
                f(b);
            }
            Node::Stones($($mode)+ p, $($mode)+ a)
            | Node::Lead($($mode)+ p, $($mode)+ a)
            | Node::PieceOnSide($($mode)+ p, $($mode)+ a) => {
                if let SeatRef::Node(n) = p {
                    f(n);
                }
                f(a);
            }
            Node::Connects($($mode)+ p, $($mode)+ a, $($mode)+ b) => {
                if let SeatRef::Node(n) = p {
                    f(n);
                }
                f(a);
                f(b);
            }
            Node::PerSeat(_, $($mode)+ p)
            | Node::Line(_, $($mode)+ p)
            | Node::Runs(_, $($mode)+ p)
            | Node::Supply($($mode)+ p)
            | Node::Score($($mode)+ p)
            | Node::Gain($($mode)+ p)
            | Node::Count($($mode)+ p)
            | Node::HandSize($($mode)+ p)
            | Node::Partner($($mode)+ p)
            | Node::Captured($($mode)+ p)
            | Node::Store($($mode)+ p)
            | Node::OwnedNumbers(_, $($mode)+ p)
            | Node::LockedMovers($($mode)+ p) => {
                if let SeatRef::Node(n) = p {
                    f(n);
                }
            }
            Node::Aggregate(_, $($mode)+ a, $($mode)+ c) => {
                f(a);
                if let Some(c) = c {
                    f(c);
                }
            }
            Node::OwnedAggregate(_, $($mode)+ p, $($mode)+ a) => {
                if let SeatRef::Node(n) = p {
                    f(n);
                }
                f(a);
            }
            Node::Const(_)
            | Node::Read(_)
            | Node::Test(_)
            | Node::Both(_)
            | Node::Choose(_)
            | Node::Connected
            | Node::Groups
            | Node::LargestGroup => {}
        }
    }};
}

/// An expression in the IR.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// A constant.
    Const(i64),
    /// A value read in one step (the context's names; with `direct-reads`,
    /// built-ins of them too).
    Read(Read),
    /// A read compared with a constant or another read (`direct-reads`).
    Test(Test),
    /// Both tests hold (`direct-reads`: `lead(mover) > -2 and margin < 2`).
    Both(Box<[Test; 2]>),
    /// One read or another as a test holds (`direct-reads`: `partner(mover)
    /// if locked_movers(mover) == 4 else mover`): the read if, the test,
    /// the read else.
    Choose(Box<(Read, Test, Read)>),
    /// The cell is empty.
    Empty(Box<Node>),
    /// The cell is on the edge.
    Edge(Box<Node>),
    /// The cell is a corner.
    Corner(Box<Node>),
    /// How many pieces the cell holds.
    Height(Box<Node>),
    /// The two cells share a side.
    Adjacent(Box<Node>, Box<Node>),
    /// The seat has a line of the table's length (index into `Rules::line_tables`).
    Line(u8, SeatRef),
    /// The seat's run total for a length (index into `Rules::run_lengths`).
    Runs(u8, SeatRef),
    /// The seat's supply.
    Supply(SeatRef),
    /// The seat's score.
    Score(SeatRef),
    /// The seat's score gain this turn.
    Gain(SeatRef),
    /// The seat's pieces on the board.
    Count(SeatRef),
    /// Logical not.
    Not(Box<Node>),
    /// Negation.
    Neg(Box<Node>),
    /// Short-circuit and.
    And(Box<Node>, Box<Node>),
    /// Short-circuit or.
    Or(Box<Node>, Box<Node>),
    /// A comparison.
    Cmp(CmpOp, Box<Node>, Box<Node>),
    /// A comparison with a constant (common enough to save a node).
    CmpConst(CmpOp, Box<Node>, i64),
    /// Arithmetic; the span locates a division by zero.
    Arith(ArithOp, Box<Node>, Box<Node>, Span),
    /// The cell's number (`numbers`; 0 for no cell).
    Number(Box<Node>),
    /// The cell with that number, or `NO_CELL`.
    Field(Box<Node>),
    /// The seat that owns the cell, or -1.
    Owner(Box<Node>),
    /// How many of the seat's pieces the cell holds.
    Stones(SeatRef, Box<Node>),
    /// The seat's pieces on the cell minus the most any other seat has there.
    Lead(SeatRef, Box<Node>),
    /// The most pieces one seat has on the cell minus the next most.
    Margin(Box<Node>),
    /// How many cards the seat holds.
    HandSize(SeatRef),
    /// A sum (or maximum, 0 if none; or any, all) of the node over the cells
    /// meeting the condition, with `Each` the cell.
    Aggregate(crate::syntax::ast::Aggregate, Box<Node>, Option<Box<Node>>),
    /// The same over the neighbours of one cell only (the compiler's form of
    /// an aggregate whose condition includes `adjacent(X, c)`).
    AroundAggregate(
        crate::syntax::ast::Aggregate,
        Box<Node>,
        Box<Node>,
        Option<Box<Node>>,
    ),
    /// The same over the cells a seat's pieces top, read off its bitboard
    /// (the `owned-cells` pass's form of an aggregate whose condition is
    /// `owner(c) == SEAT`, the seat named directly).
    OwnedAggregate(crate::syntax::ast::Aggregate, SeatRef, Box<Node>),
    /// The sum (or maximum) of the numbers of the cells a seat's pieces
    /// top (`sum(number(c) for c where owner(c) == p)`, by `owned-cells`).
    OwnedNumbers(crate::syntax::ast::Aggregate, SeatRef),
    /// `A if C else B`: value, condition, other value.
    If(Box<Node>, Box<Node>, Box<Node>),
    /// A value per seat (a per-seat option), for the seat given.
    PerSeat(Box<[i64]>, SeatRef),
    /// The cell is the board's centre.
    Centre(Box<Node>),
    /// Every piece is in one group.
    Connected,
    /// The number of groups.
    Groups,
    /// The size of the largest group.
    LargestGroup,
    /// A card's value, from its code.
    Value(Box<Node>),
    /// The seat's partner.
    Partner(SeatRef),
    /// Whether the cell is a space of that kind (track boards).
    IsSpace(crate::ir::SpaceKind, Box<Node>),
    /// The seat a space belongs to (track boards).
    SeatOf(Box<Node>),
    /// Whether the movers on the space are locked (track boards).
    Locked(Box<Node>),
    /// How many of the seat's movers are locked (track boards).
    LockedMovers(SeatRef),
    /// The cell one step from a cell in a direction, or `NO_CELL`.
    Step(Box<Node>, Box<Node>),
    /// The cell a jump from the first cell to the second passes over, or `NO_CELL`.
    Between(Box<Node>, Box<Node>),
    /// Whether the cell lies on the side (a side index).
    OnSide(Box<Node>, Box<Node>),
    /// Whether the seat tops a cell on the side (the compiler's form of
    /// `any(on_side(c, S) for c where owner(c) == P)`).
    PieceOnSide(SeatRef, Box<Node>),
    /// A cell's row, from 1 (0 for no cell).
    Row(Box<Node>),
    /// A cell's column, from 1 (0 for no cell).
    Column(Box<Node>),
    /// Whether the seat's pieces join the two sides (side indices).
    Connects(SeatRef, Box<Node>, Box<Node>),
    /// How many pieces a mover's piece on the cell would enclose.
    Encloses(Box<Node>),
    /// How many pieces the seat has captured.
    Captured(SeatRef),
    /// The seat's store (pits boards), or `NO_CELL`.
    Store(SeatRef),
    /// The pit across from a pit (pits boards), or `NO_CELL`.
    Opposite(Box<Node>),
    /// Whether the cell is a pit (pits boards).
    IsPit(Box<Node>),
}

/// A seat argument: the common cases are read directly, without evaluating a node.
#[derive(Clone, Debug, PartialEq)]
pub enum SeatRef {
    /// The mover.
    Mover,
    /// The seat after the mover.
    Next,
    /// The seat a score is computed for.
    Bound,
    /// A fixed seat.
    Fixed(u8),
    /// The mover's partner (`partner(mover)`).
    MoverPartner,
    /// Any other seat expression.
    Node(Box<Node>),
}

impl SeatRef {
    /// Wraps a seat-valued node, picking a direct form where there is one.
    pub fn from_node(node: Node) -> Self {
        match node {
            Node::Read(Read::Mover) => SeatRef::Mover,
            Node::Read(Read::Next) => SeatRef::Next,
            Node::Read(Read::Bound) => SeatRef::Bound,
            Node::Const(c) => SeatRef::Fixed(c as u8),
            Node::Partner(SeatRef::Mover) => SeatRef::MoverPartner,
            n => SeatRef::Node(Box::new(n)),
        }
    }

    /// Whether the seat depends on the chosen cell.
    pub fn uses_chosen(&self) -> bool {
        matches!(self, SeatRef::Node(n) if n.uses_chosen())
    }
}

/// Comparison operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl CmpOp {
    /// Compares two values, giving 1 for true and 0 for false.
    #[inline]
    pub fn apply(self, a: i64, b: i64) -> i64 {
        (match self {
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
            CmpOp::Lt => a < b,
            CmpOp::Le => a <= b,
            CmpOp::Gt => a > b,
            CmpOp::Ge => a >= b,
        }) as i64
    }
}

/// Arithmetic operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/` (rounds toward zero)
    Div,
    /// `%`
    Rem,
}

impl ArithOp {
    /// The result, or `None` past the integers or on a division by zero.
    pub fn checked(self, a: i64, b: i64) -> Option<i64> {
        match self {
            ArithOp::Add => a.checked_add(b),
            ArithOp::Sub => a.checked_sub(b),
            ArithOp::Mul => a.checked_mul(b),
            ArithOp::Div => a.checked_div(b),
            ArithOp::Rem => a.checked_rem(b),
        }
    }
}

impl Node {
    /// Whether the node reads a score (`score` or `gain`): then the engine
    /// must keep scores up to date after every turn.
    pub fn reads_score(&self) -> bool {
        let mut found = false;
        self.visit(&mut |n| found |= matches!(n, Node::Score(_) | Node::Gain(_)));
        found
    }

    /// Calls `f` on the node and every node below it.
    pub fn visit(&self, f: &mut dyn FnMut(&Node)) {
        f(self);
        self.children(&mut |child| child.visit(f));
    }

    /// Calls `f` on every node below this one, children before parents,
    /// then on this one, which `f` may replace: how a pass rewrites
    /// expressions.
    pub fn rewrite(&mut self, f: &mut dyn FnMut(&mut Node)) {
        self.children_mut(&mut |child| child.rewrite(f));
        f(self);
    }

    /// Calls `f` on each child node (a seat given by a node included).
    pub fn children(&self, f: &mut dyn FnMut(&Node)) {
        each_child!(self, f, ref);
    }

    /// Calls `f` on each child node, mutably.
    pub fn children_mut(&mut self, f: &mut dyn FnMut(&mut Node)) {
        each_child!(self, f, ref mut);
    }

    /// Whether the node is an aggregate over one seat's pieces (`for c
    /// where owner(c) == p`, or the piece on a side that stands for one),
    /// which the engine reads off that seat's bitboard when it keeps one.
    pub fn aggregates_owned_cells(&self) -> bool {
        if let Node::PieceOnSide(..) = self {
            return true;
        }
        let Node::Aggregate(_, _, Some(condition)) = self else {
            return false;
        };
        let owner_of_each = |n: &Node| matches!(n, Node::Owner(c) if matches!(**c, Node::Read(Read::Cell(At::Each))));
        matches!(&**condition, Node::Cmp(CmpOp::Eq, a, b) if owner_of_each(a) || owner_of_each(b))
    }

    /// Whether the node reads the groups of pieces: then the engine keeps
    /// an occupied-cell bitboard to find them.
    pub fn reads_groups(&self) -> bool {
        let mut found = false;
        self.visit(&mut |n| {
            found |= matches!(n, Node::Connected | Node::Groups | Node::LargestGroup)
        });
        found
    }

    /// Whether the node's value depends on the chosen cell.
    pub fn uses_chosen(&self) -> bool {
        let mut found = false;
        self.visit(&mut |n| found |= matches!(n, Node::Read(Read::Cell(At::Chosen))));
        found
    }

    /// Whether the node reads the card played.
    pub fn uses_card(&self) -> bool {
        let mut found = false;
        self.visit(&mut |n| found |= matches!(n, Node::Read(Read::Card)));
        found
    }
}
