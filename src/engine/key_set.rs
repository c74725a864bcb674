//! A set of position keys: open addressing over a table that doubles when
//! half full. The table is kept between listings, and a slot counts only
//! if it was written in this listing (its stamp), so a new set clears
//! nothing and allocates nothing once the table has grown.

use std::cell::RefCell;

use crate::ir::CellId;

thread_local! {
    /// The spare table.
    static SPARE: RefCell<Table> = const { RefCell::new(Table::empty()) };
}

/// The slots: each one's key, and the stamp of the set that wrote it.
struct Table {
    keys: Vec<u128>,
    stamps: Vec<u32>,
    stamp: u32,
}

/// Keys of positions, as a set.
pub(super) struct KeySet {
    table: Table,
    len: usize,
}

impl KeySet {
    /// An empty set, on the spare table if it is free.
    pub(super) fn new() -> KeySet {
        let mut table = SPARE.with(|s| std::mem::replace(&mut *s.borrow_mut(), Table::empty()));
        if table.keys.len() < 64 {
            table = Table {
                keys: vec![0; 64],
                stamps: vec![0; 64],
                stamp: 0,
            };
        }
        table.stamp = table.stamp.wrapping_add(1);
        if table.stamp == 0 {
            table.stamps.fill(0);
            table.stamp = 1;
        }
        KeySet { table, len: 0 }
    }

    /// Adds `key`; returns whether it was not in the set.
    pub(super) fn insert(&mut self, key: u128) -> bool {
        if 2 * (self.len + 1) > self.table.keys.len() {
            self.grow();
        }
        let t = &mut self.table;
        let mask = t.keys.len() - 1;
        let mut i = key as usize & mask;
        while t.stamps[i] == t.stamp {
            if t.keys[i] == key {
                return false;
            }
            i = (i + 1) & mask;
        }
        (t.keys[i], t.stamps[i]) = (key, t.stamp);
        self.len += 1;
        true
    }

    /// Doubles the table, placing the keys again.
    fn grow(&mut self) {
        let size = self.table.keys.len() * 2;
        let stamp = self.table.stamp;
        let old = std::mem::replace(
            &mut self.table,
            Table {
                keys: vec![0; size],
                stamps: vec![0; size],
                stamp,
            },
        );
        self.len = 0;
        for (&key, &s) in old.keys.iter().zip(&old.stamps) {
            if s == stamp {
                self.insert(key);
            }
        }
    }
}

impl Table {
    const fn empty() -> Table {
        Table {
            keys: Vec::new(),
            stamps: Vec::new(),
            stamp: 0,
        }
    }
}

/// A piece of colour `code` on `cell`, as a key: the sum of the keys of
/// the pieces put less those lifted tells a position apart from another
/// with all but negligible odds (two 64-bit mixes).
pub(super) fn piece_key(cell: CellId, code: u8) -> u128 {
    let x = u64::from(cell) << 8 | u64::from(code);
    u128::from(splitmix64(x)) << 64 | u128::from(splitmix64(!x))
}

/// SplitMix64's output function: a bijection of u64 that spreads
/// neighbouring inputs far apart.
pub fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Drop for KeySet {
    fn drop(&mut self) {
        let table = std::mem::replace(&mut self.table, Table::empty());
        SPARE.with(|s| *s.borrow_mut() = table);
    }
}

#[cfg(test)]
mod tests {
    use super::KeySet;

    #[test]
    fn a_key_is_in_the_set_once_however_large_it_grows() {
        let mut set = KeySet::new();
        assert!(set.insert(0), "the key 0 is a key like any other");
        assert!(!set.insert(0));
        for k in 1..5000u128 {
            assert!(set.insert((k << 64) | (k * 7919)));
        }
        assert!((1..5000u128).all(|k| !set.insert((k << 64) | (k * 7919))));
        assert_eq!(set.len, 5000);
        drop(set);
        // The next set starts empty on the same table.
        let mut set = KeySet::new();
        assert!(set.insert(0) && set.insert(1 << 64 | 7919));
    }
}
