//! Partners (rules/partners.game, rules in docs/games/partners.md) in the
//! interpreter: the scenarios on the rules page, random games with
//! invariants, the engine checked move by move against the hand-written
//! native Partners, and hidden cards kept hidden.

#[path = "../benches/native/partners.rs"]
mod native;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tabula::engine::{Move, Outcome, State};
use tabula::ir::Rules;

/// The shipped rules text.
fn source() -> String {
    let path = format!("{}/rules/partners.game", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).expect("rules/partners.game")
}

fn load(text: &str) -> Rules {
    tabula::compile::load(text, &[]).unwrap_or_else(|e| panic!("the rules must load: {e:?}"))
}

/// The rules without the exchange and with `setup` put before play, so
/// that a scenario starts where it needs to.
fn variant(setup: &str) -> Rules {
    let mut text = source().replace("pass 1 card to partner", "");
    if !setup.is_empty() {
        text += &format!("\nsetup: {setup}\n");
    }
    load(&text)
}

/// The chance that makes `dealer` deal the hands given (by card name, seat
/// by seat): the dealer, then the deck in drawing order, one card a seat
/// at a time from the seat after the dealer.
fn chance(rules: &Rules, dealer: u8, hands: [&[&str]; 4]) -> Vec<u32> {
    let code = |name: &str| {
        rules
            .card_kinds
            .iter()
            .position(|k| k.0 == name)
            .unwrap_or_else(|| panic!("no card {name}")) as u8
    };
    let mut rest = rules.deck.clone();
    let mut order = vec![u32::from(dealer)];
    for round in 0..4 {
        for k in 0..4 {
            let seat = (dealer as usize + 1 + k) % 4;
            let card = code(hands[seat].get(round).expect("four cards a hand"));
            let i = rest
                .iter()
                .position(|&c| c == card)
                .expect("four of a kind");
            rest.remove(i);
            order.push(u32::from(card));
        }
    }
    order.extend(rest.iter().map(|&c| u32::from(c)));
    order
}

/// A game of `variant(setup)` with those hands; the seat after `dealer` moves.
fn game(setup: &str, dealer: u8, hands: [&[&str]; 4]) -> (Rules, State) {
    let rules = variant(setup);
    let state = State::scripted(&rules, &chance(&rules, dealer, hands));
    assert_eq!(state.mover, (dealer + 1) % 4);
    (rules, state)
}

/// The legal moves' texts, sorted.
fn legal(rules: &Rules, state: &State) -> Vec<String> {
    let mut texts: Vec<String> = rules
        .sorted_moves(state)
        .iter()
        .map(|&m| rules.move_text(m))
        .collect();
    texts.sort();
    texts
}

/// The moves of one card, without the card's name.
fn with(rules: &Rules, state: &State, card: &str) -> Vec<String> {
    legal(rules, state)
        .iter()
        .filter_map(|t| t.strip_prefix(&format!("{card} ")).map(str::to_string))
        .collect()
}

fn play(rules: &Rules, state: &mut State, text: &str) {
    let m = rules.parse_move(state, text).unwrap_or_else(|e| {
        panic!(
            "`{text}` must be legal: {e}; legal: {:?}",
            legal(rules, state)
        )
    });
    rules.play(state, m);
}

/// The pieces on a space by label, as seat letters (`YY`).
fn at(rules: &Rules, state: &State, label: &str) -> String {
    let cell = rules.geometry.cell_by_label(label).expect(label);
    state
        .stack(cell, rules)
        .iter()
        .map(|&c| ['Y', 'R', 'B', 'G'][c as usize - 1])
        .collect()
}

/// A move's text; a 7's as the position it leaves, each cell's movers.
fn engine_place(rules: &Rules, state: &State, text: &str) -> String {
    if !text.starts_with("7 ") {
        return text.to_string();
    }
    let mut after = state.clone();
    play(rules, &mut after, text);
    let cells = (0..native::CELLS).map(|x| {
        let label = native::cell_label(x);
        let movers = at(rules, &after, &label);
        format!("{label}:{movers}")
    });
    format!("7 @ {}", cells.collect::<Vec<_>>().join(" "))
}

/// The native Partners' [`engine_place`].
fn native_place(game: &native::Partners, m: native::Move) -> String {
    let text = game.move_text(m);
    if !text.starts_with("7 ") {
        return text;
    }
    let mut after = game.clone();
    after.play(m);
    let cells = (0..native::CELLS).map(|x| {
        let (c, n) = after.movers_at(x).unwrap_or((0, 0));
        let movers: String = std::iter::repeat_n(['Y', 'R', 'B', 'G'][c], n).collect();
        format!("{}:{movers}", native::cell_label(x))
    });
    format!("7 @ {}", cells.collect::<Vec<_>>().join(" "))
}

const FILLER: &[&str] = &["2", "3", "9", "10"];

#[test]
fn a_start_card_enters_and_a_number_cannot_move_a_mover_at_home() {
    let (rules, mut state) = game("", 3, [&["start", "5", "2", "3"], FILLER, FILLER, FILLER]);
    assert_eq!(with(&rules, &state, "start"), ["Yh-Y0"]);
    assert!(
        with(&rules, &state, "5").is_empty(),
        "a 5 cannot move a mover at home"
    );
    play(&rules, &mut state, "start");
    assert_eq!(at(&rules, &state, "Y0"), "Y");
    assert_eq!(at(&rules, &state, "Yh"), "YYY");
}

#[test]
fn a_mover_on_its_own_start_blocks_others_both_ways() {
    // Green on G0 blocks its partner Red: from B12 a 5 may not pass it, nor
    // may a -4 walk back past it from G2.
    let setup =
        "put 1 Green where cell == G0; put 1 Red where cell == B12; put 1 Red where cell == G2";
    let (rules, state) = game(setup, 0, [FILLER, &["5", "-4", "2", "3"], FILLER, FILLER]);
    assert_eq!(with(&rules, &state, "5"), ["G2-G7"]);
    assert_eq!(with(&rules, &state, "-4"), ["B12-B8"]);
    // An opponent, Blue on B13, is stopped the same: no card moves it.
    let setup = "put 1 Green where cell == G0; put 1 Blue where cell == B13";
    let (rules, state) = game(setup, 1, [FILLER, FILLER, &["3", "2", "9", "10"], FILLER]);
    assert_eq!(legal(&rules, &state), ["pass"]);
    // Its own colour passes: Green on G13 goes by its start into its end zone.
    let setup = "put 1 Green where cell == G0; put 1 Green where cell == B13";
    let (rules, state) = game(setup, 2, [FILLER, FILLER, FILLER, &["3", "2", "9", "10"]]);
    assert_eq!(with(&rules, &state, "3"), ["B13-Ge2", "G0-G3"]);
}

#[test]
fn landing_on_one_sends_it_home() {
    let setup = "put 1 Red where cell == Y8; put 1 Yellow where cell == Y3";
    let (rules, mut state) = game(setup, 3, [&["5", "6", "2", "3"], FILLER, FILLER, FILLER]);
    play(&rules, &mut state, "5 Y3-Y8");
    assert_eq!(at(&rules, &state, "Y8"), "Y");
    assert_eq!(at(&rules, &state, "Rh"), "RRRR", "Red goes home");
}

/// Yellow's 5 from Y3 to Y8 with `effects` after a move in place of the
/// shipped ones and `setup` put first: the position after it.
fn landing(effects: &str, setup: &str) -> (Rules, State) {
    let shipped = "capture at to if rivals == 1; send home piece if rivals >= 2";
    let text = source().replace("pass 1 card to partner", "");
    assert!(text.contains(shipped));
    let text = text.replace(shipped, effects);
    let full = format!("{text}\nsetup: {setup}; put 1 Yellow where cell == Y3\n");
    let rules = load(&full);
    let hands = [&["5", "6", "2", "3"][..], FILLER, FILLER, FILLER];
    let mut state = State::scripted(&rules, &chance(&rules, 3, hands));
    play(&rules, &mut state, "5 Y3-Y8");
    (rules, state)
}

/// Effects after a move whose conditions compare one value read it again
/// after an effect happened: with `capture ... if rivals >= 1; send home
/// piece if rivals >= 1`, the capture leaves no rival, so the mover stays
/// (and on two rivals both go home, then the mover stays too).
#[test]
fn an_effect_after_a_move_sees_what_the_one_before_it_did() {
    let effects = "capture at to if rivals >= 1; send home piece if rivals >= 1";
    for (setup, home, movers) in [
        ("put 1 Red where cell == Y8", "Rh", "RRRR"),
        ("put 2 Blue where cell == Y8", "Bh", "BBBB"),
    ] {
        let (rules, state) = landing(effects, setup);
        assert_eq!(at(&rules, &state, "Y8"), "Y", "{setup}: the mover stays");
        assert_eq!(
            at(&rules, &state, home),
            movers,
            "{setup}: the rivals go home"
        );
    }
}

/// A landing alone reads as one: with `send home piece if rivals == 0`
/// a mover that lands on an empty space goes home, and so does one that
/// captured the single rival there first.
#[test]
fn a_mover_landing_alone_meets_no_rival() {
    let effects = "capture at to if rivals == 1; send home piece if rivals == 0";
    for setup in ["put 1 Red where cell == B8", "put 1 Red where cell == Y8"] {
        let (rules, state) = landing(effects, setup);
        assert_eq!(at(&rules, &state, "Y8"), "", "{setup}: nobody stays");
        assert_eq!(
            at(&rules, &state, "Yh"),
            "YYYY",
            "{setup}: the mover went home"
        );
    }
}

#[test]
fn landing_on_two_sends_the_mover_home() {
    let setup = "put 2 Blue where cell == Y9; put 1 Yellow where cell == Y3";
    let (rules, mut state) = game(setup, 3, [&["5", "6", "2", "3"], FILLER, FILLER, FILLER]);
    play(&rules, &mut state, "6 Y3-Y9");
    assert_eq!(at(&rules, &state, "Y9"), "BB", "the pair stays");
    assert_eq!(at(&rules, &state, "Yh"), "YYYY", "the mover goes home");
}

#[test]
fn back_four_then_into_the_end_zone_and_locked() {
    // -4 from Y2 lands on G12 (Yellow's start not counted).
    let (rules, mut state) = game(
        "put 1 Yellow where cell == Y2",
        3,
        [&["-4", "6", "5", "2"], FILLER, FILLER, FILLER],
    );
    play(&rules, &mut state, "-4 Y2");
    assert_eq!(at(&rules, &state, "G12"), "Y");
    // With an empty end zone a 6 takes it to end 4 (13, 14, e1..e4): locked.
    let mut six = state.clone();
    for _ in 0..3 {
        let m = rules.sorted_moves(&six)[0];
        rules.play(&mut six, m);
    }
    assert_eq!(with(&rules, &six, "6"), ["G12-Ye4"]);
    assert_eq!(with(&rules, &six, "5"), ["G12-Ye3"]);
    let mut five = six.clone();
    play(&rules, &mut six, "6 G12");
    assert_eq!(rules.locked_movers(&six, 0), 1);
    play(&rules, &mut five, "5 G12");
    assert_eq!(at(&rules, &five, "Ye3"), "Y");
    assert_eq!(
        rules.locked_movers(&five, 0),
        0,
        "end 3 with end 4 free is not locked"
    );
}

#[test]
fn a_seven_splits_and_must_be_used_whole() {
    let setup = "put 1 Yellow where cell == Y3; put 1 Yellow where cell == Y8; put 1 Yellow where cell == R2";
    let (rules, mut state) = game(setup, 3, [&["7", "2", "3", "9"], FILLER, FILLER, FILLER]);
    let sevens = with(&rules, &state, "7");
    // The furthest mover first: one order a split.
    assert!(
        sevens.contains(&"R2-R6 Y8-Y9 Y3-Y5".to_string()),
        "{sevens:?}"
    );
    assert!(!sevens.contains(&"Y3-Y5 Y8-Y9 R2-R6".to_string()));
    play(&rules, &mut state, "7 y3-y5 y8-y9 r2-r6");
    for label in ["Y5", "Y9", "R6"] {
        assert_eq!(at(&rules, &state, label), "Y", "{label}");
    }
    // Red on its start: Y14 cannot move, Y10 only 4 spaces; a 7 cannot be
    // used whole, so it cannot be played.
    let setup = "put 1 Yellow where cell == Y14; put 1 Yellow where cell == Y10; put 1 Red where cell == R0";
    let (rules, state) = game(setup, 3, [&["7", "2", "3", "9"], FILLER, FILLER, FILLER]);
    assert!(with(&rules, &state, "7").is_empty());
    assert_eq!(with(&rules, &state, "3"), ["Y10-Y13"]);
}

/// A part that locks the player's last mover hands the rest of the 7 to
/// the partner's movers, in the same split.
#[test]
fn a_seven_that_locks_the_last_mover_goes_on_with_the_partners() {
    let setup = "put 1 Yellow where cell == Ye2; put 1 Yellow where cell == Ye3; \
                 put 1 Yellow where cell == Ye4; put 1 Yellow where cell == G13; \
                 put 1 Blue where cell == B3";
    let (rules, mut state) = game(setup, 3, [&["7", "2", "3", "9"], FILLER, FILLER, FILLER]);
    // G13 walks 2 into Ye1 (then all four are locked, Blue takes 5), or
    // all 7, turning back at Ye1 to G10; any other length leaves spaces
    // that nobody may take.
    assert_eq!(with(&rules, &state, "7"), ["G13-G10", "G13-Ye1 B3-B8"]);
    play(&rules, &mut state, "7 G13-Ye1 B3-B8");
    assert_eq!(at(&rules, &state, "Ye1"), "Y");
    assert_eq!(at(&rules, &state, "B8"), "B");
}

#[test]
fn a_card_past_the_end_zone_turns_the_mover_back() {
    let (rules, state) = game(
        "put 1 Yellow where cell == G13",
        3,
        [&["9", "2", "3", "5"], FILLER, FILLER, FILLER],
    );
    // 14, e1, e2, e3, e4, then back e3, e2, e1, G14.
    assert_eq!(with(&rules, &state, "9"), ["G13-G14"]);
    let setup = "put 1 Yellow where cell == Ye1; put 1 Yellow where cell == Ye2";
    let (rules, state) = game(setup, 3, [&["5", "2", "3", "9"], FILLER, FILLER, FILLER]);
    assert_eq!(
        with(&rules, &state, "5"),
        ["Ye1-G10"],
        "no room ahead: it turns at once"
    );
}

#[test]
fn a_seat_without_a_usable_card_sits_out_until_the_next_deal() {
    let others: &[&str] = &["start", "2", "3", "5"];
    let (rules, mut state) = game("", 3, [&["2", "3", "5", "6"], others, others, others]);
    assert_eq!(legal(&rules, &state), ["pass"]);
    play(&rules, &mut state, "pass");
    assert_eq!(state.hand(0, &rules).len(), 0);
    // Yellow is passed over until every hand is empty: the others' 12
    // cards; then the next deal gives Yellow cards again.
    let mut turns = 0;
    while state.hand(0, &rules).is_empty() {
        assert_ne!(state.mover, 0, "Yellow sits out");
        let m = rules.sorted_moves(&state)[0];
        rules.play(&mut state, m);
        turns += 1;
    }
    assert_eq!(turns, 12);
    assert_eq!(state.hand(0, &rules).len(), 4);
}

/// Every card: the hands, the piles and the cards passed face down.
fn cards(rules: &Rules, state: &State) -> Vec<u8> {
    let mut all: Vec<u8> = (0..4).flat_map(|s| state.hand(s, rules).to_vec()).collect();
    all.extend(state.draw_pile());
    all.extend(state.discard_pile());
    all.extend(state.round().transit.iter().filter(|&&c| c != 0));
    all.sort_unstable();
    all
}

/// Whether a one-walk move along the ring passes a start space that its
/// owner's movers hold, for a mover of another colour (forward, or back
/// for a card of negative value).
fn passes_a_held_start(rules: &Rules, state: &State, m: Move) -> bool {
    let track = rules.track.as_ref().expect("a track");
    let Some((_, card, parts)) = rules.track_of(m) else {
        return false;
    };
    let (from, to) = (parts.0[0] as usize, parts.1[0] as usize);
    let ring = track.ring();
    let one_walk = parts.0[1] == u8::MAX && from != to && from < ring && to < ring;
    if !one_walk || rules.card_name(card) == "switch" {
        return false;
    }
    let colour = state.board[from];
    let back = rules.card_kinds[card as usize].1 < 0;
    // A forward walk that reaches the mover's own start space went into its
    // end zone (and maybe back out): not a walk along the ring.
    let own = track.start(colour as usize - 1) as usize;
    let ahead = |a: usize, b: usize| (b + ring - a) % ring;
    if !back && ahead(from, own) <= ahead(from, to) {
        return false;
    }
    let (mut at, end) = if back { (to, from) } else { (from, to) };
    loop {
        at = (at + 1) % ring;
        if at == end {
            return false;
        }
        let owner = track.seat_of[at] + 1;
        let held = track.kind[at] == tabula::ir::SpaceKind::Start && state.board[at] == owner;
        if held && owner != colour {
            return true;
        }
    }
}

#[test]
fn random_games_keep_movers_cards_and_spaces_right() {
    let rules = load(&source());
    let track = rules.track.clone().expect("a track");
    let mut deck = rules.deck.clone();
    deck.sort_unstable();
    let mut rng = SmallRng::seed_from_u64(3);
    for seed in 0..100 {
        let mut state = rules.start(seed);
        let mut locked_cells = Vec::new();
        let mut moves = 0;
        while !state.is_over() {
            let legal = rules.sorted_moves(&state);
            assert!(!legal.is_empty(), "seed {seed}: a move is always legal");
            let m = legal[rng.gen_range(0..legal.len())];
            assert!(
                !passes_a_held_start(&rules, &state, m),
                "seed {seed}: {} passes a start its owner holds",
                rules.move_text(m)
            );
            rules.play(&mut state, m);
            moves += 1;
            assert!(moves < 5000, "seed {seed}: the game goes on and on");
            assert_eq!(cards(&rules, &state), deck, "seed {seed}: 56 cards");
            for seat in 0..4u8 {
                let movers: usize = (0..track.cells() as u16)
                    .map(|c| {
                        state
                            .stack(c, &rules)
                            .iter()
                            .filter(|&&p| p == seat + 1)
                            .count()
                    })
                    .sum();
                assert_eq!(movers, 4, "seed {seed}: 4 movers a seat");
            }
            for c in 0..track.cells() as u16 {
                let stack = state.stack(c, &rules);
                assert!(
                    stack.windows(2).all(|w| w[0] == w[1]),
                    "seed {seed}: two colours on {}",
                    rules.geometry.labels[c as usize]
                );
                if let (Some(&p), tabula::ir::SpaceKind::Start) =
                    (stack.first(), track.kind[c as usize])
                {
                    assert_eq!(
                        p - 1,
                        track.seat_of[c as usize],
                        "seed {seed}: a mover on another's start"
                    );
                }
            }
            // A locked mover never moves again.
            for &c in &locked_cells {
                assert!(state.height(c) > 0, "seed {seed}: a locked mover moved");
            }
            locked_cells = (0..4)
                .flat_map(|s| (1..=4).map(move |k| (s, k)))
                .map(|(s, k)| track.end(s, k))
                .filter(|&c| {
                    state.height(c) > 0
                        && (track.end_index(c)..=4).all(|k| {
                            state.height(track.end(track.seat_of[c as usize] as usize, k)) > 0
                        })
                })
                .collect();
        }
        let Some(Outcome::Win(w)) = state.outcome else {
            panic!("seed {seed}: a team wins")
        };
        let partner = rules.partner[w as usize] as usize;
        assert_eq!(
            rules.locked_movers(&state, w as usize) + rules.locked_movers(&state, partner),
            8
        );
    }
}

/// Random games played by the interpreter and the native Partners side by
/// side, with the same shuffles: the same legal moves at every step.
#[test]
fn the_engine_agrees_with_the_native_partners() {
    let rules = load(&source());
    let to_native =
        |code: u32| native::card_by_name(rules.card_name(code as u8)).expect("a card of both");
    let mut rng = SmallRng::seed_from_u64(7);
    for seed in 0..40 {
        let mut state = rules.start(seed);
        let mut game = native::Partners::new(state.round().dealer as usize);
        let mut shuffles = 0;
        let mut buf = Vec::new();
        while !state.is_over() {
            if game.deal_due() {
                if game.needs_shuffle() {
                    // Each shuffle is 56 outcomes after the first dealer.
                    let from = 1 + shuffles * 56;
                    let order: Vec<u8> = state.chance[from..from + 56]
                        .iter()
                        .map(|&c| to_native(c))
                        .collect();
                    game.deal(Some(&order));
                    shuffles += 1;
                } else {
                    game.deal(None);
                }
                continue;
            }
            assert_eq!(
                state.mover as usize,
                game.mover(),
                "seed {seed}: the same seat moves"
            );
            // The same moves; a 7 as the position it leaves, since each
            // lists a position as the first order of parts it finds.
            let ours = legal(&rules, &state);
            let ours_placed: Vec<String> = ours
                .iter()
                .map(|t| engine_place(&rules, &state, t))
                .collect();
            game.legal_moves(&mut buf);
            let theirs: Vec<(String, native::Move)> =
                buf.iter().map(|&m| (native_place(&game, m), m)).collect();
            let sorted = |mut v: Vec<String>| {
                v.sort();
                v
            };
            assert_eq!(
                sorted(ours_placed.clone()),
                sorted(theirs.iter().map(|t| t.0.clone()).collect()),
                "seed {seed}, turn {}",
                state.turn
            );
            let i = rng.gen_range(0..ours.len());
            play(&rules, &mut state, &ours[i]);
            let (_, m) = theirs
                .iter()
                .find(|t| t.0 == ours_placed[i])
                .expect("listed");
            game.play(*m);
        }
        assert!(game.is_over(), "seed {seed}: both games end together");
        let Some(Outcome::Win(w)) = state.outcome else {
            unreachable!()
        };
        assert_eq!(
            game.winner(),
            Some(w as usize % 2),
            "seed {seed}: the same team wins"
        );
    }
}

#[test]
fn another_seats_hand_and_the_cards_passed_do_not_change_a_view() {
    let rules = load(&source());
    for seed in 0..20 {
        let state = rules.start(seed);
        let mut passed = state.clone();
        // Each seat but the last passes a card; Yellow looks.
        for _ in 0..3 {
            let m = rules.sorted_moves(&passed)[0];
            assert!(matches!(m, Move::Give(_)));
            rules.play(&mut passed, m);
        }
        let viewer = passed.mover;
        let view = rules.view(&passed, viewer);
        // Another deal of the cards the viewer cannot see, one that keeps
        // what it can: the view stays the same.
        let mut rng = SmallRng::seed_from_u64(seed);
        let other = rules.determinize(&view, viewer, &mut rng);
        assert_eq!(rules.view(&other, viewer), view, "seed {seed}");
        assert_eq!(
            cards(&rules, &other),
            cards(&rules, &passed),
            "seed {seed}: the same 56 cards"
        );
        for s in (0..4).filter(|&s| s != viewer) {
            assert!(
                view.hand(s, &rules).iter().all(|&c| c == 0),
                "seed {seed}: seat {s}'s hand shows"
            );
        }
        let giver = (0..4)
            .find(|&s| s != viewer as usize && passed.round().transit[s * 2] != 0)
            .expect("a card passed");
        assert_eq!(
            view.round().transit[giver * 2],
            0,
            "seed {seed}: a card in transit shows"
        );
    }
}

/// The little race of docs/language.md: the same constructs without teams,
/// exchange or turning back, start spaces counted.
fn little_race(setup: &str) -> Rules {
    let path = format!("{}/docs/language.md", env!("CARGO_MANIFEST_DIR"));
    let docs = std::fs::read_to_string(path).expect("docs/language.md");
    let start = docs.find("game \"Little race\"").expect("the little race");
    let end = start + docs[start..].find("```").expect("its end");
    load(&format!("{}\nsetup: {setup}\n", &docs[start..end]))
}

#[test]
fn without_turning_back_a_walk_must_end_in_the_end_zone() {
    let rules = little_race("put 1 East where cell == N5; put 1 North where cell == E0");
    // No `first random`: North deals, East plays first. East gets 2 3
    // start, North three 1s. A 3 from N5 would pass end 2: not a move.
    let state = State::scripted(&rules, &[2, 1, 3, 1, 4, 1, 2, 2, 3, 3, 4, 4]);
    assert_eq!(state.mover, 1);
    assert_eq!(legal(&rules, &state), ["2 N5-Ee2", "start Eh-E0"]);
    // East enters onto its start, where North stands: counted spaces may
    // be landed on, and `capture at to` sends North home.
    let mut entered = state.clone();
    play(&rules, &mut entered, "start");
    assert_eq!(at(&rules, &entered, "E0"), "R");
    assert_eq!(at(&rules, &entered, "Nh"), "YY");
}

/// A race with a neutral piece on the track and movers set up off home.
const BARRICADE: &str = "game \"Barricade race\"
players North, South
neutral Rock
board track 5 per seat, homes of 2, end zones of 2
setup: put 1 Rock where cell == N3; put 2 North where cell == S4; put 1 South where cell == N2
deck 3 x (1, 2, 3, start)
deal 3 to each
phase play
  play card where card == start then enter where owner(cell) == mover
  play card where value(card) > 0 then move by value(card) where owner(cell) == mover
  otherwise discard hand
after move: capture at to
end when all(height(c) > 0 for c where end_zone(c) and seat_of(c) == mover): mover wins
limit 2000 turns
";

#[test]
fn a_neutral_piece_on_a_track_never_moves_nor_goes_home() {
    let rules = load(BARRICADE);
    let rock = rules.geometry.cell_by_label("N3").expect("N3");
    let mut rng = SmallRng::seed_from_u64(1);
    for seed in 0..200 {
        let mut state = rules.start(seed);
        assert_eq!(at(&rules, &state, "S4"), "YY", "the set-up's movers");
        assert_eq!(at(&rules, &state, "Nh"), "", "none left at home");
        while !state.is_over() {
            let legal = rules.sorted_moves(&state);
            let m = legal[rng.gen_range(0..legal.len())];
            rules.play(&mut state, m);
            let stack = state.stack(rock, &rules);
            assert_eq!(
                stack.first(),
                Some(&3),
                "seed {seed}: the rock stays at the bottom of N3"
            );
        }
    }
    // A set-up may not give a seat more movers than its home holds.
    let too_many = BARRICADE.replace("put 2 North", "put 3 North");
    assert!(tabula::compile::load(&too_many, &[]).is_err());
}

/// `piece` before any piece moved is no seat: it has no stones and no lead,
/// on boards that count stones per seat and on boards of stacks.
#[test]
fn no_seat_has_no_stones() {
    for board in [
        "board square 3 x 3 with stacks\nowner majority",
        "board square 3 x 3 with stacks",
    ] {
        let text = format!(
            "players X, O\n{board}\nsupply 3\nphase p\n  place where stones(piece) == 0 and lead(piece) == 0\nend when count(mover) == 3: mover wins\n"
        );
        let rules = load(&text);
        let mut state = rules.start(0);
        let mut buf = Vec::new();
        let mut rng = SmallRng::seed_from_u64(0);
        tabula::engine::random_playout(&rules, &mut state, &mut buf, &mut rng, 100);
        assert!(state.is_over() && state.fault().is_none(), "{board}");
    }
}

/// A condition that needs a piece on the cell (`height(cell) > 0`,
/// `stones(p, cell) > 0`) takes the occupied cells, and only those that
/// pass: on a board of stacks as on the blocked spaces of a track.
#[test]
fn a_place_on_pieces_takes_the_occupied_cells_that_pass() {
    for (condition, expected) in [
        ("height(cell) > 0", vec!["a1", "b2"]),
        ("stones(mover, cell) > 0", vec!["b2"]),
        ("stones(next, cell) > 0 and not corner(cell)", vec![]),
    ] {
        let text = format!(
            "players X, O\nboard square 3 x 3 with stacks\nsetup: put 1 X where cell == b2; put 1 O where cell == a1\nsupply 3\nphase p\n  place where {condition}\n  otherwise pass\nend when count(mover) == 3: mover wins\n"
        );
        let rules = load(&text);
        let state = rules.start(0);
        let mut texts = legal(&rules, &state);
        texts.retain(|t| t != "pass");
        assert_eq!(texts, expected, "{condition}");
    }
}

/// A race of two seats whose 3s are split among a stack of two movers and
/// a third one: the general `split`, outside Partners.
const SPLIT_RACE: &str = "game \"Split race\"
players North, South
board track 5 per seat, homes of 3, end zones of 2
setup: put 2 North where cell == S1; put 1 North where cell == S3
deck 12 x (3)
deal 3 to each
phase play
  play card where value(card) == 3 then split 3 where owner(cell) == mover
  otherwise discard hand
after move: capture at to
end when all(height(c) > 0 for c where end_zone(c) and seat_of(c) == mover): mover wins
limit 200 turns
";

#[test]
fn a_split_divides_its_spaces_among_stacked_movers_each_once() {
    let rules = load(SPLIT_RACE);
    let mut state = rules.start(0);
    if state.mover == 1 {
        // South, all at home, can use no 3.
        let pass = rules.sorted_moves(&state);
        assert_eq!(pass.len(), 1);
        rules.play(&mut state, pass[0]);
    }
    assert_eq!(state.mover, 0, "North splits");
    // Every way to divide 3 once, no mover twice, S3 walking past North's
    // start into its end zone; each position once, as the first order
    // found (the furthest mover first, then the stack on S1, whose movers
    // take parts in turn). `3 S3-S4 S1-S3` (S3 relayed from S1) leaves
    // what `3 S1-S4` leaves: one move.
    assert_eq!(
        legal(&rules, &state),
        [
            "3 S1-S2 S1-S3",
            "3 S3-Ne1",
            "3 S3-S4 S1-S2 S1-S2",
            "3 S3-S4 S1-S3",
            "3 S3-S5 S1-S2",
        ]
    );
    play(&rules, &mut state.clone(), "3 S1-S4");
    play(&rules, &mut state, "3 S3-S4 S1-S2 S1-S2");
    assert_eq!(at(&rules, &state, "S2"), "YY");
    assert_eq!(at(&rules, &state, "S4"), "Y");
    assert_eq!(at(&rules, &state, "S1"), "");
}

#[test]
fn in_the_exchange_a_card_alone_is_the_card_given() {
    let rules = load(&source());
    let state = rules.start(5);
    let hand = state.hand(state.mover, &rules);
    let card = rules.card_name(hand[0]).to_string();
    let given = rules.parse_move(&state, &format!("give {card}"));
    assert!(given.is_ok(), "`give {card}` is a move of the exchange");
    assert_eq!(rules.parse_move(&state, &card).ok(), given.ok());
    let unheld = ["1", "2", "3", "5", "6", "7", "8", "9", "10", "12", "13"]
        .into_iter()
        .find(|c| !hand.iter().any(|&k| rules.card_name(k) == *c))
        .expect("a card not in a hand of 4");
    assert!(rules.parse_move(&state, unheld).is_err());
}

/// Two track rules that play a card the same way give one move, the
/// first rule's; a phase's track moves come card by card, lowest code
/// first, each card's walks in cell order, whatever order the rules are in.
#[test]
fn two_rules_that_play_a_card_alike_list_it_once_card_by_card() {
    let one = load(BARRICADE);
    let again = "phase play\n  play card where value(card) == 2 then move by 2 where owner(cell) == mover\n";
    let two = load(&BARRICADE.replace("phase play\n", again));
    let texts = |rules: &Rules, state: &State| {
        let mut moves = Vec::new();
        rules.legal_moves(state, &mut moves);
        moves
            .iter()
            .map(|&m| rules.move_text(m))
            .collect::<Vec<_>>()
    };
    let mut rng = SmallRng::seed_from_u64(5);
    let mut twos = 0;
    for seed in 0..40 {
        let (mut a, mut b) = (one.start(seed), two.start(seed));
        while !a.is_over() {
            let listed = texts(&one, &a);
            assert_eq!(texts(&two, &b), listed, "seed {seed}: one list");
            twos += listed.iter().filter(|t| t.starts_with("2 ")).count();
            // By card (the deck's order: 1, 2, 3, start), then walks.
            let order = |t: &String| {
                let (card, walk) = t.split_once(' ').unwrap_or((t, ""));
                let code = ["1", "2", "3", "start"].iter().position(|c| *c == card);
                let from = walk
                    .split('-')
                    .next()
                    .map(|l| one.geometry.cell_by_label(l));
                (code, from)
            };
            assert!(listed.is_sorted_by_key(order), "seed {seed}: {listed:?}");
            let pick = rng.gen_range(0..listed.len());
            let (ma, mb) = (listed[pick].clone(), listed[pick].clone());
            play(&one, &mut a, &ma);
            play(&two, &mut b, &mb);
        }
    }
    assert!(twos > 100, "2s were played: {twos}");
}

/// A selection of one seat's movers whose seat names nobody (the owner of
/// an empty space) takes no mover, and nothing fails: in random games of
/// such a race the movers only ever enter, onto their start spaces.
#[test]
fn a_selection_of_nobodys_movers_takes_none() {
    let path = format!("{}/docs/language.md", env!("CARGO_MANIFEST_DIR"));
    let docs = std::fs::read_to_string(path).expect("docs/language.md");
    let start = docs.find("game \"Little race\"").expect("the little race");
    let end = start + docs[start..].find("```").expect("its end");
    let race = docs[start..end].replace(
        "move by value(card) where owner(cell) == mover",
        "move by value(card) where owner(cell) == owner(N3) and not locked(cell)",
    );
    let rules = load(&race);
    let mut rng = SmallRng::seed_from_u64(2);
    let mut entered = 0;
    for seed in 0..5 {
        let mut state = rules.start(seed);
        let mut buf = Vec::new();
        tabula::engine::random_playout(&rules, &mut state, &mut buf, &mut rng, 300);
        assert!(state.fault().is_none(), "seed {seed}");
        for label in ["N1", "N2", "N3", "N4", "N5", "E1", "E2", "E3", "E4", "E5"] {
            assert_eq!(at(&rules, &state, label), "", "seed {seed}: {label}");
        }
        entered += at(&rules, &state, "N0").len() + at(&rules, &state, "E0").len();
    }
    assert!(entered > 0, "movers entered");
}
