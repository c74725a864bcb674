//! MAST playouts (`ai/mcts/mast.rs`), the default where playouts cannot be
//! decisive, on every shipped and hostile rules file (one seat, eight
//! seats, forced moves, dice, tiny and huge boards): a searching player
//! whose playouts are MAST's chooses only legal moves and searches alike
//! for a seed.

// Only the file list is used here.
#[allow(dead_code)]
#[path = "common/rules.rs"]
mod common_rules;

use tabula::ai::{make_player, PlayerSpec};
use tabula::engine::{Move, State};
use tabula::ir::Rules;

/// The moves a MAST player chooses over the first `turns` turns of a game
/// from the start, each checked to be legal.
fn game(file: &str, rules: &Rules, spec: &PlayerSpec, seed: u64, turns: usize) -> Vec<Move> {
    let mut player = make_player(spec, seed, 1).expect("an AI");
    let mut state: State = rules.start(seed);
    let (mut chosen, mut legal) = (Vec::new(), Vec::new());
    while chosen.len() < turns && !state.is_over() {
        rules.legal_moves(&state, &mut legal);
        if legal.is_empty() {
            break;
        }
        let m = player.choose(rules, &state);
        assert!(
            legal.contains(&m),
            "{file}: {} is not legal",
            rules.move_text(m)
        );
        chosen.push(m);
        rules.play(&mut state, m);
    }
    chosen
}

#[test]
fn mast_searches_choose_legal_moves_alike_for_a_seed_in_every_file() {
    let spec: PlayerSpec = "mcts:6:playouts=mast".parse().expect("a spec");
    for (file, rules) in common_rules::shipped_and_hostile() {
        let first = game(&file, &rules, &spec, 3, 4);
        assert_eq!(first, game(&file, &rules, &spec, 3, 4), "{file}");
    }
}
