//! A chain move's words: how each step's choice is kept in a move.
//!
//! A move of the general runner is its rule and its steps' choices, step
//! `k`'s from word [`MoveRule::slot`]`(k)` on ([`Step::width`] words): a
//! cell in one word, a sowing path as its length and four words of
//! directions, a card set as the values of up to 8 cards, two a word. The
//! fast forms (`sow-form`, `card-form`) write their moves in these words
//! too, so that a move means one thing whichever path listed it.

use super::track::{Parts, MAX_PARTS, NO_PARTS};
use super::Move;
use crate::ir::{CellId, MoveRule, Rules, Step, CHOICE_WORDS, NO_CELL};

/// A chain move's choices.
pub type Choices = [CellId; CHOICE_WORDS];

/// No choice yet.
pub(super) const NO_CHOICES: Choices = [NO_CELL; CHOICE_WORDS];

/// The rule number of a step's choice listed as words (see `of_words`).
pub(super) const WORDS: u8 = u8::MAX;

/// A step's choice of several words as the runner lists it: the words
/// from the first on, in a move of no rule.
pub(super) fn of_words(words: Choices) -> Move {
    Move::Chain {
        rule: WORDS,
        choices: words,
    }
}

/// A sowing path in five words: its length, then its directions.
pub(super) fn write_path(words: &mut [CellId], steps: u8, dirs: u64) {
    words[0] = CellId::from(steps);
    for (i, w) in words[1..5].iter_mut().enumerate() {
        *w = (dirs >> (16 * i)) as CellId;
    }
}

/// The length and directions of the sowing path in `words`.
pub(super) fn read_path(words: &[CellId]) -> (u8, u64) {
    let dirs = (0..4).fold(0u64, |d, i| d | u64::from(words[1 + i]) << (16 * i));
    (words[0] as u8, dirs)
}

/// A card set in four words: the values, ascending, then zeros.
pub(super) fn write_cards(words: &mut [CellId], cards: [u8; 8]) {
    for (i, w) in words[..4].iter_mut().enumerate() {
        *w = CellId::from(cards[2 * i]) | CellId::from(cards[2 * i + 1]) << 8;
    }
}

/// The card values in `words`, ascending, then zeros.
pub(super) fn read_cards(words: &[CellId]) -> [u8; 8] {
    let mut cards = [0u8; 8];
    for (i, &w) in words[..4].iter().enumerate() {
        cards[2 * i] = w as u8;
        cards[2 * i + 1] = (w >> 8) as u8;
    }
    cards
}

/// A walk as a word: its start times 256, then its end, so that walks
/// in word order are in the order of their starts, then ends (an unused
/// part, `NO_SPACE` to `NO_SPACE`, is `NO_CELL`).
pub(super) fn walk_word(from: u8, to: u8) -> CellId {
    CellId::from(from) << 8 | CellId::from(to)
}

/// The start and end of the walk in `word`.
pub(super) fn read_walk(word: CellId) -> (u8, u8) {
    ((word >> 8) as u8, word as u8)
}

/// A track move's walks, a word each, as many as `words` holds.
pub(super) fn write_parts(words: &mut [CellId], parts: &Parts) {
    for (i, w) in words.iter_mut().enumerate().take(MAX_PARTS) {
        *w = walk_word(parts.0[i], parts.1[i]);
    }
}

/// The walks in `words` (one word: one walk).
pub(super) fn read_parts(words: &[CellId]) -> Parts {
    let mut parts = NO_PARTS;
    for (i, &w) in words.iter().enumerate().take(MAX_PARTS) {
        (parts.0[i], parts.1[i]) = read_walk(w);
    }
    parts
}

/// The hand slots of a sorted hand that hold `cards` (ascending, then
/// zeros), the lowest slot for each; `None` if the hand lacks one.
pub(super) fn slots_of(hand: &[u8], cards: &[u8; 8]) -> Option<u16> {
    let (mut slots, mut at) = (0u16, 0usize);
    for &card in cards.iter().take_while(|&&c| c != 0) {
        while at < hand.len() && hand[at] < card {
            at += 1;
        }
        if at >= hand.len().min(16) || hand[at] != card {
            return None;
        }
        slots |= 1 << at;
        at += 1;
    }
    Some(slots)
}

impl Rules {
    /// The move of the sowing rule `number` (`place` then `sow`) from the
    /// stack on `from` along the path `steps`, `dirs`.
    pub(super) fn sowing_move(&self, number: u8, from: CellId, steps: u8, dirs: u64) -> Move {
        let mut choices = NO_CHOICES;
        choices[0] = from;
        write_path(&mut choices[1..], steps, dirs);
        Move::Chain {
            rule: number,
            choices,
        }
    }

    /// The move of the card rule `number` (`play cards` then `place on`)
    /// playing `cards` and putting the mover's piece on `cell`.
    pub(super) fn card_set_move(&self, number: u8, cards: [u8; 8], cell: CellId) -> Move {
        let mut choices = NO_CHOICES;
        write_cards(&mut choices, cards);
        // The `place on` after the four words of cards.
        choices[4] = cell;
        Move::Chain {
            rule: number,
            choices,
        }
    }

    /// The move of track rule `number` playing `card` (0 for a rule that
    /// plays none) and walking `parts`; with `number` [`WORDS`], the walks
    /// alone as words (a step's choices, as the general runner lists them).
    pub(super) fn track_move(&self, number: u8, card: u8, parts: &Parts) -> Move {
        self.track_words(number, card, |words| write_parts(words, parts))
    }

    /// [`Rules::track_move`] of one walk, from `from` to `to`.
    pub(super) fn walk_move(&self, number: u8, card: u8, from: CellId, to: CellId) -> Move {
        self.track_words(number, card, |words| {
            words[0] = walk_word(from as u8, to as u8);
        })
    }

    /// A track move whose walks `write` writes.
    fn track_words(&self, number: u8, card: u8, write: impl FnOnce(&mut [CellId])) -> Move {
        let mut choices = NO_CHOICES;
        // A rule that plays a card plays one of a kind held: never 0.
        let at = usize::from(card != 0 && number != WORDS);
        if at == 1 {
            choices[0] = CellId::from(card);
        }
        write(&mut choices[at..]);
        Move::Chain {
            rule: number,
            choices,
        }
    }

    /// The track rule, card (0: none) and walks of a track move.
    pub fn track_of(&self, m: Move) -> Option<(u8, u8, Parts)> {
        let Move::Chain {
            rule: number,
            choices,
        } = m
        else {
            return None;
        };
        let rule = self.rule(number).filter(|r| r.is_track())?;
        let card = match rule.steps.first() {
            Some(Step::PlayCard(_)) => choices[0] as u8,
            _ => 0,
        };
        let last = rule.steps.len() - 1;
        let words = &choices[rule.slot(last)..rule.slot(last + 1)];
        Some((number, card, read_parts(words)))
    }

    /// A chain move in notation: the cells chosen in order, a relocation
    /// written `d4-e5` (a piece picked up, then put down), a sown stack
    /// and its path `a1 b1 c1 c2`, a card set by its values `3+4`, and a
    /// group kept among equals last, `d4-e5 keep c3`. A cell the rules give
    /// (`place on`) is not written.
    pub(super) fn chain_text(&self, number: u8, choices: &Choices) -> String {
        let m = Move::Chain {
            rule: number,
            choices: *choices,
        };
        if let Some((number, card, parts)) = self.track_of(m) {
            return self.track_text(number, card, &parts);
        }
        let Some(rule) = self.rule(number) else {
            return String::new();
        };
        let label = |c: CellId| self.geometry.labels[c as usize].as_str();
        let (mut text, mut keep) = (String::new(), String::new());
        let (mut lifted, mut at, mut put) = (false, 0, NO_CELL);
        for step in &rule.steps {
            let words = &choices[at..at + step.width()];
            at += step.width();
            let c = words[0];
            match step {
                Step::PlaceOn(..) => continue,
                Step::Sow(_) => {
                    let (steps, dirs) = read_path(words);
                    for cell in self.sow_path(put, steps, dirs) {
                        text.push(' ');
                        text.push_str(label(cell));
                    }
                    continue;
                }
                Step::Walk(walk) if walk.repeats() => {
                    let capturing =
                        walk.reach == (crate::syntax::ast::Reach::Jump { capturing: true });
                    for cell in self.hop_cells(walk, put, words) {
                        text.push(if capturing { 'x' } else { '-' });
                        text.push_str(label(cell));
                        put = cell;
                    }
                    lifted = false;
                    continue;
                }
                Step::PlayCards(_) => {
                    let cards = read_cards(words);
                    let values: Vec<String> = cards
                        .iter()
                        .take_while(|&&v| v != 0)
                        .map(|v| v.to_string())
                        .collect();
                    text.push_str(&values.join("+"));
                    continue;
                }
                _ if c == NO_CELL => continue,
                Step::PromoteChosen(..) => {
                    let kind = self.kinds.get(c as usize).map_or("?", |k| k.as_str());
                    text.push(' ');
                    text.push_str(kind);
                    continue;
                }
                Step::KeepLargestGroup(_) => {
                    keep.push_str(" keep ");
                    keep.push_str(label(c));
                    continue;
                }
                Step::Rotate(_) => {
                    let turn = if c % 2 == 1 { "cw" } else { "ccw" };
                    let space = if text.is_empty() { "" } else { " " };
                    text.push_str(&format!("{space}{}{turn}", c / 2 + 1));
                    continue;
                }
                _ => {}
            }
            if !text.is_empty() {
                // A walk goes on from where the piece stands: `a1-a2-a3`.
                let goes_on = lifted || matches!(step, Step::Walk(_));
                text.push(if goes_on { '-' } else { ' ' });
            }
            // A drop is written by its column where every place drops.
            if matches!(step, Step::Place(_)) && self.writes_columns() {
                text.push_str(&self.column_text(c));
            } else {
                text.push_str(label(c));
            }
            lifted = matches!(step, Step::Pick(_) | Step::Remove(..));
            put = c;
        }
        text + &keep
    }

    /// The cards a move plays (ascending, then zeros) and the cell they
    /// name, if it plays a card set.
    pub fn played_cards(&self, m: Move) -> Option<([u8; 8], CellId)> {
        let Move::Chain { rule, choices } = m else {
            return None;
        };
        let rule = self.rule(rule)?;
        let k = rule
            .steps
            .iter()
            .position(|s| matches!(s, Step::PlayCards(_)))?;
        let at = rule.slot(k);
        let cell = match rule.steps.get(k + 1) {
            Some(Step::PlaceOn(..)) => choices[rule.slot(k + 1)],
            _ => NO_CELL,
        };
        Some((read_cards(&choices[at..]), cell))
    }

    /// The stack a move sows and its path (length and directions), if it
    /// sows.
    pub fn sown(&self, m: Move) -> Option<(CellId, u8, u64)> {
        let Move::Chain { rule, choices } = m else {
            return None;
        };
        let rule: &MoveRule = self.rule(rule)?;
        let k = rule.steps.iter().position(|s| matches!(s, Step::Sow(_)))?;
        let (steps, dirs) = read_path(&choices[rule.slot(k)..]);
        Some((choices[rule.slot(k - 1)], steps, dirs))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_and_a_card_set_come_back_from_their_words() {
        let mut words = NO_CHOICES;
        write_path(&mut words[1..], 37, 0xdead_beef_0123_4567);
        assert_eq!(read_path(&words[1..]), (37, 0xdead_beef_0123_4567));
        let cards = [1, 3, 3, 9, 13, 0, 0, 0];
        write_cards(&mut words, cards);
        assert_eq!(read_cards(&words), cards);
    }

    #[test]
    fn a_card_set_is_found_in_the_sorted_hand() {
        let hand = [2, 3, 3, 5, 9];
        assert_eq!(slots_of(&hand, &[3, 3, 9, 0, 0, 0, 0, 0]), Some(0b10110));
        assert_eq!(slots_of(&hand, &[3, 3, 3, 0, 0, 0, 0, 0]), None);
        assert_eq!(slots_of(&hand, &[4, 0, 0, 0, 0, 0, 0, 0]), None);
        assert_eq!(slots_of(&hand, &[0; 8]), Some(0));
    }
}
