//! `kill -9` of a server while it runs a foreground command and a
//! background task: the CLI shows the orphan, the next server stops and
//! records it, and the recorded background task runs on, still stoppable.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Kills, on the way out (also when the test fails), every process group
/// spawned into this test's output directory.
struct Cleanup(PathBuf);

impl Drop for Cleanup {
    fn drop(&mut self) {
        for pid in processes_under(&self.0) {
            shellward_exec::process::signal_group(pid, rustix::process::Signal::KILL);
        }
    }
}

/// The process groups whose status file is in `output`.
fn processes_under(output: &Path) -> Vec<i32> {
    let needle = format!("SHELLWARD_STATUS_FILE={}/", output.display());
    let mut groups = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let pid = entry.file_name().to_string_lossy().to_string();
        let Ok(environ) = std::fs::read(format!("/proc/{pid}/environ")) else {
            continue;
        };
        if environ
            .split(|&b| b == 0)
            .any(|kv| kv.starts_with(needle.as_bytes()))
            && let Ok(pgid) =
                rustix::process::getpgid(rustix::process::Pid::from_raw(pid.parse().unwrap_or(0)))
        {
            groups.push(pgid.as_raw_nonzero().get());
        }
    }
    groups
}

/// A process running exactly `argv` exists.
fn running(argv: &[&str]) -> bool {
    let want: Vec<u8> = argv.iter().flat_map(|a| a.bytes().chain([0])).collect();
    std::fs::read_dir("/proc").unwrap().flatten().any(|e| {
        let pid = e.file_name().to_string_lossy().to_string();
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let zombie = stat
            .rsplit_once(") ")
            .is_some_and(|(_, r)| r.starts_with('Z'));
        !zombie && std::fs::read(format!("/proc/{pid}/cmdline")).is_ok_and(|c| c == want)
    })
}

fn until(what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < Duration::from_secs(30), "never: {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

struct Server {
    child: Child,
    stdin: ChildStdin,
    answers: mpsc::Receiver<serde_json::Value>,
}

impl Server {
    fn start(state: &Path, ws: &Path) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_shellward"))
            .args(["mcp", "--workspace"])
            .arg(ws)
            .env("SHELLWARD_STATE_DB", state.join("state.db"))
            .env("XDG_CONFIG_HOME", state.join("config"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (tx, answers) = mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines().map_while(Result::ok) {
                let _ = tx.send(serde_json::from_str(&line).unwrap_or_default());
            }
        });
        let mut server = Server {
            stdin: child.stdin.take().unwrap(),
            child,
            answers,
        };
        server.send(serde_json::json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}}));
        server.answer(0);
        server.send(serde_json::json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        server
    }

    fn send(&mut self, v: serde_json::Value) {
        writeln!(self.stdin, "{v}").unwrap();
        self.stdin.flush().unwrap();
    }

    fn answer(&self, id: u64) -> serde_json::Value {
        loop {
            let v = self.answers.recv_timeout(Duration::from_secs(30)).unwrap();
            if v["id"] == id {
                return v;
            }
        }
    }

    fn bash(&mut self, id: u64, arguments: serde_json::Value) {
        self.send(
            serde_json::json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": "Bash", "arguments": arguments}}),
        );
    }
}

fn tasks(state: &Path) -> String {
    tasks_with(state, &[])
}

fn tasks_with(state: &Path, extra: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_shellward"))
        .args(["tasks", "--all"])
        .args(extra)
        .env("SHELLWARD_STATE_DB", state.join("state.db"))
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_killed_servers_commands_are_found_stopped_and_recorded() {
    let state = tempfile::tempdir().unwrap();
    let ws = tempfile::tempdir().unwrap();
    let state = state.path().canonicalize().unwrap();
    let _cleanup = Cleanup(state.join("output"));

    let mut a = Server::start(&state, ws.path());
    a.bash(
        1,
        serde_json::json!({"command": "sleep 301", "run_in_background": true}),
    );
    let started = a.answer(1).to_string();
    let task = started.split("ID: ").nth(1).unwrap()[..13].to_string();
    a.bash(2, serde_json::json!({"command": "sleep 300"}));
    until("the foreground sleep runs", || running(&["sleep", "300"]));
    // Its row lands just after the spawn (a server killed before that
    // leaves an orphan found by its environment: the burst test below).
    until("the foreground call is recorded", || {
        tasks_with(&state, &["--calls"])
            .lines()
            .any(|l| l.ends_with("sleep 300"))
    });
    a.child.kill().unwrap(); // SIGKILL
    a.child.wait().unwrap();

    // The CLI shows what is left: the orphan, and the recorded task.
    let listed = tasks(&state);
    let orphan = listed
        .lines()
        .find(|l| l.contains("orphan"))
        .unwrap_or_else(|| panic!("{listed}"));
    assert!(orphan.ends_with("sleep 300"), "{listed}");
    assert!(
        listed
            .lines()
            .any(|l| l.starts_with(&task) && l.contains("running")),
        "{listed}"
    );

    // The foreground call was recorded from its spawn: it is a call, not
    // a background task, and still marked running.
    assert!(
        tasks_with(&state, &["--calls"])
            .lines()
            .any(|l| l.contains("running") && l.ends_with("sleep 300")),
        "{listed}"
    );

    // The next server stops the orphan and records its end; the background
    // task runs on.
    let b = Server::start(&state, ws.path());
    until("the orphan is stopped", || !running(&["sleep", "300"]));
    until("the orphan's end is recorded", || {
        tasks_with(&state, &["--calls"])
            .lines()
            .any(|l| l.contains("killed") && l.ends_with("sleep 300"))
    });
    assert!(
        running(&["sleep", "301"]),
        "the recorded background task was stopped"
    );
    let stopped = Command::new(env!("CARGO_BIN_EXE_shellward"))
        .args(["stop", &task])
        .env("SHELLWARD_STATE_DB", state.join("state.db"))
        .output()
        .unwrap();
    assert!(stopped.status.success(), "{stopped:?}");
    until("the background task is stopped", || {
        !running(&["sleep", "301"])
    });
    drop(b);
}

/// A burst of background tasks with `kill -9` in the middle: after the
/// next server starts, every process group left in the output directory
/// is a task the store records as running (none unaccounted for).
#[test]
fn a_burst_killed_midway_leaves_nothing_unaccounted_for() {
    let state = tempfile::tempdir().unwrap();
    let ws = tempfile::tempdir().unwrap();
    let state = state.path().canonicalize().unwrap();
    let output = state.join("output");
    let _cleanup = Cleanup(output.clone());
    let mut a = Server::start(&state, ws.path());
    for id in 1..=30u64 {
        a.bash(id, serde_json::json!({"command": format!("sleep {}", 400 + id), "run_in_background": true}));
    }
    // Some have started, others are still on their way.
    until("some tasks run", || processes_under(&output).len() >= 5);
    a.child.kill().unwrap();
    a.child.wait().unwrap();
    let b = Server::start(&state, ws.path());
    let store = shellward_exec::Store::open(&state.join("state.db")).unwrap();
    until("every group left is a recorded running task", || {
        let running: Vec<i32> = store
            .tasks(None)
            .unwrap()
            .into_iter()
            .filter(|t| t.status == shellward_exec::TaskStatus::Running)
            .map(|t| t.pid)
            .collect();
        processes_under(&output).iter().all(|g| running.contains(g))
    });
    drop(b);
}
