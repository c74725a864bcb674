//! The checker: every mistake in a rules file, as diagnostics, and the checked program.
//!
//! The checker never stops at the first error: it reports duplicates, unknown
//! names, type and arity mistakes, bad constants and missing items in one pass,
//! and warns about unused definitions and unreachable phases. Its output, a
//! [`Program`] with every name resolved, is what the compiler reads; it is only
//! handed on when there is no error.

pub mod constant;
pub mod program;
mod resolve;

use std::collections::HashMap;

use crate::builtins::Ty;
use crate::diagnostic::Diagnostic;
use crate::syntax::ast::{Board, File, Item, ItemKind, Players};
use crate::syntax::{self, Span};
pub use program::Program;
use program::*;
use resolve::{Context, Resolver, Symbols};

/// The most seats a game may have.
pub const MAX_SEATS: i64 = 8;
/// The largest side of a square board (columns are lettered a to z).
pub const MAX_SQUARE_SIDE: i64 = 26;
/// The largest side of a hex board (rows are lettered).
pub const MAX_HEX_SIDE: i64 = 13;

/// The result of checking a rules file.
#[derive(Debug)]
pub struct Checked {
    /// Errors and warnings, in source order.
    pub diagnostics: Vec<Diagnostic>,
    /// The checked program, if there was no error.
    pub program: Option<Program>,
}

impl Checked {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Parses and checks a rules file.
pub fn check(source: &str) -> Checked {
    let parsed = syntax::parse(source);
    let mut diagnostics = parsed.errors;
    let (mut program, more) = check_file(&parsed.file);
    // Move rules keep their text, so that a refused move can be explained in the rules' words.
    for (phase, item) in program
        .phases
        .iter_mut()
        .zip(parsed.file.items.iter().filter_map(|i| match &i.kind {
            ItemKind::Phase(p) => Some(p),
            _ => None,
        }))
    {
        for (place, rule) in phase.places.iter_mut().zip(&item.moves) {
            place.text = source
                .get(rule.span.start..rule.span.end)
                .unwrap_or_default()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
        }
    }
    diagnostics.extend(more);
    diagnostics.sort_by_key(first_offset);
    let has_errors = diagnostics.iter().any(Diagnostic::is_error);
    Checked {
        diagnostics,
        program: if has_errors { None } else { Some(program) },
    }
}

/// The offset of a diagnostic's first label, for sorting.
pub fn first_offset(d: &Diagnostic) -> usize {
    use miette::Diagnostic as _;
    d.labels()
        .and_then(|mut l| l.next())
        .map_or(0, |l| l.offset())
}

/// Collects the top-level names, reporting duplicates.
fn collect_symbols<'a>(file: &'a File, diagnostics: &mut Vec<Diagnostic>) -> Symbols<'a> {
    let mut symbols = Symbols::default();
    let mut seen: HashMap<&str, Span> = HashMap::new();
    let mut declare = |name: &'a str, span: Span, diagnostics: &mut Vec<Diagnostic>| -> bool {
        if let Some(b) = crate::builtins::builtin(name) {
            diagnostics.push(Diagnostic::ShadowsBuiltin {
                name: name.into(),
                meaning: b.meaning.into(),
                span: span.into(),
            });
            false
        } else if let Some(first) = seen.get(name) {
            diagnostics.push(Diagnostic::Duplicate {
                name: name.into(),
                span: span.into(),
                first: (*first).into(),
            });
            false
        } else {
            seen.insert(name, span);
            true
        }
    };
    for item in &file.items {
        match &item.kind {
            ItemKind::Option(o) if declare(&o.name.text, o.name.span, diagnostics) => {
                symbols
                    .options
                    .insert(&o.name.text, symbols.option_defaults.len());
                symbols.option_defaults.push(o.default);
            }
            ItemKind::Define(d) if declare(&d.name.text, d.name.span, diagnostics) => {
                symbols
                    .defines
                    .insert(&d.name.text, symbols.define_items.len());
                symbols.define_items.push(d);
            }
            ItemKind::Players(Players::Named(names)) => {
                for n in names {
                    if declare(&n.text, n.span, diagnostics) {
                        symbols.seats.insert(&n.text, symbols.seats.len());
                    }
                }
            }
            _ => {}
        }
    }
    symbols
}

/// Items that may appear at most once, by keyword.
fn single_items<'a>(
    file: &'a File,
    diagnostics: &mut Vec<Diagnostic>,
) -> HashMap<&'static str, &'a Item> {
    let mut found: HashMap<&'static str, &Item> = HashMap::new();
    for item in &file.items {
        let key = match item.kind {
            ItemKind::Game(_) => "game",
            ItemKind::Players(_) => "players",
            ItemKind::Board(_) => "board",
            ItemKind::Supply(_) => "supply",
            ItemKind::Score(_) => "score",
            _ => continue,
        };
        if let Some(first) = found.get(key) {
            diagnostics.push(Diagnostic::Duplicate {
                name: key.into(),
                span: item.keyword.into(),
                first: first.keyword.into(),
            });
        } else {
            found.insert(key, item);
        }
    }
    found
}

fn check_file(file: &File) -> (Program, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let singles = single_items(file, &mut diagnostics);
    let mut symbols = collect_symbols(file, &mut diagnostics);
    let mut program = Program::default();
    let file_start: Span = Span::new(0, 0);

    // Options: defaults within their ranges.
    for item in &file.items {
        if let ItemKind::Option(o) = &item.kind {
            let (min, max) = o.range.map_or((i64::MIN, i64::MAX), |(lo, hi, _)| (lo, hi));
            if o.default < min || o.default > max {
                diagnostics.push(Diagnostic::OptionRange {
                    name: o.name.text.clone(),
                    value: o.default,
                    min,
                    max,
                    span: o.default_span.into(),
                });
            }
            program.options.push(OptionInfo {
                name: o.name.text.clone(),
                default: o.default,
                min,
                max,
            });
        }
    }

    // Seats.
    match singles.get("players").map(|i| &i.kind) {
        Some(ItemKind::Players(Players::Named(names))) => {
            program.seats = names.iter().map(|n| n.text.clone()).collect();
            if names.len() as i64 > MAX_SEATS {
                diagnostics.push(Diagnostic::OutOfBounds {
                    what: "the number of seats".into(),
                    value: names.len() as i64,
                    min: 1,
                    max: MAX_SEATS,
                    span: names[0].span.to(names[names.len() - 1].span).into(),
                });
            }
        }
        Some(ItemKind::Players(Players::Count(n, span))) => {
            let (n, span) = (*n, *span);
            if !(1..=MAX_SEATS).contains(&n) {
                diagnostics.push(Diagnostic::OutOfBounds {
                    what: "the number of seats".into(),
                    value: n,
                    min: 1,
                    max: MAX_SEATS,
                    span: span.into(),
                });
            }
            program.seats = (1..=n.clamp(1, MAX_SEATS)).map(|i| i.to_string()).collect();
        }
        _ => diagnostics.push(Diagnostic::Missing {
            item: "players".into(),
            span: file_start.into(),
            help: "name the seats in order, for example `players X, O`".into(),
        }),
    }
    program.title = match singles.get("game").map(|i| &i.kind) {
        Some(ItemKind::Game(t)) => t.clone(),
        _ => String::from("untitled"),
    };

    // The board comes before expressions, which need its longest line.
    let mut resolver_diags = Vec::new();
    let board_item = singles.get("board").copied();
    if board_item.is_none() {
        diagnostics.push(Diagnostic::Missing {
            item: "board".into(),
            span: file_start.into(),
            help: "declare the board, for example `board square 3 x 3` or `board hex 6`".into(),
        });
    }
    let mut resolver = {
        // A temporary resolver evaluates the board's sizes before the longest line is known.
        if let Some(item) = board_item {
            program.board_span = item.span;
            let mut r = Resolver::new(std::mem::take(&mut symbols));
            let board = check_board(&mut r, item);
            let longest = board_longest(&board, &r.symbols.option_defaults);
            program.board = board;
            symbols = std::mem::take(&mut r.symbols);
            symbols.longest_line = longest.map(|l| (l, item.span));
            resolver_diags = r.diagnostics;
            let mut fresh = Resolver::new(symbols);
            fresh.used_options = r.used_options;
            fresh
        } else {
            Resolver::new(symbols)
        }
    };
    resolver.diagnostics = resolver_diags;
    resolver.check_all_defines();
    check_items(file, &mut resolver, &mut program);

    if program.ends.is_empty() {
        resolver.diagnostics.push(Diagnostic::NoEnd {
            span: file.items.first().map_or(file_start, |i| i.keyword).into(),
        });
    }
    if program.phases.is_empty() {
        resolver.diagnostics.push(Diagnostic::Missing {
            item: "phase".into(),
            span: file_start.into(),
            help: "say what a turn is, for example `phase play place where empty`".into(),
        });
    }
    report_unused(file, &resolver, &mut diagnostics);
    program.defines = resolver
        .define_bodies
        .iter()
        .map(|b| {
            b.clone().unwrap_or(Typed {
                kind: Hir::Error,
                ty: Ty::Int,
                span: Span::default(),
            })
        })
        .collect();
    diagnostics.extend(resolver.diagnostics);
    (program, diagnostics)
}

fn check_board(r: &mut Resolver, item: &Item) -> BoardSpec {
    let ItemKind::Board(board) = &item.kind else {
        return BoardSpec::Missing;
    };
    let why = "the board is built when the rules are compiled";
    let bounded = |r: &mut Resolver, e, what: &str, max: i64| {
        let t = r.constant(e, why);
        if let Some(v) = constant::evaluate(&t, &r.symbols.option_defaults) {
            if v < 1 || v > max {
                r.diagnostics.push(Diagnostic::OutOfBounds {
                    what: what.into(),
                    value: v,
                    min: 1,
                    max,
                    span: t.span.into(),
                });
            }
        }
        t
    };
    match board {
        Board::Square(w, h) => {
            let w = bounded(r, w, "the board's width", MAX_SQUARE_SIDE);
            let h = bounded(r, h, "the board's height", MAX_SQUARE_SIDE);
            BoardSpec::Square(w, h)
        }
        Board::Hex(s) => BoardSpec::Hex(bounded(r, s, "the hexagon's side", MAX_HEX_SIDE)),
    }
}

/// The longest line on the board, if its sizes are known.
pub fn board_longest(board: &BoardSpec, options: &[i64]) -> Option<i64> {
    match board {
        BoardSpec::Square(w, h) => {
            Some(constant::evaluate(w, options)?.max(constant::evaluate(h, options)?))
        }
        BoardSpec::Hex(s) => Some(
            constant::evaluate(s, options)?
                .saturating_mul(2)
                .saturating_sub(1),
        ),
        BoardSpec::Missing => None,
    }
}

fn check_items(file: &File, r: &mut Resolver, program: &mut Program) {
    let mut forever: Option<Span> = None;
    let mut phase_names: HashMap<&str, Span> = HashMap::new();
    for item in &file.items {
        match &item.kind {
            ItemKind::Supply(e) => {
                program.supply =
                    Some(r.constant(e, "each seat's supply is counted out before the first move"))
            }
            ItemKind::Score(s) => {
                let params = [(s.param.text.as_str(), Ty::Seat)];
                program.score = Some(r.expect(
                    &s.body,
                    Context {
                        params: &params,
                        chosen_cell: false,
                    },
                    Ty::Int,
                ));
            }
            ItemKind::Phase(p) => {
                if let Some(first) = phase_names.insert(&p.name.text, p.name.span) {
                    r.diagnostics.push(Diagnostic::Duplicate {
                        name: p.name.text.clone(),
                        span: p.name.span.into(),
                        first: first.into(),
                    });
                }
                if let Some(earlier) = forever {
                    r.diagnostics.push(Diagnostic::UnreachablePhase {
                        name: p.name.text.clone(),
                        span: p.name.span.into(),
                        earlier: earlier.into(),
                    });
                }
                let turns = p
                    .turns
                    .as_ref()
                    .map(|t| r.constant(t, "a phase's length is fixed before play"));
                if let Some(n) = turns
                    .as_ref()
                    .and_then(|t| constant::evaluate(t, &r.symbols.option_defaults))
                {
                    if n < 1 {
                        r.diagnostics.push(Diagnostic::OutOfBounds {
                            what: "a phase's number of turns".into(),
                            value: n,
                            min: 1,
                            max: i64::from(u32::MAX),
                            span: turns.as_ref().map_or(p.name.span, |t| t.span).into(),
                        });
                    }
                }
                if turns.is_none() {
                    forever.get_or_insert(p.name.span);
                }
                let ctx = Context {
                    params: &[],
                    chosen_cell: true,
                };
                let places = p
                    .moves
                    .iter()
                    .map(|m| PlaceSpec {
                        condition: m.condition.as_ref().map(|c| r.expect(c, ctx, Ty::Bool)),
                        text: String::new(),
                    })
                    .collect();
                program.phases.push(PhaseSpec {
                    name: p.name.text.clone(),
                    turns,
                    places,
                    span: p.name.span,
                });
            }
            ItemKind::After(effects) => {
                for e in effects {
                    let value = r.expect(&e.value, Context::TOP, Ty::Int);
                    let target = r.expr(&e.target, Context::TOP);
                    match target.kind {
                        Hir::Builtin(crate::builtins::BuiltinId::Supply, mut args) => {
                            program.effects.push(EffectSpec {
                                supply_of: args.remove(0),
                                op: e.op,
                                value,
                            });
                        }
                        Hir::Error => {}
                        _ => r.diagnostics.push(Diagnostic::NotAssignable {
                            span: e.target.span.into(),
                        }),
                    }
                }
            }
            ItemKind::End(end) => {
                let condition = r.expect(&end.condition, Context::TOP, Ty::Bool);
                let result = match &end.result {
                    crate::syntax::ast::EndResult::Draw => ResultSpec::Draw,
                    crate::syntax::ast::EndResult::HighestScore => ResultSpec::HighestScore,
                    crate::syntax::ast::EndResult::Winner(e) => {
                        ResultSpec::Winner(r.expect(e, Context::TOP, Ty::Seat))
                    }
                };
                program.ends.push(EndSpec {
                    condition,
                    result,
                    span: item.span,
                });
            }
            _ => {}
        }
    }
}

fn report_unused(file: &File, r: &Resolver, diagnostics: &mut Vec<Diagnostic>) {
    for item in &file.items {
        let (what, name, used) = match &item.kind {
            ItemKind::Option(o) => (
                "option",
                &o.name,
                r.symbols
                    .options
                    .get(o.name.text.as_str())
                    .is_none_or(|&i| r.used_options[i]),
            ),
            ItemKind::Define(d) => (
                "definition",
                &d.name,
                r.symbols
                    .defines
                    .get(d.name.text.as_str())
                    .is_none_or(|&i| r.used_defines[i]),
            ),
            _ => continue,
        };
        if !used {
            diagnostics.push(Diagnostic::Unused {
                what: what.into(),
                name: name.text.clone(),
                span: name.span.into(),
            });
        }
    }
}
