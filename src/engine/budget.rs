//! How long listing one position's moves may take: besides the count
//! ([`super::MAX_MOVES`]), a listing of the general step runner, which
//! plays each way through a chain on copies, stops after [`LIST_TIME`],
//! and the state records a [`super::FaultKind::SlowListing`] (R0006). The clock is read once every
//! [`EVERY`] steps, so that ordinary listings, which take fewer, never read
//! it; the time is counted from the first reading.
//!
//! Listings may nest: the clock is the outermost listing's, kept per
//! thread; steps outside any listing are not timed.

use super::Move;
use std::cell::Cell;
use std::time::{Duration, Instant};

/// The longest one position's moves may take to list.
pub const LIST_TIME: Duration = Duration::from_secs(1);

/// Steps between two readings of the clock (a power of two: a mask).
const EVERY: u32 = 4096;

/// Moves a filter tests between two countings of its steps.
const BATCH: usize = 32;

thread_local! {
    /// Steps since the outermost listing began (a multiple of [`EVERY`]
    /// minus one once the time ran out, so that every step reads `OVER`).
    static STEPS: Cell<u32> = const { Cell::new(0) };
    /// Listings open on this thread.
    static DEPTH: Cell<u32> = const { Cell::new(0) };
    /// The first reading of the clock in this listing.
    static SINCE: Cell<Option<Instant>> = const { Cell::new(None) };
    /// Whether the time ran out.
    static OVER: Cell<bool> = const { Cell::new(false) };
}

/// Runs `list` as a listing (the outermost one starts the clock afresh);
/// also says whether the time ran out during it.
pub(super) fn listing<T>(list: impl FnOnce() -> T) -> (T, bool) {
    let depth = DEPTH.get();
    if depth == 0 {
        STEPS.set(0);
        SINCE.set(None);
        OVER.set(false);
    }
    DEPTH.set(depth + 1);
    let listed = list();
    DEPTH.set(depth);
    let over = OVER.get();
    if depth == 0 {
        // Outside any listing nothing has run out (see `ran_out`).
        OVER.set(false);
    }
    (listed, over)
}

/// Counts a step of a listing (a choice played on a copy, a move tested);
/// true once the listing's time has run out: stop listing.
#[inline(always)]
pub(super) fn step() -> bool {
    let steps = STEPS.get().wrapping_add(1);
    STEPS.set(steps);
    steps & (EVERY - 1) == 0 && read_clock()
}

/// Counts `n` steps at once (a walk whose ways were counted as it went);
/// true once the listing's time has run out.
pub(super) fn steps(n: u32) -> bool {
    let before = STEPS.get();
    let after = before.wrapping_add(n);
    STEPS.set(after);
    (before ^ after) >= EVERY && read_clock()
}

/// Whether the time of the listing open on this thread has run out (false
/// outside any listing: the outermost listing clears it as it ends).
#[inline]
pub(super) fn ran_out() -> bool {
    OVER.get()
}

/// Keeps the moves `passes` keeps, a filter's test, trying them in order
/// until the listing's time runs out: the moves not tested by then (and
/// one whose test was cut) are kept, as nothing is known against them.
pub(super) fn retain_in_time(moves: &mut Vec<Move>, mut passes: impl FnMut(Move) -> bool) {
    let (mut kept, mut tested) = (0, 0);
    while tested < moves.len() {
        // Counted by the batch: the move loop then reads only `OVER`.
        if tested % BATCH == 0 && steps(BATCH as u32) {
            break;
        }
        let m = moves[tested];
        let pass = passes(m);
        if ran_out() {
            break;
        }
        moves[kept] = m;
        kept += usize::from(pass);
        tested += 1;
    }
    let untested = moves.len() - tested;
    moves.copy_within(tested.., kept);
    moves.truncate(kept + untested);
}

/// Reads the clock (every [`EVERY`] steps): whether the time has run out.
#[cold]
#[inline(never)]
fn read_clock() -> bool {
    if DEPTH.get() == 0 {
        // A walk outside any listing (a move played, a win tested): untimed.
        return false;
    }
    if !OVER.get() {
        let now = Instant::now();
        let since = SINCE.get().unwrap_or(now);
        SINCE.set(Some(since));
        OVER.set(now.duration_since(since) > LIST_TIME);
    }
    if OVER.get() {
        // Every later step of this listing comes back here.
        STEPS.set(STEPS.get().wrapping_sub(1));
    }
    OVER.get()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_listing_stops_when_its_time_runs_out_and_the_next_starts_afresh() {
        let ((), over) = listing(|| {
            let started = Instant::now();
            while !step() {
                assert!(started.elapsed() < LIST_TIME * 10, "never ran out");
            }
        });
        assert!(over);
        let ((), over) = listing(|| {
            for _ in 0..EVERY * 2 {
                assert!(!step());
            }
        });
        assert!(!over);
    }

    #[test]
    fn a_filter_cut_by_time_keeps_what_it_had_not_tested() {
        let moves: Vec<Move> = (0..10).map(Move::Place).collect();
        let (kept, over) = listing(|| {
            let mut kept = moves.clone();
            let mut tested = 0;
            retain_in_time(&mut kept, |_| {
                tested += 1;
                // The fourth test takes the rest of the time.
                while tested == 4 && !step() {}
                tested % 2 == 0
            });
            kept
        });
        assert!(over);
        // Passed: the second; cut: the fourth and all after it.
        assert_eq!(kept, [&moves[1..2], &moves[3..]].concat());
        // Outside a listing nothing runs out.
        assert!(!ran_out());
    }
}
