//! `shellward mcp` fed raw lines, as a broken or hostile client would send
//! them: every request gets an answer (the JSON-RPC error the
//! specification names), and the server goes on serving.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

#[test]
fn malformed_lines_get_their_errors_and_the_server_goes_on() {
    let state = tempfile::tempdir().unwrap();
    let ws = tempfile::tempdir().unwrap();
    let mut server = Command::new(env!("CARGO_BIN_EXE_shellward"))
        .args(["mcp", "--workspace"])
        .arg(ws.path())
        .env("SHELLWARD_STATE_DB", state.path().join("state.db"))
        .env("XDG_CONFIG_HOME", state.path().join("config"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = server.stdin.take().unwrap();
    let stdout = BufReader::new(server.stdout.take().unwrap());
    let (lines, answers) = mpsc::channel::<serde_json::Value>();
    std::thread::spawn(move || {
        for line in stdout.lines() {
            let Ok(line) = line else { break };
            let _ = lines.send(serde_json::from_str(&line).unwrap());
        }
    });
    let mut send = move |bytes: &[u8]| {
        stdin.write_all(bytes).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    };
    let next = || {
        answers
            .recv_timeout(Duration::from_secs(20))
            .expect("an answer")
    };

    send(br#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}"#);
    assert_eq!(next()["id"], 1);
    send(br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);

    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let huge = format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":99,\"method\":\"ping\",\"x\":\"{}\"}}",
        "a".repeat(17 * 1024 * 1024)
    );
    #[rustfmt::skip]
    let rows: Vec<(Vec<u8>, i64, serde_json::Value)> = vec![
        (b"\xff\xfe\xfd".to_vec(),                                                              -32700, serde_json::Value::Null),
        (deep.into_bytes(),                                                                     -32700, serde_json::Value::Null),
        (huge.into_bytes(),                                                                     -32700, serde_json::Value::Null),
        (b"this is not JSON".to_vec(),                                                          -32700, serde_json::Value::Null),
        (br#"{"jsonrpc":"2.0","id":7}"#.to_vec(),                                               -32600, 7.into()),
        (br#"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":[1,2]}"#.to_vec(),          -32602, 9.into()),
        (br#"{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"Nope"}}"#.to_vec(), -32602, 10.into()),
        (br#"{"jsonrpc":"2.0","id":"s","method":"no/such/method","params":{}}"#.to_vec(),       -32601, "s".into()),
        (br#"{"jsonrpc":"2.0","id":13,"method":"logging/setLevel","params":{"level":"loud"}}"#.to_vec(), -32602, 13.into()),
    ];
    for (line, code, id) in rows {
        send(&line);
        let answer = next();
        assert_eq!(answer["error"]["code"], code, "{answer}");
        assert_eq!(answer["id"], id, "{answer}");
    }
    // logging is declared, so logging/setLevel is served.
    send(br#"{"jsonrpc":"2.0","id":11,"method":"logging/setLevel","params":{"level":"warning"}}"#);
    let answer = next();
    assert_eq!(
        (answer["id"].clone(), answer["result"].clone()),
        (11.into(), serde_json::json!({})),
        "{answer}"
    );
    // And the server still serves.
    send(br#"{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"Bash","arguments":{"command":"echo alive"}}}"#);
    let answer = next();
    assert_eq!(answer["id"], 12, "{answer}");
    assert!(
        answer["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("alive"),
        "{answer}"
    );
    drop(send);
    let _ = server.wait();
}
