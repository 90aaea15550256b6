//! The `shellward` binary end to end: batch checks over the corpus, saving
//! "always allow" answers, and settings errors.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

mod support;
use support::Temp;

fn temp(name: &str) -> Temp {
    support::temp_in("cli", name)
}

fn shellward(dir: &Path, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shellward"))
        .args(args)
        .current_dir(dir)
        .env("XDG_CONFIG_HOME", dir.join(".config-none"))
        .env("SHELLWARD_TRUST_FILE", dir.with_extension("trust.json"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn batch_over_the_adversarial_corpus_allows_nothing() {
    let ws = temp("adversarial");
    let tsv = std::fs::read(shellward_corpus::dir().join("adversarial.tsv")).unwrap();
    let out = shellward(&ws, &["check", "--batch", "--tsv", "--mode", "build"], &tsv);
    assert!(out.status.success());
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let allowed: Vec<&str> = lines
        .iter()
        .filter(|l| l["decision"] == "allow")
        .map(|l| l["command"].as_str().unwrap())
        .collect();
    println!(
        "check --batch adversarial.tsv: {} rows, {} allowed",
        lines.len(),
        allowed.len()
    );
    assert!(lines.len() > 400);
    assert!(lines.iter().all(|l| l["error"].is_null()));
    assert!(allowed.is_empty(), "{allowed:#?}");
}

#[test]
fn always_allow_answers_are_saved_and_used() {
    let ws = temp("allow");
    let decision = |command: &str| {
        let out = shellward(&ws, &["check", "--json", "--workspace", ".", command], b"");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        (
            v["decision"].as_str().unwrap().to_string(),
            v["rule"].as_str().unwrap().to_string(),
        )
    };
    assert_eq!(decision("npm test").1, "mode.build.highRisk");
    let out = shellward(&ws, &["allow", "--workspace", ".", "npm test:*"], b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    shellward(&ws, &["allow", "--workspace", ".", "npm test:*"], b"");
    assert_eq!(
        decision("npm test -- --watch"),
        ("allow".into(), "rule.allow:npm test:*".into())
    );
    let saved = std::fs::read_to_string(ws.join(".shellward/settings.local.json")).unwrap();
    assert_eq!(saved.matches("npm test:*").count(), 1, "{saved}");
    // Plan mode ignores it.
    let out = shellward(
        &ws,
        &[
            "check",
            "--json",
            "--workspace",
            ".",
            "--mode",
            "plan",
            "npm test",
        ],
        b"",
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["decision"], "deny");
}

#[test]
fn a_malformed_settings_file_is_an_error_naming_it() {
    let ws = temp("malformed");
    std::fs::create_dir_all(ws.join(".shellward")).unwrap();
    std::fs::write(
        ws.join(".shellward/settings.json"),
        "{\n  \"permissions\": {\n    \"deny\": [\"rm:*\",]\n  }\n}\n",
    )
    .unwrap();
    let out = shellward(&ws, &["check", "--workspace", ".", "ls"], b"");
    assert_eq!(out.status.code(), Some(125));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains(".shellward/settings.json:3:") && stderr.contains("permissions.deny"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
}

/// `shellward` with its own session store.
fn sw(ws: &Path, state: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shellward"))
        .args(args)
        .current_dir(ws)
        .env("SHELLWARD_STATE_DB", state.join("state.db"))
        .env("XDG_CONFIG_HOME", ws.join(".config-none"))
        .output()
        .unwrap()
}

#[test]
fn run_gates_runs_and_exits_with_the_commands_code() {
    let ws = temp("run");
    let state = temp("run-state");
    let out = sw(&ws, &state, &["run", "--", "echo hello; ls"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "hello\n");
    // Not read-only: asks; --yes approves; the exit code is the command's.
    let out = sw(&ws, &state, &["run", "--", "touch made; exit 5"]);
    assert_eq!(out.status.code(), Some(123));
    assert!(!ws.join("made").exists());
    assert!(String::from_utf8_lossy(&out.stderr).contains("needs approval (mode.build.highRisk)"));
    let out = sw(&ws, &state, &["run", "--yes", "--", "touch made; exit 5"]);
    assert_eq!(out.status.code(), Some(5));
    assert!(ws.join("made").exists());
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("Exit code 5"));
    // Plan mode denies, --yes or not.
    let out = sw(
        &ws,
        &state,
        &["run", "--yes", "--mode", "plan", "--", "touch other"],
    );
    assert_eq!(out.status.code(), Some(122));
    assert!(!ws.join("other").exists());
    // A run happens where the person is: an earlier `cd` does not move it,
    // a subdirectory is where it runs, `--cwd` overrides.
    std::fs::create_dir_all(ws.join("sub")).unwrap();
    sw(&ws, &state, &["run", "--", "cd sub"]);
    let out = sw(&ws, &state, &["run", "--", "pwd"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim_end(),
        ws.display().to_string()
    );
    let out = sw(&ws.join("sub"), &state, &["run", "--", "pwd"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim_end(),
        ws.join("sub").display().to_string()
    );
    let out = sw(&ws, &state, &["run", "--cwd", "sub", "--", "pwd"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim_end(),
        ws.join("sub").display().to_string()
    );
}

/// A new user's first mistakes get clear answers: a misspelt option is
/// an error (not part of the command), an empty command is an empty
/// result, a closed pipe is no error, a bad batch line names its field.
#[test]
fn cli_mistakes_get_clear_answers() {
    let ws = temp("mistakes");
    let state = temp("mistakes-state");
    let out = sw(&ws, &state, &["run", "--tmeout", "5", "--", "touch x"]);
    assert_eq!(out.status.code(), Some(125), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--tmeout"),
        "{out:?}"
    );
    assert!(!ws.join("x").exists());
    let out = sw(&ws, &state, &["run", "--", ""]);
    assert_eq!(
        (out.status.code(), out.stdout.as_slice()),
        (Some(0), &b""[..]),
        "{out:?}"
    );
    assert_eq!(sw(&ws, &state, &["--version"]).status.code(), Some(0));
    // `check ... | head -1`: the reader leaves early.
    let mut child = Command::new(env!("CARGO_BIN_EXE_shellward"))
        .args(["check", "--batch"])
        .current_dir(&*ws)
        .env("XDG_CONFIG_HOME", ws.join(".config-none"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // The reader is gone before anything is written.
    drop(child.stdout.take());
    for _ in 0..2000 {
        if std::io::Write::write_all(&mut stdin, b"\"ls\"\n").is_err() {
            break;
        }
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("Broken pipe"),
        "{out:?}"
    );
    // A batch line with a wrong field names it.
    let out = shellward(&ws, &["check", "--batch"], b"{\"comand\": \"ls\"}\n42\n");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("comand") && !text.contains("BatchLine"),
        "{text}"
    );
    assert!(text.contains("expected a JSON string"), "{text}");
    // `run --background` prints the task id.
    let out = sw(
        &ws,
        &state,
        &["run", "--yes", "--background", "--", "sleep 0.1"],
    );
    let id = String::from_utf8_lossy(&out.stdout).trim().to_string();
    assert!(id.starts_with('b') && id.len() == 13, "{id:?}");
    let out = sw(
        &ws,
        &state,
        &["output", "--wait", "--timeout", "10000", &id],
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let out = sw(&ws, &state, &["tasks"]);
    assert!(
        String::from_utf8_lossy(&out.stdout).starts_with("TASK"),
        "{out:?}"
    );
}

#[test]
fn a_background_task_outlives_run_and_is_read_later() {
    let ws = temp("detach");
    let state = temp("detach-state");
    let start = std::time::Instant::now();
    let out = sw(
        &ws,
        &state,
        &[
            "run",
            "--json",
            "--yes",
            "--background",
            "--",
            "echo one; sleep 1; echo two",
        ],
    );
    assert!(start.elapsed() < std::time::Duration::from_millis(900));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["outcome"], "backgrounded");
    let id = v["task_id"].as_str().unwrap().to_string();
    // `run` has exited; the task runs on, recorded in the store.
    let out = sw(
        &ws,
        &state,
        &["output", "--wait", "--timeout", "10000", &id],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("completed (exit code 0)") && text.contains("one\ntwo\n"),
        "{text}"
    );
    let out = sw(&ws, &state, &["tasks", "--json"]);
    let line: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).lines().next().unwrap()).unwrap();
    assert_eq!(
        (line["id"].as_str(), line["status"].as_str()),
        (Some(id.as_str()), Some("completed"))
    );
    // A timeout moves a foreground command to the background; stop it from another process.
    let out = sw(
        &ws,
        &state,
        &[
            "run",
            "--json",
            "--yes",
            "--timeout",
            "300",
            "--",
            "echo up; sleep 30",
        ],
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["outcome"], "backgrounded");
    let id = v["task_id"].as_str().unwrap().to_string();
    let record = serde_json::from_str::<serde_json::Value>(
        String::from_utf8_lossy(&sw(&ws, &state, &["tasks", "--json"]).stdout)
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    let pid = i32::try_from(record["pid"].as_i64().unwrap()).unwrap();
    assert!(shellward_exec::process::group_alive(pid));
    sw(&ws, &state, &["stop", &id]);
    let out = sw(&ws, &state, &["output", &id]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("stopped by the user"));
    assert!(!shellward_exec::process::group_running(pid));
    // Stopped from another process: the status is the signal's (128+15),
    // not the 0 a shell's EXIT trap may see.
    let record: serde_json::Value = serde_json::from_str(
        String::from_utf8_lossy(&sw(&ws, &state, &["tasks", "--json"]).stdout)
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(
        (record["status"].as_str(), record["exit_code"].as_i64()),
        (Some("killed"), Some(143)),
        "{record}"
    );
}

#[test]
fn the_store_takes_concurrent_processes_and_kill_9() {
    let ws = temp("concurrent");
    let state = temp("concurrent-state");
    let children: Vec<_> = (0..12)
        .map(|i| {
            Command::new(env!("CARGO_BIN_EXE_shellward"))
                .args([
                    "run",
                    "--json",
                    "--yes",
                    "--background",
                    "--",
                    &format!("echo task-{i}; sleep 0.3"),
                ])
                .current_dir(&ws)
                .env("SHELLWARD_STATE_DB", state.join("state.db"))
                .stdout(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success());
    }
    let out = sw(&ws, &state, &["tasks", "--json"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 12);
    // (Each task outlives the commit to the background: a command that ends
    // before it is committed returns as a completed call, with no task.)
    // kill -9 a process in the middle of a call: the store stays readable and whole.
    let mut victim = Command::new(env!("CARGO_BIN_EXE_shellward"))
        .args([
            "run",
            "--yes",
            "--timeout",
            "200",
            "--",
            "echo victim; sleep 2",
        ])
        .current_dir(&ws)
        .env("SHELLWARD_STATE_DB", state.join("state.db"))
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(100));
    victim.kill().unwrap();
    victim.wait().unwrap();
    let conn = rusqlite::Connection::open(state.join("state.db")).unwrap();
    let check: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(check, "ok");
    let out = sw(&ws, &state, &["tasks", "--json"]);
    assert!(String::from_utf8_lossy(&out.stdout).lines().count() >= 12);
    // The victim's command was in its own process group: it ran on; let it end.
    std::thread::sleep(std::time::Duration::from_millis(2_200));
}

/// `check --file`: each top-level command of a script with its line,
/// decision and effects; the exit status is the worst answer. The script
/// is only read, never run.
#[test]
fn check_file_vets_a_script() {
    let ws = temp("script");
    std::fs::create_dir(ws.join("src")).unwrap();
    let script = "#!/bin/bash\n# build and publish\ncd src\nls -la\ngit status \\\n  --short\nrm -rf ~\ngit push --force origin main\n";
    std::fs::write(ws.join("deploy.sh"), script).unwrap();
    let out = shellward(&ws, &["check", "--json", "--file", "deploy.sh"], b"");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let got: Vec<(u64, &str, &str)> = lines
        .iter()
        .map(|l| {
            (
                l["line"].as_u64().unwrap(),
                l["decision"].as_str().unwrap(),
                l["rule"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (3, "allow", "mode.build.readOnly"),
            (4, "allow", "mode.build.readOnly"),
            (5, "allow", "mode.build.readOnly"),
            (7, "ask", "guard.catastrophic:fs.rm-recursive"),
            (8, "ask", "guard.catastrophic:git.push-force"),
        ]
    );
    assert_eq!(lines[3]["effects"][0]["scope"], "homeRoot");
    assert_eq!(lines[3]["capability"]["riskLevel"], "critical");
    // Standard input, yolo mode: the guard still asks; a deny rule makes it 2.
    let out = shellward(
        &ws,
        &["check", "--mode", "yolo", "--file", "-"],
        script.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("line 7: rm -rf ~"), "{text}");
    assert!(
        text.contains("catastrophic: deletes recursively: ~ (the home directory)"),
        "{text}"
    );
    let settings = ws.join("deny.json");
    std::fs::write(&settings, r#"{"permissions":{"deny":["git push:*"]}}"#).unwrap();
    let out = shellward(
        &ws,
        &[
            "check",
            "--mode",
            "yolo",
            "--settings",
            settings.to_str().unwrap(),
            "--file",
            "deploy.sh",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    // Nothing to object to: 0. A missing file: an error naming it.
    std::fs::write(ws.join("ok.sh"), "ls\ngit log --oneline -5\n").unwrap();
    assert_eq!(
        shellward(&ws, &["check", "--file", "ok.sh"], b"")
            .status
            .code(),
        Some(0)
    );
    let out = shellward(&ws, &["check", "--file", "missing.sh"], b"");
    assert_ne!(out.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("missing.sh"),
        "{out:?}"
    );
}

/// `SHELLWARD_LOG=debug` says what was decided, how it was confined and
/// spawned, and what the store recorded, on stderr, without colour codes
/// when stderr is not a terminal; stdout keeps only the command's output.
#[test]
fn debug_logs_say_what_happened() {
    let ws = temp("log");
    let state = temp("log-state");
    let out = Command::new(env!("CARGO_BIN_EXE_shellward"))
        .args(["run", "--background", "--", "echo logged"])
        .current_dir(&*ws)
        .env("SHELLWARD_STATE_DB", state.join("state.db"))
        .env("XDG_CONFIG_HOME", ws.join(".config-none"))
        .env("SHELLWARD_LOG", "debug")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    for needle in [
        "decision action=Allow rule=mode.build.readOnly",
        "confinement",
        "spawned pid=",
        "store: task recorded",
    ] {
        assert!(stderr.contains(needle), "no `{needle}` in {stderr}");
    }
    assert!(
        !stderr.contains('\x1b'),
        "colour codes in a piped log: {stderr:?}"
    );
    assert!(!String::from_utf8_lossy(&out.stdout).contains("DEBUG"));
}

/// `shellward prune` removes old output (as `SHELLWARD_RETENTION_DAYS`
/// says), says so, and `--dry-run` only says.
#[test]
fn prune_removes_old_output() {
    let state = temp("prune-state");
    let output = state.join("output");
    std::fs::create_dir_all(&output).unwrap();
    let (old, new) = (output.join("old.out"), output.join("new.out"));
    for path in [&old, &new] {
        std::fs::write(path, b"output").unwrap();
    }
    let two_days = std::time::Duration::from_secs(2 * 24 * 3600);
    let f = std::fs::File::options().write(true).open(&old).unwrap();
    f.set_modified(std::time::SystemTime::now() - two_days)
        .unwrap();
    let prune = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_shellward"))
            .arg("prune")
            .args(args)
            .env("SHELLWARD_STATE_DB", state.join("state.db"))
            .env("SHELLWARD_RETENTION_DAYS", "1")
            .output()
            .unwrap()
    };
    let out = prune(&["--dry-run"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stderr.contains("would remove 1 output files"),
        "{stderr}"
    );
    assert!(old.exists());
    let out = prune(&[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stderr.contains("removed 1 output files"),
        "{stderr}"
    );
    assert!(!old.exists() && new.exists());
}

/// `shellward tasks` lists this workspace's tasks; `--all` every one's.
#[test]
fn tasks_are_listed_per_workspace() {
    let (a, b) = (temp("tasks-a"), temp("tasks-b"));
    let state = temp("tasks-state");
    let out = sw(
        &a,
        &state,
        &["run", "--background", "--yes", "--", "echo from-a"],
    );
    assert!(out.status.success(), "{out:?}");
    let listed = |ws: &Path, args: &[&str]| {
        String::from_utf8_lossy(&sw(ws, &state, args).stdout).to_string()
    };
    assert!(listed(&a, &["tasks"]).contains("echo from-a"));
    assert_eq!(
        listed(&b, &["tasks"]),
        "",
        "another workspace's task listed"
    );
    assert!(listed(&b, &["tasks", "--all"]).contains("echo from-a"));
}
