//! The turn engine: state, legal moves, applying a move, end and result.
//!
//! It works on dense ids and flat arrays only; generating and playing moves
//! allocates nothing once the move buffer has grown. All chance goes through
//! the state's one seeded RNG.

mod attack;
mod bitboard;
mod block;
mod budget;
mod calls;
mod card_playout;
mod card_sets;
mod cards;
mod chain;
mod choice;
mod counters;
mod deal;
mod decisive;
mod dice;
mod dice_walks;
mod direct;
mod drop;
mod empties;
mod enclose;
mod end_test;
mod ending;
mod eval;
mod flip_playout;
mod groups;
mod hops;
mod key_set;
mod lasting;
mod liberties;
mod links;
mod majority;
mod memory;
mod moves;
mod must_capture;
mod must_leave;
mod near_lines;
mod perft;
mod piece_walk;
mod pieces;
mod pits;
mod placed;
mod play;
mod playout;
mod pool;
mod positions;
mod read;
mod relocation;
mod rotate;
mod seen;
mod select;
mod sow;
mod sow_playout;
mod split;
mod split_orders;
mod state;
mod stuck;
mod take_back;
mod track;
mod track_listing;
mod view;
mod walk;
mod walk_piece;
mod wide;
mod word_playout;

pub use budget::LIST_TIME;
pub use cards::CardOption;
pub use deal::{Round, MAX_EXCHANGE};
pub use key_set::splitmix64;
pub use moves::{Move, MoveError};
pub use perft::{perft, perft_bulk, Perft};
pub use play::below;
pub use playout::{random_playout, random_playout_inline};
pub use state::{Fault, FaultKind, Outcome, State};

/// The most moves listed in one position (16 MB of moves): past it the
/// list is cut and the state records a [`FaultKind::TooManyMoves`]. A sown
/// tall stack or a chain of many choices could otherwise list billions.
pub const MAX_MOVES: usize = 1 << 20;
