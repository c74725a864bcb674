//! Expressions, built without recursion on anything but brackets: a chain
//! of operators (prefix ones included: `not not ...`, `- - ...`) and a
//! chain of `if ... else` are read with explicit stacks, so a hostile file
//! deepens no call stack; each node's depth is bounded by [`depth::node`]
//! as it is built, and brackets before parsing.

use pest::iterators::Pair;

use super::super::ast::*;
use super::super::{depth, Span};
use super::{cards, int, name, span_of, Rule};

/// `VALUE if CONDITION else OTHER`, chained to the right: the grammar lists
/// the operations flat, and the tree is folded from the last one back.
pub(in crate::syntax) fn build_expr(pair: Pair<Rule>, offset: usize) -> Expr {
    if pair.as_rule() == Rule::operation {
        return build_operation(pair, offset);
    }
    let end = span_of(&pair, offset).end;
    let operations: Vec<Pair<Rule>> = pair
        .into_inner()
        .filter(|p| p.as_rule() == Rule::operation)
        .collect();
    let mut operations = operations.into_iter().rev();
    let mut other = build_operation(operations.next().expect("operation"), offset);
    while let (Some(condition), Some(value)) = (operations.next(), operations.next()) {
        let span = Span::new(span_of(&value, offset).start, end);
        let value = build_operation(value, offset);
        let condition = build_operation(condition, offset);
        let kind = ExprKind::If(Box::new(value), Box::new(condition), Box::new(other));
        other = depth::node(kind, span);
    }
    other
}

/// An operator waiting for its operands.
enum Pending {
    /// `not` or `-` before an operand, and where it was written.
    Prefix(UnaryOp, Span),
    Infix(BinaryOp),
}

impl Pending {
    /// How tightly it binds: `or` loosest, then `and`, `not`, comparisons,
    /// `+ -`, `* / %`, and a prefix `-` tightest.
    fn binding(&self) -> u8 {
        match self {
            Pending::Prefix(UnaryOp::Not, _) => 3,
            Pending::Prefix(UnaryOp::Neg, _) => 7,
            Pending::Infix(op) => infix_binding(*op),
        }
    }
}

fn infix_binding(op: BinaryOp) -> u8 {
    match op {
        BinaryOp::Or => 1,
        BinaryOp::And => 2,
        BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le => 4,
        BinaryOp::Gt | BinaryOp::Ge => 4,
        BinaryOp::Add | BinaryOp::Sub => 5,
        BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem => 6,
    }
}

fn infix_op(rule: Rule) -> Option<BinaryOp> {
    Some(match rule {
        Rule::or => BinaryOp::Or,
        Rule::and => BinaryOp::And,
        Rule::eq => BinaryOp::Eq,
        Rule::ne => BinaryOp::Ne,
        Rule::lt => BinaryOp::Lt,
        Rule::le => BinaryOp::Le,
        Rule::gt => BinaryOp::Gt,
        Rule::ge => BinaryOp::Ge,
        Rule::add => BinaryOp::Add,
        Rule::sub => BinaryOp::Sub,
        Rule::mul => BinaryOp::Mul,
        Rule::div => BinaryOp::Div,
        Rule::rem => BinaryOp::Rem,
        _ => return None,
    })
}

/// `prefix* primary (infix prefix* primary)*` by operator precedence, with
/// a stack of operands and one of operators (infix operators associate to
/// the left).
fn build_operation(pair: Pair<Rule>, offset: usize) -> Expr {
    let mut operands: Vec<Expr> = Vec::new();
    let mut pending: Vec<Pending> = Vec::new();
    for part in pair.into_inner() {
        let rule = part.as_rule();
        if let Some(op) = infix_op(rule) {
            let binding = infix_binding(op);
            while pending.last().is_some_and(|p| p.binding() >= binding) {
                reduce(&mut operands, &mut pending);
            }
            pending.push(Pending::Infix(op));
        } else if rule == Rule::not || rule == Rule::neg {
            let op = if rule == Rule::not {
                UnaryOp::Not
            } else {
                UnaryOp::Neg
            };
            pending.push(Pending::Prefix(op, span_of(&part, offset)));
        } else {
            operands.push(build_primary(part, offset));
        }
    }
    while !pending.is_empty() {
        reduce(&mut operands, &mut pending);
    }
    operands.pop().expect("an operation has an operand")
}

/// Applies the last pending operator to the operands it takes.
fn reduce(operands: &mut Vec<Expr>, pending: &mut Vec<Pending>) {
    let rhs = operands.pop().expect("an operator has a right operand");
    let node = match pending.pop().expect("an operator is pending") {
        Pending::Prefix(op, at) => {
            let span = at.to(rhs.span);
            depth::node(ExprKind::Unary(op, Box::new(rhs)), span)
        }
        Pending::Infix(op) => {
            let lhs = operands
                .pop()
                .expect("an infix operator has a left operand");
            let span = lhs.span.to(rhs.span);
            depth::node(ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)), span)
        }
    };
    operands.push(node);
}

pub(super) fn build_primary(pair: Pair<Rule>, offset: usize) -> Expr {
    let span = span_of(&pair, offset);
    let kind = match pair.as_rule() {
        Rule::int => ExprKind::Int(int(&pair)),
        Rule::boolean => ExprKind::Bool(pair.as_str().starts_with("true")),
        Rule::name => ExprKind::Name(name(pair, offset)),
        Rule::call => {
            let mut inner = pair.into_inner();
            let callee = name(inner.next().expect("callee"), offset);
            ExprKind::Call(callee, inner.map(|p| build_expr(p, offset)).collect())
        }
        Rule::aggregate => cards::aggregate(pair, offset),
        Rule::expr | Rule::operation => return build_expr(pair, offset),
        other => unreachable!("not a primary: {other:?}"),
    };
    depth::node(kind, span)
}

#[cfg(test)]
mod tests {
    use super::super::super::{ast::*, parse};

    /// The condition of `end when CONDITION: draw` with every node bracketed.
    fn shape(condition: &str) -> String {
        let parsed = parse(&format!("end when {condition}: draw\n"));
        assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
        match &parsed.file.items[0].kind {
            ItemKind::End(end) => bracketed(&end.condition),
            other => panic!("not an end rule: {other:?}"),
        }
    }

    fn bracketed(e: &Expr) -> String {
        match &e.kind {
            ExprKind::Name(n) => n.text.clone(),
            ExprKind::Int(i) => i.to_string(),
            ExprKind::If(v, c, o) => {
                format!(
                    "({} if {} else {})",
                    bracketed(v),
                    bracketed(c),
                    bracketed(o)
                )
            }
            ExprKind::Unary(op, x) => format!("({op:?} {})", bracketed(x)),
            ExprKind::Binary(op, l, r) => format!("({} {op:?} {})", bracketed(l), bracketed(r)),
            other => format!("{other:?}"),
        }
    }

    #[test]
    fn operators_bind_as_the_reference_says() {
        for (text, tree) in [
            ("a if c else b if d else e", "(a if c else (b if d else e))"),
            ("x + 1 if c else 2", "((x Add 1) if c else 2)"),
            ("not a == not b == c", "(Not (a Eq (Not (b Eq c))))"),
            ("not a and b or c", "(((Not a) And b) Or c)"),
            ("- a * b - c", "(((Neg a) Mul b) Sub c)"),
            ("a - b - c < - - d", "(((a Sub b) Sub c) Lt (Neg (Neg d)))"),
        ] {
            assert_eq!(shape(text), tree, "{text}");
        }
    }
}
