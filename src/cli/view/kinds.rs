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

/// The legend: `M = Black man   K = Black king   m = White man ...`.
pub fn legend(rules: &Rules) -> String {
    let letters = letters(rules);
    let mut pairs = Vec::new();
    for (seat, name) in rules.seats.iter().enumerate() {
        for (k, kind) in rules.kinds.iter().enumerate() {
            let g = glyph(&letters, seat, k as u8);
            pairs.push(format!("{g} = {name} {kind}"));
        }
    }
    pairs.join("   ")
}
