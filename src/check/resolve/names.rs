//! Names in expressions: parameters, definitions, options, seats, built-ins
//! and cell labels, and the help for a name that is none of them.

use super::calls::given_words;
use super::{Context, Resolver, SUGGESTIONS};
use crate::builtins::{builtin, Ty};
use crate::check::board::Layout;
use crate::check::program::{Hir, Typed};
use crate::diagnostic::Diagnostic;
use crate::syntax::ast::{Expr, Name};
use crate::syntax::Span;

impl<'a> Resolver<'a> {
    pub(super) fn name(&mut self, name: &Name, args: &[Expr], span: Span, ctx: Context) -> Typed {
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
            return self.plain(name, args, "a seat", Hir::Seat(i), Ty::Seat, span);
        }
        if let Some(&k) = self.symbols.piece_kinds.get(text) {
            let kind = Hir::Int(k as i64);
            return self.plain(name, args, "a kind of piece", kind, Ty::Kind, span);
        }
        if let Some(&i) = self.symbols.counters.get(text) {
            return self.plain(name, args, "a counter", Hir::Counter(i), Ty::Int, span);
        }
        if let Some(&code) = self.symbols.cards.get(text) {
            return self.plain(name, args, "a card", Hir::Int(code as i64), Ty::Card, span);
        }
        if let Some(b) = builtin(text) {
            return self.call_builtin(b.id, name, args, span, ctx);
        }
        if self.is_label(text) {
            let label = Hir::CellLabel(text.to_string());
            return self.plain(name, args, "a cell", label, Ty::Cell, span);
        }
        self.unknown(name, !args.is_empty(), ctx);
        Self::error(span, Ty::Int)
    }

    /// A name that takes no arguments (a seat, a card, a cell): `what` says
    /// what it is if some were given.
    fn plain(
        &mut self,
        name: &Name,
        args: &[Expr],
        what: &str,
        kind: Hir,
        ty: Ty,
        span: Span,
    ) -> Typed {
        self.no_args(name, args, what);
        Typed { kind, ty, span }
    }

    /// A per-seat option, which takes the seat whose value it is.
    pub(super) fn seat_option(
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
    pub(super) fn is_label(&self, text: &str) -> bool {
        if !self.symbols.listed_labels.is_empty() {
            return self.symbols.listed_labels.iter().any(|l| l == text);
        }
        let Some((layout, width, height)) = self.symbols.board_size else {
            return false;
        };
        if layout == Layout::Pits && (text == "store1" || text == "store2") {
            return true;
        }
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
        match layout {
            Layout::Square | Layout::Rhombus | Layout::Pits => {
                return row < width && (1..=height).contains(&number);
            }
            Layout::Triangle => return row + number <= width && number >= 1,
            // Its points are listed.
            Layout::Lines => return false,
            Layout::Hexagon => {}
        }
        // Rows are lettered from the bottom; see `Geometry::hex`.
        let r_max = width - 1;
        let r = r_max - row;
        let q = number - r_max - 1;
        r.abs() <= r_max && q.abs() <= r_max && (q + r).abs() <= r_max
    }

    pub(super) fn no_args(&mut self, name: &Name, args: &[Expr], what: &str) {
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

    pub(super) fn unknown(&mut self, name: &Name, called: bool, ctx: Context) {
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
    pub(super) fn names_of_kind<'n>(&'n self, called: bool, ctx: Context<'n>) -> Vec<&'n str> {
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
        known.extend(crate::builtins::all().filter(fits).map(|b| b.name));
        known
    }
}
