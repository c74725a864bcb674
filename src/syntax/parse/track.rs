//! Building the track, team and deal parts of the AST: track boards, teams,
//! deals, the exchange between partners, blocked spaces, effects after a
//! movement, and the track steps.

use pest::iterators::{Pair, Pairs};

use super::{build_expr, name, span_of, Rule};
use crate::syntax::ast::*;

/// `track N per seat, homes of H, end zones of E [, RULE]...`.
pub(super) fn track_board(pair: Pair<Rule>, offset: usize) -> Board {
    let mut inner = pair.into_inner();
    let mut next = || build_expr(inner.next().expect("dimension"), offset);
    let segment = next();
    let facing = inner.next().expect("layout").as_str() == "facing";
    let mut next = || build_expr(inner.next().expect("dimension"), offset);
    let (home, end_zone) = (next(), next());
    let rules: Vec<String> = inner.map(|r| r.as_str().to_string()).collect();
    let has = |word: &str| rules.iter().any(|r| r.starts_with(word));
    Board::Track(TrackBoard {
        segment,
        facing,
        home,
        end_zone,
        starts_uncounted: has("starts"),
        turning_back: has("turning"),
        overtaking: has("overtaking"),
        overshooting: has("overshooting"),
    })
}

/// `teams A with B, C with D`.
pub(super) fn teams(inner: Pairs<Rule>, offset: usize) -> ItemKind {
    let teams = inner
        .map(|team| team.into_inner().map(|n| name(n, offset)).collect())
        .collect();
    ItemKind::Teams(teams)
}

/// `deal N to each [, M deals a dealer]`.
pub(super) fn deal(mut inner: Pairs<Rule>, offset: usize) -> ItemKind {
    let size = build_expr(inner.next().expect("size"), offset);
    let per_dealer = inner.next().map(|p| build_expr(p, offset));
    ItemKind::Deal(size, per_dealer)
}

/// `after move: EFFECT [if COND]; ...`.
pub(super) fn after_move(inner: Pairs<Rule>, offset: usize) -> ItemKind {
    let effects = inner
        .map(|effect| {
            let span = span_of(&effect, offset);
            let mut parts = effect.into_inner();
            let what = parts.next().expect("effect");
            let kind = match what.as_rule() {
                Rule::capture_effect => MoveEffectKind::Capture(build_expr(
                    what.into_inner().next().expect("cell"),
                    offset,
                )),
                _ => MoveEffectKind::SendHome,
            };
            MoveEffect {
                kind,
                when: parts.next().map(|p| build_expr(p, offset)),
                span,
            }
        })
        .collect();
    ItemKind::AfterMove(effects)
}

/// The kinds listed in a deck part: `(1, -4, start)`.
pub(super) fn card_kinds(pair: Pair<Rule>, offset: usize) -> Vec<CardKind> {
    pair.into_inner()
        .map(|kind| {
            let inner = kind.into_inner().next().expect("kind");
            match inner.as_rule() {
                Rule::signed_int => CardKind::Number(inner.as_str().parse().unwrap_or(i64::MAX)),
                _ => CardKind::Named(name(inner, offset)),
            }
        })
        .collect()
}

/// A track step: `play card`, `enter`, `move by`, `split` or `switch`.
pub(super) fn step(rule: Rule, inner: Pairs<Rule>, offset: usize) -> StepKind {
    let mut inner = inner.peekable();
    let by_dice = inner.next_if(|p| p.as_rule() == Rule::by_dice).is_some();
    let mut inner = inner.map(|p| build_expr(p, offset));
    match rule {
        Rule::play_card_step => StepKind::PlayCard(inner.next()),
        Rule::enter_step => StepKind::Enter(inner.next()),
        Rule::move_step if by_dice => StepKind::MoveByDice(inner.next()),
        Rule::move_step => {
            let by = inner.next().expect("distance");
            StepKind::MoveBy(by, inner.next())
        }
        Rule::split_step => {
            let total = inner.next().expect("total");
            StepKind::Split(total, inner.next())
        }
        _ => StepKind::Switch(inner.next()),
    }
}
