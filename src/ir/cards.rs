//! The IR's card rules: which cards a step allows, a card set's sizes, and
//! a card rule's steps as its fast path reads them.

use super::{Node, Select, Step};

/// Which cards a `play card` step allows.
#[derive(Clone, Debug)]
pub enum CardTest {
    /// Any card.
    Any,
    /// By kind: the condition reads the card alone, so it was decided for
    /// each kind when compiling.
    Kinds(CardKinds),
    /// The condition, evaluated per kind of card held (`Node::Read(Read::Card)`).
    Test(Node),
}

/// The kinds of card a `play card` step allows, by card code, and as bits
/// when every kind's code is below 64 (a hand's kinds are then tested in
/// one `and`).
#[derive(Clone, Debug)]
pub struct CardKinds {
    allowed: Vec<bool>,
    bits: Option<u64>,
}

impl CardKinds {
    /// The kinds `allowed` says, by code.
    pub fn new(allowed: Vec<bool>) -> Self {
        let bits = (allowed.len() <= 64).then(|| {
            let set = allowed.iter().enumerate().filter(|(_, &a)| a);
            set.fold(0, |bits, (code, _)| bits | 1 << code)
        });
        CardKinds { allowed, bits }
    }

    /// Whether the kind of code `card` is allowed.
    pub fn allows(&self, card: u8) -> bool {
        self.allowed.get(card as usize) == Some(&true)
    }

    /// The allowed kinds as bits by code, when every code is below 64.
    pub fn bits(&self) -> Option<u64> {
        self.bits
    }

    /// Whether each kind is allowed, by code.
    pub fn as_slice(&self) -> &[bool] {
        &self.allowed
    }
}

/// A card rule's steps, as its fast path reads them.
#[derive(Clone, Copy, Debug)]
pub struct CardChain<'r> {
    /// The cards played.
    pub play: &'r CardPlay,
    /// The cell they name (reads `Node::Read(Read::Total)`, `Node::Read(Read::Played)`).
    pub target: &'r Node,
    /// The test on that cell.
    pub select: &'r Select,
    /// The steps after `place on` (a `draw`, if any).
    pub after: &'r [Step],
}

impl<'r> CardChain<'r> {
    /// `then draw N [if CONDITION]`, if the rule draws.
    pub fn draw(&self) -> Option<(&'r Node, Option<&'r Node>)> {
        self.after.iter().find_map(|s| match s {
            Step::Draw(n, when) => Some((n, when.as_ref())),
            _ => None,
        })
    }
}

/// A card move: a set of cards from the hand names the cell to place on.
#[derive(Clone, Debug)]
pub struct CardPlay {
    /// The fewest cards.
    pub min: u8,
    /// The most cards.
    pub max: u8,
    /// For a hand of n cards (n up to 8), the sets of hand slots of `min..=max`
    /// cards, as a 256-bit set: the candidates before equal cards are merged.
    pub sets_by_size: [[u64; 4]; 9],
}
