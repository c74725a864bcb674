//! Legal moves and the move notation.

use super::chain::Progress;
use super::State;
use super::{FaultKind, MAX_MOVES};
use crate::ir::{CellId, Form, MoveRule, Rules, Step, NO_CELL};

thread_local! {
    /// The keys of the moves `merge_walks_alike` sorts, and the places of
    /// those it drops: kept, so that a listing allocates nothing.
    static KEYS: std::cell::RefCell<(Vec<u128>, Vec<usize>)> = const {
        std::cell::RefCell::new((Vec::new(), Vec::new()))
    };
}

/// A move: small and `Copy`, so that move lists are flat arrays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    /// Put one of the mover's pieces on the cell.
    Place(CellId),
    /// The phase's forced move (`otherwise`), when no other is legal.
    Pass,
    /// A move of a chain of steps: the rule (counted over all phases, see
    /// `Rules::rule`) and its steps' choices (`engine/choice.rs`). Whichever
    /// path listed it, the general runner plays it.
    Chain {
        /// The move rule.
        rule: u8,
        /// The steps' choices.
        choices: super::choice::Choices,
    },
    /// Set a card aside for the partner, in the exchange after a deal.
    Give(u8),
}

// Move lists are flat arrays of moves: a move's words (`CHOICE_WORDS`)
// are as many as keep it at 20 bytes.
const _: () = assert!(std::mem::size_of::<Move>() <= 20);

/// Why a typed move was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text names no cell of this board.
    #[error("`{0}` is not a cell of this board")]
    NoSuchCell(String),
    /// The cell exists but the move is not legal now.
    #[error("{0} is not a legal move now")]
    Illegal(String),
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// A sowing path that cannot be right, with the reason.
    #[error("{0}")]
    BadPath(String),
    /// A card the mover does not hold.
    #[error("you hold no {0} (or not that many)")]
    NoSuchCard(String),
    /// A move refused, with the reason in the rules' terms.
    #[error("{0}")]
    Refused(String),
    /// A move that leaves a choice open (which of equal groups stays): the
    /// complete moves it could be, in notation.
    #[error("{what}: say which, e.g. `{}`", options.join("` or `"))]
    Ambiguous {
        /// What is left to choose.
        what: String,
        /// The complete moves.
        options: Vec<String>,
    },
}

impl Rules {
    /// Writes the legal moves of `state` into `out` (cleared first), in cell order
    /// when the phase has one place rule, sorted when it has several (rule by
    /// rule when the rules are of different kinds); the
    /// filters (`must block`) applied.
    pub fn legal_moves(&self, state: &State, out: &mut Vec<Move>) {
        if self.filters.is_empty() {
            return self.unfiltered_moves(state, out);
        }
        // One timed listing: a filter plays each move on a copy, `must
        // block` each of the threat's replies too (R0006).
        self.timed_listing(state, || {
            self.unfiltered_moves(state, out);
            // `must leave` may take even a lone move away (then the forced
            // move, if any, is the move); the other filters keep a lone move.
            if !out.is_empty() {
                self.filter_moves(state, out);
                if out.is_empty() && self.phases[state.phase as usize].has_forced_move() {
                    out.push(Move::Pass);
                }
            }
        });
    }

    /// The moves before the filters, timed as [`Rules::legal_moves`] is:
    /// for perft, which tests `must leave` as it plays each move.
    pub(super) fn timed_unfiltered_moves(&self, state: &State, out: &mut Vec<Move>) {
        self.timed_listing(state, || self.unfiltered_moves(state, out));
    }

    /// Runs `list` as one listing, recording R0006 if it ran out of time.
    fn timed_listing(&self, state: &State, list: impl FnOnce()) {
        let ((), over) = super::budget::listing(list);
        if over {
            let span = self.phases[state.phase as usize].span;
            state.record_fault(FaultKind::SlowListing, span);
        }
    }

    /// The legal moves before the filters.
    pub(super) fn unfiltered_moves(&self, state: &State, out: &mut Vec<Move>) {
        out.clear();
        if state.is_over() {
            return;
        }
        if state.round.giving > 0 {
            return self.give_moves(state, out);
        }
        let phase = &self.phases[state.phase as usize];
        let has_piece = state.supply[state.mover as usize] > 0;
        let merges = self.plan.merges[state.phase as usize];
        let (track_rules, card_rules) = (merges.track_rules, merges.card_rules);
        // Two or more track rules are listed together, card by card, after
        // the other rules' moves.
        let merged = self.track.is_some() && track_rules > 1;
        if merged && track_rules == phase.rules.len() {
            // Track rules only: nothing else to list nor to merge.
            self.merged_track_moves(state, out);
            if out.is_empty() && phase.has_forced_move() {
                out.push(Move::Pass);
            }
            return;
        }
        for (i, rule) in phase.rules.iter().enumerate() {
            let number = self.rule_number(state.phase, i);
            match rule.form {
                Form::Cards if has_piece => {
                    if let Some(chain) = rule.card_chain() {
                        self.card_moves(number, chain, state, out);
                    }
                }
                Form::Place if has_piece => self.place_moves(rule, state, out),
                Form::Sow if has_piece => self.sowing_moves(number, rule, state, out),
                form if form.is_chain() => self.chain_moves(number, rule, state, out),
                Form::Track if !merged => self.track_moves(number, rule, state, out),
                _ => {}
            }
            // A chain's choices multiply: its walk stops at the limit too.
            if out.len() >= MAX_MOVES {
                out.truncate(MAX_MOVES);
                state.record_fault(FaultKind::TooManyMoves, phase.span);
                break;
            }
        }
        if merged && out.len() < MAX_MOVES {
            self.merged_track_moves(state, out);
        }
        if card_rules > 1 {
            // The same cards naming the same cell under two rules are one
            // move, the first rule's: a move is written by its cards alone
            // (and every card rule keeps its cards and cell in the same words).
            let key = |m: &Move| match *m {
                Move::Chain { rule, choices }
                    if self.rule(rule).is_some_and(|r| r.form == Form::Cards) =>
                {
                    (1, choices, rule)
                }
                _ => (0, super::choice::NO_CHOICES, 0),
            };
            out.sort_unstable_by_key(key);
            out.dedup_by(|later, first| {
                let (a, b) = (key(later), key(first));
                a.0 == 1 && b.0 == 1 && a.1 == b.1
            });
        }
        // Two place rules may allow one cell: listed once. Moves of
        // different kinds, or of different chain rules, never coincide.
        let cells = phase.rules.iter().filter(|r| r.form == Form::Place).count();
        if cells > 1 {
            out.sort_unstable();
            out.dedup();
        }
        if merges.alike != 0 {
            // A move is written by its cells: two rules' moves written alike
            // are one move, the first rule's (as with card moves). Only the
            // rules that may write alike are read.
            let first = self.rule_number(state.phase, 0);
            let may_coincide = |m: &Move| match *m {
                Move::Chain { rule, .. } => {
                    let i = rule.wrapping_sub(first).min(63);
                    merges.alike & (1 << i) != 0
                }
                _ => true,
            };
            self.merge_written_alike(out, may_coincide);
        }
        // A forced move only when nothing else is.
        if out.is_empty() && phase.has_forced_move() {
            out.push(Move::Pass);
        }
    }

    /// [`Rules::merge_written_alike`] for moves each a piece's walk
    /// (`walk_key`): their texts are equal exactly when their keys are, so
    /// no text is written. Returns false, changing nothing, when some move
    /// that may coincide has no key.
    fn merge_walks_alike(
        &self,
        out: &mut Vec<Move>,
        may_coincide: &impl Fn(&Move) -> bool,
    ) -> bool {
        KEYS.with_borrow_mut(|(keys, dropped)| {
            keys.clear();
            for (i, m) in out.iter().enumerate().filter(|(_, m)| may_coincide(m)) {
                let Some(key) = self.walk_key(*m) else {
                    return false;
                };
                // The key, then the move's place: sorted, the first of
                // equal keys is the earliest move.
                keys.push(u128::from(key) << 64 | i as u128);
            }
            keys.sort_unstable();
            dropped.clear();
            let index = |k: u128| (k as u64) as usize;
            let pairs = keys.windows(2).filter(|p| p[0] >> 64 == p[1] >> 64);
            dropped.extend(pairs.map(|p| index(p[1])));
            // The same retain as `merge_written_alike`'s, not shared: one
            // function for both moved Breakthrough +1.4% (callgrind).
            if !dropped.is_empty() {
                dropped.sort_unstable();
                let mut i = 0;
                out.retain(|_| {
                    i += 1;
                    dropped.binary_search(&(i - 1)).is_err()
                });
            }
            true
        })
    }

    /// A key of the text of a piece's walk: a move of a rule `pick, walk`
    /// (not repeated), then only promotions by choice and effects, written
    /// `FROM-TO` and the kind promoted to, if any (effects write nothing).
    /// Two such moves are written alike exactly when their keys are equal.
    fn walk_key(&self, m: Move) -> Option<u64> {
        let Move::Chain { rule, choices } = m else {
            return None;
        };
        let steps = &self.rule(rule)?.steps;
        let [Step::Pick(_), Step::Walk(walk), rest @ ..] = &steps[..] else {
            return None;
        };
        let plain = |s: &Step| s.is_after_effect() || matches!(s, Step::PromoteChosen(..));
        if walk.repeats() || rest.len() > 2 || !rest.iter().all(plain) {
            return None;
        }
        // Each step one word: pick, walk, then at most two more.
        let word = |k: usize| u64::from(choices.get(k).copied().unwrap_or(NO_CELL));
        Some(word(0) | word(1) << 16 | word(2) << 32 | word(3) << 48)
    }

    /// Drops each move that `may_coincide` says may be written like
    /// another and is written as an earlier one is. The texts are sorted by
    /// a cheap hash, so that only moves of equal hash are compared (a hash
    /// set of strings cost chess 5% of a random game).
    fn merge_written_alike(&self, out: &mut Vec<Move>, may_coincide: impl Fn(&Move) -> bool) {
        if self.merge_walks_alike(out, &may_coincide) {
            return;
        }
        let fnv = |text: &str| {
            text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
            })
        };
        let mut texts: Vec<(u64, usize, String)> = (out.iter().enumerate())
            .filter(|(_, m)| may_coincide(m))
            .map(|(i, &m)| {
                let text = self.move_text(m);
                (fnv(&text), i, text)
            })
            .collect();
        texts.sort_unstable_by_key(|&(hash, i, _)| (hash, i));
        // A later move written as an earlier one of the same hash goes.
        let mut dropped: Vec<usize> = (1..texts.len())
            .filter(|&k| {
                let (hash, _, text) = &texts[k];
                texts[..k]
                    .iter()
                    .rev()
                    .take_while(|(h, ..)| h == hash)
                    .any(|(_, _, t)| t == text)
            })
            .map(|k| texts[k].1)
            .collect();
        if dropped.is_empty() {
            return;
        }
        dropped.sort_unstable();
        let mut i = 0;
        out.retain(|_| {
            i += 1;
            dropped.binary_search(&(i - 1)).is_err()
        });
    }

    fn place_moves(&self, rule: &MoveRule, state: &State, out: &mut Vec<Move>) {
        if let Some(select) = rule.select() {
            self.candidate_cells(select, state, Progress::START, out);
        }
    }

    /// The moves of a `sow-form` rule: each stack's paths.
    fn sowing_moves(&self, number: u8, rule: &MoveRule, state: &State, out: &mut Vec<Move>) {
        let (Some(select), Some(sowing)) = (rule.select(), rule.sowing()) else {
            return;
        };
        let start = out.len();
        self.candidate_cells(select, state, Progress::START, out);
        // The candidates become stacks to sow: append their paths, then drop them.
        let end = out.len();
        for i in start..end {
            if let Move::Place(c) = out[i] {
                self.sow_moves(number, sowing, state, c, out);
            }
        }
        out.drain(start..end);
    }

    /// The legal moves of `state`, sorted by notation order (cell id).
    pub fn sorted_moves(&self, state: &State) -> Vec<Move> {
        let mut moves = Vec::new();
        self.legal_moves(state, &mut moves);
        moves.sort_unstable();
        moves
    }

    /// A move in the rules' notation: a cell label such as `e5`, or a sown
    /// stack and its path such as `a1 b1 c1 c2`.
    pub fn move_text(&self, m: Move) -> String {
        match m {
            Move::Place(c) if self.writes_columns() => self.column_text(c),
            Move::Place(c) => self.geometry.labels[c as usize].clone(),
            Move::Pass => "pass".to_string(),
            Move::Chain { rule, choices } => self.chain_text(rule, &choices),
            Move::Give(card) => format!("give {}", self.card_name(card)),
        }
    }

    /// A chain rule by its number: the rules of all phases, counted in order.
    pub(super) fn rule(&self, number: u8) -> Option<&MoveRule> {
        let mut number = number as usize;
        for phase in &self.phases {
            match phase.rules.get(number) {
                Some(rule) => return Some(rule),
                None => number -= phase.rules.len(),
            }
        }
        None
    }

    /// The number of the current phase's rule `index`, counted over all phases.
    pub(super) fn rule_number(&self, phase: u8, index: usize) -> u8 {
        let before: usize = self.phases[..phase as usize]
            .iter()
            .map(|p| p.rules.len())
            .sum();
        (before + index) as u8
    }

    /// Reads a move typed in the rules' notation and checks that it is legal.
    pub fn parse_move(&self, state: &State, text: &str) -> Result<Move, MoveError> {
        if state.is_over() {
            return Err(MoveError::GameOver);
        }
        let lower = text.trim().to_ascii_lowercase();
        if let Some(read) = self.read_track(state, &lower) {
            return read;
        }
        if let Some(read) = self.read_chain(state, &lower) {
            return read;
        }
        if let Some(m) = self.read_cards(state, &lower)? {
            return Ok(m);
        }
        if let Some(read) = self.read_column(state, &lower) {
            return read;
        }
        let labels: Vec<&str> = lower
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        let mut cells = Vec::with_capacity(labels.len());
        for label in &labels {
            cells.push(
                self.geometry
                    .cell_by_label(label)
                    .ok_or_else(|| MoveError::NoSuchCell(label.to_string()))?,
            );
        }
        let m = match cells.as_slice() {
            [] => return Err(MoveError::NoSuchCell(String::new())),
            [cell] if !self.sows(state) => Move::Place(*cell),
            // Several cells where a move is one: said in the game's terms.
            [first, ..] if !self.sows(state) => {
                // The first cell typed if it is a move, else a legal move
                // where there is one: the first cell may be taken.
                let legal = self.sorted_moves(state);
                let other = legal.iter().find(|&&m| m != Move::Pass);
                let example = match other {
                    Some(&m) if !legal.contains(&Move::Place(*first)) => self.move_text(m),
                    _ => self.geometry.labels[*first as usize].clone(),
                };
                return Err(MoveError::Refused(format!(
                    "`{}` names {} cells; a move here is one cell, such as `{example}`",
                    labels.join(" "),
                    labels.len(),
                )));
            }
            [from, path @ ..] => self.read_path(state, *from, path, &labels)?,
        };
        // A sown path read whole is legal as read: its stack and each step
        // were checked, and listing every path of a tall stack is huge.
        let read_whole = self.sown(m).is_some()
            && self.filters.is_empty()
            && state.supply[state.mover as usize] > 0;
        if read_whole || self.sorted_moves(state).contains(&m) {
            Ok(m)
        } else if let Some(why) = self.blocked(state, m) {
            Err(MoveError::Refused(why))
        } else {
            Err(MoveError::Illegal(lower))
        }
    }

    /// Reads a card move (`5+11+13`, or the values apart) or `pass`, if the
    /// text is one; checks it is legal.
    fn read_cards(&self, state: &State, text: &str) -> Result<Option<Move>, MoveError> {
        let cards = text == "pass"
            || text
                .bytes()
                .all(|b| b.is_ascii_digit() || b" +,".contains(&b));
        if !cards || text.is_empty() {
            return Ok(None);
        }
        let legal = self.sorted_moves(state);
        if text == "pass" {
            return match legal.contains(&Move::Pass) {
                true => Ok(Some(Move::Pass)),
                false => Err(MoveError::Illegal(
                    "pass (only when no card set names a cell you may use)".into(),
                )),
            };
        }
        let words: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || c == '+' || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        if words.is_empty() || !words.iter().all(|w| w.bytes().all(|b| b.is_ascii_digit())) {
            return Ok(None);
        }
        let mut values: Vec<u8> = Vec::new();
        for w in &words {
            values.push(
                w.parse()
                    .map_err(|_| MoveError::NoSuchCard(w.to_string()))?,
            );
        }
        values.sort_unstable();
        let hand = state.hand(state.mover, self);
        let mut left = hand.to_vec();
        for v in &values {
            match left.iter().position(|c| c == v) {
                Some(i) => {
                    left.remove(i);
                }
                None => return Err(MoveError::NoSuchCard(v.to_string())),
            }
        }
        let found = legal.iter().find(|&&m| {
            self.played_cards(m)
                .is_some_and(|(cards, _)| cards.iter().take_while(|&&c| c != 0).eq(values.iter()))
        });
        match found {
            Some(&m) => Ok(Some(m)),
            None => Err(MoveError::Illegal(text.to_string())),
        }
    }

    /// Whether the moves of the current phase sow.
    fn sows(&self, state: &State) -> bool {
        self.phases[state.phase as usize]
            .rules
            .iter()
            .any(|r| r.steps.iter().any(|s| matches!(s, Step::Sow(_))))
    }

    /// Reads a sowing path, saying what is wrong with it in the player's terms.
    fn read_path(
        &self,
        state: &State,
        from: CellId,
        path: &[CellId],
        labels: &[&str],
    ) -> Result<Move, MoveError> {
        let phase = &self.phases[state.phase as usize];
        // The sowing rules that may sow this stack: the first the path fits.
        let mut first_error = None;
        for (i, rule) in phase.rules.iter().enumerate() {
            let [Step::Place(place), Step::Sow(sowing)] = rule.steps.as_slice() else {
                continue;
            };
            let mut stacks = Vec::new();
            self.candidate_cells(place, state, Progress::START, &mut stacks);
            if stacks.contains(&Move::Place(from)) {
                let number = self.rule_number(state.phase, i);
                match self.path_move(state, number, sowing, from, path, labels) {
                    Ok(m) => return Ok(m),
                    Err(e) => first_error = first_error.or(Some(e)),
                }
            }
        }
        Err(first_error.unwrap_or_else(|| {
            let rules: Vec<&str> = phase.rules.iter().map(|p| p.text.as_str()).collect();
            MoveError::BadPath(format!(
                "{} is not a stack you can sow now (it holds {}); the rule is `{}`",
                labels[0],
                plural(state.heights[from as usize] as usize, "piece"),
                rules.join("` or `")
            ))
        }))
    }

    /// The move of sowing rule `number` along a typed path, or what is
    /// wrong with the path.
    fn path_move(
        &self,
        state: &State,
        number: u8,
        sowing: &crate::ir::Sowing,
        from: CellId,
        path: &[CellId],
        labels: &[&str],
    ) -> Result<Move, MoveError> {
        let needed = state.heights[from as usize] as usize + 1;
        if path.len() != needed {
            return Err(MoveError::BadPath(format!(
                "the stack on {} holds {}, {} with yours, so its path needs {} after {}, not {}",
                labels[0],
                plural(needed - 1, "piece"),
                needed,
                plural(needed, "cell"),
                labels[0],
                path.len()
            )));
        }
        let no_reversal = sowing.no_reversal;
        let bits = self.step_bits();
        let (mut dirs, mut at, mut came) = (0u64, from, usize::MAX);
        for (i, &to) in path.iter().enumerate() {
            let d = self.geometry.direction(at, to).ok_or_else(|| {
                MoveError::BadPath(format!(
                    "{} is not next to {}: each drop goes to a neighbour of the one before",
                    labels[i + 1],
                    labels[i]
                ))
            })?;
            if no_reversal && came != usize::MAX && d == came ^ 1 {
                return Err(MoveError::BadPath(format!(
                    "the path goes straight back from {} to {}, which the rules forbid",
                    labels[i],
                    labels[i + 1]
                )));
            }
            dirs |= (d as u64) << (i as u32 * bits);
            at = to;
            came = d;
        }
        Ok(self.sowing_move(number, from, needed as u8, dirs))
    }
}

/// "1 piece", "3 pieces".
fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}
