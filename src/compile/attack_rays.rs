//! The `attack-rays` pass: `attacked(c)` looks back from `c` along the
//! walks of the rules that pick a piece and step, slide or leap in fixed
//! directions, for the pieces that could reach it, instead of following
//! every walk of every other seat's on a copy. The traced rules' rays are
//! merged per seat (`AttackLook`): each direction looked along once for
//! all of them. A piece found for a rule that tests nothing more surely
//! reaches `c`; one found for another rule has its walks followed.

use super::piece_walk::fixed_directions;
use crate::ir::plan::{AttackLook, RayStart};
use crate::ir::{Candidates, Node, Rules, SeatRef, Step};
use crate::syntax::ast::Reach;

/// The `attack-rays` pass: marks the rules whose walks `attacked(c)` may
/// trace back from `c`, when some rule reads `attacked`.
pub(super) fn attack_rays(rules: &mut Rules) -> Option<String> {
    let mut asked = false;
    let mut reads = |n: &Node| {
        use crate::builtins::BuiltinId::Attacked;
        // As written, or fused by `direct-reads` (`attacked(c)`, c an
        // aggregate's cell).
        let fused = |m: &Node| matches!(m, Node::Read(crate::ir::Read::OfCell(Attacked, _)));
        n.visit(&mut |m| asked |= m.is_call(Attacked) || fused(m));
    };
    for f in &rules.filters {
        if let crate::ir::Filter::MustLeave(c, _) = f {
            reads(c);
        }
    }
    for phase in &rules.phases {
        for step in phase.rules.iter().flat_map(|r| &r.steps) {
            step.visit_nodes(&mut reads);
        }
        if let Some((c, _)) = phase.stuck.as_ref().and_then(|s| s.unless.as_ref()) {
            reads(c);
        }
    }
    for end in &rules.ends {
        reads(&end.condition);
    }
    if !asked {
        return None;
    }
    let start = |r: &crate::ir::MoveRule| {
        traces_back(&r.steps).then(|| RayStart {
            kind: super::moves::picked_kind(r),
            sure: tests_nothing(&r.steps),
        })
    };
    rules.plan.attack_rays = rules
        .phases
        .iter()
        .map(|p| p.rules.iter().map(start).collect())
        .collect();
    if rules.kinds.len() > 64 {
        // Kinds are bits of a word in the merged looks.
        rules.plan.attack_rays.clear();
        return None;
    }
    rules.plan.attack_looks = (0..rules.phases.len())
        .map(|phase| {
            (0..rules.seats.len())
                .map(|seat| look(rules, phase, seat as u8))
                .collect()
        })
        .collect();
    let kinds = &rules.kinds;
    let marked: Vec<String> = rules
        .plan
        .attack_rays
        .iter()
        .flatten()
        .enumerate()
        .filter_map(|(i, m)| {
            let m = m.as_ref()?;
            let kind = m.kind.and_then(|k| kinds.get(k as usize));
            let mut said: Vec<&str> = kind.into_iter().map(String::as_str).collect();
            if m.sure {
                said.push("sure");
            }
            Some(match said.is_empty() {
                false => format!("{} ({})", i + 1, said.join(", ")),
                true => (i + 1).to_string(),
            })
        })
        .collect();
    (!marked.is_empty()).then(|| format!("rules {}", marked.join(", ")))
}

/// Whether a traced rule's pick takes any of the mover's pieces (of one
/// kind) and its walk any cell it reaches: nothing to test but the ray.
fn tests_nothing(steps: &[Step]) -> bool {
    let [Step::Pick(pick), Step::Walk(walk), ..] = steps else {
        return false;
    };
    let bare = |s: &crate::ir::Select| s.guard.is_none() && s.test.is_none() && s.mask.is_none();
    let any_piece = matches!(
        pick.candidates,
        Candidates::Owned | Candidates::OwnedKind(_)
    );
    any_piece && bare(pick) && bare(&walk.select)
}

/// `[Pick, Walk, promotions and effects...]`, the walk a step, slide or
/// leap once in fixed directions: the cells it may start from to reach a
/// cell lie back along its directions.
fn traces_back(steps: &[Step]) -> bool {
    let [Step::Pick(_), Step::Walk(walk), rest @ ..] = steps else {
        return false;
    };
    let reach = matches!(walk.reach, Reach::Step | Reach::Slide | Reach::Leap);
    let rest_ok = rest
        .iter()
        .all(|s| s.is_after_effect() || matches!(s, Step::PromoteChosen(..)));
    reach && !walk.repeats() && fixed_directions(walk) && rest_ok
}

/// `seat`'s merged look in `phase`: every walking rule's directions (the
/// seat's own for `forward`) and leaps, with the kinds its pick asks for.
fn look(rules: &Rules, phase: usize, seat: u8) -> AttackLook {
    let mut look = AttackLook::default();
    let starts = rules.plan.attack_rays.get(phase);
    for (i, rule) in rules.phases[phase].rules.iter().enumerate() {
        let walk = rule.steps.iter().find_map(|s| match s {
            Step::Walk(w) => Some(w),
            _ => None,
        });
        let Some(walk) = walk.filter(|_| rule.form.is_chain()) else {
            continue;
        };
        let Some(start) = starts.and_then(|s| s.get(i).copied().flatten()) else {
            look.untraced = true;
            continue;
        };
        if walk.leap.is_some() {
            let mut kinds = crate::ir::plan::KindBits::default();
            kinds.add(start);
            look.leaps.push((i as u8, kinds));
            continue;
        }
        for d in &walk.directions {
            let d = match d {
                Node::Const(d) => *d,
                Node::PerSeat(table, SeatRef::Mover) => table[seat as usize],
                _ => continue,
            };
            let Ok(d @ 0..8) = usize::try_from(d) else {
                continue;
            };
            look.near[d].add(start);
            if walk.reach == Reach::Slide {
                look.far[d].add(start);
            }
        }
    }
    look
}
