//! The hand-written native Partners (`benches/native/partners.rs`, rules in
//! `docs/games/partners.md`) checked on its own: the scenarios listed at the
//! end of the rules page, the rules the interpreter is cross-checked on
//! (start-space blocking, turning in the end zone, playing for the partner,
//! 7 splits, switches, sitting out, the exchange, dealer rotation), and
//! seeded random games with invariants after every move.

#[path = "../benches/native/partners.rs"]
mod native;

use native::{
    card_by_name, card_name, cell_label, parse_cell, random_playout, Card, Move, Partners, CELLS,
    DECK, DECK_SIZE, END, HOME, KINDS, RING, SEATS, SEGMENT,
};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Random games played with invariants.
const GAMES: u64 = 1000;
/// Random games whose every play-phase move list is compared with the
/// slow reference model.
const REFERENCE_GAMES: u64 = 200;
/// Moves after which a random game counts as not ending.
const CAP: u32 = 5000;

/// Cell id of a label.
fn cell(label: &str) -> usize {
    parse_cell(label).unwrap_or_else(|| panic!("no cell {label}"))
}

/// Card kind of a name.
fn card(name: &str) -> Card {
    card_by_name(name).unwrap_or_else(|| panic!("no card {name}"))
}

/// A position in the play phase: each colour's movers on the labelled cells
/// (the rest at home), the hands by card name, `turn` to play.
fn position(movers: [&str; SEATS], hands: [&[&str]; SEATS], turn: usize) -> Partners {
    let mut g = Partners::new(0);
    for (c, labels) in movers.iter().enumerate() {
        let mut cells = [HOME + c; 4];
        for (i, l) in labels.split_whitespace().enumerate() {
            cells[i] = cell(l);
        }
        g.set_movers(c, cells);
    }
    let hands: Vec<Vec<Card>> = hands
        .iter()
        .map(|h| h.iter().map(|n| card(n)).collect())
        .collect();
    g.set_hands([&hands[0], &hands[1], &hands[2], &hands[3]]);
    g.set_turn(turn);
    g
}

/// The legal move texts, sorted.
fn moves(g: &Partners) -> Vec<String> {
    let mut buf = Vec::new();
    g.legal_moves(&mut buf);
    let mut t: Vec<String> = buf.iter().map(|&m| g.move_text(m)).collect();
    t.sort();
    t
}

/// The legal move texts of the card named `name`, sorted.
fn moves_of(g: &Partners, name: &str) -> Vec<String> {
    let prefix = format!("{name} ");
    moves(g)
        .into_iter()
        .filter(|t| t.starts_with(&prefix))
        .collect()
}

/// Sorted owned strings.
fn texts(list: &[&str]) -> Vec<String> {
    let mut t: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    t.sort();
    t
}

/// The labels of colour `c`'s movers, ascending by cell id.
fn at(g: &Partners, c: usize) -> Vec<String> {
    g.positions(c).iter().map(|&x| cell_label(x)).collect()
}

/// Plays `text`, which must be legal.
fn play(g: &mut Partners, text: &str) {
    g.play_text(text).unwrap();
}

/// A shuffle in which, dealt by `dealer`, seat `s` receives `hands[s]`; the
/// other cards follow in kind order.
fn shuffle_giving(dealer: usize, hands: [[&str; 4]; SEATS]) -> Vec<Card> {
    let mut left = [4u8; KINDS];
    let mut order = Vec::new();
    for i in 0..16 {
        let k = card(hands[(dealer + 1 + i) % SEATS][i / 4]);
        left[k as usize] -= 1;
        order.push(k);
    }
    for (k, &n) in left.iter().enumerate() {
        order.extend(std::iter::repeat_n(k as Card, n as usize));
    }
    order
}

#[test]
fn labels_and_card_names_round_trip() {
    for x in 0..CELLS {
        assert_eq!(parse_cell(&cell_label(x)), Some(x));
    }
    assert_eq!(cell("Y0"), 0);
    assert_eq!(cell("R14"), 29);
    assert_eq!(cell("Gh"), 63);
    assert_eq!(cell("Ye1"), 64);
    assert_eq!(cell("Ge4"), 79);
    for bad in ["Y15", "Y01", "Ye0", "Ye5", "X3", "Y", "Yh1", "Y+3"] {
        assert_eq!(parse_cell(bad), None, "{bad}");
    }
    for k in 0..KINDS as Card {
        assert_eq!(card_by_name(card_name(k)), Some(k));
    }
    assert_eq!(card_by_name("4"), None);
    assert!(std::mem::size_of::<Move>() <= 16);
}

#[test]
fn start_card_enters_and_a_mover_at_home_cannot_walk() {
    let mut g = position(
        ["", "", "", ""],
        [&["start", "5"], &["2"], &["2"], &["2"]],
        0,
    );
    assert_eq!(moves(&g), texts(&["start Yh-Y0"]));
    play(&mut g, "start Yh-Y0");
    assert_eq!(g.movers_at(cell("Y0")), Some((0, 1)));
    assert_eq!(g.movers_at(cell("Yh")), Some((0, 3)));
    // A 5 with every mover at home is no use: the seat sits out.
    let g = position(["", "", "", ""], [&["5"], &[], &[], &[]], 0);
    assert_eq!(moves(&g), texts(&["pass"]));
    // 8 and 13 enter or walk; from the own start a mover steps onto space 1.
    let g = position(["Y0", "", "", ""], [&["8", "13"], &[], &[], &[]], 0);
    assert_eq!(
        moves(&g),
        texts(&["8 Y0-Y8", "8 Yh-Y0", "13 Y0-Y13", "13 Yh-Y0"])
    );
}

#[test]
fn one_walks_one_or_fourteen_without_counting_start_spaces() {
    let g = position(["Y3", "", "", ""], [&["1"], &[], &[], &[]], 0);
    // Y4..Y14 are 11 spaces, R0 is stepped over, R1 R2 R3 make 14.
    assert_eq!(moves(&g), texts(&["1 Y3-Y4", "1 Y3-R3"]));
    let g = position(["Y3", "", "", ""], [&["13"], &[], &[], &[]], 0);
    assert_eq!(moves(&g), texts(&["13 Y3-R2", "13 Yh-Y0"]));
}

#[test]
fn an_owner_on_its_start_blocks_everybody_else_both_ways() {
    // Red on R0: Yellow can't pass it forward (Y14, then R0) ...
    let g = position(["Y12", "R0", "", ""], [&["2", "5"], &[], &[], &[]], 0);
    assert_eq!(moves(&g), texts(&["2 Y12-Y14"]));
    // ... nor back (R1, then R0).
    let g = position(["R2", "R0", "", ""], [&["-4"], &[], &[], &[]], 0);
    assert_eq!(moves(&g), texts(&["pass"]));
    // Green is Red's partner, and is blocked just the same.
    let g = position(["", "R0", "", "Y12"], [&[], &[], &[], &["5"]], 3);
    assert_eq!(moves(&g), texts(&["pass"]));
    // The owner itself walks on, and into its end zone past its start.
    let g = position(["", "R0 Y13", "", ""], [&[], &["3"], &[], &[]], 1);
    assert_eq!(moves(&g), texts(&["3 R0-R3", "3 Y13-Re2"]));
    // An empty start space is stepped over and not counted.
    let g = position(["Y12", "", "", ""], [&["5"], &[], &[], &[]], 0);
    assert_eq!(moves(&g), texts(&["5 Y12-R3"]));
}

#[test]
fn landing_sends_a_single_home_and_a_pair_sends_the_mover_home() {
    let mut g = position(["Y3", "Y8", "", ""], [&["5"], &[], &[], &[]], 0);
    play(&mut g, "5 Y3-Y8");
    assert_eq!(g.movers_at(cell("Y8")), Some((0, 1)));
    assert_eq!(g.movers_at(cell("Rh")), Some((1, 4)));
    let mut g = position(["Y3", "Y8 Y8", "", ""], [&["5"], &[], &[], &[]], 0);
    play(&mut g, "5 Y3-Y8");
    assert_eq!(g.movers_at(cell("Y8")), Some((1, 2)));
    assert_eq!(g.movers_at(cell("Yh")), Some((0, 4)));
    assert_eq!(g.movers_at(cell("Y3")), None);
    // The partner's single mover goes home too.
    let mut g = position(["Y3", "", "Y8", ""], [&["5"], &[], &[], &[]], 0);
    play(&mut g, "5 Y3-Y8");
    assert_eq!(g.movers_at(cell("Bh")), Some((2, 4)));
    // Own movers stack.
    let mut g = position(["Y3 Y8", "", "", ""], [&["5"], &[], &[], &[]], 0);
    play(&mut g, "5 Y3-Y8");
    assert_eq!(g.movers_at(cell("Y8")), Some((0, 2)));
}

#[test]
fn back_four_from_space_two_then_into_the_end_zone() {
    let mut g = position(["Y2", "", "", ""], [&["-4"], &[], &[], &[]], 0);
    // Y1, then over Y0 (not counted), G14, G13, G12.
    assert_eq!(moves(&g), texts(&["-4 Y2-G12"]));
    play(&mut g, "-4 Y2-G12");
    assert_eq!(g.movers_at(cell("G12")), Some((0, 1)));
    let after = g.clone();
    // A 6: G13, G14, Ye1, Ye2, Ye3, Ye4, locked there.
    g.set_hands([&[card("6")], &[], &[], &[]]);
    g.set_turn(0);
    assert_eq!(moves(&g), texts(&["6 G12-Ye4"]));
    play(&mut g, "6 G12-Ye4");
    assert!(g.is_locked_at(cell("Ye4")));
    assert_eq!(g.locked(0), 1);
    // A 5 stops on Ye3 with Ye4 free: not locked, and it may move on.
    let mut g = after;
    g.set_hands([&[card("5"), card("1")], &[], &[], &[]]);
    g.set_turn(0);
    play(&mut g, "5 G12-Ye3");
    assert!(!g.is_locked_at(cell("Ye3")));
    assert_eq!(g.locked(0), 0);
    g.set_turn(0);
    assert_eq!(moves(&g), texts(&["1 Ye3-Ye4", "1 Ye3-G5"]));
    // Never a -4 for a mover in an end zone.
    let g = position(["Ye3", "", "", ""], [&["-4"], &[], &[], &[]], 0);
    assert_eq!(moves(&g), texts(&["pass"]));
    // Back from the own start: onto the previous seat's spaces.
    let g = position(["Y0", "", "", ""], [&["-4"], &[], &[], &[]], 0);
    assert_eq!(moves(&g), texts(&["-4 Y0-G11"]));
}

#[test]
fn a_mover_gone_back_from_its_start_enters_its_end_zone_not_the_ring() {
    let g = position(["G11", "", "", ""], [&["5"], &[], &[], &[]], 0);
    assert_eq!(moves(&g), texts(&["5 G11-Ye2"]));
}

#[test]
fn seven_splits_two_one_four_over_three_movers() {
    let mut g = position(["Y3 Y8 R2", "", "", ""], [&["7"], &[], &[], &[]], 0);
    let sevens = moves_of(&g, "7");
    // The 36 ways to give 3 movers parts summing to 7 (zeros allowed) are
    // all legal here, in any order; two leave a position another leaves
    // (Y3 relayed by Y8: `Y8-Y10 Y3-Y8` is `Y3-Y10`, `Y8-Y9 Y3-Y8 R2-R3`
    // is `Y3-Y9 R2-R3`), and each position is one move.
    assert_eq!(sevens.len(), 34);
    // A position is listed as the first order found, furthest mover first:
    // R2, then Y8, then Y3.
    assert!(sevens.contains(&"7 R2-R6 Y8-Y9 Y3-Y5".to_string()));
    assert!(sevens.contains(&"7 R2-R9".to_string()));
    assert!(!sevens.contains(&"7 Y3-Y5 Y8-Y9 R2-R6".to_string()));
    assert!(sevens.contains(&"7 Y8-Y10 Y3-Y8".to_string()));
    assert!(!sevens.contains(&"7 Y3-Y10".to_string()));
    play(&mut g, "7 R2-R6 Y8-Y9 Y3-Y5");
    assert_eq!(at(&g, 0), ["Y5", "Y9", "R6", "Yh"]);
    // Two movers on one space: one move per pair of parts (the first
    // order found, the shorter part first).
    let g = position(["Y3 Y3", "", "", ""], [&["7"], &[], &[], &[]], 0);
    assert_eq!(
        moves_of(&g, "7"),
        texts(&[
            "7 Y3-Y10",
            "7 Y3-Y4 Y3-Y9",
            "7 Y3-Y5 Y3-Y8",
            "7 Y3-Y6 Y3-Y7"
        ])
    );
}

#[test]
fn a_seven_that_cannot_be_used_in_full_is_unusable() {
    // Y10 can walk 4 (to Y14) but not 7: Red holds R0.
    let g = position(["Y10", "R0", "", ""], [&["7", "6"], &[], &[], &[]], 0);
    assert_eq!(moves(&g), texts(&["pass"]));
    // A part that would pass the block is out, another mover takes the rest.
    let g = position(["Y10 Y1", "R0", "", ""], [&["7"], &[], &[], &[]], 0);
    assert_eq!(
        moves(&g),
        texts(&[
            "7 Y1-Y8",
            "7 Y10-Y11 Y1-Y7",
            "7 Y10-Y12 Y1-Y6",
            "7 Y10-Y13 Y1-Y5",
            "7 Y10-Y14 Y1-Y4",
        ])
    );
}

#[test]
fn an_overshoot_turns_back_out_of_the_end_zone_onto_the_ring() {
    // G14, Ye1, Ye2, Ye3, Ye4, then back: Ye3, Ye2, Ye1, G14.
    let g = position(["G13", "", "", ""], [&["9", "12"], &[], &[], &[]], 0);
    assert_eq!(moves(&g), texts(&["9 G13-G14", "12 G13-G11"]));
    // The turned walk lands like any other: a single Red there goes home.
    let mut g = position(["G13", "G11", "", ""], [&["12"], &[], &[], &[]], 0);
    play(&mut g, "12 G13-G11");
    assert_eq!(g.movers_at(cell("G11")), Some((0, 1)));
    assert_eq!(g.movers_at(cell("Rh")), Some((1, 4)));
    // The innermost free space is the limit: Ye4 taken, turn at Ye3.
    let g = position(["G14 Ye4", "", "", ""], [&["5"], &[], &[], &[]], 0);
    assert_eq!(moves(&g), texts(&["5 G14-Ye1"]));
    // An unlocked end-zone mover walks only forward, with the same turning.
    let g = position(["Ye1 Ye4", "", "", ""], [&["3", "-4"], &[], &[], &[]], 0);
    assert_eq!(moves(&g), texts(&["3 Ye1-Ye2"]));
    // A walk may end where it began: Ye1, turn at Ye1 (Ye2 taken), G14.
    let g = position(["G14 Ye2", "", "", ""], [&["2"], &[], &[], &[]], 0);
    assert_eq!(moves(&g), texts(&["2 G14-G14", "2 Ye2-Ye4"]));
}

#[test]
fn turning_back_cannot_walk_into_an_occupied_end_space() {
    // Ye2 walks Ye3, Ye4, turns, Ye3, Ye2, and may not step onto Ye1; Ye1
    // turns at once (Ye2 taken) and walks back out.
    let g = position(["Ye1 Ye2", "", "", ""], [&["5"], &[], &[], &[]], 0);
    assert_eq!(moves(&g), texts(&["5 Ye1-G10"]));
}

#[test]
fn no_entry_while_end_one_is_taken() {
    // G13 would step G14 then Ye1, which is taken: that mover can't move,
    // and there is no turning at the entrance.
    let g = position(["G13 Ye1 Ye3 Ye4", "", "", ""], [&["3"], &[], &[], &[]], 0);
    // Ye1 (unlocked: Ye2 is free) walks Ye2, turns, Ye1, G14.
    assert_eq!(moves(&g), texts(&["3 Ye1-G14"]));
    let g = position(["G14 Ye1", "", "", ""], [&["2"], &[], &[], &[]], 0);
    assert_eq!(moves(&g), texts(&["2 Ye1-Ye3"]));
}

#[test]
fn all_four_locked_play_for_the_partner() {
    let mut g = position(
        ["Ye1 Ye2 Ye3 Ye4", "", "B3", ""],
        [&["5", "start", "-4", "7"], &[], &[], &[]],
        0,
    );
    assert_eq!(g.locked(0), 4);
    assert_eq!(
        moves(&g),
        texts(&[
            "5 B3-B8",
            "start Bh-B0",
            // B2, B1, over B0 (Blue's own start), R14, R13.
            "-4 B3-R13",
            "7 B3-B10"
        ])
    );
    play(&mut g, "start Bh-B0");
    assert_eq!(g.movers_at(cell("B0")), Some((2, 1)));
    // Not before: with one Yellow mover unlocked, Blue's are out of reach.
    let g = position(["Ye2 Ye3 Ye4 Y5", "", "B3", ""], [&["5"], &[], &[], &[]], 0);
    assert_eq!(moves(&g), texts(&["5 Y5-Y10"]));
}

#[test]
fn a_split_that_locks_the_last_own_mover_goes_on_with_the_partner() {
    let mut g = position(
        ["Ye2 Ye3 Ye4 G14", "", "B3", ""],
        [&["7"], &[], &[], &[]],
        0,
    );
    // One step locks G14 on Ye1, and 6 are left for Blue; any other part
    // leaves the Yellow mover unlocked and nothing else of Yellow's to move.
    assert_eq!(moves(&g), texts(&["7 G14-Ye1 B3-B9", "7 G14-G9"]));
    play(&mut g, "7 G14-Ye1 B3-B9");
    assert_eq!(g.locked(0), 4);
    assert_eq!(g.movers_at(cell("B9")), Some((2, 1)));
    // The winning team: Yellow locked, Blue's last mover locks with a 7 part.
    let mut g = position(
        ["Ye1 Ye2 Ye3 Ye4", "R5", "Be2 Be3 Be4 R13", ""],
        [&["7"], &[], &[], &[]],
        0,
    );
    // R13 to Be1 is 2 (R14, over B0), and the 5 left have no mover to go
    // to once Blue is all locked; all 7 turn R13 back at Be1 instead.
    assert_eq!(moves(&g), texts(&["7 R13-R10"]));
    g.set_movers(2, [cell("Be2"), cell("Be3"), cell("Be4"), cell("R8")]);
    g.set_turn(0);
    // R8 to Be1 is exactly 7 (R9..R14, Be1).
    assert!(moves(&g).contains(&"7 R8-Be1".to_string()));
    play(&mut g, "7 R8-Be1");
    assert!(g.is_over());
    assert_eq!(g.winner(), Some(0));
}

#[test]
fn switch_rules() {
    let mut g = position(
        ["Y3 Y5 Ye4", "", "B5 B5", "G0 G9"],
        [&[], &["switch"], &[], &[]],
        1,
    );
    // Red has no mover out and may still switch. Only single movers on
    // numbered spaces: not B5 (a pair), G0 (a start), Ye4, nor homes.
    assert_eq!(
        moves(&g),
        texts(&["switch Y3 Y5", "switch Y3 G9", "switch Y5 G9"])
    );
    play(&mut g, "switch Y5 G9");
    assert_eq!(at(&g, 0), ["Y3", "G9", "Yh", "Ye4"]);
    assert_eq!(at(&g, 3), ["Y5", "G0", "Gh", "Gh"]);
    // Two of one colour: the card is played without effect.
    let mut g = position(["Y3 Y5", "", "", ""], [&["switch"], &[], &[], &[]], 0);
    let before = at(&g, 0);
    play(&mut g, "switch Y3 Y5");
    assert_eq!(at(&g, 0), before);
    assert_eq!(g.hand(0), &[] as &[Card]);
    // With fewer than two single movers the card is no use.
    let g = position(["Y3 Y3", "R4", "", ""], [&["switch"], &[], &[], &[]], 0);
    assert_eq!(moves(&g), texts(&["pass"]));
}

#[test]
fn a_seat_without_a_usable_card_sits_out_until_the_next_deal() {
    let mut g = position(
        ["", "", "", ""],
        [
            &["5", "6", "9", "10"],
            &["start", "start"],
            &["start"],
            &["start"],
        ],
        0,
    );
    assert_eq!(moves(&g), texts(&["pass"]));
    let discarded = g.discard().len();
    play(&mut g, "pass");
    assert_eq!(g.hand(0), &[] as &[Card]);
    assert_eq!(g.discard().len(), discarded + 4);
    for (seat, text) in [(1, "start Rh-R0"), (2, "start Bh-B0"), (3, "start Gh-G0")] {
        assert_eq!(g.mover(), seat);
        play(&mut g, text);
    }
    // Yellow is passed over.
    assert_eq!(g.mover(), 1);
    play(&mut g, "start Rh-R0");
    assert!(g.deal_due());
    assert!(moves(&g).is_empty());
    // The next deal brings Yellow back in.
    g.shuffle_and_deal(&mut SmallRng::seed_from_u64(1));
    assert_eq!(g.hand(0).len(), 4);
    assert!(g.in_exchange());
}

#[test]
fn the_exchange_passes_cards_only_when_all_have_chosen() {
    let mut g = Partners::new(0);
    assert!(g.deal_due() && g.needs_shuffle());
    let hands = [
        ["start", "5", "5", "7"],
        ["1", "2", "3", "6"],
        ["8", "9", "10", "12"],
        ["13", "-4", "switch", "switch"],
    ];
    g.deal(Some(&shuffle_giving(0, hands)));
    assert!(g.in_exchange());
    for (s, h) in hands.iter().enumerate() {
        let mut want: Vec<Card> = h.iter().map(|&n| card(n)).collect();
        want.sort();
        assert_eq!(g.hand(s), &want[..]);
    }
    assert_eq!(g.mover(), 1);
    assert_eq!(moves(&g), texts(&["give 1", "give 2", "give 3", "give 6"]));
    play(&mut g, "give 1");
    assert_eq!(g.transit(1), Some(card("1")));
    assert_eq!(g.hand(1).len(), 3);
    assert_eq!(g.hand(3).len(), 4, "Green has not received yet");
    assert_eq!(g.mover(), 2);
    play(&mut g, "give 12");
    assert_eq!(g.mover(), 3);
    // One move per distinct kind.
    assert_eq!(moves(&g), texts(&["give 13", "give -4", "give switch"]));
    play(&mut g, "give switch");
    assert_eq!(g.mover(), 0);
    assert_eq!(moves(&g), texts(&["give start", "give 5", "give 7"]));
    for s in 1..4 {
        assert_eq!(g.hand(s).len(), 3, "nobody receives before all chose");
    }
    play(&mut g, "give 7");
    for s in 0..4 {
        assert_eq!(g.transit(s), None);
        assert_eq!(g.hand(s).len(), 4);
    }
    let names = |s: usize| -> Vec<&str> { g.hand(s).iter().map(|&k| card_name(k)).collect() };
    assert_eq!(names(0), ["5", "5", "12", "start"]);
    assert_eq!(names(1), ["2", "3", "6", "switch"]);
    assert_eq!(names(2), ["7", "8", "9", "10"]);
    assert_eq!(names(3), ["1", "13", "-4", "switch"]);
    // The seat after the dealer plays first.
    assert!(!g.in_exchange());
    assert_eq!(g.mover(), 1);
}

#[test]
fn a_dealer_deals_three_times_from_one_shuffle_then_the_next_seat() {
    let mut rng = SmallRng::seed_from_u64(3);
    let mut g = Partners::new(2);
    let mut buf = Vec::new();
    for deal in 0..7 {
        assert!(g.deal_due());
        let dealer = if deal < 3 {
            2
        } else if deal < 6 {
            3
        } else {
            0
        };
        assert_eq!(g.needs_shuffle(), deal % 3 == 0, "deal {deal}");
        let next: Vec<Card> = if g.needs_shuffle() {
            let mut cards = DECK;
            native::shuffle(&mut cards, &mut rng);
            g.deal(Some(&cards));
            assert!(g.discard().is_empty());
            cards[..16].to_vec()
        } else {
            let next = g.pile()[..16].to_vec();
            g.deal(None);
            next
        };
        // Dealt one at a time from the seat after the dealer.
        for j in 0..4 {
            let mut want = [next[j], next[j + 4], next[j + 8], next[j + 12]];
            want.sort();
            assert_eq!(g.hand((dealer + 1 + j) % 4), &want[..]);
        }
        assert_eq!(g.dealer(), dealer);
        assert_eq!(g.pile().len(), 56 - 16 * (deal % 3 + 1));
        assert_eq!(
            g.mover(),
            (dealer + 1) % 4,
            "the exchange starts left of the dealer"
        );
        for _ in 0..4 {
            g.legal_moves(&mut buf);
            g.play(buf[0]);
        }
        assert_eq!(g.mover(), (dealer + 1) % 4, "and so does the play");
        while !g.deal_due() {
            assert!(!g.is_over());
            g.legal_moves(&mut buf);
            let m = buf[rng.gen_range(0..buf.len())];
            g.play(m);
        }
    }
}

/// Checks what must hold in every position.
fn check_invariants(g: &Partners) {
    // Movers: 4 per colour, one colour per cell, nobody on another colour's
    // start, home or end zone, one mover per end space. (Plain loops: this
    // runs after every move of every game, unoptimised.)
    let mut total = 0;
    for x in 0..CELLS {
        if let Some((_, n)) = g.movers_at(x) {
            total += n;
        }
    }
    assert_eq!(total, 16, "movers on the board");
    for c in 0..SEATS {
        let p = g.positions(c);
        for &x in &p {
            let mut n = 0;
            for &y in &p {
                n += usize::from(y == x);
            }
            // Another colour's mover here would show in its own count.
            assert_eq!(g.movers_at(x), Some((c, n)), "{}", cell_label(x));
            let owner = if x < RING {
                if x.is_multiple_of(SEGMENT) {
                    x / SEGMENT
                } else {
                    c
                }
            } else if x < END {
                x - HOME
            } else {
                assert_eq!(n, 1, "one mover per end space");
                (x - END) / 4
            };
            assert_eq!(c, owner, "a mover of another colour on {}", cell_label(x));
        }
    }
    // Cards: the 56 in hands, pile, discard pile and transit.
    let mut counts = [0usize; KINDS];
    let mut n = 0;
    for s in 0..SEATS {
        assert!(g.hand(s).len() <= 4);
        assert!(g.hand(s).windows(2).all(|w| w[0] <= w[1]), "hands sorted");
        for &k in g.hand(s).iter().chain(&g.transit(s)) {
            counts[k as usize] += 1;
            n += 1;
        }
    }
    for &k in g.pile().iter().chain(g.discard()) {
        counts[k as usize] += 1;
        n += 1;
    }
    assert_eq!(n, DECK_SIZE);
    assert!(counts.iter().all(|&k| k == 4), "{counts:?}");
}

/// A second, slow model of the moves of the play phase, written from the
/// rules by index along each colour's path (its start space 0, the rest of
/// the ring 1 to 59, its end zone 60 to 63) rather than by cell arithmetic.
/// Movers are individuals here, so stacks give repeated texts (a set keeps
/// one), and a 7 tries every assignment of parts to movers, sorted into the
/// canonical order and played out.
mod reference {
    use super::*;
    use std::collections::BTreeSet;

    /// Colour and number of movers per cell.
    #[derive(Clone, Copy)]
    pub struct Board([(usize, usize); CELLS]);

    /// Cell of end space `k` of colour `c`.
    fn end(c: usize, k: usize) -> usize {
        END + 4 * c + k - 1
    }

    /// Cell at index `i` of colour `c`'s path.
    fn at(c: usize, i: usize) -> usize {
        if i < RING {
            (SEGMENT * c + i) % RING
        } else {
            end(c, i - RING + 1)
        }
    }

    /// Index of cell `x` on colour `c`'s path: how far along it is.
    fn index(c: usize, x: usize) -> usize {
        if x < RING {
            (x + RING - SEGMENT * c) % RING
        } else {
            RING + (x - END) % 4
        }
    }

    impl Board {
        /// The board of `g`.
        pub fn of(g: &Partners) -> Self {
            Board(std::array::from_fn(|x| g.movers_at(x).unwrap_or((0, 0))))
        }

        fn occupied(&self, x: usize) -> bool {
            self.0[x].1 > 0
        }

        /// Locked movers of colour `c`: end spaces full from end 4 outward.
        pub fn locked(&self, c: usize) -> usize {
            (1..=4)
                .rev()
                .take_while(|&k| self.occupied(end(c, k)))
                .count()
        }

        fn is_locked(&self, c: usize, x: usize) -> bool {
            (end(c, 1)..=end(c, 4)).contains(&x) && (x..=end(c, 4)).all(|y| self.occupied(y))
        }

        /// The mover of colour `c` on `from` ends its walk on `to`.
        fn land(&mut self, c: usize, from: usize, to: usize) {
            self.0[from].1 -= 1;
            let (o, n) = self.0[to];
            let mut dest = to;
            if to < RING && n > 0 && o != c {
                if n == 1 {
                    self.0[to].1 = 0;
                    self.0[HOME + o].1 += 1;
                } else {
                    dest = HOME + c;
                }
            }
            self.0[dest] = (c, self.0[dest].1 + 1);
        }
    }

    /// Where `n` steps from `from` end for a mover of colour `c`: forward
    /// (turning where the end zone stops it) or, with `back`, backward.
    fn walk(board: &Board, c: usize, from: usize, n: usize, back: bool) -> Option<usize> {
        let mut b = *board;
        b.0[from].1 -= 1;
        let mut i = index(c, from);
        let mut backward = back;
        let mut left = n;
        while left > 0 {
            if !backward {
                let mut j = i + 1;
                if j < RING && j.is_multiple_of(SEGMENT) {
                    if b.occupied(at(c, j)) {
                        return None;
                    }
                    j += 1;
                }
                if j == RING && b.occupied(at(c, j)) {
                    return None;
                }
                if j >= RING + 4 || (j > RING && b.occupied(at(c, j))) {
                    backward = true;
                    continue;
                }
                i = j;
            } else {
                let mut j = if i == 0 { RING - 1 } else { i - 1 };
                if j >= RING && b.occupied(at(c, j)) {
                    return None;
                }
                if j < RING && j.is_multiple_of(SEGMENT) {
                    if j == 0 {
                        j = RING - 1;
                    } else if b.occupied(at(c, j)) {
                        return None;
                    } else {
                        j -= 1;
                    }
                }
                i = j;
            }
            left -= 1;
        }
        Some(at(c, i))
    }

    /// The texts of the legal moves of the seat to play in `g`.
    pub fn moves(g: &Partners) -> BTreeSet<String> {
        let b = Board::of(g);
        let seat = g.mover();
        let c = if b.locked(seat) == 4 { seat ^ 2 } else { seat };
        let movers: Vec<usize> = g
            .positions(c)
            .into_iter()
            .filter(|&x| x != HOME + c && !b.is_locked(c, x))
            .collect();
        let mut set = BTreeSet::new();
        for &k in g.hand(seat) {
            let name = card_name(k);
            let mut walks = |n: usize, back: bool| {
                for &x in &movers {
                    if back && x >= RING {
                        continue;
                    }
                    if let Some(to) = walk(&b, c, x, n, back) {
                        set.insert(format!("{name} {}-{}", cell_label(x), cell_label(to)));
                    }
                }
            };
            match name {
                "1" => {
                    walks(1, false);
                    walks(14, false);
                }
                "-4" => walks(4, true),
                "7" | "start" | "switch" => {}
                "8" | "13" => walks(name.parse().unwrap(), false),
                _ => walks(name.parse().unwrap(), false),
            }
            if matches!(name, "start" | "8" | "13") && b.occupied(HOME + c) {
                let (h, s) = (cell_label(HOME + c), cell_label(SEGMENT * c));
                set.insert(format!("{name} {h}-{s}"));
            }
            if name == "switch" {
                let singles: Vec<usize> = (0..RING)
                    .filter(|&x| !x.is_multiple_of(SEGMENT) && b.0[x].1 == 1)
                    .collect();
                for (i, &x) in singles.iter().enumerate() {
                    for &y in &singles[i + 1..] {
                        set.insert(format!("switch {} {}", cell_label(x), cell_label(y)));
                    }
                }
            }
            if name == "7" {
                splits(&b, seat, &mut set);
            }
        }
        if set.is_empty() {
            set.insert("pass".to_string());
        }
        set
    }

    /// Every 7: parts of 0 to 7 for each mover out of home and unlocked (the
    /// player's, then the partner's), summing to 7, played in every order;
    /// each as the position it leaves (`7 @ POSITION`, [`place`]).
    fn splits(b: &Board, seat: usize, set: &mut BTreeSet<String>) {
        let mut movers = Vec::new();
        for c in [seat, seat ^ 2] {
            for x in 0..CELLS {
                if !(RING..END).contains(&x) && b.0[x].0 == c && !b.is_locked(c, x) {
                    movers.extend(std::iter::repeat_n((c, x), b.0[x].1));
                }
            }
        }
        let mut parts = vec![0; movers.len()];
        assign(b, seat, &movers, &mut parts, 0, 7, set);
    }

    /// Gives movers `i..` the parts that sum to `left`, then plays each
    /// complete assignment in every order.
    fn assign(
        b: &Board,
        seat: usize,
        movers: &[(usize, usize)],
        parts: &mut Vec<usize>,
        i: usize,
        left: usize,
        set: &mut BTreeSet<String>,
    ) {
        if i == movers.len() {
            if left == 0 {
                let mut order: Vec<(usize, usize, usize)> = movers
                    .iter()
                    .zip(parts.iter())
                    .filter(|(_, &p)| p > 0)
                    .map(|(&(c, x), &p)| (c, x, p))
                    .collect();
                every_order(b, seat, &mut order, 0, set);
            }
            return;
        }
        for p in 0..=left {
            parts[i] = p;
            assign(b, seat, movers, parts, i + 1, left - p, set);
        }
    }

    /// Plays `order[k..]` in every order after `order[..k]` was played on
    /// `b`, adding each position reached.
    fn every_order(
        b: &Board,
        seat: usize,
        order: &mut [(usize, usize, usize)],
        k: usize,
        set: &mut BTreeSet<String>,
    ) {
        if k == order.len() {
            set.insert(format!("7 @ {}", place(|x| b.0[x])));
            return;
        }
        for j in k..order.len() {
            order.swap(k, j);
            let (c, x, p) = order[k];
            let free = !(c != seat && b.locked(seat) < 4)
                && b.0[x].0 == c
                && b.0[x].1 > 0
                && !b.is_locked(c, x);
            if let Some(to) = walk(b, c, x, p, false).filter(|_| free) {
                let mut next = *b;
                next.land(c, x, to);
                every_order(&next, seat, order, k + 1, set);
            }
            order.swap(k, j);
        }
    }
}

/// A position as text: each cell's movers, as `LABEL:COLOUR*COUNT`.
fn place(movers_at: impl Fn(usize) -> (usize, usize)) -> String {
    (0..CELLS)
        .filter_map(|x| {
            let (c, n) = movers_at(x);
            // A home holds its own colour (an emptied one may say none).
            let c = if (HOME..HOME + SEATS).contains(&x) {
                x - HOME
            } else {
                c
            };
            (n > 0).then(|| format!("{}:{c}*{n}", cell_label(x)))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A move's text; a 7's as the position it leaves (`7 @ POSITION`).
fn text_or_place(g: &Partners, m: Move) -> String {
    let text = g.move_text(m);
    if !text.starts_with("7 ") {
        return text;
    }
    let mut after = g.clone();
    after.play(m);
    format!("7 @ {}", place(|x| after.movers_at(x).unwrap_or((0, 0))))
}

/// The locked end spaces, per colour.
fn locked_cells(g: &Partners) -> Vec<usize> {
    (END..CELLS).filter(|&x| g.is_locked_at(x)).collect()
}

#[test]
fn random_games_keep_the_invariants_and_end() {
    let mut buf = Vec::new();
    let mut lengths = Vec::new();
    for seed in 0..GAMES {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut g = Partners::new(seed as usize % 4);
        let mut moves = 0;
        while !g.is_over() && moves < CAP {
            if g.deal_due() {
                g.shuffle_and_deal(&mut rng);
                check_invariants(&g);
                continue;
            }
            g.legal_moves(&mut buf);
            assert!(!buf.is_empty());
            if buf.contains(&Move::Pass) {
                assert_eq!(buf.len(), 1, "pass only when nothing else is legal");
            }
            let seat = g.mover();
            let own = if g.locked(seat) == 4 { seat ^ 2 } else { seat };
            for &m in &buf {
                // Walks and entries move the movers the rules allow.
                if let Move::Step { from, .. } = m {
                    assert_eq!(g.movers_at(from as usize).unwrap().0, own);
                }
            }
            if seed < REFERENCE_GAMES && !g.in_exchange() {
                // Texts are distinct, 7s leave distinct positions, and
                // both are the reference's.
                let mut t: Vec<String> = buf.iter().map(|&m| text_or_place(&g, m)).collect();
                t.sort();
                let len = t.len();
                t.dedup();
                assert_eq!(t.len(), len, "a move repeats: {t:?}");
                let want: Vec<String> = reference::moves(&g).into_iter().collect();
                assert_eq!(t, want, "game {seed}, move {moves}: {g:?}");
            }
            let m = buf[rng.gen_range(0..buf.len())];
            let locked = locked_cells(&g);
            let winners_team = seat & 1;
            if seed < 20 {
                let mut h = g.clone();
                h.play_text(&g.move_text(m)).unwrap();
                g.play(m);
                assert_eq!(g, h);
            } else {
                g.play(m);
            }
            moves += 1;
            for x in locked {
                assert!(g.is_locked_at(x), "a locked mover moved");
            }
            check_invariants(&g);
            if g.is_over() {
                assert_eq!(g.winner(), Some(winners_team));
                for s in [winners_team, winners_team + 2] {
                    assert_eq!(g.locked(s), 4);
                }
            }
        }
        assert!(g.is_over(), "game {seed} went past {CAP} moves");
        lengths.push(moves);
    }
    lengths.sort();
    let mean = lengths.iter().sum::<u32>() as f64 / lengths.len() as f64;
    println!(
        "{GAMES} random games: mean {mean:.0} moves, median {}, max {}",
        lengths[lengths.len() / 2],
        lengths[lengths.len() - 1]
    );
}

#[test]
fn random_playout_deals_and_plays_to_the_end() {
    let mut rng = SmallRng::seed_from_u64(99);
    let mut buf = Vec::new();
    for first in 0..4 {
        let mut g = Partners::new(first);
        let n = random_playout(&mut g, &mut buf, &mut rng, CAP);
        assert!(g.is_over());
        assert_eq!(n, g.plies());
        // A capped playout stops where it is told to.
        let mut g = Partners::new(first);
        assert_eq!(random_playout(&mut g, &mut buf, &mut rng, 10), 10);
        assert!(!g.is_over());
    }
}
