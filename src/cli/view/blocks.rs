//! The blocks a rule turns (`rotate block 3`), named for the legend.

use crate::ir::geometry::Shape;
use crate::ir::Rules;

/// Which block is which, where a rule turns blocks of a square board
/// (`rotate block 3`): the board draws no borders between them.
pub fn legend(rules: &Rules) -> Option<String> {
    let Shape::Square { width, height } = rules.geometry.shape else {
        return None;
    };
    let steps = rules
        .phases
        .iter()
        .flat_map(|p| &p.rules)
        .flat_map(|r| &r.steps);
    let side = steps
        .filter_map(|s| match s {
            crate::ir::Step::Rotate(side) => Some(*side as usize),
            _ => None,
        })
        .next()?;
    let across = width / side;
    let label = |x: usize, y: usize| rules.geometry.labels[y * width + x].as_str();
    // Numbered row by row from the top left, as the rule counts them.
    let names: Vec<String> = (0..across * (height / side))
        .map(|i| {
            let (x, top) = (i % across * side, height - i / across * side - 1);
            let (x2, bottom) = (x + side - 1, top + 1 - side);
            format!("{} {}-{}", i + 1, label(x, bottom), label(x2, top))
        })
        .collect();
    Some(format!(
        "Blocks of {side} x {side}: {}. A turn follows the cell: its block and `cw` or `ccw` (`{} 1cw`).",
        names.join(", "),
        label(0, 0)
    ))
}
