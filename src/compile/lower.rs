//! Lowering checked expressions to IR nodes.

use super::CompileError;
use crate::builtins::BuiltinId;
use crate::check::program::{Hir, Program, Typed};
use crate::diagnostic::Diagnostic;
use crate::ir::{ArithOp, Candidates, CellId, CmpOp, Geometry, Node, Place, SeatRef, NO_CELL};
use crate::syntax::ast::{BinaryOp, UnaryOp};

/// Lowers expressions, collecting the line and run lengths they use.
pub struct Lowerer<'a> {
    program: &'a Program,
    values: &'a [i64],
    geometry: &'a Geometry,
    line_lengths: Vec<u8>,
    run_lengths: Vec<u8>,
    /// Whether an aggregate's body is being lowered: aggregates do not nest,
    /// and a definition inlined into one may hold another.
    in_aggregate: bool,
    /// The seats that play with these options.
    seat_count: usize,
}

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
        }
    }

    /// The same lowerer for a game played by the first `seats` seats only.
    pub fn with_seats(mut self, seats: usize) -> Self {
        self.seat_count = seats;
        self
    }

    /// The line lengths and run lengths used, indexed as the nodes refer to them.
    pub fn finish(self) -> (Vec<u8>, Vec<u8>) {
        (self.line_lengths, self.run_lengths)
    }

    /// Lowers a top-level expression.
    pub fn node(&mut self, e: &Typed) -> Result<Node, CompileError> {
        self.lower(e, &[])
    }

    /// Lowers a place rule's condition, splitting it for move generation.
    pub fn place(
        &mut self,
        condition: Option<&Typed>,
        stacks: bool,
    ) -> Result<Place, CompileError> {
        let mut conjuncts = Vec::new();
        if let Some(c) = condition {
            flatten_and(self.node(c)?, &mut conjuncts);
        }
        let mut guard = Vec::new();
        let mut test = Vec::new();
        let mut mask: Option<Vec<bool>> = None;
        // Without stacks a piece only ever goes on an empty cell.
        let mut candidates = if stacks {
            Candidates::All
        } else {
            Candidates::Empty
        };
        for c in conjuncts {
            match c {
                // The empty cells are a list the engine keeps; so are the occupied
                // ones, by height (only with stacks can a move choose one).
                Node::Empty(ref a)
                    if matches!(**a, Node::Chosen)
                        && !matches!(candidates, Candidates::Occupied) =>
                {
                    candidates = Candidates::Empty;
                }
                Node::Not(ref e)
                    if matches!(candidates, Candidates::All)
                        && matches!(&**e, Node::Empty(a) if matches!(**a, Node::Chosen)) =>
                {
                    candidates = Candidates::Occupied;
                }
                Node::Adjacent(ref a, ref b)
                    if matches!(candidates, Candidates::Empty)
                        && !a.uses_chosen()
                        && matches!(**b, Node::Chosen) =>
                {
                    candidates = Candidates::EmptyNeighbours((**a).clone());
                }
                c if !c.uses_chosen() => guard.push(c),
                c => match self.static_mask(&c) {
                    Some(m) => {
                        let joined = match mask.take() {
                            Some(old) => old.iter().zip(&m).map(|(a, b)| *a && *b).collect(),
                            None => m,
                        };
                        mask = Some(joined);
                    }
                    None => test.push(c),
                },
            }
        }
        Ok(Place {
            sow: None,
            cards: None,
            guard: join_and(guard),
            candidates,
            mask,
            test: join_and(test),
            text: String::new(),
        })
    }

    /// The number of cells on the board.
    pub fn cell_count(&self) -> usize {
        self.geometry.cell_count()
    }

    /// The cells a condition allows, if it depends only on the chosen cell's geometry.
    pub fn static_mask(&self, node: &Node) -> Option<Vec<bool>> {
        (0..self.geometry.cell_count() as CellId)
            .map(|c| static_value(node, c, self.geometry).map(|v| v != 0))
            .collect()
    }

    fn lower(&mut self, e: &Typed, args: &[Node]) -> Result<Node, CompileError> {
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
            Hir::Param(i) => args.get(*i).cloned().unwrap_or(Node::Bound),
            Hir::Error => Node::Const(0),
            Hir::Aggregate(kind, index, body, condition) => {
                if self.in_aggregate {
                    return Err(CompileError::Invalid(Box::new(Diagnostic::Unsupported {
                        what: "a `sum` or `max` inside another".into(),
                        span: e.span.into(),
                    })));
                }
                self.in_aggregate = true;
                // The cell variable is the parameter after the enclosing ones.
                let mut inner: Vec<Node> = args.to_vec();
                inner.resize(*index, Node::Bound);
                inner.push(Node::Each);
                let body = self.lower(body, &inner)?;
                let condition = match condition {
                    Some(c) => Some(b(self.lower(c, &inner)?)),
                    None => None,
                };
                self.in_aggregate = false;
                Node::Aggregate(*kind, b(body), condition)
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
                let (l, r) = (self.lower(l, args)?, self.lower(r, args)?);
                // Arithmetic on constants (`20 * seats`) is done once, here.
                if let (Node::Const(x), Node::Const(y)) = (&l, &r) {
                    let folded = match op {
                        BinaryOp::Add => Some(x.wrapping_add(*y)),
                        BinaryOp::Sub => Some(x.wrapping_sub(*y)),
                        BinaryOp::Mul => Some(x.wrapping_mul(*y)),
                        _ => None,
                    };
                    if let Some(v) = folded {
                        return Ok(Node::Const(v));
                    }
                }
                match op {
                    BinaryOp::And => Node::And(b(l), b(r)),
                    BinaryOp::Or => Node::Or(b(l), b(r)),
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
                    if k == 0 && matches!(id, BuiltinId::Line | BuiltinId::Runs) {
                        lowered.push(Node::Const(0));
                    } else {
                        lowered.push(self.lower(arg, args)?);
                    }
                }
                let mut it = lowered.into_iter();
                let mut node = || Box::new(it.next().expect("arity was checked"));
                let seat = |n: Box<Node>| SeatRef::from_node(*n);
                match id {
                    BuiltinId::Mover => Node::Mover,
                    BuiltinId::Next => Node::Next,
                    BuiltinId::Turn => Node::Turn,
                    BuiltinId::Last => Node::Last,
                    BuiltinId::Cell => Node::Chosen,
                    BuiltinId::Full => Node::Full,
                    BuiltinId::Empty => Node::Empty(node()),
                    BuiltinId::Edge => Node::Edge(node()),
                    BuiltinId::Adjacent => Node::Adjacent(node(), node()),
                    BuiltinId::Supply => Node::Supply(seat(node())),
                    BuiltinId::Score => Node::Score(seat(node())),
                    BuiltinId::Gain => Node::Gain(seat(node())),
                    BuiltinId::Count => Node::Count(seat(node())),
                    BuiltinId::Corner => Node::Corner(node()),
                    BuiltinId::Height => Node::Height(node()),
                    BuiltinId::Number => Node::Number(node()),
                    BuiltinId::Field => Node::Field(node()),
                    BuiltinId::Owner => Node::Owner(node()),
                    BuiltinId::Stones => {
                        let who = seat(node());
                        Node::Stones(who, node())
                    }
                    BuiltinId::Lead => {
                        let who = seat(node());
                        Node::Lead(who, node())
                    }
                    BuiltinId::Margin => Node::Margin(node()),
                    BuiltinId::Played => Node::Played,
                    BuiltinId::Total => Node::Total,
                    BuiltinId::HandSize => Node::HandSize(seat(node())),
                    BuiltinId::Line | BuiltinId::Runs => {
                        let _ = node();
                        let n = self.length(&a[0])?;
                        let table = if *id == BuiltinId::Line {
                            &mut self.line_lengths
                        } else {
                            &mut self.run_lengths
                        };
                        let index = table.iter().position(|&x| x == n).unwrap_or_else(|| {
                            table.push(n);
                            table.len() - 1
                        }) as u8;
                        let who = seat(node());
                        if *id == BuiltinId::Line {
                            Node::Line(index, who)
                        } else {
                            Node::Runs(index, who)
                        }
                    }
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

/// The value of a node that depends only on the chosen cell and the board, or `None`.
fn static_value(node: &Node, chosen: CellId, g: &Geometry) -> Option<i64> {
    let v = |n: &Node| static_value(n, chosen, g);
    Some(match node {
        Node::Const(c) => *c,
        Node::Chosen => chosen as i64,
        Node::Edge(c) => {
            let c = v(c)? as CellId;
            (c != NO_CELL && g.edge[c as usize]) as i64
        }
        Node::Corner(c) => {
            let c = v(c)? as CellId;
            (c != NO_CELL && g.corner[c as usize]) as i64
        }
        Node::Adjacent(a, b) => g.adjacent(v(a)? as CellId, v(b)? as CellId) as i64,
        Node::Not(a) => (v(a)? == 0) as i64,
        Node::And(a, b) => (v(a)? != 0 && v(b)? != 0) as i64,
        Node::Or(a, b) => (v(a)? != 0 || v(b)? != 0) as i64,
        Node::CmpConst(op, a, c) => op.apply(v(a)?, *c),
        Node::Cmp(op, a, b) => op.apply(v(a)?, v(b)?),
        _ => return None,
    })
}

/// A comparison, with the constant folded into the node when one side is constant.
fn compare(op: CmpOp, l: Node, r: Node) -> Node {
    match (l, r) {
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

fn flatten_and(n: Node, out: &mut Vec<Node>) {
    match n {
        Node::And(a, b) => {
            flatten_and(*a, out);
            flatten_and(*b, out);
        }
        n => out.push(n),
    }
}

fn join_and(mut parts: Vec<Node>) -> Option<Node> {
    let last = parts.pop()?;
    Some(
        parts
            .into_iter()
            .rev()
            .fold(last, |acc, n| Node::And(Box::new(n), Box::new(acc))),
    )
}
