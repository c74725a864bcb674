//! Checking move rules: each a chain of steps joined by `then` (choices such
//! as `place` and `pick`, effects such as `draw` and `keep largest group`),
//! or a phase's forced move.
//!
//! The engine runs any chain of the general steps (`place`, `drop`, `pick`,
//! `step`, `slide`, `jump`, `remove`, `sow around`, `gather`, `again`, `keep
//! largest group`, `flip enclosed`, `capture enclosed`, `draw`), and two chains of special steps
//! in fixed shapes that it runs by compiled fast paths: `place ... then sow`
//! and `play N..M cards then place on CELL [then draw N]`. A step out of
//! those shapes is reported here (E0023).

use super::program::{ForcedSpec, RuleSpec, StepSpec, Typed};
use super::resolve::{Context, Resolver};
use crate::builtins::Ty;
use crate::diagnostic::Diagnostic;
use crate::syntax::ast::{MoveKind, MoveRule, Step, StepKind};

use crate::ir::{MAX_GATHERED, MAX_STEPS};

/// The shapes a chain may take, for the help line of E0023.
const SHAPES: &str = "a chain is `place`, `drop`, `pick`, `step`, `slide`, `jump`, `leap M, N` (a `step` or `jump` maybe `repeat`ed), `remove`, `sow around`, `gather`, `again`, `keep largest group`, `rotate block N`, `flip enclosed`, `capture enclosed`, `capture surrounded`, `capture at CELL`, `move CELL to CELL`, `promote to KIND[, KIND...]` and `draw` steps in any order (at most 6; `step`, `slide` and `jump` after a `pick`, `flip enclosed`, `capture enclosed`, `capture surrounded` and `promote` after a piece is put down); or `place [where ...] then sow [without reversal]`; or `play N..M cards then place on CELL [where ...] [then draw N [if ...]]`";

/// The checked form of a move rule of a phase.
pub fn rule_spec(m: &MoveRule, r: &mut Resolver, has_deck: bool) -> RuleSpec {
    let mut spec = RuleSpec {
        steps: Vec::new(),
        otherwise: None,
        passes: false,
        text: String::new(),
        span: m.span,
    };
    match &m.kind {
        MoveKind::Otherwise { draw } => {
            if !has_deck {
                r.diagnostics.push(needs_deck("a forced move", m.span));
            }
            let draw = draw.as_ref().map(|d| r.expect(d, Context::TOP, Ty::Int));
            spec.otherwise = Some(ForcedSpec::DiscardHand(draw));
        }
        MoveKind::Pass => spec.otherwise = Some(ForcedSpec::Pass),
        MoveKind::MayPass => spec.passes = true,
        MoveKind::Stuck(s, unless) => {
            let unless = unless
                .as_ref()
                .map(|(c, t)| (r.expect(c, Context::TOP, Ty::Bool), *t));
            spec.otherwise = Some(ForcedSpec::Stuck(*s, unless));
        }
        MoveKind::Chain(steps) => {
            spec.steps = steps.iter().map(|s| step_spec(s, r)).collect();
            if !super::track::check_track_chain(steps, r) {
                check_shape(steps, r);
            }
            // Once a rule: its card steps all need the one deck.
            let cards = steps.iter().find_map(|s| match s.kind {
                StepKind::PlayCards { .. } | StepKind::PlayCard(_) => {
                    Some(("a move with cards", s.span))
                }
                StepKind::Draw { .. } => Some(("drawing cards", s.span)),
                _ => None,
            });
            if let (Some((what, _)), false) = (cards, has_deck) {
                r.diagnostics.push(needs_deck(what, m.span));
            }
        }
    }
    spec
}

/// Reports a second forced move (`otherwise`) of a phase: only the first
/// would ever be played.
pub fn check_one_forced(phase: &str, moves: &[MoveRule], r: &mut Resolver) {
    let forced = |m: &&MoveRule| {
        matches!(
            m.kind,
            MoveKind::Otherwise { .. } | MoveKind::Pass | MoveKind::Stuck(..)
        )
    };
    let mut all = moves.iter().filter(forced);
    let Some(first) = all.next() else {
        return;
    };
    if let Some(pass) = moves.iter().find(|m| matches!(m.kind, MoveKind::MayPass)) {
        r.diagnostics.push(Diagnostic::OtherwiseWithPass {
            phase: phase.to_string(),
            span: first.span.into(),
            pass: pass.span.into(),
        });
    }
    for again in all {
        r.diagnostics.push(Diagnostic::DuplicateForced {
            phase: phase.to_string(),
            span: again.span.into(),
            first: first.span.into(),
        });
    }
}

fn step_spec(step: &Step, r: &mut Resolver) -> StepSpec {
    let in_where = Context {
        params: &[],
        chosen_cell: true,
    };
    let condition = |r: &mut Resolver, c: &Option<crate::syntax::ast::Expr>| -> Option<Typed> {
        c.as_ref().map(|c| r.expect(c, in_where, Ty::Bool))
    };
    let when = |r: &mut Resolver, c: &Option<crate::syntax::ast::Expr>| {
        c.as_ref().map(|c| r.expect(c, Context::TOP, Ty::Bool))
    };
    match &step.kind {
        StepKind::Place { on, condition: c } => StepSpec::Place {
            on: on.as_ref().map(|t| r.expect(t, Context::TOP, Ty::Cell)),
            condition: condition(r, c),
        },
        StepKind::Drop(c) => {
            square_board_only(
                "`drop`",
                "a piece falls down a column of a square board (`board square 7 x 6`); elsewhere use `place`",
                step,
                r,
            );
            StepSpec::Drop(condition(r, c))
        }
        StepKind::SowAround(c, skips) => {
            needs_pits(r, "sowing around a ring of pits", step);
            StepSpec::SowAround(condition(r, c), *skips)
        }
        StepKind::GatherBack(g) => {
            let crate::syntax::ast::GatherBack {
                name,
                start,
                condition,
                into,
                when: w,
            } = &**g;
            needs_pits(r, "a run of pits back along the ring", step);
            let params = [(name.text.as_str(), Ty::Cell)];
            let each = Context {
                params: &params,
                chosen_cell: false,
            };
            StepSpec::GatherBack {
                start: r.expect(start, Context::TOP, Ty::Cell),
                condition: r.expect(condition, each, Ty::Bool),
                into: r.expect(into, Context::TOP, Ty::Cell),
                when: when(r, w),
            }
        }
        StepKind::Gather {
            cells,
            into,
            when: w,
        } => StepSpec::Gather(
            gathered(cells, step, r),
            r.expect(into, Context::TOP, Ty::Cell),
            when(r, w),
        ),
        StepKind::Again(w) => StepSpec::Again(when(r, w)),
        StepKind::CaptureAt(c) => StepSpec::CaptureAt(r.expect(c, Context::TOP, Ty::Cell)),
        StepKind::Relocate(a, b) => StepSpec::Relocate(
            r.expect(a, Context::TOP, Ty::Cell),
            r.expect(b, Context::TOP, Ty::Cell),
        ),
        StepKind::Walk {
            reach,
            directions,
            condition: c,
            repeat,
        } => StepSpec::Walk {
            reach: *reach,
            directions: match reach {
                crate::syntax::ast::Reach::Leap => leap_offsets(directions, step, r),
                _ => directions
                    .iter()
                    .map(|d| r.expect(d, Context::TOP, Ty::Direction))
                    .collect(),
            },
            condition: condition(r, c),
            repeat: *repeat,
        },
        StepKind::Promote(kinds, w) => {
            let kinds = kinds.iter().map(|k| piece_kind(k, r)).collect();
            StepSpec::Promote(kinds, when(r, w))
        }
        StepKind::PlaceNeutral(piece, c) => {
            let index = r.symbols.neutrals.get(piece.text.as_str()).copied();
            if index.is_none() {
                let known: Vec<&str> = r.symbols.neutrals.keys().copied().collect();
                r.diagnostics.push(Diagnostic::UnknownName {
                    name: piece.text.clone(),
                    span: piece.span.into(),
                    help: Some(match known.is_empty() {
                        true => "a move puts down a neutral piece declared with `neutral NAME`, such as `neutral arrow`".into(),
                        false => format!("the neutral pieces are: {}", known.join(", ")),
                    }),
                });
            }
            StepSpec::PlaceNeutral(index.unwrap_or(0), condition(r, c))
        }
        StepKind::Enclosed { capture, exactly } => StepSpec::Enclosed {
            capture: *capture,
            exactly: exactly.as_ref().map(|n| {
                super::board::bounded(
                    r,
                    n,
                    "the rows are found when a move is played",
                    "an enclosed row's length",
                    MAX_ENCLOSED,
                )
            }),
        },
        StepKind::CaptureSurrounded => StepSpec::CaptureSurrounded,
        StepKind::Pick(c) => StepSpec::Pick(condition(r, c)),
        StepKind::Remove(c, w) => StepSpec::Remove(condition(r, c), when(r, w)),
        StepKind::Sow { no_reversal } => {
            // A path is a walk along the board's directions.
            if r.symbols.track {
                r.diagnostics.push(Diagnostic::Unsupported {
                    what: "`sow` on a track board".into(),
                    span: step.span.into(),
                    help: "a sowing path steps along the directions of a square or hex \
                           board, and a track's spaces have none: move along a track \
                           with `move by N`"
                        .into(),
                });
            }
            StepSpec::Sow {
                no_reversal: *no_reversal,
            }
        }
        StepKind::PlayCards { min, max } => {
            let (min, max) = played_bound(*min, *max, step, r);
            StepSpec::PlayCards { min, max }
        }
        StepKind::Draw { count, when: w } => StepSpec::Draw {
            count: r.expect(count, Context::TOP, Ty::Int),
            when: when(r, w),
        },
        StepKind::KeepLargestGroup(w) => StepSpec::KeepLargestGroup(when(r, w)),
        StepKind::Rotate(n) => StepSpec::Rotate(rotated_block(r, n, step)),
        StepKind::PlayCard(c) => StepSpec::PlayCard(when(r, c)),
        StepKind::Enter(c) => StepSpec::Enter(condition(r, c)),
        StepKind::MoveBy(n, c) => {
            StepSpec::MoveBy(r.expect(n, Context::TOP, Ty::Int), condition(r, c))
        }
        StepKind::MoveByDice(c) => {
            if !r.symbols.dice {
                r.diagnostics
                    .push(Diagnostic::needs_item("`move by dice`", "dice", step.span));
            }
            StepSpec::MoveByDice(condition(r, c))
        }
        StepKind::Split(n, c) => StepSpec::Split(
            super::board::bounded(
                r,
                n,
                "a split is divided when the moves are listed",
                "a split's spaces",
                super::track::MAX_SPLIT,
            ),
            condition(r, c),
        ),
        StepKind::Switch(c) => StepSpec::Switch(condition(r, c)),
    }
}

/// The kind a `promote to KIND` names, reported if the rules have no such
/// kind (0 then).
fn piece_kind(kind: &crate::syntax::ast::Name, r: &mut Resolver) -> u8 {
    if let Some(&k) = r.symbols.piece_kinds.get(kind.text.as_str()) {
        return k as u8;
    }
    let known: Vec<&str> = r.symbols.piece_kinds.keys().copied().collect();
    let help = match crate::diagnostic::closest(&kind.text, known.iter().copied()) {
        Some(k) => format!("did you mean `{k}`?"),
        None if known.is_empty() => {
            "a piece changes into one of the kinds declared with `kinds NAME, NAME`, such as `kinds man, king`".into()
        }
        None => format!("the kinds are: {}", known.join(", ")),
    };
    r.diagnostics.push(Diagnostic::UnknownName {
        name: kind.text.clone(),
        span: kind.span.into(),
        help: Some(help),
    });
    0
}

/// The cells a `gather` empties, checked: cells, and not too many.
/// The side of the blocks `rotate block N` turns: a constant that splits
/// a square board into N x N blocks, at least 2 (E0013, E0022).
fn rotated_block(r: &mut Resolver, n: &crate::syntax::ast::Expr, step: &Step) -> Typed {
    let side = super::board::bounded(r, n, "a block turns whole", "a block's side", MAX_BLOCK);
    let board = r.symbols.board_size;
    let value = super::constant::evaluate(&side, &r.symbols.option_defaults);
    if let (Some((layout, w, h)), Some(n)) = (board, value) {
        let splits = layout == super::board::Layout::Square && n >= 2 && w % n == 0 && h % n == 0;
        if !splits {
            r.diagnostics.push(Diagnostic::Unsupported {
                what: format!("turning {n} x {n} blocks of this board"),
                span: step.span.into(),
                help: "a square board splits into square blocks of at least 2 x 2 whose side divides its width and height (`board square 6 x 6` and `rotate block 3`)".into(),
            });
        }
    }
    side
}

/// The largest block `rotate block N` turns.
const MAX_BLOCK: i64 = 13;

/// Reports `what` on a board that is not a ring of pits.
fn needs_pits(r: &mut Resolver, what: &str, step: &Step) {
    let layout = r.symbols.board_size.map(|b| b.0);
    if layout.is_some_and(|layout| layout != super::board::Layout::Pits) {
        r.diagnostics
            .push(Diagnostic::needs_item(what, "board pits", step.span));
    }
}

fn gathered(cells: &[crate::syntax::ast::Expr], step: &Step, r: &mut Resolver) -> Vec<Typed> {
    if cells.len() > MAX_GATHERED {
        r.diagnostics.push(Diagnostic::OutOfBounds {
            what: "the cells one `gather` empties".into(),
            value: cells.len().to_string(),
            min: 1,
            max: MAX_GATHERED as i64,
            span: step.span.into(),
        });
    }
    cells
        .iter()
        .map(|c| r.expect(c, Context::TOP, Ty::Cell))
        .collect()
}

/// The longest enclosed row `exactly N` may ask for: the longest side a
/// board may have, less the two ends.
const MAX_ENCLOSED: i64 = super::MAX_SQUARE_SIDE - 2;

/// The card counts of `play MIN..MAX cards`, reported if out of bounds.
fn played_bound(min: i64, max: i64, step: &Step, r: &mut Resolver) -> (u8, u8) {
    let max_played = super::cards::MAX_PLAYED;
    if min < 1 || max > max_played {
        r.diagnostics.push(Diagnostic::OutOfBounds {
            what: "the number of cards played".into(),
            value: (if min < 1 { min } else { max }).to_string(),
            min: 1,
            max: max_played,
            span: step.span.into(),
        });
    } else if min > max {
        r.diagnostics.push(Diagnostic::OutOfBounds {
            what: format!("the fewest cards played ({min}..{max})"),
            value: min.to_string(),
            min: 1,
            max,
            span: step.span.into(),
        });
    }
    (
        min.clamp(1, max_played) as u8,
        max.clamp(1, max_played) as u8,
    )
}

/// Reports a step that needs a square board on any other (E0022).
fn square_board_only(what: &str, help: &str, step: &Step, r: &mut Resolver) {
    let layout = r.symbols.board_size.map(|b| b.0);
    if r.symbols.track || layout.is_some_and(|l| l != super::board::Layout::Square) {
        r.diagnostics.push(Diagnostic::Unsupported {
            what: format!("{what} on this board"),
            span: step.span.into(),
            help: help.into(),
        });
    }
}

/// A leap's two distances, `leap M, N`: constant numbers of cells (their
/// signs do not matter: a leap goes every way), on a square board.
fn leap_offsets(
    distances: &[crate::syntax::ast::Expr],
    step: &Step,
    r: &mut Resolver,
) -> Vec<Typed> {
    square_board_only(
        "`leap`",
        "a leap counts columns and rows of a square board (`board square 8 x 8`); elsewhere use `step` or `jump`",
        step,
        r,
    );
    if distances.len() != 2 {
        r.diagnostics.push(Diagnostic::BadChain {
            what: "`leap` takes two distances, columns and rows: `leap 1, 2` is a knight's move"
                .into(),
            span: step.span.into(),
            help: SHAPES.into(),
        });
    }
    distances
        .iter()
        .map(|d| {
            r.constant(
                d,
                "a leap's distances are counted on the board when the rules are compiled",
            )
        })
        .collect()
}

/// Reports a `repeat` the engine cannot run: of a slide (a move keeps each
/// part's direction, not its length), or in a chain with too many steps
/// besides (a repeated walk takes 7 of a move's 9 words, the other steps one
/// each).
fn check_repeat(s: &Step, steps: &[Step], r: &mut Resolver) {
    use crate::syntax::ast::{Reach, Repeat};
    let StepKind::Walk { reach, repeat, .. } = &s.kind else {
        return;
    };
    if *repeat == Repeat::Once {
        return;
    }
    let bad = |what: &str| Diagnostic::BadChain {
        what: what.into(),
        span: s.span.into(),
        help: SHAPES.into(),
    };
    if matches!(reach, Reach::Slide | Reach::Leap) {
        r.diagnostics.push(bad(
            "`repeat` goes with `step` and `jump`, not `slide` or `leap`: a slide already goes on along its line",
        ));
    }
    let repeated = steps
        .iter()
        .filter(|t| matches!(&t.kind, StepKind::Walk { repeat, .. } if *repeat != Repeat::Once))
        .count();
    let words = steps.len() - repeated + repeated * crate::ir::REPEAT_WORDS;
    if words > crate::ir::CHOICE_WORDS {
        r.diagnostics.push(bad(&format!(
            "a chain with a repeated walk has room for {} other steps",
            crate::ir::CHOICE_WORDS - crate::ir::REPEAT_WORDS
        )));
    }
}

/// Reports a step out of the shapes the engine runs.
fn check_shape(steps: &[Step], r: &mut Resolver) {
    let bad = |what: &str, step: &Step| Diagnostic::BadChain {
        what: what.into(),
        span: step.span.into(),
        help: SHAPES.into(),
    };
    let is = |i: usize, f: fn(&StepKind) -> bool| steps.get(i).is_some_and(|s| f(&s.kind));
    let play = |k: &StepKind| matches!(k, StepKind::PlayCards { .. });
    let place_on = |k: &StepKind| matches!(k, StepKind::Place { on: Some(_), .. });
    let place = |k: &StepKind| matches!(k, StepKind::Place { on: None, .. });
    let draw = |k: &StepKind| matches!(k, StepKind::Draw { .. });
    let sow = |k: &StepKind| matches!(k, StepKind::Sow { .. });
    if is(0, play) {
        if !is(1, place_on) {
            let at = steps.get(1).unwrap_or(&steps[0]);
            r.diagnostics.push(bad(
                "`play N..M cards` must be followed by `place on CELL`, the cell the cards name",
                at,
            ));
        } else if steps.len() > 3 || (steps.len() == 3 && !is(2, draw)) {
            r.diagnostics.push(bad(
                "after `play ... cards then place on ...` only `draw N` may follow",
                &steps[steps.len() - 1],
            ));
        }
        return;
    }
    if steps.iter().any(|s| sow(&s.kind)) {
        if !(steps.len() == 2 && is(0, place) && is(1, sow)) {
            let at = steps.iter().find(|s| sow(&s.kind)).expect("a sow step");
            r.diagnostics.push(bad(
                "`sow` must come right after the rule's one `place`, as its last step",
                at,
            ));
        }
        return;
    }
    let chooses = |k: &StepKind| {
        matches!(
            k,
            StepKind::Place { .. }
                | StepKind::PlaceNeutral(..)
                | StepKind::Drop(_)
                | StepKind::SowAround(..)
                | StepKind::Rotate(_)
                | StepKind::Pick(_)
                | StepKind::Remove(..)
                | StepKind::Walk { .. }
        )
    };
    if !steps.iter().any(|s| chooses(&s.kind)) {
        r.diagnostics.push(bad(
            "a move rule must choose something: a `place`, `drop`, `pick`, `remove`, `rotate` or `sow around`",
            &steps[0],
        ));
    }
    // A walk moves the piece a `pick` lifted; an enclosure acts from the
    // piece a `place`, `drop` or walk put down.
    let lifts = |k: &StepKind| matches!(k, StepKind::Pick(_));
    let puts = |k: &StepKind| {
        matches!(
            k,
            StepKind::Place { .. } | StepKind::Drop(_) | StepKind::Walk { .. }
        )
    };
    for (i, s) in steps.iter().enumerate() {
        let before = &steps[..i];
        if matches!(s.kind, StepKind::Walk { .. }) && !before.iter().any(|b| lifts(&b.kind)) {
            r.diagnostics.push(bad(
                "`step`, `slide` and `jump` move the piece a `pick` lifted: write `pick [where ...] then step ...`",
                s,
            ));
        }
        if matches!(s.kind, StepKind::Promote(..)) && !before.iter().any(|b| puts(&b.kind)) {
            r.diagnostics.push(bad(
                "`promote to KIND` changes the piece just put down or moved: put it after a `place`, `drop`, `step`, `slide` or `jump`",
                s,
            ));
        }
        check_repeat(s, steps, r);
        let from_put = matches!(
            s.kind,
            StepKind::Enclosed { .. } | StepKind::CaptureSurrounded
        );
        if from_put && !before.iter().any(|b| puts(&b.kind)) {
            r.diagnostics.push(bad(
                "`flip enclosed`, `capture enclosed` and `capture surrounded` act from the piece just put down: put them after a `place`, `drop`, `step`, `slide` or `jump`",
                s,
            ));
        }
    }
    if let Some(at) = steps.iter().find(|s| play(&s.kind)) {
        r.diagnostics.push(bad(
            "`play N..M cards` must be the first step of its rule",
            at,
        ));
    }
    if steps.len() > MAX_STEPS {
        r.diagnostics.push(bad(
            &format!("a chain has at most {MAX_STEPS} steps"),
            &steps[MAX_STEPS],
        ));
    }
}

fn needs_deck(what: &str, span: crate::syntax::Span) -> Diagnostic {
    Diagnostic::needs_item(what, "deck", span)
}
