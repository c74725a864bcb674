//! Steps whose choice is more than a cell: a stack sown along a path, a
//! set of cards played. Their choices are listed as words
//! (`engine/choice.rs`) and each is walked on a copy of the position.

use super::card_sets::CardSets;
use super::chain::{Progress, Walk};
use super::choice::{self, Choices, NO_CHOICES};
use super::pool::{buffer, copy_of, give_back, give_buffer};
use super::{Move, State};
use crate::compile::MAX_CAPACITY;
use crate::ir::{CellId, MoveRule, Rules, Sowing, Step, NO_CELL};

impl Rules {
    /// Goes on from each choice of step `k`, a step whose choice takes
    /// several words (a sowing path, a card set), each played on a copy.
    pub(super) fn walk_wide(
        &self,
        rule: &MoveRule,
        k: usize,
        state: &State,
        progress: Progress,
        choices: &mut Choices,
        walk: &mut Walk,
    ) -> bool {
        let step = &rule.steps[k];
        let (at, width) = (rule.slot(k), step.width());
        let mut options = buffer();
        self.step_choices(step, state, progress, &mut options);
        let mut stop = false;
        for &option in &options {
            let Move::Chain { choices: words, .. } = option else {
                continue;
            };
            let words = &words[..width];
            choices[at..at + width].copy_from_slice(words);
            let mut next = copy_of(state);
            let mut p = progress;
            self.run_wide(step, &mut next, words, &mut p);
            stop = self.walk(rule, k + 1, &next, p, choices, walk);
            give_back(next);
            if stop {
                break;
            }
        }
        choices[at..at + width].fill(NO_CELL);
        give_buffer(options);
        stop
    }

    /// The choices of a step whose choice is words, each as `choice::of_words`.
    pub(super) fn wide_choices(
        &self,
        step: &Step,
        state: &State,
        progress: Progress,
        out: &mut Vec<Move>,
    ) {
        match step {
            Step::Sow(sowing) => self.sown_paths(sowing, state, progress, out),
            Step::PlayCards(play) => {
                let sets = CardSets::of(play, state.hand(state.mover, self));
                for slots in sets.list() {
                    let mut words = NO_CHOICES;
                    choice::write_cards(&mut words, sets.cards(slots));
                    out.push(choice::of_words(words));
                }
            }
            Step::Split(..) | Step::MoveByDice(_) => self.track_choices(step, state, progress, out),
            Step::Walk(walk) => self.hop_chains(walk, state, progress, out),
            _ => {}
        }
    }

    /// The walks of a track step with the card the move played, as words
    /// (`Rules::track_move` with no rule).
    fn track_choices(&self, step: &Step, state: &State, progress: Progress, out: &mut Vec<Move>) {
        let mut spaces = None;
        self.action_moves(choice::WORDS, progress.card, step, state, &mut spaces, out);
    }

    /// The walk of a track step that moves one mover (or switches two),
    /// as one word.
    pub(super) fn walk_choices(
        &self,
        step: &Step,
        state: &State,
        progress: Progress,
        out: &mut Vec<Move>,
    ) {
        let start = out.len();
        self.track_choices(step, state, progress, out);
        for m in &mut out[start..] {
            if let Move::Chain { choices, .. } = *m {
                *m = Move::Place(choices[0]);
            }
        }
    }

    /// The paths the stack just put on (`progress.to`, the mover's piece on
    /// top) may be sown along, as words.
    fn sown_paths(&self, sowing: &Sowing, state: &State, progress: Progress, out: &mut Vec<Move>) {
        let from = progress.to;
        let Some(&height) = state.heights.get(from as usize) else {
            return;
        };
        if height == 0 || height as usize > sowing.max_steps {
            return;
        }
        self.sow_paths(sowing, state, from, height, out, |dirs| {
            let mut words = NO_CHOICES;
            choice::write_path(&mut words, height, dirs);
            choice::of_words(words)
        });
    }

    /// Plays a step whose choice is several words (`walk_wide`).
    pub(super) fn run_wide(
        &self,
        step: &Step,
        state: &mut State,
        words: &[CellId],
        progress: &mut Progress,
    ) {
        match step {
            Step::Sow(_) => self.sow_stack(state, words, progress),
            Step::Split(..) => self.play_parts(state, &choice::read_parts(words)),
            Step::MoveByDice(_) => self.play_dice_walks(state, &choice::read_parts(words)),
            Step::Walk(walk) => {
                *progress = progress.walking();
                self.play_hops(walk, state, words, progress)
            }
            Step::PlayCards(_) => {
                let cards = choice::read_cards(words);
                let hand = state.hand(state.mover, self);
                if let Some(slots) = choice::slots_of(hand, &cards) {
                    progress.played = state.discard_cards(state.mover, slots, self).0;
                }
            }
            _ => {}
        }
        if self.plan.keeps.links {
            self.sync_links(state, None);
        }
    }

    /// Picks up the stack just put on and drops it, bottom first, along
    /// the path in `words`.
    fn sow_stack(&self, state: &mut State, words: &[CellId], progress: &mut Progress) {
        let (steps, dirs) = choice::read_path(words);
        let bits = self.step_bits();
        let mask = (1u64 << bits) - 1;
        let mut hand = [0u8; MAX_CAPACITY + 1];
        let from = progress.to;
        let height = state.take(from, self, &mut hand);
        debug_assert_eq!(height, steps as usize);
        let mut cell = from;
        for (i, &piece) in hand[..height].iter().enumerate() {
            let d = (dirs >> (i as u32 * bits)) & mask;
            cell = self.geometry.toward(cell, d as usize);
            state.push(cell, piece, self);
        }
        self.recount(state);
        state.last = cell;
        progress.to = cell;
    }
}
