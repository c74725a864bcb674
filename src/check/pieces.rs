//! Checking what the pieces are and where they start: stacks, neutral kinds,
//! the set-up, a random first seat, and moves that need stacks (sowing).

use super::constant;
use super::program::{PieceKind, Program, PutSpec};
use super::resolve::{Context, Resolver};
use crate::builtins::Ty;
use crate::diagnostic::Diagnostic;
use crate::syntax::ast::{File, ItemKind};

/// The most pieces one cell may hold.
pub const MAX_STACK: i64 = 64;

/// The kind of piece a `put` names after its seat (`put 1 White king`):
/// one of the `kinds`, for a seat's pieces; 0 when left out.
fn put_kind(put: &crate::syntax::ast::Put, kind: Option<PieceKind>, r: &mut Resolver) -> u8 {
    let Some(name) = &put.piece_kind else {
        return 0;
    };
    if let Some(&k) = r.symbols.piece_kinds.get(name.text.as_str()) {
        if matches!(kind, Some(PieceKind::Seat(_))) {
            return k as u8;
        }
    }
    let known: Vec<&str> = r.symbols.piece_kinds.keys().copied().collect();
    let help = if known.is_empty() {
        "a seat's pieces come in kinds only with `kinds NAME, NAME` (`kinds man, king`)".to_string()
    } else if !matches!(kind, Some(PieceKind::Seat(_))) {
        "only a seat's pieces have a kind: `put 1 White king where ...`".to_string()
    } else {
        format!("the kinds are: {}", known.join(", "))
    };
    r.diagnostics.push(Diagnostic::UnknownName {
        name: name.text.clone(),
        span: name.span.into(),
        help: Some(help),
    });
    0
}

/// Fills the program's stacks, neutral kinds, set-up and first seat, and
/// reports what needs a board with stacks on a board without.
pub fn check_pieces(file: &File, r: &mut Resolver, program: &mut Program) {
    let mut board_span = None;
    for item in &file.items {
        match &item.kind {
            ItemKind::Board(board, stacks) => {
                // A track's spaces hold any number of movers.
                // So do a track's spaces, and pits their seeds.
                let track = matches!(
                    board,
                    crate::syntax::ast::Board::Track(_) | crate::syntax::ast::Board::Pits { .. }
                );
                program.stacks |= *stacks || track;
                board_span = Some(item.span);
            }
            ItemKind::FirstRandom => program.first_random = true,
            ItemKind::FirstByDice => program.first_by_dice = true,
            ItemKind::Kinds(_) if program.stacks => r.diagnostics.push(Diagnostic::Unsupported {
                what: "kinds of piece on a board with stacks".into(),
                span: item.span.into(),
                help: "a cell keeps the kind of the one piece it holds: drop `with stacks`, or give each kind its own seat-less piece with `neutral`".into(),
            }),
            ItemKind::Neutral(names) => {
                program
                    .neutrals
                    .extend(names.iter().map(|n| n.text.clone()));
            }
            _ => {}
        }
    }
    let board = board_span.unwrap_or_default();
    let needs_stacks = |what: &str, span: crate::syntax::Span| Diagnostic::NeedsStacks {
        what: what.into(),
        span: span.into(),
        board: board.into(),
    };
    for item in &file.items {
        match &item.kind {
            ItemKind::Setup(puts) => {
                for put in puts {
                    let count =
                        r.constant(&put.count, "the set-up is laid out before the first move");
                    let value = constant::evaluate(&count, &r.symbols.option_defaults);
                    if let Some(v) = value {
                        if !(1..=MAX_STACK).contains(&v) {
                            r.diagnostics.push(Diagnostic::OutOfBounds {
                                what: "the number of pieces put on a cell".into(),
                                value: v.to_string(),
                                min: 1,
                                max: MAX_STACK,
                                span: put.count.span.into(),
                            });
                        } else if v > 1 && !program.stacks {
                            r.diagnostics.push(needs_stacks(
                                "putting several pieces on a cell",
                                put.count.span,
                            ));
                        }
                    }
                    let kind = if let Some(&i) = r.symbols.seats.get(put.kind.text.as_str()) {
                        Some(PieceKind::Seat(i))
                    } else if let Some(&i) = r.symbols.neutrals.get(put.kind.text.as_str()) {
                        Some(PieceKind::Neutral(i))
                    } else {
                        let mut known: Vec<&str> = r.symbols.seats.keys().copied().collect();
                        known.extend(r.symbols.neutrals.keys().copied());
                        known.sort_unstable();
                        let close =
                            crate::diagnostic::closest(&put.kind.text, known.iter().copied())
                                .map(|k| format!("did you mean `{k}`? "))
                                .unwrap_or_default();
                        r.diagnostics.push(Diagnostic::UnknownName {
                            name: put.kind.text.clone(),
                            span: put.kind.span.into(),
                            help: Some(format!(
                                "{close}a set-up puts a seat's pieces or a neutral kind declared with `neutral NAME`; the kinds are: {}",
                                known.join(", ")
                            )),
                        });
                        None
                    };
                    let ctx = Context {
                        params: &[],
                        chosen_cell: true,
                    };
                    let condition = put.condition.as_ref().map(|c| r.expect(c, ctx, Ty::Bool));
                    let piece_kind = put_kind(put, kind, r);
                    if let Some(kind) = kind {
                        program.setup.push(PutSpec {
                            count,
                            kind,
                            piece_kind,
                            condition,
                        });
                    }
                }
            }
            ItemKind::Phase(p) => {
                for span in super::cards::sow_steps(p) {
                    if !program.stacks {
                        r.diagnostics.push(needs_stacks("sowing", span));
                    }
                }
            }
            _ => {}
        }
    }
}
