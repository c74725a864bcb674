//! The dice thrown this turn, in words.

use crate::engine::State;
use crate::ir::Rules;

/// The dice thrown this turn: "a 6 thrown", "3 and 5 thrown (8)".
pub fn thrown(rules: &Rules, state: &State) -> String {
    let count = rules.dice.map_or(0, |d| d.count as usize);
    let faces: Vec<String> = state.dice()[..count].iter().map(u8::to_string).collect();
    match faces.as_slice() {
        [one] => {
            let an = one.starts_with('8') || one == "11" || one == "18";
            format!("{} {one} thrown", if an { "an" } else { "a" })
        }
        [rest @ .., last] => {
            let sum: u32 = state.dice()[..count].iter().map(|&f| u32::from(f)).sum();
            format!("{} and {last} thrown ({sum})", rest.join(", "))
        }
        [] => String::new(),
    }
}
