//! Reading moves of the general step runner (`d4-e5`, `d4-e5 keep c3`), and
//! saying in the rules' terms why one is refused.

use super::chain::Progress;
use super::track::{MAX_PARTS, NO_PARTS};
use super::{Move, MoveError, State};
use crate::ir::{CellId, MoveRule, Rules, Step, NO_CELL};
use crate::syntax::ast::Reach;

/// The most moves a refusal or a question lists.
const LISTED: usize = 12;

impl Rules {
    /// Reads a track move or a card passed to the partner, if the phase has
    /// them (`None`: try the other notations). The words may come in any
    /// order after the card, and a part may be its first space alone (`5
    /// y3` for `5 Y3-Y8`); text that fits several moves is answered with
    /// them, so that a move can be typed a step at a time: the card, then
    /// the movers.
    pub(super) fn read_track(&self, state: &State, text: &str) -> Option<Result<Move, MoveError>> {
        let phase = &self.phases[state.phase as usize];
        let track = phase.rules.iter().any(MoveRule::is_track);
        if !track && state.round.giving == 0 {
            return None;
        }
        let mut typed: Vec<&str> = text.split_whitespace().collect();
        if typed.is_empty() || typed == ["pass"] {
            return None;
        }
        // In the exchange a card alone is the card to give.
        if state.round.giving != 0 && !typed[0].eq_ignore_ascii_case("give") {
            typed.insert(0, "give");
        }
        let legal = self.sorted_moves(state);
        let texts: Vec<String> = legal
            .iter()
            .map(|&m| self.move_text(m).to_ascii_lowercase())
            .collect();
        // Without cards a move is its walks alone.
        let carded = !self.deck.is_empty();
        let fits: Vec<usize> = (0..legal.len())
            .filter(|&i| fits(&typed, &texts[i], carded))
            .collect();
        let exact: Vec<usize> = fits
            .iter()
            .copied()
            .filter(|&i| texts[i].split_whitespace().count() == typed.len())
            .collect();
        match (exact.as_slice(), fits.as_slice()) {
            ([one], _) | (_, [one]) => return Some(Ok(legal[*one])),
            (_, []) => {}
            (_, many) => {
                let options = many
                    .iter()
                    .take(LISTED)
                    .map(|&i| self.move_text(legal[i]))
                    .collect();
                return Some(Err(MoveError::Ambiguous {
                    what: format!("`{}` fits {} moves", typed.join(" "), many.len()),
                    options,
                }));
            }
        }
        if let Some(twin) = self.split_twin(state, &typed, &legal) {
            return Some(Ok(twin));
        }
        if let Some(twin) = self.dice_twin(state, &typed, &legal) {
            return Some(Ok(twin));
        }
        if !carded {
            return Some(Err(MoveError::Illegal(typed.join(" "))));
        }
        let card = typed[0];
        let holds = state
            .hand(state.mover, self)
            .iter()
            .any(|&c| self.card_name(c).eq_ignore_ascii_case(card));
        if !holds && !matches!(card, "give") {
            return Some(Err(MoveError::NoSuchCard(card.to_string())));
        }
        let with_card: Vec<String> = legal
            .iter()
            .map(|&m| self.move_text(m))
            .filter(|t| {
                t.split_whitespace()
                    .next()
                    .is_some_and(|w| w.eq_ignore_ascii_case(card))
            })
            .take(LISTED)
            .collect();
        Some(Err(MoveError::Refused(if with_card.is_empty() {
            format!("no mover can use your {card} now")
        } else {
            format!(
                "`{}` is not a move now; with {card} you may play: {}",
                typed.join(" "),
                with_card.join(", ")
            )
        })))
    }

    /// The walks typed as `FROM-TO` words, each space by its label (typed
    /// text is read in lower case; labels are as written); none if a word
    /// is not one.
    pub(super) fn typed_walks(&self, words: &[&str]) -> Option<Vec<(CellId, CellId)>> {
        let labels = &self.geometry.labels;
        let cell = |label: &str| {
            let at = labels.iter().position(|l| l.eq_ignore_ascii_case(label))?;
            Some(at as CellId)
        };
        words
            .iter()
            .map(|word| {
                let (from, to) = word.split_once('-')?;
                Some((cell(from)?, cell(to)?))
            })
            .collect()
    }

    /// A split typed with other parts than the listed move that ends where
    /// it ends (the list holds each result once), which the rules allow
    /// from this position: that listed move, its twin (`7 R10-Be2 R14-Be1`
    /// for the listed `7 R14-Be2 R10-Be1`).
    fn split_twin(&self, state: &State, typed: &[&str], legal: &[Move]) -> Option<Move> {
        let (card, words) = typed.split_first()?;
        let code = state
            .hand(state.mover, self)
            .iter()
            .copied()
            .find(|&c| self.card_name(c).eq_ignore_ascii_case(card))?;
        let walks = self.typed_walks(words)?;
        let mut rules: Vec<u8> = legal
            .iter()
            .filter_map(|m| match *m {
                Move::Chain { rule, choices } if choices[0] == CellId::from(code) => Some(rule),
                _ => None,
            })
            .collect();
        rules.dedup();
        for number in rules {
            let Some(Step::Split(total, select)) = self.rule(number).and_then(|r| r.steps.last())
            else {
                continue;
            };
            if walks.len() > MAX_PARTS || !self.split_allows(code, *total, select, state, &walks) {
                continue;
            }
            let mut parts = NO_PARTS;
            for (i, &(from, to)) in walks.iter().enumerate() {
                (parts.0[i], parts.1[i]) = (from as u8, to as u8);
            }
            let mut typed = state.clone();
            self.play(&mut typed, self.track_move(number, code, &parts));
            let ends_alike = |m: &&Move| {
                let mut listed = state.clone();
                self.play(&mut listed, **m);
                listed == typed
            };
            let rule_of = |m: &&Move| matches!(m, Move::Chain { rule, .. } if *rule == number);
            if let Some(&twin) = legal.iter().filter(rule_of).find(ends_alike) {
                return Some(twin);
            }
        }
        None
    }

    /// Reads a move of a chain rule if the text is one (`None`: try the
    /// other notations), or explains why it is refused.
    pub(super) fn read_chain(&self, state: &State, text: &str) -> Option<Result<Move, MoveError>> {
        let phase = &self.phases[state.phase as usize];
        if !phase.rules.iter().any(|r| r.form.is_chain()) {
            return None;
        }
        let typed = normalise(text);
        let legal = self.sorted_moves(state);
        if let Some(&m) = legal.iter().find(|&&m| self.move_text(m) == typed) {
            return Some(Ok(m));
        }
        // A capture may be written with `-`, a move with `x`.
        let typed = dashed(&typed);
        if let Some(&m) = legal.iter().find(|&&m| dashed(&self.move_text(m)) == typed) {
            return Some(Ok(m));
        }
        if typed.matches('-').count() > 1 {
            return Some(Err(self.explain_chain(state, &typed)));
        }
        // A move the rules allow but a filter refuses, told why.
        if !self.filters.is_empty() {
            if let Some(why) = self
                .unfiltered_text(state, &typed)
                .and_then(|m| self.blocked(state, m))
            {
                return Some(Err(MoveError::Refused(why)));
            }
        }
        // Only relocations and keeps are this runner's own notation; a cell
        // alone is read as a placement (and refused there, in its terms).
        let (moved, keep) = typed.split_once(" keep ").unwrap_or((&typed, ""));
        let (from, to) = moved.split_once('-')?;
        // What follows the cell gone to (an arrow's cell) is told apart.
        let to = to.split_whitespace().next().unwrap_or(to);
        // Where the cell a tile goes to touches only one of equal groups,
        // that group is the one kept: `keep` can be left out.
        let prefix = format!("{moved} keep ");
        let mut completions = legal
            .iter()
            .filter(|&&m| keep.is_empty() && self.move_text(m).starts_with(&prefix));
        if let (Some(&m), None) = (completions.next(), completions.next()) {
            return Some(Ok(m));
        }
        Some(Err(self.explain_relocation(state, &typed, from, to, &legal)))
    }

    /// Why `from-to` is not a legal move.
    fn explain_relocation(
        &self,
        state: &State,
        typed: &str,
        from: &str,
        to: &str,
        legal: &[Move],
    ) -> MoveError {
        let cell = |label: &str| {
            self.geometry
                .cell_by_label(label)
                .ok_or_else(|| MoveError::NoSuchCell(label.to_string()))
        };
        let (from_cell, to_cell) = match (cell(from), cell(to)) {
            (Ok(f), Ok(t)) => (f, t),
            (Err(e), _) | (_, Err(e)) => return e,
        };
        let moved = format!("{from}-{to}");
        let same: Vec<String> = legal
            .iter()
            .map(|&m| self.move_text(m))
            .filter(|t| t == &moved || t.starts_with(&format!("{moved} keep ")))
            .collect();
        if same.contains(&moved) {
            // The move is legal without a group to keep: nothing ties.
            return MoveError::Refused(format!(
                "{typed}: picking up {from} leaves no groups of equal size, so there is \
                 nothing to keep: the move is `{moved}`"
            ));
        }
        if !same.is_empty() {
            return MoveError::Ambiguous {
                what: format!(
                    "picking up {from} leaves groups of equal size, and you choose which one stays"
                ),
                options: same,
            };
        }
        let phase = &self.phases[state.phase as usize];
        let pickers: Vec<&MoveRule> = phase
            .rules
            .iter()
            .filter(|r| r.steps.iter().any(|s| matches!(s, Step::Pick(_))))
            .collect();
        if pickers.is_empty() {
            return MoveError::Refused(format!("{typed}: no rule of this phase picks a piece up"));
        }
        // The rules that may pick this piece up explain what it may do.
        let picking: Vec<&MoveRule> = pickers
            .iter()
            .copied()
            .filter(|r| self.picks(r, state).contains(&Move::Place(from_cell)))
            .collect();
        let Some(&rule) = picking.first() else {
            let why = if state.board[from_cell as usize] != state.mover + 1 {
                format!("{from} holds no piece of yours")
            } else if pickers.iter().all(|r| self.picks(r, state).is_empty()) {
                "you may not pick a piece up now".to_string()
            } else {
                format!("{from} may not be picked up now")
            };
            return MoveError::Refused(format!(
                "{typed} is not allowed: {why}; {}",
                rules_text(&pickers)
            ));
        };
        let unfiltered = self.unfiltered_text(state, &moved);
        if let Some(why) = unfiltered.and_then(|m| self.blocked(state, m)) {
            return MoveError::Refused(why);
        }
        let to_empty = state.heights[to_cell as usize] == 0;
        let why = if from_cell == to_cell {
            format!("the piece may not go back on {from}")
        } else if !to_empty {
            format!("{to} is not empty")
        } else if let Some(why) = self.jump_refusal(rule, state, from_cell, to_cell) {
            why
        } else {
            format!("after {from} is picked up, {to} is not allowed")
        };
        MoveError::Refused(format!(
            "{typed} is not allowed: {why}; {}",
            rules_text(&picking)
        ))
    }

    /// The cells a rule's first `pick` may choose now.
    fn picks(&self, rule: &MoveRule, state: &State) -> Vec<Move> {
        let mut picks = Vec::new();
        if let Some(Step::Pick(select)) = rule.steps.iter().find(|s| matches!(s, Step::Pick(_))) {
            self.candidate_cells(select, state, Progress::START, &mut picks);
        }
        picks
    }

    /// Why a rule that jumps cannot go from `from` to `to`, when the
    /// reason is the jump itself: no piece to jump over, or no jump at all.
    fn jump_refusal(
        &self,
        rule: &MoveRule,
        state: &State,
        from: CellId,
        to: CellId,
    ) -> Option<String> {
        let jumps = rule
            .steps
            .iter()
            .any(|s| matches!(s, Step::Walk(w) if matches!(w.reach, Reach::Jump { .. })));
        if !jumps {
            return None;
        }
        let label = |c: CellId| &self.geometry.labels[c as usize];
        let over = self.geometry.compass.between(from, to);
        if over == NO_CELL {
            Some(format!(
                "a jump goes over the next cell to the one beyond, and {} is not that far from {} in a line",
                label(to),
                label(from)
            ))
        } else if state.heights[over as usize] == 0 {
            Some(format!("there is no piece on {} to jump over", label(over)))
        } else {
            None
        }
    }

    /// The move with this text before the filters, if there is one.
    fn unfiltered_text(&self, state: &State, text: &str) -> Option<Move> {
        let mut all = Vec::new();
        self.unfiltered_moves(state, &mut all);
        all.into_iter().find(|&m| {
            self.move_text(m) == text || self.move_text(m).starts_with(&format!("{text} keep "))
        })
    }

    /// Why a move the rules allow is refused by `must block`, if it is.
    pub(super) fn blocked(&self, state: &State, m: Move) -> Option<String> {
        if self.filters.is_empty() {
            return None;
        }
        let mut all = Vec::new();
        self.unfiltered_moves(state, &mut all);
        if !all.contains(&m) || self.sorted_moves(state).contains(&m) {
            return None;
        }
        // Timed as a listing is (R0006): the reasons play moves on copies.
        let (why, over) = super::budget::listing(|| self.filter_reason(state, m));
        match over {
            true => Some(format!(
                "{} is not among the moves found: they took more than {} s to list (R0006)",
                self.move_text(m),
                super::LIST_TIME.as_secs()
            )),
            false => why,
        }
    }

    /// Which filter refuses `m`, which the rules allow, and why.
    fn filter_reason(&self, state: &State, m: Move) -> Option<String> {
        if let Some(why) = self.must_leave_reason(state, m) {
            return Some(why);
        }
        let Some(threat) = self.threat(state) else {
            return self.must_capture_reason(state, m);
        };
        let name = &self.seats[threat as usize];
        Some(format!(
            "{} is not allowed: {name} could win with the next move, and you must stop the nearest player who could (`must block`); type `help` for the moves that do",
            self.move_text(m)
        ))
    }
}

impl Rules {
    /// Why a chain of parts (`c3-e5-c7`) is not a legal move: its cells,
    /// a filter, or no such chain.
    fn explain_chain(&self, state: &State, typed: &str) -> MoveError {
        for label in typed.split('-') {
            if self.geometry.cell_by_label(label).is_none() {
                return MoveError::NoSuchCell(label.to_string());
            }
        }
        let mut all = Vec::new();
        self.unfiltered_moves(state, &mut all);
        let m = all
            .into_iter()
            .find(|&m| dashed(&self.move_text(m)) == typed);
        match m.and_then(|m| self.blocked(state, m)) {
            Some(why) => MoveError::Refused(why),
            None => MoveError::Illegal(typed.to_string()),
        }
    }

    /// Why `must leave` refuses `m`, which the rules allow: the condition
    /// it would break.
    fn must_leave_reason(&self, state: &State, m: Move) -> Option<String> {
        let text = self.filters.iter().find_map(|f| match f {
            crate::ir::Filter::MustLeave(_, text) => {
                let mut one = vec![m];
                self.must_leave(state, std::slice::from_ref(f), &mut one);
                one.is_empty().then_some(text)
            }
            _ => None,
        })?;
        Some(format!(
            "{} is not allowed: a move must leave `{text}` true (`must leave`), and this one would not",
            self.move_text(m)
        ))
    }

    /// Why `must capture` refuses `m`, which the rules allow: the moves it
    /// leaves.
    fn must_capture_reason(&self, state: &State, m: Move) -> Option<String> {
        let most = self.filters.iter().find_map(|f| match f {
            crate::ir::Filter::MustCapture(most) => Some(*most),
            _ => None,
        })?;
        let legal: Vec<String> = self
            .sorted_moves(state)
            .iter()
            .take(6)
            .map(|&m| format!("`{}`", self.move_text(m)))
            .collect();
        let what = if most {
            "you must capture as many pieces as you can"
        } else {
            "you must capture when you can"
        };
        Some(format!(
            "{} is not allowed: {what} (`must capture`), as {} does",
            self.move_text(m),
            legal.join(" or ")
        ))
    }
}

/// The text as move notation writes it: lower case, single spaces, no
/// spaces around `-`; a capture's `x` read as the `-` of the other moves.
/// A move's text with a capture's `x` (between a cell's number and the
/// next cell's letter) written `-`.
fn dashed(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        let after_number = i > 0 && bytes[i - 1].is_ascii_digit();
        let before_letter = bytes.get(i + 1).is_some_and(u8::is_ascii_alphabetic);
        out.push(if c == 'x' && after_number && before_letter {
            '-'
        } else {
            c
        });
    }
    out
}

fn normalise(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    words
        .join(" ")
        .replace(" - ", "-")
        .replace(" -", "-")
        .replace("- ", "-")
}

/// Whether the words typed fit a move's text: the first word (the card)
/// the same, and each other word one of the move's, whole or its first
/// space (`y3` of `y3-y8`), each used once.
/// Whether `typed` fits the move written `text`: its card first (when
/// `carded`), then its walks in any order, each whole or its first space.
fn fits(typed: &[&str], text: &str, carded: bool) -> bool {
    let mut words: Vec<&str> = text.split_whitespace().collect();
    if typed.len() > words.len() || words.is_empty() {
        return false;
    }
    let walks = match carded {
        true if typed[0] != words[0] => return false,
        true => {
            words.remove(0);
            &typed[1..]
        }
        false => typed,
    };
    walks.iter().all(|t| {
        let found = words
            .iter()
            .position(|w| w == t || w.split_once('-').is_some_and(|(from, _)| from == *t));
        found.map(|i| words.remove(i)).is_some()
    })
}

/// "the rule is `...`", or "the rules are `...`; `...`".
fn rules_text(rules: &[&MoveRule]) -> String {
    let texts: Vec<String> = rules.iter().map(|r| format!("`{}`", r.text)).collect();
    match texts.len() {
        1 => format!("the rule is {}", texts[0]),
        _ => format!("the rules are {}", texts.join("; ")),
    }
}
