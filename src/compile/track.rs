//! Compiling track games: the track's tables and geometry, the movers at
//! home, teams and partners, deals, blocked spaces and the effects after a
//! movement.

use super::lower::Lowerer;
use super::{value_of, CompileError};
use crate::builtins::BuiltinId;
use crate::check::program::{BoardSpec, Program};
use crate::ir::{
    AfterMove, ArithOp, Deal, Geometry, MoveEffect, Node, Setup, SharedValue, Track, When,
};
use crate::ir::{At, Read};

/// The track's tables and the geometry of its spaces, labelled by the
/// seats' initials (or numbers when two seats share one).
pub fn board(
    program: &Program,
    values: &[i64],
    seats: &[String],
) -> Result<Option<(Track, Geometry)>, CompileError> {
    let BoardSpec::Track {
        segment,
        home,
        end_zone,
        starts_uncounted,
        turning_back,
        overtaking,
        facing,
        overshooting,
    } = &program.board
    else {
        return Ok(None);
    };
    let size = |e| value_of(e, values).map(|v| v.max(1) as usize);
    if *facing && seats.len() != 2 {
        return Err(CompileError::Invalid(Box::new(
            crate::diagnostic::Diagnostic::Unsupported {
                what: format!("a facing track for {} seats", seats.len()),
                span: program.board_span.into(),
                help: crate::check::track::FACING_HELP.into(),
            },
        )));
    }
    let mut track = match facing {
        true => Track::facing(size(segment)?, size(home)?, size(end_zone)?),
        false => Track::new(seats.len(), size(segment)?, size(home)?, size(end_zone)?),
    };
    track.starts_uncounted = *starts_uncounted;
    track.turning_back = *turning_back;
    track.overtaking = *overtaking;
    track.overshooting = *overshooting;
    let initials = Track::initials(seats);
    let geometry = Geometry::spaces(track.labels(&initials));
    Ok(Some((track, geometry)))
}

/// Each seat's movers that the set-up does not put elsewhere, at its home
/// before the first move.
pub fn movers_at_home(track: &Track, setup: &[Setup]) -> Vec<Setup> {
    (0..track.seats)
        .map(|s| {
            let code = s as u8 + 1;
            Setup {
                count: track.movers.saturating_sub(placed(setup, code)) as u8,
                code,
                kind: 0,
                cells: vec![track.home(s)],
            }
        })
        .collect()
}

/// How many pieces a space may have to hold: every piece on the board. A
/// set-up may not give a seat more movers than its home holds.
pub fn pieces(
    track: &Track,
    setup: &[Setup],
    span: crate::syntax::Span,
) -> Result<usize, CompileError> {
    for seat in 0..track.seats {
        let movers = placed(setup, seat as u8 + 1);
        if movers > track.movers {
            return Err(CompileError::Invalid(Box::new(
                crate::diagnostic::Diagnostic::OutOfBounds {
                    what: "a seat's movers, home and set-up together".into(),
                    value: movers.to_string(),
                    min: 1,
                    max: track.movers as i64,
                    span: span.into(),
                },
            )));
        }
    }
    let total: usize = setup.iter().map(|p| p.count as usize * p.cells.len()).sum();
    Ok(total.clamp(1, u8::MAX as usize))
}

/// How many pieces of `code` the set-up puts.
fn placed(setup: &[Setup], code: u8) -> usize {
    setup
        .iter()
        .filter(|p| p.code == code)
        .map(|p| p.count as usize * p.cells.len())
        .sum()
}

/// Each seat's team and partner: the next other seat of its team.
pub fn teams(program: &Program, seats: usize) -> (Vec<u8>, Vec<u8>) {
    let mut team: Vec<u8> = (0..seats as u8).collect();
    for members in &program.teams {
        let Some(&lead) = members.iter().find(|&&m| m < seats) else {
            continue;
        };
        for &m in members.iter().filter(|&&m| m < seats) {
            team[m] = lead as u8;
        }
    }
    let partner = (0..seats)
        .map(|s| {
            (1..seats)
                .map(|k| (s + k) % seats)
                .find(|&o| team[o] == team[s])
                .unwrap_or(s) as u8
        })
        .collect();
    (team, partner)
}

/// The deal, if the rules deal in rounds.
pub fn deal(program: &Program, values: &[i64]) -> Result<Option<Deal>, CompileError> {
    let Some((size, per_dealer)) = &program.deal else {
        return Ok(None);
    };
    let size = value_of(size, values)?.clamp(1, 255) as u8;
    let per_dealer = match per_dealer {
        Some(n) => value_of(n, values)?.clamp(1, 255) as u8,
        None => 1,
    };
    let exchange = match &program.exchange {
        Some(n) => value_of(n, values)?.clamp(0, size as i64) as u8,
        None => 0,
    };
    Ok(Some(Deal {
        size,
        per_dealer,
        exchange,
    }))
}

/// The effects after a movement, in order, with the value their
/// conditions share.
pub fn after_move(program: &Program, lower: &mut Lowerer) -> Result<AfterMove, CompileError> {
    let mut effects = Vec::new();
    for e in &program.after_move {
        let when = e.when.as_ref().map(|w| lower.node(w)).transpose()?;
        let when = match when {
            Some(Node::Const(0)) => continue,
            Some(w) => When::Holds(w),
            None => When::Always,
        };
        effects.push(match &e.capture_at {
            Some(at) => MoveEffect::Capture(lower.node(at)?, when),
            None => MoveEffect::SendHome(when),
        });
    }
    let shared = shared_value(&effects);
    if shared.is_some() {
        for effect in &mut effects {
            let (MoveEffect::Capture(_, when) | MoveEffect::SendHome(when)) = effect;
            if let When::Holds(Node::CmpConst(op, _, c)) = when {
                *when = When::Compares(*op, *c);
            }
        }
    }
    let compared = shared.map_or_else(SharedValue::default, |value| SharedValue {
        alone: value_alone(&value).map_or_else(|| value.clone(), Node::Const),
        value,
    });
    Ok(AfterMove { compared, effects })
}

/// The value of `node` where a mover lands alone on `to` (its height 1,
/// the mover's pieces there 1), if it reads nothing else.
fn value_alone(node: &Node) -> Option<i64> {
    let at_to = |c: &Node| matches!(c, Node::Read(Read::Cell(At::To)));
    match node {
        Node::Const(v) => Some(*v),
        n if n.is_call_at(BuiltinId::Height, At::To) => Some(1),
        n if matches!(n.args_of(BuiltinId::Stones), Some([Node::Read(Read::Piece), c]) if at_to(c)) => {
            Some(1)
        }
        Node::Arith(op, a, b, _) => {
            let (a, b) = (value_alone(a)?, value_alone(b)?);
            let divides = matches!(op, ArithOp::Div | ArithOp::Rem);
            (b != 0 || !divides).then(|| op.checked(a, b)).flatten()
        }
        _ => None,
    }
}

/// The value that two or more effects' conditions, and all of them,
/// compare with a constant (`rivals == 1`, `rivals >= 2`).
fn shared_value(effects: &[MoveEffect]) -> Option<Node> {
    let mut conditions = effects.iter().filter_map(|e| match e {
        MoveEffect::Capture(_, When::Holds(w)) | MoveEffect::SendHome(When::Holds(w)) => Some(w),
        _ => None,
    });
    let compared = |w: &Node| match w {
        Node::CmpConst(_, value, _) => Some((**value).clone()),
        _ => None,
    };
    let first = compared(conditions.next()?)?;
    let mut count = 1;
    for w in conditions {
        (compared(w)? == first).then_some(())?;
        count += 1;
    }
    (count > 1).then_some(first)
}
