//! `tabula engine`: Tabula's AI for other programs. Requests come one JSON
//! object a line on standard input, and each gets one JSON object a line
//! on standard output, `{"ok":true,...}` or `{"ok":false,"error":"..."}`;
//! a refused request changes nothing and the engine reads the next. The
//! protocol is described in docs/engine.md.

mod report;
mod request;
mod session;

use std::io::{BufRead, Read, Write};

use serde_json::Value;

use super::load::{load, parse_sets};
use super::Failure;
use report::{Fields, Refusal};
use request::Request;
use session::Session;

/// The longest request line read, in bytes; a longer one is refused whole.
const MAX_LINE: usize = 1 << 20;

/// Arguments of `tabula engine`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The rules file.
    pub file: String,
    /// Set an option of the first game: NAME=VALUE (repeatable); `new` may
    /// set others.
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    pub sets: Vec<String>,
    /// The seed of the first game's chance and of the AI (default: from
    /// the system's entropy); `new` may give another.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Threads `go` searches on, each growing a tree of its own (1 to 256;
    /// default 1, whose replies a seed repeats with `iterations`).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: u16,
}

/// Runs `tabula engine` until `quit` or the end of its input.
pub fn run(args: Args) -> Result<(), Failure> {
    let options = parse_sets(&args.sets)?;
    let loaded = load(Some(&args.file), &args.sets)?;
    let mut session = Session::new(
        loaded,
        options,
        args.seed.unwrap_or_else(rand::random),
        args.threads.into(),
    );
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut output = stdout.lock();
    let mut buffer = Vec::new();
    // An input that cannot be read any more ends the session, as its end does.
    while let Ok(Some(line)) = read_line(&mut input, &mut buffer) {
        let (id, reply, quit) = match line {
            Ok(text) if text.trim().is_empty() => continue,
            Ok(text) => {
                let line = request::parse(&text);
                let quit = line.request == Ok(Request::Quit);
                let reply = line.request.map_err(Refusal::from);
                (line.id, reply.and_then(|r| answer(&mut session, r)), quit)
            }
            Err(error) => (None, Err(Refusal::from(error)), false),
        };
        // Nobody reads the replies any more: the session is over.
        if writeln!(output, "{}", reply_text(id, reply))
            .and_then(|_| output.flush())
            .is_err()
            || quit
        {
            break;
        }
    }
    Ok(())
}

/// What a request does, and the fields of its reply.
fn answer(session: &mut Session, request: Request) -> Result<Fields, Refusal> {
    match request {
        Request::New { options, seed } => session.restart(options, seed),
        Request::Play(text) => session.play(&text),
        Request::Moves => report::moves(session),
        Request::Position(seat) => report::position(session, seat.as_deref()),
        Request::Go(budget, c, policy) => session.go(budget, c, policy),
        Request::Undo => session.undo(),
        Request::Result => Ok(report::result(session)),
        Request::Quit => Ok(Vec::new()),
    }
}

/// A reply on one line: `ok` first, then `id` if the request had one,
/// then the fields (or the error and its fields) in order.
fn reply_text(id: Option<Value>, reply: Result<Fields, Refusal>) -> String {
    let (ok, fields) = match reply {
        Ok(fields) => (true, fields),
        Err(refusal) => {
            let mut fields = vec![("error", Value::from(refusal.error))];
            fields.extend(refusal.more);
            (false, fields)
        }
    };
    let mut out = format!("{{\"ok\":{ok}");
    let id = id.map(|id| ("id", id));
    for (key, value) in id.into_iter().chain(fields) {
        out += &format!(",\"{key}\":{value}");
    }
    out.push('}');
    out
}

/// The next line of input without its line ending: `None` at the end of
/// the input, an error message for a line that is too long or not UTF-8
/// (the rest of a long line is skipped).
fn read_line(
    input: &mut impl BufRead,
    buffer: &mut Vec<u8>,
) -> std::io::Result<Option<Result<String, String>>> {
    buffer.clear();
    let read = Read::take(&mut *input, MAX_LINE as u64 + 1).read_until(b'\n', buffer)?;
    if read == 0 {
        return Ok(None);
    }
    if buffer.len() > MAX_LINE && buffer.last() != Some(&b'\n') {
        let mut rest = Vec::new();
        while Read::take(&mut *input, 1 << 16).read_until(b'\n', &mut rest)? > 0 {
            if rest.last() == Some(&b'\n') {
                break;
            }
            rest.clear();
        }
        return Ok(Some(Err(format!(
            "a request line may be at most {MAX_LINE} bytes long"
        ))));
    }
    while matches!(buffer.last(), Some(b'\n' | b'\r')) {
        buffer.pop();
    }
    Ok(Some(String::from_utf8(buffer.clone()).map_err(|_| {
        "a request line must be UTF-8 text".to_string()
    })))
}
