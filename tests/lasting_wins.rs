//! The `lasting-wins` pass against `must block` playing every move: Exago
//! in its variants and the odd rules files made for the pass are played in
//! long seeded random games, and at every position the rules with every
//! pass and with every pass but `lasting-wins` list the same legal moves.
//! The games must reach enough positions where a seat relocates under a
//! threat, where the pass decides most moves without playing them.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use tabula::compile::{load_with, Pass, Passes};
use tabula::engine::{Move, State};
use tabula::ir::Rules;

/// Random games per rules file.
const GAMES: u64 = 40;
/// Moves played at most in each.
const MOVES: usize = 250;

/// A rules file, its options, and the relocations under a threat its
/// games must reach.
type Case = (&'static str, &'static [(&'static str, i64)], usize);

const CASES: &[Case] = &[
    ("rules/exago.game", &[], 200),
    ("rules/exago.game", &[("seats", 3)], 200),
    ("rules/exago.game", &[("seats", 6), ("size", 4)], 100),
    ("rules/exago.game", &[("size", 4)], 200),
    ("rules/exago.game", &[("relocate_early", 1)], 80),
    ("rules/exago.game", &[("handicap.Red", 9)], 200),
    (
        "tests/hostile/lasting-wins-three-seats-anywhere.game",
        &[],
        200,
    ),
    ("tests/hostile/lasting-wins-crowded.game", &[], 120),
];

/// The rules with `passes`.
fn rules(file: &str, set: &[(&str, i64)], passes: Passes) -> Rules {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let text = std::fs::read_to_string(&path).expect("a rules file");
    let set: Vec<(String, i64)> = set.iter().map(|&(k, v)| (k.to_string(), v)).collect();
    load_with(&text, &set, passes).unwrap_or_else(|e| panic!("{file} {set:?}: {e:?}"))
}

/// The legal moves in notation, sorted, and whether one is a chain (a
/// relocation).
fn listed(rules: &Rules, state: &State) -> (Vec<String>, bool) {
    let mut moves = Vec::new();
    rules.legal_moves(state, &mut moves);
    let mut texts: Vec<String> = moves.iter().map(|&m| rules.move_text(m)).collect();
    texts.sort();
    let chains = moves.iter().any(|m| matches!(m, Move::Chain { .. }));
    (texts, chains)
}

/// Plays game `seed` with both rules, comparing the lists at every
/// position; returns the positions where the mover may relocate and must
/// stop a threat.
fn compare(on: &Rules, off: &Rules, seed: u64, what: &str) -> usize {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let (mut a, mut b) = (on.start(seed), off.start(seed));
    let mut threatened = 0;
    for _ in 0..MOVES {
        if b.is_over() {
            break;
        }
        let ((with, _), (without, relocating)) = (listed(on, &a), listed(off, &b));
        assert_eq!(with, without, "{what}, game {seed}, turn {}", b.turn);
        threatened += usize::from(relocating && off.threat(&b).is_some());
        let mut buf = Vec::new();
        let Some(m) = off.random_move(&b, &mut buf, &mut rng) else {
            break;
        };
        let text = off.move_text(m);
        let twin = on.parse_move(&a, &text).expect("the same move reads");
        off.play(&mut b, m);
        on.play(&mut a, twin);
    }
    threatened
}

#[test]
fn must_block_keeps_the_same_moves_with_and_without_lasting_wins() {
    CASES.par_iter().for_each(|&(file, set, needed)| {
        let on = rules(file, set, Passes::ALL);
        let off = rules(file, set, Passes::ALL.without(Pass::LastingWins));
        let fired = on.plan.fired.iter().any(|(p, _)| *p == Pass::LastingWins);
        assert!(fired, "{file} {set:?}: lasting-wins did not fire");
        let what = format!("{file} {set:?}");
        let threatened: usize = (0..GAMES).map(|g| compare(&on, &off, g, &what)).sum();
        assert!(
            threatened >= needed,
            "{what}: only {threatened} relocations under a threat (want {needed})"
        );
    });
}
