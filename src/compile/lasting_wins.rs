//! The `lasting-wins` pass: `must block` tests the mover's chain moves
//! that share the steps before their last `place` (a relocation's pick)
//! with one search for the threat's wins that last wherever the piece
//! goes down.
//!
//! Such moves differ only in the empty cell q the mover's piece goes to.
//! A relocation of the threat's (pick a, place w completing a line) that
//! wins with the position's pieces but q, and whose lift of a splits no
//! group, still wins once a piece stands on any q other than w: the piece
//! can only join the threat's kept pieces or stand alone beside a larger
//! group, so the line's pieces stay and w still touches them. So with two
//! such cells w, no move of the pick stops the threat; with one, only the
//! move to it can; the engine plays and tests only those
//! (`engine/lasting.rs`).
//!
//! That holds only where nothing else about the threat's turn depends on
//! q: one end rule, the win-line; no effects, scores read, history, stacks,
//! kinds, dice, cards or forced moves; and a pick whose condition reads
//! none of the board (`supply(mover) == 0`, a counter, the turn).

use super::passes::Features;
use crate::builtins::BuiltinId;
use crate::ir::read::{Against, Who};
use crate::ir::{Candidates, Filter, Form, Node, Phase, Read, Rules, Step};

/// Writes, per phase, the relocation rule whose wins `must block` finds
/// once per pick; says which rules, if any.
pub fn lasting_wins(rules: &mut Rules) -> Option<String> {
    let blocks = rules
        .filters
        .iter()
        .any(|f| matches!(f, Filter::MustBlock(_)));
    let supported = Features::SETUP
        .and(Features::FILTERS)
        .and(Features::LINES)
        .and(Features::TOPS)
        .and(Features::SLOTS)
        .and(Features::SUPPLY)
        .and(Features::TURN_LIMIT)
        .and(Features::FIRST_RANDOM)
        .and(Features::PHASES)
        .and(Features::TIMED_PHASES)
        .and(Features::TEAMS)
        .and(Features::COUNTERS);
    let fits = blocks
        && rules.plan.take_back
        && rules.plan.win_line.is_some()
        && rules.ends.len() == 1
        && Features::of(rules).within(supported)
        && !rules.phases.iter().any(Phase::ends_when_stuck);
    if !fits {
        return None;
    }
    let mut marked = Vec::new();
    for (p, phase) in rules.phases.iter().enumerate() {
        let found = phase.rules.iter().position(lasting_pick);
        if let Some(r) = found {
            marked.push(format!("{} rule {}", phase.name, r + 1));
        }
        rules.plan.lasting_wins[p] = found.map(|r| r as u8);
    }
    (!marked.is_empty()).then(|| marked.join(", "))
}

/// Whether the rule is a relocation whose pick takes any of the mover's
/// pieces, with a condition that reads none of the board.
fn lasting_pick(rule: &crate::ir::MoveRule) -> bool {
    let (Form::Relocation(_), Some(Step::Pick(pick))) = (rule.form, rule.steps.first()) else {
        return false;
    };
    matches!(pick.candidates, Candidates::Owned)
        && pick.test.is_none()
        && pick.guard.as_ref().is_none_or(board_free)
}

/// Whether the expression reads nothing that a piece put on a cell could
/// change: constants, the mover, the turn, counters and the mover's
/// supply, in comparisons and logic.
fn board_free(node: &Node) -> bool {
    let mut free = true;
    node.visit(&mut |n| {
        free &= match n {
            n if n.only_combines() => true,
            Node::Read(r) => steady(r),
            Node::Test(t) => steady_test(t),
            Node::Both(tests) => tests.iter().all(steady_test),
            // Its argument, visited next, must be the mover.
            Node::Call(BuiltinId::Supply, args) => {
                matches!(&args[..], [Node::Read(Read::Mover)])
            }
            _ => false,
        }
    });
    free
}

fn steady_test(t: &crate::ir::read::Test) -> bool {
    steady(&t.read)
        && match t.against {
            Against::Const(_) => true,
            Against::Read(r) => steady(&r),
        }
}

/// Whether a read stays the same whichever empty cell the mover's piece
/// went to.
fn steady(read: &Read) -> bool {
    matches!(
        read,
        Read::Mover | Read::Turn | Read::Counter(_) | Read::Supply(Who::Mover)
    )
}

#[cfg(test)]
mod tests {
    use crate::compile::load;

    /// The pass's report on the rules file `file` with `set`.
    fn fired(file: &str, set: &[(&str, i64)]) -> Option<String> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        let text = std::fs::read_to_string(path).expect("a rules file");
        let set: Vec<_> = set.iter().map(|&(k, v)| (k.to_string(), v)).collect();
        let rules = load(&text, &set).expect("the rules compile");
        rules
            .plan
            .fired
            .iter()
            .find(|(p, _)| p.name() == "lasting-wins")
            .map(|(_, what)| what.clone())
    }

    #[test]
    fn exago_relocations_have_lasting_wins_unless_a_keep_follows_the_place() {
        let exago = |set| fired("rules/exago.game", set);
        assert_eq!(exago(&[]).as_deref(), Some("play rule 2"));
        assert_eq!(exago(&[("seats", 4)]).as_deref(), Some("play rule 2"));
        // Cut-off groups looked for after the place: not a relocation.
        assert_eq!(exago(&[("reconnect", 1)]), None);
        // No must block: nothing to test.
        assert_eq!(exago(&[("must_block", 0)]), None);
    }

    #[test]
    fn a_pick_that_reads_the_board_has_no_lasting_wins() {
        let hostile = |name| fired(&format!("tests/hostile/lasting-wins-{name}.game"), &[]);
        assert_eq!(hostile("board-guard"), None);
        assert_eq!(
            hostile("three-seats-anywhere").as_deref(),
            Some("play rule 2")
        );
    }
}
