//! The stdio transport's front door: every line a client sends is checked
//! before rmcp sees it, so that a line rmcp would drop without a word gets
//! the JSON-RPC error the specification asks for, and the client is never
//! left waiting.
//!
//! | line | answer |
//! | --- | --- |
//! | not UTF-8, not JSON, nested deeper than serde_json's limit (128), over [`MAX_LINE`] | `-32700` parse error, `id: null` |
//! | JSON, but not a JSON-RPC 2.0 request, notification or response | `-32600` invalid request, with its `id` when it has a usable one |
//! | a request whose `params` are not an object | `-32602` invalid params |
//! | `tools/call` without a string `name`, with non-object `arguments`, or naming no tool of ours | `-32602` invalid params |
//! | `logging/setLevel` without a known `level`; `tools/list` with a `cursor` that is not a string | `-32602` invalid params |
//!
//! Everything else goes to rmcp unchanged. Both rmcp's output and these
//! errors reach stdout through one writer, a whole line at a time.

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

/// The longest line read: a command is refused over 1 MiB, so 16 MiB
/// holds any request we would serve, with room for escapes.
pub const MAX_LINE: usize = 16 * 1024 * 1024;

/// The tools a `tools/call` may name (their aliases too:
/// [`shellward_exec::input::Tool::from_name`]).
const TOOLS: [&str; 3] = ["Bash", "TaskOutput", "TaskStop"];

/// A JSON-RPC error line.
fn error(id: &Value, code: i64, message: &str) -> String {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}}).to_string()
}

/// The error for one line, if it must not reach rmcp.
pub fn check(line: &[u8]) -> Option<String> {
    let Ok(text) = std::str::from_utf8(line) else {
        return Some(error(
            &Value::Null,
            -32700,
            "Parse error: the message is not UTF-8",
        ));
    };
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return Some(error(&Value::Null, -32700, &format!("Parse error: {e}"))),
    };
    let Value::Object(message) = &value else {
        // Batches were removed from MCP (2025-06-18).
        return Some(error(
            &Value::Null,
            -32600,
            "Invalid request: expected one JSON-RPC object",
        ));
    };
    // An id we may echo: a string or a number (null when there is none).
    let id = match message.get("id") {
        Some(id @ (Value::String(_) | Value::Number(_))) => id.clone(),
        _ => Value::Null,
    };
    if message.get("jsonrpc") != Some(&json!("2.0")) {
        return Some(error(
            &id,
            -32600,
            "Invalid request: `jsonrpc` must be \"2.0\"",
        ));
    }
    let is_response = message.contains_key("result") || message.contains_key("error");
    let method = match message.get("method") {
        Some(Value::String(m)) => m.as_str(),
        Some(_) => {
            return Some(error(
                &id,
                -32600,
                "Invalid request: `method` must be a string",
            ));
        }
        None if is_response => return None,
        None => return Some(error(&id, -32600, "Invalid request: no `method`")),
    };
    if let Some(bad) = message
        .get("id")
        .filter(|i| !matches!(i, Value::String(_) | Value::Number(_)))
    {
        return Some(error(
            &Value::Null,
            -32600,
            &format!("Invalid request: `id` must be a string or a number, not {bad}"),
        ));
    }
    let notification = !message.contains_key("id");
    let params = message.get("params");
    let invalid = invalid_params(method, params)?;
    // A notification gets no answer, even an error (JSON-RPC 2.0, 4.1);
    // it is dropped here rather than left for rmcp to misread.
    if notification {
        return Some(String::new());
    }
    Some(error(&id, -32602, &format!("Invalid params: {invalid}")))
}

/// What is wrong with a method's `params`, if anything.
fn invalid_params(method: &str, params: Option<&Value>) -> Option<String> {
    match params {
        None | Some(Value::Object(_)) => {}
        Some(other) => return Some(format!("`params` must be an object, not {}", kind(other))),
    }
    match method {
        "tools/call" => tools_call_params(params),
        "logging/setLevel" => {
            const LEVELS: [&str; 8] = [
                "debug",
                "info",
                "notice",
                "warning",
                "error",
                "critical",
                "alert",
                "emergency",
            ];
            match params.and_then(|p| p.get("level")) {
                Some(Value::String(l)) if LEVELS.contains(&l.as_str()) => None,
                Some(other) => Some(format!(
                    "`level` must be one of {}, not {other}",
                    LEVELS.join(", ")
                )),
                None => Some("`logging/setLevel` needs a `level`".into()),
            }
        }
        "tools/list" => match params.and_then(|p| p.get("cursor")) {
            None | Some(Value::String(_) | Value::Null) => None,
            Some(other) => Some(format!("`cursor` must be a string, not {}", kind(other))),
        },
        _ => None,
    }
}

/// What is wrong with a `tools/call`'s `params`, if anything.
fn tools_call_params(params: Option<&Value>) -> Option<String> {
    let Some(params) = params else {
        return Some("`tools/call` needs `params` with a `name`".into());
    };
    let name = match params.get("name") {
        Some(Value::String(name)) => name,
        Some(other) => return Some(format!("`name` must be a string, not {}", kind(other))),
        None => return Some("`tools/call` needs a `name`".into()),
    };
    if shellward_exec::input::Tool::from_name(name).is_none() {
        return Some(format!(
            "Unknown tool: {name} (the tools are {})",
            TOOLS.join(", ")
        ));
    }
    match params.get("arguments") {
        None | Some(Value::Object(_)) => None,
        Some(other) => Some(format!(
            "`arguments` must be an object, not {}",
            kind(other)
        )),
    }
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The transport rmcp serves on: a reader of the lines that passed
/// [`check`], and a writer whose lines, with the errors, go to `output`.
pub fn transport<R, W>(input: R, output: W) -> (tokio::io::DuplexStream, tokio::io::DuplexStream)
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    let (rmcp_in, mut to_rmcp) = tokio::io::duplex(64 * 1024);
    let (rmcp_out, from_rmcp) = tokio::io::duplex(64 * 1024);
    let (errors, mut error_lines) = mpsc::unbounded_channel::<String>();
    tokio::spawn(async move {
        let mut reader = BufReader::new(input);
        let mut line = Vec::new();
        loop {
            line.clear();
            match read_line(&mut reader, &mut line).await {
                Ok(Line::End) | Err(_) => break,
                Ok(Line::TooLong) => {
                    let text = format!("Parse error: a message over {MAX_LINE} bytes");
                    let _ = errors.send(error(&Value::Null, -32700, &text));
                }
                Ok(Line::Complete) => match check(&line) {
                    Some(answer) if answer.is_empty() => {}
                    Some(answer) => {
                        let _ = errors.send(answer);
                    }
                    None => {
                        line.push(b'\n');
                        if to_rmcp.write_all(&line).await.is_err() {
                            break;
                        }
                    }
                },
            }
        }
        // End of input: rmcp sees it and ends the session.
        let _ = to_rmcp.shutdown().await;
    });
    tokio::spawn(async move {
        let mut output = output;
        let mut from_rmcp = BufReader::new(from_rmcp).lines();
        let mut errors_open = true;
        loop {
            let line = tokio::select! {
                line = from_rmcp.next_line() => match line {
                    Ok(Some(line)) => line,
                    _ => break,
                },
                line = error_lines.recv(), if errors_open => match line {
                    Some(line) => line,
                    None => { errors_open = false; continue; }
                },
            };
            let whole = format!("{line}\n");
            if output.write_all(whole.as_bytes()).await.is_err() || output.flush().await.is_err() {
                break;
            }
        }
    });
    (rmcp_in, rmcp_out)
}

enum Line {
    Complete,
    TooLong,
    End,
}

/// One line without its newline, read at most [`MAX_LINE`] bytes into
/// memory (the rest of a longer line is read and dropped).
async fn read_line<R: AsyncBufReadExt + Unpin>(
    reader: &mut R,
    line: &mut Vec<u8>,
) -> std::io::Result<Line> {
    let mut too_long = false;
    loop {
        let buf = reader.fill_buf().await?;
        if buf.is_empty() {
            return Ok(match (line.is_empty() && !too_long, too_long) {
                (true, _) => Line::End,
                (_, true) => Line::TooLong,
                _ => Line::Complete,
            });
        }
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        if !too_long && line.len() + chunk.len() <= MAX_LINE {
            line.extend_from_slice(chunk);
        } else {
            too_long = true;
            line.clear();
        }
        let used = done.unwrap_or(buf.len());
        reader.consume(used);
        if done.is_some() {
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            if line.is_empty() && !too_long {
                continue; // a blank line: nothing to answer
            }
            return Ok(if too_long {
                Line::TooLong
            } else {
                Line::Complete
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One line per row: what the client sends, and the error code and id
    /// it gets back (`None`: the line goes on to rmcp; `Some((0, _))`: a
    /// notification dropped without an answer).
    /// The error code and id a line gets, if any.
    type Answer = Option<(i64, &'static str)>;

    #[rustfmt::skip]
    const ROWS: &[(&[u8], Answer)] = &[
        (b"\xff\xfe{}",                                                              Some((-32700, "null"))),
        (b"not json",                                                                Some((-32700, "null"))),
        (b"{\"jsonrpc\":\"2.0\",\"id\":1,",                                          Some((-32700, "null"))),
        (b"[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]",                    Some((-32600, "null"))),
        (b"42",                                                                      Some((-32600, "null"))),
        (b"{\"jsonrpc\":\"2.0\",\"id\":7}",                                          Some((-32600, "7"))),
        (b"{\"jsonrpc\":\"1.0\",\"id\":8,\"method\":\"ping\"}",                      Some((-32600, "8"))),
        (b"{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":5}",                         Some((-32600, "\"a\""))),
        (b"{\"jsonrpc\":\"2.0\",\"id\":{\"x\":1},\"method\":\"ping\"}",              Some((-32600, "null"))),
        (b"{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":[1]}", Some((-32602, "9"))),
        (b"{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"tools/call\",\"params\":{\"name\":\"Nope\"}}", Some((-32602, "10"))),
        (b"{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"tools/call\",\"params\":{\"name\":1}}", Some((-32602, "11"))),
        (b"{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"tools/call\",\"params\":{\"name\":\"Bash\",\"arguments\":\"ls\"}}", Some((-32602, "12"))),
        (b"{\"jsonrpc\":\"2.0\",\"id\":13,\"method\":\"tools/call\"}",               Some((-32602, "13"))),
        (b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\",\"params\":[]}",      Some((0, ""))),
        (b"{\"jsonrpc\":\"2.0\",\"id\":14,\"method\":\"tools/call\",\"params\":{\"name\":\"Bash\",\"arguments\":{\"command\":\"ls\"}}}", None),
        (b"{\"jsonrpc\":\"2.0\",\"id\":15,\"method\":\"ping\"}",                     None),
        (b"{\"jsonrpc\":\"2.0\",\"id\":18,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"loud\"}}", Some((-32602, "18"))),
        (b"{\"jsonrpc\":\"2.0\",\"id\":19,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"debug\"}}", None),
        (b"{\"jsonrpc\":\"2.0\",\"id\":20,\"method\":\"tools/list\",\"params\":{\"cursor\":5}}", Some((-32602, "20"))),
        (b"{\"jsonrpc\":\"2.0\",\"id\":17,\"method\":\"tools/call\",\"params\":{\"name\":\"KillShell\",\"arguments\":{}}}", None),
        (b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",          None),
        (b"{\"jsonrpc\":\"2.0\",\"id\":16,\"result\":{}}",                           None),
    ];

    #[test]
    fn each_line_gets_its_answer() {
        for (line, want) in ROWS {
            let got = check(line).map(|answer| {
                if answer.is_empty() {
                    return (0, String::new());
                }
                let v: Value = serde_json::from_str(&answer).unwrap_or_default();
                (
                    v["error"]["code"].as_i64().unwrap_or_default(),
                    v["id"].to_string(),
                )
            });
            let want = want.map(|(code, id)| (code, id.to_string()));
            assert_eq!(got, want, "{}", String::from_utf8_lossy(line));
        }
    }

    #[test]
    fn deep_nesting_is_a_parse_error_not_a_crash() {
        let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        let answer = check(deep.as_bytes()).unwrap_or_default();
        assert!(answer.contains("-32700"), "{answer}");
    }
}
