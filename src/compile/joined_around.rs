//! `joined-around`: whether lifting a piece can split a group, tabulated.

use crate::ir::plan::JoinedAround;
use crate::ir::{CellId, Geometry, Rules, Step};

/// `joined-around`: when a rule lifts a piece (`pick`) and the state keeps
/// the tops' bitboards on a board whose cells have at most eight
/// neighbours, tabulate per cell, for each set of its neighbours, whether
/// that set is joined through its own members. Whether lifting a piece
/// splits a group (asked by relocations and by `must block` for every
/// pick) is then one look-up when its occupied neighbours are joined so;
/// without the table the engine grows the group around the cell instead.
pub(super) fn joined_around(rules: &mut Rules) -> Option<String> {
    let lifts = rules
        .phases
        .iter()
        .flat_map(|p| &p.rules)
        .any(|r| r.steps.iter().any(|s| matches!(s, Step::Pick(_))));
    if !lifts || !rules.plan.keeps.tops || rules.geometry.neighbour_masks.is_empty() {
        return None;
    }
    let table = table(&rules.geometry)?;
    let cells = table.0.len();
    rules.plan.joined_around = table;
    Some(format!("the neighbours of {cells} cells"))
}

/// The table, or `None` when some cell has more than eight neighbours.
fn table(geometry: &Geometry) -> Option<JoinedAround> {
    let masks = &geometry.neighbour_masks;
    let mut table = Vec::with_capacity(masks.len());
    for c in 0..masks.len() as CellId {
        let around = geometry.neighbours_of(c);
        if around.len() > 8 {
            return None;
        }
        let mut bits = [0u64; 4];
        for pattern in 1..1usize << around.len() {
            let set = (0..around.len())
                .filter(|i| pattern >> i & 1 != 0)
                .fold(0u128, |m, i| m | 1 << around[i]);
            if grown(masks, set) == set {
                bits[pattern / 64] |= 1 << (pattern % 64);
            }
        }
        table.push(bits);
    }
    Some(JoinedAround(table))
}

/// The group within `set` of its lowest member.
fn grown(masks: &[u128], set: u128) -> u128 {
    let mut group = 1u128 << set.trailing_zeros();
    loop {
        let (mut next, mut members) = (group, group);
        while members != 0 {
            next |= masks[members.trailing_zeros() as usize] & set;
            members &= members - 1;
        }
        if next == group {
            return group;
        }
        group = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_are_joined_around_a_cell_when_they_touch_each_other() {
        let g = Geometry::hex(6);
        let t = table(&g).expect("six neighbours at most");
        let centre = g.cell_by_label("f6").unwrap();
        let around = g.neighbours_of(centre).to_vec();
        let bits = |cells: &[CellId]| cells.iter().fold(0u128, |m, &c| m | 1 << c);
        let joined = |cells: &[CellId]| t.joined(&g, centre, bits(cells));
        assert_eq!(joined(&[]), Some(false), "no neighbour");
        assert_eq!(joined(&around[..1]), Some(true));
        assert_eq!(joined(&around), Some(true), "a ring");
        // Two neighbours touch each other exactly when they are not opposite.
        for &a in &around {
            for &b in around.iter().filter(|&&b| b != a) {
                assert_eq!(joined(&[a, b]), Some(g.adjacent(a, b)));
            }
        }
        // The centre itself and cells farther away do not count.
        let far = g.cell_by_label("a1").unwrap();
        assert_eq!(joined(&[centre, far]), Some(false));
        assert_eq!(JoinedAround::default().joined(&g, centre, 0), None);
    }
}
