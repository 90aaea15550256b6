//! `cargo bench -p shellward`: what serving costs.
//!
//! 1. The Claude Code hook, process start to exit, for a read-only Bash
//!    payload (median and p90 of 300 runs), alternating with the same
//!    hook with `--confine` (the rewrite to `shellward sandbox`).
//! 2. The hooks of Codex, Gemini CLI, Cursor, Copilot CLI and OpenCode,
//!    each with its own payload for the same command (median and p90 of
//!    200 runs each, interleaved).
//! 3. An MCP round trip: `tools/call` Bash `true` over stdio to
//!    `shellward mcp` (median of 300 calls on one connection).

#![allow(clippy::panic, clippy::unwrap_used)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort();
    samples[((samples.len() - 1) as f64 * p) as usize]
}

fn main() {
    let bin = env!("CARGO_BIN_EXE_shellward");
    let root = std::env::temp_dir().join(format!("shellward-serve-bench-{}", std::process::id()));
    let ws = root.join("ws");
    std::fs::create_dir_all(&ws).unwrap();
    let payload = serde_json::json!({
        "session_id": "bench", "cwd": ws, "permission_mode": "default",
        "hook_event_name": "PreToolUse", "tool_name": "Bash",
        "tool_input": {"command": "git log --oneline -5 | head -3"}
    })
    .to_string();
    let hook = |extra: &[&str]| {
        let start = Instant::now();
        let mut child = Command::new(bin)
            .args(["hook", "claude-code"])
            .args(extra)
            .current_dir(&ws)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(payload.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let took = start.elapsed();
        let out = String::from_utf8_lossy(&out.stdout);
        assert!(out.contains("\"allow\""), "{out}");
        assert_eq!(out.contains("updatedInput"), !extra.is_empty(), "{out}");
        took
    };
    // `/bin/true` given the same payload: what any process costs here.
    let true_run = || {
        let start = Instant::now();
        let mut child = Command::new("/bin/true")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let _ = child.stdin.take().unwrap().write_all(payload.as_bytes());
        child.wait_with_output().unwrap();
        start.elapsed()
    };
    // Alternating, so all see the same moments of a noisy machine.
    let (mut samples, mut confined, mut trues) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..300 {
        samples.push(hook(&[]));
        confined.push(hook(&["--confine"]));
        trues.push(true_run());
    }
    let true_median = percentile(&mut trues, 0.5);
    let (median, p90) = (percentile(&mut samples, 0.5), percentile(&mut samples, 0.9));
    let confined = percentile(&mut confined, 0.5);
    println!(
        "hook claude-code: median {:.2} ms, p90 {:.2} ms (process start to exit); with --confine: median {:.2} ms (+{:.2} ms); /bin/true {:.2} ms: hook {:.2}x",
        median.as_secs_f64() * 1e3,
        p90.as_secs_f64() * 1e3,
        confined.as_secs_f64() * 1e3,
        (confined.as_secs_f64() - median.as_secs_f64()) * 1e3,
        true_median.as_secs_f64() * 1e3,
        median.as_secs_f64() / true_median.as_secs_f64()
    );

    // The other hosts' hooks, each fed its own payload shape for the same
    // read-only command (Codex answers nothing to it: no bare allow).
    let ws_str = ws.display().to_string();
    let command = "git log --oneline -5 | head -3";
    #[rustfmt::skip]
    let hosts: [(&str, serde_json::Value); 5] = [
        ("codex", serde_json::json!({"session_id": "b", "turn_id": "t", "transcript_path": null, "cwd": ws_str, "hook_event_name": "PreToolUse", "model": "m", "permission_mode": "default", "tool_name": "Bash", "tool_input": {"command": command}, "tool_use_id": "c"})),
        ("gemini", serde_json::json!({"session_id": "b", "cwd": ws_str, "hook_event_name": "BeforeTool", "timestamp": "2026-01-01T00:00:00Z", "tool_name": "run_shell_command", "tool_input": {"command": command}})),
        ("cursor", serde_json::json!({"conversation_id": "b", "generation_id": "g", "hook_event_name": "beforeShellExecution", "workspace_roots": [ws_str], "command": command, "cwd": ws_str})),
        ("copilot", serde_json::json!({"sessionId": "b", "timestamp": 0, "cwd": ws_str, "toolName": "bash", "toolArgs": {"command": command}})),
        ("opencode", serde_json::json!({"command": command, "cwd": ws_str, "project": ws_str, "mode": "build"})),
    ];
    let host_run = |host: &str, payload: &str| {
        let start = Instant::now();
        let mut child = Command::new(bin)
            .args(["hook", host])
            .current_dir(&ws)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let _ = child.stdin.take().unwrap().write_all(payload.as_bytes());
        let out = child.wait_with_output().unwrap();
        let took = start.elapsed();
        let out = String::from_utf8_lossy(&out.stdout);
        assert!(host == "codex" || out.contains("allow"), "{host}: {out}");
        took
    };
    let mut per_host: Vec<Vec<Duration>> = vec![Vec::new(); hosts.len()];
    for _ in 0..200 {
        for (i, (host, payload)) in hosts.iter().enumerate() {
            per_host[i].push(host_run(host, &payload.to_string()));
        }
    }
    for ((host, _), samples) in hosts.iter().zip(per_host.iter_mut()) {
        println!(
            "hook {host}: median {:.2} ms, p90 {:.2} ms",
            percentile(samples, 0.5).as_secs_f64() * 1e3,
            percentile(samples, 0.9).as_secs_f64() * 1e3
        );
    }

    let mut server = Command::new(bin)
        .args(["mcp", "--workspace"])
        .arg(&ws)
        .env("SHELLWARD_STATE_DB", root.join("state/state.db"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = server.stdin.take().unwrap();
    let mut stdout = BufReader::new(server.stdout.take().unwrap());
    let mut send = |v: serde_json::Value| {
        writeln!(stdin, "{v}").unwrap();
        stdin.flush().unwrap();
    };
    let mut receive = |id: u64| loop {
        let mut line = String::new();
        assert!(stdout.read_line(&mut line).unwrap() > 0, "server closed");
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        if v["id"] == id {
            return v;
        }
    };
    send(
        serde_json::json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}}}),
    );
    receive(0);
    send(serde_json::json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    let mut samples = Vec::new();
    for id in 1..=300u64 {
        let start = Instant::now();
        send(
            serde_json::json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": "Bash", "arguments": {"command": "true"}}}),
        );
        let v = receive(id);
        samples.push(start.elapsed());
        assert_eq!(
            v["result"]["isError"],
            serde_json::Value::Bool(false),
            "{v}"
        );
    }
    println!(
        "MCP tools/call Bash `true`: median {:.2} ms, p90 {:.2} ms (one connection, stdio)",
        percentile(&mut samples, 0.5).as_secs_f64() * 1e3,
        percentile(&mut samples, 0.9).as_secs_f64() * 1e3
    );
    drop(stdin);
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&root);
}
