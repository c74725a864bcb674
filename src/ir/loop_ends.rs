//! The end rules as each playout loop reads them: the `playout-loop` pass
//! turns each end test (`end_test.rs`) into the loop's own small reader
//! once, when compiling, so that a loop starts from the plan and matches
//! no end test during play. A reader is small on purpose: the loops copy
//! them into registers, and a larger one measured slower (below).

use super::end_test::{Atom, Counter, EndTest, Who};
use super::plan::LOOP_ENDS;
use super::CmpOp;

/// An end rule as the placement loop reads it. The leaves are variants
/// here as well as in [`Leaf`]: one match, not two, on the common ends (a
/// nested enum cost Gomoku 6%).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Probe {
    /// The mover has a line of the table's length (a table index, as the
    /// loop indexes with it).
    MoverLine(usize),
    /// No cell is empty.
    Full,
    /// The mover has no piece left (`supply(mover) == 0`).
    MoverOut,
    /// The mover has a run the table counts (`exact_line(5, mover)`: a
    /// table index, as the loop indexes with it).
    MoverRuns(usize),
    /// `a or b`, both read straight off the state (`supply(mover) == 0 or
    /// full`).
    Either(Leaf, Leaf),
    /// Any other condition: its end test, read by the engine.
    Other,
}

/// An end condition the placement loop reads straight off the state. Two
/// bytes, so that a [`Probe`] is no larger for holding two: a larger probe
/// made Gomoku's loop 2-3% slower.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaf {
    /// The mover has a line of the table's length.
    MoverLine(u8),
    /// No cell is empty.
    Full,
    /// The mover has no piece left.
    MoverOut,
    /// The mover has a run the table counts.
    MoverRuns(u8),
}

/// An end rule as the placement loop on words reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WordEnd {
    /// The mover has a line of the table's length.
    MoverLine(u8),
    /// No cell is empty.
    Full,
}

/// An end rule as the sowing and flipping loops read it on their words: a
/// leaf, or two joined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeafEnd {
    /// A leaf.
    One(Atom),
    /// Both leaves.
    Both(Atom, Atom),
    /// Either leaf.
    Either(Atom, Atom),
}

/// The placement loop's probes of the end rules, when there are at most
/// [`LOOP_ENDS`] (more: the loop asks the engine for each).
pub fn probes(ends: &[EndTest]) -> Option<[Probe; LOOP_ENDS]> {
    let mut probes = [Probe::Other; LOOP_ENDS];
    if ends.len() > LOOP_ENDS {
        return None;
    }
    for (probe, test) in probes.iter_mut().zip(ends) {
        *probe = match *test {
            EndTest::Either(a, b) => match (leaf(a), leaf(b)) {
                (Some(a), Some(b)) => Probe::Either(a, b),
                _ => Probe::Other,
            },
            EndTest::One(a) => match leaf(a) {
                Some(Leaf::MoverLine(t)) => Probe::MoverLine(t as usize),
                Some(Leaf::Full) => Probe::Full,
                Some(Leaf::MoverOut) => Probe::MoverOut,
                Some(Leaf::MoverRuns(t)) => Probe::MoverRuns(t as usize),
                None => Probe::Other,
            },
            _ => Probe::Other,
        };
    }
    Some(probes)
}

/// The leaf the placement loop reads for an atom, if it reads it directly.
fn leaf(atom: Atom) -> Option<Leaf> {
    Some(match atom {
        Atom::Line(t, Who::Mover) => Leaf::MoverLine(t),
        Atom::Full => Leaf::Full,
        Atom::Compare(Counter::Supply(Who::Mover), CmpOp::Eq, 0) => Leaf::MoverOut,
        Atom::Compare(Counter::Runs(t, Who::Mover), CmpOp::Gt, 0) => Leaf::MoverRuns(t),
        _ => return None,
    })
}

/// The word loop's reading of the end rules: each the mover's line or a
/// full board, at most [`LOOP_ENDS`] of them; `None` otherwise.
pub fn word_ends(ends: &[EndTest]) -> Option<[WordEnd; LOOP_ENDS]> {
    let mut words = [WordEnd::Full; LOOP_ENDS];
    if ends.len() > LOOP_ENDS {
        return None;
    }
    for (word, test) in words.iter_mut().zip(ends) {
        *word = match test {
            EndTest::One(Atom::Line(t, Who::Mover)) => WordEnd::MoverLine(*t),
            EndTest::One(Atom::Full) => WordEnd::Full,
            _ => return None,
        };
    }
    Some(words)
}

/// The sowing loop's reading of the end rules: each made of leaves, at
/// most [`LOOP_ENDS`] of them; `None` otherwise.
pub fn sow_ends(ends: &[EndTest]) -> Option<[LeafEnd; LOOP_ENDS]> {
    leaf_ends(ends, on_words)
}

/// The flipping loop's reading of the end rules: each made of leaves it
/// holds on its words (a full board, a count of pieces, the turn, the
/// forced passes in a row), at most [`LOOP_ENDS`] of them; `None` otherwise.
pub fn flip_ends(ends: &[EndTest]) -> Option<[LeafEnd; LOOP_ENDS]> {
    leaf_ends(ends, |a| {
        matches!(
            a,
            Atom::Full | Atom::Compare(Counter::Count(_) | Counter::Turn | Counter::Passes, ..)
        )
    })
}

/// The end rules as leaves, or two joined, each one `held` says a loop's
/// words hold; at most [`LOOP_ENDS`] of them.
fn leaf_ends(ends: &[EndTest], held: fn(Atom) -> bool) -> Option<[LeafEnd; LOOP_ENDS]> {
    let mut tests = [LeafEnd::One(Atom::Full); LOOP_ENDS];
    if ends.len() > LOOP_ENDS {
        return None;
    }
    for (leaf, test) in tests.iter_mut().zip(ends) {
        *leaf = match *test {
            EndTest::One(a) if held(a) => LeafEnd::One(a),
            EndTest::Both(a, b) if held(a) && held(b) => LeafEnd::Both(a, b),
            EndTest::Either(a, b) if held(a) && held(b) => LeafEnd::Either(a, b),
            _ => return None,
        };
    }
    Some(tests)
}

/// Whether the sowing loop's words hold what `atom` reads: all but runs,
/// forced passes (the loop has none) and sides.
fn on_words(atom: Atom) -> bool {
    !matches!(
        atom,
        Atom::Compare(Counter::Runs(..) | Counter::Passes, ..) | Atom::OnSide(..)
    )
}
