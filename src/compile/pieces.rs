//! Compiling stacks, the set-up and sowing: capacities, the set-up's cells,
//! and the path counts that let a random sowing move be drawn uniformly.

use super::lower::Lowerer;
use super::{value_of, CompileError};
use crate::check::program::{PieceKind, Program, StepSpec};
use crate::diagnostic::Diagnostic;
use crate::ir::{Candidates, CellId, CellMask, Geometry, Phase, Setup, Sowing, NO_CELL};

/// The most pieces a cell may hold: the pieces there can be, at most 64.
pub const MAX_CAPACITY: usize = 64;

/// How many pieces one cell can hold: 1 without stacks; with stacks, every
/// piece the game can have on the board (seats' supplies and the set-up),
/// capped at [`MAX_CAPACITY`] (with no supply limit, the cap).
pub fn capacity(
    program: &Program,
    supply: Option<i32>,
    values: &[i64],
    cells: usize,
) -> Result<usize, CompileError> {
    if !program.stacks {
        return Ok(1);
    }
    let mut total: usize = 0;
    for put in &program.setup {
        let count = value_of(&put.count, values)?.clamp(0, MAX_CAPACITY as i64) as usize;
        total = total.saturating_add(count.saturating_mul(cells));
    }
    let from_supply = match supply {
        Some(n) => (n.max(0) as usize).saturating_mul(program.seats.len()),
        None => MAX_CAPACITY,
    };
    Ok(total.saturating_add(from_supply).clamp(1, MAX_CAPACITY))
}

/// The most pieces a cell holds on a board whose stacks are sown: a
/// height is a byte.
pub const MAX_SOWN: usize = u8::MAX as usize;

/// On a board whose stacks are sown, how many pieces a cell must hold: a
/// path may drop every piece of the game on one cell, so every piece the
/// set-up and the supplies give (refused past [`MAX_SOWN`], or when
/// nothing bounds them: an unlimited or per-seat supply, or effects after
/// the turn, which may add to supplies). `None` when nothing is sown.
pub fn sown_capacity(
    program: &Program,
    supply: Option<i32>,
    setup: &[Setup],
) -> Result<Option<usize>, CompileError> {
    let steps = program.phases.iter().flat_map(|p| &p.rules);
    let sows = steps
        .flat_map(|r| &r.steps)
        .any(|s| matches!(s, StepSpec::Sow { .. }));
    if !sows || program.majority {
        return Ok(None);
    }
    let total: i64 = setup
        .iter()
        .map(|s| i64::from(s.count) * s.cells.len() as i64)
        .sum();
    let seats = program.seats.len() as i64;
    let (pieces, span) = match (supply, &program.supply) {
        (Some(n), Some(s)) if program.effects.is_empty() && program.supply_per_seat.is_none() => {
            (total.saturating_add(i64::from(n) * seats), s.span)
        }
        _ => (i64::MAX, program.board_span),
    };
    if pieces <= MAX_SOWN as i64 {
        return Ok(Some(pieces.max(1) as usize));
    }
    let count = if pieces == i64::MAX {
        "with no bound on the pieces (an unlimited or per-seat supply, or effects \
         that add to supplies)"
            .to_string()
    } else {
        format!("with {pieces} pieces (the set-up and every seat's supply)")
    };
    Err(CompileError::Invalid(Box::new(Diagnostic::Unsupported {
        what: format!("sowing {count}"),
        span: span.into(),
        help: format!(
            "a sowing path may drop every piece on one cell, which holds at most \
             {MAX_SOWN} (a height is a byte): give the game at most {MAX_SOWN} pieces in all, \
             with a `supply N` and no effect that adds to it"
        ),
    })))
}

/// The set-up: for each `put`, the piece code, the count and the cells.
pub fn setup(
    program: &Program,
    lower: &mut Lowerer,
    values: &[i64],
) -> Result<Vec<Setup>, CompileError> {
    let seats = program.seats.len();
    let mut setup = Vec::new();
    for put in &program.setup {
        let code = match put.kind {
            PieceKind::Seat(s) => s + 1,
            PieceKind::Neutral(k) => seats + 1 + k,
        } as u8;
        let count = value_of(&put.count, values)?.clamp(1, MAX_CAPACITY as i64) as u8;
        let kind = put.piece_kind;
        let mask = match &put.condition {
            Some(c) => {
                let node = lower.node(c)?;
                // The set-up is worked out once, before anything is on the board.
                lower.static_mask(&node).ok_or_else(|| {
                    CompileError::Invalid(Box::new(Diagnostic::Unsupported {
                        what: "a set-up condition that reads more than the cell's place".into(),
                        span: c.span.into(),
                        help: "the set-up's cells are chosen before the game starts, from where \
                               each cell is: use `corner`, `edge`, `centre`, `adjacent`, `row`, \
                               `column`, `on_side`, `step`, `number(cell)`, cells by label, \
                               options and arithmetic"
                            .into(),
                    }))
                })?
            }
            None => CellMask::new(vec![true; lower.cell_count()]),
        };
        let cells = (0..lower.cell_count() as CellId)
            .filter(|&c| mask.contains(c))
            .collect();
        setup.push(Setup {
            count,
            code,
            kind,
            cells,
        });
    }
    Ok(setup)
}

/// The sowing of a rule: the path counts for every length up to `capacity`.
pub fn sowing(geometry: &Geometry, no_reversal: bool, capacity: usize) -> Sowing {
    let cells = geometry.cell_count();
    let d_count = geometry.directions.len();
    let width = d_count + 1;
    // Steps are kept in a u64, `bits` a step.
    let bits = usize::BITS - (d_count - 1).leading_zeros();
    let max_steps = (capacity + 1).min(64 / bits as usize);
    let mut walks = vec![0u64; (max_steps + 1) * cells * width];
    for c in 0..cells {
        for from in 0..width {
            walks[c * width + from] = 1;
        }
    }
    for k in 1..=max_steps {
        for c in 0..cells {
            for from in 0..width {
                let mut total: u64 = 0;
                for d in 0..d_count {
                    let next = geometry.toward(c as CellId, d);
                    if next == NO_CELL || (no_reversal && from < d_count && d == from ^ 1) {
                        continue;
                    }
                    total =
                        total.saturating_add(walks[((k - 1) * cells + next as usize) * width + d]);
                }
                walks[(k * cells + c) * width + from] = total;
            }
        }
    }
    // A height after a drop reads the row above it: up to the capacity.
    let stack_paths = (0..=capacity.max(MAX_CAPACITY))
        .flat_map(|h| (0..cells).map(move |c| (h, c)))
        .map(|(h, c)| {
            if h + 1 > max_steps || h >= capacity {
                0
            } else {
                walks[((h + 1) * cells + c) * width + d_count]
            }
        })
        .collect();
    let mut next_steps = Vec::with_capacity(cells * width * d_count);
    for c in 0..cells {
        for from in 0..width {
            let row: Vec<(u8, CellId)> = (0..d_count)
                .map(|d| (d as u8, geometry.toward(c as CellId, d)))
                .filter(|&(d, to)| {
                    to != NO_CELL && !(no_reversal && from < d_count && d as usize == from ^ 1)
                })
                .collect();
            let padding = d_count - row.len();
            next_steps.extend(row);
            next_steps.extend(std::iter::repeat_n((0, NO_CELL), padding));
        }
    }
    Sowing {
        no_reversal,
        walks,
        max_steps,
        stack_paths,
        next_steps,
    }
}

/// The per-stack move counts the engine can keep up to date: only when the
/// game has exactly one sowing rule, choosing any occupied (or any) stack with
/// no further condition.
pub fn sow_cache(phases: &[Phase], cells: usize) -> Option<Vec<u64>> {
    let mut sowing = phases
        .iter()
        .flat_map(|p| &p.rules)
        .filter(|r| r.sowing().is_some());
    let rule = sowing.next()?;
    let place = rule.select()?;
    if sowing.next().is_some()
        || place.guard.is_some()
        || place.mask.is_some()
        || place.test.is_some()
    {
        return None;
    }
    let table = &rule.sowing()?.stack_paths;
    match place.candidates {
        Candidates::All => Some(table.clone()),
        // An empty cell is not a stack to sow: height 0 has no moves.
        Candidates::Occupied => Some(
            table
                .iter()
                .enumerate()
                .map(|(i, &n)| if i < cells { 0 } else { n })
                .collect(),
        ),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::{load, CompileError, LoadError};

    fn game(condition: &str) -> String {
        format!(
            "game \"T\"\nplayers X, O\nboard square 3 x 3 with stacks\nneutral Tan\n\
             numbers 1 2 3 4 5 6 7 8 9\nsetup: put 1 Tan where {condition}\n\
             phase play\n  place where empty\nend when full: draw\n"
        )
    }

    fn tan_cells(condition: &str) -> Vec<String> {
        let rules = load(&game(condition), &[]).unwrap();
        let state = rules.start(0);
        let tan = rules.seats.len() as u8 + 1;
        let cells = 0..rules.geometry.cell_count();
        cells
            .filter(|&c| state.board[c] == tan)
            .map(|c| rules.geometry.labels[c].clone())
            .collect()
    }

    #[test]
    fn the_set_up_reads_numbers_arithmetic_and_places() {
        assert_eq!(tan_cells("number(cell) == 5"), ["b2"]);
        assert_eq!(
            tan_cells("number(cell) % 2 == 1 and not centre"),
            ["a1", "c1", "a3", "c3"]
        );
        assert_eq!(
            tan_cells("cell == field(3) or adjacent(cell, a1) and edge"),
            ["b1", "a2", "c3"]
        );
    }

    #[test]
    fn a_set_up_that_reads_the_game_is_refused_not_left_empty() {
        let e = load(&game("height(cell) == 0 and mover == X"), &[]).unwrap_err();
        let LoadError::Compile(CompileError::Invalid(d)) = e else {
            panic!("{e:?}")
        };
        assert!(d.to_string().contains("set-up condition"), "{d}");
    }
}
