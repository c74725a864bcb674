//! Game records: a self-contained JSON account of one game (see docs/records.md).

use serde::{Deserialize, Serialize};

use crate::engine::{Outcome, State};
use crate::ir::Rules;

/// The format tag written into every record.
pub const FORMAT: &str = "tabula-record/2";

/// Writes a file whole or not at all: the text goes to a temporary file
/// beside it, is flushed to the disk, and then takes the file's name, so that
/// a program killed at any moment leaves the old file or the new one. Only
/// a regular file is ever replaced: a device, a pipe, a folder or a link
/// in its place is refused (see [`check_writable`]).
pub fn write_atomically(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    check_writable(path)?;
    let name = path
        .file_name()
        .map_or_else(Default::default, |n| n.to_os_string());
    let mut temporary = name.clone();
    temporary.push(format!(".{}.tmp", std::process::id()));
    let temporary = path.with_file_name(temporary);
    remove_stale_temporaries(path);
    let written = (|| {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&temporary, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

/// Removes what writes of `path` killed half-way left beside it: the
/// temporary files `NAME.PID.tmp` of processes no longer running.
fn remove_stale_temporaries(path: &std::path::Path) {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return;
    };
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    };
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name();
        let pid = file
            .to_str()
            .and_then(|f| {
                f.strip_prefix(name)?
                    .strip_prefix('.')?
                    .strip_suffix(".tmp")
            })
            .and_then(|pid| pid.parse::<i32>().ok());
        let is_file = entry.file_type().is_ok_and(|t| t.is_file());
        if let (Some(pid), true) = (pid, is_file) {
            if pid > 0 && pid as u32 != std::process::id() && !running(pid) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}

/// Whether a process `pid` may be running: on Linux, whether `/proc` has
/// it; elsewhere it is taken to be, and its file is left.
fn running(pid: i32) -> bool {
    !cfg!(target_os = "linux") || std::path::Path::new(&format!("/proc/{pid}")).exists()
}

/// Whether a file may be written at `path`, said before any work is done:
/// its folder exists, and nothing but a regular file is there (a device
/// such as `/dev/full`, a pipe, a folder or a link is left alone).
pub fn check_writable(path: &std::path::Path) -> std::io::Result<()> {
    use std::io::{Error, ErrorKind};
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    };
    if !folder.is_dir() {
        let why = format!("the folder `{}` does not exist", folder.display());
        return Err(Error::new(ErrorKind::NotFound, why));
    }
    match std::fs::symlink_metadata(path) {
        Ok(meta) if !meta.file_type().is_file() => Err(Error::new(
            ErrorKind::InvalidInput,
            "it is not a regular file (a device, a pipe, a folder or a link): it is left as it is",
        )),
        _ => Ok(()),
    }
}

/// Whether `path` may be written as a record: it does not exist, is empty,
/// or already holds a Tabula record (a rules file or anything else is kept),
/// and is a regular file.
pub fn may_overwrite(path: &std::path::Path) -> bool {
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return true;
    };
    // Records are small; a large file is something else.
    if !meta.file_type().is_file() || meta.len() > 64 << 20 {
        return false;
    }
    if meta.len() == 0 {
        return true;
    }
    std::fs::read_to_string(path)
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .is_some_and(|v| {
            let format = v.get("format").and_then(|f| f.as_str());
            format.is_some_and(|f| f.starts_with("tabula-record/"))
        })
}

/// The largest rules text a record carries: a record is read up to 4 MiB.
pub const MAX_RULES_TEXT: usize = 1 << 20;

/// One game, as written by `play --record` and `simulate --records`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Record {
    /// Always [`FORMAT`].
    pub format: String,
    /// The rules file, as given on the command line.
    pub rules: String,
    /// The FNV-1a 64 hash of the rules text, to notice a changed file.
    pub rules_hash: String,
    /// The game's title.
    pub game: String,
    /// Every option's value, by name.
    pub options: Vec<(String, i64)>,
    /// The seed of the game's chance; in a game with hidden cards or dice,
    /// left out (`null`) until the game ends, since it would tell every card
    /// and throw to come.
    #[serde(default)]
    pub seed: Option<u64>,
    /// What reading the record tells beyond the moves, in a game with hidden
    /// cards still being played: whose eyes it is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reveals: Option<String>,
    /// The seed of a game with hidden cards or dice, written when it ends.
    #[serde(skip)]
    held_seed: Option<u64>,
    /// Each seat's name and player.
    pub seats: Vec<SeatRecord>,
    /// Every chance outcome, in order: for `first random`, the seat drawn to
    /// begin (from 0), then each shuffle's cards in drawing order. While a
    /// game is played, only the cards drawn so far (see `State::seen_chance`).
    pub chance: Vec<u64>,
    /// Every move in the rules' notation.
    pub moves: Vec<String>,
    /// The result, once the game is over.
    pub result: Option<ResultRecord>,
    /// The rules text itself (when at most [`MAX_RULES_TEXT`] bytes), so
    /// that the record replays and resumes where its rules file cannot be
    /// found or trusted; used only when its hash is `rules_hash`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules_text: Option<String>,
}

/// A seat of a record.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct SeatRecord {
    /// The seat's name in the rules.
    pub name: String,
    /// Who played it: `human`, `random`, `mcts:...`.
    pub player: String,
}

/// How a recorded game ended.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ResultRecord {
    /// The winning seat's name, or `None` for a draw.
    pub winner: Option<String>,
    /// Every seat's final score.
    pub scores: Vec<i32>,
}

/// The FNV-1a 64-bit hash of a text, written as hex.
pub fn rules_hash(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("fnv1a64:{h:016x}")
}

impl Record {
    /// A record of a game about to start.
    pub fn new(rules: &Rules, file: &str, text: &str, seed: u64, players: &[String]) -> Self {
        let hidden = rules.has_hidden();
        // The seed tells the cards or throws to come: kept until the end.
        let ahead = rules.has_chance_ahead();
        Record {
            format: FORMAT.into(),
            rules: file.into(),
            rules_hash: rules_hash(text),
            game: rules.title.clone(),
            options: rules.options.clone(),
            seed: (!ahead).then_some(seed),
            reveals: hidden.then(|| {
                "every seat's cards dealt and drawn so far (not the ones to come): \
                 for nobody at the table until the game ends"
                    .to_string()
            }),
            held_seed: ahead.then_some(seed),
            seats: rules
                .seats
                .iter()
                .zip(players)
                .map(|(name, player)| SeatRecord {
                    name: name.clone(),
                    player: player.clone(),
                })
                .collect(),
            chance: Vec::new(),
            moves: Vec::new(),
            result: None,
            rules_text: (text.len() <= MAX_RULES_TEXT).then(|| text.to_string()),
        }
    }

    /// Escapes the control characters of every text in the record (see
    /// [`crate::report::printable`]): a move or name holding one is not
    /// legal anyway, and now prints as the text it is.
    pub fn make_printable(&mut self) {
        use crate::report::printable;
        for text in [
            &mut self.rules,
            &mut self.rules_hash,
            &mut self.game,
            &mut self.format,
        ]
        .into_iter()
        .chain(self.options.iter_mut().map(|(name, _)| name))
        .chain(
            self.seats
                .iter_mut()
                .flat_map(|s| [&mut s.name, &mut s.player]),
        )
        .chain(self.moves.iter_mut())
        .chain(self.result.iter_mut().flat_map(|r| r.winner.as_mut()))
        {
            *text = printable(text);
        }
    }

    /// Copies the chance outcomes seen so far: during a game, not the order
    /// of the cards still to be drawn; once it is over, all of them.
    pub fn note_chance(&mut self, state: &State) {
        let chance = match state.is_over() {
            true => &state.chance[..],
            false => state.seen_chance(),
        };
        self.set_chance(chance);
    }

    fn set_chance(&mut self, chance: &[u32]) {
        self.chance = chance.iter().map(|&c| u64::from(c)).collect();
    }

    /// Adds a move just played (`state` is the position after it) with the
    /// chance outcomes drawn so far, so that the record resumes from here.
    pub fn push_move(&mut self, text: String, state: &State) {
        self.moves.push(text);
        self.note_chance(state);
    }

    /// Sets the result, every chance outcome and the seed, from the state
    /// the game stopped in: nothing is hidden any more.
    pub fn finish(&mut self, rules: &Rules, state: &State) {
        self.set_chance(&state.chance);
        self.seed = self.seed.or(self.held_seed);
        self.reveals = None;
        self.result = state.outcome.map(|o| ResultRecord {
            winner: match o {
                Outcome::Win(s) => Some(rules.seats[s as usize].clone()),
                Outcome::Draw => None,
            },
            scores: state.scores.clone(),
        });
    }

    /// The record as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record always serialises")
    }
}
