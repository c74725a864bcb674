//! Plays seeded random games of a rules file, or of a hand-written native
//! program from benches/native, and prints how many moves they took: the
//! program `benches/instructions.sh` runs under callgrind to count
//! instructions per game, a figure that does not depend on the machine's load.
//!
//! ```text
//! cargo run --release --example playouts -- rules/partners.game 100
//! cargo run --release --example playouts -- rules/exago.game 20 seats=6
//! cargo run --release --example playouts -- native:partners 100
//! ```

#[path = "../benches/native/connect_four.rs"]
mod native_connect_four;
#[path = "../benches/native/exago.rs"]
mod native_exago;
#[path = "../benches/native/hex_fours.rs"]
mod native_hex_fours;
#[path = "../benches/native/just_4_fun.rs"]
mod native_just_4_fun;
#[path = "../benches/native/partners.rs"]
mod native_partners;
#[path = "../benches/native/qawale.rs"]
mod native_qawale;
#[path = "../benches/native/reversi.rs"]
mod native_reversi;

use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::process::ExitCode;

/// Moves at most in one game, as in the benches: a safety net for games whose
/// random play need not end (Exago's relocations, Partners).
const CAP: u32 = 1000;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(game), Some(games)) = (args.first(), args.get(1).and_then(|n| n.parse().ok())) else {
        eprintln!("usage: playouts (RULES.game | native:NAME) GAMES [OPTION=VALUE ...]");
        return ExitCode::from(2);
    };
    let mut set = Vec::new();
    for option in &args[2..] {
        let Some((name, value)) = option
            .split_once('=')
            .and_then(|(k, v)| Some((k, v.parse().ok()?)))
        else {
            eprintln!("bad option `{option}`: expected NAME=NUMBER");
            return ExitCode::from(2);
        };
        set.push((name.to_string(), value));
    }
    let mut rng = SmallRng::seed_from_u64(7);
    let moves = match game.strip_prefix("native:") {
        Some(name) => match native(name, games, &set, &mut rng) {
            Some(moves) => moves,
            None => {
                eprintln!("no native program `{name}`: connect-four, reversi, hex-fours, qawale, just-4-fun, exago, partners");
                return ExitCode::from(2);
            }
        },
        None => match interpreted(game, games, &set, &mut rng) {
            Ok(moves) => moves,
            Err(message) => {
                eprintln!("{message}");
                return ExitCode::FAILURE;
            }
        },
    };
    println!("{games} games, {moves} moves");
    ExitCode::SUCCESS
}

/// Random games of the rules file `path` in the interpreter, each from the
/// same start as the benches use; returns the moves played.
fn interpreted(
    path: &str,
    games: u32,
    set: &[(String, i64)],
    rng: &mut SmallRng,
) -> Result<u64, String> {
    let source = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let rules = tabula::compile::load(&source, set)
        .map_err(|_| format!("{path} does not compile: run `tabula check {path}`"))?;
    let start = rules.start(0);
    let mut state = start.clone();
    let mut buf = Vec::new();
    let mut moves = 0;
    for _ in 0..games {
        state.clone_from(&start);
        moves += u64::from(tabula::engine::random_playout(
            &rules, &mut state, &mut buf, rng, CAP,
        ));
    }
    Ok(moves)
}

/// Random games of the native program `name`, set up as in the benches.
fn native(name: &str, games: u32, set: &[(String, i64)], rng: &mut SmallRng) -> Option<u64> {
    let seats = set
        .iter()
        .find(|(k, _)| k == "seats")
        .map(|&(_, v)| v as usize);
    let mut moves = 0;
    macro_rules! play {
        ($start:expr, $playout:expr) => {{
            let start = $start;
            let mut game = start.clone();
            let mut buf = Vec::new();
            for _ in 0..games {
                game.clone_from(&start);
                moves += u64::from($playout(&mut game, &mut buf, &mut *rng));
            }
        }};
    }
    match name {
        "connect-four" => play!(
            native_connect_four::ConnectFour::new(),
            native_connect_four::random_playout
        ),
        "reversi" => play!(
            native_reversi::Reversi::new().with_ending(native_reversi::Ending::TwoPasses),
            native_reversi::random_playout
        ),
        "hex-fours" => play!(
            native_hex_fours::HexFours::new(6, 45),
            native_hex_fours::random_playout
        ),
        "qawale" => play!(native_qawale::Qawale::new(0), |g, b, r| {
            native_qawale::random_playout(g, b, r, 0)
        }),
        "just-4-fun" => play!(
            native_just_4_fun::JustFourFun::new(seats.unwrap_or(2), &mut *rng),
            native_just_4_fun::random_playout
        ),
        "exago" => play!(
            native_exago::Exago::new(6, seats.unwrap_or(2), 0, native_exago::Options::default()),
            |g, b, r| native_exago::random_playout(g, b, r, CAP)
        ),
        "partners" => play!(native_partners::Partners::new(0), |g, b, r| {
            native_partners::random_playout(g, b, r, CAP)
        }),
        _ => return None,
    }
    Some(moves)
}
