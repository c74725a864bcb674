//! Pools of spare states, move buffers and journals, reused across calls, so that
//! the step runner and the rules that look ahead (blocks, tracks) allocate
//! nothing once the pools have grown.

use std::cell::RefCell;

use super::track::Change;
use super::{Move, State};

thread_local! {
    /// Spare states for the positions between steps, reused across calls;
    /// boxed, so that taking one out and putting it back moves a pointer.
    #[allow(clippy::vec_box)]
    static STATES: RefCell<Vec<Box<State>>> = const { RefCell::new(Vec::new()) };
    /// Spare buffers for a step's choices.
    static BUFFERS: RefCell<Vec<Vec<Move>>> = const { RefCell::new(Vec::new()) };
    /// A spare journal of changes to undo (a split's).
    static JOURNAL: RefCell<Vec<Change>> = const { RefCell::new(Vec::new()) };
}

/// A copy of `state` from the pool (returned with [`give_back`]). Boxed, so
/// that handing it around moves a pointer, not the state's fields.
pub(super) fn copy_of(state: &State) -> Box<State> {
    spare_copy(state, |spare, state| spare.copy_from(state, false))
}

/// A copy of `state` from the pool for a look-ahead within the turn,
/// which never finishes a turn: without the positions remembered
/// ([`State::copy_within_turn`]). Returned with [`give_back`].
pub(super) fn scratch_of(state: &State) -> Box<State> {
    spare_copy(state, State::copy_within_turn)
}

/// A spare state of the pool, to be overwritten by a copy before any use
/// (a move played on a copy of the position, `play_on_copy`): not copied
/// here, so that the first copy is not made twice.
pub(super) fn spare_for(state: &State) -> Box<State> {
    STATES
        .with(|p| p.borrow_mut().pop())
        .unwrap_or_else(|| Box::new(state.clone()))
}

/// A spare state of the pool made a copy of `state` by `copy`, or a new
/// one when the pool is empty.
fn spare_copy(state: &State, copy: impl Fn(&mut State, &State)) -> Box<State> {
    let mut spare = spare_for(state);
    copy(&mut spare, state);
    spare
}

/// Returns a copy to the pool.
pub(super) fn give_back(state: Box<State>) {
    STATES.with(|p| p.borrow_mut().push(state));
}

/// An empty buffer from the pool (returned with [`give_buffer`]).
pub(super) fn buffer() -> Vec<Move> {
    let mut b = BUFFERS.with(|p| p.borrow_mut().pop()).unwrap_or_default();
    b.clear();
    b
}

/// Returns a buffer to the pool.
pub(super) fn give_buffer(b: Vec<Move>) {
    BUFFERS.with(|p| p.borrow_mut().push(b));
}

/// An empty journal, the spare one if it is free (returned with
/// [`give_journal`]).
pub(super) fn journal() -> Vec<Change> {
    let mut j = JOURNAL.with(|j| std::mem::take(&mut *j.borrow_mut()));
    j.clear();
    j
}

/// Keeps a journal as the spare one.
pub(super) fn give_journal(j: Vec<Change>) {
    JOURNAL.with(|spare| *spare.borrow_mut() = j);
}
