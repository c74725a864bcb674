//! Piece walks (a piece picked and stepped or jumped, `Form::PieceWalk`):
//! the moves listed without lifting the piece are the general runner's,
//! in its order, and a random move drawn as a piece and a direction is
//! uniform over the legal moves.

use std::collections::BTreeMap;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use tabula::engine::Move;
use tabula::ir::{Form, Rules};

fn load_text(source: &str) -> Rules {
    tabula::compile::load(source, &[]).unwrap_or_else(|e| panic!("{e:?}"))
}

fn load(file: &str) -> Rules {
    let path = format!("{}/rules/{file}", env!("CARGO_MANIFEST_DIR"));
    load_text(&std::fs::read_to_string(&path).expect("rules file"))
}

/// Four men a side stepping one cell ahead or aside, taking by stepping
/// onto a piece, but never onto an edge cell the opponent holds.
const SKIRMISH: &str = "players White, Black\nboard square 6 x 6\n\
    setup: put 1 White where row(cell) == 1 and column(cell) >= 2 and column(cell) <= 5; \
    put 1 Black where row(cell) == 6 and column(cell) >= 2 and column(cell) <= 5\n\
    phase play\n  pick where owner(cell) == mover\n    \
    then step forward, w, e where empty(cell) or not edge(cell)\n\
    end when count(next) == 0: mover wins\nlimit 200 turns\n";

/// The rules with every piece walk marked a plain chain: the general runner's.
fn general(rules: &Rules) -> Rules {
    let mut general = rules.clone();
    for rule in general.phases.iter_mut().flat_map(|p| p.rules.iter_mut()) {
        if rule.form == Form::PieceWalk {
            rule.form = Form::Chain;
        }
    }
    general
}

#[test]
fn a_piece_walk_lists_the_general_runners_moves_in_its_order() {
    let games = [
        ("breakthrough", load("breakthrough.game")),
        ("peg solitaire", load("peg-solitaire.game")),
        ("skirmish", load_text(SKIRMISH)),
    ];
    for (name, rules) in games {
        assert_eq!(rules.phases[0].rules[0].form, Form::PieceWalk, "{name}");
        let runner = general(&rules);
        let (mut fast, mut slow) = (Vec::new(), Vec::new());
        let mut positions = 0;
        for seed in 0..40 {
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let mut state = rules.start(seed);
            while !state.is_over() && state.turn < 300 {
                rules.legal_moves(&state, &mut fast);
                runner.legal_moves(&state, &mut slow);
                assert_eq!(fast, slow, "{name}, seed {seed}, turn {}", state.turn);
                positions += 1;
                let Some(&m) = fast.get(rng.gen_range(0..fast.len().max(1))) else {
                    break;
                };
                rules.play(&mut state, m);
            }
        }
        assert!(positions > 100, "{name}: {positions} positions");
    }
}

#[test]
fn a_random_piece_walk_draws_every_legal_move_equally_often() {
    for (name, rules, moves) in [
        ("breakthrough", load("breakthrough.game"), &[][..]),
        // Late in a game few pairs of a piece and a direction are legal:
        // most draws fail and the moves are listed instead.
        ("skirmish", load_text(SKIRMISH), &["c1-c2", "c6-c5"][..]),
    ] {
        let mut state = rules.start(0);
        for m in moves {
            let m = rules.parse_move(&state, m).expect("legal");
            rules.play(&mut state, m);
        }
        let mut legal = Vec::new();
        rules.legal_moves(&state, &mut legal);
        let per_move = 2_000;
        let mut counts: BTreeMap<Move, u32> = legal.iter().map(|&m| (m, 0)).collect();
        let mut rng = Pcg64Mcg::seed_from_u64(7);
        let mut buf = Vec::new();
        for _ in 0..per_move * legal.len() {
            let m = rules
                .random_move(&state, &mut buf, &mut rng)
                .expect("a move");
            *counts
                .get_mut(&m)
                .unwrap_or_else(|| panic!("{name}: illegal {m:?}")) += 1;
        }
        // Each count is binomial; five standard deviations either side.
        let p = 1.0 / legal.len() as f64;
        let sd = (per_move as f64 * legal.len() as f64 * p * (1.0 - p)).sqrt();
        for (m, &n) in &counts {
            let off = (f64::from(n) - per_move as f64).abs();
            assert!(
                off < 5.0 * sd,
                "{name}: {} drawn {n} times of about {per_move}",
                rules.move_text(*m)
            );
        }
    }
}

#[test]
fn a_walk_reading_what_the_lift_changes_is_left_to_the_general_runner() {
    let walk = |how: &str| {
        let source = format!(
            "players White, Black\nboard square 5 x 5\nsetup: put 1 White where row(cell) == 1\n\
             phase play\n  pick where owner(cell) == mover\n    then {how}\n\
             end when count(next) == 0: mover wins\n"
        );
        load_text(&source).phases[0].rules[0].form
    };
    assert_eq!(walk("step n, e where empty(cell)"), Form::PieceWalk);
    // A slide in a fixed direction never comes back to the cell it left.
    assert_eq!(walk("slide n, e"), Form::PieceWalk);
    // Counts and the cell left are not read where the piece stands.
    assert_eq!(walk("step n where count(mover) > 3"), Form::Chain);
    assert_eq!(walk("step n where empty(from)"), Form::Chain);
    assert_eq!(walk("slide n where count(mover) > 3"), Form::Chain);
}

#[test]
fn a_promotion_by_choice_is_a_piece_walk_only_when_it_reads_no_cell() {
    let rules = |promotion: &str| {
        let source = format!(
            "players White, Black\nboard square 5 x 5\nkinds man, king, queen\n\
             setup: put 1 White man where row(cell) == 1\n\
             phase play\n  pick where owner(cell) == mover then step n where empty(cell)\n\
             \x20   then promote to king, queen if {promotion}\n\
             end when count(next) == 0: mover wins\n"
        );
        load_text(&source)
    };
    let form = |promotion: &str| rules(promotion).phases[0].rules[0].form;
    assert_eq!(form("on_side(to, top)"), Form::PieceWalk);
    assert_eq!(form("row(to) == 5 and mover == White"), Form::PieceWalk);
    // What stands on a cell changes with the walk: read after it.
    assert_eq!(form("empty(step(to, n))"), Form::Chain);
    assert_eq!(form("count(mover) > 3"), Form::Chain);
}

#[test]
fn a_slide_is_listed_as_a_piece_walk_but_drawn_from_the_list() {
    let source = "players White, Black\nboard square 5 x 5\n\
                  setup: put 1 White where row(cell) == 1\n\
                  phase play\n  pick where owner(cell) == mover then slide n, e where empty(cell)\n\
                  end when count(next) == 0: mover wins\n";
    let rules = load_text(source);
    assert_eq!(rules.phases[0].rules[0].form, Form::PieceWalk);
    // A piece and a direction drawn at random would favour short slides.
    assert_eq!(rules.plan.draws[0], tabula::ir::plan::Draw::Listed);
}
