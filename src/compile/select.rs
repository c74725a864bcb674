//! Splitting a choosing step's condition for move generation: a guard
//! (tested once), the candidates (the empty cells, one seat's pieces, ...),
//! a mask (the cells the board's fixed facts allow, computed here) and a
//! test (the rest, tested per candidate).

use super::lower::Lowerer;
use super::CompileError;
use crate::builtins::{facts, BuiltinId};
use crate::check::program::Typed;
use crate::ir::{At, Read};
use crate::ir::{Candidates, CellId, CellMask, CmpOp, MoverFacts, Node, Select};
use crate::syntax::ast::Aggregate;

impl Lowerer<'_> {
    /// Lowers a place step's condition, splitting it for move generation.
    pub fn place(
        &mut self,
        condition: Option<&Typed>,
        stacks: bool,
    ) -> Result<Select, CompileError> {
        // Without stacks a piece only ever goes on an empty cell.
        let start = if stacks {
            Candidates::All
        } else {
            Candidates::Empty
        };
        self.select(condition, start)
    }

    /// Lowers a choosing step's condition, starting from `candidates` (the
    /// cells the step may choose at all), splitting it for move generation.
    pub fn select(
        &mut self,
        condition: Option<&Typed>,
        mut candidates: Candidates,
    ) -> Result<Select, CompileError> {
        let mut conjuncts = Vec::new();
        if let Some(c) = condition {
            flatten_and(self.node(c)?, &mut conjuncts);
        }
        let mut guard = Vec::new();
        let mut test = Vec::new();
        let mut mask: Option<CellMask> = None;
        let places = matches!(candidates, Candidates::All | Candidates::Empty);
        for c in conjuncts {
            match c {
                // `true`, or a part an option made true.
                Node::Const(v) if v != 0 => {}
                // `owner(cell) == mover` is what a pick's candidates are.
                Node::Cmp(CmpOp::Eq, ref a, ref b)
                    if matches!(candidates, Candidates::Owned)
                        && owner_of_chosen(a, b) == Some(&Node::Read(Read::Mover)) => {}
                // A walk never ends on the mover's own piece: `not
                // own(cell)` holds of every cell it reaches.
                ref c if matches!(candidates, Candidates::Reached) && not_movers(c) => {}
                // `kind(cell) == K`: the mover's pieces of that kind.
                ref k if matches!(candidates, Candidates::Owned) && owned_kind(k).is_some() => {
                    candidates = Candidates::OwnedKind(owned_kind(k).expect("matched"));
                }
                // `owner(cell) == SEAT`: the cells of one seat's pieces.
                Node::Cmp(CmpOp::Eq, ref a, ref b)
                    if matches!(candidates, Candidates::Pieces)
                        && owner_of_chosen(a, b).is_some() =>
                {
                    let seat = owner_of_chosen(a, b).expect("matched").clone();
                    candidates = Candidates::OwnedBy(seat);
                }
                c if !places => match c.uses_chosen() {
                    false => guard.push(c),
                    true => match self.static_mask(&c) {
                        Some(m) => mask = Some(join_masks(mask.take(), m)),
                        None => test.push(c),
                    },
                },
                // `encloses(cell) > 0`: the enclosing cells, from bitboards.
                Node::CmpConst(CmpOp::Gt, ref a, 0)
                    if matches!(candidates, Candidates::Empty)
                        && a.is_call_at(BuiltinId::Encloses, At::Chosen) =>
                {
                    candidates = Candidates::Enclosing;
                }
                // The empty cells are a list the engine keeps; so are the occupied
                // ones, by height (only with stacks can a move choose one).
                // Every other kind of candidate left here is an empty cell
                // already (next to a piece, enclosing): nothing to narrow.
                ref e
                    if e.is_call_at(BuiltinId::Empty, At::Chosen)
                        && !matches!(candidates, Candidates::Occupied) =>
                {
                    if matches!(candidates, Candidates::All) {
                        candidates = Candidates::Empty;
                    }
                }
                Node::Not(ref e)
                    if matches!(candidates, Candidates::All)
                        && e.is_call_at(BuiltinId::Empty, At::Chosen) =>
                {
                    candidates = Candidates::Occupied;
                }
                // `any(not empty(n) for n where adjacent(cell, n))`: next to a piece.
                Node::AroundAggregate(Aggregate::Any, ref at, ref body, None)
                    if matches!(candidates, Candidates::Empty)
                        && matches!(**at, Node::Read(Read::Cell(At::Chosen)))
                        && matches!(&**body, Node::Not(e) if e.is_call_at(BuiltinId::Empty, At::Each)) =>
                {
                    candidates = Candidates::EmptyTouching;
                }
                Node::Call(BuiltinId::Adjacent, ref args)
                    if matches!(candidates, Candidates::Empty)
                        && matches!(&**args, [a, Node::Read(Read::Cell(At::Chosen))] if !a.uses_chosen()) =>
                {
                    candidates = Candidates::EmptyNeighbours(args[0].clone());
                }
                // `stones(p, cell) > 0`, `height(cell) > 0`: only an
                // occupied cell passes; the condition stays in the test.
                c if matches!(candidates, Candidates::All) && needs_a_piece(&c) => {
                    candidates = Candidates::Occupied;
                    test.push(c);
                }
                c if !c.uses_chosen() => guard.push(c),
                c => match self.static_mask(&c) {
                    Some(m) => mask = Some(join_masks(mask.take(), m)),
                    None => test.push(c),
                },
            }
        }
        let (guard, test) = (join_and(guard), join_and(test));
        let reads_card = [guard.as_ref(), test.as_ref(), candidates.node()]
            .into_iter()
            .flatten()
            .any(Node::uses_card);
        Ok(Select {
            guard,
            candidates,
            mask,
            test,
            reads_card,
            movers: MoverFacts::default(),
        })
    }

    /// The number of cells on the board.
    pub fn cell_count(&self) -> usize {
        self.geometry.cell_count()
    }

    /// The cells a condition allows, if it depends only on the chosen cell's geometry.
    pub fn static_mask(&self, node: &Node) -> Option<CellMask> {
        let allowed = (0..self.geometry.cell_count() as CellId)
            .map(|c| self.fixed_value(node, c).map(|v| v != 0))
            .collect::<Option<Vec<bool>>>()?;
        Some(CellMask::new(allowed))
    }

    /// The value of `node` at cell `chosen` if it depends only on the board's
    /// fixed facts (the cell's place, its number, constants), else `None`.
    fn fixed_value(&self, node: &Node, chosen: CellId) -> Option<i64> {
        let v = |n: &Node| self.fixed_value(n, chosen);
        Some(match node {
            Node::Const(c) => *c,
            Node::Read(Read::Cell(At::Chosen)) => chosen as i64,
            Node::Call(id, args) => return self.fixed_call(*id, args, chosen),
            Node::Not(a) => (v(a)? == 0) as i64,
            Node::Neg(a) => v(a)?.checked_neg()?,
            Node::And(a, b) => (v(a)? != 0 && v(b)? != 0) as i64,
            Node::Or(a, b) => (v(a)? != 0 || v(b)? != 0) as i64,
            Node::CmpConst(op, a, c) => op.apply(v(a)?, *c),
            Node::Cmp(op, a, b) => op.apply(v(a)?, v(b)?),
            // A fault (overflow, division by zero) is left for the engine to report.
            Node::Arith(op, a, b, _) => op.checked(v(a)?, v(b)?)?,
            Node::If(value, condition, other) => match v(condition)? {
                0 => v(other)?,
                _ => v(value)?,
            },
            _ => return None,
        })
    }

    /// The value of a built-in at cell `chosen`, if it reads only the
    /// board's fixed facts and its arguments are fixed: the engine's own
    /// implementation of the row (`builtins::facts`), run once here.
    fn fixed_call(&self, id: BuiltinId, args: &[Node], chosen: CellId) -> Option<i64> {
        let mut values = [0; 3];
        if args.len() > values.len() {
            return None;
        }
        for (value, arg) in values.iter_mut().zip(args) {
            *value = self.fixed_value(arg, chosen)?;
        }
        let board = facts::Board {
            geometry: self.geometry,
            track: self.track,
            numbers: self.numbers,
            field_of: self.field_of,
        };
        Some(facts::of(id)?(board, &values))
    }
}

/// Two cell masks joined by `and`.
fn join_masks(old: Option<CellMask>, new: CellMask) -> CellMask {
    match old {
        Some(old) => old.and(&new),
        None => new,
    }
}

pub(super) fn flatten_and(n: Node, out: &mut Vec<Node>) {
    match n {
        Node::And(a, b) => {
            flatten_and(*a, out);
            flatten_and(*b, out);
        }
        n => out.push(n),
    }
}

pub(super) fn join_and(mut parts: Vec<Node>) -> Option<Node> {
    let last = parts.pop()?;
    Some(
        parts
            .into_iter()
            .rev()
            .fold(last, |acc, n| Node::And(Box::new(n), Box::new(acc))),
    )
}

/// The seat of `owner(cell) == SEAT` (either way round), when `SEAT` does
/// not depend on the chosen cell.
fn owner_of_chosen<'n>(a: &'n Node, b: &'n Node) -> Option<&'n Node> {
    let owner = |n: &Node| n.is_call_at(BuiltinId::Owner, At::Chosen);
    match (owner(a), owner(b)) {
        (true, false) if !b.uses_chosen() => Some(b),
        (false, true) if !a.uses_chosen() => Some(a),
        _ => None,
    }
}

/// Whether a condition holds only on an occupied chosen cell: `stones(p,
/// cell) > 0` or `height(cell) > 0`.
fn needs_a_piece(node: &Node) -> bool {
    matches!(node, Node::CmpConst(CmpOp::Gt, a, 0)
        if a.is_call_at(BuiltinId::Height, At::Chosen)
            || matches!(a.args_of(BuiltinId::Stones), Some([_, Node::Read(Read::Cell(At::Chosen))])))
}

/// The kind `K` of a condition `kind(cell) == K` (a kind of piece, not the
/// -1 of an empty cell).
fn owned_kind(condition: &Node) -> Option<u8> {
    let k = condition.kind_test(At::Chosen)?;
    u8::try_from(k).ok()
}

/// Whether a condition is `owner(cell) != mover` (or `not owner(cell) ==
/// mover`).
fn not_movers(condition: &Node) -> bool {
    let movers = |a: &Node, b: &Node| owner_of_chosen(a, b) == Some(&Node::Read(Read::Mover));
    match condition {
        Node::Cmp(CmpOp::Ne, a, b) => movers(a, b),
        Node::Not(n) => matches!(&**n, Node::Cmp(CmpOp::Eq, a, b) if movers(a, b)),
        _ => false,
    }
}
