//! What `simulate` shows while it plays: games done, moves played and the
//! rate, from the start (an MCTS game can take minutes).

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use crate::cli::view::rounded;

/// The progress line of a run, shared by every thread.
pub struct Progress {
    bar: ProgressBar,
    /// Moves played and games done so far, by every thread: counted, and
    /// shown by the painter (the bar's own count costs a short game's
    /// tenth, tic-tac-toe's 170 instructions a game).
    moves: Arc<AtomicU64>,
    games: Arc<AtomicU64>,
    /// The thread that redraws the line, and the flag that stops it; the
    /// games themselves only count, since reading the clock after every
    /// game would cost as much as a short game.
    painter: Option<(JoinHandle<()>, Arc<AtomicBool>)>,
}

/// How often the line is redrawn.
const EVERY: Duration = Duration::from_millis(200);

impl Progress {
    /// A progress line for `games` games, drawn (on a terminal) when `visible`.
    pub fn new(games: u32, visible: bool) -> Self {
        let (moves, done) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
        // Off a terminal the bar would draw nothing: no painter to feed it.
        if !visible || !std::io::stderr().is_terminal() {
            let bar = ProgressBar::hidden();
            return Progress {
                bar,
                moves,
                games: done,
                painter: None,
            };
        }
        let bar = ProgressBar::new(u64::from(games));
        let style = ProgressStyle::with_template("{bar:30} {pos}/{len} games, {msg} ({elapsed})")
            .expect("valid template");
        bar.set_style(style);
        bar.set_message("0 moves");
        let stop = Arc::new(AtomicBool::new(false));
        let painter = {
            let (bar, moves, done, stop) = (bar.clone(), moves.clone(), done.clone(), stop.clone());
            std::thread::spawn(move || {
                let start = Instant::now();
                while !stop.load(Ordering::Relaxed) {
                    bar.set_position(done.load(Ordering::Relaxed));
                    let total = moves.load(Ordering::Relaxed);
                    let rate = total as f64 / start.elapsed().as_secs_f64().max(1e-9);
                    bar.set_message(format!("{total} moves, {} moves/s", rounded(rate)));
                    std::thread::park_timeout(EVERY);
                }
            })
        };
        Progress {
            bar,
            moves,
            games: done,
            painter: Some((painter, stop)),
        }
    }

    /// `n` more moves played.
    pub fn moves(&self, n: u64) {
        self.moves.fetch_add(n, Ordering::Relaxed);
    }

    /// `n` more games done.
    pub fn games(&self, n: u64) {
        self.games.fetch_add(n, Ordering::Relaxed);
    }

    /// Stops the painter and clears the line.
    pub fn finish(self) {
        if let Some((painter, stop)) = self.painter {
            stop.store(true, Ordering::Relaxed);
            painter.thread().unpark();
            let _ = painter.join();
        }
        self.bar.finish_and_clear();
    }
}
