//! The state directory's retention: what `prune` removes and what it
//! must keep, in a real directory with real modification times.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::path::Path;
use std::time::{Duration, SystemTime};

use shellward_exec::retention::{Retention, prune};
use shellward_exec::store::{Store, TaskRecord, TaskStatus, now_ms};

const DAY: Duration = Duration::from_secs(24 * 3600);

/// A file of `bytes` bytes last modified `ago` before `now`.
fn file(path: &Path, bytes: usize, now: SystemTime, ago: Duration) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, vec![b'x'; bytes]).unwrap();
    let f = std::fs::File::options().write(true).open(path).unwrap();
    f.set_modified(now - ago).unwrap();
    // A session folder's own time says when it last changed, too.
    let dir = path.parent().unwrap();
    if dir.parent().is_some_and(|p| p.ends_with("tmp")) {
        std::fs::File::open(dir)
            .unwrap()
            .set_modified(now - ago)
            .unwrap();
    }
}

fn task(store: &Store, id: &str, status: TaskStatus, dir: &Path, ended_ago: Option<Duration>) {
    let now = now_ms();
    store
        .insert_task(&TaskRecord {
            id: id.into(),
            session: "s".into(),
            command: "sleep 1".into(),
            pid: 1,
            status,
            exit_code: None,
            output_path: dir.join(format!("{id}.out")),
            status_path: dir.join(format!("{id}.status")),
            started_ms: now - 20 * 86_400_000,
            ended_ms: ended_ago.map(|d| now - i64::try_from(d.as_millis()).unwrap()),
            notified: true,
            stopped_by: None,
            workspace: None,
            foreground: false,
        })
        .unwrap();
}

#[test]
fn old_and_oversized_output_goes_and_running_tasks_stay() {
    let root = tempfile::tempdir().unwrap();
    let (out, now) = (root.path().join("output"), SystemTime::now());
    let store = Store::open(&root.path().join("state.db")).unwrap();
    // Rows: a running task (old file, kept), a finished one ended 10
    // days ago (row forgotten), one ended yesterday (kept).
    task(&store, "running", TaskStatus::Running, &out, None);
    task(&store, "old", TaskStatus::Completed, &out, Some(10 * DAY));
    task(&store, "recent", TaskStatus::Completed, &out, Some(DAY));
    #[rustfmt::skip]
    let files: &[(&str, usize, Duration, bool)] = &[
        // name,               bytes,  age,                       removed
        ("running.out",        100,    10 * DAY,                  false),
        ("old.out",            100,    10 * DAY,                  true),
        ("week.out",           100,    6 * DAY,                   true),   // over the budget, oldest first
        ("big-2days.out",      600,    2 * DAY,                   true),   // still over
        ("big-1day.out",       600,    DAY,                       false),  // 800 bytes left: within
        ("fresh.out",          200,    Duration::from_secs(60),   false),  // younger than min_age
        ("tmp/mcp-1-1/x",      10,     10 * DAY,                  true),
        ("tmp/mcp-2-2/x",      10,     Duration::from_secs(60),   false),
    ];
    for (name, bytes, ago, _) in files {
        file(&out.join(name), *bytes, now, *ago);
    }
    // 1,600 bytes outside the running task; a budget of 1,000.
    let retention = Retention {
        max_age: 7 * DAY,
        max_bytes: 1000,
        min_age: Duration::from_secs(3600),
    };
    let dry = prune(&store, &out, &retention, now, true).unwrap();
    for (name, _, _, _) in files {
        assert!(out.join(name).exists(), "the dry run removed {name}");
    }
    let pruned = prune(&store, &out, &retention, now, false).unwrap();
    assert_eq!(dry, pruned, "the dry run said something else");
    for (name, _, _, removed) in files {
        assert_eq!(!out.join(name).exists(), *removed, "{name}");
    }
    assert_eq!(pruned.files.len(), 3, "{pruned:?}");
    assert_eq!(pruned.bytes, 800);
    assert_eq!(pruned.dirs, vec![out.join("tmp/mcp-1-1")]);
    assert_eq!(pruned.tasks, 1);
    let ids: Vec<String> = store
        .tasks(None)
        .unwrap()
        .into_iter()
        .map(|t| t.id)
        .collect();
    assert_eq!(ids.len(), 2, "{ids:?}");
    assert!(ids.contains(&"running".to_string()) && ids.contains(&"recent".to_string()));
}
