//! Reading a request line of `tabula engine`: one JSON object, its
//! `request` naming what to do and its other fields the arguments. Every
//! mistake (not JSON, an unknown request or field, a value of the wrong
//! kind) is a message for the error reply, never a panic.

use serde_json::{Map, Value};

use crate::ai::{Budget, Exploration, Playouts, Policy};

/// The most iterations one `go` may ask for: each adds a node to the tree
/// (about 60 bytes), so this bounds the memory a search takes.
pub const MAX_ITERATIONS: u64 = 10_000_000;

/// The longest `go` may think, in milliseconds (ten minutes): the engine
/// reads no request while it thinks.
pub const MAX_MILLIS: u64 = 600_000;

/// Iterations of a `go` that names no budget.
pub const DEFAULT_ITERATIONS: u32 = 1_000;

/// A request, its arguments read and checked.
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    /// A new game: with these options (`None`: the options in force) and
    /// this seed (`None`: one drawn from the system's entropy).
    New {
        /// Option name and value, as `--set NAME=VALUE`.
        options: Option<Vec<(String, i64)>>,
        /// The seed of the game's chance and of the AI.
        seed: Option<u64>,
    },
    /// Play a move, typed as `tabula play` reads it.
    Play(String),
    /// The legal moves.
    Moves,
    /// What a seat sees (`None`: the seat to move).
    Position(Option<String>),
    /// The AI's move for the seat to move, within this budget, with this
    /// exploration constant and this policy.
    Go(Budget, Exploration, Policy),
    /// Take back the last move.
    Undo,
    /// Whether the game is over, and how it ended.
    Result,
    /// Stop the engine.
    Quit,
}

/// The requests and the fields each takes, besides `request` and `id`.
const REQUESTS: [(&str, &[&str]); 8] = [
    ("new", &["options", "seed"]),
    ("play", &["move"]),
    ("moves", &[]),
    ("position", &["seat"]),
    (
        "go",
        &["iterations", "time_ms", "c", "playouts", "rave", "ismcts"],
    ),
    ("undo", &[]),
    ("result", &[]),
    ("quit", &[]),
];

/// A line read: the `id` it carries (echoed in the reply) and the request
/// or why it was refused.
pub struct Line {
    /// The request's `id`, any JSON value, if it has one.
    pub id: Option<Value>,
    /// The request, or the message of the error reply.
    pub request: Result<Request, String>,
}

/// Reads one request line.
pub fn parse(text: &str) -> Line {
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            return Line {
                id: None,
                request: Err(format!(
                    "not a JSON object: {e}; a request is one JSON object a line, such as \
                     {{\"request\":\"moves\"}}"
                )),
            }
        }
    };
    let Value::Object(fields) = value else {
        return Line {
            id: None,
            request: Err(
                "a request is a JSON object such as {\"request\":\"moves\"}, not another JSON value"
                    .to_string(),
            ),
        };
    };
    Line {
        id: fields.get("id").cloned(),
        request: request(&fields),
    }
}

/// The request the fields of an object make.
fn request(fields: &Map<String, Value>) -> Result<Request, String> {
    let names = || {
        let names: Vec<&str> = REQUESTS.iter().map(|(n, _)| *n).collect();
        names.join(", ")
    };
    let name = match fields.get("request") {
        Some(Value::String(name)) => name.as_str(),
        Some(_) => return Err(format!("`request` must be a string: one of {}", names())),
        None => return Err(format!("no `request` field: it names one of {}", names())),
    };
    let Some((name, allowed)) = REQUESTS.iter().find(|(n, _)| *n == name) else {
        return Err(format!(
            "unknown request `{}`: the requests are {}",
            crate::report::printable(name),
            names()
        ));
    };
    if let Some(unknown) = fields
        .keys()
        .find(|k| *k != "request" && *k != "id" && !allowed.contains(&k.as_str()))
    {
        let takes = match allowed {
            [] => "takes no other field".to_string(),
            _ => format!("takes {}", allowed.join(", ")),
        };
        return Err(format!(
            "`{name}` has no field `{}`: it {takes} (and `id`)",
            crate::report::printable(unknown)
        ));
    }
    match *name {
        "new" => Ok(Request::New {
            options: fields.get("options").map(options).transpose()?,
            seed: fields.get("seed").map(seed).transpose()?,
        }),
        "play" => match fields.get("move") {
            Some(Value::String(text)) => Ok(Request::Play(text.clone())),
            Some(_) => Err("`move` must be a string, the move as `tabula play` reads it".into()),
            None => {
                Err("`play` needs a `move`, such as {\"request\":\"play\",\"move\":\"b2\"}".into())
            }
        },
        "moves" => Ok(Request::Moves),
        "position" => match fields.get("seat") {
            None | Some(Value::Null) => Ok(Request::Position(None)),
            Some(Value::String(seat)) => Ok(Request::Position(Some(seat.clone()))),
            Some(_) => Err("`seat` must be a seat's name, a string".into()),
        },
        "go" => Ok(Request::Go(
            budget(fields.get("iterations"), fields.get("time_ms"))?,
            exploration(fields.get("c"))?,
            Policy {
                playouts: playouts(fields.get("playouts"))?,
                rave: switch(fields.get("rave"), "rave", Policy::default().rave)?,
                ismcts: switch(fields.get("ismcts"), "ismcts", Policy::default().ismcts)?,
            },
        )),
        "undo" => Ok(Request::Undo),
        "result" => Ok(Request::Result),
        _ => Ok(Request::Quit),
    }
}

/// `options`: an object of option names and whole-number values.
fn options(value: &Value) -> Result<Vec<(String, i64)>, String> {
    let Value::Object(map) = value else {
        return Err(
            "`options` must be an object of names and whole numbers, such as {\"size\":5}".into(),
        );
    };
    map.iter()
        .map(|(name, value)| match value.as_i64() {
            Some(n) => Ok((name.clone(), n)),
            None => Err(format!(
                "option `{}`: its value must be a whole number, not {value}",
                crate::report::printable(name)
            )),
        })
        .collect()
}

/// `seed`: a whole number from 0 to 2^64 - 1.
fn seed(value: &Value) -> Result<u64, String> {
    value
        .as_u64()
        .ok_or_else(|| format!("`seed` must be a whole number from 0 to 2^64 - 1, not {value}"))
}

/// The budget of a `go`: `iterations` or `time_ms`, not both; neither is
/// [`DEFAULT_ITERATIONS`].
fn budget(iterations: Option<&Value>, millis: Option<&Value>) -> Result<Budget, String> {
    let number = |field: &str, value: &Value, max: u64| match value.as_u64() {
        Some(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "`{field}` must be a whole number from 1 to {max}, not {value}"
        )),
    };
    match (iterations, millis) {
        (Some(_), Some(_)) => Err("`go` takes `iterations` or `time_ms`, not both".into()),
        (Some(n), None) => Ok(Budget::Iterations(
            number("iterations", n, MAX_ITERATIONS)? as u32
        )),
        (None, Some(ms)) => Ok(Budget::Millis(number("time_ms", ms, MAX_MILLIS)?)),
        (None, None) => Ok(Budget::Iterations(DEFAULT_ITERATIONS)),
    }
}

/// `c`: the exploration constant of one `go`, above 0 and at most 100, as
/// in a player spec (`mcts:5000:c=0.7`); absent, the default.
fn exploration(value: Option<&Value>) -> Result<Exploration, String> {
    let Some(value) = value else {
        return Ok(Exploration(None));
    };
    value
        .as_f64()
        .and_then(|c| crate::ai::parse_exploration(&c.to_string()))
        .map(|c| Exploration(Some(c)))
        .ok_or_else(|| format!("`c` must be a number above 0 and at most 100, not {value}"))
}

/// `playouts`: "auto", "decisive", "mast" or "random", as in a player spec
/// (`mcts:5000:playouts=random`); absent, the default.
fn playouts(value: Option<&Value>) -> Result<Playouts, String> {
    match value {
        None => Ok(Playouts::default()),
        Some(Value::String(word)) => Playouts::named(word).ok_or(()),
        Some(_) => Err(()),
    }
    .map_err(|()| {
        format!(
            "`playouts` must be \"auto\", \"decisive\", \"mast\" or \"random\", not {}",
            value.map_or(Value::Null, Value::clone)
        )
    })
}

/// A switch of the search (`rave`, `ismcts`): true or false, as in a
/// player spec (`mcts:5000:rave=off`); absent, its default.
fn switch(value: Option<&Value>, name: &str, default: bool) -> Result<bool, String> {
    match value {
        None => Ok(default),
        Some(Value::Bool(on)) => Ok(*on),
        Some(other) => Err(format!("`{name}` must be true or false, not {other}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(text: &str) -> String {
        parse(text).request.expect_err(text)
    }

    #[test]
    fn requests_are_read_with_their_arguments() {
        let line = parse(r#"{"request":"go","iterations":50,"id":7}"#);
        assert_eq!(line.id, Some(Value::from(7)));
        assert_eq!(
            line.request,
            Ok(Request::Go(
                Budget::Iterations(50),
                Exploration(None),
                Policy::default()
            ))
        );
        assert_eq!(
            parse(r#"{"request":"go","iterations":50,"c":0.7,"playouts":"random","rave":false,"ismcts":false}"#)
                .request,
            Ok(Request::Go(
                Budget::Iterations(50),
                Exploration(Some(700)),
                Policy {
                    playouts: Playouts::Random,
                    rave: false,
                    ismcts: false,
                }
            ))
        );
        assert_eq!(
            parse(r#"{"request":"new","options":{"size":5},"seed":3}"#).request,
            Ok(Request::New {
                options: Some(vec![("size".into(), 5)]),
                seed: Some(3)
            })
        );
        assert_eq!(
            parse(r#"{"request":"go","time_ms":20}"#).request,
            Ok(Request::Go(
                Budget::Millis(20),
                Exploration(None),
                Policy::default()
            ))
        );
        assert_eq!(
            parse(r#"{"request":"play","move":"e2-e4"}"#).request,
            Ok(Request::Play("e2-e4".into()))
        );
    }

    #[test]
    fn mistakes_are_said() {
        assert!(refused("{").starts_with("not a JSON object"));
        assert!(refused("[1]").contains("not another JSON value"));
        assert!(refused(r#"{"request":"fly"}"#).starts_with("unknown request `fly`"));
        assert!(refused(r#"{"move":"b2"}"#).starts_with("no `request` field"));
        assert!(refused(r#"{"request":"go","iteration":5}"#).contains("no field `iteration`"));
        assert!(refused(r#"{"request":"go","iterations":0}"#).contains("from 1 to"));
        assert!(refused(r#"{"request":"go","iterations":5,"time_ms":5}"#).contains("not both"));
        for c in ["0", "-1", "101", "\"big\""] {
            let line = format!(r#"{{"request":"go","c":{c}}}"#);
            assert!(refused(&line).starts_with("`c` must be a number above 0"));
        }
        for p in ["\"heavy\"", "1", "null"] {
            let line = format!(r#"{{"request":"go","playouts":{p}}}"#);
            assert!(refused(&line)
                .starts_with("`playouts` must be \"auto\", \"decisive\", \"mast\" or \"random\""));
        }
        assert!(
            refused(r#"{"request":"go","rave":"off"}"#).starts_with("`rave` must be true or false")
        );
        assert!(
            refused(r#"{"request":"go","ismcts":1}"#).starts_with("`ismcts` must be true or false")
        );
        assert!(refused(r#"{"request":"new","seed":-1}"#).contains("`seed`"));
        assert!(refused(r#"{"request":"new","options":{"size":"big"}}"#).contains("whole number"));
        assert!(refused(r#"{"request":"play"}"#).contains("needs a `move`"));
    }
}
