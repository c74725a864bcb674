//! Every expression of compiled rules, reached mutably: how a pass
//! rewrites expressions into specialised nodes.

use super::track::{MoveEffect, When};
use super::{Candidates, EndResult, Filter, Forced, Node, Rules, SeatRef, Select, Supply};

impl Rules {
    /// Rewrites every expression of the rules, each node after the nodes
    /// below it (see [`Node::rewrite`]). Destructures the whole of
    /// [`Rules`]: a field added to the rules does not compile until it is
    /// said here whether it holds expressions.
    pub fn rewrite_nodes(&mut self, f: &mut dyn FnMut(&mut Node)) {
        let Rules {
            title: _,
            seats: _,
            options: _,
            geometry: _,
            supply,
            score,
            stacks: _,
            stack_capacity: _,
            neutrals: _,
            setup: _,
            first_random: _,
            phases,
            effects,
            filters,
            turn_limit: _,
            ends,
            line_tables: _,
            run_lengths: _,
            run_values: _,
            numbers: _,
            field_of: _,
            majority: _,
            deck: _,
            hand: _,
            tiebreaks,
            live_scores: _,
            keeps_tops: _,
            keeps_slots: _,
            side_links: _,
            track,
            card_kinds: _,
            team: _,
            partner: _,
            deal: _,
            plan: _,
        } = self;
        let mut root = |n: &mut Node| n.rewrite(f);
        if let Supply::PerSeat(n) = supply {
            root(n);
        }
        score
            .iter_mut()
            .chain(tiebreaks.iter_mut())
            .for_each(&mut root);
        for phase in phases {
            for rule in &mut phase.rules {
                rule.steps
                    .iter_mut()
                    .for_each(|s| s.visit_nodes_mut(&mut root));
            }
            if let Some(Forced::DiscardHand(Some(n))) =
                phase.otherwise.as_mut().map(|o| &mut o.action)
            {
                root(n);
            }
        }
        for effect in effects {
            seat(&mut effect.seat, &mut root);
            root(&mut effect.value);
        }
        for Filter::MustBlock(when) in filters {
            when.iter_mut().for_each(&mut root);
        }
        for end in ends {
            root(&mut end.condition);
            if let EndResult::Winner(n) = &mut end.result {
                root(n);
            }
        }
        if let Some(track) = track {
            if let Some(blocked) = &mut track.blocked {
                select(blocked, &mut root);
            }
            let after = &mut track.after_move;
            root(&mut after.compared.value);
            root(&mut after.compared.alone);
            for effect in &mut after.effects {
                let when = match effect {
                    MoveEffect::Capture(n, when) => {
                        root(n);
                        when
                    }
                    MoveEffect::SendHome(when) => when,
                };
                if let When::Holds(n) = when {
                    root(n);
                }
            }
        }
    }
}

/// Calls `f` on the node of a seat given by one.
fn seat(p: &mut SeatRef, f: &mut dyn FnMut(&mut Node)) {
    if let SeatRef::Node(n) = p {
        f(n);
    }
}

/// Calls `f` on every expression of a selection, as a step's are.
fn select(s: &mut Select, f: &mut dyn FnMut(&mut Node)) {
    s.guard
        .iter_mut()
        .chain(s.test.iter_mut())
        .for_each(&mut *f);
    if let Candidates::EmptyNeighbours(n) | Candidates::OwnedBy(n) = &mut s.candidates {
        f(n);
    }
}
