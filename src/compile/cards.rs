//! Compiling cards and counted fields: the seats an option picks, field
//! numbers, the deck and hands, card moves and the forced move.

use super::lower::Lowerer;
use super::{value_of, CompileError};
use crate::check::program::{ForcedSpec, PhaseSpec, Program};
use crate::diagnostic::Diagnostic;
use crate::ir::Read;
use crate::ir::{CardPlay, CellId, Forced, Geometry, Otherwise, NO_CELL};

/// The seats that play: the first N names of `players N of ...`, else all.
pub fn seats(program: &Program, values: &[i64]) -> Result<Vec<String>, CompileError> {
    let Some(count) = &program.seat_count else {
        return Ok(program.seats.clone());
    };
    let n = value_of(count, values)?;
    if n < 1 || n as usize > program.seats.len() {
        return Err(CompileError::Invalid(Box::new(Diagnostic::OutOfBounds {
            what: "the number of seats".into(),
            value: n.to_string(),
            min: 1,
            max: program.seats.len() as i64,
            span: count.span.into(),
        })));
    }
    Ok(program.seats[..n as usize].to_vec())
}

/// Each cell's number and the cell of each number, from `numbers` (given in
/// reading order: top row first, left to right).
pub fn numbers(
    program: &Program,
    geometry: &Geometry,
) -> Result<(Vec<i64>, Vec<CellId>), CompileError> {
    let Some((given, span)) = &program.numbers else {
        return Ok((Vec::new(), Vec::new()));
    };
    let cells = geometry.cell_count();
    if given.len() != cells {
        return Err(CompileError::Invalid(Box::new(Diagnostic::OutOfBounds {
            what: "the count of field numbers (one a cell)".into(),
            value: given.len().to_string(),
            min: cells as i64,
            max: cells as i64,
            span: (*span).into(),
        })));
    }
    let mut reading: Vec<CellId> = (0..cells as CellId).collect();
    // Square rows count up from the bottom; hex rows (`r`) count down.
    let down = if matches!(geometry.shape, crate::ir::geometry::Shape::Square { .. }) {
        -1
    } else {
        1
    };
    reading.sort_by_key(|&c| {
        let (x, y) = geometry.coords[c as usize];
        (down * y, x)
    });
    let mut numbers = vec![0; cells];
    for (&cell, &n) in reading.iter().zip(given) {
        numbers[cell as usize] = n;
    }
    let largest = given.iter().copied().max().unwrap_or(0).max(0) as usize;
    let mut field_of = vec![NO_CELL; largest + 1];
    for &cell in reading.iter().rev() {
        // The first cell in reading order wins when two share a number.
        field_of[numbers[cell as usize] as usize] = cell;
    }
    Ok((numbers, field_of))
}

/// The cards of `play MIN..MAX cards`: for each hand size, the sets of hand
/// slots that play an allowed number of cards.
pub fn card_play(min: u8, max: u8) -> CardPlay {
    let mut sets_by_size = [[0u64; 4]; 9];
    for (n, sets) in sets_by_size.iter_mut().enumerate() {
        for slots in 1usize..1 << n {
            let played = slots.count_ones() as u8;
            if (min..=max).contains(&played) {
                sets[slots / 64] |= 1 << (slots % 64);
            }
        }
    }
    CardPlay {
        sets_by_size,
        min,
        max,
    }
}

/// The phase's forced move, if it has one.
pub fn otherwise(
    lower: &mut Lowerer,
    phase: &PhaseSpec,
) -> Result<Option<Otherwise>, CompileError> {
    let Some((spec, forced)) = phase
        .rules
        .iter()
        .find_map(|r| r.otherwise.as_ref().map(|d| (r, d)))
    else {
        return Ok(None);
    };
    let action = match forced {
        ForcedSpec::DiscardHand(draw) => {
            Forced::DiscardHand(draw.as_ref().map(|d| lower.node(d)).transpose()?)
        }
        ForcedSpec::Pass => Forced::Pass,
        // Not a move: the phase's `stuck`.
        ForcedSpec::Stuck(..) => return Ok(None),
    };
    Ok(Some(Otherwise {
        action,
        text: spec.text.clone(),
    }))
}

/// Cards dealt to each seat: the `hand` constant, at most what the deck
/// shares out.
pub fn hand(program: &Program, values: &[i64], seats: usize) -> Result<usize, CompileError> {
    let Some(size) = &program.hand else {
        return Ok(0);
    };
    let n = value_of(size, values)?;
    let most = program.deck.len() / seats.max(1);
    if n < 0 || n as usize > most {
        return Err(CompileError::Invalid(Box::new(Diagnostic::OutOfBounds {
            what: "the cards dealt to each seat".into(),
            value: n.to_string(),
            min: 0,
            max: most as i64,
            span: size.span.into(),
        })));
    }
    Ok(n as usize)
}

/// For a condition that reads the card played and nothing else of the
/// game, whether it allows each kind of card (by code); `None` for any
/// other condition.
pub fn card_kinds_allowed(test: &crate::ir::Node, kinds: &[(String, i64)]) -> Option<Vec<bool>> {
    (0..kinds.len())
        .map(|code| card_value(test, code as i64, kinds).map(|v| v != 0))
        .collect()
}

/// The value of `node` when the card played has code `card`, if nothing
/// else of the game decides it.
fn card_value(node: &crate::ir::Node, card: i64, kinds: &[(String, i64)]) -> Option<i64> {
    use crate::ir::Node;
    let v = |n: &Node| card_value(n, card, kinds);
    Some(match node {
        Node::Const(c) => *c,
        Node::Read(Read::Card) => card,
        Node::Call(crate::builtins::BuiltinId::Value, c) => usize::try_from(v(c.first()?)?)
            .ok()
            .and_then(|c| kinds.get(c))
            .map_or(0, |k| k.1),
        Node::Not(a) => (v(a)? == 0) as i64,
        Node::Neg(a) => v(a)?.checked_neg()?,
        Node::And(a, b) => (v(a)? != 0 && v(b)? != 0) as i64,
        Node::Or(a, b) => (v(a)? != 0 || v(b)? != 0) as i64,
        Node::Cmp(op, a, b) => op.apply(v(a)?, v(b)?),
        Node::CmpConst(op, a, c) => op.apply(v(a)?, *c),
        Node::Arith(op, a, b, _) => op.checked(v(a)?, v(b)?)?,
        Node::If(a, c, b) => {
            if v(c)? != 0 {
                v(a)?
            } else {
                v(b)?
            }
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    /// The cells' numbers by label, for a board and its `numbers` item.
    fn numbered(board: &str, numbers: &str) -> Vec<(String, i64)> {
        let source = format!(
            "game \"x\"\nplayers A, B\nboard {board}\nnumbers {numbers}\nphase p\n  place where empty\nend when full: draw\n"
        );
        let rules = crate::compile::load(&source, &[]).expect("compiles");
        let mut cells: Vec<(String, i64)> = rules
            .geometry
            .labels
            .iter()
            .cloned()
            .zip(rules.numbers.iter().copied())
            .collect();
        cells.sort_by_key(|c| c.1);
        cells
    }

    #[test]
    fn a_condition_on_the_card_alone_becomes_a_table_of_kinds() {
        use crate::ir::{CardTest, Step};
        let rules = crate::compile::shipped("partners", &[]);
        let Step::PlayCard(CardTest::Kinds(kinds)) = &rules.phases[0].rules[0].steps[0] else {
            panic!("`forward(card)` reads the card alone");
        };
        let kinds = kinds.as_slice();
        let allowed: Vec<&str> = (0..kinds.len())
            .filter(|&c| kinds[c])
            .map(|c| rules.card_kinds[c].0.as_str())
            .collect();
        assert_eq!(
            allowed,
            ["1", "2", "3", "5", "6", "8", "9", "10", "12", "13"]
        );
        // A condition that reads the game stays a test.
        let text = std::fs::read_to_string(format!(
            "{}/rules/partners.game",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap()
        .replace(
            "play card where value(card) == -4",
            "play card where value(card) == -4 and hand_size(mover) > 1",
        );
        let rules = crate::compile::load(&text, &[]).unwrap();
        let tested = rules.phases[0]
            .rules
            .iter()
            .any(|r| matches!(r.steps[0], Step::PlayCard(CardTest::Test(_))));
        assert!(tested);
    }

    #[test]
    fn numbers_are_given_in_reading_order_top_row_first() {
        let square = numbered("square 2 x 2", "1 2 3 4");
        let labels: Vec<&str> = square.iter().map(|c| c.0.as_str()).collect();
        assert_eq!(labels, ["a2", "b2", "a1", "b1"]);
        // Hex rows are lettered from the bottom: the top row is c.
        let hex = numbered("hex 2", "1 2 3 4 5 6 7");
        let labels: Vec<&str> = hex.iter().map(|c| c.0.as_str()).collect();
        assert_eq!(labels, ["c2", "c3", "b1", "b2", "b3", "a1", "a2"]);
    }
}
