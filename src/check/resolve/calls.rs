//! Calls: built-ins with their arguments checked, and definitions written
//! out with their parameters' types.

use super::{ty_of, Context, DefineState, Resolver};
use crate::builtins::{BuiltinId, Ty};
use crate::check::constant;
use crate::check::program::{Hir, Typed};
use crate::diagnostic::Diagnostic;
use crate::syntax::ast::{Expr, Name};
use crate::syntax::Span;

impl<'a> Resolver<'a> {
    pub(super) fn call_builtin(
        &mut self,
        id: BuiltinId,
        _name: &Name,
        args: &[Expr],
        span: Span,
        ctx: Context,
    ) -> Typed {
        let b = crate::builtins::all()
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
                    help: no_chosen_cell_help(b.name, b.params.len()),
                    span: span.into(),
                });
            }
        }
        let dice = matches!(
            id,
            BuiltinId::Roll | BuiltinId::Die | BuiltinId::ThisDie | BuiltinId::DiceLeft
        );
        if dice && !self.symbols.dice {
            self.diagnostics.push(Diagnostic::needs_item(
                &format!("`{}`", b.name),
                "dice",
                span,
            ));
        }
        if matches!(id, BuiltinId::From | BuiltinId::To | BuiltinId::Piece) {
            self.read_move(b.name, span);
        }
        if matches!(
            id,
            BuiltinId::Line | BuiltinId::Runs | BuiltinId::ExactLine | BuiltinId::InLine
        ) {
            self.check_length(&typed[0]);
        }
        let lines_board = matches!(
            self.symbols.board_size,
            Some((crate::check::board::Layout::Lines, ..))
        );
        if lines_board && matches!(id, BuiltinId::Runs | BuiltinId::ExactLine) {
            self.diagnostics.push(Diagnostic::Unsupported {
                what: format!("`{}` on a board of lines", b.name),
                span: span.into(),
                help: "runs are counted along a grid's rows, columns and diagonals, which a board of lines does not have; `line(n, p)` and `in_line(n, c)` read its lines".into(),
            });
        }
        Typed {
            kind: Hir::Builtin(id, typed),
            ty: b.ty,
            span,
        }
    }

    /// A read of a move's `from`, `to` or `piece`: recorded in a definition's
    /// body, reported outside a move.
    fn read_move(&mut self, name: &'static str, span: Span) {
        if self.in_move {
            self.move_use.get_or_insert((span, name));
            return;
        }
        let (meaning, instead) = match name {
            "from" => (
                "the cell the move picked a piece up from",
                "test it in the move's own steps, in a `where` after the `pick` or `remove`",
            ),
            "to" => (
                "the cell the move put a piece on",
                "after the move, the cell just played is `last`",
            ),
            _ => (
                "the seat whose piece the move last picked up, removed or put on",
                "after the move, the seat of the piece on the cell just played is `owner(last)`",
            ),
        };
        self.diagnostics.push(Diagnostic::NoMove {
            name: name.to_string(),
            meaning: meaning.to_string(),
            help: format!(
                "`{name}` has a value only inside a move: in a phase's move rules, `blocked where` and `after move`; {instead}"
            ),
            span: span.into(),
        });
    }

    /// A line length must be a constant that fits on the board.
    pub(super) fn check_length(&mut self, n: &Typed) {
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

    pub(super) fn call_define(
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
        if let Some((uses, builtin)) = self.define_move[i] {
            if self.in_move {
                self.move_use.get_or_insert((span, builtin));
            } else {
                self.diagnostics.push(Diagnostic::DefinitionNeedsMove {
                    name: name.text.clone(),
                    builtin: builtin.to_string(),
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
    pub(super) fn define_type(&mut self, i: usize, used_at: Option<Span>) -> Option<Ty> {
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
                // So are `from`, `to` and `piece`, in the same way.
                let outer_move = self.move_use.take();
                let body = self.in_move(|r| r.expr(&def.body, ctx));
                self.define_chosen[i] = self.chosen_use.take();
                self.chosen_use = outer;
                self.define_move[i] = std::mem::replace(&mut self.move_use, outer_move);
                let ty = body.ty;
                self.define_bodies[i] = Some(body);
                self.states[i] = DefineState::Done(ty);
                Some(ty)
            }
        }
    }
}

/// How many arguments were given, after "was given".
pub(super) fn given_words(n: usize) -> String {
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

/// E0011's help for the built-in `name` of `params` parameters: a fix that
/// itself checks (`cell(last)` would not: `cell` takes no argument).
fn no_chosen_cell_help(name: &str, params: usize) -> String {
    const WHERE: &str = "which exists only in a move's `where`";
    match params {
        0 => format!(
            "`{name}` is the chosen cell, {WHERE}; elsewhere name a cell, such as `last` (the cell just played)"
        ),
        1 => format!(
            "without an argument, `{name}` means the chosen cell, {WHERE}; pass a cell, as in `{name}(last)`"
        ),
        _ => format!(
            "without its last argument, `{name}` means the chosen cell, {WHERE}; pass a cell after the others, as in `{name}(…, last)`"
        ),
    }
}
