//! The specialising passes: each fast path of the engine, chosen once here.
//!
//! A pass reads the compiled rules and, when they meet its conditions,
//! rewrites a rule's form or writes its choice into the [`Plan`]. Its
//! conditions are checked here and nowhere else: the engine follows the
//! plan. The conditions start from [`Features`], which destructures the
//! whole of [`Rules`] with no `..`: a field added to the rules fails to
//! compile until it is sorted into a feature, and a feature no pass lists
//! as supported turns that pass off.
//!
//! With every pass off ([`Passes::NONE`]) the rules keep the general forms
//! and [`Plan::general`], and the engine lists every move and plays turn by
//! turn: `tests/passes.rs` compares the two on every shipped game, the
//! docs' examples and a corpus of odd rules files.

use crate::ir::plan::{Draw, Merges, Pass, Passes, Plan};
use crate::ir::{Candidates, EndResult, Filter, Form, MoveRule, Node, Phase, Read, Rules, Step};
use crate::syntax::ast::Reach;

/// What a game uses, as bits: what a pass must support to fire.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features(u32);

impl Features {
    /// Pieces on the board before the first move.
    pub const SETUP: Features = Features(1);
    /// Scores read during play (kept after every turn).
    pub const LIVE_SCORES: Features = Features(1 << 1);
    /// Effects after every turn.
    pub const EFFECTS: Features = Features(1 << 2);
    /// Move filters (`must block`).
    pub const FILTERS: Features = Features(1 << 3);
    /// `owner majority`.
    pub const MAJORITY: Features = Features(1 << 4);
    /// A deck of cards.
    pub const DECK: Features = Features(1 << 5);
    /// Deals in rounds.
    pub const DEAL: Features = Features(1 << 6);
    /// A track board.
    pub const TRACK: Features = Features(1 << 7);
    /// Stacks of pieces.
    pub const STACKS: Features = Features(1 << 8);
    /// Run totals (`runs`).
    pub const RUNS: Features = Features(1 << 9);
    /// Line flags (`line`).
    pub const LINES: Features = Features(1 << 10);
    /// The union-find of the sides each seat joins (`side-links`).
    pub const SIDE_LINKS: Features = Features(1 << 11);
    /// The board kept in the slot grid.
    pub const SLOTS: Features = Features(1 << 12);
    /// The tops' bitboards.
    pub const TOPS: Features = Features(1 << 13);
    /// A forced move (`otherwise`) in some phase.
    pub const OTHERWISE: Features = Features(1 << 14);
    /// A phase that lasts some turns only.
    pub const TIMED_PHASES: Features = Features(1 << 15);
    /// More than one phase.
    pub const PHASES: Features = Features(1 << 16);
    /// A score.
    pub const SCORE: Features = Features(1 << 17);
    /// Numbered fields.
    pub const NUMBERS: Features = Features(1 << 18);
    /// A first seat drawn by chance.
    pub const FIRST_RANDOM: Features = Features(1 << 19);
    /// Teams.
    pub const TEAMS: Features = Features(1 << 20);
    /// A supply per seat or a limited one.
    pub const SUPPLY: Features = Features(1 << 21);
    /// A turn limit.
    pub const TURN_LIMIT: Features = Features(1 << 22);
    /// A step that may give the mover another turn (`again`).
    pub const AGAIN: Features = Features(1 << 23);
    /// Kinds of the seats' pieces (`kinds`).
    pub const KINDS: Features = Features(1 << 24);
    /// Counters (`counter`).
    pub const COUNTERS: Features = Features(1 << 25);
    /// A walk that goes on from where it stops (`repeat`), or a promotion.
    pub const REPEATS: Features = Features(1 << 26);
    /// Positions or boards remembered turn by turn (`repeated`,
    /// `repeated_board`, `restores`).
    pub const HISTORY: Features = Features(1 << 27);
    /// Dice thrown every turn.
    pub const DICE: Features = Features(1 << 28);

    const NONE: Features = Features(0);

    /// Both sets.
    pub const fn and(self, other: Features) -> Features {
        Features(self.0 | other.0)
    }

    /// Whether every feature of `self` is in `supported`.
    pub fn within(self, supported: Features) -> bool {
        self.0 & !supported.0 == 0
    }

    fn set(&mut self, feature: Features, on: bool) {
        if on {
            self.0 |= feature.0;
        }
    }

    /// What `rules` use. Destructures the whole of [`Rules`]: a new field
    /// must be sorted here before the compiler builds.
    pub fn of(rules: &Rules) -> Features {
        let Rules {
            title: _,
            seats: _,
            options: _,
            geometry: _,
            supply,
            score,
            stacks,
            stack_capacity: _,
            neutrals: _,
            kinds,
            counters,
            clocks: _,
            setup,
            first_random,
            dice,
            phases,
            effects,
            filters,
            turn_limit,
            ends: _,
            line_tables,
            run_lengths,
            run_values: _,
            numbers,
            field_of: _,
            majority,
            deck,
            hand: _,
            tiebreaks: _,
            track,
            card_kinds: _,
            team,
            partner: _,
            deal,
            columns: _,
            plan,
        } = rules;
        let mut f = Features::NONE;
        f.set(Features::SETUP, !setup.is_empty());
        f.set(Features::LIVE_SCORES, plan.keeps.scores);
        f.set(Features::EFFECTS, !effects.is_empty());
        let again = effects
            .iter()
            .any(|e| matches!(e.target, crate::ir::Target::Again(_)));
        f.set(Features::AGAIN, again);
        f.set(Features::FILTERS, !filters.is_empty());
        f.set(Features::MAJORITY, *majority);
        f.set(Features::DECK, !deck.is_empty());
        f.set(Features::DEAL, deal.is_some());
        f.set(Features::TRACK, track.is_some());
        f.set(Features::STACKS, *stacks);
        f.set(Features::RUNS, !run_lengths.is_empty());
        f.set(Features::LINES, !line_tables.is_empty());
        f.set(Features::SIDE_LINKS, plan.keeps.links);
        f.set(Features::SLOTS, plan.keeps.slots);
        f.set(Features::TOPS, plan.keeps.tops);
        f.set(Features::SCORE, score.is_some());
        f.set(Features::NUMBERS, !numbers.is_empty());
        f.set(Features::FIRST_RANDOM, *first_random);
        f.set(Features::DICE, dice.is_some());
        f.set(Features::TURN_LIMIT, *turn_limit > 0);
        let teams = team.iter().enumerate().any(|(i, &t)| t as usize != i);
        f.set(Features::TEAMS, teams);
        f.set(Features::SUPPLY, supply.each().is_none_or(|n| n < i32::MAX));
        f.set(Features::PHASES, phases.len() > 1);
        f.set(Features::KINDS, !kinds.is_empty());
        f.set(Features::COUNTERS, !counters.is_empty());
        f.set(Features::HISTORY, plan.keeps.repeated || plan.keeps.boards);
        for phase in phases {
            f.set(Features::OTHERWISE, phase.otherwise.is_some());
            f.set(Features::TIMED_PHASES, phase.turns.is_some());
            let again = phase.rules.iter().flat_map(|r| &r.steps);
            f.set(
                Features::AGAIN,
                again.clone().any(|s| matches!(s, Step::Again(_))),
            );
            let repeats = |s: &Step| match s {
                Step::Walk(w) => w.repeats(),
                Step::Promote(..) | Step::PromoteChosen(..) => true,
                _ => false,
            };
            f.set(Features::REPEATS, again.clone().any(repeats));
        }
        f
    }
}

/// Runs the passes `allowed` on compiled rules: rewrites the forms of the
/// rules a pass specialises and writes the plan.
pub fn run(rules: &mut Rules, allowed: Passes) {
    let reads = super::keeps::Reads::of(rules);
    let keeps = reads.general(rules);
    rules.plan = Plan::general(rules.phases.len(), rules.ends.len(), keeps);
    for pass in Pass::ALL {
        if !allowed.has(pass) {
            continue;
        }
        let fired = match pass {
            Pass::Bitboards => super::keeps::bitboards(rules, reads),
            Pass::SideLinks => super::keeps::side_links(rules, reads),
            Pass::PlaceForm => super::moves::find_places(rules),
            Pass::SowForm => super::moves::find_sowings(rules),
            Pass::CardForm => super::moves::find_card_rules(rules),
            Pass::TrackForm => super::moves::find_track_rules(rules),
            Pass::Relocation => super::moves::find_relocations(rules),
            Pass::EarlyGuards => super::early_guards::early_guards(rules),
            Pass::PieceWalk => super::piece_walk::find_piece_walks(rules),
            Pass::WalkTargets => super::walk_targets::walk_targets(rules),
            Pass::JoinedAround => super::joined_around::joined_around(rules),
            Pass::OwnedCells => super::owned_cells::owned_cells(rules),
            Pass::SowCounts => sow_counts(rules),
            Pass::ScoreRuns => score_runs(rules),
            Pass::EndTests => super::end_tests::end_tests(rules),
            Pass::WinLine => win_line(rules),
            Pass::TakeBack => take_back(rules),
            Pass::LastingWins => super::lasting_wins::lasting_wins(rules),
            Pass::RandomDraw => random_draws(rules),
            Pass::PlayoutLoop => super::playout_loop::playout_loop(rules),
            Pass::DirectReads => super::direct_reads::direct_reads(rules),
            Pass::EffectPicks => super::effect_picks::effect_picks(rules),
            Pass::TrackSelects => super::track_selects::track_selects(rules),
            Pass::AttackRays => super::attack_rays::attack_rays(rules),
        };
        if let Some(what) = fired {
            rules.plan.fired.push((pass, what));
        }
    }
    rules.plan.stuck_ends = rules.phases.iter().any(Phase::ends_when_stuck);
    // How moves are merged after listing depends on the rules' final forms.
    for (phase, merges) in rules.phases.iter().zip(&mut rules.plan.merges) {
        let count = |form| phase.rules.iter().filter(|r| r.form == form).count();
        *merges = Merges {
            track_rules: count(Form::Track),
            card_rules: count(Form::Cards),
            alike: super::moves::rules_read_alike(&phase.rules),
        };
    }
}

/// `win-line`: when a win is exactly a line (the first end rule is
/// `line(n, mover): mover wins` and every other is a draw) on a board
/// whose pieces make their cells the mover's (no `owner majority`), the
/// engine reads whether a seat has won, and which lines it is one piece
/// short of, off that line table instead of playing each move to its end:
/// `must block` tests threats so, and the AI's playouts see a win at once
/// and a win to stop (`engine/decisive.rs`).
fn win_line(rules: &mut Rules) -> Option<String> {
    let (first, rest) = rules.ends.split_first()?;
    let line = match (Read::of(&first.condition), &first.result) {
        (
            Some(Read::Line(t, crate::ir::read::Who::Mover)),
            EndResult::Winner(Node::Read(Read::Mover)),
        ) => t,
        _ => return None,
    };
    let draws = rest.iter().all(|e| matches!(e.result, EndResult::Draw));
    rules.plan.win_line = (draws && !rules.majority).then_some(line);
    rules.plan.win_line.map(|t| format!("line table #{t}"))
}

/// `take-back`: `must block` plays every move of the mover to see whether
/// it stops the threat. On a board whose pieces make their cells the
/// mover's (no `owner majority`, which recounts around a placement), one
/// copy serves them all: a move that only put a piece is turned back by
/// taking the piece off, and chain moves that differ only in their last
/// `place` share the position before it, played once. Else each move is
/// played on a fresh copy of the position.
fn take_back(rules: &mut Rules) -> Option<String> {
    let features = Features::of(rules);
    let blocks = rules
        .filters
        .iter()
        .any(|f| matches!(f, Filter::MustBlock(_)));
    rules.plan.take_back = blocks && features.within(!Features::MAJORITY);
    rules
        .plan
        .take_back
        .then(|| "must block's moves on one copy".to_string())
}

/// `sow-counts`: when the game has one sowing rule that may sow any
/// occupied (or any) stack, with no further condition, the state keeps
/// every stack's number of sowing moves and their total, so that a random
/// sowing move is one draw with no pass over the board.
fn sow_counts(rules: &mut Rules) -> Option<String> {
    rules.plan.sow_counts = super::pieces::sow_cache(&rules.phases, rules.geometry.cell_count());
    rules
        .plan
        .sow_counts
        .as_ref()
        .map(|_| "the moves of every stack counted in the state".to_string())
}

/// `score-runs`: a score that is exactly a seat's run total (`score(p) =
/// runs(3, p)`) is read off the run counters the engine keeps, without the
/// evaluator, every turn it is kept.
fn score_runs(rules: &mut Rules) -> Option<String> {
    use crate::ir::{Node, Read};
    let runs = rules
        .score
        .as_ref()
        .and_then(|n| n.args_of(crate::builtins::BuiltinId::Runs));
    let Some([Node::Const(t), Node::Read(Read::Bound)]) = runs else {
        return None;
    };
    let t = u8::try_from(*t).ok()?;
    rules.plan.score_runs = Some(t);
    Some(format!("the score read off run counter #{t}"))
}

/// `random-draw`: where every filter is a `must leave`, a random move is
/// the first of the listed moves, tried in random order, that passes the
/// filters, so that most moves are never played on a copy. Else, in a
/// phase of one rule and no filter, a random move is
/// drawn without listing every move: an empty cell for `place where empty`,
/// a candidate cell for a `place` (maybe followed by flips or captures, or
/// by a `rotate block`, whose turns are then drawn on their own), a
/// stack and path for a sowing, a card set for a card rule, a piece and
/// direction for a piece walk. Each draw is uniform over the legal moves;
/// when it finds none the whole list is asked for (the forced move).
fn random_draws(rules: &mut Rules) -> Option<String> {
    let features = Features::of(rules);
    if features.within(!Features::DEAL) && only_must_leave(&rules.filters) {
        // Each move passes or fails the filters on its own.
        return tested_draws(rules);
    }
    if !features.within(!Features::FILTERS.and(Features::DEAL)) {
        return None;
    }
    let mut chosen = Vec::new();
    for (i, phase) in rules.phases.iter().enumerate() {
        let draw = phase_draw(phase);
        rules.plan.draws[i] = draw;
        if draw != Draw::Listed {
            chosen.push(format!("{} {draw:?}", phase.name));
        }
    }
    (!chosen.is_empty()).then(|| chosen.join(", "))
}

/// Whether there are filters and every one is a `must leave`.
fn only_must_leave(filters: &[crate::ir::Filter]) -> bool {
    !filters.is_empty()
        && filters
            .iter()
            .all(|f| matches!(f, crate::ir::Filter::MustLeave(..)))
}

/// Every phase draws by testing moves in random order (`Draw::Tested`).
fn tested_draws(rules: &mut Rules) -> Option<String> {
    rules.plan.draws.iter_mut().for_each(|d| *d = Draw::Tested);
    Some("every phase Tested (must leave)".into())
}

impl std::ops::Not for Features {
    type Output = Features;
    fn not(self) -> Features {
        Features(!self.0)
    }
}

/// How a random move of `phase` is drawn.
fn phase_draw(phase: &Phase) -> Draw {
    let [rule] = phase.rules.as_slice() else {
        return Draw::Listed;
    };
    rule_draw(rule)
}

fn rule_draw(rule: &MoveRule) -> Draw {
    match (rule.form, rule.steps.as_slice()) {
        (Form::Cards, _) => Draw::Cards,
        (Form::Sow, [Step::Place(_), Step::Sow(_)]) => Draw::Sow,
        (Form::Place, [Step::Place(place)])
            if matches!(place.candidates, Candidates::Empty)
                && place.test.is_none()
                && place.guard.is_none()
                && place.mask.is_none() =>
        {
            Draw::EmptyCell
        }
        // A slide's landings vary in number by direction: a random piece
        // and direction would not draw the moves uniformly.
        (Form::PieceWalk, [Step::Pick(_), Step::Walk(walk)]) if walk.reach != Reach::Slide => {
            Draw::PieceWalk
        }
        (Form::Place | Form::Chain, [Step::Place(_), rest @ ..])
            if rest.iter().all(Step::is_after_effect) =>
        {
            Draw::Placement
        }
        // Every cell allows every turn of every block: a cell, then a turn.
        (Form::Chain, [Step::Place(_), Step::Rotate(_), rest @ ..])
            if rest.iter().all(Step::is_after_effect) =>
        {
            Draw::Placement
        }
        _ => Draw::Listed,
    }
}
