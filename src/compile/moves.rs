//! Compiling move rules: each chain's steps lowered to step instructions,
//! and the engine path for the chain (a compiled fast path for the shapes
//! the shipped games use, the general step runner for the rest).

use super::lower::Lowerer;
use super::{pieces, CompileError};
use crate::check::program::{RuleSpec, StepSpec};
use crate::ir::{At, CellId, Read, Relocated};
use crate::ir::{
    Candidates, CardTest, CmpOp, EnclosedEffect, Form, Geometry, MoveRule, Node, Rules, Step, Walk,
};
use crate::syntax::ast::Reach;

/// The board facts a chain's compilation needs.
pub struct Board<'g> {
    /// The geometry.
    pub geometry: &'g Geometry,
    /// Whether cells hold stacks.
    pub stacks: bool,
    /// The most pieces a cell holds.
    pub capacity: usize,
    /// How many seats play (a neutral piece's code follows theirs).
    pub seats: usize,
}

/// Compiles a chain of steps (not a forced move).
pub fn move_rule(
    lower: &mut Lowerer,
    spec: &RuleSpec,
    board: &Board,
) -> Result<MoveRule, CompileError> {
    if spec.passes {
        return Ok(MoveRule::new(vec![Step::Pass], Form::Chain, "pass".into()));
    }
    let mut steps = Vec::with_capacity(spec.steps.len());
    for step in &spec.steps {
        if let Some(step) = lower_step(lower, step, board)? {
            steps.push(step);
        }
    }
    // Every chain is the general runner's until a pass gives it a form.
    let rule = MoveRule::new(steps, Form::Chain, spec.text.clone());
    // The checker's shapes keep every chain's choices within a move.
    debug_assert!(rule.words() <= crate::ir::CHOICE_WORDS, "{}", rule.text);
    Ok(rule)
}

/// The `place-form` pass: a rule that is one `place` lists its cells
/// straight from the candidates (`Form::Place`), each move a
/// `Move::Place`, without the general runner's walk.
pub fn find_places(rules: &mut Rules) -> Option<String> {
    mark_chains(rules, Form::Place, |steps| {
        matches!(steps, [Step::Place(_)])
    })
}

/// The `sow-form` pass: a `place ... then sow` rule lists each stack's
/// paths in one walk over the directions (`engine/sow.rs`), without
/// playing the `place` on a copy first.
pub fn find_sowings(rules: &mut Rules) -> Option<String> {
    mark_chains(rules, Form::Sow, |steps| {
        matches!(steps, [Step::Place(_), Step::Sow(_)])
    })
}

/// The `card-form` pass: a `play N..M cards then place on CELL [then
/// draw]` rule lists the distinct card sets of the hand as slot sets
/// (`engine/card_sets.rs`) and reads the cell each names, without playing
/// the cards on a copy first.
pub fn find_card_rules(rules: &mut Rules) -> Option<String> {
    mark_chains(rules, Form::Cards, |steps| {
        matches!(steps, [Step::PlayCards(_), Step::PlaceOn(..), ..])
    })
}

/// The `track-form` pass: track rules (`[play card,] enter | move by |
/// split | switch`) list card by card, each card's spaces found once for
/// the cards whose selection does not read them, several rules merged by
/// card (`engine/track.rs`, `track_listing.rs`), without playing the card
/// on a copy first.
pub fn find_track_rules(rules: &mut Rules) -> Option<String> {
    mark_chains(rules, Form::Track, |steps| match steps {
        [Step::PlayCard(_), action] | [action] => action.is_track_action(),
        _ => false,
    })
}

/// Gives `form` to the general runner's chains whose steps `shape`
/// accepts; says which rules, if any (`play rule 2`).
pub fn mark_chains(rules: &mut Rules, form: Form, shape: fn(&[Step]) -> bool) -> Option<String> {
    mark_chains_by(rules, |steps| shape(steps).then_some(form))
}

/// Gives the general runner's chains the form `form_of` reads off their
/// steps, if any; says which rules (`play rule 2`).
fn mark_chains_by(rules: &mut Rules, form_of: impl Fn(&[Step]) -> Option<Form>) -> Option<String> {
    let mut marked = Vec::new();
    for phase in &mut rules.phases {
        for (i, rule) in phase.rules.iter_mut().enumerate() {
            if let Some(form) = form_of(&rule.steps).filter(|_| rule.form == Form::Chain) {
                rule.form = form;
                marked.push(format!("{} rule {}", phase.name, i + 1));
            }
        }
    }
    (!marked.is_empty()).then(|| marked.join(", "))
}

/// The `relocation` pass: the chains that are relocations (see
/// [`Form::Relocation`]) have their moves, and must block's test of them,
/// found on bitboards without playing on copies. Says which rules it
/// marked, if any.
pub fn find_relocations(rules: &mut Rules) -> Option<String> {
    let bitboards = rules.plan.keeps.tops && !rules.geometry.neighbour_masks.is_empty();
    if rules.stacks || !bitboards {
        return None;
    }
    mark_chains_by(rules, relocation)
}

/// The form of the steps if they are a relocation: pick, maybe keep the
/// largest group, then place on an empty cell (maybe next to a piece),
/// with no test but maybe `cell != from`.
fn relocation(steps: &[Step]) -> Option<Form> {
    let (keep, place) = match steps {
        [Step::Pick(_), Step::KeepLargestGroup(None), Step::Place(q)] => (true, q),
        [Step::Pick(_), Step::Place(q)] => (false, q),
        _ => return None,
    };
    let plain = place.guard.is_none() && place.mask.is_none();
    let empty = matches!(
        place.candidates,
        Candidates::EmptyTouching | Candidates::Empty
    );
    let not_back = match &place.test {
        None => true,
        Some(Node::Cmp(CmpOp::Ne, a, b)) => matches!(
            (&**a, &**b),
            (
                Node::Read(Read::Cell(At::Chosen)),
                Node::Read(Read::Cell(At::From))
            ) | (
                Node::Read(Read::Cell(At::From)),
                Node::Read(Read::Cell(At::Chosen))
            )
        ),
        _ => false,
    };
    (plain && empty && not_back).then_some(Form::Relocation(Relocated {
        keep,
        touching: matches!(place.candidates, Candidates::EmptyTouching),
        not_back: place.test.is_some(),
    }))
}

/// One step; `None` for an effect whose condition an option makes false.
fn lower_step(
    lower: &mut Lowerer,
    step: &StepSpec,
    board: &Board,
) -> Result<Option<Step>, CompileError> {
    // An effect's condition decided by the options is decided here.
    let when =
        |lower: &mut Lowerer, w: &Option<_>| -> Result<Result<Option<Node>, ()>, CompileError> {
            Ok(match w.as_ref().map(|w| lower.node(w)).transpose()? {
                Some(Node::Const(0)) => Err(()),
                Some(Node::Const(_)) | None => Ok(None),
                Some(n) => Ok(Some(n)),
            })
        };
    Ok(Some(match step {
        StepSpec::Place {
            on: None,
            condition,
        } => Step::Place(lower.place(condition.as_ref(), board.stacks)?),
        StepSpec::Place {
            on: Some(on),
            condition,
        } => {
            // The cell is given: no candidates, the whole condition is tested on it.
            let mut select = lower.place(None, board.stacks)?;
            select.test = condition.as_ref().map(|c| lower.node(c)).transpose()?;
            Step::PlaceOn(lower.node(on)?, select)
        }
        StepSpec::Enclosed { capture, exactly } => {
            let effect = if *capture {
                EnclosedEffect::Capture
            } else {
                EnclosedEffect::Flip
            };
            let exactly = match exactly {
                Some(n) => Some(super::value_of(n, lower.values())?.clamp(1, 255) as u8),
                None => None,
            };
            Step::Enclosed(effect, exactly)
        }
        StepSpec::CaptureSurrounded => Step::CaptureSurrounded,
        StepSpec::PlaceNeutral(k, condition) => {
            let code = board.seats + 1 + k;
            let select = lower.place(condition.as_ref(), board.stacks)?;
            Step::PlaceNeutral(code.min(u8::MAX as usize) as u8, select)
        }
        StepSpec::Promote(kinds, w) => match (when(lower, w)?, &kinds[..]) {
            (Ok(w), [kind]) => Step::Promote(*kind, w),
            (Ok(w), _) => Step::PromoteChosen(kinds.clone(), w),
            (Err(()), _) => return Ok(None),
        },
        StepSpec::Walk {
            reach,
            directions,
            condition,
            repeat,
        } => {
            let spec_directions = directions;
            let mut directions = directions
                .iter()
                .map(|d| lower.node(d))
                .collect::<Result<Vec<_>, _>>()?;
            let leap = match (reach, &spec_directions[..]) {
                (Reach::Leap, [m, n]) => Some(leap_table(
                    super::value_of(m, lower.values())?,
                    super::value_of(n, lower.values())?,
                    board.geometry,
                )),
                _ => None,
            };
            if leap.is_some() {
                directions = (0..crate::ir::LEAPS as i64).map(Node::Const).collect();
            }
            Step::Walk(Walk {
                repeat: *repeat,
                reach: *reach,
                directions,
                select: lower.select(condition.as_ref(), Candidates::Reached)?,
                leap,
                targets: None,
            })
        }
        StepSpec::SowAround(c, skips) => {
            Step::SowAround(lower.select(c.as_ref(), Candidates::Pieces)?, *skips)
        }
        StepSpec::GatherBack {
            start,
            condition,
            into,
            when: w,
        } => match when(lower, w)? {
            Ok(w) => Step::GatherBack(crate::ir::GatherBack {
                start: lower.node(start)?,
                condition: lower.node_each(condition)?,
                into: lower.node(into)?,
                when: w,
            }),
            Err(()) => return Ok(None),
        },
        StepSpec::Gather(cells, into, w) => match when(lower, w)? {
            Ok(w) => Step::Gather(
                cells
                    .iter()
                    .map(|c| lower.node(c))
                    .collect::<Result<_, _>>()?,
                lower.node(into)?,
                w,
            ),
            Err(()) => return Ok(None),
        },
        StepSpec::CaptureAt(c) => Step::CaptureAt(lower.node(c)?),
        StepSpec::Relocate(a, b) => Step::Relocate(lower.node(a)?, lower.node(b)?),
        StepSpec::Again(w) => match when(lower, w)? {
            Ok(w) => Step::Again(w),
            Err(()) => return Ok(None),
        },
        StepSpec::Drop(c) => Step::Place(lower.select(c.as_ref(), Candidates::Dropped)?),
        StepSpec::Pick(c) => Step::Pick(lower.select(c.as_ref(), Candidates::Owned)?),
        StepSpec::Remove(c, w) => Step::Remove(
            lower.select(c.as_ref(), Candidates::Pieces)?,
            w.as_ref().map(|w| lower.node(w)).transpose()?,
        ),
        StepSpec::Sow { no_reversal } => {
            Step::Sow(pieces::sowing(board.geometry, *no_reversal, board.capacity))
        }
        StepSpec::PlayCards { min, max } => Step::PlayCards(super::cards::card_play(*min, *max)),
        StepSpec::Draw { count, when: w } => match when(lower, w)? {
            Ok(w) => Step::Draw(lower.node(count)?, w),
            Err(()) => return Ok(None),
        },
        StepSpec::Rotate(n) => Step::Rotate(super::value_of(n, lower.values())?.clamp(2, 13) as u8),
        StepSpec::KeepLargestGroup(w) => match when(lower, w)? {
            Ok(w) => Step::KeepLargestGroup(w),
            Err(()) => return Ok(None),
        },
        StepSpec::PlayCard(c) => Step::PlayCard(match c {
            None => CardTest::Any,
            Some(c) => {
                let test = lower.node(c)?;
                match super::cards::card_kinds_allowed(&test, lower.card_kinds()) {
                    Some(kinds) => CardTest::Kinds(crate::ir::CardKinds::new(kinds)),
                    None => CardTest::Test(test),
                }
            }
        }),
        StepSpec::Enter(c) => Step::Enter(lower.select(c.as_ref(), Candidates::Pieces)?),
        StepSpec::MoveBy(n, c) => Step::MoveBy(
            lower.node(n)?,
            lower.select(c.as_ref(), Candidates::Pieces)?,
        ),
        StepSpec::Split(n, c) => {
            let n = super::bounded(
                super::value_of(n, lower.values())?,
                crate::ir::track::MAX_SPLIT as i64,
                n.span,
                "a split's spaces",
            )? as u8;
            Step::Split(n, lower.select(c.as_ref(), Candidates::Pieces)?)
        }
        StepSpec::Switch(c) => Step::Switch(lower.select(c.as_ref(), Candidates::Pieces)?),
        StepSpec::MoveByDice(c) => Step::MoveByDice(lower.select(c.as_ref(), Candidates::Pieces)?),
    }))
}

/// The rules of a phase that write their moves the same way as another of
/// its rules, so that their moves may be written alike and must be merged
/// by their text after listing, as a mask by rule index (every bit from 64
/// on is the last one's). Two `place-form` rules list the same
/// `Move::Place` for a cell, and two `card-form` rules keep their cards
/// and cell in the same words: those are merged as moves instead. Two rules
/// that first pick a piece of different kinds (`kind(cell) == knight`,
/// `kind(cell) == bishop`) never write a move alike: the first word, the
/// piece's cell, differs.
pub fn rules_read_alike(rules: &[MoveRule]) -> u64 {
    let shape = |r: &MoveRule| -> Vec<char> {
        r.steps
            .iter()
            .filter_map(|s| match s {
                Step::Place(_) => Some('c'),
                Step::Pick(_) | Step::Remove(..) => Some('l'),
                Step::Sow(_) => Some('p'),
                Step::PlayCards(_) => Some('v'),
                Step::PlayCard(_) => Some('k'),
                s if s.is_track_action() => Some('t'),
                _ => None,
            })
            .collect()
    };
    let chains: Vec<(Form, Vec<char>, Option<i64>)> = rules
        .iter()
        .map(|r| (r.form, shape(r), picked_kind(r)))
        .collect();
    let alike = |(form, a, ka): &(Form, Vec<char>, Option<i64>),
                 (f, b, kb): &(Form, Vec<char>, Option<i64>)| {
        let merged_as_moves = form == f && matches!(form, Form::Place | Form::Cards | Form::Track);
        let other_kinds = matches!((ka, kb), (Some(x), Some(y)) if x != y);
        a == b && !merged_as_moves && !other_kinds
    };
    let mut mask = 0u64;
    for (i, a) in chains.iter().enumerate() {
        if chains
            .iter()
            .enumerate()
            .any(|(j, b)| j != i && alike(a, b))
        {
            mask |= 1 << i.min(63);
        }
    }
    mask
}

/// The kind of piece a rule's first step, a `pick`, must lift, when its
/// test says so (`kind(cell) == K`, maybe among other conditions).
pub(super) fn picked_kind(rule: &MoveRule) -> Option<i64> {
    let Some(Step::Pick(select)) = rule.steps.first() else {
        return None;
    };
    if let crate::ir::Candidates::OwnedKind(k) = select.candidates {
        return Some(i64::from(k));
    }
    kind_conjunct(select.test.as_ref()?)
}

/// The constant `K` of a conjunct `kind(cell) == K` of `test`.
fn kind_conjunct(test: &crate::ir::Node) -> Option<i64> {
    use crate::ir::{At, Node};
    let of_test = |t: &crate::ir::Test| Node::Test(*t).kind_test(At::Chosen);
    match test {
        Node::And(a, b) => kind_conjunct(a).or_else(|| kind_conjunct(b)),
        Node::Both(tests) => tests.iter().find_map(of_test),
        n => n.kind_test(At::Chosen),
    }
}

/// Whether the moves of `phases` are written by their column (`d`, not
/// `d1`): every rule that chooses a cell to place on drops into a column.
pub fn drops_only(phases: &[crate::ir::Phase]) -> bool {
    let mut places = phases.iter().flat_map(|p| &p.rules).filter_map(|r| {
        r.steps.iter().find_map(|s| match s {
            Step::Place(select) => Some(&select.candidates),
            _ => None,
        })
    });
    let first = places.next();
    first.is_some_and(|c| matches!(c, Candidates::Dropped))
        && places.all(|c| matches!(c, Candidates::Dropped))
}

/// A leap's table: from each cell, the cells M columns and N rows away and
/// N and M, each way (a cell reached twice, as by `leap 1, 1`, once).
fn leap_table(m: i64, n: i64, geometry: &Geometry) -> crate::ir::Leap {
    let (a, b) = (
        m.unsigned_abs().min(64) as i32,
        n.unsigned_abs().min(64) as i32,
    );
    let at: std::collections::HashMap<(i32, i32), CellId> = geometry
        .coords
        .iter()
        .enumerate()
        .map(|(c, &xy)| (xy, c as CellId))
        .collect();
    let mut targets = Vec::with_capacity(geometry.cell_count() * crate::ir::LEAPS);
    for &(x, y) in &geometry.coords {
        let mut row = [crate::ir::NO_CELL; crate::ir::LEAPS];
        let mut k = 0;
        for (dx, dy) in [(a, b), (b, a)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let to = at.get(&(x + sx * dx, y + sy * dy)).copied();
                if let Some(to) = to.filter(|&t| t != at[&(x, y)] && !row.contains(&t)) {
                    row[k] = to;
                    k += 1;
                }
            }
        }
        targets.extend_from_slice(&row);
    }
    crate::ir::Leap {
        distances: (m, n),
        targets,
    }
}
