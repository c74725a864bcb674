//! Lowering checked expressions to IR nodes.

use super::select::{flatten_and, join_and};
use super::CompileError;
use crate::builtins::BuiltinId;
use crate::check::program::{Hir, Program, Typed};
use crate::diagnostic::Diagnostic;
use crate::ir::compass::FORWARD;
use crate::ir::{ArithOp, CellId, CmpOp, Geometry, Node, SeatRef};
use crate::ir::{At, Read};
use crate::syntax::ast::{Aggregate, BinaryOp, UnaryOp};

/// Lowers expressions, collecting the line and run lengths they use.
pub struct Lowerer<'a> {
    program: &'a Program,
    values: &'a [i64],
    pub(super) geometry: &'a Geometry,
    line_lengths: Vec<u8>,
    /// The run counters: a length, and whether only runs of exactly that
    /// length count (`exact_line`) or floor(L/n) of each (`runs`).
    run_lengths: Vec<(u8, bool)>,
    /// Whether an aggregate's body is being lowered: aggregates do not nest,
    /// and a definition inlined into one may hold another.
    in_aggregate: bool,
    /// The seats that play with these options.
    seat_count: usize,
    /// Per option: its value for each seat, for per-seat options (else empty).
    seat_values: &'a [Vec<i64>],
    /// Expressions lowered so far, and how deep the current one is.
    lowered: usize,
    depth: usize,
    /// The expression being lowered, for a report.
    outermost: crate::syntax::Span,
    /// Each cell's printed number (empty without `numbers`), and the cell
    /// of each number.
    pub(super) numbers: &'a [i64],
    pub(super) field_of: &'a [CellId],
    /// A track board's tables, if the board is a track.
    pub(super) track: Option<&'a crate::ir::Track>,
}

/// The most expression parts all the rules lower to, definitions written out.
const MAX_LOWERED: usize = 200_000;

/// The deepest a lowered expression may be, definitions written out.
const MAX_LOWERED_DEPTH: usize = 2_000;

impl<'a> Lowerer<'a> {
    /// A lowerer for a program with fixed option values.
    pub fn new(program: &'a Program, values: &'a [i64], geometry: &'a Geometry) -> Self {
        Lowerer {
            program,
            values,
            geometry,
            line_lengths: Vec::new(),
            run_lengths: Vec::new(),
            in_aggregate: false,
            seat_count: program.seats.len(),
            seat_values: &[],
            lowered: 0,
            depth: 0,
            outermost: crate::syntax::Span::default(),
            numbers: &[],
            field_of: &[],
            track: None,
        }
    }

    /// The same lowerer with the cells' printed numbers, which never change.
    pub fn with_numbers(mut self, numbers: &'a [i64], field_of: &'a [CellId]) -> Self {
        self.numbers = numbers;
        self.field_of = field_of;
        self
    }

    /// Each kind of card's name and value, by code.
    pub fn card_kinds(&self) -> &'a [(String, i64)] {
        &self.program.card_kinds
    }

    /// The option values the rules are compiled with.
    pub fn values(&self) -> &'a [i64] {
        self.values
    }

    /// The same lowerer with a track board's tables (for the fixed facts
    /// of its spaces).
    pub fn with_track(mut self, track: Option<&'a crate::ir::Track>) -> Self {
        self.track = track;
        self
    }

    /// The same lowerer with the per-seat options' values (by option, by seat).
    pub fn with_seat_values(mut self, values: &'a [Vec<i64>]) -> Self {
        self.seat_values = values;
        self
    }

    /// The same lowerer for a game played by the first `seats` seats only.
    pub fn with_seats(mut self, seats: usize) -> Self {
        self.seat_count = seats;
        self
    }

    /// The line lengths and run lengths used, indexed as the nodes refer to them.
    pub fn finish(self) -> (Vec<u8>, Vec<(u8, bool)>) {
        (self.line_lengths, self.run_lengths)
    }

    /// Lowers a top-level expression.
    pub fn node(&mut self, e: &Typed) -> Result<Node, CompileError> {
        self.lower(e, &[])
    }

    /// Lowers `e`, whose one parameter is the cell a run is at.
    pub fn node_each(&mut self, e: &Typed) -> Result<Node, CompileError> {
        self.lower(e, &[Node::Read(Read::Cell(At::Each))])
    }

    fn lower(&mut self, e: &Typed, args: &[Node]) -> Result<Node, CompileError> {
        // Definitions are inlined: one used twice in the next, and so on,
        // doubles at each step. Bound the whole and the depth.
        self.lowered += 1;
        if self.depth == 0 {
            self.outermost = e.span;
        }
        self.depth += 1;
        if self.lowered > MAX_LOWERED || self.depth > MAX_LOWERED_DEPTH {
            let what = format!(
                "with its definitions written out, more than {MAX_LOWERED} parts or {MAX_LOWERED_DEPTH} levels"
            );
            let help = "a definition is written out wherever it is used: one used twice in the \
                next doubles at each step; use fewer steps, or each definition once"
                .to_string();
            let span = self.outermost.into();
            let d = Diagnostic::TooDeep { what, span, help };
            return Err(CompileError::Invalid(Box::new(d)));
        }
        let node = self.lower_kind(e, args);
        self.depth -= 1;
        node
    }

    /// [`Lowerer::lower`] without the bounds.
    fn lower_kind(&mut self, e: &Typed, args: &[Node]) -> Result<Node, CompileError> {
        let b = |n: Node| Box::new(n);
        Ok(match &e.kind {
            Hir::Int(n) => Node::Const(*n),
            Hir::Bool(v) => Node::Const(*v as i64),
            Hir::Option(i) => Node::Const(self.values[*i]),
            Hir::Seat(i) if *i >= self.seat_count => {
                return Err(CompileError::Invalid(Box::new(Diagnostic::OutOfBounds {
                    what: "a seat that plays with these options (seats are counted from 1)".into(),
                    value: (i + 1).to_string(),
                    min: 1,
                    max: self.seat_count as i64,
                    span: e.span.into(),
                })))
            }
            Hir::Seat(i) => Node::Const(*i as i64),
            Hir::Param(i) => args.get(*i).cloned().unwrap_or(Node::Read(Read::Bound)),
            Hir::Error => Node::Const(0),
            Hir::Counter(i) => Node::Read(Read::Counter(*i as u8)),
            Hir::If(value, condition, other) => {
                // A branch the options rule out is not lowered: the engine
                // keeps no counter for a `line` only it reads.
                match self.lower(condition, args)? {
                    Node::Const(0) => self.lower(other, args)?,
                    Node::Const(_) => self.lower(value, args)?,
                    c => {
                        let (value, other) = (self.lower(value, args)?, self.lower(other, args)?);
                        Node::If(b(value), b(c), b(other))
                    }
                }
            }
            Hir::SeatOption(i, seat) => {
                let table: Box<[i64]> = self
                    .seat_values
                    .get(*i)
                    .filter(|t| !t.is_empty())
                    .cloned()
                    .unwrap_or_else(|| vec![self.values[*i]; self.seat_count])
                    .into_boxed_slice();
                match self.lower(seat, args)? {
                    Node::Const(s) => Node::Const(table.get(s as usize).copied().unwrap_or(0)),
                    other => Node::PerSeat(table, SeatRef::from_node(other)),
                }
            }
            Hir::CellLabel(label) => match self.geometry.cell_by_label(label) {
                Some(c) => Node::Const(c as i64),
                None => {
                    return Err(CompileError::Invalid(Box::new(Diagnostic::UnknownName {
                        name: label.clone(),
                        span: e.span.into(),
                        help: Some(
                            "this board, with these options, has no cell of that name".into(),
                        ),
                    })))
                }
            },
            Hir::Aggregate(kind, index, body, condition) => {
                if self.in_aggregate {
                    return Err(CompileError::Invalid(Box::new(Diagnostic::Unsupported {
                        what: "a `sum` or `max` inside another".into(),
                        span: e.span.into(),
                        help: "a `sum` or `max` cannot contain another, not even through a definition; count the inner part another way".into(),
                    })));
                }
                self.in_aggregate = true;
                // The cell variable is the parameter after the enclosing ones.
                let mut inner: Vec<Node> = args.to_vec();
                inner.resize(*index, Node::Read(Read::Bound));
                inner.push(Node::Read(Read::Cell(At::Each)));
                let body = self.lower(body, &inner)?;
                let condition = match condition {
                    Some(c) => Some(b(self.lower(c, &inner)?)),
                    None => None,
                };
                self.in_aggregate = false;
                around(*kind, body, condition)
            }
            Hir::Define(i, call_args) => {
                let lowered = call_args
                    .iter()
                    .map(|a| self.lower(a, args))
                    .collect::<Result<Vec<_>, _>>()?;
                let body = &self.program.defines[*i];
                self.lower(body, &lowered)?
            }
            Hir::Unary(UnaryOp::Not, a) => Node::Not(b(self.lower(a, args)?)),
            // `-2` is a constant, so that `lead(mover) > -2` compares with one.
            Hir::Unary(UnaryOp::Neg, a) => match self.lower(a, args)? {
                Node::Const(c) => Node::Const(c.wrapping_neg()),
                other => Node::Neg(b(other)),
            },
            Hir::Binary(op, l, r) => {
                let l = self.lower(l, args)?;
                // Nor is the right side of an `and` or `or` decided by the left.
                match (op, &l) {
                    (BinaryOp::And, Node::Const(0)) => return Ok(Node::Const(0)),
                    (BinaryOp::Or, Node::Const(x)) if *x != 0 => return Ok(Node::Const(1)),
                    _ => {}
                }
                let r = self.lower(r, args)?;
                // Arithmetic on constants (`20 * seats`) is done once, here.
                if let (Node::Const(x), Node::Const(y)) = (&l, &r) {
                    let folded = match op {
                        // Past the integers it is left to play, which reports it.
                        BinaryOp::Add => x.checked_add(*y),
                        BinaryOp::Sub => x.checked_sub(*y),
                        BinaryOp::Mul => x.checked_mul(*y),
                        _ => None,
                    };
                    if let Some(v) = folded {
                        return Ok(Node::Const(v));
                    }
                }
                match op {
                    // A part an option decides is decided here, once.
                    BinaryOp::And => match (l, r) {
                        (Node::Const(0), _) | (_, Node::Const(0)) => Node::Const(0),
                        (Node::Const(_), x) | (x, Node::Const(_)) => x,
                        (l, r) => Node::And(b(l), b(r)),
                    },
                    BinaryOp::Or => match (l, r) {
                        (Node::Const(x), _) | (_, Node::Const(x)) if x != 0 => Node::Const(1),
                        (Node::Const(_), x) | (x, Node::Const(_)) => x,
                        (l, r) => Node::Or(b(l), b(r)),
                    },
                    BinaryOp::Eq => compare(CmpOp::Eq, l, r),
                    BinaryOp::Ne => compare(CmpOp::Ne, l, r),
                    BinaryOp::Lt => compare(CmpOp::Lt, l, r),
                    BinaryOp::Le => compare(CmpOp::Le, l, r),
                    BinaryOp::Gt => compare(CmpOp::Gt, l, r),
                    BinaryOp::Ge => compare(CmpOp::Ge, l, r),
                    BinaryOp::Add => Node::Arith(ArithOp::Add, b(l), b(r), e.span),
                    BinaryOp::Sub => Node::Arith(ArithOp::Sub, b(l), b(r), e.span),
                    BinaryOp::Mul => Node::Arith(ArithOp::Mul, b(l), b(r), e.span),
                    BinaryOp::Div => Node::Arith(ArithOp::Div, b(l), b(r), e.span),
                    BinaryOp::Rem => Node::Arith(ArithOp::Rem, b(l), b(r), e.span),
                }
            }
            Hir::Builtin(id, a) => {
                let mut lowered = Vec::with_capacity(a.len());
                for (k, arg) in a.iter().enumerate() {
                    // The length of `line`/`runs` becomes a counter index, not a node.
                    if k == 0
                        && matches!(id, BuiltinId::Line | BuiltinId::Runs | BuiltinId::ExactLine)
                    {
                        lowered.push(Node::Const(0));
                    } else {
                        lowered.push(self.lower(arg, args)?);
                    }
                }
                let call = |args: Vec<Node>| Node::call(*id, args);
                match id {
                    BuiltinId::Mover => Node::Read(Read::Mover),
                    BuiltinId::Next => Node::Read(Read::Next),
                    BuiltinId::Turn => Node::Read(Read::Turn),
                    BuiltinId::Last => Node::Read(Read::Cell(At::Last)),
                    BuiltinId::Cell => Node::Read(Read::Cell(At::Chosen)),
                    BuiltinId::Full => Node::Read(Read::Full),
                    BuiltinId::Played => Node::Read(Read::Played),
                    BuiltinId::Total => Node::Read(Read::Total),
                    BuiltinId::From => Node::Read(Read::Cell(At::From)),
                    BuiltinId::To => Node::Read(Read::Cell(At::To)),
                    BuiltinId::Piece => Node::Read(Read::Piece),
                    BuiltinId::Card => Node::Read(Read::Card),
                    BuiltinId::ThisDie => Node::Read(Read::ThisDie),
                    BuiltinId::Passes => Node::Read(Read::Passes),
                    BuiltinId::Captures => Node::Read(Read::Captures),
                    BuiltinId::Gathered => Node::Read(Read::Gathered),
                    BuiltinId::Repeated => Node::Read(Read::Repeated),
                    // The length becomes the index of the line's counter.
                    BuiltinId::Line | BuiltinId::InLine => {
                        let length = self.length(&a[0])?;
                        lowered[0] = Node::Const(counter(&mut self.line_lengths, length).into());
                        call(lowered)
                    }
                    // A row of exactly n: a count of the maximal runs of n.
                    BuiltinId::Runs | BuiltinId::ExactLine => {
                        let exact = *id == BuiltinId::ExactLine;
                        let length = self.length(&a[0])?;
                        let index = counter(&mut self.run_lengths, (length, exact));
                        lowered[0] = Node::Const(index.into());
                        let runs = Node::call(BuiltinId::Runs, lowered);
                        if exact {
                            Node::CmpConst(CmpOp::Gt, Box::new(runs), 0)
                        } else {
                            runs
                        }
                    }
                    BuiltinId::Direction(d) => Node::Const(i64::from(*d)),
                    BuiltinId::Side(s) => Node::Const(i64::from(*s)),
                    BuiltinId::Forward
                    | BuiltinId::Backward
                    | BuiltinId::ForwardLeft
                    | BuiltinId::ForwardRight => {
                        // Turned by eighths, clockwise.
                        let turn = match id {
                            BuiltinId::Backward => 4,
                            BuiltinId::ForwardLeft => 7,
                            BuiltinId::ForwardRight => 1,
                            _ => 0,
                        };
                        let table = (0..self.seat_count)
                            .map(|s| i64::from((FORWARD[s % 4] + turn) % 8))
                            .collect();
                        Node::PerSeat(table, SeatRef::Mover)
                    }
                    // Every other built-in is a call of its row.
                    _ => call(lowered),
                }
            }
        })
    }

    /// A line length, checked against the board these options give.
    fn length(&self, n: &Typed) -> Result<u8, CompileError> {
        let value = super::value_of(n, self.values)?;
        let longest = self.geometry.longest_line as i64;
        if value > longest {
            return Err(CompileError::Invalid(Box::new(Diagnostic::LineTooLong {
                length: value,
                longest,
                span: n.span.into(),
                board: self.program.board_span.into(),
            })));
        }
        if value < 1 {
            return Err(CompileError::Invalid(Box::new(Diagnostic::OutOfBounds {
                what: "a line length".into(),
                value: value.to_string(),
                min: 1,
                max: longest,
                span: n.span.into(),
            })));
        }
        Ok(value as u8)
    }
}

/// An aggregate; over the neighbours of one cell only when its condition
/// says `adjacent(X, c)` with X not the aggregate's cell.
fn around(kind: Aggregate, body: Node, condition: Option<Box<Node>>) -> Node {
    let b = |n: Node| Box::new(n);
    let Some(condition) = condition else {
        return Node::Aggregate(kind, b(body), None);
    };
    let body = match piece_on_side(kind, body, &condition) {
        Ok(node) => return node,
        Err(body) => body,
    };
    let mut parts = Vec::new();
    flatten_and(*condition, &mut parts);
    let is_each = |n: &Node| matches!(n, Node::Read(Read::Cell(At::Each)));
    let centre = parts
        .iter()
        .position(|p| match p.args_of(BuiltinId::Adjacent) {
            Some([a, c]) => (is_each(c) && !reads_each(a)) || (is_each(a) && !reads_each(c)),
            _ => false,
        });
    match centre {
        Some(i) => {
            let Node::Call(_, args) = parts.remove(i) else {
                unreachable!("found above")
            };
            let [a, c]: [Node; 2] = args.into_vec().try_into().expect("found above");
            let x = if is_each(&c) { a } else { c };
            Node::AroundAggregate(kind, b(x), b(body), join_and(parts).map(b))
        }
        None => Node::Aggregate(kind, b(body), join_and(parts).map(b)),
    }
}

/// `any(on_side(c, S) for c where owner(c) == P)`, S and P not reading c,
/// as one node (a race to a side: Breakthrough's far row); else the body back.
fn piece_on_side(kind: Aggregate, body: Node, condition: &Node) -> Result<Node, Node> {
    let is_each = |n: &Node| matches!(n, Node::Read(Read::Cell(At::Each)));
    let seat = match condition {
        Node::Cmp(CmpOp::Eq, a, p) | Node::Cmp(CmpOp::Eq, p, a)
            if a.is_owner_of_each() && !reads_each(p) =>
        {
            SeatRef::from_node((**p).clone())
        }
        Node::CmpConst(CmpOp::Eq, a, seat @ 0..) if a.is_owner_of_each() => {
            SeatRef::Fixed(*seat as u8)
        }
        _ => return Err(body),
    };
    match body.args_of(BuiltinId::OnSide) {
        Some([c, side]) if kind == Aggregate::Any && is_each(c) && !reads_each(side) => {
            Ok(Node::PieceOnSide(seat, Box::new(side.clone())))
        }
        _ => Err(body),
    }
}

/// Whether a node reads the aggregate's cell.
fn reads_each(n: &Node) -> bool {
    let mut found = false;
    n.visit(&mut |n| found |= matches!(n, Node::Read(Read::Cell(At::Each))));
    found
}

/// The index of `key` in a table of counters, added if new.
fn counter<T: PartialEq>(table: &mut Vec<T>, key: T) -> u8 {
    match table.iter().position(|x| *x == key) {
        Some(i) => i as u8,
        None => {
            table.push(key);
            (table.len() - 1) as u8
        }
    }
}

/// A comparison, with the constant folded into the node when one side is constant.
fn compare(op: CmpOp, l: Node, r: Node) -> Node {
    match (l, r) {
        (Node::Const(a), Node::Const(b)) => Node::Const(op.apply(a, b)),
        (l, Node::Const(c)) => Node::CmpConst(op, Box::new(l), c),
        (Node::Const(c), r) => {
            let flipped = match op {
                CmpOp::Lt => CmpOp::Gt,
                CmpOp::Le => CmpOp::Ge,
                CmpOp::Gt => CmpOp::Lt,
                CmpOp::Ge => CmpOp::Le,
                same => same,
            };
            Node::CmpConst(flipped, Box::new(r), c)
        }
        (l, r) => Node::Cmp(op, Box::new(l), Box::new(r)),
    }
}
