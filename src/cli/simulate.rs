//! `tabula simulate`: many games, in parallel, and their statistics.

use rand::rngs::SmallRng;
use rand::SeedableRng;
use rayon::prelude::*;
use serde::Serialize;

mod progress;

use super::view::rounded;
use progress::Progress;

use super::check::turn_bound;
use super::load::Loaded;
use super::play::parse_players;
use super::{Failure, Format};
use crate::ai::{make_player, PlayerSpec};
use crate::engine::{random_playout, Move, Outcome, State};
use crate::ir::Rules;
use crate::record::Record;

/// The most games one `simulate` plays.
pub const MAX_GAMES: u32 = 10_000_000;

/// Arguments of `tabula simulate`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The rules file (with --from: the record's, if left out).
    pub file: Option<String>,
    /// How many games to play.
    #[arg(long, default_value_t = 1000)]
    pub games: u32,
    /// Who sits in each seat (default: random everywhere): random, mcts, mcts:2000, mcts:100ms.
    #[arg(long, value_delimiter = ',')]
    pub players: Vec<String>,
    /// The seed of the first game (game i uses seed + i).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Set an option: NAME=VALUE (repeatable).
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    pub sets: Vec<String>,
    /// Write one JSON record per game into this folder (refused when it
    /// already holds records, unless --overwrite).
    #[arg(long)]
    pub records: Option<String>,
    /// Let --records replace the records already in its folder.
    #[arg(long, requires = "records")]
    pub overwrite: bool,
    /// Where every game starts (default: the start; chance after it comes
    /// from each game's seed).
    #[command(flatten)]
    pub position: super::position::PositionArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
}

/// How many files named as `--records` names them (`game-NNNNN.json`) `dir` holds.
fn records_in(dir: &str) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .filter_map(Result::ok)
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.starts_with("game-") && name.ends_with(".json")
        })
        .count()
}

/// One finished (or stuck) game.
struct Game {
    outcome: Option<Outcome>,
    scores: Vec<i32>,
    length: u32,
}

/// The statistics `--format json` prints.
#[derive(Serialize)]
pub struct Summary {
    /// The game's title.
    pub game: String,
    /// Seat names.
    pub seats: Vec<String>,
    /// Players per seat.
    pub players: Vec<String>,
    /// Games played.
    pub games: u32,
    /// Wins per seat (with teams: the games the seat's move won for its team).
    pub wins: Vec<u32>,
    /// With teams: each team's seats and wins.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub team_wins: Vec<(Vec<String>, u32)>,
    /// Draws.
    pub draws: u32,
    /// Games that stopped without a result (no legal move, or too long).
    pub unfinished: u32,
    /// Mean final score per seat.
    pub mean_scores: Vec<f64>,
    /// Mean number of moves per game.
    pub mean_length: f64,
    /// Games per second of wall-clock time, all threads together.
    pub games_per_second: f64,
    /// Moves per second of wall-clock time, all threads together.
    pub moves_per_second: f64,
    /// Threads used.
    pub threads: usize,
}

/// Runs `tabula simulate`.
pub fn run(args: Args) -> Result<(), Failure> {
    // Every game's result is kept for the statistics: bound the memory.
    if args.games == 0 || args.games > MAX_GAMES {
        return Err(Failure::usage(format!(
            "error: --games must be from 1 to {MAX_GAMES}; run several simulations with other --seed values for more"
        )));
    }
    if args.file.is_none() && args.position.from.is_none() {
        return Err(Failure::usage(
            "error: name the rules file, or a record with --from",
        ));
    }
    let opened =
        super::position::open(args.file.as_deref(), &args.sets, args.seed, &args.position)?;
    let loaded = opened.loaded;
    let from_start = args.position.moves.is_none() && args.position.from.is_none();
    // A state is not shared between threads (it records faults in a Cell):
    // each thread takes its own copy of the start position.
    let start = std::sync::Mutex::new(opened.state);
    let moves = opened.moves;
    let seats = loaded.rules.seats.len();
    let specs = if args.players.is_empty() {
        vec![PlayerSpec::Random; seats]
    } else {
        parse_players(&args.players, seats, "random")?
    };
    if specs.contains(&PlayerSpec::Human) {
        return Err(Failure::usage(
            "error: simulate plays AI players only; use `tabula play` for human seats",
        ));
    }
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::usage(format!("error: cannot create `{dir}`: {e}")))?;
        let held = records_in(dir);
        if held > 0 && !args.overwrite {
            return Err(Failure::usage(format!(
                "error: `{dir}` already holds {held} game records; choose an empty folder, \
                 or add --overwrite to replace them"
            )));
        }
    }
    // Random games are fast: a line for long runs only. An MCTS game can
    // take minutes, so its line shows from the start.
    let slow = specs.iter().any(|s| *s != PlayerSpec::Random);
    let progress = Progress::new(
        args.games,
        (args.games >= 100 || slow) && args.format == Format::Human,
    );
    let time = std::time::Instant::now();
    let games: Vec<Result<Game, Failure>> = (0..args.games)
        .into_par_iter()
        // Each thread keeps one state and one move buffer for all its games.
        .map_init(
            || {
                let own = (!from_start).then(|| start.lock().expect("not poisoned").clone());
                (loaded.rules.start(0), Vec::new(), own)
            },
            |(state, buf, own), i| {
                let game = play_one(
                    state,
                    buf,
                    &loaded,
                    own.as_ref().map(|s| (s, moves.as_slice())),
                    &specs,
                    args.seed.wrapping_add(u64::from(i)),
                    i,
                    args.records.as_deref(),
                    &progress,
                );
                progress.game();
                game
            },
        )
        .collect();
    progress.finish();
    let secs = time.elapsed().as_secs_f64();
    let games: Vec<Game> = games.into_iter().collect::<Result<_, _>>()?;

    let summary = summarise(&loaded.rules, &specs, &games, secs);
    match args.format {
        Format::Json => println!(
            "{}",
            serde_json::to_string_pretty(&summary).expect("summary serialises")
        ),
        Format::Human => print_summary(&summary, args.seed, &loaded.rules),
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn play_one(
    state: &mut State,
    buf: &mut Vec<Move>,
    loaded: &Loaded,
    position: Option<(&State, &[String])>,
    specs: &[PlayerSpec],
    seed: u64,
    index: u32,
    records: Option<&str>,
    progress: &Progress,
) -> Result<Game, Failure> {
    let rules = &loaded.rules;
    match position {
        // From a position, the game's own chance starts there.
        Some((start, _)) => {
            state.clone_from(start);
            state.rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        }
        None => state.reset(rules, seed),
    }
    let bound = turn_bound(rules);
    let all_random = specs.iter().all(|s| *s == PlayerSpec::Random);
    let length = if all_random && records.is_none() {
        // The fast path: the engine's own random playout, no move list when it can avoid one.
        let mut rng = SmallRng::seed_from_u64(seed);
        let length = random_playout(rules, state, buf, &mut rng, bound);
        progress.moves(u64::from(length));
        length
    } else {
        // All-random games draw from the same generator as the fast path, so
        // that writing records does not change which games are played.
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut players: Vec<_> = specs
            .iter()
            .enumerate()
            .map(|(k, s)| {
                make_player(s, seed.wrapping_mul(31).wrapping_add(k as u64)).expect("no humans")
            })
            .collect();
        let names: Vec<String> = specs.iter().map(|s| s.to_string()).collect();
        let mut record = Record::new(rules, &loaded.file, &loaded.text, seed, &names);
        if let Some(dir) = records {
            // Named from the records' folder, where `replay` looks for it.
            let path = std::path::Path::new(dir).join("game.json");
            record.rules = super::rules_path::for_record(&loaded.file, &path);
        }
        if let Some((_, moves)) = position {
            record.moves = moves.to_vec();
        }
        let mut length = 0;
        while length < bound {
            let m = if all_random {
                match rules.random_move(state, buf, &mut rng) {
                    Some(m) => m,
                    None => break,
                }
            } else {
                rules.legal_moves(state, buf);
                if state.is_over() || buf.is_empty() {
                    break;
                }
                players[state.mover as usize].choose(rules, state)
            };
            rules.play(state, m);
            record.moves.push(rules.move_text(m));
            length += 1;
            progress.moves(1);
        }
        if let Some(dir) = records {
            record.finish(rules, state);
            let path = format!("{dir}/game-{:05}.json", index + 1);
            crate::record::write_atomically(std::path::Path::new(&path), &record.to_json())
                .map_err(|e| Failure::usage(format!("error: cannot write `{path}`: {e}")))?;
        }
        length
    };
    Ok(Game {
        outcome: state.outcome,
        scores: state.scores.clone(),
        length,
    })
}

fn summarise(rules: &Rules, specs: &[PlayerSpec], games: &[Game], secs: f64) -> Summary {
    let seats = rules.seats.len();
    let n = games.len() as f64;
    let mut wins = vec![0; seats];
    let (mut draws, mut unfinished) = (0, 0);
    let mut score_sums = vec![0f64; seats];
    for g in games {
        match g.outcome {
            Some(Outcome::Win(s)) => wins[s as usize] += 1,
            Some(Outcome::Draw) => draws += 1,
            None => unfinished += 1,
        }
        for (sum, &s) in score_sums.iter_mut().zip(&g.scores) {
            *sum += f64::from(s);
        }
    }
    let total_moves: f64 = games.iter().map(|g| f64::from(g.length)).sum();
    Summary {
        game: rules.title.clone(),
        seats: rules.seats.clone(),
        players: specs.iter().map(|s| s.to_string()).collect(),
        games: games.len() as u32,
        team_wins: team_wins(rules, &wins),
        wins,
        draws,
        unfinished,
        mean_scores: score_sums.iter().map(|s| s / n).collect(),
        mean_length: total_moves / n,
        games_per_second: n / secs.max(1e-9),
        moves_per_second: total_moves / secs.max(1e-9),
        threads: rayon::current_num_threads(),
    }
}

/// Each team's seats and wins, when some team has more than one seat.
fn team_wins(rules: &Rules, wins: &[u32]) -> Vec<(Vec<String>, u32)> {
    let mut teams: Vec<(Vec<String>, u32)> = Vec::new();
    let mut leads: Vec<u8> = Vec::new();
    for (s, &w) in wins.iter().enumerate() {
        let lead = rules.team[s];
        match leads.iter().position(|&l| l == lead) {
            Some(i) => {
                teams[i].0.push(rules.seats[s].clone());
                teams[i].1 += w;
            }
            None => {
                leads.push(lead);
                teams.push((vec![rules.seats[s].clone()], w));
            }
        }
    }
    if teams.iter().all(|t| t.0.len() == 1) {
        teams.clear();
    }
    teams
}

/// Prints the statistics; the score column only for games that score.
fn print_summary(s: &Summary, seed: u64, rules: &Rules) {
    let scored = rules.score.is_some();
    let pct = |k: u32| 100.0 * f64::from(k) / f64::from(s.games);
    println!(
        "{}: {} games, seeds {}..{}",
        s.game,
        s.games,
        seed,
        seed.wrapping_add(u64::from(s.games) - 1)
    );
    let score_head = if scored {
        format!(" {:>11}", "mean score")
    } else {
        String::new()
    };
    println!("{:<12} {:<14} {:>14}{score_head}", "seat", "player", "wins");
    for i in 0..s.seats.len() {
        let score = if scored {
            format!(" {:>11.2}", s.mean_scores[i])
        } else {
            String::new()
        };
        println!(
            "{:<12} {:<14} {:>6} ({:>5.1}%){score}",
            s.seats[i],
            s.players[i],
            s.wins[i],
            pct(s.wins[i])
        );
    }
    for (team, wins) in &s.team_wins {
        let name = format!("team {}", team.join("+"));
        println!("{name:<27} {wins:>6} ({:>5.1}%)", pct(*wins));
    }
    println!("{:<27} {:>6} ({:>5.1}%)", "draws", s.draws, pct(s.draws));
    if s.unfinished > 0 {
        // A game stopped by the rules' own limit is what they ask for.
        let why = match rules.turn_limit {
            0 => "no legal move or too long: run `tabula check --playouts`".to_string(),
            n => format!("reached the rules' limit of {n} turns, or no legal move"),
        };
        println!(
            "{:<27} {:>6} ({:>5.1}%)  ({why})",
            "unfinished",
            s.unfinished,
            pct(s.unfinished)
        );
    }
    println!("mean length: {:.1} moves", s.mean_length);
    println!(
        "speed: {} games/s, {} moves/s ({} threads)",
        rounded(s.games_per_second),
        rounded(s.moves_per_second),
        s.threads
    );
}
