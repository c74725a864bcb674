//! Every expression of compiled rules, reached mutably: how a pass
//! rewrites expressions into specialised nodes.

use super::track::{MoveEffect, When};
use super::{
    Candidates, CardTest, EndResult, Filter, Forced, Node, Rules, SeatRef, Select, Step, Supply,
    Target, Walk,
};

/// Calls `$f` on every expression of step `$node`, bound by `$($mode)+`
/// (`ref` or `ref mut`): the one list for [`Step::visit_nodes`] and
/// [`Step::visit_nodes_mut`]. Exhaustive: a new step does not compile
/// until its expressions are listed.
macro_rules! each_step_node {
    ($node:expr, $f:ident, $($mode:tt)+) => {{
        let f = $f;
        macro_rules! select {
            ($s:expr) => {{
                let Select { $($mode)+ guard, $($mode)+ test, $($mode)+ candidates, .. } = $s;
                if let Some(n) = guard {
                    f(n);
                }
                if let Some(n) = test {
                    f(n);
                }
                if let Candidates::EmptyNeighbours($($mode)+ n) | Candidates::OwnedBy($($mode)+ n) =
                    candidates
                {
                    f(n);
                }
            }};
        }
        match $node {
            Step::Place($($mode)+ s)
            | Step::Pick($($mode)+ s)
            | Step::Remove($($mode)+ s, None)
            | Step::Enter($($mode)+ s)
            | Step::SowAround($($mode)+ s, _)
            | Step::Split(_, $($mode)+ s)
            | Step::MoveByDice($($mode)+ s)
            | Step::PlaceNeutral(_, $($mode)+ s)
            | Step::Switch($($mode)+ s) => select!(s),
            Step::Relocate($($mode)+ a, $($mode)+ b) => {
                f(a);
                f(b);
            }
            Step::PlaceOn($($mode)+ n, $($mode)+ s)
            | Step::MoveBy($($mode)+ n, $($mode)+ s)
            | Step::Remove($($mode)+ s, Some($($mode)+ n)) => {
                f(n);
                select!(s);
            }
            Step::Draw($($mode)+ n, $($mode)+ when) => {
                f(n);
                if let Some(w) = when {
                    f(w);
                }
            }
            Step::KeepLargestGroup(Some($($mode)+ w))
            | Step::PlayCard(CardTest::Test($($mode)+ w))
            | Step::Again(Some($($mode)+ w))
            | Step::CaptureAt($($mode)+ w)
            | Step::Promote(_, Some($($mode)+ w))
            | Step::PromoteChosen(_, Some($($mode)+ w)) => f(w),
            Step::GatherBack(crate::ir::GatherBack {
                $($mode)+ start,
                $($mode)+ condition,
                $($mode)+ into,
                $($mode)+ when,
            }) => {
                f(start);
                f(condition);
                f(into);
                if let Some(w) = when {
                    f(w);
                }
            }
            Step::Gather($($mode)+ cells, $($mode)+ into, $($mode)+ when) => {
                for c in cells {
                    f(c);
                }
                f(into);
                if let Some(w) = when {
                    f(w);
                }
            }
            Step::Walk(Walk { $($mode)+ directions, $($mode)+ select, .. }) => {
                for d in directions {
                    f(d);
                }
                select!(select);
            }
            Step::Again(None)
            | Step::Promote(_, None)
            | Step::PromoteChosen(_, None)
            | Step::KeepLargestGroup(None)
            | Step::Rotate(_)
            | Step::PlayCard(CardTest::Any | CardTest::Kinds(_))
            | Step::Sow(_)
            | Step::Enclosed(..)
            | Step::CaptureSurrounded
            | Step::Pass
            | Step::PlayCards(_) => {}
        }
    }};
}

impl Step {
    /// Calls `f` on every expression of the step.
    pub fn visit_nodes(&self, f: &mut dyn FnMut(&Node)) {
        each_step_node!(self, f, ref);
    }

    /// Calls `f` on every expression of the step, mutably.
    pub fn visit_nodes_mut(&mut self, f: &mut dyn FnMut(&mut Node)) {
        each_step_node!(self, f, ref mut);
    }
}

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
            kinds: _,
            counters: _,
            clocks: _,
            setup: _,
            first_random: _,
            dice: _,
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
            track,
            card_kinds: _,
            team: _,
            partner: _,
            deal: _,
            columns: _,
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
            if let Target::Supply(s) = &mut effect.target {
                seat(s, &mut root);
            }
            root(&mut effect.value);
        }
        for filter in filters {
            match filter {
                Filter::MustBlock(when) => when.iter_mut().for_each(&mut root),
                Filter::MustLeave(condition, _) => root(condition),
                Filter::MustCapture(_) => {}
            }
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
