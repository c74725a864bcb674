//! Tabula: a general game-rules interpreter.
//!
//! The pipeline, one module a stage: [`syntax`] (text to AST), [`check`]
//! (names and types to diagnostics and a checked program), [`compile`] (to the
//! IR with precomputed geometry), [`engine`] (state, moves, end), [`ai`]
//! (players), and the command line in the binary.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod ai;
pub mod builtins;
pub mod check;
pub mod cli;
pub mod compile;
pub mod diagnostic;
pub mod engine;
pub mod ir;
pub mod lsp;
pub mod record;
pub mod report;
pub mod syntax;
