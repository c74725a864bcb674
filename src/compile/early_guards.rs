//! The `early-guards` pass: a walk's guard (the part of its condition
//! that reads no cell) that reads only what picking a piece cannot change
//! (the last move's cell and facts, the counters, the mover, the turn)
//! is tested with the pick's guard, once, before any piece is picked. En
//! passant's `last_kind == pawn` no longer walks every pawn when the last
//! move was not a pawn's.
//!
//! Only from the walk right after the pick, which every move of the rule
//! passes through (`pick, walk, ...`), and only guards that cannot fault
//! (no arithmetic): tested earlier, they change no result and no fault.

use crate::builtins::BuiltinId;
use crate::ir::{Against, At, Node, Read, Rules, Step, Test};

/// Moves the walks' turn-wide guards to their picks; says where.
pub fn early_guards(rules: &mut Rules) -> Option<String> {
    let mut moved = Vec::new();
    for (p, phase) in rules.phases.iter_mut().enumerate() {
        for (i, rule) in phase.rules.iter_mut().enumerate() {
            let [Step::Pick(pick), Step::Walk(walk), ..] = rule.steps.as_mut_slice() else {
                continue;
            };
            if !walk.select.guard.as_ref().is_some_and(turn_wide) {
                continue;
            }
            let guard = walk.select.guard.take().expect("a guard");
            pick.guard = Some(match pick.guard.take() {
                Some(first) => Node::And(Box::new(first), Box::new(guard)),
                None => guard,
            });
            moved.push(format!("{} rule {}", phase_name(p, &phase.name), i + 1));
        }
    }
    (!moved.is_empty()).then(|| moved.join(", "))
}

fn phase_name(p: usize, name: &str) -> String {
    match name.is_empty() {
        true => format!("phase {}", p + 1),
        false => name.to_string(),
    }
}

/// Whether `node` reads only what stays the same all turn long, and
/// cannot fault.
fn turn_wide(node: &Node) -> bool {
    let here = match node {
        Node::Const(_) => true,
        Node::Read(r) => turn_wide_read(*r),
        Node::Test(t) => turn_wide_test(t),
        Node::Both(tests) => tests.iter().all(turn_wide_test),
        Node::Call(id, args) => {
            args.is_empty()
                && matches!(
                    id,
                    BuiltinId::LastFrom | BuiltinId::LastKind | BuiltinId::Repetitions
                )
        }
        Node::Not(_)
        | Node::And(..)
        | Node::Or(..)
        | Node::Cmp(..)
        | Node::CmpConst(..)
        | Node::If(..) => true,
        _ => false,
    };
    let mut children = true;
    node.children(&mut |c| children &= turn_wide(c));
    here && children
}

fn turn_wide_test(t: &Test) -> bool {
    let against = match t.against {
        Against::Const(_) => true,
        Against::Read(r) => turn_wide_read(r),
    };
    turn_wide_read(t.read) && against
}

/// The reads a pick does not change: the mover, the turn, the counters,
/// and what the last move did (its cell, where it came from, its kind).
fn turn_wide_read(r: Read) -> bool {
    match r {
        Read::Mover | Read::Next | Read::Turn | Read::Counter(_) => true,
        Read::Cell(At::Last) => true,
        Read::OfGame(id) => matches!(
            id,
            BuiltinId::LastFrom | BuiltinId::LastKind | BuiltinId::Repetitions
        ),
        _ => false,
    }
}
