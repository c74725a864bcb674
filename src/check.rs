//! The checker: every mistake in a rules file, as diagnostics, and the checked program.
//!
//! The checker never stops at the first error: it reports duplicates, unknown
//! names, type and arity mistakes, bad constants and missing items in one pass,
//! and warns about unused definitions and unreachable phases. Its output, a
//! [`Program`] with every name resolved, is what the compiler reads; it is only
//! handed on when there is no error.

pub(crate) mod board;
mod cards;
pub mod constant;
mod deck;
pub mod dice;
mod items;
mod moves;
mod pieces;
pub mod program;
mod resolve;
pub mod track;

use std::collections::HashMap;

use crate::builtins::Ty;
use crate::diagnostic::Diagnostic;
use crate::syntax::ast::{File, ItemKind, Players, Stuck};
use crate::syntax::{self, Span};
use board::{board_longest, board_size, bounded, check_board, number_text};
pub use program::Program;
use program::*;
use resolve::{Context, Resolver};

/// The most seats a game may have.
pub const MAX_SEATS: i64 = 8;
/// The largest side of a square board (columns are lettered a to z).
pub const MAX_SQUARE_SIDE: i64 = 26;
/// The largest side of a hex board (rows are lettered).
pub const MAX_HEX_SIDE: i64 = 13;
/// The most turns a phase may last.
pub const MAX_PHASE_TURNS: i64 = 1_000_000;

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
    check_at(source, None)
}

/// [`check`] with the options at `values` (by index, as the program lists
/// them) instead of their defaults: every constant that must stay within
/// bounds is checked at them, with the diagnostics a default would give.
pub fn check_with_values(source: &str, values: &[i64]) -> Checked {
    check_at(source, Some(values))
}

fn check_at(source: &str, values: Option<&[i64]>) -> Checked {
    let parsed = syntax::parse(source);
    let mut diagnostics = parsed.errors;
    let (mut program, more) = check_file(&parsed.file, source, values);
    program.source = source.into();
    // Move rules keep their text, so that a refused move can be explained in the rules' words.
    for (phase, item) in program
        .phases
        .iter_mut()
        .zip(parsed.file.items.iter().filter_map(|i| match &i.kind {
            ItemKind::Phase(p) => Some(p),
            _ => None,
        }))
    {
        for (place, rule) in phase.rules.iter_mut().zip(&item.moves) {
            // Without the comments: the rule's span may run over the comment
            // lines that follow it.
            let text: String = source
                .get(rule.span.start..rule.span.end)
                .unwrap_or_default()
                .lines()
                .map(|line| line.split("//").next().unwrap_or_default())
                .collect::<Vec<_>>()
                .join(" ");
            place.text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        }
    }
    diagnostics.extend(
        more.into_iter()
            .filter(|d| !items::follows_from_broken(d, &parsed.broken)),
    );
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

fn check_file<'a>(
    file: &'a File,
    source: &'a str,
    values: Option<&[i64]>,
) -> (Program, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let singles = items::single_items(file, &mut diagnostics);
    let mut symbols = items::collect_symbols(file, &mut diagnostics);
    symbols.source = source;
    if let Some(values) = values.filter(|v| v.len() == symbols.option_defaults.len()) {
        symbols.option_defaults = values.to_vec();
    }
    let mut program = Program {
        card_kinds: deck::card_kinds(file),
        ..Program::default()
    };
    let file_start: Span = Span::new(0, 0);

    // Options: numbers that fit, non-empty ranges, defaults within them.
    for item in &file.items {
        if let ItemKind::Option(o) = &item.kind {
            let (min, max) = o.range.map_or((i64::MIN, i64::MAX), |(lo, hi, _)| (lo, hi));
            if o.default == i64::MAX {
                diagnostics.push(resolve::too_large(o.default_span));
            }
            if let Some((lo, hi, span)) = o.range {
                if lo == i64::MAX || hi == i64::MAX {
                    diagnostics.push(resolve::too_large(span));
                }
            }
            if let (Some((_, _, span)), true) = (o.range, min > max) {
                diagnostics.push(Diagnostic::EmptyRange {
                    name: o.name.text.clone(),
                    min,
                    max,
                    span: span.into(),
                });
            } else if o.default < min || o.default > max {
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
                per_seat: o.per_seat.is_some(),
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
                    value: names.len().to_string(),
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
                    value: number_text(n, span, source),
                    min: 1,
                    max: MAX_SEATS,
                    span: span.into(),
                });
            }
            program.seats = (1..=n.clamp(1, MAX_SEATS)).map(|i| i.to_string()).collect();
        }
        // The names are read with the count, by `cards::check_cards`.
        Some(ItemKind::Players(Players::Some(..))) => {}
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
            r.symbols.board_size = board_size(&board, &r.symbols.option_defaults);
            r.symbols.listed_labels = match &board {
                BoardSpec::Lines(spec) => spec.points.iter().map(|&p| point_label(p)).collect(),
                _ => track::labels(&board, &r.symbols),
            };
            r.symbols.track = matches!(board, BoardSpec::Track { .. });
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
    resolver.symbols.dice = dice::has_dice(file);
    check_parameters(file, &mut resolver.diagnostics);
    resolver.check_all_defines();
    check_items(file, &mut resolver, &mut program);
    pieces::check_pieces(file, &mut resolver, &mut program);
    cards::check_cards(file, &mut resolver, &mut program);
    track::check_track(file, &mut resolver, &mut program);
    dice::check_dice(file, &mut resolver, &mut program);
    // Without a score every seat scores 0: only tie-breaks could decide.
    let tiebreaks = file
        .items
        .iter()
        .any(|i| matches!(i.kind, ItemKind::Tiebreak(_)));
    if !singles.contains_key("score") && !tiebreaks {
        for item in &file.items {
            if let ItemKind::End(end) = &item.kind {
                if matches!(end.result, crate::syntax::ast::EndResult::HighestScore) {
                    resolver.diagnostics.push(Diagnostic::NoScore {
                        span: end.result_span.into(),
                    });
                }
            }
            if let ItemKind::Phase(phase) = &item.kind {
                let highest = |m: &&crate::syntax::ast::MoveRule| {
                    matches!(
                        &m.kind,
                        crate::syntax::ast::MoveKind::Stuck(how, unless)
                            if *how == Stuck::HighestScore
                                || unless.as_ref().is_some_and(|u| u.1 == Stuck::HighestScore)
                    )
                };
                for m in phase.moves.iter().filter(highest) {
                    resolver.diagnostics.push(Diagnostic::NoScore {
                        span: m.span.into(),
                    });
                }
            }
        }
    }

    // A phase whose stuck mover loses (`otherwise lose`) ends the game.
    let stuck_ends = program
        .phases
        .iter()
        .flat_map(|p| &p.rules)
        .any(|r| matches!(r.otherwise, Some(ForcedSpec::Stuck(..))));
    if program.ends.is_empty() && !stuck_ends {
        resolver.diagnostics.push(Diagnostic::NoEnd {
            span: file.items.first().map_or(file_start, |i| i.keyword).into(),
        });
    }
    // A move of the step runner names its rule by a byte.
    let rules: usize = program.phases.iter().map(|p| p.rules.len()).sum();
    if rules > 255 {
        let span = program.phases.last().map_or(file_start, |p| p.span);
        resolver.diagnostics.push(Diagnostic::OutOfBounds {
            what: "the number of move rules in all phases".into(),
            value: rules.to_string(),
            min: 1,
            max: 255,
            span: span.into(),
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

/// Reports a definition's parameters that share a name.
fn check_parameters(file: &File, diagnostics: &mut Vec<Diagnostic>) {
    for item in &file.items {
        let ItemKind::Define(d) = &item.kind else {
            continue;
        };
        for (k, p) in d.params.iter().enumerate() {
            if let Some(first) = d.params[..k].iter().find(|q| q.name.text == p.name.text) {
                diagnostics.push(Diagnostic::DuplicateParameter {
                    name: p.name.text.clone(),
                    definition: d.name.text.clone(),
                    span: p.name.span.into(),
                    first: first.name.span.into(),
                });
            }
        }
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
            ItemKind::SupplyPerSeat(s) => {
                let params = [(s.param.text.as_str(), Ty::Seat)];
                let ctx = Context {
                    params: &params,
                    chosen_cell: false,
                };
                program.supply_per_seat = Some(r.expect(&s.body, ctx, Ty::Int));
            }
            ItemKind::MustCapture(most) => {
                if program.must_capture.is_some() {
                    r.diagnostics.push(Diagnostic::DuplicateItem {
                        item: "must capture".into(),
                        span: item.keyword.into(),
                        first: item.keyword.into(),
                    });
                }
                program.must_capture = Some(*most);
            }
            ItemKind::Counter(name, start, clock) => {
                let start = start
                    .as_ref()
                    .map(|s| r.constant(s, "a counter starts before the first move"));
                program.counters.push((name.text.clone(), start));
                program.clocks.push(*clock);
            }
            ItemKind::Kinds(names) => {
                program.piece_kinds = names.iter().map(|n| n.text.clone()).collect();
            }
            ItemKind::MustLeave(condition) => {
                program
                    .must_leave
                    .push(r.expect(condition, Context::TOP, Ty::Bool));
            }
            ItemKind::MustBlock(when) => {
                let when = when.as_ref().map(|w| r.expect(w, Context::TOP, Ty::Bool));
                program.must_block.push(when);
            }
            ItemKind::Limit(n) => {
                program.limit = Some(bounded(
                    r,
                    n,
                    "the turn limit is fixed before play",
                    "a game's turn limit",
                    MAX_PHASE_TURNS,
                ));
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
                let turns = p.turns.as_ref().map(|t| {
                    bounded(
                        r,
                        t,
                        "a phase's length is fixed before play",
                        "a phase's number of turns",
                        MAX_PHASE_TURNS,
                    )
                });
                if turns.is_none() {
                    forever.get_or_insert(p.name.span);
                }
                let deck = cards::has_deck(file);
                let rules = r.in_move(|r| {
                    p.moves
                        .iter()
                        .map(|m| moves::rule_spec(m, r, deck))
                        .collect()
                });
                moves::check_one_forced(&p.name.text, &p.moves, r);
                program.phases.push(PhaseSpec {
                    name: p.name.text.clone(),
                    turns,
                    rules,
                    span: p.name.span,
                });
            }
            ItemKind::After(effects) => {
                for e in effects {
                    let Some(written) = &e.target else {
                        // `again [if COND]`: the mover moves again.
                        let value = r.expect(&e.value, Context::TOP, Ty::Bool);
                        if e.keeps_throw && !r.symbols.dice {
                            r.diagnostics.push(Diagnostic::needs_item(
                                "`again keeping the throw`",
                                "dice",
                                e.span,
                            ));
                        }
                        program.effects.push(EffectSpec {
                            target: TargetSpec::Again(e.keeps_throw),
                            op: e.op,
                            value,
                        });
                        continue;
                    };
                    let value = r.expect(&e.value, Context::TOP, Ty::Int);
                    let target = r.expr(written, Context::TOP);
                    let error = matches!(target.kind, Hir::Error);
                    let target = match target.kind {
                        Hir::Builtin(crate::builtins::BuiltinId::Supply, mut args) => {
                            Some(TargetSpec::Supply(args.remove(0)))
                        }
                        Hir::Counter(i) => Some(TargetSpec::Counter(i)),
                        _ => None,
                    };
                    match (target, &written.kind) {
                        (Some(target), _) => program.effects.push(EffectSpec {
                            target,
                            op: e.op,
                            value,
                        }),
                        (None, _) if error => {}
                        _ => r.diagnostics.push(Diagnostic::NotAssignable {
                            span: written.span.into(),
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

/// The label of a point of a board of lines: its column's letter and row.
pub fn point_label((x, y): (i32, i32)) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

#[cfg(test)]
mod tests {
    use super::check;
    use miette::Diagnostic as _;

    /// The codes reported for a small game with `extra` lines added.
    fn codes(extra: &str) -> Vec<String> {
        codes_of(&format!(
            "players X, O\nboard square 3 x 3\nphase p\n  place where empty\n{extra}\n"
        ))
    }

    /// The codes reported for a rules text.
    fn codes_of(source: &str) -> Vec<String> {
        check(source)
            .diagnostics
            .iter()
            .map(|d| d.code().map(|c| c.to_string()).unwrap_or_default())
            .collect()
    }

    #[test]
    fn definitions_using_the_chosen_cell_only_where_a_cell_is_chosen() {
        assert_eq!(codes("define free = empty\nend when free: draw"), ["E0011"]);
        assert_eq!(codes("define c = cell\nend when edge(c): draw"), ["E0011"]);
        // Through another definition.
        assert_eq!(
            codes("define near = adjacent(last)\ndefine f = near and true\nend when f: draw"),
            ["E0011"]
        );
        // Used only in a move's `where`: fine.
        assert_eq!(
            codes("define e = edge\nscore(p) = 0\nend when full: draw\nafter turn: supply(mover) += 0\nsupply 3 + 0\nphase q\n  place where e"),
            ["W0002"]
        );
        assert_eq!(
            codes("define e = edge\nscore(p) = count(p)\nend when e: highest score wins"),
            ["E0011"]
        );
        // Used where a cell is chosen, or given a cell: fine.
        assert!(
            codes("define free(c: cell) = empty(c)\nphase q\n  place where free(cell)\nend when free(last): draw")
                .iter()
                .all(|c| c.starts_with('W'))
        );
    }

    #[test]
    fn constants_without_a_value() {
        assert_eq!(codes("end when line(1/0, mover): draw"), ["E0018"]);
        assert_eq!(codes("supply 1/0\nend when full: draw"), ["E0018"]);
        assert_eq!(codes("supply 5 % 0\nend when full: draw"), ["E0018"]);
        assert_eq!(
            codes("option n = 99999999999999999999\nend when line(n+1, mover): draw"),
            ["E0013", "E0018"]
        );
        assert_eq!(
            codes("option n = 9223372036854775806\nend when line(n*2, mover): draw"),
            ["E0018"]
        );
        // A number too large is reported once, not again as out of bounds.
        assert_eq!(
            codes_of("players X, O\nboard square 99999999999999999999 x 3\nphase p\n  place where empty\nend when full: draw"),
            ["E0013"]
        );
        assert_eq!(codes_of("players 99999999999999999999\nboard square 3 x 3\nphase p\n  place where empty\nend when full: draw"), ["E0013"]);
        assert_eq!(
            codes("end when turn > 99999999999999999999: draw"),
            ["E0013"]
        );
    }

    #[test]
    fn ranges_parameters_scores_and_phase_lengths() {
        assert_eq!(
            codes("option x = 5 in 9..1\nsupply x\nend when full: draw"),
            ["E0019"]
        );
        assert_eq!(
            codes("define f(a: int, a: int) = a\nend when f(1, 2) == 1: draw"),
            ["E0003"]
        );
        assert_eq!(codes("end when full: highest score wins"), ["W0003"]);
        // A tie-break alone may decide.
        assert_eq!(
            codes("tiebreak(p) = count(p)\nend when full: highest score wins"),
            Vec::<String>::new()
        );
        assert_eq!(
            codes("score(p) = count(p)\nend when full: highest score wins"),
            Vec::<String>::new()
        );
        assert_eq!(
            codes("phase q for 1000001 turns\n  place where empty\nend when full: draw"),
            ["W0002", "E0013"]
        );
    }
}
