//! Random playouts of card placement games (Just 4 Fun and its kin: a
//! phase of one rule that plays cards from the hand and puts the mover's
//! piece on the cell they name, and maybe a forced move when no set can be
//! played). The loop draws a card set and plays it in place, without
//! building a move and matching it again (the choice, the discard, the
//! placement and the draws all inline), and reads the conditions it tests
//! every turn (the cell's test, the draw's condition, the end rules) with a
//! small reader when they have a common shape (a lead or a margin on the
//! cell, a line flag of the mover's, the turn against a constant, one or
//! two of these), with the evaluator otherwise. It makes the same draws and
//! the same changes as turn-by-turn play (`random_move`, then `play`).

use rand::Rng;

use super::cards::CardReading;
use super::eval::Scope;
use super::State;
use crate::ir::{CardChain, CellId, CmpOp, End, Node, Rules, SeatRef, NO_CELL};

/// The most end rules the loop reads with its readers.
const MAX_ENDS: usize = crate::ir::plan::LOOP_ENDS;

/// A condition the loop reads every turn.
#[derive(Clone, Copy)]
enum Check<'r> {
    /// No condition.
    Always,
    /// A leaf holds.
    Is(Leaf),
    /// A leaf does not hold.
    Not(Leaf),
    /// Both leaves hold.
    Both(Leaf, Leaf),
    /// Any other condition, evaluated.
    Eval(&'r Node),
}

/// A leaf of a condition, read straight off the state.
#[derive(Clone, Copy)]
enum Leaf {
    /// The mover has a line of the table's length (`line(n, mover)`).
    MoverLine(usize),
    /// The turn is in the bounds (`turn OP c`).
    Turn(Bounds),
    /// `lead(mover)` on the cell is in the bounds.
    Lead(Bounds),
    /// `margin` on the cell is in the bounds.
    Margin(Bounds),
}

/// How many cards the draw after placing takes.
#[derive(Clone, Copy)]
enum Count<'r> {
    /// As many as were played.
    Played,
    /// Any other number, evaluated.
    Eval(&'r Node),
}

/// `value OP c` as bounds: the value is in `lo..=hi`, or not in it for
/// `!=`. One test, where the operator would need a jump.
#[derive(Clone, Copy)]
struct Bounds {
    /// The least value in the bounds.
    lo: i64,
    /// The greatest value in the bounds.
    hi: i64,
    /// Whether the condition holds inside the bounds (false for `!=`).
    inside: bool,
}

impl Bounds {
    /// The bounds of `value OP c`.
    fn of(op: CmpOp, c: i64) -> Self {
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
    fn hold(self, value: i64) -> bool {
        (self.lo <= value && value <= self.hi) == self.inside
    }
}

/// The cell a card set names, as the loop reads it.
#[derive(Clone, Copy)]
enum Target {
    /// `field(total)`: the cell numbered with the cards' total.
    FieldOfTotal,
    /// Any other, evaluated.
    Eval,
}

/// What the loop reads, worked out once a playout.
struct Readers<'r> {
    /// The cell the cards name.
    target: Target,
    /// The test of the cell the cards name.
    test: Check<'r>,
    /// The draw after placing, and its condition.
    draw: Option<(Count<'r>, Check<'r>)>,
    /// The end rules' conditions, in order.
    ends: [Check<'r>; MAX_ENDS],
}

impl Rules {
    /// Plays random card moves until the game ends, no move is legal or
    /// `max_moves` are played (the `playout-loop` pass chose this loop for
    /// the phase); `None` when the mover plays again.
    #[inline(never)]
    pub(super) fn card_playout<R: Rng>(
        &self,
        state: &mut State,
        rng: &mut R,
        max_moves: u32,
    ) -> Option<u32> {
        let phase = self.phases.get(state.phase as usize)?;
        let [rule] = phase.rules.as_slice() else {
            return None;
        };
        // The `playout-loop` pass found that the rules fit the loop.
        let chain = rule.card_chain()?;
        if state.again {
            return None;
        }
        let readers = Readers::of(self, chain);
        let forced = phase.otherwise.is_some();
        let mut played = 0;
        while played < max_moves && !state.is_over() {
            let set = match state.supply[state.mover as usize] > 0 {
                true => {
                    let reading = Read {
                        rules: self,
                        chain,
                        readers: &readers,
                        state,
                    };
                    self.random_card_set(chain, state, rng, &reading)
                }
                false => None,
            };
            let seat = state.mover;
            match set {
                Some((slots, cell)) => {
                    self.play_read_cards(&readers, state, slots, cell);
                    state.passes = 0;
                }
                None if forced => {
                    self.play_otherwise(state);
                    state.passes = state.passes.saturating_add(1);
                }
                None => break,
            }
            played += 1;
            self.finish_read_turn(&readers, state, seat);
        }
        Some(played)
    }

    /// [`Rules::finish_turn`] without effects, with the end rules read by
    /// their readers.
    #[inline(always)]
    fn finish_read_turn(&self, readers: &Readers, state: &mut State, seat: u8) {
        if self.live_scores {
            self.update_scores(state);
        }
        for (check, end) in readers.ends.iter().zip(&self.ends) {
            if check.holds(self, state, NO_CELL, 0, 0) {
                return self.end_at(state, end);
            }
        }
        self.next_turn(state, seat);
    }

    /// [`Rules::play_cards`] with the draw's condition read by its reader.
    /// Written out, not `play_cards` with the reader passed in: sharing the
    /// body cost Just 4 Fun 2.3% through the compiler's choices.
    #[inline(always)]
    fn play_read_cards(&self, readers: &Readers, state: &mut State, slots: u16, cell: CellId) {
        let seat = state.mover;
        let (played, total) = state.discard_cards(seat, slots, self);
        // `place_piece` asks the same, out of line; asked here, a piece on
        // a counted field is placed inline in the loop.
        match self.majority {
            true => self.place_counted(state, cell),
            false => self.place_piece(state, cell),
        }
        if let Some((count, when)) = readers.draw {
            if when.holds(self, state, cell, played, total) {
                let n = match count {
                    Count::Played => i64::from(played),
                    Count::Eval(node) => {
                        self.eval(node, &Scope::of_cards(state, cell, played, total))
                    }
                };
                let n = n.clamp(0, self.deck.len() as i64);
                state.draw_cards(seat, n as usize, self);
            }
        }
    }

    /// Ends the game by `end`, out of the loop's line: once a game.
    #[inline(never)]
    fn end_at(&self, state: &mut State, end: &End) {
        self.end_by(state, end);
    }
}

/// A card rule's cell and test read by the loop's readers, on `state`.
struct Read<'a> {
    /// The rules the readers were made from.
    rules: &'a Rules,
    /// The card rule.
    chain: CardChain<'a>,
    /// Its readers.
    readers: &'a Readers<'a>,
    /// The position the cards are played in.
    state: &'a State,
}

impl CardReading for Read<'_> {
    #[inline(always)]
    fn target(&self, played: u8, total: i32) -> CellId {
        let rules = self.rules;
        match self.readers.target {
            Target::FieldOfTotal => usize::try_from(total)
                .ok()
                .and_then(|n| rules.field_of.get(n).copied())
                .unwrap_or(NO_CELL),
            Target::Eval => rules.target_of(self.chain, self.state, played, total),
        }
    }

    /// Whether the card rule's test allows a piece on `cell`, as
    /// the evaluator's reading (`Evaluated` in cards.rs) says.
    #[inline(always)]
    fn allows(&self, cell: CellId, played: u8, total: i32) -> bool {
        let (rules, state) = (self.rules, self.state);
        rules.guard_and_mask_allow(self.chain.select, state, cell, played, total)
            && self.readers.test.holds(rules, state, cell, played, total)
    }
}

impl<'r> Readers<'r> {
    /// The readers of a card rule's conditions and of the end rules.
    fn of(rules: &'r Rules, chain: CardChain<'r>) -> Self {
        let always = Check::Always;
        let test = chain.select.test.as_ref().map_or(always, Check::of);
        let draw = chain
            .draw()
            .map(|(count, when)| (Count::of(count), when.map_or(always, Check::of)));
        let mut ends = [always; MAX_ENDS];
        for (check, end) in ends.iter_mut().zip(&rules.ends) {
            *check = Check::of(&end.condition);
        }
        let target = match chain.target {
            Node::Field(n) if matches!(**n, Node::Total) => Target::FieldOfTotal,
            _ => Target::Eval,
        };
        Readers {
            target,
            test,
            draw,
            ends,
        }
    }
}

impl<'r> Count<'r> {
    /// The reader of a draw's count.
    fn of(count: &'r Node) -> Self {
        match count {
            Node::Played => Count::Played,
            other => Count::Eval(other),
        }
    }
}

impl<'r> Check<'r> {
    /// The reader of a condition.
    fn of(condition: &'r Node) -> Self {
        let read = || -> Option<Self> {
            Some(match condition {
                Node::Not(a) => Check::Not(Leaf::of(a)?),
                Node::And(a, b) => Check::Both(Leaf::of(a)?, Leaf::of(b)?),
                other => Check::Is(Leaf::of(other)?),
            })
        };
        read().unwrap_or(Check::Eval(condition))
    }

    /// Whether the condition holds, with `cell` chosen and `played` cards
    /// of `total` value played.
    #[inline(always)]
    fn holds(&self, rules: &Rules, state: &State, cell: CellId, played: u8, total: i32) -> bool {
        match *self {
            Check::Always => true,
            Check::Is(a) => a.holds(rules, state, cell),
            Check::Not(a) => !a.holds(rules, state, cell),
            Check::Both(a, b) => a.holds(rules, state, cell) && b.holds(rules, state, cell),
            Check::Eval(node) => {
                rules.eval(node, &Scope::of_cards(state, cell, played, total)) != 0
            }
        }
    }
}

impl Leaf {
    /// The leaf of a condition, if it is one the loop reads.
    fn of(node: &Node) -> Option<Self> {
        Some(match node {
            Node::Line(t, SeatRef::Mover) => Leaf::MoverLine(*t as usize),
            Node::CmpConst(op, a, c) => match &**a {
                Node::Turn => Leaf::Turn(Bounds::of(*op, *c)),
                Node::Lead(SeatRef::Mover, at) if matches!(**at, Node::Chosen) => {
                    Leaf::Lead(Bounds::of(*op, *c))
                }
                Node::Margin(at) if matches!(**at, Node::Chosen) => {
                    Leaf::Margin(Bounds::of(*op, *c))
                }
                _ => return None,
            },
            _ => return None,
        })
    }

    /// Whether the leaf holds with `cell` chosen (a lead or margin on no
    /// cell is 0, as the evaluator reads it).
    #[inline(always)]
    fn holds(self, rules: &Rules, state: &State, cell: CellId) -> bool {
        let mover = state.mover;
        let on_cell = cell != NO_CELL;
        match self {
            Leaf::MoverLine(t) => state.lines[t * rules.seats.len() + mover as usize],
            Leaf::Turn(bounds) => bounds.hold(i64::from(state.turn)),
            Leaf::Lead(bounds) => {
                let lead = match (on_cell, rules.majority) {
                    (true, true) => state.counted_lead(cell, mover, rules.seats.len()),
                    (true, false) => state.lead(cell, mover, rules),
                    (false, _) => 0,
                };
                bounds.hold(lead)
            }
            Leaf::Margin(bounds) => {
                let margin = match (on_cell, rules.majority) {
                    (true, true) => state.counted_margin(cell),
                    (true, false) => state.margin(cell, rules),
                    (false, _) => 0,
                };
                bounds.hold(margin)
            }
        }
    }
}
