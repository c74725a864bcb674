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
    let set = if text.contains("option seats") {
        vec![("seats".into(), seats)]
    } else {
        Vec::new()
    };
    let rules = tabula::compile::load(&text, &set).expect("compiles");
    (rules, text)
}

/// What a seat could compare of two positions: the board, the hands, the
/// turn and the cards drawn so far (the order of the cards still to come is
/// not in a record written during play: it is drawn anew).
fn position(rules: &Rules, state: &State) -> String {
    let hands: Vec<Vec<u8>> = (0..rules.seats.len() as u8)
        .map(|s| state.hand(s, rules).to_vec())
        .collect();
    format!(
        "{:?} {:?} {} {} {:?} {:?}",
        state.board,
        hands,
        state.mover,
        state.turn,
        state.outcome,
        state.seen_chance()
    )
}

#[test]
fn a_card_game_saved_at_any_move_resumes_there() {
    saved_games_resume("just-4-fun.game", 4, 200, 1);
}

#[test]
fn a_partners_game_saved_at_any_move_resumes_there() {
    // Three deals from one shuffle, then a reshuffle: 60 turns and 12
    // exchanges take a game past its second dealer's first shuffle.
    saved_games_resume("partners.game", 4, 150, 7);
}

/// Random games of `file` whose record, written after every move (every
/// `every`-th move checked), resumes to the position it was written at.
fn saved_games_resume(file: &str, seats: i64, moves_at_most: usize, every: usize) {
    let (rules, text) = rules(file, seats);
    let mut reshuffled = 0;
    for seed in 0..4u64 {
        let mut state = rules.start(seed);
        let players = vec!["random".to_string(); seats as usize];
        let mut record = Record::new(&rules, &format!("rules/{file}"), &text, seed, &players);
        record.note_chance(&state);
        let dealt = state.chance.len();
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut moves = Vec::new();
        while !state.is_over() && record.moves.len() < moves_at_most {
            rules.legal_moves(&state, &mut moves);
            let m = moves[rng.gen_range(0..moves.len())];
            rules.play(&mut state, m);
            record.push_move(rules.move_text(m), &state);
            // What `play` writes now, read back and replayed.
            let saved: Record = serde_json::from_str(&record.to_json()).expect("a record");
            if !record.moves.len().is_multiple_of(every) {
                continue;
            }
            if !state.is_over() {
                // Nothing a record written during play holds tells a card to come.
                let drawn = state.chance.len() - state.draw_pile().len();
                assert_eq!(
                    saved.chance.len(),
                    drawn,
                    "seed {seed}, move {}",
                    saved.moves.len()
                );
                assert_eq!(saved.seed, None, "the seed would tell every card");
                assert!(saved
                    .reveals
                    .as_deref()
                    .is_some_and(|r| r.contains("until the game ends")));
            }
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
        // Once over, the record tells everything.
        record.finish(&rules, &state);
        assert_eq!(record.seed, Some(seed));
        assert_eq!(record.chance.len(), state.chance.len());
        assert_eq!(record.reveals, None);
    }
    assert!(reshuffled > 0, "no game reshuffled its draw pile");
}

/// Taking a move back shuffles the cards still to be drawn again: the next
/// cards are not the ones that were seen being drawn, and nothing seen changes.
#[test]
fn the_cards_to_come_are_shuffled_anew_after_an_undo() {
    let (rules, _) = rules("just-4-fun.game", 2);
    let mut changed = 0;
    for seed in 0..8u64 {
        let state = rules.start(seed);
        let mut again = state.clone();
        again.reshuffle_unseen(seed ^ 0x5eed);
        assert_eq!(position(&rules, &again), position(&rules, &state));
        let sorted = |s: &State| {
            let mut pile = s.draw_pile().to_vec();
            pile.sort_unstable();
            pile
        };
        assert_eq!(sorted(&again), sorted(&state));
        assert_eq!(again.chance.len(), state.chance.len());
        changed += usize::from(again.draw_pile() != state.draw_pile());
    }
    assert!(
        changed >= 7,
        "the pile kept its order {} times in 8",
        8 - changed
    );
}

/// `moves --from` a record of a card game still being played shows no hand
/// and lists no moves (they would tell the hand of the seat to move), and
/// `perft --from` it counts none, by the same rule.
#[test]
fn moves_and_perft_from_a_live_record_of_hidden_cards_tell_no_hand() {
    let (rules, text) = rules("just-4-fun.game", 2);
    let dir = tempfile::TempDir::new().unwrap();
    let path = dir.path().join("just-4-fun.game");
    std::fs::write(&path, &text).unwrap();
    let mut state = rules.start(5);
    let players = vec!["human".to_string(), "mcts".to_string()];
    let mut record = Record::new(&rules, "just-4-fun.game", &text, 5, &players);
    record.note_chance(&state);
    let m = rules.sorted_moves(&state)[0];
    rules.play(&mut state, m);
    record.push_move(rules.move_text(m), &state);
    let live = dir.path().join("live.json");
    std::fs::write(&live, record.to_json()).unwrap();
    let hand = |s: u8| {
        let cards: Vec<String> = state.hand(s, &rules).iter().map(u8::to_string).collect();
        cards.join(" ")
    };
    let out = assert_cmd::Command::cargo_bin("tabula")
        .unwrap()
        .args(["moves", "--from", live.to_str().unwrap()])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("still being played"), "{stdout}");
    for seat in 0..2 {
        assert!(
            !stdout.contains(&hand(seat)),
            "seat {seat}'s hand shown: {stdout}"
        );
    }
    assert!(!stdout.contains("legal moves:"), "{stdout}");
    for format in ["human", "json"] {
        let out = assert_cmd::Command::cargo_bin("tabula")
            .unwrap()
            .args(["perft", "--from", live.to_str().unwrap(), "--depth", "1"])
            .args(["--format", format])
            .output()
            .unwrap();
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert_eq!(out.status.code(), Some(2), "{stdout}{stderr}");
        assert!(stdout.is_empty(), "perft counted: {stdout}");
        assert!(stderr.contains("still being played"), "{stderr}");
    }
}

/// A game of dice saved at any move resumes there, its throw included;
/// while it is played its record holds the throws so far but not the
/// seed, which would tell the throws to come.
#[test]
fn a_game_of_dice_saved_at_any_move_resumes_there_and_keeps_its_seed() {
    let (rules, text) = rules("ludo.game", 2);
    for seed in 0..3u64 {
        let mut state = rules.start(seed);
        let players = vec!["random".to_string(); 2];
        let mut record = Record::new(&rules, "rules/ludo.game", &text, seed, &players);
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut moves = Vec::new();
        while !state.is_over() {
            rules.legal_moves(&state, &mut moves);
            let m = moves[rng.gen_range(0..moves.len())];
            rules.play(&mut state, m);
            record.push_move(rules.move_text(m), &state);
            let saved: Record = serde_json::from_str(&record.to_json()).expect("a record");
            if !state.is_over() {
                assert_eq!(saved.seed, None, "the seed would tell the throws to come");
                assert_eq!(saved.chance.len(), state.chance.len());
                assert_eq!(saved.reveals, None, "a throw seen is no secret");
            }
            if !record.moves.len().is_multiple_of(5) && !state.is_over() {
                continue;
            }
            let mut resumed = replayed_start(&rules, &saved);
            let n = saved.moves.len();
            play_moves(&rules, &mut resumed, &saved.moves, "the record")
                .unwrap_or_else(|e| panic!("seed {seed}, move {n}: {}", e.message));
            assert_eq!(resumed, state, "seed {seed}, move {n}");
            assert_eq!(resumed.dice(), state.dice(), "seed {seed}, move {n}");
        }
        record.finish(&rules, &state);
        assert_eq!(record.seed, Some(seed));
    }
}
