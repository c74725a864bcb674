//! The editor's messages read off a byte stream, whatever it sends. A
//! message is headers (`Content-Length: N`), a blank line and N bytes of
//! JSON; input that is not one (a header missing or garbled, a body that is
//! not JSON or not a JSON-RPC message, bytes that are not UTF-8) is
//! answered with a JSON-RPC error and reading goes on at the next
//! `Content-Length` header. A body larger than [`MAX_MESSAGE`] is refused
//! before it is read and skipped without being kept.

use std::io::{self, BufRead, Read, Write};

use lsp_server::{ErrorCode, Message};
use serde_json::{json, Value};

/// The largest message read: a document of 4 MiB (the most that is
/// checked), written as a JSON string, with room for its escapes.
pub const MAX_MESSAGE: u64 = 16 << 20;

/// The longest header line kept; the rest of a longer one is garbage.
const MAX_HEADER_LINE: u64 = 4096;

/// What came in: a message, or an error response that answers bad input.
#[derive(Debug)]
pub enum Incoming {
    /// A message to answer.
    Message(Message),
    /// The error response to send for bad input.
    Bad(Value),
}

/// Reads messages from `input` and hands each to `send` until the input
/// ends, a read fails or `send` says to stop.
pub fn pump(input: &mut impl BufRead, send: &mut impl FnMut(Incoming) -> bool) {
    while let Ok(true) = read_one(input, send) {}
}

/// The headers of one message: its length, if one was given, and whether
/// anything but headers came before the blank line.
struct Headers {
    length: Option<Result<u64, String>>,
    garbage: bool,
}

/// Reads one message (or one piece of bad input); `Ok(false)` at the end.
fn read_one(input: &mut impl BufRead, send: &mut impl FnMut(Incoming) -> bool) -> io::Result<bool> {
    let Some(headers) = read_headers(input)? else {
        return Ok(false);
    };
    let length = match headers.length {
        None => return Ok(send(Incoming::Bad(parse_error("no Content-Length header")))),
        Some(Err(value)) => {
            let why = format!("the Content-Length `{value}` is not a number of bytes");
            return Ok(send(Incoming::Bad(parse_error(&why))));
        }
        Some(Ok(length)) => length,
    };
    // Garbage before a good header: answered, and the message still read.
    if headers.garbage && !send(Incoming::Bad(parse_error("input that is not a header"))) {
        return Ok(false);
    }
    if length > MAX_MESSAGE {
        let why = format!(
            "a message of {length} bytes is larger than the {} MiB tabula lsp reads",
            MAX_MESSAGE >> 20
        );
        let more = send(Incoming::Bad(error(
            Value::Null,
            ErrorCode::InvalidRequest,
            &why,
        )));
        // Skipped as it streams past, so that the next message is found.
        io::copy(&mut input.take(length), &mut io::sink())?;
        return Ok(more);
    }
    let mut body = Vec::new();
    input.take(length).read_to_end(&mut body)?;
    if (body.len() as u64) < length {
        return Ok(false);
    }
    Ok(send(message(&body)))
}

/// Reads header lines up to a blank line; `None` at the end of the input.
fn read_headers(input: &mut impl BufRead) -> io::Result<Option<Headers>> {
    let mut headers = Headers {
        length: None,
        garbage: false,
    };
    let mut any = false;
    loop {
        let mut line = Vec::new();
        if input.take(MAX_HEADER_LINE).read_until(b'\n', &mut line)? == 0 {
            return Ok(None);
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() && line.ends_with(b"\n") {
            // Blank lines before the headers are passed over.
            if any {
                return Ok(Some(headers));
            }
            continue;
        }
        any = true;
        // The header may follow garbage on its line (the rest of a body
        // longer than its Content-Length said).
        let lower = text.to_ascii_lowercase();
        if let Some(at) = lower.find("content-length:") {
            headers.garbage |= at > 0;
            let value = text[at + "content-length:".len()..].trim();
            headers.length = Some(value.parse().map_err(|_| value.to_string()));
        } else if !is_header(text) {
            headers.garbage = true;
        }
    }
}

/// Whether `line` reads as a header, `Name: value` (`Content-Type`).
fn is_header(line: &str) -> bool {
    line.split_once(':').is_some_and(|(name, _)| {
        !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
    })
}

/// A body read as a message, or the error that answers it.
fn message(body: &[u8]) -> Incoming {
    let value: Value = match serde_json::from_slice(body) {
        Ok(value) => value,
        Err(e) => return Incoming::Bad(parse_error(&format!("the message is not JSON: {e}"))),
    };
    let id = match value.get("id") {
        Some(id @ (Value::Number(_) | Value::String(_))) => id.clone(),
        _ => Value::Null,
    };
    match serde_json::from_value(value) {
        Ok(message) => Incoming::Message(message),
        Err(e) => {
            let why = format!("the message is not a JSON-RPC request or notification: {e}");
            Incoming::Bad(error(id, ErrorCode::InvalidRequest, &why))
        }
    }
}

fn parse_error(why: &str) -> Value {
    error(Value::Null, ErrorCode::ParseError, why)
}

/// A JSON-RPC error response (`id` null where the request's is unknown).
pub fn error(id: Value, code: ErrorCode, why: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code as i32, "message": why}})
}

/// Writes one message with its header.
pub fn write(output: &mut impl Write, message: &Value) -> io::Result<()> {
    let body = message.to_string();
    write!(output, "Content-Length: {}\r\n\r\n{body}", body.len())?;
    output.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(input: &[u8]) -> Vec<Incoming> {
        let mut found = Vec::new();
        pump(&mut &input[..], &mut |i| {
            found.push(i);
            true
        });
        found
    }

    fn code(i: &Incoming) -> Option<i64> {
        match i {
            Incoming::Bad(v) => v["error"]["code"].as_i64(),
            Incoming::Message(_) => None,
        }
    }

    #[test]
    fn bad_input_is_answered_and_the_next_message_is_read() {
        let good = r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#;
        let framed = |body: &str| format!("Content-Length: {}\r\n\r\n{body}", body.len());
        let mut input = framed("{not json").into_bytes();
        input.extend(b"Content-Length: 5\r\n\r\n\"\xff\xfe\"\n");
        input.extend(framed(r#"{"jsonrpc":"2.0","id":7}x"#).into_bytes());
        input.extend(b"Content-Length: lots\r\n\r\nnoise\r\n");
        input.extend(b"Content-Length: 99999999999999\r\n\r\n");
        let found = read_all(&input);
        let codes: Vec<Option<i64>> = found.iter().map(code).collect();
        assert_eq!(
            codes,
            [
                Some(-32700),
                Some(-32700),
                Some(-32700),
                Some(-32700),
                Some(-32700),
                Some(-32600)
            ]
        );
        // After all that, a good message is still read.
        input.truncate(input.len() - "Content-Length: 99999999999999\r\n\r\n".len());
        input.extend(framed(good).into_bytes());
        assert!(matches!(found_last(&input), Incoming::Message(_)));
    }

    fn found_last(input: &[u8]) -> Incoming {
        read_all(input).pop().expect("something read")
    }
}
