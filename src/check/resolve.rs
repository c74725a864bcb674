//! Resolving names and checking types in expressions.

use std::collections::HashMap;

use super::constant;
use super::program::{Hir, Typed};
use crate::builtins::{builtin, BuiltinId, Ty, BUILTINS};
use crate::diagnostic::Diagnostic;
use crate::syntax::ast::{Aggregate, BinaryOp, Define, Expr, ExprKind, Name, TypeName, UnaryOp};
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
    pub board_size: Option<(bool, i64, i64)>,
    /// Seats by name.
    pub seats: HashMap<&'a str, usize>,
    /// Neutral kinds of piece by name.
    pub neutrals: HashMap<&'a str, usize>,
    /// Definitions by name.
    pub defines: HashMap<&'a str, usize>,
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
}

/// The diagnostics after which an unknown name gets no "did you mean".
const SUGGESTIONS: usize = 100;

fn ty_of(t: TypeName) -> Ty {
    match t {
        TypeName::Int => Ty::Int,
        TypeName::Bool => Ty::Bool,
        TypeName::Seat => Ty::Seat,
        TypeName::Cell => Ty::Cell,
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
        }
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

    fn name(&mut self, name: &Name, args: &[Expr], span: Span, ctx: Context) -> Typed {
        let text = name.text.as_str();
        if let Some(i) = ctx.params.iter().position(|(p, _)| *p == text) {
            self.no_args(name, args, "a parameter");
            return Typed {
                kind: Hir::Param(i),
                ty: ctx.params[i].1,
                span,
            };
        }
        if let Some(&i) = self.symbols.defines.get(text) {
            return self.call_define(i, name, args, span, ctx);
        }
        if let Some(&i) = self.symbols.options.get(text) {
            self.used_options[i] = true;
            if self
                .symbols
                .option_per_seat
                .get(i)
                .copied()
                .unwrap_or(false)
            {
                return self.seat_option(i, name, args, span, ctx);
            }
            self.no_args(name, args, "an option");
            return Typed {
                kind: Hir::Option(i),
                ty: Ty::Int,
                span,
            };
        }
        if let Some(&i) = self.symbols.seats.get(text) {
            self.no_args(name, args, "a seat");
            return Typed {
                kind: Hir::Seat(i),
                ty: Ty::Seat,
                span,
            };
        }
        if let Some(b) = builtin(text) {
            return self.call_builtin(b.id, name, args, span, ctx);
        }
        if self.is_label(text) {
            self.no_args(name, args, "a cell");
            return Typed {
                kind: Hir::CellLabel(text.to_string()),
                ty: Ty::Cell,
                span,
            };
        }
        self.unknown(name, !args.is_empty(), ctx);
        Self::error(span, Ty::Int)
    }

    /// A per-seat option, which takes the seat whose value it is.
    fn seat_option(
        &mut self,
        i: usize,
        name: &Name,
        args: &[Expr],
        span: Span,
        ctx: Context,
    ) -> Typed {
        let [seat] = args else {
            self.diagnostics.push(Diagnostic::SeatOption {
                name: name.text.clone(),
                span: span.into(),
            });
            return Self::error(span, Ty::Int);
        };
        let seat = self.expect(seat, ctx, Ty::Seat);
        Typed {
            kind: Hir::SeatOption(i, Box::new(seat)),
            ty: Ty::Int,
            span,
        }
    }

    /// Whether `text` is the label of a cell of the board (with the default
    /// options): `d4` names a cell in an expression.
    fn is_label(&self, text: &str) -> bool {
        let Some((hex, width, height)) = self.symbols.board_size else {
            return false;
        };
        let mut chars = text.chars();
        let Some(letter @ 'a'..='z') = chars.next() else {
            return false;
        };
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return false;
        }
        let (row, number) = (
            i64::from(letter as u8 - b'a'),
            digits.parse::<i64>().unwrap_or(0),
        );
        if !hex {
            return row < width && (1..=height).contains(&number);
        }
        // Rows are lettered from the bottom; see `Geometry::hex`.
        let r_max = width - 1;
        let r = r_max - row;
        let q = number - r_max - 1;
        r.abs() <= r_max && q.abs() <= r_max && (q + r).abs() <= r_max
    }

    fn no_args(&mut self, name: &Name, args: &[Expr], what: &str) {
        if !args.is_empty() {
            self.diagnostics.push(Diagnostic::Arity {
                name: name.text.clone(),
                expected: "no arguments".into(),
                found: given_words(args.len()),
                span: name
                    .span
                    .to(args.last().map_or(name.span, |a| a.span))
                    .into(),
                help: format!(
                    "`{}` is {what}, not a function; write it without parentheses",
                    name.text
                ),
            });
        }
    }

    fn unknown(&mut self, name: &Name, called: bool, ctx: Context) {
        // Each suggestion reads every name: past a hundred mistakes, the
        // suggestions would cost time in the square of the file's size.
        if self.diagnostics.len() >= SUGGESTIONS {
            self.diagnostics.push(Diagnostic::UnknownName {
                name: name.text.clone(),
                span: name.span.into(),
                help: None,
            });
            return;
        }
        let known = self.names_of_kind(called, ctx);
        let help = match crate::diagnostic::closest(&name.text, known) {
            Some(k) => Some(format!("did you mean `{k}`?")),
            None => Some("names are options, seats, definitions, parameters or built-ins (see docs/language.md)".into()),
        };
        self.diagnostics.push(Diagnostic::UnknownName {
            name: name.text.clone(),
            span: name.span.into(),
            help,
        });
    }

    /// The names in scope that could stand where an unknown name stands: a
    /// name called with arguments can only be a definition with parameters,
    /// a per-seat option or a built-in that takes arguments; a bare name, any
    /// other. A suggestion never offers another kind of thing.
    fn names_of_kind<'n>(&'n self, called: bool, ctx: Context<'n>) -> Vec<&'n str> {
        let s = &self.symbols;
        let mut known: Vec<&str> = Vec::new();
        if !called {
            known.extend(ctx.params.iter().map(|(p, _)| *p));
            known.extend(s.seats.keys());
        }
        let defines = s.defines.iter();
        known.extend(
            defines
                .filter(|(_, &i)| s.define_items[i].params.is_empty() != called)
                .map(|(n, _)| *n),
        );
        let per_seat = |i: usize| s.option_per_seat.get(i).copied().unwrap_or(false);
        known.extend(
            s.options
                .iter()
                .filter(|(_, &i)| per_seat(i) == called)
                .map(|(n, _)| *n),
        );
        let bare = |b: &crate::builtins::Builtin| {
            b.params.is_empty() || (b.chosen_cell_default && b.params.len() == 1)
        };
        let takes_args = |b: &crate::builtins::Builtin| !b.params.is_empty();
        let fits = |b: &&crate::builtins::Builtin| if called { takes_args(b) } else { bare(b) };
        known.extend(BUILTINS.iter().filter(fits).map(|b| b.name));
        known
    }

    fn call_builtin(
        &mut self,
        id: BuiltinId,
        _name: &Name,
        args: &[Expr],
        span: Span,
        ctx: Context,
    ) -> Typed {
        let b = BUILTINS
            .iter()
            .find(|b| b.id == id)
            .expect("builtin listed");
        let full = b.params.len();
        let min = if b.chosen_cell_default {
            full - 1
        } else {
            full
        };
        if args.len() < min || args.len() > full {
            let expected = if min == full {
                count_words(full)
            } else if min == 0 {
                format!("at most {}", count_words(full))
            } else {
                format!("{min} or {}", count_words(full))
            };
            self.diagnostics.push(Diagnostic::Arity {
                name: b.name.into(),
                expected,
                found: given_words(args.len()),
                span: span.into(),
                help: b.signature(),
            });
            return Self::error(span, b.ty);
        }
        let mut typed: Vec<Typed> = args
            .iter()
            .zip(b.params)
            .map(|(a, &t)| self.expect(a, ctx, t))
            .collect();
        let implied = typed.len() < full;
        if implied {
            typed.push(Typed {
                kind: Hir::Builtin(BuiltinId::Cell, vec![]),
                ty: Ty::Cell,
                span,
            });
        }
        if implied || id == BuiltinId::Cell {
            if ctx.chosen_cell {
                self.chosen_use.get_or_insert(span);
            } else {
                self.diagnostics.push(Diagnostic::NoChosenCell {
                    name: b.name.into(),
                    span: span.into(),
                });
            }
        }
        if matches!(id, BuiltinId::Line | BuiltinId::Runs) {
            self.check_length(&typed[0]);
        }
        Typed {
            kind: Hir::Builtin(id, typed),
            ty: b.ty,
            span,
        }
    }

    /// A line length must be a constant that fits on the board.
    fn check_length(&mut self, n: &Typed) {
        if !constant::is_constant(n) {
            self.diagnostics.push(Diagnostic::NotConstant {
                why: "line lengths are fixed when the rules are compiled, so that the lines can be precomputed".into(),
                span: n.span.into(),
            });
            return;
        }
        let Some(value) = constant::evaluate(n, &self.symbols.option_defaults) else {
            self.report_no_value(n);
            return;
        };
        if let Some((longest, board)) = self.symbols.longest_line {
            if value > longest {
                self.diagnostics.push(Diagnostic::LineTooLong {
                    length: value,
                    longest,
                    span: n.span.into(),
                    board: board.into(),
                });
                return;
            }
        }
        if value < 1 {
            self.diagnostics.push(Diagnostic::OutOfBounds {
                what: "a line length".into(),
                value: value.to_string(),
                min: 1,
                max: self.symbols.longest_line.map_or(64, |l| l.0),
                span: n.span.into(),
            });
        }
    }

    fn call_define(
        &mut self,
        i: usize,
        name: &Name,
        args: &[Expr],
        span: Span,
        ctx: Context,
    ) -> Typed {
        self.used_defines[i] = true;
        let def = self.symbols.define_items[i];
        let ty = match self.define_type(i, Some(name.span)) {
            Some(t) => t,
            None => return Self::error(span, Ty::Int),
        };
        if args.len() != def.params.len() {
            let sig: Vec<String> = def
                .params
                .iter()
                .map(|p| format!("{}: {:?}", p.name.text, p.ty).to_lowercase())
                .collect();
            self.diagnostics.push(Diagnostic::Arity {
                name: name.text.clone(),
                expected: count_words(def.params.len()),
                found: given_words(args.len()),
                span: span.into(),
                help: format!(
                    "`{}` is defined as `{}({})`",
                    name.text,
                    name.text,
                    sig.join(", ")
                ),
            });
            return Self::error(span, ty);
        }
        if let Some(uses) = self.define_chosen[i] {
            if ctx.chosen_cell {
                self.chosen_use.get_or_insert(span);
            } else {
                self.diagnostics.push(Diagnostic::DefinitionNeedsCell {
                    name: name.text.clone(),
                    span: span.into(),
                    uses: uses.into(),
                });
            }
        }
        let typed = args
            .iter()
            .zip(&def.params)
            .map(|(a, p)| self.expect(a, ctx, ty_of(p.ty)))
            .collect();
        Typed {
            kind: Hir::Define(i, typed),
            ty,
            span,
        }
    }

    /// The type of definition `i`, checking its body on first use.
    fn define_type(&mut self, i: usize, used_at: Option<Span>) -> Option<Ty> {
        match self.states[i] {
            DefineState::Done(t) => Some(t),
            DefineState::InProgress => {
                let def = self.symbols.define_items[i];
                self.diagnostics.push(Diagnostic::Recursive {
                    name: def.name.text.clone(),
                    span: used_at.unwrap_or(def.name.span).into(),
                });
                None
            }
            DefineState::Unchecked => {
                self.states[i] = DefineState::InProgress;
                let def = self.symbols.define_items[i];
                let params: Vec<(&str, Ty)> = def
                    .params
                    .iter()
                    .map(|p| (p.name.text.as_str(), ty_of(p.ty)))
                    .collect();
                // The chosen cell is allowed here: where the body uses it is
                // recorded, and a use of the definition outside a move's
                // `where` is reported at that use.
                let ctx = Context {
                    params: &params,
                    chosen_cell: true,
                };
                let outer = self.chosen_use.take();
                let body = self.expr(&def.body, ctx);
                self.define_chosen[i] = self.chosen_use.take();
                self.chosen_use = outer;
                let ty = body.ty;
                self.define_bodies[i] = Some(body);
                self.states[i] = DefineState::Done(ty);
                Some(ty)
            }
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

/// How many arguments were given, after "was given".
fn given_words(n: usize) -> String {
    match n {
        0 => "none".into(),
        n => n.to_string(),
    }
}

fn count_words(n: usize) -> String {
    match n {
        0 => "no arguments".into(),
        1 => "1 argument".into(),
        n => format!("{n} arguments"),
    }
}
