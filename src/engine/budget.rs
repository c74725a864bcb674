//! How long listing one position's moves may take: besides the count
//! ([`super::MAX_MOVES`]), a listing of the general step runner, which
//! plays each way through a chain on copies, stops after [`LIST_TIME`],
//! and the state records a [`super::FaultKind::SlowListing`] (R0006). The clock is read once every
//! [`EVERY`] steps, so that ordinary listings, which take fewer, never read
//! it; the time is counted from the first reading.
//!
//! Listings may nest: the clock is the outermost listing's, kept per
//! thread; steps outside any listing are not timed.

use std::cell::Cell;
use std::time::{Duration, Instant};

/// The longest one position's moves may take to list.
pub const LIST_TIME: Duration = Duration::from_secs(1);

/// Steps between two readings of the clock (a power of two: a mask).
const EVERY: u32 = 4096;

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
    (listed, OVER.get())
}

/// Counts a step of a listing (a choice played on a copy, a move tested);
/// true once the listing's time has run out: stop listing.
#[inline(always)]
pub(super) fn step() -> bool {
    let steps = STEPS.get().wrapping_add(1);
    STEPS.set(steps);
    steps & (EVERY - 1) == 0 && read_clock()
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
}
