//! A split's parts in orders: when a part may follow another that comes
//! after it in the listing's order (their walks could meet); whether the
//! rules allow parts in a given order, which is what reading a typed split
//! checks; and, in the tests, the slow twin of the listing that tries
//! every order of parts by brute force.

use super::bitboard::cell_bit;
use super::eval::Scope;
use super::key_set::KeySet;
use super::pool::{copy_of, give_back, give_journal, journal};
use super::split::{Mover, Part, Split, MAX_MOVERS};
use super::track::{MAX_PARTS, NO_SPACE};
use super::State;
use crate::ir::track::MAX_SPLIT;
use crate::ir::{Against, CellId, Node, Rules, Select, SpaceKind, NO_CELL};

impl<'r> Split<'r> {
    /// A split of `card` to check parts with, listing nothing: no movers,
    /// no facts of its selection known.
    fn checking(card: u8, select: &'r Select) -> Self {
        Split {
            rule: 0,
            words: super::choice::NO_CHOICES,
            card,
            select,
            movers: [Mover::default(); MAX_MOVERS],
            len: 0,
            at: 0,
            moved: [NO_SPACE; MAX_PARTS],
            journal: journal(),
            keys: KeySet::new(),
            quiet: [0; 128],
            unlocked_only: false,
            owner_by_end_zones: false,
            apart: false,
            owner_fixed: false,
        }
    }
}

impl Rules {
    /// The spaces a walk of at most `left` spaces from `space` could read,
    /// whatever the position (its path, one space further), as a
    /// bitboard; and whether it could reach an end zone or the path's end,
    /// where what it reads depends on more.
    pub(super) fn split_reach(&self, seat: u8, space: CellId, left: i32) -> (u128, bool) {
        let track = self.tracks();
        let cells = track.cells();
        let ahead = &track.ahead[seat as usize * cells..][..cells];
        let (mut bits, mut at, mut counted) = (cell_bit(space), space, 0);
        if track.kind[space as usize] != SpaceKind::End {
            while counted <= left {
                let next = ahead[at as usize];
                if next == NO_CELL {
                    return (u128::MAX, true);
                }
                if track.kind[next as usize] == SpaceKind::End {
                    break;
                }
                bits |= cell_bit(next);
                counted += i32::from(
                    !(track.starts_uncounted && track.kind[next as usize] == SpaceKind::Start),
                );
                at = next;
            }
            if counted > left {
                return (bits, false);
            }
        }
        // In the end zone a walk reads its spaces, and one that turns back
        // may walk out of it again, behind it.
        let behind = &track.behind[seat as usize * cells..][..cells];
        let mut back = track.end(seat as usize, 1);
        for k in 1..=track.end_len {
            bits |= cell_bit(track.end(seat as usize, k));
        }
        for _ in 0..=left + 1 {
            back = behind[back as usize];
            if back == NO_CELL {
                break;
            }
            bits |= cell_bit(back);
        }
        (bits, true)
    }

    /// Whether mover `i` may take a part right after the last part's
    /// mover though it comes before it in the order: whether the spaces
    /// its walk could read or change meet those the last part changed or
    /// read (its ends, and the spaces it did not pass unseen); any, when
    /// that cannot be known.
    pub(super) fn may_meet(&self, split: &Split, at: Part, i: usize) -> bool {
        at.last.is_some() && self.meets(split, at.path, i, at.left)
    }

    /// Whether mover `i`'s walk of at most `left` spaces could read or
    /// change the spaces `path` that a part changed or read, or lock a
    /// mover (reach an end zone).
    fn meets(&self, split: &Split, path: u128, i: usize, left: i32) -> bool {
        let Mover {
            space,
            seat,
            reach,
            ends,
            ..
        } = split.movers[i];
        // Reaching an end zone may lock the last mover of a seat whose
        // count of locked movers names the seat the selection takes.
        let flips = |ends: bool| ends && !split.owner_fixed;
        // The walk of the whole split first: the rest's is part of it.
        if !split.apart || !flips(ends) && path & reach == 0 {
            return !split.apart;
        }
        let (reach, ends) = self.split_reach(seat, space, left);
        flips(ends) || path & reach != 0
    }

    /// Whether some mover of `others` may take a part of the `left`
    /// spaces after mover `last`'s part that changed or read `path`: one
    /// after it in the order, or one before it whose walk meets the part.
    pub(super) fn may_follow(
        &self,
        split: &Split,
        last: usize,
        others: u64,
        path: u128,
        left: i32,
    ) -> bool {
        others >> last != 0
            || (0..last).any(|j| others & 1 << j != 0 && self.meets(split, path, j, left))
    }

    /// Whether no split can change the seat the selection takes: each of
    /// its tests of a seat's count of locked movers holds alike from the
    /// count now up to that count and one for each mover listed that
    /// could reach an end zone.
    pub(super) fn owner_fixed(&self, state: &State, split: &Split) -> bool {
        let scope = Scope {
            card: split.card,
            ..Scope::at(state, NO_CELL)
        };
        let could_lock = split.movers[..split.len].iter().filter(|m| m.ends).count() as i64;
        split.apart
            && split.select.movers.lock_tests.iter().all(|t| {
                let now = self.eval(&Node::Read(t.read), &scope);
                let Against::Const(k) = t.against else {
                    return false;
                };
                (now..=now + could_lock)
                    .all(|v| (t.op.apply(v, k) != 0) == (t.op.apply(now, k) != 0))
            })
    }

    /// Whether `parts` (walks `(from, to)`, in the order played) is a split
    /// of `total` spaces that the rules allow from `state`: each part by a
    /// mover the selection takes on the position the parts before it left
    /// and that has not moved yet, walking some length to its `to`, the
    /// lengths summing to `total`. What reading a typed split checks when
    /// the list holds another order of the same result (its twin).
    pub(super) fn split_allows(
        &self,
        card: u8,
        total: u8,
        select: &Select,
        state: &State,
        parts: &[(CellId, CellId)],
    ) -> bool {
        let mut split = Split::checking(card, select);
        let mut scratch = copy_of(state);
        let left = i32::from(total).min(MAX_SPLIT as i32);
        let allowed = parts.len() <= MAX_PARTS
            && self.parts_allowed(&mut scratch, &mut split, parts, 0, left);
        give_back(scratch);
        give_journal(split.journal);
        allowed
    }

    /// [`Rules::split_allows`] from part `i` on, `left` spaces to go.
    fn parts_allowed(
        &self,
        state: &mut State,
        split: &mut Split,
        parts: &[(CellId, CellId)],
        i: usize,
        left: i32,
    ) -> bool {
        let Some(&(from, to)) = parts.get(i) else {
            return left == 0;
        };
        let code = state.board.get(from as usize).copied().unwrap_or(0);
        if left < 1 || !(1..=self.seats.len() as u8).contains(&code) {
            return false;
        }
        let seat = code - 1;
        let owner = self.split_owner(state, split);
        if owner.is_some_and(|o| o != seat) || !self.takes_part(state, split, i, from, seat) {
            return false;
        }
        let mut stops = [NO_CELL; MAX_SPLIT];
        let stops = &mut stops[..left as usize];
        self.walk_stops(state, seat, from, 1, stops);
        // Every length that ends there: a walk that turned back may reach
        // one space in two.
        for n in 1..=left {
            if stops[n as usize - 1] != to {
                continue;
            }
            let mark = split.journal.len();
            self.move_mover(state, from, to, &mut split.journal);
            split.moved[i] = to as u8;
            let allowed = self.parts_allowed(state, split, parts, i + 1, left - n);
            split.moved[i] = NO_SPACE;
            self.undo(state, &mut split.journal, mark);
            if allowed {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::track::{Parts, NO_PARTS};
    use crate::engine::track_listing::track_steps;
    use crate::engine::Move;
    use crate::ir::Step;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    use std::collections::BTreeSet;

    impl Rules {
        /// The slow twin of a split's listing: every list of parts in
        /// every order, each part by any mover the selection takes on the
        /// position the parts before it left; the moves they make, one a
        /// position.
        fn every_order(
            &self,
            rule: u8,
            card: u8,
            total: u8,
            select: &Select,
            state: &State,
        ) -> Vec<Move> {
            let mut split = Split::checking(card, select);
            let mut lists = Vec::new();
            let mut scratch = state.clone();
            let left = i32::from(total).min(MAX_SPLIT as i32);
            self.orders_from(&mut scratch, &mut split, &mut Vec::new(), left, &mut lists);
            let mut seen = BTreeSet::new();
            let mut moves = Vec::new();
            for parts in lists {
                let mut words: Parts = NO_PARTS;
                for (i, &(from, to)) in parts.iter().enumerate() {
                    (words.0[i], words.1[i]) = (from as u8, to as u8);
                }
                let m = self.track_move(rule, card, &words);
                if seen.insert(self.board_after(state, m)) {
                    moves.push(m);
                }
            }
            moves
        }

        /// Adds to `lists` every way to finish the parts so far.
        fn orders_from(
            &self,
            state: &mut State,
            split: &mut Split,
            parts: &mut Vec<(CellId, CellId)>,
            left: i32,
            lists: &mut Vec<Vec<(CellId, CellId)>>,
        ) {
            if left == 0 {
                return lists.push(parts.clone());
            }
            if parts.len() == MAX_PARTS {
                return;
            }
            let owner = self.split_owner(state, split);
            for from in 0..self.tracks().cells() as CellId {
                let code = state.board[from as usize];
                if !(1..=self.seats.len() as u8).contains(&code)
                    || self.tracks().kind[from as usize] == SpaceKind::Home
                    || owner.is_some_and(|o| o != code - 1)
                    || !self.takes_part(state, split, parts.len(), from, code - 1)
                {
                    continue;
                }
                let mut stops = [NO_CELL; MAX_SPLIT];
                let stops = &mut stops[..left as usize];
                self.walk_stops(state, code - 1, from, 1, stops);
                for n in 1..=left {
                    let to = stops[n as usize - 1];
                    if to == NO_CELL {
                        continue;
                    }
                    let mark = split.journal.len();
                    self.move_mover(state, from, to, &mut split.journal);
                    split.moved[parts.len()] = to as u8;
                    parts.push((from, to));
                    self.orders_from(state, split, parts, left - n, lists);
                    parts.pop();
                    split.moved[parts.len()] = NO_SPACE;
                    self.undo(state, &mut split.journal, mark);
                }
            }
        }

        /// The pieces on the board after `m`, as bytes to compare.
        fn board_after(&self, state: &State, m: Move) -> Vec<u8> {
            let mut next = state.clone();
            self.play(&mut next, m);
            [next.board.as_slice(), next.heights.as_slice()].concat()
        }
    }

    /// Compares the listing of every split the mover may play with its
    /// slow twin; returns how many splits were compared.
    fn compare_splits(rules: &Rules, state: &State) -> usize {
        let mut compared = 0;
        for (number, rule) in rules.phases[state.phase as usize].rules.iter().enumerate() {
            let Some((Some(test), Step::Split(total, select))) = track_steps(rule) else {
                continue;
            };
            rules.playable_cards(test, state, |card| {
                let mut fast = Vec::new();
                rules.split_moves(number as u8, card, *total, select, state, &mut fast);
                let slow = rules.every_order(number as u8, card, *total, select, state);
                let boards = |moves: &[Move]| -> Vec<Vec<u8>> {
                    let mut b: Vec<_> =
                        moves.iter().map(|&m| rules.board_after(state, m)).collect();
                    b.sort();
                    b
                };
                let (fast_boards, slow_boards) = (boards(&fast), boards(&slow));
                if fast_boards != slow_boards {
                    for (name, these, those) in [
                        ("listed only", &fast, &slow_boards),
                        ("every order only", &slow, &fast_boards),
                    ] {
                        for &m in these.iter() {
                            let b = rules.board_after(state, m);
                            let n = these
                                .iter()
                                .filter(|&&o| rules.board_after(state, o) == b)
                                .count();
                            if !those.contains(&b) || n > 1 {
                                eprintln!("{name}: {} (x{n})", rules.move_text(m));
                            }
                        }
                    }
                }
                let texts = |moves: &[Move]| {
                    moves
                        .iter()
                        .map(|&m| rules.move_text(m))
                        .collect::<Vec<_>>()
                };
                assert_eq!(
                    fast_boards,
                    slow_boards,
                    "listed {:?}\nevery order {:?}",
                    texts(&fast),
                    texts(&slow)
                );
                compared += 1;
                true
            });
        }
        compared
    }

    /// Plays random games of `text`, comparing every split on the way.
    fn splits_match_every_order(text: &str, games: u64, turns: usize) -> usize {
        let rules = crate::compile::load(text, &[]).expect("the rules load");
        let mut compared = 0;
        let mut moves = Vec::new();
        for seed in 0..games {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut state = rules.start(seed);
            for _ in 0..turns {
                if state.is_over() {
                    break;
                }
                compared += compare_splits(&rules, &state);
                rules.legal_moves(&state, &mut moves);
                let m = moves[rng.gen_range(0..moves.len())];
                rules.play(&mut state, m);
            }
        }
        compared
    }

    #[test]
    fn partners_splits_are_every_order_of_parts() {
        let text = include_str!("../../rules/partners.game");
        let compared = splits_match_every_order(text, 40, 400);
        assert!(compared > 100, "only {compared} splits compared");
    }

    /// Eight seats, a split of any of one's movers (every order tried).
    #[test]
    fn eight_seat_splits_are_every_order_of_parts() {
        let text = include_str!("../../tests/hostile/track-8-seats.game");
        let compared = splits_match_every_order(text, 20, 300);
        assert!(compared > 20, "only {compared} splits compared");
    }

    /// A split of 12 over up to six movers a seat, on the largest track.
    #[test]
    fn splits_of_twelve_are_every_order_of_parts() {
        let text = include_str!("../../tests/hostile/track-max-sizes.game");
        let compared = splits_match_every_order(text, 2, 150);
        assert!(compared > 20, "only {compared} splits compared");
    }
}
