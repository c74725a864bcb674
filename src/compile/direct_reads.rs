//! `direct-reads`: built-ins whose arguments are the context's names, and
//! comparisons of such values, compiled into reads and tests that the
//! engine takes in one step (see `ir/read.rs`).
//!
//! - A counter of a seat named directly (`supply(mover)`, `line#0(5,
//!   mover)`), and a read of a context cell (`height(to)`, `owner(cell)`,
//!   `stones(piece, to)`), become one [`Read`].
//! - A read compared with a constant or another read, or negated, becomes
//!   a [`Test`]; two tests joined by `and`, [`Node::Both`]; one read or
//!   another as a test holds, [`Node::Choose`].
//!
//! The pass runs last: the passes before it recognise the general forms.
//! It changes no value: with it off the evaluator computes the same from
//! the general nodes, which `tests/passes.rs` checks.

use crate::ir::{Node, Read, Rules, Test};

/// Rewrites every expression of the rules; says how many reads and tests
/// it made, or `None` if none.
pub fn direct_reads(rules: &mut Rules) -> Option<String> {
    let (mut reads, mut tests) = (0usize, 0usize);
    rules.rewrite_nodes(&mut |n| {
        if matches!(
            n,
            Node::Read(_) | Node::Test(_) | Node::Both(_) | Node::Choose(_)
        ) {
            return;
        }
        if let Some(read) = Read::of(n) {
            *n = Node::Read(read);
            reads += 1;
        } else if let Some(test) = Test::of(n) {
            *n = Node::Test(test);
            tests += 1;
        } else if let Node::And(a, b) = n {
            if let (Node::Test(a), Node::Test(b)) = (&**a, &**b) {
                *n = Node::Both(Box::new([*a, *b]));
                tests += 1;
            }
        } else if let Node::If(a, c, b) = n {
            if let (Node::Read(a), Node::Test(c), Node::Read(b)) = (&**a, &**c, &**b) {
                *n = Node::Choose(Box::new((*a, *c, *b)));
                tests += 1;
            }
        }
    });
    let plural = |n: usize, one: &str| match n {
        1 => format!("1 {one}"),
        n => format!("{n} {one}s"),
    };
    (reads + tests > 0).then(|| format!("{}, {}", plural(reads, "read"), plural(tests, "test")))
}
