//! Tabula: a general game-rules interpreter.
//!
//! The pipeline, one module a stage: [`syntax`] (text to AST), [`check`]
//! (names and types to diagnostics and a checked program), [`compile`] (to the
//! IR with precomputed geometry), [`engine`] (state, moves, end), [`ai`]
//! (players), and the command line in the binary.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod builtins;
pub mod check;
pub mod diagnostic;
pub mod syntax;
pub mod compile;
pub mod ir;
pub mod engine;
pub mod report;
pub mod ai;
pub mod cli;
