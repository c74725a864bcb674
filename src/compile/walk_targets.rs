//! The `walk-targets` pass: a step or leap whose condition reads nothing
//! but the mover and what tops the cell it reaches (`empty(cell)`,
//! `owner(cell) == next`, and, for a step, `cell != step(from, forward)`,
//! which is known for each direction) gets a table: per direction and
//! mover, the piece codes that cell may hold. The engine then tests a
//! reached cell with one bit of a word instead of the evaluator
//! (Breakthrough, chess's king, knight and pawns, draughts' men).
//!
//! Lifting the piece never changes the cell a step or leap reaches, so the
//! table holds alike for the general runner, which tests on the position
//! with the piece lifted, and for piece walks, which test where it stands.

use super::fold::{fold, Known};
use crate::ir::{CellId, Geometry, Rules, Step, Walk, NO_CELL};
use crate::syntax::ast::Reach;

/// The most piece codes a table's word holds.
const MAX_CODES: usize = 64;

/// Gives every walk that qualifies its table; says how many.
pub fn walk_targets(rules: &mut Rules) -> Option<String> {
    let seats = rules.seats.len();
    let codes = 1 + seats + rules.neutrals.len();
    if codes > MAX_CODES {
        return None;
    }
    let distinct = steps_distinct(&rules.geometry);
    let mut tables = 0;
    for phase in &mut rules.phases {
        for rule in &mut phase.rules {
            for step in &mut rule.steps {
                let Step::Walk(walk) = step else { continue };
                walk.targets = table(walk, seats, codes, distinct);
                tables += usize::from(walk.targets.is_some());
            }
        }
    }
    (tables > 0).then(|| match tables {
        1 => "1 walk".to_string(),
        n => format!("{n} walks"),
    })
}

/// The walk's table, `targets[slot * seats + mover]`, if its condition
/// folds for every direction, mover and code. The mover's own code is
/// never allowed: a step or leap never ends on the mover's own piece.
fn table(walk: &Walk, seats: usize, codes: usize, distinct: bool) -> Option<Box<[u64]>> {
    let leaps = walk.leap.is_some();
    if walk.repeats() || !matches!(walk.reach, Reach::Step | Reach::Leap) {
        return None;
    }
    let mut table = Vec::with_capacity(walk.directions.len() * seats);
    for d in &walk.directions {
        for mover in 0..seats {
            // A direction that reads only the mover (`forward`) folds too.
            let mover_only = Known {
                seats,
                mover,
                code: None,
                direction: None,
            };
            let direction = fold(d, mover_only)?;
            let mut allowed = 0u64;
            for code in (0..codes).filter(|&c| c != mover + 1) {
                let known = Known {
                    seats,
                    mover,
                    code: Some(code),
                    direction: (!leaps && distinct).then_some(direction),
                };
                let holds = match &walk.select.test {
                    Some(test) => fold(test, known)? != 0,
                    None => true,
                };
                allowed |= u64::from(holds) << code;
            }
            table.push(allowed);
        }
    }
    Some(table.into_boxed_slice())
}

/// Whether two directions never step from one cell onto the same cell:
/// then the cell a step reaches is `step(from, d)` for its direction `d`
/// and for no other.
fn steps_distinct(geometry: &Geometry) -> bool {
    let compass = &geometry.compass;
    (0..geometry.cell_count() as CellId).all(|c| {
        let mut seen = 0u128;
        (0..8).all(|d| {
            let to = compass.step(c, d);
            if to == NO_CELL {
                return true;
            }
            let bit = 1u128 << (to % 128);
            let new = seen & bit == 0;
            seen |= bit;
            new
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::plan::{Pass, Passes};

    /// The walks of a game of `seats` seats whose one rule is `pick where
    /// owner(cell) == mover then WALK`, compiled with `passes`.
    fn walk_of(walk: &str, passes: Passes) -> Walk {
        let source = format!(
            "game \"t\"\nplayers A, B, C\nboard square 5 x 5\n\
             setup: put 1 A where row(cell) == 1; put 1 B where row(cell) == 5\n\
             phase play\n  pick where owner(cell) == mover then {walk}\nend when turn == 9: draw\n"
        );
        let rules = crate::compile::load_with(&source, &[], passes).expect("the rules compile");
        match &rules.phases[0].rules[0].steps[1] {
            Step::Walk(w) => w.clone(),
            other => panic!("not a walk: {other:?}"),
        }
    }

    /// The codes a table allows for direction `slot` and `mover`.
    fn codes(walk: &Walk, slot: usize, mover: usize) -> Vec<usize> {
        let word = walk.targets.as_ref().expect("a table")[slot * 3 + mover];
        (0..64).filter(|c| word >> c & 1 != 0).collect()
    }

    #[test]
    fn a_step_compared_with_its_own_direction_is_known_per_direction() {
        let walk = "step forward, forward_left \
                    where empty(cell) or (owner(cell) == next and cell != step(from, forward))";
        let w = walk_of(walk, Passes::ALL);
        // Forward: only an empty cell. Aside: empty or the next seat's.
        assert_eq!(codes(&w, 0, 0), vec![0]);
        assert_eq!(codes(&w, 1, 0), vec![0, 2]);
        assert_eq!(codes(&w, 1, 1), vec![0, 3]);
        assert_eq!(codes(&w, 1, 2), vec![0, 1]);
        // Never the mover's own piece, even with no condition.
        let free = walk_of("step n, e", Passes::ALL);
        assert_eq!(codes(&free, 0, 1), vec![0, 1, 3]);
    }

    #[test]
    fn a_condition_reading_more_than_the_cell_s_top_keeps_the_evaluator() {
        for walk in [
            "step n where owner(cell) == owner(from)",
            "step n where height(cell) == 0",
            "leap 1, 2 where cell != step(from, n)",
            "slide n where empty(cell)",
        ] {
            assert!(walk_of(walk, Passes::ALL).targets.is_none(), "{walk}");
        }
        // What the board alone decides stays the walk's mask, beside the table.
        let masked = walk_of("step n where row(cell) == 3 and empty(cell)", Passes::ALL);
        assert!(masked.select.mask.is_some());
        assert_eq!(codes(&masked, 0, 0), vec![0]);
        let off = Passes::ALL.without(Pass::WalkTargets);
        assert!(walk_of("step n where empty(cell)", off).targets.is_none());
    }
}
