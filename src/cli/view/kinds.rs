//! Kinds of piece (`kinds`) on the board: each kind its own letter, the
//! first seat's in capitals and the other seats' in small letters, as chess
//! diagrams write White's and Black's pieces (with three seats or more the
//! seat is told by colour).

use crate::ir::Rules;

/// Each kind's letter, in small letters: its name's first letter, or the
/// next of its letters not yet taken, or any free letter.
pub fn letters(rules: &Rules) -> Vec<char> {
    let mut taken = Vec::new();
    super::free_letters(&mut taken, &rules.kinds);
    taken
}

/// The letter of a piece of `seat` and kind `kind`.
pub fn glyph(letters: &[char], seat: usize, kind: u8) -> char {
    let letter = letters.get(kind as usize).copied().unwrap_or('?');
    if seat == 1 {
        letter
    } else {
        letter.to_ascii_uppercase()
    }
}

/// The legend, a line a seat: `Black: M = man   K = king`.
pub fn legend(rules: &Rules) -> String {
    let letters = letters(rules);
    // A line a seat: chess's twelve pairs on one line ran past the screen.
    let lines: Vec<String> = rules
        .seats
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            let kinds = rules.kinds.iter().enumerate();
            let pairs: Vec<String> = kinds
                .map(|(k, kind)| format!("{} = {kind}", glyph(&letters, seat, k as u8)))
                .collect();
            format!("{name}: {}", pairs.join("   "))
        })
        .collect();
    lines.join("\n")
}
