//! The legend under a game's title: which letter is which seat or kind,
//! and how the board reads.

use super::{blocks, fields, kinds, piece_glyphs};
use crate::ir::geometry::Shape;
use crate::ir::Rules;

/// Which letter stands for which seat and neutral kind, on one line; with
/// stacks a second line says how a stack reads.
pub fn legend(rules: &Rules) -> String {
    if rules.majority && matches!(rules.geometry.shape, Shape::Square { .. }) {
        return fields::legend(rules);
    }
    if !rules.kinds.is_empty() {
        return kinds::legend(rules);
    }
    if rules.geometry.ring.is_some() && rules.track.is_none() {
        // Pits show counts, never letters: a letter legend would name
        // nothing on the board.
        return "A pit shows its seeds; a store is in brackets. Seeds are sown counterclockwise."
            .to_string();
    }
    let glyphs = piece_glyphs(rules);
    let kinds = rules.seats.iter().map(|s| s.to_string());
    let neutrals = rules.neutrals.iter().map(|n| format!("{n} (neutral)"));
    let pairs: Vec<String> = glyphs
        .iter()
        .zip(kinds.chain(neutrals))
        .map(|(g, kind)| format!("{g} = {kind}"))
        .collect();
    let mut out = pairs.join("   ");
    if let Some(track) = &rules.track {
        // The first seat's movers as the example, in its own glyph.
        let (glyph, seat) = (glyphs.first().cloned().unwrap_or_default(), &rules.seats[0]);
        // A facing track names its spaces above and below their rows.
        let empty = match track.facing {
            true => "a dot when empty; its name is above or below it",
            false => "or its name when empty",
        };
        out.push_str(&format!(
            "\nA space shows its movers (`{glyph}{glyph}`: two of {seat}'s, `{glyph}5`: five), {empty}."
        ));
    } else if rules.stacks {
        out.push_str("\nStacks read bottom to top: the last letter of a cell is its top piece.");
    }
    if let Some(blocks) = blocks::legend(rules) {
        out.push('\n');
        out.push_str(&blocks);
    }
    out
}
