//! `tabula simulate`: many games, in parallel, and their statistics.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::sync::atomic::{AtomicU32, Ordering};

pub mod players_rng;
pub mod progress;
pub mod seating;
pub mod shard;
pub mod summary;

use progress::Progress;
use shard::Shard;
use summary::{digest, print_summary, summarise, Study, Tally};

use super::check::turn_bound;
use super::load::Loaded;
use super::{Failure, Format};
use crate::ai::{make_player, PlayerSpec};
use crate::engine::{random_playout_inline, Move, State};
use crate::record::Record;
use players_rng::SplitMix64;

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
    /// Players, seed and options.
    #[command(flatten)]
    pub seating: seating::Seating,
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
    /// Play only share K of N of the games (K from 1): a disjoint run of
    /// them, the same on any machine; `tabula merge` adds the shares'
    /// `--format json` summaries up.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
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

/// Makes the records' folder `dir`, refusing one that holds records
/// unless `overwrite`.
fn records_folder(dir: &str, overwrite: bool) -> Result<(), Failure> {
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::usage(format!("error: cannot create `{dir}`: {e}")))?;
    let held = records_in(dir);
    if held > 0 && !overwrite {
        return Err(Failure::usage(format!(
            "error: `{dir}` already holds {held} game records; choose an empty folder, \
             or add --overwrite to replace them"
        )));
    }
    Ok(())
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
    let opened = super::position::open(
        args.file.as_deref(),
        &args.seating.sets,
        args.seating.seed,
        &args.position,
    )?;
    let loaded = opened.loaded;
    let from_start = args.position.moves.is_none() && args.position.from.is_none();
    // A state is not shared between threads (it records faults in a Cell):
    // each thread takes its own copy of the start position.
    let start = std::sync::Mutex::new(opened.state);
    let moves = opened.moves;
    let seats = loaded.rules.seats.len();
    let specs = args.seating.specs(seats, "simulate")?;
    if let Some(dir) = &args.records {
        records_folder(dir, args.overwrite)?;
    }
    // Random games are fast: a line for long runs only. An MCTS game can
    // take minutes, so its line shows from the start.
    let slow = specs.iter().any(|s| *s != PlayerSpec::Random);
    if let Some(shard) = args.shard {
        shard.check(args.games)?;
    }
    let share = args.shard.map_or(0..args.games, |s| s.games(args.games));
    let shown = (share.len() >= 100 || slow) && args.format == Format::Human;
    let progress = Progress::new(share.len() as u32, shown);
    let time = std::time::Instant::now();
    let games = Games {
        loaded: &loaded,
        specs: &specs,
        seating: &args.seating,
        records: args.records.as_deref(),
        progress: &progress,
        bound: turn_bound(&loaded.rules),
        all_random: !slow,
        fast: !slow && args.records.is_none(),
    };
    let new_runner = || match from_start {
        true => Runner::new(Start::of(&loaded.rules)),
        false => Runner::new(Start::Position(start.lock().expect("not poisoned").clone())),
    };
    let tally = games.play_all(share.clone(), slow, moves.as_slice(), new_runner);
    progress.finish();
    let secs = time.elapsed().as_secs_f64();
    let tally = tally?;
    let study = Study {
        rules: digest(&loaded.text),
        options: args.seating.sets.clone(),
        start: start_of(&args.position),
        seed: args.seating.seed,
        seeds: args.seating.seeds,
        games: args.games,
        players_rng: players_rng::PlayersRng::SplitMix64,
        shard: args.shard.map(|s| [s.k, s.of]),
        first: share.start,
    };
    let players = specs.iter().map(|s| s.to_string()).collect();
    let summary = summarise(&loaded.rules, players, study, &tally, secs);
    match args.format {
        Format::Json => println!(
            "{}",
            serde_json::to_string_pretty(&summary).expect("serialises")
        ),
        Format::Human => print_summary(&summary),
    }
    Ok(())
}

/// Where a study's games start, in words: empty for the rules' start.
fn start_of(position: &super::position::PositionArgs) -> String {
    match (&position.moves, &position.from) {
        (Some(moves), _) => format!("--moves {moves}"),
        (None, Some(from)) => match position.upto {
            Some(n) => format!("--from {from} --upto {n}"),
            None => format!("--from {from}"),
        },
        (None, None) => String::new(),
    }
}

/// What one thread keeps from game to game.
struct Runner {
    state: State,
    buf: Vec<Move>,
    /// The start position, and whether each game sets it up again
    /// (`Start::Drawn`) or starts from a position (`Start::Position`):
    /// told once here, not asked of the start every game.
    start: State,
    drawn: bool,
    from_position: bool,
    tally: Tally,
}

impl Runner {
    /// A runner whose games start at `start`.
    fn new(start: Start) -> Runner {
        let (drawn, from_position) = match start {
            Start::Rules(_) => (false, false),
            Start::Drawn(_) => (true, false),
            Start::Position(_) => (false, true),
        };
        let (Start::Rules(start) | Start::Drawn(start) | Start::Position(start)) = start;
        Runner {
            state: start.clone(),
            buf: Vec::new(),
            start,
            drawn,
            from_position,
            tally: Tally::default(),
        }
    }
}

/// Where a thread's games start (chosen once, not a game).
enum Start {
    /// The rules' start, one position for every seed but its chance (the
    /// set-up draws none): copied, with the game's chance.
    Rules(State),
    /// The rules' start, set up again from each game's seed (a first seat
    /// drawn, cards dealt, dice).
    Drawn(State),
    /// A position, with the moves that led there: copied, with the game's
    /// own chance from there.
    Position(State),
}

impl Start {
    /// The rules' start, as `Rules` or `Drawn` as its set-up says.
    fn of(rules: &crate::ir::Rules) -> Start {
        let start = rules.start(0);
        match rules.set_up_draws() {
            true => Start::Drawn(start),
            false => Start::Rules(start),
        }
    }
}

/// What every game of a run shares.
struct Games<'a> {
    loaded: &'a Loaded,
    specs: &'a [PlayerSpec],
    seating: &'a seating::Seating,
    records: Option<&'a str>,
    progress: &'a Progress,
    /// The most turns a game lasts.
    bound: u32,
    /// Whether every seat plays at random.
    all_random: bool,
    /// Whether every seat plays at random and no record is written: the
    /// engine's own random playout plays the games.
    fast: bool,
}

impl Games<'_> {
    /// Plays the games `share` on every thread of the pool and adds their
    /// tallies up. Each thread keeps one runner (state, move buffer,
    /// tally) for all its games, so a game allocates nothing, and takes
    /// the next run of games while there is one: about one instruction a
    /// game, where rayon's fold cost about 100 (a tenth of a game of
    /// tic-tac-toe) and a runner for each of its splits. Game i is the
    /// same whoever plays it (its seed is the study's and i's), so how the
    /// games are shared out changes no result.
    fn play_all(
        &self,
        share: std::ops::Range<u32>,
        slow: bool,
        moves: &[String],
        new_runner: impl Fn() -> Runner + Sync,
    ) -> Result<Tally, Failure> {
        let threads = rayon::current_num_threads().max(1) as u32;
        let played = share.len() as u32;
        // One game at a time when a game is slow (an AI player's); else
        // runs long enough to make taking one cheap, short enough that
        // the threads end together.
        let chunk = match slow {
            true => 1,
            false => (played / threads.saturating_mul(16)).clamp(1, 64),
        };
        let chunks = played.div_ceil(chunk);
        let next = AtomicU32::new(0);
        let take = || Some(next.fetch_add(1, Ordering::Relaxed)).filter(|&c| c < chunks);
        let tallies = rayon::broadcast(|_| {
            let Some(mut c) = take() else {
                return Ok(Tally::default());
            };
            let mut runner = new_runner();
            loop {
                let first = share.start + c * chunk;
                let run = first..share.end.min(first + chunk);
                // The progress line counts a run at once: a short game
                // costs little more than the two counts.
                let mut fast_moves = 0;
                for i in run.clone() {
                    match self.play(&mut runner, moves, i) {
                        Ok(counted) => fast_moves += u64::from(counted),
                        Err(failure) => {
                            // The other threads stop at their next run.
                            next.store(chunks, Ordering::Relaxed);
                            return Err(failure);
                        }
                    }
                }
                self.progress.moves(fast_moves);
                self.progress.games(run.len() as u64);
                match take() {
                    Some(n) => c = n,
                    None => return Ok(runner.tally),
                }
            }
        });
        tallies
            .into_iter()
            .try_fold(Tally::default(), |all, t| Ok(all.merge(t?)))
    }

    /// Plays game `i` in `runner`'s state and counts it in its tally;
    /// returns the moves it played that the progress line has not counted.
    fn play(&self, runner: &mut Runner, moves: &[String], i: u32) -> Result<u32, Failure> {
        let rules = &self.loaded.rules;
        let seed = self.seating.game_seed(i);
        let mut rng = SplitMix64::new(seed);
        let state = &mut runner.state;
        if runner.drawn {
            state.reset(rules, seed);
        } else {
            state.clone_from(&runner.start);
            // Chance from the position on, as `State::new(seed)` seeds it.
            // The rules' start draws none, then or later (`set_up_draws`),
            // so its copy keeps the start's generator, never drawn from.
            if runner.from_position {
                state.rng = Pcg64Mcg::seed_from_u64(seed);
            }
        }
        if self.fast {
            // The fast path: the engine's own random playout, no move list when it can avoid one.
            let length = random_playout_inline(rules, state, &mut runner.buf, &mut rng, self.bound);
            runner.tally.add(state, length);
            return Ok(length);
        }
        let moves = runner.from_position.then_some(moves);
        let length = self.played_out(state, &mut runner.buf, rng, moves, seed, i)?;
        runner.tally.add(state, length);
        Ok(0)
    }

    /// Plays a game move by move from `state` (a start, or the position
    /// `moves` led to), with its players, writing its record when asked;
    /// returns its length.
    fn played_out(
        &self,
        state: &mut State,
        buf: &mut Vec<Move>,
        // All-random games draw from the same generator as the fast path, so
        // that writing records does not change which games are played.
        mut rng: SplitMix64,
        moves: Option<&[String]>,
        seed: u64,
        index: u32,
    ) -> Result<u32, Failure> {
        let (rules, loaded, specs) = (&self.loaded.rules, self.loaded, self.specs);
        let mut players: Vec<_> = specs
            .iter()
            .enumerate()
            .map(|(k, s)| {
                make_player(s, seed.wrapping_mul(31).wrapping_add(k as u64), 1).expect("no humans")
            })
            .collect();
        let names: Vec<String> = specs.iter().map(|s| s.to_string()).collect();
        let mut record = Record::new(rules, &loaded.file, &loaded.text, seed, &names);
        if let Some(dir) = self.records {
            // Named from the records' folder, where `replay` looks for it.
            let path = std::path::Path::new(dir).join("game.json");
            record.rules = super::rules_path::for_record(&loaded.file, &path);
        }
        if let Some(moves) = moves {
            record.moves = moves.to_vec();
        }
        let mut length = 0;
        while length < self.bound {
            let m = if self.all_random {
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
            // A game stops at its first listing cut by time (R0006): which
            // moves it found, and so the rest of the game, would depend on
            // the machine's speed, and each later turn could take as long.
            if state.cut_by_time() {
                break;
            }
            rules.play(state, m);
            record.moves.push(rules.move_text(m));
            length += 1;
            self.progress.moves(1);
        }
        if let Some(dir) = self.records {
            record.finish(rules, state);
            let path = format!("{dir}/game-{:05}.json", index + 1);
            crate::record::write_atomically(std::path::Path::new(&path), &record.to_json())
                .map_err(|e| Failure::usage(format!("error: cannot write `{path}`: {e}")))?;
        }
        Ok(length)
    }
}
