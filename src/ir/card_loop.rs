//! The card loop's readers: how the `playout-loop` pass compiled a card
//! rule's conditions and the end rules for the loop that plays random card
//! moves (`engine/card_playout.rs`). A condition of a common shape (a lead
//! or a margin on the cell, a line flag of the mover's, the turn against a
//! constant, one or two of these) is a check the loop reads with no
//! evaluator; any other is evaluated. Chosen when compiling, printed by
//! `--ir`, never recognised during play.

use super::plan::LOOP_ENDS;
use super::CmpOp;

/// How the loop reads a card rule and the end rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardReaders {
    /// The cell the cards name.
    pub target: Target,
    /// The test of the cell the cards name.
    pub test: Check,
    /// The draw after placing (its count) and its condition.
    pub draw: Option<(Count, Check)>,
    /// The end rules' conditions, in order.
    pub ends: [Check; LOOP_ENDS],
}

/// A condition the loop reads every turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// No condition.
    Always,
    /// A leaf holds.
    Is(Leaf),
    /// A leaf does not hold.
    Not(Leaf),
    /// Both leaves hold.
    Both(Leaf, Leaf),
    /// Any other condition: the rule's own, evaluated.
    Eval,
}

/// A leaf of a condition, read straight off the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaf {
    /// The mover has a line of the table's length (`line(n, mover)`).
    MoverLine(u8),
    /// The turn is in the bounds (`turn OP c`).
    Turn(Bounds),
    /// `lead(mover)` on the cell is in the bounds.
    Lead(Bounds),
    /// `margin` on the cell is in the bounds.
    Margin(Bounds),
}

/// How many cards the draw after placing takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// As many as were played.
    Played,
    /// Any other number: the rule's own, evaluated.
    Eval,
}

/// The cell a card set names, as the loop reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// `field(total)`: the cell numbered with the cards' total.
    FieldOfTotal,
    /// Any other: the rule's own, evaluated.
    Eval,
}

/// `value OP c` as bounds: the value is in `lo..=hi`, or not in it for
/// `!=`. One test, where the operator would need a jump.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The least value in the bounds.
    pub lo: i64,
    /// The greatest value in the bounds.
    pub hi: i64,
    /// Whether the condition holds inside the bounds (false for `!=`).
    pub inside: bool,
}

impl Bounds {
    /// The bounds of `value OP c`.
    pub fn of(op: CmpOp, c: i64) -> Self {
        let (lo, hi) = match op {
            CmpOp::Eq | CmpOp::Ne => (c, c),
            // Below the least value: nothing is in `1..=0`.
            CmpOp::Lt => c.checked_sub(1).map_or((1, 0), |h| (i64::MIN, h)),
            CmpOp::Le => (i64::MIN, c),
            CmpOp::Gt => c.checked_add(1).map_or((1, 0), |l| (l, i64::MAX)),
            CmpOp::Ge => (c, i64::MAX),
        };
        let inside = op != CmpOp::Ne;
        Bounds { lo, hi, inside }
    }

    /// Whether `value OP c` holds.
    #[inline(always)]
    pub fn hold(self, value: i64) -> bool {
        (self.lo <= value && value <= self.hi) == self.inside
    }
}
