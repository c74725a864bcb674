//! Option values: the defaults, what `--set` gives, and per-seat options
//! (`option handicap(p) = 0 in 0..11`, set with `--set handicap.Blue=2`).

use super::CompileError;
use crate::check::program::Program;

/// A per-seat setting: option, seat, value (`handicap.Blue=2`).
pub type SeatSetting = (String, String, i64);

/// The `--set` pairs split into plain ones (`size=5`, and `handicap=1` for
/// every seat) and per-seat ones.
pub fn split(set: &[(String, i64)]) -> (Vec<(String, i64)>, Vec<SeatSetting>) {
    let mut plain = Vec::new();
    let mut per_seat = Vec::new();
    for (name, value) in set {
        match name.split_once('.') {
            Some((option, seat)) => per_seat.push((option.to_string(), seat.to_string(), *value)),
            None => plain.push((name.clone(), *value)),
        }
    }
    (plain, per_seat)
}

/// Every option's value, by index: its default unless set. Values set are
/// checked as the defaults were: within the option's range, and then the
/// whole rules at them, so that a board size, a hand or a deal set from
/// the command line meets the same bounds, with the same diagnostic.
pub fn values(program: &Program, set: &[(String, i64)]) -> Result<Vec<i64>, CompileError> {
    let defaults: Vec<i64> = program.options.iter().map(|o| o.default).collect();
    let mut values = defaults.clone();
    for (name, value) in set {
        let i = index(program, name)?;
        values[i] = in_range(program, i, name, *value)?;
    }
    if values != defaults {
        let checked = crate::check::check_with_values(&program.source, &values);
        if let Some(d) = checked.diagnostics.into_iter().find(|d| d.is_error()) {
            return Err(CompileError::Invalid(Box::new(d)));
        }
    }
    Ok(values)
}

/// For each per-seat option, its value for each seat that plays (empty for
/// the other options).
pub fn seat_values(
    program: &Program,
    values: &[i64],
    set: &[SeatSetting],
    seats: &[String],
) -> Result<Vec<Vec<i64>>, CompileError> {
    let mut tables: Vec<Vec<i64>> = program
        .options
        .iter()
        .zip(values)
        .map(|(o, &v)| {
            if o.per_seat {
                vec![v; seats.len()]
            } else {
                Vec::new()
            }
        })
        .collect();
    for (name, seat, value) in set {
        let i = index(program, name)?;
        let full = format!("{name}.{seat}");
        if !program.options[i].per_seat {
            return Err(CompileError::NotPerSeat { name: full });
        }
        let Some(s) = seats.iter().position(|n| n == seat) else {
            return Err(CompileError::UnknownSeat {
                name: full,
                seat: seat.clone(),
                seats: seats.join(", "),
            });
        };
        tables[i][s] = in_range(program, i, &full, *value)?;
    }
    Ok(tables)
}

/// Every option's value by name, then each seat's value of a per-seat
/// option where it differs (`handicap.Blue`), as `--set` writes them: what
/// a record keeps, so that the game replays with the same values.
pub fn named_values(
    program: &Program,
    values: &[i64],
    seat_values: &[Vec<i64>],
    seats: &[String],
) -> Vec<(String, i64)> {
    let mut named: Vec<(String, i64)> = Vec::new();
    for ((o, &v), per_seat) in program.options.iter().zip(values).zip(seat_values) {
        named.push((o.name.clone(), v));
        for (seat, &value) in seats.iter().zip(per_seat) {
            if value != v {
                named.push((format!("{}.{seat}", o.name), value));
            }
        }
    }
    named
}

/// The index of the option named, or E0015 with the names there are.
fn index(program: &Program, name: &str) -> Result<usize, CompileError> {
    if let Some(i) = program.options.iter().position(|o| o.name == name) {
        return Ok(i);
    }
    let known: Vec<&str> = program.options.iter().map(|o| o.name.as_str()).collect();
    let close = crate::diagnostic::closest(name, known.iter().copied());
    let help = match (known.is_empty(), close) {
        (true, _) => "these rules have no options".to_string(),
        (false, Some(k)) => format!("did you mean `{k}`? The options are: {}", known.join(", ")),
        (false, None) => format!("the options are: {}", known.join(", ")),
    };
    Err(CompileError::UnknownOption {
        name: name.to_string(),
        help,
    })
}

/// The value, if it is in option `i`'s range.
fn in_range(program: &Program, i: usize, name: &str, value: i64) -> Result<i64, CompileError> {
    let o = &program.options[i];
    if value < o.min || value > o.max {
        return Err(CompileError::OptionRange {
            name: name.to_string(),
            value,
            min: o.min,
            max: o.max,
        });
    }
    Ok(value)
}
