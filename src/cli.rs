//! The command line (being written).
pub mod view;
