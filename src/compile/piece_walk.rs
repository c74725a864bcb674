//! Finding the chains that are piece walks (see [`Form::PieceWalk`]): a
//! piece of the mover's picked up and stepped, slid or jumped in fixed
//! directions, onto a cell whose condition does not read the cell the
//! piece left nor anything else its lifting changes. Such a move's
//! choices can be listed, and one drawn at random, on the position as it
//! stands, without lifting the piece.

use crate::ir::{At, Read};
use crate::ir::{Candidates, Form, Node, Rules, SeatRef, Step, Walk};

/// The `piece-walk` pass: marks the rules' piece walks when the board's
/// bitboards are kept (a random piece is drawn from the mover's
/// bitboard). Says which rules it marked, if any.
pub fn find_piece_walks(rules: &mut Rules) -> Option<String> {
    if rules.stacks || rules.majority || !rules.plan.keeps.tops {
        return None;
    }
    super::moves::mark_chains(rules, Form::PieceWalk, is_piece_walk)
}

/// Whether the steps are a pick of the mover's own pieces and a step,
/// slide or jump in fixed directions whose condition reads only what
/// lifting the piece leaves as it was (a slide in a fixed direction never
/// comes back to the cell it left), maybe then a promotion by choice whose
/// condition reads no cell's contents (`on_side(to, top)`).
pub fn is_piece_walk(steps: &[Step]) -> bool {
    let (pick, walk, promotion) = match steps {
        [Step::Pick(pick), Step::Walk(walk)] => (pick, walk, None),
        [Step::Pick(pick), Step::Walk(walk), Step::PromoteChosen(_, when)] => {
            (pick, walk, when.as_ref())
        }
        _ => return false,
    };
    let owned = matches!(
        pick.candidates,
        Candidates::Owned | Candidates::OwnedKind(_)
    );
    let once = !walk.repeats();
    // A promotion's condition read before the walk is played: it may read
    // where the piece goes, not what stands there.
    let promotion = promotion.is_none_or(reads_cells_reached_only);
    owned && once && fixed_directions(walk) && reads_around(walk) && promotion
}

/// Whether every direction is a compass point or the mover's own
/// (`forward`): known before any piece is picked.
pub(super) fn fixed_directions(walk: &Walk) -> bool {
    walk.directions
        .iter()
        .all(|d| matches!(d, Node::Const(_) | Node::PerSeat(_, SeatRef::Mover)))
}

/// Whether the walk's guard and test read cells only at the cell reached
/// and the cell jumped over (never the cell left: a step or jump never
/// comes back to it), and no count of the position (a lifted piece is
/// one fewer on the board).
fn reads_around(walk: &Walk) -> bool {
    let select = &walk.select;
    [&select.guard, &select.test]
        .into_iter()
        .flatten()
        .all(reads_cells_reached_only)
}

/// See [`reads_around`].
fn reads_cells_reached_only(node: &Node) -> bool {
    use crate::builtins::BuiltinId as B;
    let reached = |c: &Node| match c {
        Node::Read(Read::Cell(At::Chosen)) => true,
        c => matches!(
            c.args_of(B::Between),
            Some([
                Node::Read(Read::Cell(At::From)),
                Node::Read(Read::Cell(At::Chosen))
            ])
        ),
    };
    let mut local = true;
    node.visit(&mut |n| {
        local &= match n {
            Node::Call(B::Empty | B::Height | B::Owner, c) => reached(&c[0]),
            Node::Call(B::Stones, c) => reached(&c[1]),
            n if n.only_combines() => true,
            // What does not read the position, or reads it only through
            // the nodes above.
            Node::Read(Read::Mover)
            | Node::Read(Read::Next)
            | Node::Read(Read::Turn)
            | Node::Read(Read::Cell(At::Chosen))
            | Node::Read(Read::Cell(At::From))
            | Node::Read(Read::Cell(At::To))
            | Node::Read(Read::Piece)
            | Node::Call(
                B::Edge
                | B::Corner
                | B::Centre
                | B::Row
                | B::Column
                | B::OnSide
                | B::Step
                | B::Between
                | B::Adjacent,
                _,
            ) => true,
            _ => false,
        };
    });
    local
}
