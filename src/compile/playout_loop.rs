//! The `playout-loop` pass: which loop a random playout runs in, and how
//! that loop reads the end rules (`ir::loop_ends`), chosen once here.

use super::passes::Features;
use crate::ir::loop_ends;
use crate::ir::plan::{Draw, DuelLines, Playout, WordLoop, LOOP_ENDS, SOW_LOOP_CODES};
use crate::ir::{Candidates, EnclosedEffect, Forced, Form, Rules, Step, Supply};

/// `playout-loop`: a random playout runs in a loop of its own when the
/// game fits one: the placement loop when the last phase is one `place`
/// a turn with no test, drawn from the empty cells or a word of
/// candidates (on words held in registers when the board has at most 64
/// cells and the ends read only lines and a full board); the sowing loop
/// on words for a phase of one counted sowing rule whose ends are read as
/// leaves (`end-tests`); the card loop for a
/// phase of one card rule; the flipping loop on words for a last phase of
/// one placement that flips what it encloses, with a forced pass. Each makes the same draws as turn-by-turn play
/// with the phase's random draw (so a loop fires only where `random-draw`
/// chose that draw) and leaves the same state; a loop that stops before
/// the game ends hands over to turn-by-turn play.
pub fn playout_loop(rules: &mut Rules) -> Option<String> {
    let features = Features::of(rules);
    let loops = [
        placement_loop(rules, features),
        sow_loop(rules, features),
        card_loop(rules, features),
        flip_loop(rules, features),
    ];
    let playout = loops.into_iter().flatten().next()?;
    rules.plan.playout = playout.clone();
    if let Playout::Cards(phase) = playout {
        let rule = &rules.phases[phase as usize].rules[0];
        let readers = rule
            .card_chain()
            .map(|c| super::card_loop::readers(rules, c));
        rules.plan.card_readers = readers;
        let loop_ = playout.describe(rules.ends.len());
        return Some(format!("{loop_}, its rule and ends read by {readers:?}"));
    }
    Some(playout.describe(rules.ends.len()))
}

/// The placement loop: see [`playout_loop`].
fn placement_loop(rules: &Rules, features: Features) -> Option<Playout> {
    let unsupported = Features::FILTERS
        .and(Features::DEAL)
        .and(Features::MAJORITY)
        .and(Features::OTHERWISE)
        .and(Features::HISTORY)
        .and(Features::AGAIN)
        .and(Features::DICE);
    if !features.within(!unsupported) {
        return None;
    }
    let phase = rules.phases.last()?;
    let draw = rules.plan.draws.last()?;
    if !matches!(draw, Draw::EmptyCell | Draw::Placement) {
        return None;
    }
    let [rule] = phase.rules.as_slice() else {
        return None;
    };
    let (Form::Place, [Step::Place(place)]) = (rule.form, rule.steps.as_slice()) else {
        return None;
    };
    let listed = matches!(place.candidates, Candidates::Empty) && place.mask.is_none();
    let word =
        rules.geometry.cell_count() <= 128 && rules.plan.keeps.tops && has_word(rules, place);
    let plain = place.test.is_none() && place.guard.is_none() && phase.turns.is_none();
    let words = on_words(rules, features, place);
    let placement = Playout::Placement {
        words: words
            .then(|| loop_ends::word_ends(&rules.plan.ends))
            .flatten()
            .map(|ends| WordLoop {
                ends,
                duel: duel_lines(rules),
            }),
        probes: loop_ends::probes(&rules.plan.ends),
    };
    (plain && (listed || word)).then_some(placement)
}

/// Whether the placement loop runs on words: at most 64 cells and 8 seats,
/// no scores, effects, runs or side links, line flags that fit a word, and
/// end rules that read only the mover's lines and a full board.
fn on_words(rules: &Rules, features: Features, place: &crate::ir::Select) -> bool {
    let unsupported = Features::EFFECTS
        .and(Features::LIVE_SCORES)
        .and(Features::SIDE_LINKS)
        .and(Features::RUNS)
        .and(Features::STACKS);
    let candidates = match place.candidates {
        Candidates::Empty => true,
        Candidates::Dropped => {
            let compass = &rules.geometry.compass;
            compass.shifts.is_some() && !compass.column_masks.is_empty()
        }
        _ => false,
    };
    features.within(!unsupported)
        && rules.plan.keeps.tops
        && rules.geometry.cell_count() <= 64
        && rules.ends.len() <= LOOP_ENDS
        && rules.line_tables.len() * rules.seats.len() <= 64
        && rules.line_tables.iter().all(|t| t.small_masks.is_some())
        && loop_ends::word_ends(&rules.plan.ends).is_some()
        && candidates
}

/// The two-seat word loop's way of finding lines, for two seats and one
/// line table: by shifts on guard columns when the board has that layout
/// and the lines are 3 to 6 long, else by the table.
fn duel_lines(rules: &Rules) -> Option<DuelLines> {
    let [table] = rules.line_tables.as_slice() else {
        return None;
    };
    if rules.seats.len() != 2 {
        return None;
    }
    let guard = rules.geometry.guard_layout();
    Some(match guard {
        Some(layout) if (3..=6).contains(&table.length) => DuelLines::Guard(Box::new(layout)),
        _ => DuelLines::Table,
    })
}

/// Whether the engine reads `place`'s candidates off the bitboards as a
/// word (`engine/bitboard.rs`'s `kind_word`) on these rules' board.
fn has_word(rules: &Rules, place: &crate::ir::Select) -> bool {
    let compass = &rules.geometry.compass;
    match place.candidates {
        Candidates::Empty => true,
        Candidates::Dropped => compass.shifts.is_some() && !compass.column_masks.is_empty(),
        Candidates::Enclosing => compass.shifts.is_some(),
        Candidates::EmptyTouching => !rules.geometry.neighbour_masks.is_empty(),
        _ => false,
    }
}

/// The sowing loop: see [`playout_loop`].
fn sow_loop(rules: &Rules, features: Features) -> Option<Playout> {
    let unsupported = Features::FILTERS
        .and(Features::EFFECTS)
        .and(Features::LIVE_SCORES)
        .and(Features::DEAL)
        .and(Features::RUNS)
        .and(Features::MAJORITY)
        .and(Features::SLOTS)
        .and(Features::SIDE_LINKS)
        .and(Features::OTHERWISE)
        .and(Features::HISTORY)
        .and(Features::AGAIN)
        .and(Features::DICE);
    // The words read only end tests made of leaves, a word a kind of
    // piece and a bit a line flag.
    let words = rules.geometry.cell_count() <= 64
        && 1 + rules.seats.len() + rules.neutrals.len() <= SOW_LOOP_CODES
        && rules.ends.len() <= LOOP_ENDS
        && rules.line_tables.len() * rules.seats.len() <= 64
        && rules.line_tables.iter().all(|t| t.small_masks.is_some());
    let ends = loop_ends::sow_ends(&rules.plan.ends);
    if !features.within(!unsupported) || rules.plan.sow_counts.is_none() || !words {
        return None;
    }
    let mut phases = rules.phases.iter().zip(&rules.plan.draws);
    let index = phases.position(|(phase, &draw)| {
        draw == Draw::Sow
            && matches!(phase.rules.as_slice(), [rule] if rule.form == Form::Sow)
            && phase.turns.is_none()
    })?;
    Some(Playout::Sow(index as u8, ends?))
}

/// The flipping loop: the last phase's one rule places a piece on a cell
/// that encloses some and flips what it encloses, a mover with none
/// passes (`otherwise pass`), and the ends read what the loop's words
/// hold (Reversi). Nothing else may change during a turn: no effects,
/// scores read during play, lines, runs, kinds, counters, memory of
/// positions or moves, stacks or a limited supply.
fn flip_loop(rules: &Rules, features: Features) -> Option<Playout> {
    let unsupported = Features::FILTERS
        .and(Features::EFFECTS)
        .and(Features::LIVE_SCORES)
        .and(Features::DEAL)
        .and(Features::DECK)
        .and(Features::TRACK)
        .and(Features::STACKS)
        .and(Features::RUNS)
        .and(Features::LINES)
        .and(Features::SIDE_LINKS)
        .and(Features::SLOTS)
        .and(Features::MAJORITY)
        .and(Features::DICE)
        .and(Features::TURN_LIMIT)
        .and(Features::KINDS)
        .and(Features::COUNTERS)
        .and(Features::HISTORY)
        .and(Features::AGAIN)
        .and(Features::TIMED_PHASES);
    // The words keep no supply: it must be unlimited.
    let unlimited = matches!(rules.supply, Supply::Unlimited);
    let words = unlimited
        && rules.plan.keeps.tops
        && !rules.plan.keeps.moves
        && rules.geometry.cell_count() <= 64
        && rules.geometry.compass.shifts.is_some();
    if !features.within(!unsupported) || !words {
        return None;
    }
    let last = rules.phases.len().checked_sub(1)?;
    let phase = &rules.phases[last];
    let passes = matches!(&phase.otherwise, Some(o) if matches!(o.action, Forced::Pass));
    let [rule] = phase.rules.as_slice() else {
        return None;
    };
    let [Step::Place(place), Step::Enclosed(EnclosedEffect::Flip, None)] = rule.steps.as_slice()
    else {
        return None;
    };
    let bare = place.mask.is_none() && place.guard.is_none() && place.test.is_none();
    let enclosing = matches!(place.candidates, Candidates::Enclosing) && bare;
    let drawn = rules.plan.draws.get(last) == Some(&Draw::Placement);
    if !(passes && enclosing && drawn && phase.turns.is_none()) {
        return None;
    }
    Some(Playout::Flips(
        last as u8,
        loop_ends::flip_ends(&rules.plan.ends)?,
    ))
}

/// The card loop: see [`playout_loop`].
fn card_loop(rules: &Rules, features: Features) -> Option<Playout> {
    let unsupported = Features::FILTERS
        .and(Features::EFFECTS)
        .and(Features::DEAL)
        .and(Features::SIDE_LINKS)
        .and(Features::HISTORY)
        .and(Features::AGAIN)
        .and(Features::DICE);
    if !features.within(!unsupported) || rules.ends.len() > LOOP_ENDS {
        return None;
    }
    let index = rules
        .phases
        .iter()
        .zip(&rules.plan.draws)
        .position(|(phase, &draw)| {
            draw == Draw::Cards
                && matches!(phase.rules.as_slice(), [rule] if rule.form == Form::Cards)
                && phase.turns.is_none()
        })?;
    Some(Playout::Cards(index as u8))
}
