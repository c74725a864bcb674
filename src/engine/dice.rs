//! Dice: thrown at the start of every turn (the first too), each face a
//! chance outcome in the log, or taken from a record's script when it is
//! replayed; and `ahead`, where a walk of a die's pips takes a mover.

use rand::Rng;

use super::State;
use crate::ir::{CellId, Dice, Rules, NO_CELL};

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

impl Rules {
    /// Throws the dice for the turn starting: each face from the script
    /// or the game's RNG, logged as a chance outcome. Out of line: a turn
    /// of a game without dice pays one test.
    #[inline(never)]
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
    /// it cannot, when `c` holds no seat's mover, or off a track.
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
