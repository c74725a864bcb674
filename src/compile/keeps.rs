//! What the state keeps beside the position ([`Keeps`]), found from what
//! the rules read, and the `bitboards` pass.

use crate::ir::plan::Keeps;
use crate::ir::{Candidates, Node, Rules, Step};

/// What the rules read, beyond the board.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Reads {
    /// A score during play (in a move's condition, an effect or an end).
    pub scores: bool,
    /// `connects`.
    pub links: bool,
    /// Something the tops' bitboards serve: lines, groups, a track's
    /// movers, enclosing cells, aggregates over a seat's cells, a piece
    /// walk's pieces.
    pub bitboards: bool,
    /// Whether a seat has a piece on a side (`any(on_side(c, S) for c
    /// where owner(c) == P)`).
    pub sides: bool,
    /// `captures`.
    pub captures: bool,
    /// `repeated`.
    pub repeated: bool,
    /// `repeated_board` or `restores`.
    pub boards: bool,
    /// `last_from` or `last_kind`.
    pub moves: bool,
}

impl Reads {
    /// What `rules` read, as compiled (before any pass rewrote them).
    pub fn of(rules: &Rules) -> Reads {
        let mut reads = Reads::default();
        // The score and tie-breaks, read when the game ends (or as scores
        // are kept), find groups by walking the board.
        let mut node = |n: &Node, during_play: bool| {
            n.visit(&mut |n| {
                reads.links |= n.is_call(crate::builtins::BuiltinId::Connects);
                reads.bitboards |= n.aggregates_owned_cells();
                reads.sides |= matches!(n, Node::PieceOnSide(..));
                reads.captures |= matches!(n, Node::Read(crate::ir::Read::Captures));
                reads.repeated |= matches!(n, Node::Read(crate::ir::Read::Repeated))
                    || n.is_call(crate::builtins::BuiltinId::Repetitions);
                reads.moves |= n.is_call(crate::builtins::BuiltinId::LastFrom)
                    || n.is_call(crate::builtins::BuiltinId::LastKind);
                reads.boards |= n.is_call(crate::builtins::BuiltinId::RepeatedBoard)
                    || n.is_call(crate::builtins::BuiltinId::Restores);
            });
            reads.scores |= during_play && n.reads_score();
            reads.bitboards |= during_play && n.reads_groups();
        };
        for rule in rules.phases.iter().flat_map(|p| &p.rules) {
            for step in &rule.steps {
                step.visit_nodes(&mut |n| node(n, true));
            }
        }
        for f in &rules.filters {
            if let crate::ir::Filter::MustLeave(c, _) | crate::ir::Filter::MustBlock(Some(c)) = f {
                node(c, true);
            }
        }
        let ends = rules.ends.iter().map(|e| &e.condition);
        for n in ends.chain(rules.effects.iter().map(|e| &e.value)) {
            node(n, true);
        }
        for n in rules.score.iter().chain(&rules.tiebreaks) {
            node(n, false);
        }
        let rules_list = || rules.phases.iter().flat_map(|p| &p.rules);
        let groups = rules_list().any(|r| {
            r.steps
                .iter()
                .any(|s| matches!(s, Step::KeepLargestGroup(_)))
        });
        // Enclosing cells are found on the seats' bitboards, and a piece
        // walk draws its random piece from the mover's.
        let encloses = rules_list().any(|r| {
            r.select()
                .is_some_and(|s| matches!(s.candidates, Candidates::Enclosing))
        });
        let walks = rules_list().any(|r| super::piece_walk::is_piece_walk(&r.steps));
        reads.bitboards |=
            !rules.line_tables.is_empty() || groups || rules.track.is_some() || encloses || walks;
        reads
    }

    /// What the state keeps with no pass: no bitboards (so the slot grid
    /// for lines as well as runs), no union-find, and the scores after
    /// every turn when a rule reads them then.
    pub fn general(self, rules: &Rules) -> Keeps {
        Keeps {
            tops: false,
            kind_tops: false,
            empty_list: true,
            slots: !rules.run_lengths.is_empty() || !rules.line_tables.is_empty(),
            links: false,
            scores: self.scores,
            captures: self.captures,
            repeated: self.repeated,
            boards: self.boards,
            moves: self.moves,
        }
    }
}

/// `bitboards`: on a board of at most 128 cells where the rules read
/// something bitboards serve (lines, groups, a track's movers, enclosing
/// cells, aggregates over a seat's cells, a piece walk), the state keeps
/// per piece code a bitboard of the cells it tops. Line flags are then
/// read off them (so the slot grid is kept only for runs), and candidates,
/// groups, enclosures and a seat's cells are found by word operations; the
/// passes that list on bitboards (`relocation`, `piece-walk`,
/// `owned-cells`, `joined-around`, the placement loop) need it. Without
/// it every read walks the board, and lines are runs walked in the slot
/// grid from the placed cell. With kinds of piece, each kind's cells are a
/// bitboard too: a pick of one kind's pieces is then one AND of words.
pub(super) fn bitboards(rules: &mut Rules, reads: Reads) -> Option<String> {
    if !reads.bitboards || rules.geometry.cell_count() > 128 {
        return None;
    }
    rules.plan.keeps.tops = true;
    rules.plan.keeps.slots = !rules.run_lengths.is_empty();
    // With majorities a cell's top is its owner, not a piece of a kind.
    rules.plan.keeps.kind_tops = !rules.kinds.is_empty() && !rules.majority;
    let codes = 1 + rules.seats.len() + rules.neutrals.len();
    let mut said = format!("{codes} piece codes");
    if rules.plan.keeps.kind_tops {
        said += &format!(", {} kinds", rules.kinds.len());
    }
    // Where code 0's word is exactly the empty cells (a majority's tied
    // cell tops with 0; sowing keeps its own list) and one word holds it,
    // the word serves every reader of the list, which then costs nothing
    // to keep: a placement took some 11 instructions out of it.
    let sows = rules
        .phases
        .iter()
        .flat_map(|p| &p.rules)
        .any(|r| r.steps.iter().any(|s| matches!(s, Step::Sow(_))));
    if rules.geometry.cell_count() <= 64 && !rules.majority && !sows {
        rules.plan.keeps.empty_list = false;
        said += ", empty cells by their word";
    }
    if !reads.sides {
        return Some(said);
    }
    // A seat's piece on a side is then one AND of its bitboard.
    let mut masks = [0u128; 4];
    for (cell, &sides) in rules.geometry.compass.sides.iter().enumerate() {
        for (side, mask) in masks.iter_mut().enumerate() {
            *mask |= u128::from(sides >> side & 1) << cell;
        }
    }
    rules.plan.side_masks = Some(masks);
    Some(format!("{said}, 4 side masks"))
}

/// `side-links`: when a rule reads `connects`, the state keeps a
/// union-find over the cells, each set marked with the sides its cells lie
/// on, and per seat the pairs of sides one of its groups joins, brought up
/// to date once a move (a piece put on an empty cell joins its neighbours;
/// any other change rebuilds the sets). `connects` is then one test of a
/// bit; without it, `connects` walks the seat's groups from the cells on
/// one side.
pub(super) fn side_links(rules: &mut Rules, reads: Reads) -> Option<String> {
    if !reads.links {
        return None;
    }
    rules.plan.keeps.links = true;
    Some(format!("{} cells", rules.geometry.cell_count()))
}

#[cfg(test)]
mod tests {
    use crate::compile::load;

    /// Whether the state of `file` with `set` keeps a list of empty cells.
    fn lists_empties(file: &str, set: &[(&str, i64)]) -> bool {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        let text = std::fs::read_to_string(path).expect("a rules file");
        let set: Vec<_> = set.iter().map(|&(k, v)| (k.to_string(), v)).collect();
        let rules = load(&text, &set).expect("the rules compile");
        assert!(rules.plan.keeps.tops, "{file}: bitboards kept");
        rules.plan.keeps.empty_list
    }

    #[test]
    fn the_empty_cells_are_a_word_on_one_word_of_cells_without_majorities_or_sowing() {
        assert!(!lists_empties("rules/connect-four.game", &[]));
        // 64 cells fit a word; 81 do not.
        assert!(!lists_empties("rules/gomoku.game", &[("size", 8)]));
        assert!(lists_empties("rules/gomoku.game", &[("size", 9)]));
        // A tied field tops with code 0 but is not empty.
        assert!(lists_empties("rules/just-4-fun.game", &[]));
        // Sowing keeps its own list (Qawale sows its stacks).
        assert!(lists_empties("rules/qawale.game", &[]));
    }
}
