//! `tabula engine` driven as another program drives it: JSON requests a
//! line on its standard input, a JSON reply a line on its standard output.
//! A whole game of every shipped rules file, and the error replies, each
//! of which leaves the game as it was.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{json, Value};

/// A running `tabula engine`.
struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    /// `tabula engine rules/NAME ARGS`, run in the package root.
    fn start(name: &str, args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .arg("engine")
            .arg(format!("rules/{name}"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("tabula runs");
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        Engine {
            child,
            input,
            output,
        }
    }

    /// Sends one line; returns the reply line, parsed.
    fn send(&mut self, line: &str) -> Value {
        writeln!(self.input, "{line}").expect("the engine reads");
        self.input.flush().expect("the engine reads");
        self.reply()
    }

    /// The next reply line, parsed.
    fn reply(&mut self) -> Value {
        let mut reply = String::new();
        self.output.read_line(&mut reply).expect("a reply");
        assert!(reply.ends_with('\n'), "no whole reply line: {reply:?}");
        serde_json::from_str(&reply).unwrap_or_else(|e| panic!("not JSON ({e}): {reply}"))
    }

    /// Sends a request, which must succeed; its reply.
    fn ok(&mut self, request: Value) -> Value {
        let reply = self.send(&request.to_string());
        assert_eq!(reply["ok"], true, "{request} was refused: {reply}");
        reply
    }

    /// Sends a line, which must be refused; the error message.
    fn refused(&mut self, line: &str) -> String {
        let reply = self.send(line);
        assert_eq!(reply["ok"], false, "{line} was accepted: {reply}");
        reply["error"]
            .as_str()
            .expect("an error message")
            .to_string()
    }

    /// Closes the input; the exit status and standard error.
    fn finish(mut self) -> (Option<i32>, String) {
        drop(self.input);
        let mut rest = String::new();
        let _ = std::io::Read::read_to_string(&mut self.output, &mut rest);
        assert!(rest.is_empty(), "replies after the end: {rest}");
        let out = self.child.wait_with_output().expect("the engine ends");
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(!stderr.contains("panicked"), "{stderr}");
        (out.status.code(), stderr)
    }
}

/// The shipped rules files' names.
fn shipped() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("rules/")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".game"))
        .collect();
    names.sort();
    names
}

/// Plays a game of `name` to its end: a move drawn from the `moves` list
/// (by a fixed sequence), or every ninth move the AI's, at 4 iterations.
/// Returns the moves played.
fn whole_game(name: &str) -> usize {
    let mut engine = Engine::start(name, &["--seed", "7"]);
    let start = engine.ok(json!({"request": "position"}));
    assert!(!start["board"].as_str().unwrap().is_empty(), "{name}");
    let mut draw: u64 = 0x2545_f491_4f6c_dd1d;
    let mut played = 0;
    loop {
        let listed = engine.ok(json!({"request": "moves"}));
        if listed["over"] == true {
            break;
        }
        let moves = listed["moves"].as_array().expect("a list of moves");
        assert!(
            !moves.is_empty(),
            "{name}: stuck at turn {}",
            listed["turn"]
        );
        let chosen = if played % 9 == 8 {
            let go = engine.ok(json!({"request": "go", "iterations": 4}));
            assert!(moves.contains(&go["move"]), "{name}: {go}");
            assert_eq!(go["pv"][0], go["move"], "{name}");
            go["move"].clone()
        } else {
            draw ^= draw << 13;
            draw ^= draw >> 7;
            draw ^= draw << 17;
            moves[(draw % moves.len() as u64) as usize].clone()
        };
        let reply = engine.ok(json!({"request": "play", "move": chosen}));
        assert_eq!(reply["move"], chosen, "{name}: a move is written as listed");
        played += 1;
        assert!(played < 5_000, "{name}: no end after {played} moves");
    }
    let result = engine.ok(json!({"request": "result"}));
    assert_eq!(result["over"], true, "{name}: {result}");
    assert!(result["result"].is_string(), "{name}: {result}");
    assert_eq!(result["moves_played"], played, "{name}");
    let refused = engine.refused(r#"{"request":"go","iterations":5}"#);
    assert!(refused.starts_with("the game is over"), "{name}: {refused}");
    let (code, stderr) = engine.finish();
    assert_eq!(code, Some(0), "{name}: {stderr}");
    played
}

#[test]
fn every_shipped_game_is_played_to_its_end() {
    let games: Vec<_> = shipped()
        .into_iter()
        .map(|name| std::thread::spawn(move || (whole_game(&name), name)))
        .collect();
    for game in games {
        let (moves, name) = game.join().expect("a game thread");
        assert!(moves > 0, "{name}");
    }
}

#[test]
fn errors_are_replies_and_change_nothing() {
    let mut engine = Engine::start("tic-tac-toe.game", &["--seed", "1"]);
    engine.ok(json!({"request": "play", "move": "b2"}));
    let before = engine.ok(json!({"request": "position"}));
    let cases = [
        ("this is not JSON", "not a JSON object"),
        ("[1, 2]", "a request is a JSON object"),
        (r#"{"request":"fly"}"#, "unknown request `fly`"),
        (r#"{"move":"a1"}"#, "no `request` field"),
        (r#"{"request":"play","move":"b2"}"#, "b2 is taken (by X)"),
        (r#"{"request":"play","move":"z9"}"#, "`z9` is not a cell"),
        (r#"{"request":"play","mvoe":"a1"}"#, "no field `mvoe`"),
        (r#"{"request":"go","iterations":0}"#, "from 1 to"),
        (r#"{"request":"go","c":0}"#, "`c` must be a number above 0"),
        (
            r#"{"request":"go","playouts":"heavy"}"#,
            "`playouts` must be \"auto\", \"decisive\", \"mast\" or \"random\"",
        ),
        (
            r#"{"request":"new","options":{"size":4}}"#,
            "unknown option `size`",
        ),
        (r#"{"request":"position","seat":"Z"}"#, "no seat `Z`"),
    ];
    for (line, said) in cases {
        let error = engine.refused(line);
        assert!(error.contains(said), "{line}: {error}");
        assert_eq!(engine.ok(json!({"request": "position"})), before, "{line}");
    }
    // A blank line is no request and has no reply; the next one has.
    writeln!(engine.input).unwrap();
    assert_eq!(engine.ok(json!({"request": "moves"}))["to_move"], "O");
    let (code, _) = engine.finish();
    assert_eq!(code, Some(0));
}

#[test]
fn options_that_do_not_fit_change_nothing() {
    let mut engine = Engine::start("hex.game", &["--set", "size=5", "--seed", "3"]);
    let before = engine.ok(json!({"request": "position"}));
    let error = engine.refused(r#"{"request":"new","options":{"size":99}}"#);
    assert_eq!(
        error,
        "option `size` = 99 is outside its range 2..19 (E0009); help: choose a value from 2 to 19"
    );
    assert_eq!(engine.ok(json!({"request": "position"})), before);
    assert_eq!(
        engine.ok(json!({"request": "moves"}))["moves"]
            .as_array()
            .unwrap()
            .len(),
        25
    );
    let new = engine.ok(json!({"request": "new", "options": {"size": 3}, "seed": 4}));
    assert_eq!(new["options"], json!({"size": 3}));
    assert_eq!(new["seed"], 4);
    assert_eq!(
        engine.ok(json!({"request": "moves"}))["moves"]
            .as_array()
            .unwrap()
            .len(),
        9
    );
    // `new` without options keeps the ones in force.
    engine.ok(json!({"request": "new"}));
    assert_eq!(
        engine.ok(json!({"request": "moves"}))["moves"]
            .as_array()
            .unwrap()
            .len(),
        9
    );
}

#[test]
fn undo_takes_back_one_move_and_not_past_the_start() {
    let mut engine = Engine::start("tic-tac-toe.game", &[]);
    let start = engine.ok(json!({"request": "position"}));
    let error = engine.refused(r#"{"request":"undo"}"#);
    assert!(error.starts_with("nothing to undo"), "{error}");
    assert_eq!(engine.ok(json!({"request": "position"})), start);
    engine.ok(json!({"request": "play", "move": "a1"}));
    let undone = engine.ok(json!({"request": "undo"}));
    assert_eq!(undone["undone"], "a1");
    assert_eq!(undone["to_move"], "X");
    assert_eq!(engine.ok(json!({"request": "position"})), start);
}

#[test]
fn a_finished_game_refuses_moves_and_searches_until_undone() {
    let mut engine = Engine::start("tic-tac-toe.game", &[]);
    for m in ["b2", "a1", "c3", "a3", "a2", "c1", "b1", "b3"] {
        engine.ok(json!({"request": "play", "move": m}));
    }
    let last = engine.ok(json!({"request": "play", "move": "c2"}));
    assert_eq!(
        (last["over"].clone(), last["result"].clone()),
        (json!(true), json!("X wins"))
    );
    assert_eq!(last["to_move"], Value::Null);
    for line in [r#"{"request":"go"}"#, r#"{"request":"play","move":"a1"}"#] {
        let error = engine.refused(line);
        assert!(error.starts_with("the game is over (X wins)"), "{error}");
    }
    let result = engine.ok(json!({"request": "result"}));
    assert_eq!(result["winners"], json!(["X"]));
    assert!(
        result["ending"].as_str().unwrap().contains("3 in a row"),
        "{result}"
    );
    assert_eq!(engine.ok(json!({"request": "moves"}))["moves"], json!([]));
    engine.ok(json!({"request": "undo"}));
    assert_eq!(
        engine.ok(json!({"request": "go", "iterations": 500}))["move"],
        "c2"
    );
}

#[test]
fn go_searches_with_the_exploration_constant_asked_for() {
    let mut engine = Engine::start("tic-tac-toe.game", &["--seed", "4"]);
    let visits = |engine: &mut Engine, c: f64| {
        let go = engine.ok(json!({"request": "go", "iterations": 2000, "c": c}));
        go["visits"].as_u64().unwrap()
    };
    // A small constant spends the search on the best move; a large one
    // spreads it over all nine.
    let (narrow, wide) = (visits(&mut engine, 0.1), visits(&mut engine, 20.0));
    assert!(narrow > 2 * wide, "c=0.1: {narrow} visits, c=20: {wide}");
}

#[test]
fn go_gives_the_move_its_visits_value_and_line() {
    let mut engine = Engine::start("tic-tac-toe.game", &["--seed", "2"]);
    for m in ["a1", "a2", "b1", "b2"] {
        engine.ok(json!({"request": "play", "move": m}));
    }
    let go = engine.ok(json!({"request": "go", "iterations": 2000, "id": 17}));
    assert_eq!(go["id"], 17);
    assert_eq!(go["move"], "c1", "X takes the win: {go}");
    assert_eq!(go["value"], 1.0, "{go}");
    // The win is proven as soon as it is seen: the search stops there.
    assert_eq!(go["proven"], "win", "{go}");
    assert!(go["iterations"].as_u64().unwrap() < 2000, "{go}");
    assert!(go["visits"].as_u64().unwrap() >= 1, "{go}");
    assert_eq!(go["pv"], json!(["c1"]), "the game ends there: {go}");
    // The same seed, the same search; a move is not played by `go`.
    let mut again = Engine::start("tic-tac-toe.game", &["--seed", "2"]);
    let first = engine.ok(json!({"request": "new", "seed": 9}));
    let other = again.ok(json!({"request": "new", "seed": 9}));
    assert_eq!(first, other);
    let a = engine.ok(json!({"request": "go", "iterations": 300}));
    let b = again.ok(json!({"request": "go", "iterations": 300}));
    assert_eq!(
        (&a["move"], &a["pv"], &a["visits"]),
        (&b["move"], &b["pv"], &b["visits"])
    );
    assert_eq!(
        engine.ok(json!({"request": "position"}))["played"],
        json!([])
    );
    // Each move of the line is legal after the ones before it.
    for m in a["pv"].as_array().unwrap() {
        engine.ok(json!({"request": "play", "move": m}));
    }
}

#[test]
fn dice_are_shown_and_thrown_by_the_engine() {
    let mut engine = Engine::start("backgammon.game", &["--seed", "5"]);
    let position = engine.ok(json!({"request": "position"}));
    let dice = position["dice"].as_array().expect("the dice").clone();
    assert_eq!(dice.len(), 2, "{position}");
    assert!(
        position["status"].as_str().unwrap().contains("thrown"),
        "{position}"
    );
    let go = engine.ok(json!({"request": "go", "iterations": 50}));
    assert_eq!(go["pv"], json!([go["move"]]), "chance comes next: {go}");
    let played = engine.ok(json!({"request": "play", "move": go["move"]}));
    assert_eq!(played["dice"].as_array().map(Vec::len), Some(2), "{played}");
    // The same seed throws the same dice.
    let mut again = Engine::start("backgammon.game", &["--seed", "5"]);
    let replayed = again.ok(json!({"request": "play", "move": go["move"]}));
    assert_eq!(replayed["dice"], played["dice"]);
}

#[test]
fn a_seat_sees_its_own_hand_only() {
    let mut engine = Engine::start("just-4-fun.game", &["--seed", "3"]);
    let new = engine.ok(json!({"request": "new", "seed": 3}));
    assert!(new.get("seed").is_none(), "the seed tells the deal: {new}");
    let mine = engine.ok(json!({"request": "position"}));
    let theirs = engine.ok(json!({"request": "position", "seat": "Red"}));
    let mover = mine["seat"].as_str().unwrap().to_string();
    let hand = |p: &Value| p["hand"].as_array().unwrap().len();
    assert_eq!((hand(&mine), hand(&theirs)), (4, 4), "{mine}\n{theirs}");
    // The status shows the hand of the seat asked for, not the other's.
    let mine_cards: Vec<String> = mine["hand"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    assert!(
        mine["status"]
            .as_str()
            .unwrap()
            .contains(&mine_cards.join(" ")),
        "{mine}"
    );
    assert!(["Yellow", "Red"].contains(&mover.as_str()));
    let go = engine.ok(json!({"request": "go", "iterations": 100}));
    assert_eq!(
        go["pv"],
        json!([go["move"]]),
        "one move: deals were guessed"
    );
}

#[test]
fn bad_lines_long_lines_and_the_end_of_input() {
    let mut engine = Engine::start("tic-tac-toe.game", &[]);
    let long = format!(r#"{{"request":"play","move":"{}"}}"#, "a".repeat(2 << 20));
    let error = engine.refused(&long);
    assert!(error.contains("at most"), "{error}");
    // A line of UTF-8 that is not JSON, then a line that is not UTF-8.
    writeln!(engine.input, "\u{ff}").unwrap();
    engine.input.write_all(b"\xff\xfe\n").unwrap();
    engine.input.flush().unwrap();
    assert_eq!(engine.reply()["ok"], false);
    let reply = engine.reply();
    assert!(
        reply["error"].as_str().unwrap().contains("UTF-8"),
        "{reply}"
    );
    assert_eq!(
        engine.ok(json!({"request": "moves"}))["moves"]
            .as_array()
            .unwrap()
            .len(),
        9
    );
    let (code, _) = engine.finish();
    assert_eq!(code, Some(0), "the end of input ends the engine cleanly");
    // `quit` is answered, and nothing after it is read.
    let mut engine = Engine::start("tic-tac-toe.game", &[]);
    writeln!(
        engine.input,
        "{}\n{}",
        json!({"request": "quit"}),
        json!({"request": "moves"})
    )
    .unwrap();
    engine.input.flush().unwrap();
    assert_eq!(engine.reply(), json!({"ok": true}));
    let (code, _) = engine.finish();
    assert_eq!(code, Some(0));
}

#[test]
fn a_rules_file_with_errors_is_refused_before_any_request() {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["engine", "no/such.game"])
        .stdin(Stdio::null())
        .output()
        .expect("tabula runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}
