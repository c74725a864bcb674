//! The `track-selects` pass: facts of a track step's selection of movers
//! ([`MoverFacts`]) worked out once, after `direct-reads` fused its reads,
//! so that listing never looks at the selection's expressions to find
//! them:
//!
//! - a test of exactly `not locked(cell)` takes the locked spaces off the
//!   tops' bitboards at once (and a split reads it without the evaluator);
//! - a selection of one seat's movers (`owner(cell) == SEAT`) whose SEAT
//!   is an `if` between seats of one value for a listing (`partner(mover)
//!   if locked_movers(mover) == 4 else mover`) lists only those seats'
//!   movers for a split;
//! - when SEAT changes only with the end zones' counts of locked movers,
//!   and no effect after a movement changes an end zone but where the
//!   movement ends, a split's part outside the end zones cannot change it.
//!
//! With the pass off every fact is unknown, and the listing tests every
//! mover with the evaluator: the differential test compares the two.

use crate::builtins::BuiltinId;
use crate::ir::track::MoveEffect;
use crate::ir::{
    Against, At, Candidates, CmpOp, MoverFacts, Node, Read, Rules, Select, Step, Test,
};

/// Writes the facts of every track step's selection; says which it found.
pub fn track_selects(rules: &mut Rules) -> Option<String> {
    let track = rules.track.as_ref()?;
    let effects_off_end_zones = track.after_move.effects.iter().all(|e| match e {
        MoveEffect::Capture(at, _) => matches!(at, Node::Read(Read::Cell(At::To))),
        MoveEffect::SendHome(_) => true,
    });
    let mut said = Vec::new();
    for phase in &mut rules.phases {
        for (i, rule) in phase.rules.iter_mut().enumerate() {
            for step in &mut rule.steps {
                let Some(select) = track_select(step) else {
                    continue;
                };
                select.movers = facts(select, effects_off_end_zones);
                if let Some(found) = describe(&select.movers) {
                    said.push(format!("{} rule {}: {found}", phase.name, i + 1));
                }
            }
        }
    }
    (!said.is_empty()).then(|| said.join(", "))
}

/// The selection of movers of a track step, if the step is one.
fn track_select(step: &mut Step) -> Option<&mut Select> {
    match step {
        Step::Enter(s)
        | Step::MoveBy(_, s)
        | Step::MoveByDice(s)
        | Step::Split(_, s)
        | Step::Switch(s) => Some(s),
        _ => None,
    }
}

/// The facts of one selection.
fn facts(select: &Select, effects_off_end_zones: bool) -> MoverFacts {
    const NOT_LOCKED: Test = Test {
        op: CmpOp::Eq,
        read: Read::Locked(At::Chosen),
        against: Against::Const(0),
    };
    let unlocked = matches!(&select.test, Some(Node::Test(t)) if *t == NOT_LOCKED);
    let Candidates::OwnedBy(owner) = &select.candidates else {
        return MoverFacts {
            unlocked,
            ..MoverFacts::default()
        };
    };
    let mut owners = Vec::new();
    let owners = if branches(owner, &mut owners) {
        owners.into_boxed_slice()
    } else {
        Box::default()
    };
    MoverFacts {
        unlocked,
        owner_by_end_zones: effects_off_end_zones && named_by_end_zones(owner),
        owners,
    }
}

/// Adds to `out` the seats a seat expression may name, each of one value
/// for a whole listing: false when some branch is not such a seat.
fn branches(node: &Node, out: &mut Vec<Node>) -> bool {
    match node {
        Node::If(a, _, b) => branches(a, out) && branches(b, out),
        Node::Choose(choice) if fixed_read(choice.0) && fixed_read(choice.2) => {
            out.extend([Node::Read(choice.0), Node::Read(choice.2)]);
            true
        }
        node if fixed_seat(node) => {
            out.push(node.clone());
            true
        }
        _ => false,
    }
}

/// Whether a seat expression reads nothing of the position but the end
/// zones' counts of locked movers: an `if` on a fused test of a seat's
/// locked movers between such seats.
fn named_by_end_zones(node: &Node) -> bool {
    match node {
        Node::If(a, c, b) => {
            let locked = matches!(&**c, Node::Test(t) if by_locked_movers(t));
            locked && named_by_end_zones(a) && named_by_end_zones(b)
        }
        Node::Choose(choice) => {
            let (then, test, other) = **choice;
            by_locked_movers(&test) && fixed_read(then) && fixed_read(other)
        }
        node => fixed_seat(node),
    }
}

/// Whether a seat expression has one value for a whole listing, whatever
/// the movers do: the mover, the next seat, a constant, the card, or a
/// partner of one of them.
fn fixed_seat(node: &Node) -> bool {
    match node {
        Node::Const(_) => true,
        Node::Call(BuiltinId::Partner, p) => matches!(
            &**p,
            [Node::Const(_) | Node::Read(Read::Mover | Read::Next | Read::Bound)]
        ),
        Node::Read(r) => fixed_read(*r),
        _ => false,
    }
}

/// Whether a read is a seat with one value for a whole listing.
fn fixed_read(read: Read) -> bool {
    matches!(
        read,
        Read::Mover | Read::Next | Read::Card | Read::Partner(_)
    )
}

/// Whether a test compares a seat's count of locked movers with a constant.
fn by_locked_movers(test: &Test) -> bool {
    matches!(
        test,
        Test {
            read: Read::LockedMovers(_),
            against: Against::Const(_),
            ..
        }
    )
}

/// What `--ir` says the pass found about a selection, if anything.
fn describe(facts: &MoverFacts) -> Option<String> {
    let mut found = Vec::new();
    if facts.unlocked {
        found.push("unlocked movers".to_string());
    }
    if !facts.owners.is_empty() {
        found.push(format!("owners of {} branches", facts.owners.len()));
    }
    if facts.owner_by_end_zones {
        found.push("owner by end zones".to_string());
    }
    (!found.is_empty()).then(|| found.join(" and "))
}
