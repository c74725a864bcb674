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
//! - when, besides, the walks' blocked spaces and the effects after a
//!   movement read nothing but the space they test, two parts of a split
//!   whose walks could not share a space leave the same position in
//!   either order: the listing tries the other order only where they
//!   could.
//!
//! With the pass off every fact is unknown, and the listing tests every
//! mover with the evaluator: the differential test compares the two.

use crate::builtins::BuiltinId;
use crate::ir::read::Who;
use crate::ir::track::{MoveEffect, When};
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
    let walks_local =
        track.blocked.as_ref().is_none_or(|b| {
            b.guard.as_ref().is_none_or(local) && b.test.as_ref().is_none_or(local)
        }) && local(&track.after_move.compared.value)
            && track.after_move.effects.iter().all(|e| match e {
                MoveEffect::Capture(_, w) | MoveEffect::SendHome(w) => match w {
                    When::Holds(node) => local(node),
                    _ => true,
                },
            });
    let mut said = Vec::new();
    for phase in &mut rules.phases {
        for (i, rule) in phase.rules.iter_mut().enumerate() {
            for step in &mut rule.steps {
                let split = matches!(step, Step::Split(..));
                let Some(select) = track_select(step) else {
                    continue;
                };
                select.movers = facts(select, effects_off_end_zones);
                let m = &mut select.movers;
                m.apart_commute = split && walks_local && m.unlocked && m.owner_by_end_zones;
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
        apart_commute: false,
        lock_tests: lock_tests(owner).into_boxed_slice(),
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

/// The tests of counts of locked movers in a seat expression.
fn lock_tests(node: &Node) -> Vec<Test> {
    match node {
        Node::If(a, c, b) => {
            let mut tests = lock_tests(a);
            tests.extend(lock_tests(b));
            if let Node::Test(t) = &**c {
                tests.push(*t);
            }
            tests
        }
        Node::Choose(choice) => vec![choice.1],
        _ => Vec::new(),
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

/// Whether an expression reads nothing of the position but the space it
/// is tested at (`cell`, or `to` after a movement): seats, constants, the
/// card, and that space's pieces and geometry.
fn local(node: &Node) -> bool {
    let at = |a: &At| matches!(a, At::Chosen | At::To);
    let who = |w: &Who| !matches!(w, Who::SeatOf(a) if !at(a));
    let read = |r: &Read| match r {
        Read::Mover | Read::Next | Read::Bound | Read::Piece | Read::Card | Read::CardValue => true,
        Read::Partner(w) => who(w),
        Read::Cell(a) | Read::Empty(a) | Read::Height(a) | Read::Owner(a) => at(a),
        Read::SeatOf(a) | Read::Number(a) | Read::Margin(a) => at(a),
        Read::Stones(w, a) | Read::Lead(w, a) => who(w) && at(a),
        _ => false,
    };
    let test = |t: &Test| {
        read(&t.read)
            && match &t.against {
                Against::Const(_) => true,
                Against::Read(r) => read(r),
            }
    };
    match node {
        Node::Const(_) => true,
        Node::Read(r) => read(r),
        Node::Test(t) => test(t),
        Node::Both(b) => b.iter().all(test),
        Node::Choose(c) => read(&c.0) && test(&c.1) && read(&c.2),
        Node::Not(a) | Node::Neg(a) | Node::CmpConst(_, a, _) => local(a),
        Node::And(a, b) | Node::Or(a, b) | Node::Cmp(_, a, b) | Node::Arith(_, a, b, _) => {
            local(a) && local(b)
        }
        Node::If(a, b, c) => local(a) && local(b) && local(c),
        Node::Call(id, args) => {
            use BuiltinId as B;
            let of_the_space = matches!(
                id,
                B::Partner
                    | B::SeatOf
                    | B::StartSpace
                    | B::Numbered
                    | B::EndZone
                    | B::Stones
                    | B::Height
                    | B::Empty
                    | B::Owner
            );
            of_the_space && args.iter().all(local)
        }
        _ => false,
    }
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
    if facts.apart_commute {
        found.push("parts apart commute".to_string());
    }
    (!found.is_empty()).then(|| found.join(" and "))
}
