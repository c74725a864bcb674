//! Dice: thrown at the start of every turn (the first too), each face a
//! chance outcome in the log, or taken from a record's script when it is
//! replayed; and `ahead`, where a walk of a die's pips takes a mover.

use rand::Rng;

use super::State;
use crate::ir::{CellId, Dice, Rules, SpaceKind, NO_CELL};

impl State {
    /// The faces of the dice thrown this turn (0 for no die).
    pub fn dice(&self) -> &[u8] {
        &self.dice
    }

    /// Takes `faces` as the next throw instead of drawing it: perft counts
    /// each throw after a move as its own position. Faces out of the dice's
    /// range spoil the script, as a bad record does.
    pub fn throw_next(&mut self, faces: &[u8]) {
        self.script.clear();
        self.script.extend(faces.iter().map(|&f| u32::from(f)));
        self.script_at = 0;
    }

    /// The next die's face from the script, if it lists one the dice
    /// have; one they do not have spoils the script (the RNG is used from
    /// here on).
    fn scripted_face(&mut self, dice: &Dice) -> Option<u8> {
        let scripted = self.script.get(self.script_at).copied()?;
        if (u32::from(dice.low)..=u32::from(dice.high)).contains(&scripted) {
            self.script_at += 1;
            return Some(scripted as u8);
        }
        self.bad_script = true;
        self.script.clear();
        None
    }
}

/// The most throws `first by dice` makes to find one highest die.
const MAX_FIRST_THROWS: usize = 64;

impl State {
    /// How many dice of this throw no walk has used yet.
    pub(super) fn dice_left(&self, rules: &Rules) -> u32 {
        let count = rules.dice.map_or(0, |d| u32::from(d.count));
        count.saturating_sub(u32::from(self.dice_used))
    }
}

impl Rules {
    /// The dice for the turn starting: thrown, unless the turn before
    /// keeps its throw (`again keeping the throw`), which is used afresh.
    /// Out of line: only games with dice call it.
    #[inline(never)]
    pub(super) fn next_throw(&self, state: &mut State) {
        state.dice_used = 0;
        if !std::mem::take(&mut state.keep_throw) {
            self.throw_dice(state);
        }
    }

    /// `first by dice`: each seat throws its die (die 1 the first seat's),
    /// again while the highest is shared; the highest starts, with that
    /// throw as its own.
    pub(super) fn throw_first(&self, state: &mut State) {
        let seats = self.seats.len();
        // Dice of one face tie for ever: after this many throws the first
        // seat of the highest starts.
        for throws in 1..=MAX_FIRST_THROWS {
            self.throw_dice(state);
            let faces = &state.dice[..seats.min(state.dice.len())];
            let high = faces.iter().copied().max().unwrap_or(0);
            let alone = faces.iter().filter(|&&f| f == high).count() == 1;
            if alone || throws == MAX_FIRST_THROWS {
                state.mover = faces.iter().position(|&f| f == high).unwrap_or(0) as u8;
                return;
            }
        }
    }

    /// `pips(p, c)`: the spaces a mover of seat `p` on `c` walks to reach
    /// its end zone (a home one before the path's first space), 0 in the
    /// end zone, -1 off the seat's path or off a track.
    pub(super) fn pips(&self, seat: usize, cell: CellId) -> i64 {
        let Some(track) = self.track.as_ref().filter(|_| seat < self.seats.len()) else {
            return -1;
        };
        let Some(kind) = track.kind.get(cell as usize) else {
            return -1;
        };
        match kind {
            SpaceKind::Home if track.home(seat) == cell => track.ring() as i64 + 1,
            SpaceKind::End if track.seat_of[cell as usize] as usize == seat => 0,
            SpaceKind::Home | SpaceKind::End => -1,
            _ => track.ring() as i64 - i64::from(track.progress(seat, cell)),
        }
    }

    /// Throws the dice for the turn starting: each face from the script
    /// or the game's RNG, logged as a chance outcome.
    pub(super) fn throw_dice(&self, state: &mut State) {
        let Some(dice) = self.dice else {
            return;
        };
        for i in 0..dice.count as usize {
            let face = match state.scripted_face(&dice) {
                Some(face) => face,
                None => state.rng.gen_range(dice.low..=dice.high),
            };
            state.dice[i] = face;
            state.chance.push(u32::from(face));
        }
    }

    /// `ahead(c, n)`: where the mover on top of `c` ends after walking `n`
    /// spaces along its seat's path, as `move by n` walks it; no cell when
    /// it cannot, when `c` holds no seat's mover, or off a track. Out of
    /// line: inlined into `chance_facts` (as it was once chess's reads
    /// grew), Backgammon took 0.55% more instructions a game.
    #[inline(never)]
    pub(super) fn ahead(&self, state: &State, from: CellId, n: i64) -> CellId {
        let Some(top) = self.track.as_ref().and(state.board.get(from as usize)) else {
            return NO_CELL;
        };
        let seat = top.wrapping_sub(1);
        if seat as usize >= self.seats.len() || n == 0 {
            return NO_CELL;
        }
        let n = n.clamp(-127, 127) as i32;
        self.walk_track(state, seat, from, n).unwrap_or(NO_CELL)
    }
}
