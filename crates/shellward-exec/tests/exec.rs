//! The executor with real processes: bash, process groups, files, signals,
//! SQLite. Every test ends by checking that no process group it started is
//! still alive.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use shellward_exec::input::{Flag, Millis};
use shellward_exec::process::group_alive;
use shellward_exec::{
    AbortHandle, BashInput, BashOutcome, Call, Completed, Content, Event, Executor, Limits,
    OutputStatus, Session, Store, TaskOutputInput, TaskStatus,
};
use shellward_permit::{Mode, Settings};

struct Harness {
    executor: Executor,
    events: tokio::sync::mpsc::UnboundedReceiver<Event>,
    session: Session,
    root: PathBuf,
    groups: Vec<i32>,
}

fn harness(name: &str, limits: Limits) -> Harness {
    let root = std::env::temp_dir().join(format!("shellward-exec-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let ws = root.join("ws");
    std::fs::create_dir_all(ws.join("sub")).unwrap();
    let ws = ws.canonicalize().unwrap();
    let store = Store::open(&root.join("state/state.db")).unwrap();
    let (executor, events) = Executor::new(store, limits, root.join("state/output")).unwrap();
    Harness {
        executor,
        events,
        session: Session {
            id: format!("test-{name}"),
            workspace: ws,
            subagent: false,
        },
        root,
        groups: Vec::new(),
    }
}

fn input(command: &str) -> BashInput {
    BashInput {
        command: command.into(),
        timeout: None,
        description: None,
        run_in_background: Flag(false),
        dangerously_disable_sandbox: Flag(false),
        workdir: None,
    }
}

impl Harness {
    async fn run_with(&mut self, input: BashInput, call: Call) -> BashOutcome {
        let prepared = self
            .executor
            .prepare(&self.session, input, &Settings::default(), Mode::Yolo)
            .unwrap();
        let approval = prepared.approve(false).unwrap();
        let outcome = self
            .executor
            .bash(&self.session, prepared, approval, call)
            .await
            .unwrap();
        match &outcome {
            BashOutcome::Completed(c) => self.groups.push(c.pid),
            BashOutcome::Backgrounded(b) => self.groups.push(b.pid),
            _ => {}
        }
        outcome
    }

    async fn run(&mut self, command: &str) -> Completed {
        match self.run_with(input(command), Call::default()).await {
            BashOutcome::Completed(c) => c,
            other => panic!("{command}: {other:?}"),
        }
    }

    async fn background(
        &mut self,
        command: &str,
        timeout_ms: Option<u64>,
        explicit: bool,
    ) -> String {
        let mut i = input(command);
        i.timeout = timeout_ms.map(Millis);
        i.run_in_background = Flag(explicit);
        match self.run_with(i, Call::default()).await {
            BashOutcome::Backgrounded(b) => b.task_id,
            other => panic!("{command}: expected backgrounded, got {other:?}"),
        }
    }

    async fn wait_output(&self, id: &str) -> shellward_exec::TaskOutput {
        let input = TaskOutputInput {
            task_id: id.into(),
            block: Flag(true),
            timeout: Millis(20_000),
        };
        self.executor
            .task_output(&input, &Call::default())
            .await
            .unwrap()
    }

    /// No process group this test started is alive.
    async fn assert_clean(&self) {
        for _ in 0..100 {
            if self.groups.iter().all(|&g| !group_alive(g)) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let alive: Vec<i32> = self
            .groups
            .iter()
            .copied()
            .filter(|&g| group_alive(g))
            .collect();
        panic!("process groups left alive: {alive:?}");
    }
}

impl Drop for Harness {
    fn drop(&mut self) {
        for &g in &self.groups {
            shellward_exec::process::signal_group(g, rustix::process::Signal::KILL);
        }
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

fn text(c: &Completed) -> String {
    c.content
        .iter()
        .filter_map(|b| match b {
            Content::Text(t) => Some(t.as_str()),
            Content::Image(_) => None,
        })
        .collect()
}

#[tokio::test]
async fn runs_and_merges_stdout_and_stderr_in_order() {
    let mut h = harness("basic", Limits::default());
    let c = h.run("echo out; echo err >&2; echo out2").await;
    assert_eq!((c.exit_code, c.is_error), (Some(0), false));
    assert_eq!(text(&c), "out\nerr\nout2\n");
    // Untruncated foreground output files are deleted.
    assert_eq!(
        std::fs::read_dir(h.root.join("state/output"))
            .unwrap()
            .count(),
        0
    );
    assert!(matches!(
        h.run_with(input("   "), Call::default()).await,
        BashOutcome::Empty
    ));
    h.assert_clean().await;
}

#[tokio::test]
async fn exit_code_semantics() {
    let mut h = harness("exit", Limits::default());
    std::fs::write(h.session.workspace.join("a"), "1\n").unwrap();
    std::fs::write(h.session.workspace.join("b"), "2\n").unwrap();
    let table: &[(&str, i32, bool, &str)] = &[
        (
            "grep nothing-here a",
            1,
            false,
            "(exit code 1: No matches found)",
        ),
        ("cat a | grep -c zzz", 1, false, "No matches found"),
        ("rg nothing-here a || exit 1", 1, true, "Exit code 1"),
        ("diff a b", 1, false, "Files differ"),
        ("test -f missing", 1, false, "Condition is false"),
        ("[ -d missing ]", 1, false, "Condition is false"),
        (
            "find /proc/1/fd -maxdepth 0 >/dev/null 2>&1; find missing-dir",
            1,
            false,
            "Some directories were inaccessible",
        ),
        ("git diff --no-index a b", 1, false, "Files differ"),
        ("false", 1, true, "Exit code 1"),
        ("exit 7", 7, true, "Exit code 7"),
        ("grep x missing-file", 2, true, "Exit code 2"),
    ];
    for (command, code, error, needle) in table {
        let c = h.run(command).await;
        assert_eq!(c.exit_code, Some(*code), "{command}: {}", text(&c));
        assert_eq!(c.is_error, *error, "{command}: {}", text(&c));
        assert!(text(&c).contains(needle), "{command}: {:?}", text(&c));
        if *error && needle.starts_with("Exit code") {
            assert!(text(&c).starts_with(needle), "{command}: {:?}", text(&c));
        }
    }
    h.assert_clean().await;
}

/// A script longer than one argument may be (128 KiB on Linux) runs: it
/// reaches bash on standard input, and the command still reads nothing
/// there.
#[tokio::test]
async fn a_command_over_the_argument_limit_runs() {
    let mut h = harness("long", Limits::default());
    let command = format!("echo {} | wc -c; cat | wc -c; exit 3", "a".repeat(300_000));
    let c = h.run(&command).await;
    let text = text(&c);
    assert!(
        text.contains("300001\n0\n"),
        "{}",
        &text[..text.len().min(300)]
    );
    assert_eq!(c.exit_code, Some(3));
    h.assert_clean().await;
}

/// Binary output is summed up (size, where it is kept, the first bytes
/// in hex), not shown as thousands of escaped bytes.
#[tokio::test]
async fn binary_output_is_summed_up() {
    let mut h = harness("binary", Limits::default());
    let c = h.run("head -c 5000 /dev/zero").await;
    let t = text(&c);
    assert!(
        t.contains("binary data (5000 bytes)") && t.contains("00 00 00"),
        "{t}"
    );
    assert!(t.len() < 600, "{}", t.len());
    let c = h.run("printf 'plain text\\n'").await;
    assert_eq!(text(&c), "plain text\n");
    h.assert_clean().await;
}

/// bash's messages count the command's own lines, not the wrapper's.
#[tokio::test]
async fn bash_errors_name_the_commands_own_lines() {
    let mut h = harness("lines", Limits::default());
    let c = h.run("shellward_no_such_command_1").await;
    assert!(
        text(&c).contains("shellward_no_such_command_1: command not found"),
        "{}",
        text(&c)
    );
    assert!(!text(&c).contains("line 2"), "{}", text(&c));
    let c = h.run("true\nshellward_no_such_command_2").await;
    assert!(
        text(&c).contains("line 2: shellward_no_such_command_2"),
        "{}",
        text(&c)
    );
    h.assert_clean().await;
}

#[tokio::test]
async fn stdin_is_at_eof() {
    let mut h = harness("stdin", Limits::default());
    let start = Instant::now();
    let c = h.run("cat; read x; echo \"read:$?:$x\"").await;
    assert_eq!(text(&c), "read:1:\n");
    assert!(start.elapsed() < Duration::from_secs(5));
    h.assert_clean().await;
}

#[tokio::test]
async fn timeout_moves_to_the_background_and_the_task_finishes() {
    let mut h = harness("autobg", Limits::default());
    let start = Instant::now();
    let id = h
        .background("echo start; sleep 1; echo end", Some(300), false)
        .await;
    assert!(
        start.elapsed() < Duration::from_millis(900),
        "returned at the deadline"
    );
    let out = h.wait_output(&id).await;
    assert_eq!(out.status, OutputStatus::Done);
    assert_eq!(
        (out.task.status, out.task.exit_code),
        (TaskStatus::Completed, Some(0))
    );
    assert!(out.text.contains("start\nend\n"), "{}", out.text);
    assert!(out.task.notified);
    // The completion notice was delivered as an event.
    let event = tokio::time::timeout(Duration::from_secs(5), h.events.recv())
        .await
        .unwrap()
        .unwrap();
    let Event::TaskFinished {
        task_id,
        text,
        session,
    } = event;
    assert_eq!(
        (task_id.as_str(), session.as_str()),
        (id.as_str(), h.session.id.as_str())
    );
    assert!(
        text.contains("<task-notification>") && text.contains("<status>completed</status>"),
        "{text}"
    );
    // Background output files are kept.
    assert!(out.task.output_path.exists());
    // It was recorded as a foreground call from its spawn, and became a
    // background task when it moved.
    assert!(!out.task.foreground);
    h.assert_clean().await;
}

/// Every foreground call is recorded from its spawn to its end (issue 16):
/// its status and exit code, not a task TaskOutput can read.
#[tokio::test]
async fn foreground_calls_are_recorded() {
    let mut h = harness("fgrecord", Limits::default());
    let ok = h.run("echo hi").await;
    let failed = h.run("exit 3").await;
    let killed = h.run("kill -TERM $$").await;
    let store = h.executor.store();
    let calls = store.tasks(Some(&h.session.id)).unwrap();
    assert_eq!(calls.len(), 3, "{calls:?}");
    let by_pid = |pid: i32| calls.iter().find(|t| t.pid == pid).unwrap();
    for (completed, status, code) in [
        (&ok, TaskStatus::Completed, Some(0)),
        (&failed, TaskStatus::Completed, Some(3)),
        (&killed, TaskStatus::Killed, None),
    ] {
        let t = by_pid(completed.pid);
        assert!(t.foreground, "{t:?}");
        assert_eq!((t.status, t.exit_code), (status, code), "{t:?}");
        assert!(t.ended_ms.is_some_and(|e| e >= t.started_ms), "{t:?}");
        assert_eq!(t.workspace.as_deref(), Some(h.session.workspace.as_path()));
        let read = h
            .executor
            .task_output(
                &TaskOutputInput {
                    task_id: t.id.clone(),
                    block: Flag(false),
                    timeout: Millis(0),
                },
                &Call::default(),
            )
            .await;
        assert!(read.is_err(), "a call is not a task to read: {t:?}");
    }
    h.assert_clean().await;
}

#[tokio::test]
async fn sleep_runs_plain_foreground_and_is_killed_at_the_deadline() {
    let mut h = harness("sleep", Limits::default());
    let mut i = input("sleep 5");
    i.timeout = Some(Millis(300));
    let start = Instant::now();
    let BashOutcome::Completed(c) = h.run_with(i, Call::default()).await else {
        panic!("sleep must not move to the background");
    };
    assert!(start.elapsed() < Duration::from_secs(3));
    assert!(c.timed_out && c.is_error, "{c:?}");
    assert!(text(&c).contains("timed out after 300 ms"));
    // An idle turn: the same for any command, and no explicit background.
    let mut i = input("echo a; sleep 5");
    i.timeout = Some(Millis(300));
    let call = Call {
        idle_turn: true,
        ..Call::default()
    };
    let BashOutcome::Completed(c) = h.run_with(i, call.clone()).await else {
        panic!("idle turns run plain foreground");
    };
    assert!(c.timed_out);
    let mut i = input("echo a");
    i.run_in_background = Flag(true);
    assert!(matches!(h.run_with(i, call).await, BashOutcome::Refused(_)));
    h.assert_clean().await;
}

#[tokio::test]
async fn explicit_background_and_not_ready() {
    let mut h = harness("explicit", Limits::default());
    let id = h
        .background("echo early; sleep 1; echo late", None, true)
        .await;
    let input = TaskOutputInput {
        task_id: id.clone(),
        block: Flag(false),
        timeout: Millis(0),
    };
    let out = h
        .executor
        .task_output(&input, &Call::default())
        .await
        .unwrap();
    assert_eq!(out.status, OutputStatus::NotReady);
    assert!(!out.task.notified);
    let out = h.wait_output(&id).await;
    assert!(out.text.contains("early\nlate\n"));
    // Waiting with a short timeout on a long task reports `timeout`.
    let id = h.background("echo x; sleep 30", None, true).await;
    let input = TaskOutputInput {
        task_id: id.clone(),
        block: Flag(true),
        timeout: Millis(300),
    };
    let out = h
        .executor
        .task_output(&input, &Call::default())
        .await
        .unwrap();
    assert_eq!(out.status, OutputStatus::Timeout);
    h.executor.task_stop(&id, "model").await.unwrap();
    assert!(matches!(
        h.executor
            .task_output(
                &TaskOutputInput {
                    task_id: "bnope".into(),
                    block: Flag(false),
                    timeout: Millis(0)
                },
                &Call::default()
            )
            .await,
        Err(shellward_exec::ExecError::NoTask(_))
    ));
    h.assert_clean().await;
}

#[tokio::test]
async fn abort_kills_the_group() {
    let mut h = harness("abort", Limits::default());
    let (handle, abort) = AbortHandle::new();
    let call = Call {
        abort: Some(abort),
        ..Call::default()
    };
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(300)).await;
        handle.abort();
    });
    let start = Instant::now();
    let BashOutcome::Completed(c) = h
        .run_with(input("echo begun; sleep 30 & sleep 30"), call)
        .await
    else {
        panic!("abort completes the call");
    };
    assert!(start.elapsed() < Duration::from_secs(5));
    assert!(c.aborted && c.is_error);
    let t = text(&c);
    assert!(
        t.contains("begun") && t.contains("<error>Command was aborted before completion</error>"),
        "{t}"
    );
    h.assert_clean().await;
}

/// A host that drops the call's future (instead of signalling abort) does
/// not leave the command running: its group gets SIGTERM at once and, as
/// here where TERM is ignored, SIGKILL after the grace.
#[tokio::test]
async fn a_dropped_call_kills_its_group() {
    let mut h = harness("dropped", Limits::default());
    let pid_file = h.root.join("pgid");
    let command = format!(
        "trap '' TERM; echo $$ > {}; sleep 30; echo never",
        pid_file.display()
    );
    let prepared = h
        .executor
        .prepare(
            &h.session,
            input(&command),
            &Settings::default(),
            Mode::Yolo,
        )
        .unwrap();
    let approval = prepared.approve(false).unwrap();
    let call = h
        .executor
        .bash(&h.session, prepared, approval, Call::default());
    assert!(
        tokio::time::timeout(Duration::from_millis(500), call)
            .await
            .is_err(),
        "the call was still running when it was dropped"
    );
    let pgid: i32 = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    h.groups.push(pgid);
    assert!(
        group_alive(pgid),
        "TERM is ignored: alive until the grace ends"
    );
    h.assert_clean().await;
}

#[tokio::test]
async fn task_stop_and_a_child_ignoring_sigterm() {
    let mut h = harness("stop", Limits::default());
    let id = h.background("echo up; sleep 30", None, true).await;
    let record = h.executor.task_stop(&id, "model").await.unwrap();
    assert_eq!(record.status, TaskStatus::Killed);
    assert_eq!(record.stopped_by.as_deref(), Some("model"));
    let out = h.wait_output(&id).await;
    assert!(out.text.contains("stopped by you"), "{}", out.text);
    // TERM ignored by the shell and its children: SIGKILL after the 3 s grace.
    let id = h
        .background("trap '' TERM; echo ready; sleep 30; echo never", None, true)
        .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let start = Instant::now();
    let record = h.executor.task_stop(&id, "model").await.unwrap();
    let took = start.elapsed();
    assert_eq!(record.status, TaskStatus::Killed);
    assert!(
        took >= Duration::from_millis(2_900) && took < Duration::from_secs(10),
        "{took:?}"
    );
    h.assert_clean().await;
}

#[tokio::test]
async fn grandchildren_go_with_the_group() {
    let mut h = harness("grandchildren", Limits::default());
    // Left behind by a foreground command: killed when it completes.
    let c = h.run("(sleep 30 &) ; sleep 30 & echo started").await;
    assert_eq!(text(&c), "started\n");
    // Started by a background task: killed when it is stopped.
    let id = h
        .background("bash -c 'sleep 30 & sleep 30' & sleep 30", None, true)
        .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    h.executor.task_stop(&id, "model").await.unwrap();
    h.assert_clean().await;
}

#[tokio::test]
async fn working_directory_carries_over_inside_the_workspace() {
    let mut h = harness("cwd", Limits::default());
    let ws = h.session.workspace.clone();
    let c = h.run("cd sub").await;
    assert_eq!(c.cwd, ws.join("sub"));
    assert_eq!(
        text(&h.run("pwd").await),
        format!("{}\n", ws.join("sub").display())
    );
    // Failed commands do not move it.
    h.run("cd .. && false").await;
    assert_eq!(
        text(&h.run("pwd").await),
        format!("{}\n", ws.join("sub").display())
    );
    // Leaving the workspace resets to its root, and says so.
    let c = h.run("cd /").await;
    assert!(text(&c).contains(&format!("Shell cwd was reset to {}", ws.display())));
    assert_eq!(text(&h.run("pwd").await), format!("{}\n", ws.display()));
    // A symlink into the workspace counts as inside (canonical comparison).
    let link = h.root.join("link");
    std::os::unix::fs::symlink(&ws, &link).unwrap();
    h.run(&format!("cd {}/sub", link.display())).await;
    assert_eq!(
        text(&h.run("pwd -P").await),
        format!("{}\n", ws.join("sub").display())
    );
    // Subagents never carry it.
    h.session.subagent = true;
    h.session.id.push_str("-sub");
    h.run("cd sub").await;
    assert_eq!(text(&h.run("pwd").await), format!("{}\n", ws.display()));
    h.assert_clean().await;
}

fn preview(envelope: &str) -> &str {
    let start = envelope.find("characters):\n").unwrap() + "characters):\n".len();
    let end = envelope.rfind("\n</persisted-output>").unwrap();
    &envelope[start..end]
}

#[tokio::test]
async fn truncation_at_the_boundary() {
    let limits = Limits {
        max_output: 1_000,
        ..Limits::default()
    };
    let mut h = harness("truncate", limits);
    let c = h.run("head -c 1000 /dev/zero | tr '\\0' a").await;
    assert_eq!(text(&c).len(), 1000);
    assert!(c.output_path.is_none());
    let c = h.run("head -c 1001 /dev/zero | tr '\\0' b").await;
    let t = text(&c);
    let path = c.output_path.clone().unwrap();
    assert!(
        t.starts_with("<persisted-output>") && t.contains("1001 bytes"),
        "{t}"
    );
    assert!(t.contains(&path.display().to_string()));
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 1001);
    // The preview is the first 2000 characters at most (here the 1000 read inline).
    let big = h.run("head -c 100000 /dev/zero | tr '\\0' c").await;
    assert_eq!(preview(&text(&big)), "c".repeat(1_000));
    let limits = Limits::default();
    let mut h = harness("truncate-default", limits);
    let c = h.run("head -c 30000 /dev/zero | tr '\\0' a").await;
    assert_eq!(text(&c).len(), 30_000);
    let c = h.run("head -c 30001 /dev/zero | tr '\\0' a").await;
    assert!(text(&c).contains("Preview (first 2000 characters)"));
    assert_eq!(preview(&text(&c)), "a".repeat(2_000));
    h.assert_clean().await;
}

#[tokio::test]
async fn binary_and_invalid_utf8() {
    let mut h = harness("binary", Limits::default());
    let c = h.run("printf 'ok\\xff\\xfe\\x00end'").await;
    let t = text(&c);
    assert!(
        t.starts_with("ok") && t.ends_with("end") && t.contains('\u{FFFD}'),
        "{t:?}"
    );
    h.assert_clean().await;
}

#[tokio::test]
async fn a_data_url_png_becomes_an_image() {
    use base64::Engine;
    let mut h = harness("image", Limits::default());
    // A 2400x1200 noisy PNG, over 1 MB.
    let img = image::RgbImage::from_fn(2400, 1200, |x, y| {
        let v = (x.wrapping_mul(2_654_435_761) ^ y.wrapping_mul(40_503)) as u8;
        image::Rgb([v, v.wrapping_mul(3), v.wrapping_add(y as u8)])
    });
    let mut png = std::io::Cursor::new(Vec::new());
    img.write_to(&mut png, image::ImageFormat::Png).unwrap();
    let png = png.into_inner();
    assert!(png.len() > 1_000_000, "{}", png.len());
    let url = format!(
        "data:image/png;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(&png)
    );
    std::fs::write(h.session.workspace.join("img.txt"), &url).unwrap();
    let c = h.run("cat img.txt").await;
    let [Content::Image(image)] = c.content.as_slice() else {
        panic!("expected one image block, got {:?}", c.content.len());
    };
    assert_eq!(image.media_type, "image/png");
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(&image.data)
        .unwrap();
    let back = image::load_from_memory(&decoded).unwrap();
    assert_eq!((back.width(), back.height()), (2000, 1000));
    // Not decodable: text.
    std::fs::write(
        h.session.workspace.join("bad.txt"),
        "data:image/png;base64,!!!!",
    )
    .unwrap();
    let c = h.run("cat bad.txt").await;
    assert!(matches!(c.content.as_slice(), [Content::Text(_)]));
    h.assert_clean().await;
}

#[tokio::test]
async fn output_cap_kills_a_task() {
    let limits = Limits {
        output_cap: 200_000,
        ..Limits::default()
    };
    let mut h = harness("cap", limits);
    let id = h.background("yes", None, true).await;
    let out = h.wait_output(&id).await;
    assert_eq!(out.task.status, TaskStatus::Killed);
    assert_eq!(out.task.stopped_by.as_deref(), Some("output_limit"));
    // A foreground command is held to the same cap (checked once a second).
    let start = Instant::now();
    let c = h.run("yes").await;
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
    assert!(c.is_error && c.exit_code.is_none(), "{c:?}");
    h.assert_clean().await;
}

#[tokio::test]
async fn two_hundred_concurrent_background_tasks() {
    let mut h = harness("many", Limits::default());
    let mut ids = Vec::new();
    for i in 0..200 {
        ids.push(
            h.background(&format!("echo task-{i}; sleep 0.3"), None, true)
                .await,
        );
    }
    for (i, id) in ids.iter().enumerate() {
        let out = h.wait_output(id).await;
        assert_eq!(out.task.exit_code, Some(0), "{id}");
        assert!(out.text.contains(&format!("task-{i}\n")), "{}", out.text);
    }
    let mut finished = 0;
    while let Ok(Some(_)) = tokio::time::timeout(Duration::from_secs(2), h.events.recv()).await {
        finished += 1;
        if finished == 200 {
            break;
        }
    }
    assert_eq!(finished, 200);
    h.assert_clean().await;
}

#[tokio::test]
async fn progress_is_reported_while_running() {
    let mut h = harness("progress", Limits::default());
    let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
    let sink = seen.clone();
    let call = Call {
        progress: Some(Arc::new(move |p| sink.lock().unwrap().push(p))),
        ..Call::default()
    };
    h.run_with(input("echo tick; sleep 3.4; echo tock"), call)
        .await;
    let seen: Vec<shellward_exec::Progress> = seen.lock().unwrap().clone();
    assert!(seen.len() >= 2, "{}", seen.len());
    assert!(seen[0].elapsed >= Duration::from_secs(2));
    assert!(seen[0].preview.contains("tick") && seen[0].bytes >= 5);
    h.assert_clean().await;
}

#[tokio::test]
async fn tasks_started_by_another_process_are_read_from_the_store() {
    // A task whose process was started elsewhere: its status file tells.
    let mut h = harness("foreign", Limits::default());
    let id = h
        .background("echo from-before; sleep 0.2", None, true)
        .await;
    let record = h.executor.store().task(&id).unwrap().unwrap();
    // A second executor over the same store (another shellward process).
    let store2 = Store::open(h.executor.store().path()).unwrap();
    let (other, _events) =
        Executor::new(store2, Limits::default(), h.root.join("state/output")).unwrap();
    tokio::time::sleep(Duration::from_millis(700)).await;
    let seen = other.task(&id).unwrap();
    assert_eq!(
        (seen.status, seen.exit_code),
        (TaskStatus::Completed, Some(0)),
        "{seen:?}"
    );
    assert_eq!(seen.output_path, record.output_path);
    h.assert_clean().await;
}

#[test]
fn inputs_are_strict_and_lenient_where_models_need_it() {
    use serde_json::json;
    let ok = |v: serde_json::Value| BashInput::from_json(&v).unwrap();
    assert_eq!(
        ok(json!({"command": "ls", "timeout": "5000"})).timeout,
        Some(Millis(5000))
    );
    assert_eq!(
        ok(json!({"command": "ls", "timeout": 5000})).timeout,
        Some(Millis(5000))
    );
    for yes in ["true", "yes", "1", "on", "YES"] {
        assert!(
            ok(json!({"command": "ls", "run_in_background": yes}))
                .run_in_background
                .0
        );
    }
    for no in ["false", "no", "0", "off"] {
        assert!(
            !ok(json!({"command": "ls", "run_in_background": no}))
                .run_in_background
                .0
        );
    }
    let err = |v: serde_json::Value| BashInput::from_json(&v).unwrap_err().to_string();
    assert!(err(json!({"command": "ls", "timeout": -1})).contains("negative"));
    assert!(err(json!({"command": "ls", "timeout": "-5"})).contains("negative"));
    assert!(err(json!({"command": "ls", "colour": true})).contains("unknown field `colour`"));
    assert!(
        err(json!({"command": "ls", "run_in_background": "maybe"})).contains("expected a boolean")
    );
    assert!(err(json!({})).contains("missing field `command`"));
    let out = shellward_exec::TaskOutputInput::from_json(&json!({"task_id": "b1"})).unwrap();
    assert_eq!((out.block.0, out.timeout.0), (true, 30_000));
    let stop = shellward_exec::TaskStopInput::from_json(&json!({"shell_id": "b1"})).unwrap();
    assert_eq!(stop.id(), Some("b1"));
    assert!(shellward_exec::TaskStopInput::from_json(&json!({})).is_err());
    use shellward_exec::input::Tool;
    for (name, tool) in [
        ("BashOutput", Tool::TaskOutput),
        ("AgentOutputTool", Tool::TaskOutput),
        ("KillShell", Tool::TaskStop),
        ("KillBash", Tool::TaskStop),
        ("Bash", Tool::Bash),
    ] {
        assert_eq!(Tool::from_name(name), Some(tool));
    }
    let schemas = shellward_exec::input::schemas();
    assert_eq!(schemas.len(), 3);
    assert_eq!(schemas[0].1["additionalProperties"], json!(false));
}

#[test]
fn timeouts_are_capped() {
    let l = Limits::default();
    assert_eq!(l.timeout(None), Duration::from_millis(120_000));
    assert_eq!(l.timeout(Some(0)), Duration::from_millis(120_000));
    assert_eq!(l.timeout(Some(5)), Duration::from_millis(5));
    assert_eq!(l.timeout(Some(10_000_000)), Duration::from_millis(600_000));
}

/// An in-memory read-file state, as a host would keep.
#[derive(Default)]
struct Reads(
    std::sync::Mutex<std::collections::BTreeMap<PathBuf, shellward_exec::readstate::FileRead>>,
);

impl shellward_exec::readstate::ReadFileState for Reads {
    fn get(&self, path: &std::path::Path) -> Option<shellward_exec::readstate::FileRead> {
        self.0.lock().unwrap().get(path).cloned()
    }
    fn record(&self, path: &std::path::Path, read: shellward_exec::readstate::FileRead) {
        self.0.lock().unwrap().insert(path.to_path_buf(), read);
    }
    fn paths(&self) -> Vec<PathBuf> {
        self.0.lock().unwrap().keys().cloned().collect()
    }
}

#[tokio::test]
async fn bash_reads_backfill_the_read_state() {
    let mut h = harness("reads", Limits::default());
    let ws = h.session.workspace.clone();
    for name in ["a", "b", "c", "d", "e", "f", "g"] {
        std::fs::write(ws.join(name), "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n").unwrap();
    }
    let reads = Arc::new(Reads::default());
    let call = Call {
        read_state: Some(reads.clone()),
        ..Call::default()
    };
    type Row<'a> = (&'a str, &'a str, Option<(u64, u64)>, bool);
    let table: &[Row<'_>] = &[
        ("cat -n a", "a", None, false),
        ("head -n 3 b", "b", Some((1, 3)), true),
        ("echo ---; tail -n 2 c", "c", Some((11, 12)), true),
        ("sed -n '2,4p' d", "d", Some((2, 4)), true),
        ("grep 7 e", "e", None, true),
        ("head f", "f", Some((1, 10)), true),
    ];
    for (command, file, lines, partial) in table {
        h.run_with(input(command), call.clone()).await;
        let read = reads
            .get_path(&ws.join(file))
            .unwrap_or_else(|| panic!("{command}: no record"));
        assert_eq!((read.lines, read.partial), (*lines, *partial), "{command}");
    }
    // Not plain reads, a grep without a match, or a record already there: nothing new.
    for command in [
        "cat g | head -3",
        "cat g > /dev/null",
        "grep zzz g",
        "wc -l g",
        "cat g && rm -f nothing",
    ] {
        h.run_with(input(command), call.clone()).await;
        assert!(reads.get_path(&ws.join("g")).is_none(), "{command}");
    }
    let before = reads.get_path(&ws.join("b")).unwrap();
    h.run_with(input("cat b"), call.clone()).await;
    assert_eq!(reads.get_path(&ws.join("b")).unwrap(), before);
    // A formatter-like command that changes a file read before says so.
    tokio::time::sleep(Duration::from_millis(20)).await;
    let c = match h.run_with(input("sed -i s/1/one/ a d"), call.clone()).await {
        BashOutcome::Completed(c) => c,
        other => panic!("{other:?}"),
    };
    let t = text(&c);
    assert!(
        t.contains("[This command modified 2 files you've previously read:"),
        "{t}"
    );
    assert!(
        t.contains(&ws.join("a").display().to_string()) && t.contains("Call Read before editing.]")
    );
    h.assert_clean().await;
}

trait GetPath {
    fn get_path(&self, p: &std::path::Path) -> Option<shellward_exec::readstate::FileRead>;
}

impl GetPath for Arc<Reads> {
    fn get_path(&self, p: &std::path::Path) -> Option<shellward_exec::readstate::FileRead> {
        use shellward_exec::readstate::ReadFileState;
        self.get(&p.canonicalize().unwrap_or(p.to_path_buf()))
    }
}

#[tokio::test]
async fn gh_rate_limits_get_one_reminder() {
    let mut h = harness("gh", Limits::default());
    let bin = h.root.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::write(
        bin.join("gh"),
        "#!/bin/sh\necho 'HTTP 403: API rate limit exceeded for user ID 1.' >&2\nexit 1\n",
    )
    .unwrap();
    std::fs::set_permissions(
        bin.join("gh"),
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    let command = format!("PATH={}:$PATH gh api user", bin.display());
    let first = text(&h.run(&command).await);
    assert!(first.contains("gh api rate_limit"), "{first}");
    let second = text(&h.run(&command).await);
    assert!(
        !second.contains("gh api rate_limit"),
        "at most once a minute: {second}"
    );
    h.assert_clean().await;
}

#[tokio::test]
async fn subagent_tasks_are_cancelled_and_ui_reads_are_per_session() {
    let limits = Limits {
        subagent_task_lifetime: Duration::from_millis(700),
        ui_tail: 8,
        ..Limits::default()
    };
    let mut h = harness("subagent", limits);
    let id = h
        .background("echo 0123456789abcdef; sleep 30", None, true)
        .await;
    // The UI reads the last bytes, only from the session that started it.
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(
        h.executor.ui_tail(&h.session, &id).unwrap().as_deref(),
        Some("9abcdef\n")
    );
    let other = Session {
        id: "someone-else".into(),
        ..h.session.clone()
    };
    assert_eq!(h.executor.ui_tail(&other, &id).unwrap(), None);
    h.executor.task_stop(&id, "user").await.unwrap();
    // A subagent's background task is cancelled when its time is up.
    h.session.subagent = true;
    h.session.id = "subagent".into();
    let id = h.background("echo started; sleep 30", None, true).await;
    let out = h.wait_output(&id).await;
    assert_eq!(out.task.status, TaskStatus::Killed);
    assert_eq!(out.task.stopped_by.as_deref(), Some("timeout"));
    assert!(
        out.text.contains("ran longer than a subagent's task may"),
        "{}",
        out.text
    );
    h.assert_clean().await;
}

#[tokio::test]
async fn workdir_is_resolved_and_outside_it_asks_first() {
    let mut h = harness("workdir", Limits::default());
    let ws = h.session.workspace.clone();
    // Inside the workspace: runs there, without moving the session.
    let mut i = input("pwd");
    i.workdir = Some("sub".into());
    let BashOutcome::Completed(c) = h.run_with(i, Call::default()).await else {
        panic!()
    };
    assert_eq!(text(&c), format!("{}\n", ws.join("sub").display()));
    // Outside: the external-directory request comes first.
    let mut i = input("ls");
    i.workdir = Some(h.root.display().to_string());
    let p = h
        .executor
        .prepare(&h.session, i, &Settings::default(), Mode::Build)
        .unwrap();
    assert_eq!(p.decision.rule, "path.outside");
    assert_eq!(
        p.decision.external_directories,
        vec![format!("{}/*", h.root.canonicalize().unwrap().display())]
    );
    // Not a directory: a clear error, nothing runs.
    let mut i = input("ls");
    i.workdir = Some("missing".into());
    assert!(matches!(
        h.executor
            .prepare(&h.session, i, &Settings::default(), Mode::Build),
        Err(shellward_exec::ExecError::Workdir(_))
    ));
    h.assert_clean().await;
}

/// A group left with only zombies (whose parent has not reaped them yet,
/// as a container's init may be slow to) is not running: a stop does not
/// wait the grace period for it.
#[test]
fn a_group_of_zombies_is_not_running() {
    use std::os::unix::process::CommandExt;
    let mut child = std::process::Command::new("true")
        .process_group(0)
        .spawn()
        .unwrap();
    let pid = i32::try_from(child.id()).unwrap();
    // Not reaped: it stays a zombie once it exits.
    let stat = format!("/proc/{pid}/stat");
    while !std::fs::read_to_string(&stat)
        .is_ok_and(|s| s.rsplit_once(") ").is_some_and(|(_, r)| r.starts_with('Z')))
    {
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(
        shellward_exec::process::group_alive(pid),
        "the kernel still lists the group"
    );
    assert!(
        !shellward_exec::process::group_running(pid),
        "a zombie counted as running"
    );
    child.wait().unwrap();
    // And a running group is running.
    let mut child = std::process::Command::new("sleep")
        .arg("5")
        .process_group(0)
        .spawn()
        .unwrap();
    let pid = i32::try_from(child.id()).unwrap();
    assert!(shellward_exec::process::group_running(pid));
    child.kill().unwrap();
    child.wait().unwrap();
}
