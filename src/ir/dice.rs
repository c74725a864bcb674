//! Dice (`dice N x LOW..HIGH`): thrown at the start of every turn, the
//! first turn too; `roll` is their sum and `die(i)` each one.

/// The most dice a turn throws (the state keeps a face per die).
pub const MAX_DICE: usize = 4;

/// The dice a turn throws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dice {
    /// How many, 1 to [`MAX_DICE`].
    pub count: u8,
    /// The lowest face.
    pub low: u8,
    /// The highest face.
    pub high: u8,
    /// Whether the first throw decides who starts (`first by dice`): die
    /// i is seat i's, thrown again while the highest is shared.
    pub decides_first: bool,
}

impl Dice {
    /// How many faces a die has.
    pub fn faces(&self) -> u32 {
        u32::from(self.high - self.low) + 1
    }

    /// Every throw of the dice, each die's face in order (`[3, 5]` and
    /// `[5, 3]` are two throws): what perft counts a chance branch each.
    pub fn throws(&self) -> Vec<Vec<u8>> {
        let mut all = vec![Vec::new()];
        for _ in 0..self.count {
            all = all
                .into_iter()
                .flat_map(|t| (self.low..=self.high).map(move |f| [t.as_slice(), &[f]].concat()))
                .collect();
        }
        all
    }
}
