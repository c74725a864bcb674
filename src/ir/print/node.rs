//! Expressions in the rules language's own infix syntax, with the fewest
//! parentheses that keep them unambiguous. Nodes no source syntax has show
//! what the compiler made of them: `line#0(3, mover)` (line table 0, of
//! length 3), `runs#0(..)`, `exact_runs#0(..)`, `around(x) any(...)`,
//! `any_piece_on_side(p, s)`, `per_seat(mover){..}`, and a comparison with a
//! constant folded into it (`CmpConst`) marks the constant `#`: `supply(mover)
//! == #0`.

use crate::builtins::{BuiltinId, Ty};
use crate::ir::compass::{DIRECTION_NAMES, SIDE_NAMES};
use crate::ir::{ArithOp, CmpOp, Node, Pick, Rules, SeatRef, NO_CELL};
use crate::ir::{At, Read};
use crate::syntax::ast::Aggregate;

/// What a constant stands for, so that it prints as a name where it has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Hint {
    /// A number.
    Int,
    /// A condition: `true`, `false`.
    Bool,
    /// A seat: its name.
    Seat,
    /// A cell: its label.
    Cell,
    /// A card: its kind's name.
    Card,
    /// A compass direction.
    Direction,
    /// A side of the board.
    Side,
    /// A kind of piece: its name.
    Kind,
}

/// Binding strengths, loosest first (the Pratt parser's order).
const IF: u8 = 0;
const OR: u8 = 1;
const AND: u8 = 2;
const NOT: u8 = 3;
const CMP: u8 = 4;
const ADD: u8 = 5;
const MUL: u8 = 6;
const NEG: u8 = 7;
const ATOM: u8 = 8;

/// Prints expressions of one set of rules.
#[derive(Clone, Copy)]
pub(super) struct Exprs<'r> {
    /// The rules the expressions belong to (names, labels, tables).
    pub rules: &'r Rules,
}

impl Exprs<'_> {
    /// The node as a whole expression.
    pub fn show(&self, n: &Node, hint: Hint) -> String {
        self.at(n, hint, IF)
    }

    /// The node where an `if` expression would run into the words after
    /// it (`move by N where`, `draw N if`): such an expression in parentheses.
    pub fn operand(&self, n: &Node, hint: Hint) -> String {
        self.at(n, hint, OR)
    }

    /// A seat argument.
    pub fn seat(&self, p: &SeatRef) -> String {
        match p {
            SeatRef::Mover => "mover".into(),
            SeatRef::Next => "next".into(),
            SeatRef::Bound => "p".into(),
            SeatRef::Fixed(s) => self.constant(i64::from(*s), Hint::Seat),
            SeatRef::MoverPartner => "partner(mover)".into(),
            SeatRef::Node(n) => self.show(n, Hint::Seat),
        }
    }

    /// A constant, by name where the hint gives one.
    pub fn constant(&self, v: i64, hint: Hint) -> String {
        let r = self.rules;
        let named =
            |names: &[&'static str]| usize::try_from(v).ok().and_then(|i| names.get(i)).copied();
        let name = match hint {
            Hint::Int => None,
            Hint::Bool => [(0, "false"), (1, "true")]
                .into_iter()
                .find(|&(k, _)| k == v)
                .map(|(_, s)| s.to_string()),
            Hint::Seat => usize::try_from(v)
                .ok()
                .and_then(|i| r.seats.get(i))
                .cloned(),
            Hint::Cell if v == i64::from(NO_CELL) => Some("no_cell".into()),
            Hint::Cell => usize::try_from(v)
                .ok()
                .and_then(|i| r.geometry.labels.get(i))
                .cloned(),
            Hint::Card => usize::try_from(v)
                .ok()
                .filter(|&i| i > 0)
                .and_then(|i| r.card_kinds.get(i))
                .filter(|(name, _)| !name.is_empty())
                .map(|(name, _)| name.clone()),
            Hint::Direction => named(&DIRECTION_NAMES).map(str::to_string),
            Hint::Side => named(&SIDE_NAMES).map(str::to_string),
            Hint::Kind => usize::try_from(v)
                .ok()
                .and_then(|i| r.kinds.get(i))
                .cloned(),
        };
        name.unwrap_or_else(|| v.to_string())
    }

    /// The node in a place that needs binding strength `min`: in
    /// parentheses when it binds looser.
    fn at(&self, n: &Node, hint: Hint, min: u8) -> String {
        let (text, strength) = self.node(n, hint);
        if strength < min {
            format!("({text})")
        } else {
            text
        }
    }

    /// A call `name(args)`, each argument a whole expression.
    fn call(&self, name: &str, args: &[(&Node, Hint)]) -> String {
        let args: Vec<String> = args.iter().map(|&(a, h)| self.show(a, h)).collect();
        format!("{name}({})", args.join(", "))
    }

    /// A call on a seat, then other arguments.
    fn seat_call(&self, name: &str, p: &SeatRef, args: &[(&Node, Hint)]) -> String {
        let mut all = vec![self.seat(p)];
        all.extend(args.iter().map(|&(a, h)| self.show(a, h)));
        format!("{name}({})", all.join(", "))
    }

    /// A left-associative infix operator.
    fn infix(
        &self,
        op: &str,
        strength: u8,
        (a, b): (&Node, &Node),
        hints: (Hint, Hint),
    ) -> (String, u8) {
        let a = self.at(a, hints.0, strength);
        let b = self.at(b, hints.1, strength + 1);
        (format!("{a} {op} {b}"), strength)
    }

    /// The node's text and binding strength: operators and the nodes the
    /// compiler made here, the plain built-ins in [`Self::plain`] (whose
    /// match lists every variant).
    fn node(&self, n: &Node, hint: Hint) -> (String, u8) {
        use Hint::{Bool, Cell, Int};
        match n {
            Node::Const(v) => {
                let strength = if *v < 0 && hint == Int { NEG } else { ATOM };
                (self.constant(*v, hint), strength)
            }
            // What `direct-reads` fused prints in brackets.
            Node::Read(r) if r.general().is_some() => {
                (format!("[{}]", self.show(&r.node(), hint)), ATOM)
            }
            Node::Test(t) => (format!("[{}]", self.show(&t.general(), Bool)), ATOM),
            Node::Both(tests) => {
                let [a, b] = tests.as_ref().map(|t| self.at(&t.general(), Bool, AND + 1));
                (format!("[{a} and {b}]"), ATOM)
            }
            Node::Choose(choice) => {
                let (then, test, other) = &**choice;
                let (then, other) = (
                    self.at(&then.node(), hint, OR),
                    self.at(&other.node(), hint, IF),
                );
                let test = self.at(&test.general(), Bool, OR);
                (format!("[{then} if {test} else {other}]"), ATOM)
            }
            Node::Pick(p) => (self.pick(p, hint), ATOM),
            Node::Call(id @ (BuiltinId::Line | BuiltinId::Runs | BuiltinId::InLine), args) => {
                match &**args {
                    [Node::Const(t), p] => self.table_call(*id, *t, p),
                    _ => (self.plain(n), ATOM),
                }
            }
            Node::Not(a) => (format!("not {}", self.at(a, Bool, NOT)), NOT),
            Node::Neg(a) => (format!("-{}", self.at(a, Int, NEG)), NEG),
            Node::And(a, b) => self.infix("and", AND, (a, b), (Bool, Bool)),
            Node::Or(a, b) => self.infix("or", OR, (a, b), (Bool, Bool)),
            Node::Cmp(op, a, b) => self.infix(cmp_op(*op), CMP, (a, b), (kind_of(b), kind_of(a))),
            Node::CmpConst(op, a, v) => {
                let v = self.constant(*v, kind_of(a));
                (
                    format!("{} {} #{v}", self.at(a, kind_of(a), CMP), cmp_op(*op)),
                    CMP,
                )
            }
            Node::Arith(op, a, b, _) => {
                let (text, strength) = arith_op(*op);
                self.infix(text, strength, (a, b), (Int, Int))
            }
            Node::Aggregate(kind, body, cond) => {
                (self.aggregate(*kind, body, cond.as_deref()), ATOM)
            }
            Node::AroundAggregate(kind, x, body, cond) => {
                let inner = self.aggregate(*kind, body, cond.as_deref());
                (format!("around({}) {inner}", self.show(x, Cell)), ATOM)
            }
            Node::OwnedAggregate(kind, p, body, rest) => {
                let inner = self.aggregate(*kind, body, rest.as_deref());
                (format!("owned_by({}) {inner}", self.seat(p)), ATOM)
            }
            Node::KindAggregate(kind, k, body, rest) => {
                let inner = self.aggregate(*kind, body, rest.as_deref());
                (
                    format!("of_kind({}) {inner}", self.constant(*k, Hint::Kind)),
                    ATOM,
                )
            }
            Node::OwnedKindAggregate(kind, p, k, body, rest) => {
                let inner = self.aggregate(*kind, body, rest.as_deref());
                let (seat, k) = (self.seat(p), self.constant(*k, Hint::Kind));
                (format!("owned_by({seat}) of_kind({k}) {inner}"), ATOM)
            }
            Node::OwnedNumbers(kind, p) => {
                let inner = self.aggregate(
                    *kind,
                    &Node::call(BuiltinId::Number, vec![Node::Read(Read::Cell(At::Each))]),
                    None,
                );
                (format!("owned_by({}) {inner}", self.seat(p)), ATOM)
            }
            Node::If(v, c, o) => {
                let (v, o) = (self.at(v, hint, OR), self.at(o, hint, IF));
                (format!("{v} if {} else {o}", self.at(c, Bool, OR)), IF)
            }
            Node::PerSeat(values, p) => {
                let values: Vec<String> = values.iter().map(|&v| self.constant(v, hint)).collect();
                (
                    format!("per_seat({}){{{}}}", self.seat(p), values.join(", ")),
                    ATOM,
                )
            }
            Node::PieceOnSide(p, s) => {
                let text = self.seat_call("any_piece_on_side", p, &[(s, Hint::Side)]);
                (text, ATOM)
            }
            // Every other variant is a plain built-in, which `plain` matches
            // exhaustively: a new variant fails to compile there.
            built_in => (self.plain(built_in), ATOM),
        }
    }

    /// A pick (`effect-picks`), in brackets: `[THEN if t1 and t2 and
    /// REST else OTHER]`.
    fn pick(&self, p: &Pick, hint: Hint) -> String {
        let (join, strength) = if p.any { (" or ", OR) } else { (" and ", AND) };
        let mut parts: Vec<String> = p
            .tests
            .iter()
            .map(|t| self.at(&t.general(), Hint::Bool, strength + 1))
            .collect();
        parts.extend(p.rest.iter().map(|r| self.at(r, Hint::Bool, strength)));
        if parts.is_empty() {
            parts.push(self.constant(i64::from(!p.any), Hint::Bool));
        }
        let (then, other) = (self.at(&p.then, hint, OR), self.at(&p.other, hint, IF));
        format!("[{then} if {} else {other}]", parts.join(join))
    }

    /// A plain built-in: a name, or a call whose arguments are whole
    /// expressions.
    fn plain(&self, n: &Node) -> String {
        match n {
            Node::Read(Read::Mover) => "mover".into(),
            Node::Read(Read::Next) => "next".into(),
            Node::Read(Read::Turn) => "turn".into(),
            Node::Read(Read::Cell(At::Last)) => "last".into(),
            Node::Read(Read::Cell(At::Chosen)) => "cell".into(),
            Node::Read(Read::Bound) => "p".into(),
            Node::Read(Read::Full) => "full".into(),
            Node::Read(Read::Played) => "played".into(),
            Node::Read(Read::Total) => "total".into(),
            Node::Read(Read::Cell(At::Each)) => "c".into(),
            Node::Read(Read::Cell(At::From)) => "from".into(),
            Node::Read(Read::Cell(At::To)) => "to".into(),
            Node::Read(Read::Piece) => "piece".into(),
            Node::Read(Read::Card) => "card".into(),
            Node::Read(Read::ThisDie) => "this_die".into(),
            Node::Read(Read::Passes) => "passes".into(),
            Node::Read(Read::Captures) => "captures".into(),
            Node::Read(Read::Gathered) => "gathered".into(),
            Node::Read(Read::Repeated) => "repeated".into(),
            Node::Read(Read::Counter(i)) => self
                .rules
                .counters
                .get(*i as usize)
                .map_or_else(|| format!("counter #{i}"), |c| c.0.clone()),
            // Fused reads print in `node`, in brackets, as the node they
            // stand for; tests as their comparison.
            Node::Read(r) => self.show(&r.node(), Hint::Int),
            Node::Test(t) => self.show(&t.general(), Hint::Bool),
            Node::Both(tests) => tests
                .iter()
                .map(|t| self.show(&t.general(), Hint::Bool))
                .collect::<Vec<_>>()
                .join(" and "),
            Node::Choose(_) => self.node(n, Hint::Seat).0,
            Node::Call(id, args) => self.built_in(*id, args),
            Node::Const(_)
            | Node::Not(_)
            | Node::Neg(_)
            | Node::And(..)
            | Node::Or(..)
            | Node::Cmp(..)
            | Node::CmpConst(..)
            | Node::Arith(..)
            | Node::Aggregate(..)
            | Node::AroundAggregate(..)
            | Node::OwnedAggregate(..)
            | Node::KindAggregate(..)
            | Node::OwnedKindAggregate(..)
            | Node::OwnedNumbers(..)
            | Node::If(..)
            | Node::Pick(_)
            | Node::PerSeat(..)
            | Node::PieceOnSide(..) => unreachable!("printed by `node`"),
        }
    }

    /// A call of a built-in, its arguments shown as its row's parameters'
    /// types; one that takes none by its bare name.
    fn built_in(&self, id: BuiltinId, args: &[Node]) -> String {
        let Some(row) = crate::builtins::row(id) else {
            return format!("{id:?}");
        };
        if row.params.is_empty() {
            return row.name.into();
        }
        let hints = row.params.iter().map(|&ty| hint(ty));
        let args: Vec<(&Node, Hint)> = args.iter().zip(hints).collect();
        self.call(row.name, &args)
    }

    /// `line#t(n, p)`, `in_line#t(n, c)` or `runs#t(n, p)` (`exact_runs#t`
    /// for a count of runs of exactly n): the table's index and its length.
    fn table_call(&self, id: BuiltinId, t: i64, p: &Node) -> (String, u8) {
        let r = self.rules;
        let i = usize::try_from(t).unwrap_or(usize::MAX);
        let (name, length) = match id {
            BuiltinId::Line => ("line", r.line_tables.get(i).map(|l| l.length)),
            BuiltinId::InLine => ("in_line", r.line_tables.get(i).map(|l| l.length)),
            _ if run_is_exact(r, i) => {
                ("exact_runs", r.run_lengths.get(i).map(|&n| usize::from(n)))
            }
            _ => ("runs", r.run_lengths.get(i).map(|&n| usize::from(n))),
        };
        let length = length.map_or_else(|| "?".to_string(), |n| n.to_string());
        let hint = if id == BuiltinId::InLine {
            Hint::Cell
        } else {
            Hint::Seat
        };
        let second = self.show(p, hint);
        (format!("{name}#{t}({length}, {second})"), ATOM)
    }

    /// `sum(body for c where cond)`.
    fn aggregate(&self, kind: Aggregate, body: &Node, cond: Option<&Node>) -> String {
        let (name, hint) = match kind {
            Aggregate::Sum => ("sum", Hint::Int),
            Aggregate::Max => ("max", Hint::Int),
            Aggregate::Any => ("any", Hint::Bool),
            Aggregate::All => ("all", Hint::Bool),
        };
        let cond = cond.map_or_else(String::new, |c| {
            format!(" where {}", self.show(c, Hint::Bool))
        });
        format!("{name}({} for c{cond})", self.show(body, hint))
    }
}

/// Whether run table `i` counts runs of exactly its length (`exact_line`):
/// its value per run length is 1 at that length only.
fn run_is_exact(r: &Rules, i: usize) -> bool {
    let (Some(&n), Some(values)) = (r.run_lengths.get(i), r.run_values.get(i)) else {
        return false;
    };
    let n = i32::from(n.max(1));
    let floor = (0..).zip(values).all(|(l, &v)| v == l / n);
    !floor
}

/// What a node's value stands for, so that a constant compared with it
/// prints as a name.
fn kind_of(n: &Node) -> Hint {
    match n {
        Node::Read(Read::Mover)
        | Node::Read(Read::Next)
        | Node::Read(Read::Bound)
        | Node::Read(Read::Piece) => Hint::Seat,
        Node::Read(Read::Cell(At::Chosen))
        | Node::Read(Read::Cell(At::Last))
        | Node::Read(Read::Cell(At::Each))
        | Node::Read(Read::Cell(At::From))
        | Node::Read(Read::Cell(At::To)) => Hint::Cell,
        // A built-in's result as its row says: a seat or a cell by name.
        Node::Call(id, _) => match crate::builtins::row(*id).map(|row| row.ty) {
            Some(ty @ (Ty::Seat | Ty::Cell | Ty::Card | Ty::Kind)) => hint(ty),
            _ => Hint::Int,
        },
        Node::Read(Read::Card) => Hint::Card,
        Node::Read(r) if r.general().is_some() => kind_of(&r.node()),
        Node::If(v, _, o) => match kind_of(v) {
            Hint::Int => kind_of(o),
            h => h,
        },
        _ => Hint::Int,
    }
}

/// A comparison operator's text.
pub(super) fn cmp_op(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Eq => "==",
        CmpOp::Ne => "!=",
        CmpOp::Lt => "<",
        CmpOp::Le => "<=",
        CmpOp::Gt => ">",
        CmpOp::Ge => ">=",
    }
}

/// An arithmetic operator's text and binding strength.
fn arith_op(op: ArithOp) -> (&'static str, u8) {
    match op {
        ArithOp::Add => ("+", ADD),
        ArithOp::Sub => ("-", ADD),
        ArithOp::Mul => ("*", MUL),
        ArithOp::Div => ("/", MUL),
        ArithOp::Rem => ("%", MUL),
    }
}

/// How a value of a parameter's type prints.
fn hint(ty: Ty) -> Hint {
    match ty {
        Ty::Int => Hint::Int,
        Ty::Bool => Hint::Bool,
        Ty::Seat => Hint::Seat,
        Ty::Cell => Hint::Cell,
        Ty::Card => Hint::Card,
        Ty::Direction => Hint::Direction,
        Ty::Side => Hint::Side,
        Ty::Kind => Hint::Kind,
    }
}
