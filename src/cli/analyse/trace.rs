//! One game played for an analysis, with what the analysis measures along
//! the way: the moves open at each turn, who leads, which cells held a
//! piece.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::ai::{make_player, PlayerSpec};
use crate::engine::{random_playout, Move, Outcome, State};
use crate::ir::Rules;

/// The share of a position's random playouts the eventual winner must win
/// for the game to count as decided there.
pub const CLEAR: f64 = 0.9;

/// What one game showed.
pub struct Trace {
    /// The seat that moved first.
    pub first: u8,
    /// The result; none for a game that stopped without one.
    pub outcome: Option<Outcome>,
    /// The end rule that ended it (its index), if one did.
    pub ended_by: Option<usize>,
    /// Moves played.
    pub length: u32,
    /// The moves open at each turn, in order.
    pub branching: Vec<u32>,
    /// How many times the seat with the strictly highest score changed
    /// (scored games).
    pub lead_changes: u32,
    /// When the game was decided, as a share of its moves (games won by a
    /// seat): from random playouts when asked for, else when the winner
    /// took the lead for good (scored games).
    pub decided_at: Option<f64>,
    /// The share of the board's cells that held a piece at some time.
    pub coverage: f64,
}

/// Plays game `seed` with `specs` from `state` (its start), at most `bound`
/// moves; with `playouts` > 0, that many random playouts from every
/// position tell when the winner became clear.
pub fn play(
    rules: &Rules,
    state: &mut State,
    specs: &[PlayerSpec],
    seed: u64,
    bound: u32,
    playouts: u32,
) -> Trace {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut players: Vec<_> = specs
        .iter()
        .enumerate()
        .map(|(k, s)| match s {
            // Drawn here from the listed moves, which are counted anyway.
            PlayerSpec::Random => None,
            s => make_player(s, seed.wrapping_mul(31).wrapping_add(k as u64), 1),
        })
        .collect();
    let scored = rules.score.is_some();
    let cells = state.board.len();
    let mut held: Vec<bool> = state.board.iter().map(|&c| c != 0).collect();
    let mut trace = Trace {
        first: state.mover,
        outcome: None,
        ended_by: None,
        length: 0,
        branching: Vec::new(),
        lead_changes: 0,
        decided_at: None,
        coverage: 0.0,
    };
    // Scores are asked of the rules: the engine keeps them only where the
    // rules read them during play.
    let mut leader = if scored {
        leader_of(&rules.scores_now(state))
    } else {
        None
    };
    // The move after which the leader last changed.
    let mut led_from = 0;
    let mut buf: Vec<Move> = Vec::new();
    // Per position before each move: the playouts each seat won.
    let mut chances: Vec<Vec<u32>> = Vec::new();
    // The copy the playouts run on, made only when they are asked for.
    let mut scratch: Option<State> = None;
    while trace.length < bound {
        rules.legal_moves(state, &mut buf);
        if state.is_over() || buf.is_empty() {
            break;
        }
        trace.branching.push(buf.len() as u32);
        if playouts > 0 {
            let turn_seed = seed
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .wrapping_add(u64::from(trace.length));
            let scratch = scratch.get_or_insert_with(|| state.clone());
            chances.push(playout_wins(
                rules, state, scratch, playouts, turn_seed, bound,
            ));
        }
        let m = match players[state.mover as usize].as_mut() {
            Some(player) => player.choose(rules, state),
            None => buf[rng.gen_range(0..buf.len())],
        };
        rules.play(state, m);
        trace.length += 1;
        for (h, &c) in held.iter_mut().zip(&state.board) {
            *h |= c != 0;
        }
        if scored {
            let now = leader_of(&rules.scores_now(state));
            if now.is_some() && now != leader {
                if leader.is_some() {
                    trace.lead_changes += 1;
                }
                led_from = trace.length;
            }
            leader = now.or(leader);
        }
    }
    trace.outcome = state.outcome;
    trace.ended_by = rules.ending(state);
    if let (true, Some(Outcome::Win(w))) = (playouts > 0, state.outcome) {
        // The first position from which the winner won nearly every
        // playout at every later position (the end counts as clear).
        let clear = |wins: &Vec<u32>| f64::from(wins[w as usize]) >= CLEAR * f64::from(playouts);
        let from = chances.iter().rposition(|c| !clear(c)).map_or(0, |t| t + 1);
        trace.decided_at = Some(from as f64 / f64::from(trace.length.max(1)));
    } else if let (true, Some(Outcome::Win(w))) = (scored, state.outcome) {
        if leader == Some(w) && trace.length > 0 {
            trace.decided_at = Some(f64::from(led_from) / f64::from(trace.length));
        }
    }
    trace.coverage = held.iter().filter(|&&h| h).count() as f64 / cells.max(1) as f64;
    trace
}

/// How many of `playouts` random games from `state` each seat won.
fn playout_wins(
    rules: &Rules,
    state: &State,
    scratch: &mut State,
    playouts: u32,
    seed: u64,
    bound: u32,
) -> Vec<u32> {
    let mut wins = vec![0; rules.seats.len()];
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut buf = Vec::new();
    for _ in 0..playouts {
        scratch.clone_from(state);
        random_playout(rules, scratch, &mut buf, &mut rng, bound);
        if let Some(Outcome::Win(w)) = scratch.outcome {
            wins[w as usize] += 1;
        }
    }
    wins
}

/// The seat with the strictly highest score, if one has.
fn leader_of(scores: &[i32]) -> Option<u8> {
    let best = *scores.iter().max()?;
    let mut leaders = scores.iter().enumerate().filter(|(_, &s)| s == best);
    match (leaders.next(), leaders.next()) {
        (Some((seat, _)), None) => Some(seat as u8),
        _ => None,
    }
}
