//! What a move took off the board, in words: a capture or a group sent
//! back to its owner is otherwise seen only by comparing two pictures.

use crate::engine::State;
use crate::ir::geometry::Shape;
use crate::ir::{CellId, Rules};

/// The pieces `move_text` (just played, from `before` to `after`) took off
/// the board, seat by seat: `Blue's pieces on f6 g6 went back to Blue's
/// supply.` A piece is gone from a cell that is empty after the move (but
/// for the mover's pieces on cells the move names, as many as arrived
/// elsewhere: they were moved, not lost),
/// or that holds another seat's piece on a cell the move names (taken by
/// landing there); a piece turned over in place (Reversi) is not gone.
/// Boards of stacks, pits, tracks and counted fields say what moved in
/// their own ways and get nothing here.
pub fn removed(rules: &Rules, before: &State, after: &State, move_text: &str) -> Option<String> {
    let own_way = matches!(rules.geometry.shape, Shape::Pits { .. } | Shape::Track);
    if own_way || rules.stacks || rules.majority {
        return None;
    }
    // A capture's `x` parts two cells as `-` does: `c3xe5`.
    let mut after_digit = false;
    let named: Vec<CellId> = move_text
        .split(|c: char| {
            let part = !c.is_ascii_alphanumeric() || (c == 'x' && after_digit);
            after_digit = c.is_ascii_digit();
            part
        })
        .filter_map(|w| rules.geometry.cell_by_label(&w.to_ascii_lowercase()))
        .collect();
    let (seats, mover) = (rules.seats.len(), before.mover as usize);
    let cells = 0..rules.geometry.cell_count();
    // The mover's pieces that arrived somewhere: as many of the cells it
    // emptied and names were moves, not losses.
    let own = mover as u8 + 1;
    let mut moved = cells
        .clone()
        .filter(|&c| after.board[c] == own && before.board[c] != own)
        .count();
    let mut gone: Vec<Vec<&str>> = vec![Vec::new(); seats];
    for c in cells {
        let (was, is) = (before.board[c], after.board[c]);
        let Some(seat) = (was as usize).checked_sub(1).filter(|&s| s < seats) else {
            continue;
        };
        let here = named.contains(&(c as CellId));
        let lost = match is {
            0 if here && seat == mover && moved > 0 => {
                moved -= 1;
                false
            }
            0 => true,
            _ => is != was && here,
        };
        if lost {
            gone[seat].push(&rules.geometry.labels[c]);
        }
    }
    // No more pieces of a seat left the board than its count fell by (one
    // more for the mover, who may have put one down): a turn of a block
    // (Pentago) empties cells without taking anything.
    let on_board = |state: &State, seat: usize| {
        state
            .board
            .iter()
            .filter(|&&b| b as usize == seat + 1)
            .count()
    };
    for (seat, cells) in gone.iter_mut().enumerate() {
        let put = usize::from(seat == mover && !named.is_empty());
        let fell = (on_board(before, seat) + put).saturating_sub(on_board(after, seat));
        cells.truncate(fell);
    }
    let said: Vec<String> = gone
        .iter()
        .enumerate()
        .filter(|(_, cells)| !cells.is_empty())
        .map(|(seat, cells)| {
            let name = &rules.seats[seat];
            let pieces = if cells.len() == 1 { "piece" } else { "pieces" };
            let back = after.supply[seat] > before.supply[seat] && after.supply[seat] < i32::MAX;
            let went = match back {
                true => format!("went back to {name}'s supply"),
                false => "left the board".to_string(),
            };
            format!("{name}'s {pieces} on {} {went}", cells.join(" "))
        })
        .collect();
    (!said.is_empty()).then(|| format!("{}.", said.join("; ")))
}
