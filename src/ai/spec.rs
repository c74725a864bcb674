//! Player specs as typed on the command line (`human`, `random`,
//! `mcts:5000:c=0.7:playouts=random:rave=off`): their parts, how they are
//! read and written back, and why one is refused.

use std::fmt;
use std::str::FromStr;

/// How much a searching player may think per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Budget {
    /// A fixed number of search iterations: reproducible for a given seed.
    Iterations(u32),
    /// Wall-clock milliseconds: steady speed, but not reproducible.
    Millis(u64),
}

impl Default for Budget {
    /// One second a move.
    fn default() -> Self {
        Budget::Millis(1000)
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Iterations(n) => write!(f, "{n}"),
            Budget::Millis(ms) => write!(f, "{ms}ms"),
        }
    }
}

/// Who sits in a seat: `human`, `random`, `mcts`, `mcts:5000` or
/// `mcts:300ms`, the last with `:c=X`, `:playouts=random`, `:rave=off` and `:ismcts=on`
/// if wanted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerSpec {
    /// Moves typed at the terminal.
    Human,
    /// Uniformly random legal moves.
    Random,
    /// Monte Carlo tree search with this budget per move, this
    /// exploration constant and this policy.
    Mcts(Budget, Exploration, Policy),
}

/// How a search chooses its moves, besides its budget and constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Policy {
    /// How its playouts choose.
    pub playouts: Playouts,
    /// Whether its nodes keep RAVE statistics where the pieces stay where
    /// they are put (`mcts/rave.rs`; on by default, `rave=off`).
    pub rave: bool,
    /// Where cards are hidden: whether it grows one tree over many deals
    /// of the unseen cards (`mcts/info_set.rs`, `ismcts=on`) instead of a
    /// tree for each of a few deals (`ismcts=off`, the default).
    pub ismcts: bool,
}

/// Whether a search grows one tree over the deals by default where cards
/// are hidden (see [`Policy::ismcts`]): no, as in Just 4 Fun it lost to 8
/// deals at equal time, though it won at equal iterations
/// (benches/README.md, "One tree over the deals").
pub const ISMCTS: bool = false;

impl Default for Policy {
    fn default() -> Self {
        Policy {
            playouts: Playouts::Auto,
            rave: true,
            ismcts: ISMCTS,
        }
    }
}

/// How a search's playouts choose their moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Playouts {
    /// Decisive where the rules make wins cheap to see; else random where
    /// the search keeps RAVE statistics, MAST elsewhere (chosen by matches
    /// against OpenSpiel's MCTSBot: benches/README.md).
    #[default]
    Auto,
    /// A win at once is taken, and a seat's win at once stopped, where the
    /// rules make them cheap to see (`engine/decisive.rs`); else at random.
    Decisive,
    /// Each move the best by its mean over the search so far, or at random
    /// (`mcts/mast.rs`).
    Mast,
    /// Every move at random.
    Random,
}

impl Playouts {
    /// The spec's words for each kind, the default first.
    const NAMES: [(&'static str, Playouts); 4] = [
        ("auto", Playouts::Auto),
        ("decisive", Playouts::Decisive),
        ("mast", Playouts::Mast),
        ("random", Playouts::Random),
    ];

    /// The kind a word names.
    pub fn named(word: &str) -> Option<Self> {
        Self::NAMES
            .iter()
            .find(|(n, _)| *n == word)
            .map(|(_, p)| *p)
    }

    /// The kind's word.
    pub fn name(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(_, p)| *p == self)
            .map_or("", |(n, _)| n)
    }
}

/// The UCB1 exploration constant of a search, in thousandths (`c=0.7` is
/// 700), so that a spec compares and hashes; `None` for the default
/// ([`super::mcts::EXPLORATION`], or [`super::mcts::RAVE_EXPLORATION`]
/// where the search keeps RAVE statistics).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Exploration(pub Option<u32>);

impl Exploration {
    /// The constant, if one was given.
    pub fn given(self) -> Option<f64> {
        self.0.map(|m| f64::from(m) / 1000.0)
    }
}

/// Why a player spec was not understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayerSpecError {
    /// Not one of the player kinds.
    #[error("unknown player `{0}`: expected human, random, mcts, mcts:N (N iterations a move), mcts:Nms (N milliseconds a move), with :c=X for an exploration constant (mcts:N:c=0.7), :playouts=random for plain random playouts, :rave=off and :ismcts=on")]
    Unknown(String),
    /// `mcts:` followed by something that is not a positive budget.
    #[error("bad MCTS budget `{0}`: expected a positive number of iterations (mcts:5000) or of milliseconds (mcts:300ms), once")]
    Budget(String),
    /// `c=` followed by something that is not a constant above 0.
    #[error("bad exploration constant `{0}`: expected c= a number above 0 and at most 100, once (mcts:5000:c=0.7)")]
    Exploration(String),
    /// `playouts=` followed by something other than a kind of playout.
    #[error("bad playouts `{0}`: expected playouts=auto (the default), playouts=decisive, playouts=mast or playouts=random, once (mcts:5000:playouts=random)")]
    Playouts(String),
    /// `rave=` followed by something other than on or off.
    #[error(
        "bad rave `{0}`: expected rave=on (the default) or rave=off, once (mcts:5000:rave=off)"
    )]
    Rave(String),
    /// `ismcts=` followed by something other than on or off.
    #[error("bad ismcts `{0}`: expected ismcts=on or ismcts=off (the default), once (mcts:5000:ismcts=on)")]
    Ismcts(String),
}

impl FromStr for PlayerSpec {
    type Err = PlayerSpecError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let spec = text.trim().to_ascii_lowercase();
        let mut parts = spec.split(':');
        let kind = parts.next().unwrap_or_default().trim();
        let unknown = || PlayerSpecError::Unknown(text.trim().to_string());
        match kind {
            "mcts" => parse_mcts(parts),
            _ if parts.next().is_some() => Err(unknown()),
            "human" => Ok(PlayerSpec::Human),
            "random" => Ok(PlayerSpec::Random),
            _ => Err(unknown()),
        }
    }
}

/// The parameters after `mcts`, each after a colon: a budget (`5000`,
/// `300ms`), an exploration constant (`c=0.7`), the playouts
/// (`playouts=random`) and RAVE (`rave=off`), in any order, each at most
/// once.
fn parse_mcts<'a>(parts: impl Iterator<Item = &'a str>) -> Result<PlayerSpec, PlayerSpecError> {
    let (mut budget, mut exploration, mut playouts) = (None, None, None);
    let (mut rave, mut ismcts) = (None, None);
    for part in parts.map(str::trim) {
        let (name, value) = match part.split_once('=') {
            Some((name, value)) => (name.trim(), value.trim()),
            None => ("", part),
        };
        let (fresh, error) = match name {
            "c" => (
                parse_exploration(value).is_some_and(|c| exploration.replace(c).is_none()),
                PlayerSpecError::Exploration(value.to_string()),
            ),
            "playouts" => (
                Playouts::named(value).is_some_and(|p| playouts.replace(p).is_none()),
                PlayerSpecError::Playouts(value.to_string()),
            ),
            "rave" => (
                switch(value).is_some_and(|r| rave.replace(r).is_none()),
                PlayerSpecError::Rave(value.to_string()),
            ),
            "ismcts" => (
                switch(value).is_some_and(|r| ismcts.replace(r).is_none()),
                PlayerSpecError::Ismcts(value.to_string()),
            ),
            _ => (
                parse_budget(part).is_some_and(|b| budget.replace(b).is_none()),
                PlayerSpecError::Budget(part.to_string()),
            ),
        };
        if !fresh {
            return Err(error);
        }
    }
    let defaults = Policy::default();
    Ok(PlayerSpec::Mcts(
        budget.unwrap_or_default(),
        Exploration(exploration),
        Policy {
            playouts: playouts.unwrap_or(defaults.playouts),
            rave: rave.unwrap_or(defaults.rave),
            ismcts: ismcts.unwrap_or(defaults.ismcts),
        },
    ))
}

/// Reads `on` or `off`.
fn switch(text: &str) -> Option<bool> {
    match text {
        "on" => Some(true),
        "off" => Some(false),
        _ => None,
    }
}

/// Reads an exploration constant above 0 and at most 100, in thousandths.
pub(crate) fn parse_exploration(text: &str) -> Option<u32> {
    let c: f64 = text.parse().ok()?;
    let thousandths = (c * 1000.0).round();
    (c.is_finite() && c <= 100.0 && thousandths >= 1.0).then_some(thousandths as u32)
}

/// Reads `5000` as iterations and `300ms` as milliseconds; zero is refused
/// because a search that may not run at all cannot pick a move.
fn parse_budget(text: &str) -> Option<Budget> {
    let budget = match text.strip_suffix("ms") {
        Some(ms) => Budget::Millis(ms.trim().parse().ok()?),
        None => Budget::Iterations(text.parse().ok()?),
    };
    match budget {
        Budget::Iterations(0) | Budget::Millis(0) => None,
        _ => Some(budget),
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Human => f.write_str("human"),
            PlayerSpec::Random => f.write_str("random"),
            PlayerSpec::Mcts(budget, c, policy) => {
                write!(f, "mcts:{budget}")?;
                if let Some(c) = c.given() {
                    write!(f, ":c={c}")?;
                }
                if policy.playouts != Playouts::Auto {
                    write!(f, ":playouts={}", policy.playouts.name())?;
                }
                if !policy.rave {
                    f.write_str(":rave=off")?;
                }
                match policy.ismcts == ISMCTS {
                    true => Ok(()),
                    false => write!(f, ":ismcts={}", if policy.ismcts { "on" } else { "off" }),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::make_player;

    #[test]
    fn specs_parse() {
        let cases = [
            ("human", PlayerSpec::Human),
            ("Random", PlayerSpec::Random),
            (
                "mcts",
                PlayerSpec::Mcts(Budget::Millis(1000), Exploration(None), Policy::default()),
            ),
            (
                "mcts:5000",
                PlayerSpec::Mcts(
                    Budget::Iterations(5000),
                    Exploration(None),
                    Policy::default(),
                ),
            ),
            (
                "mcts:300ms",
                PlayerSpec::Mcts(Budget::Millis(300), Exploration(None), Policy::default()),
            ),
            (
                " MCTS: 300 ms ",
                PlayerSpec::Mcts(Budget::Millis(300), Exploration(None), Policy::default()),
            ),
        ];
        for (text, spec) in cases {
            assert_eq!(text.parse::<PlayerSpec>(), Ok(spec), "{text}");
        }
    }

    #[test]
    fn specs_round_trip() {
        let specs = [
            PlayerSpec::Human,
            PlayerSpec::Random,
            PlayerSpec::Mcts(Budget::Iterations(1), Exploration(None), Policy::default()),
            PlayerSpec::Mcts(
                Budget::Iterations(5000),
                Exploration(None),
                Policy::default(),
            ),
            PlayerSpec::Mcts(Budget::Millis(300), Exploration(None), Policy::default()),
            PlayerSpec::Mcts(Budget::default(), Exploration(None), Policy::default()),
        ];
        for spec in specs {
            assert_eq!(spec.to_string().parse::<PlayerSpec>(), Ok(spec), "{spec}");
        }
        assert_eq!(
            PlayerSpec::Mcts(Budget::Millis(300), Exploration(None), Policy::default()).to_string(),
            "mcts:300ms"
        );
        assert_eq!(
            PlayerSpec::Mcts(
                Budget::Iterations(5000),
                Exploration(None),
                Policy::default()
            )
            .to_string(),
            "mcts:5000"
        );
    }

    #[test]
    fn bad_specs_are_refused_with_the_accepted_forms() {
        for text in ["", "alphazero", "random:5", "mctsx"] {
            let err = text.parse::<PlayerSpec>().unwrap_err();
            assert!(
                matches!(err, PlayerSpecError::Unknown(_)),
                "{text}: {err:?}"
            );
            let message = err.to_string();
            for form in ["human", "random", "mcts:N", "mcts:Nms"] {
                assert!(message.contains(form), "{message}");
            }
        }
        for text in [
            "mcts:",
            "mcts:0",
            "mcts:0ms",
            "mcts:-5",
            "mcts:fast",
            "mcts:5s",
            "mcts:1.5",
        ] {
            let err = text.parse::<PlayerSpec>().unwrap_err();
            assert!(matches!(err, PlayerSpecError::Budget(_)), "{text}: {err:?}");
            assert!(err.to_string().contains("mcts:300ms"), "{err}");
        }
    }

    #[test]
    fn an_exploration_constant_follows_the_budget_or_stands_alone() {
        let c = |m| Exploration(Some(m));
        let cases = [
            (
                "mcts:5000:c=0.7",
                PlayerSpec::Mcts(Budget::Iterations(5000), c(700), Policy::default()),
            ),
            (
                "mcts:c=0.7:300ms",
                PlayerSpec::Mcts(Budget::Millis(300), c(700), Policy::default()),
            ),
            (
                "MCTS: c = 2",
                PlayerSpec::Mcts(Budget::default(), c(2000), Policy::default()),
            ),
            (
                "mcts:c=1.4142",
                PlayerSpec::Mcts(Budget::default(), c(1414), Policy::default()),
            ),
        ];
        for (text, spec) in cases {
            assert_eq!(text.parse::<PlayerSpec>(), Ok(spec), "{text}");
            assert_eq!(spec.to_string().parse::<PlayerSpec>(), Ok(spec), "{spec}");
        }
        assert_eq!(cases[0].1.to_string(), "mcts:5000:c=0.7");
        refused(
            &[
                "mcts:c=0",
                "mcts:c=-1",
                "mcts:c=x",
                "mcts:c=101",
                "mcts:c=",
                "mcts:c=1:c=2",
            ],
            |e| matches!(e, PlayerSpecError::Exploration(_)),
            "mcts:5000:c=0.7",
        );
        let err = "mcts:5:6".parse::<PlayerSpec>().unwrap_err();
        assert!(matches!(err, PlayerSpecError::Budget(_)), "{err:?}");
    }

    #[test]
    fn playouts_are_auto_unless_the_spec_says_otherwise() {
        let policy = Policy {
            playouts: Playouts::Random,
            ..Policy::default()
        };
        let random = PlayerSpec::Mcts(Budget::Iterations(500), Exploration(None), policy);
        assert_eq!("mcts:500:playouts=random".parse(), Ok(random));
        assert_eq!("mcts:playouts = random:500".parse(), Ok(random));
        assert_eq!(random.to_string(), "mcts:500:playouts=random");
        let auto = "mcts:500:playouts=auto".parse::<PlayerSpec>();
        assert_eq!(auto.map(|s| s.to_string()), Ok("mcts:500".to_string()));
        for kind in ["decisive", "mast"] {
            let text = format!("mcts:500:playouts={kind}");
            let spec = text.parse::<PlayerSpec>();
            assert_eq!(spec.map(|s| s.to_string()), Ok(text));
        }
        refused(
            &[
                "mcts:playouts=heavy",
                "mcts:playouts=",
                "mcts:playouts=random:playouts=random",
            ],
            |e| matches!(e, PlayerSpecError::Playouts(_)),
            "playouts=random",
        );
        // The player says which it plays with.
        let player = make_player(&random, 1, 1).expect("an AI");
        assert_eq!(player.name(), "mcts:500:playouts=random");
    }

    #[test]
    fn rave_is_on_unless_the_spec_says_off() {
        let policy = Policy {
            rave: false,
            ..Policy::default()
        };
        let off = PlayerSpec::Mcts(Budget::Iterations(500), Exploration(None), policy);
        assert_eq!("mcts:rave=off:500".parse(), Ok(off));
        assert_eq!(off.to_string(), "mcts:500:rave=off");
        let on = "mcts:500:rave=on".parse::<PlayerSpec>();
        assert_eq!(on.map(|s| s.to_string()), Ok("mcts:500".to_string()));
        refused(
            &["mcts:rave=maybe", "mcts:rave=", "mcts:rave=off:rave=off"],
            |e| matches!(e, PlayerSpecError::Rave(_)),
            "rave=off",
        );
        let player = make_player(&off, 1, 1).expect("an AI");
        assert_eq!(player.name(), "mcts:500:rave=off");
    }

    #[test]
    fn one_tree_over_the_deals_is_off_unless_the_spec_says_on() {
        let policy = Policy {
            ismcts: true,
            ..Policy::default()
        };
        let on = PlayerSpec::Mcts(Budget::Iterations(500), Exploration(None), policy);
        assert_eq!("mcts:ismcts=on:500".parse(), Ok(on));
        assert_eq!(on.to_string(), "mcts:500:ismcts=on");
        let off = "mcts:500:ismcts=off".parse::<PlayerSpec>();
        assert_eq!(off.map(|s| s.to_string()), Ok("mcts:500".to_string()));
        refused(
            &["mcts:ismcts=1", "mcts:ismcts=", "mcts:ismcts=on:ismcts=off"],
            |e| matches!(e, PlayerSpecError::Ismcts(_)),
            "ismcts=on",
        );
        let player = make_player(&on, 1, 1).expect("an AI");
        assert_eq!(player.name(), "mcts:500:ismcts=on");
    }

    /// Each of `texts` is refused with an error of the `kind` whose
    /// message shows `example`.
    fn refused(texts: &[&str], kind: fn(&PlayerSpecError) -> bool, example: &str) {
        for text in texts {
            let err = text.parse::<PlayerSpec>().unwrap_err();
            assert!(kind(&err), "{text}: {err:?}");
            assert!(err.to_string().contains(example), "{err}");
        }
    }
}
