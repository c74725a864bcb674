//! Resolving names and checking types in expressions.

mod calls;
mod names;

use std::collections::HashMap;

use super::constant;
use super::program::{Hir, Typed};
use crate::builtins::Ty;
use crate::diagnostic::Diagnostic;
use crate::syntax::ast::{Aggregate, BinaryOp, Define, Expr, ExprKind, TypeName, UnaryOp};
use crate::syntax::Span;

/// The names a rules file defines at the top level.
#[derive(Default)]
pub struct Symbols<'a> {
    /// Options by name: index and default.
    pub options: HashMap<&'a str, usize>,
    /// Option defaults by index, for constant evaluation.
    pub option_defaults: Vec<i64>,
    /// Whether each option has one value per seat.
    pub option_per_seat: Vec<bool>,
    /// The board with the default options: whether hex, width, height.
    pub board_size: Option<(super::board::Layout, i64, i64)>,
    /// The labels of a board that lists its cells (a track's spaces with
    /// the default options, a board of lines' points).
    pub listed_labels: Vec<String>,
    /// Whether the board is a track (its spaces have no directions).
    pub track: bool,
    /// Whether the rules throw dice (`dice`).
    pub dice: bool,
    /// Seats by name.
    pub seats: HashMap<&'a str, usize>,
    /// Neutral kinds of piece by name.
    pub neutrals: HashMap<&'a str, usize>,
    /// The kinds of the seats' pieces (`kinds`) by name.
    pub piece_kinds: HashMap<&'a str, usize>,
    /// Counters (`counter`) by name.
    pub counters: HashMap<&'a str, usize>,
    /// Definitions by name.
    pub defines: HashMap<&'a str, usize>,
    /// Named kinds of card, by name: their codes.
    pub cards: HashMap<&'a str, usize>,
    /// The definitions' items, by index.
    pub define_items: Vec<&'a Define>,
    /// The longest line on the board with the default options, and the board's span.
    pub longest_line: Option<(i64, Span)>,
    /// The rules text, to quote numbers too large for 64 bits as written.
    pub source: &'a str,
}

/// Where an expression is checked.
#[derive(Clone, Copy)]
pub struct Context<'s> {
    /// Parameters in scope, with their types.
    pub params: &'s [(&'s str, Ty)],
    /// Whether a chosen cell exists (inside a move's `where`).
    pub chosen_cell: bool,
}

impl Context<'_> {
    /// A context with no parameters and no chosen cell.
    pub const TOP: Context<'static> = Context {
        params: &[],
        chosen_cell: false,
    };
}

#[derive(Clone, Copy, PartialEq)]
enum DefineState {
    Unchecked,
    InProgress,
    Done(Ty),
}

/// Resolves and type-checks expressions, collecting diagnostics and uses.
pub struct Resolver<'a> {
    /// The top-level names.
    pub symbols: Symbols<'a>,
    /// Diagnostics found so far.
    pub diagnostics: Vec<Diagnostic>,
    /// Which options are used.
    pub used_options: Vec<bool>,
    /// Which definitions are used.
    pub used_defines: Vec<bool>,
    /// Checked definition bodies, by index.
    pub define_bodies: Vec<Option<Typed>>,
    states: Vec<DefineState>,
    /// For each checked definition, where its body uses the chosen cell, if it does.
    define_chosen: Vec<Option<Span>>,
    /// The first use of the chosen cell in the definition body being checked.
    chosen_use: Option<Span>,
    /// Whether an aggregate's body is being checked (aggregates do not nest).
    in_aggregate: bool,
    /// Whether a move's `from`, `to` and `piece` can be read (see [`Resolver::in_move`]).
    in_move: bool,
    /// For each checked definition, where its body reads `from`, `to` or
    /// `piece`, and which, if it does.
    define_move: Vec<Option<(Span, &'static str)>>,
    /// The first read of `from`, `to` or `piece` in the definition body being checked.
    move_use: Option<(Span, &'static str)>,
}

/// The diagnostics after which an unknown name gets no "did you mean".
const SUGGESTIONS: usize = 100;

fn ty_of(t: TypeName) -> Ty {
    match t {
        TypeName::Int => Ty::Int,
        TypeName::Bool => Ty::Bool,
        TypeName::Seat => Ty::Seat,
        TypeName::Cell => Ty::Cell,
        TypeName::Card => Ty::Card,
        TypeName::Kind => Ty::Kind,
    }
}

impl<'a> Resolver<'a> {
    /// A resolver over the given names.
    pub fn new(symbols: Symbols<'a>) -> Self {
        let (n_opt, n_def) = (symbols.option_defaults.len(), symbols.define_items.len());
        Resolver {
            symbols,
            diagnostics: Vec::new(),
            used_options: vec![false; n_opt],
            used_defines: vec![false; n_def],
            define_bodies: vec![None; n_def],
            states: vec![DefineState::Unchecked; n_def],
            define_chosen: vec![None; n_def],
            chosen_use: None,
            in_aggregate: false,
            in_move: false,
            define_move: vec![None; n_def],
            move_use: None,
        }
    }

    /// Runs `check` where a move's `from`, `to` and `piece` have a value:
    /// a phase's move rules, `blocked where` and `after move`. Elsewhere
    /// (`end`, `after turn`, scores, ...) there is no move, and reading
    /// them is reported (E0011).
    pub fn in_move<T>(&mut self, check: impl FnOnce(&mut Self) -> T) -> T {
        let outer = std::mem::replace(&mut self.in_move, true);
        let checked = check(self);
        self.in_move = outer;
        checked
    }

    /// Checks every definition body, whether used or not.
    pub fn check_all_defines(&mut self) {
        for i in 0..self.states.len() {
            self.define_type(i, None);
        }
    }

    /// Checks `e` and reports a mismatch if it is not of type `want`.
    pub fn expect(&mut self, e: &Expr, ctx: Context, want: Ty) -> Typed {
        let typed = self.expr(e, ctx);
        if typed.ty != want && !matches!(typed.kind, Hir::Error) {
            self.mismatch(want, &typed);
        }
        typed
    }

    /// Checks `e` and requires it to be a constant number that has a value.
    pub fn constant(&mut self, e: &Expr, why: &str) -> Typed {
        let typed = self.expect(e, Context::TOP, Ty::Int);
        if !constant::is_constant(&typed) {
            self.diagnostics.push(Diagnostic::NotConstant {
                why: why.to_string(),
                span: e.span.into(),
            });
        } else {
            self.report_no_value(&typed);
        }
        typed
    }

    /// Reports a constant that has no value with the options' defaults (E0018).
    fn report_no_value(&mut self, typed: &Typed) {
        if let Some(d) = constant::no_value_diagnostic(typed, &self.symbols.option_defaults) {
            self.diagnostics.push(d);
        }
    }

    fn mismatch(&mut self, want: Ty, got: &Typed) {
        let help = match (want, got.ty) {
            (Ty::Bool, Ty::Int) => {
                Some("compare the number, for example `supply(mover) == 0`".to_string())
            }
            (Ty::Bool, Ty::Cell) => Some("test the cell, for example `empty(last)`".to_string()),
            (Ty::Bool, Ty::Seat) => {
                let seat = self
                    .symbols
                    .seats
                    .iter()
                    .find(|(_, &i)| i == 0)
                    .map_or("X", |(name, _)| *name);
                Some(format!("compare the seat, for example `mover == {seat}`"))
            }
            (Ty::Int, Ty::Bool) => {
                Some("a condition is not a number; use it in `where` or `when`".to_string())
            }
            (Ty::Seat, _) => Some(
                "a seat is `mover`, `next`, a seat name, or a parameter of type seat".to_string(),
            ),
            _ => None,
        };
        self.diagnostics.push(Diagnostic::TypeMismatch {
            expected: want.to_string(),
            found: got.ty.to_string(),
            span: got.span.into(),
            help,
        });
    }

    fn error(span: Span, ty: Ty) -> Typed {
        Typed {
            kind: Hir::Error,
            ty,
            span,
        }
    }

    /// Resolves and types an expression.
    pub fn expr(&mut self, e: &Expr, ctx: Context) -> Typed {
        let span = e.span;
        match &e.kind {
            ExprKind::Int(n) => {
                if *n == i64::MAX {
                    // The parser saturates numbers too large for 64 bits.
                    self.diagnostics.push(too_large(span));
                }
                Typed {
                    kind: Hir::Int(*n),
                    ty: Ty::Int,
                    span,
                }
            }
            ExprKind::Bool(b) => Typed {
                kind: Hir::Bool(*b),
                ty: Ty::Bool,
                span,
            },
            ExprKind::Name(name) => self.name(name, &[], span, ctx),
            ExprKind::Call(name, args) => self.name(name, args, span, ctx),
            ExprKind::Unary(op, a) => {
                let want = if *op == UnaryOp::Not {
                    Ty::Bool
                } else {
                    Ty::Int
                };
                let a = self.expect(a, ctx, want);
                Typed {
                    kind: Hir::Unary(*op, Box::new(a)),
                    ty: want,
                    span,
                }
            }
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, span, ctx),
            ExprKind::If(value, condition, other) => {
                let condition = self.expect(condition, ctx, Ty::Bool);
                let value = self.expr(value, ctx);
                let other = self.expect(other, ctx, value.ty);
                Typed {
                    ty: value.ty,
                    kind: Hir::If(Box::new(value), Box::new(condition), Box::new(other)),
                    span,
                }
            }
            ExprKind::Aggregate(kind, var, body, condition) => {
                if self.in_aggregate {
                    self.diagnostics.push(Diagnostic::Unsupported {
                        what: "a `sum` or `max` inside another".into(),
                        span: span.into(),
                        help: "a `sum` or `max` cannot contain another, not even through a definition; count the inner part another way".into(),
                    });
                }
                let outer = std::mem::replace(&mut self.in_aggregate, true);
                // The cell variable is one more parameter, seen only inside.
                let mut params: Vec<(&str, Ty)> = ctx.params.to_vec();
                params.push((var.text.as_str(), Ty::Cell));
                let inner = Context {
                    params: &params,
                    chosen_cell: ctx.chosen_cell,
                };
                // `sum` and `max` add numbers up; `any` and `all` test conditions.
                let ty = match kind {
                    Aggregate::Sum | Aggregate::Max => Ty::Int,
                    Aggregate::Any | Aggregate::All => Ty::Bool,
                };
                let body = self.expect(body, inner, ty);
                let condition = condition
                    .as_ref()
                    .map(|c| Box::new(self.expect(c, inner, Ty::Bool)));
                self.in_aggregate = outer;
                Typed {
                    kind: Hir::Aggregate(*kind, ctx.params.len(), Box::new(body), condition),
                    ty,
                    span,
                }
            }
        }
    }

    fn binary(&mut self, op: BinaryOp, a: &Expr, b: &Expr, span: Span, ctx: Context) -> Typed {
        let (a, b, ty) = match op {
            BinaryOp::And | BinaryOp::Or => (
                self.expect(a, ctx, Ty::Bool),
                self.expect(b, ctx, Ty::Bool),
                Ty::Bool,
            ),
            BinaryOp::Eq | BinaryOp::Ne => {
                let a = self.expr(a, ctx);
                let b = self.expr(b, ctx);
                if a.ty != b.ty && !matches!(a.kind, Hir::Error) && !matches!(b.kind, Hir::Error) {
                    self.mismatch(a.ty, &b);
                }
                (a, b, Ty::Bool)
            }
            BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge => (
                self.expect(a, ctx, Ty::Int),
                self.expect(b, ctx, Ty::Int),
                Ty::Bool,
            ),
            _ => (
                self.expect(a, ctx, Ty::Int),
                self.expect(b, ctx, Ty::Int),
                Ty::Int,
            ),
        };
        Typed {
            kind: Hir::Binary(op, Box::new(a), Box::new(b)),
            ty,
            span,
        }
    }
}

/// The E0013 diagnostic for a number too large for 64 bits (the parser saturates it).
pub fn too_large(span: Span) -> Diagnostic {
    Diagnostic::NumberTooLarge {
        max: i64::MAX - 1,
        span: span.into(),
    }
}
