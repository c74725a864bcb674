//! A game saved at any move resumes: the record written during play (as
//! `tabula play --record` writes it after every move) replays to the very
//! position it was written at, reshuffles of the draw pile included.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tabula::cli::position::{check_chance, play_moves, replayed_start};
use tabula::engine::State;
use tabula::ir::Rules;
use tabula::record::Record;

fn rules(file: &str, seats: i64) -> (Rules, String) {
    let path = format!("{}/rules/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("rules file");
    let rules = tabula::compile::load(&text, &[("seats".into(), seats)]).expect("compiles");
    (rules, text)
}

/// What a seat could compare of two positions.
fn position(rules: &Rules, state: &State) -> String {
    let hands: Vec<Vec<u8>> = (0..rules.seats.len() as u8)
        .map(|s| state.hand(s, rules).to_vec())
        .collect();
    format!(
        "{:?} {:?} {} {} {:?} {:?}",
        state.board, hands, state.mover, state.turn, state.outcome, state.chance
    )
}

#[test]
fn a_card_game_saved_at_any_move_resumes_there() {
    let (rules, text) = rules("just-4-fun.game", 4);
    let mut reshuffled = 0;
    for seed in 0..4u64 {
        let mut state = rules.start(seed);
        let players = vec!["random".to_string(); 4];
        let mut record = Record::new(&rules, "rules/just-4-fun.game", &text, seed, &players);
        record.note_chance(&state);
        let dealt = state.chance.len();
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut moves = Vec::new();
        while !state.is_over() && record.moves.len() < 200 {
            rules.legal_moves(&state, &mut moves);
            let m = moves[rng.gen_range(0..moves.len())];
            rules.play(&mut state, m);
            record.push_move(rules.move_text(m), &state);
            // What `play` writes now, read back and replayed.
            let saved: Record = serde_json::from_str(&record.to_json()).expect("a record");
            let mut resumed = replayed_start(&rules, &saved);
            let n = saved.moves.len();
            play_moves(&rules, &mut resumed, &saved.moves, "the record")
                .unwrap_or_else(|e| panic!("seed {seed}, move {n}: {}", e.message));
            check_chance(&resumed, &saved, true)
                .unwrap_or_else(|e| panic!("seed {seed}, move {n}: {}", e.message));
            assert_eq!(
                position(&rules, &resumed),
                position(&rules, &state),
                "seed {seed}, move {n}"
            );
        }
        reshuffled += usize::from(state.chance.len() > dealt);
    }
    assert!(reshuffled > 0, "no game reshuffled its draw pile");
}
