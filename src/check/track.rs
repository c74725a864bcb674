//! Checking track games: the chains of track steps (`play card` then
//! `enter`, `move by`, `split` or `switch`), teams, deals, the exchange
//! between partners, blocked spaces and the effects after a movement.

use super::program::{MoveEffectSpec, Program};
use super::resolve::{Context, Resolver};
use crate::builtins::Ty;
use crate::diagnostic::Diagnostic;
use crate::syntax::ast::{File, ItemKind, MoveEffectKind, Step, StepKind};
use crate::syntax::Span;

/// The most spaces a split may divide (its ways are listed).
pub const MAX_SPLIT: i64 = crate::ir::track::MAX_SPLIT as i64;
/// The most cards one deal gives each seat.
pub const MAX_DEAL: i64 = 16;

/// The shape of a track chain, for the help line of E0023.
const SHAPE: &str = "a card move is `play card [where ...]`, then one of `enter [where ...]`, `move by N [where ...]`, `split N [where ...]` or `switch [where ...]`";

/// Checks a chain's shape if it has a track step or plays one card, and
/// says whether it did.
pub(super) fn check_track_chain(steps: &[Step], r: &mut Resolver) -> bool {
    let track = |k: &StepKind| {
        matches!(
            k,
            StepKind::Enter(_)
                | StepKind::MoveBy(..)
                | StepKind::MoveByDice(_)
                | StepKind::Split(..)
                | StepKind::Switch(_)
        )
    };
    let play = |k: &StepKind| matches!(k, StepKind::PlayCard(_));
    if !steps.iter().any(|s| track(&s.kind) || play(&s.kind)) {
        return false;
    }
    let bad = |what: &str, step: &Step| Diagnostic::BadChain {
        what: what.into(),
        span: step.span.into(),
        help: SHAPE.into(),
    };
    let rest = if play(&steps[0].kind) {
        &steps[1..]
    } else {
        steps
    };
    match rest {
        [] => r.diagnostics.push(bad(
            "`play card` must be followed by what the card does: `enter`, `move by N`, `split N` or `switch`",
            &steps[0],
        )),
        [one] if track(&one.kind) => {}
        [one, ..] if !track(&one.kind) => r.diagnostics.push(bad(
            "after `play card` comes one track step: `enter`, `move by N`, `split N` or `switch`",
            one,
        )),
        [_, extra, ..] => r.diagnostics.push(bad(
            "a track step is the last step of its rule",
            extra,
        )),
        _ => {}
    }
    true
}

/// Fills the program's teams, deal, exchange, blocked spaces and effects
/// after a movement, and reports what is wrong with them.
pub(super) fn check_track(file: &File, r: &mut Resolver, program: &mut Program) {
    check_facing_seats(file, r);
    let space = Context {
        params: &[],
        chosen_cell: true,
    };
    for item in &file.items {
        match &item.kind {
            ItemKind::Teams(teams) => program.teams = check_teams(teams, r),
            ItemKind::Deal(size, per_dealer) => {
                let why = "deals are sized when the rules are compiled";
                let size = super::board::bounded(
                    r,
                    size,
                    why,
                    "the cards a deal gives each seat",
                    MAX_DEAL,
                );
                let per = per_dealer
                    .as_ref()
                    .map(|n| super::board::bounded(r, n, why, "the deals a dealer makes", 255));
                program.deal = Some((size, per));
            }
            ItemKind::Exchange(n) => {
                let why = "the exchange is sized when the rules are compiled";
                program.exchange = Some(super::board::bounded(
                    r,
                    n,
                    why,
                    "the cards passed to a partner",
                    MAX_DEAL,
                ));
            }
            ItemKind::Blocked(c) => {
                program.blocked = Some(r.in_move(|r| r.expect(c, space, Ty::Bool)))
            }
            ItemKind::AfterMove(effects) => r.in_move(|r| {
                for e in effects {
                    let capture_at = match &e.kind {
                        MoveEffectKind::Capture(at) => Some(r.expect(at, Context::TOP, Ty::Cell)),
                        MoveEffectKind::SendHome => None,
                    };
                    let when = e.when.as_ref().map(|w| r.expect(w, Context::TOP, Ty::Bool));
                    program.after_move.push(MoveEffectSpec { capture_at, when });
                }
            }),
            _ => {}
        }
    }
    let track_board = file.items.iter().any(|i| {
        matches!(
            i.kind,
            ItemKind::Board(crate::syntax::ast::Board::Track(_), _)
        )
    });
    if !track_board {
        for (what, span) in track_uses(file) {
            r.diagnostics
                .push(Diagnostic::needs_item(what, "board track", span));
        }
    }
    let has_deal = program.deal.is_some();
    if let (Some(e), false) = (&program.exchange, has_deal) {
        r.diagnostics.push(Diagnostic::needs_item(
            "passing cards to a partner",
            "deal",
            e.span,
        ));
    }
}

/// The teams by seat index; a name that is no seat, or a seat in two
/// teams, is reported.
fn check_teams(teams: &[Vec<crate::syntax::ast::Name>], r: &mut Resolver) -> Vec<Vec<usize>> {
    let mut seen: Vec<(usize, Span)> = Vec::new();
    let mut out = Vec::new();
    for team in teams {
        let mut seats = Vec::new();
        for name in team {
            let Some(&seat) = r.symbols.seats.get(name.text.as_str()) else {
                r.diagnostics.push(Diagnostic::UnknownName {
                    name: name.text.clone(),
                    span: name.span.into(),
                    help: Some("a team is made of seats named in `players`".into()),
                });
                continue;
            };
            if let Some(&(_, first)) = seen.iter().find(|s| s.0 == seat) {
                r.diagnostics.push(Diagnostic::Duplicate {
                    name: name.text.clone(),
                    span: name.span.into(),
                    first: first.into(),
                });
                continue;
            }
            seen.push((seat, name.span));
            seats.push(seat);
        }
        out.push(seats);
    }
    out
}

/// A facing track lies between two seats: a fixed list of another number
/// is refused here (a number of seats set by an option, when compiling).
fn check_facing_seats(file: &File, r: &mut Resolver) {
    let facing = file.items.iter().find(
        |i| matches!(&i.kind, ItemKind::Board(crate::syntax::ast::Board::Track(t), _) if t.facing),
    );
    let seats = file.items.iter().find_map(|i| match &i.kind {
        ItemKind::Players(crate::syntax::ast::Players::Named(names)) => Some(names.len()),
        _ => None,
    });
    if let (Some(board), Some(seats)) = (facing, seats.filter(|&n| n != 2)) {
        r.diagnostics.push(Diagnostic::Unsupported {
            what: format!("a facing track for {seats} seats"),
            span: board.span.into(),
            help: FACING_HELP.into(),
        });
    }
}

/// Why a facing track needs two seats.
pub const FACING_HELP: &str = "a facing track lies between two seats, each walking it towards the other's side; for more seats use a ring, `board track N per seat, ...`";

/// A track board's labels with the default options (none for other boards).
pub(super) fn labels(
    board: &super::program::BoardSpec,
    symbols: &super::resolve::Symbols,
) -> Vec<String> {
    let super::program::BoardSpec::Track {
        segment,
        home,
        end_zone,
        ..
    } = board
    else {
        return Vec::new();
    };
    let size =
        |t| super::constant::evaluate(t, &symbols.option_defaults).map(|v| v.max(1) as usize);
    let (Some(segment), Some(home), Some(end)) = (size(segment), size(home), size(end_zone)) else {
        return Vec::new();
    };
    let mut seats: Vec<(&str, usize)> = symbols.seats.iter().map(|(n, &i)| (*n, i)).collect();
    seats.sort_by_key(|s| s.1);
    let names: Vec<String> = seats.iter().map(|s| s.0.to_string()).collect();
    let facing = matches!(board, super::program::BoardSpec::Track { facing: true, .. });
    let track = match facing {
        true if names.len() == 2 => crate::ir::Track::facing(segment.min(64), home, end.min(64)),
        true => return Vec::new(),
        false => crate::ir::Track::new(names.len(), segment.min(64), home, end.min(64)),
    };
    track.labels(&crate::ir::Track::initials(&names))
}

/// What in the file needs a track board: track steps, blocked spaces and
/// effects after a movement.
fn track_uses(file: &File) -> Vec<(&'static str, Span)> {
    let mut uses = Vec::new();
    for item in &file.items {
        match &item.kind {
            ItemKind::Blocked(_) => uses.push(("blocked spaces", item.span)),
            ItemKind::AfterMove(_) => uses.push(("effects after a movement", item.span)),
            ItemKind::Phase(p) => {
                for m in &p.moves {
                    if let crate::syntax::ast::MoveKind::Chain(steps) = &m.kind {
                        for s in steps {
                            let what = match s.kind {
                                StepKind::Enter(_) => "`enter`",
                                StepKind::MoveBy(..) => "`move by`",
                                StepKind::MoveByDice(_) => "`move by dice`",
                                StepKind::Split(..) => "`split`",
                                StepKind::Switch(_) => "`switch`",
                                _ => continue,
                            };
                            uses.push((what, s.span));
                        }
                    }
                }
            }
            _ => {}
        }
    }
    uses
}

#[cfg(test)]
mod tests {
    use miette::Diagnostic as _;

    /// The codes reported for a rules text.
    fn codes(source: &str) -> Vec<String> {
        crate::check::check(source)
            .diagnostics
            .iter()
            .map(|d| d.code().map(|c| c.to_string()).unwrap_or_default())
            .collect()
    }

    const RACE: &str = "players A, B\nboard track 5 per seat, homes of 2, end zones of 2\ndeck 2 x (1, 2, start)\ndeal 3 to each\nend when locked_movers(mover) == 2: mover wins\n";

    #[test]
    fn a_race_checks_clean_and_its_mistakes_are_named() {
        let ok = format!(
            "{RACE}phase p\n  play card then move by value(card) where owner(cell) == mover\n"
        );
        assert_eq!(codes(&ok), Vec::<String>::new());
        // A track step after another step, or no step after `play card`.
        let two = format!("{RACE}phase p\n  play card then enter then move by 1\n");
        assert_eq!(codes(&two), ["E0023"]);
        let none = format!("{RACE}phase p\n  play card\n");
        assert_eq!(codes(&none), ["E0023"]);
        // A card compared with a number.
        let typed = format!("{RACE}phase p\n  play card where card == 2 then enter\n");
        assert_eq!(codes(&typed), ["E0004"]);
        // A split too long to list.
        let long = format!("{RACE}phase p\n  play card then split 13\n");
        assert_eq!(codes(&long), ["E0013"]);
    }

    #[test]
    fn track_items_need_a_track_and_an_exchange_a_deal() {
        let square = "players A, B\nboard square 3 x 3\nblocked where empty\nafter move: capture at to\nphase p\n  place where empty\n  enter\nend when full: draw\n";
        assert_eq!(codes(square), ["E0021", "E0021", "E0021"]);
        let no_deal = "players A, B\nteams A with B\nboard track 5 per seat, homes of 2, end zones of 2\ndeck 2 x (1, start)\npass 1 card to partner\nphase p\n  play card then enter\nend when locked_movers(mover) == 2: mover wins\n";
        assert_eq!(codes(no_deal), ["E0021"]);
        // A seat twice in the teams, and a team member that is no seat.
        let teams = format!("{RACE}teams A with B, A with C\nphase p\n  play card then enter\n");
        assert_eq!(codes(&teams), ["E0003", "E0002"]);
    }
}
