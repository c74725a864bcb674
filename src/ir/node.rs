//! Expression nodes: a small tree the engine evaluates to an `i64`.
//!
//! Booleans are 0 and 1, seats their index, cells their id (`NO_CELL` for none).
//! Types were checked before compiling, so evaluation never checks them.

use super::read::{At, Read, Test};
use crate::builtins::BuiltinId;
use crate::syntax::Span;

/// Calls `$f` on each child of `$node`, bound by `$($mode)+` (`ref` or
/// `ref mut`): the one list of each kind of node's children, for
/// [`Node::children`] and [`Node::children_mut`]. Exhaustive: a new kind
/// of node does not compile until its children are listed.
macro_rules! each_child {
    ($node:expr, $f:ident, $iter:ident, $($mode:tt)+) => {{
        let f = $f;
        match $node {
            Node::Not($($mode)+ a)
            | Node::Neg($($mode)+ a)
            | Node::CmpConst(_, $($mode)+ a, _) => f(a),
            Node::Call(_, $($mode)+ args) => {
                for a in args.$iter() {
                    f(a);
                }
            }
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
            Node::And($($mode)+ a, $($mode)+ b)
            | Node::Or($($mode)+ a, $($mode)+ b)
            | Node::Cmp(_, $($mode)+ a, $($mode)+ b)
            | Node::Arith(_, $($mode)+ a, $($mode)+ b, _) => {
                f(a);
                f(b);
            }
            Node::PieceOnSide($($mode)+ p, $($mode)+ a) => {
                if let SeatRef::Node(n) = p {
                    f(n);
                }
                f(a);
            }
            Node::PerSeat(_, $($mode)+ p)
            | Node::OwnedNumbers(_, $($mode)+ p) => {
                if let SeatRef::Node(n) = p {
                    f(n);
                }
            }
            Node::Pick($($mode)+ p) => {
                let Pick { $($mode)+ rest, $($mode)+ then, $($mode)+ other, .. } = **p;
                if let Some(rest) = rest {
                    f(rest);
                }
                f(then);
                f(other);
            }
            Node::Aggregate(_, $($mode)+ a, $($mode)+ c) => {
                f(a);
                if let Some(c) = c {
                    f(c);
                }
            }
            Node::KindAggregate(_, _, $($mode)+ a, $($mode)+ c) => {
                f(a);
                if let Some(c) = c {
                    f(c);
                }
            }
            Node::OwnedAggregate(_, $($mode)+ p, $($mode)+ a, $($mode)+ c)
            | Node::OwnedKindAggregate(_, $($mode)+ p, _, $($mode)+ a, $($mode)+ c) => {
                if let SeatRef::Node(n) = p {
                    f(n);
                }
                f(a);
                if let Some(c) = c {
                    f(c);
                }
            }
            Node::Const(_)
            | Node::Read(_)
            | Node::Test(_)
            | Node::Both(_)
            | Node::Choose(_) => {}
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
    /// One value or another as a condition holds, the condition's leading
    /// tests read in one loop (`effect-picks`, on an effect's value).
    Pick(Box<Pick>),
    /// A built-in applied to its arguments, evaluated in order: its row
    /// of the table of built-ins (`builtins.rs`: name, parameters, type;
    /// the engine's `calls.rs`: what it does). A seat is an argument like
    /// any other; `line` and `runs` take their counter's index (a
    /// constant) where the source wrote the length.
    Call(BuiltinId, Box<[Node]>),
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
    /// `owner(c) == SEAT`, the seat named directly, or that and more: the
    /// rest of the condition, tested on those cells).
    OwnedAggregate(
        crate::syntax::ast::Aggregate,
        SeatRef,
        Box<Node>,
        Option<Box<Node>>,
    ),
    /// The same over the cells holding a piece of one kind (the
    /// `owned-cells` pass's form of an aggregate whose condition is
    /// `kind(c) == K`, or that and more: the rest, tested on those cells),
    /// the cells found by a scan of the kinds instead of the evaluator.
    KindAggregate(
        crate::syntax::ast::Aggregate,
        i64,
        Box<Node>,
        Option<Box<Node>>,
    ),
    /// The same over the cells holding a seat's piece of one kind (the
    /// `owned-cells` pass's form of `kind(c) == K and owner(c) == p`, or
    /// that and more), read off the seat's bitboard and the kind's at
    /// once, where the state keeps both: chess's king, found among one
    /// seat's pieces with no test of the other's.
    OwnedKindAggregate(
        crate::syntax::ast::Aggregate,
        SeatRef,
        i64,
        Box<Node>,
        Option<Box<Node>>,
    ),
    /// The sum (or maximum) of the numbers of the cells a seat's pieces
    /// top (`sum(number(c) for c where owner(c) == p)`, by `owned-cells`).
    OwnedNumbers(crate::syntax::ast::Aggregate, SeatRef),
    /// `A if C else B`: value, condition, other value.
    If(Box<Node>, Box<Node>, Box<Node>),
    /// A value per seat (a per-seat option), for the seat given.
    PerSeat(Box<[i64]>, SeatRef),
    /// Whether the seat tops a cell on the side (the compiler's form of
    /// `any(on_side(c, S) for c where owner(c) == P)`).
    PieceOnSide(SeatRef, Box<Node>),
}

/// `THEN if CONDITION else OTHER`, the condition cut into the tests it
/// starts with and the rest (`effect-picks`). With `any` the condition
/// is `t1 or t2 or ... or REST`, else `t1 and t2 and ... and REST`: read
/// in that order, stopping where it is decided, as `and` and `or` do.
#[derive(Clone, Debug, PartialEq)]
pub struct Pick {
    /// Whether the tests are joined by `or` (else by `and`).
    pub any: bool,
    /// The tests the condition starts with.
    pub tests: Box<[Test]>,
    /// The rest of the condition, read when the tests leave it undecided.
    pub rest: Option<Node>,
    /// The value where the condition holds.
    pub then: Node,
    /// The value where it does not.
    pub other: Node,
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
            n if matches!(
                n.args_of(BuiltinId::Partner),
                Some([Node::Read(Read::Mover)])
            ) =>
            {
                SeatRef::MoverPartner
            }
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
        self.visit(&mut |n| found |= n.is_call(BuiltinId::Score) || n.is_call(BuiltinId::Gain));
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
        each_child!(self, f, iter, ref);
    }

    /// Calls `f` on each child node, mutably.
    pub fn children_mut(&mut self, f: &mut dyn FnMut(&mut Node)) {
        each_child!(self, f, iter_mut, ref mut);
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
        let owner_of_each = |n: &Node| n.is_owner_of_each();
        let owned = |c: &Node| matches!(c, Node::Cmp(CmpOp::Eq, a, b) if owner_of_each(a) || owner_of_each(b));
        // `owner(c) == p and MORE`, either way round, too.
        match &**condition {
            Node::And(a, b) => owned(a) || owned(b),
            c => owned(c),
        }
    }

    /// Whether the node reads the groups of pieces: then the engine keeps
    /// an occupied-cell bitboard to find them.
    pub fn reads_groups(&self) -> bool {
        let mut found = false;
        self.visit(&mut |n| {
            found |= [
                BuiltinId::Connected,
                BuiltinId::Groups,
                BuiltinId::LargestGroup,
            ]
            .iter()
            .any(|&id| n.is_call(id))
        });
        found
    }

    /// Whether the node reads nothing itself, only combining what its
    /// children give (constants, logic, comparisons, arithmetic, a choice,
    /// a per-seat value): an analysis that visits every node decides such
    /// nodes by their children.
    pub fn only_combines(&self) -> bool {
        matches!(
            self,
            Node::Const(_)
                | Node::Not(_)
                | Node::Neg(_)
                | Node::And(..)
                | Node::Or(..)
                | Node::Cmp(..)
                | Node::CmpConst(..)
                | Node::Arith(..)
                | Node::If(..)
                | Node::PerSeat(..)
        )
    }

    /// Whether the node's value depends on the chosen cell.
    pub fn uses_chosen(&self) -> bool {
        let mut found = false;
        self.visit(&mut |n| found |= matches!(n, Node::Read(Read::Cell(At::Chosen))));
        found
    }

    /// A call of built-in `id`, with its arguments.
    pub fn call(id: BuiltinId, args: Vec<Node>) -> Node {
        Node::Call(id, args.into_boxed_slice())
    }

    /// The arguments, when the node calls built-in `id`.
    pub fn args_of(&self, id: BuiltinId) -> Option<&[Node]> {
        match self {
            Node::Call(f, args) if *f == id => Some(args),
            _ => None,
        }
    }

    /// Whether the node calls built-in `id`.
    pub fn is_call(&self, id: BuiltinId) -> bool {
        self.args_of(id).is_some()
    }

    /// Whether the node calls built-in `id` on the context's cell `at`
    /// alone (`empty(cell)`).
    pub fn is_call_at(&self, id: BuiltinId, at: At) -> bool {
        matches!(self.args_of(id), Some([Node::Read(Read::Cell(a))]) if *a == at)
    }

    /// The kind `K` when the node is the test `kind(c) == K`, `c` the cell
    /// `at` (as written, or fused by `direct-reads`).
    pub fn kind_test(&self, at: At) -> Option<i64> {
        use crate::ir::{Against, Test};
        match self {
            Node::Test(Test {
                op: CmpOp::Eq,
                read: Read::Kind(a),
                against: Against::Const(k),
            }) if *a == at => Some(*k),
            Node::CmpConst(CmpOp::Eq, read, k) if read.is_call_at(BuiltinId::Kind, at) => Some(*k),
            _ => None,
        }
    }

    /// Whether the node is `owner(c)`, c an aggregate's cell.
    pub fn is_owner_of_each(&self) -> bool {
        self.is_call_at(BuiltinId::Owner, At::Each)
    }

    /// Whether the node reads the card played.
    pub fn uses_card(&self) -> bool {
        let mut found = false;
        self.visit(&mut |n| found |= matches!(n, Node::Read(Read::Card)));
        found
    }
}
