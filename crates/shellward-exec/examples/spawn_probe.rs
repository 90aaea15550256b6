//! Where a `true` call's time goes: spawning variants, for `docs/benchmarks.md`.
//! `cargo run --release -p shellward-exec --example spawn_probe`
//!
//! Each variant runs in interleaved rounds of 100 calls and the best round
//! counts: this VM's process creation drifts by tens of percent over
//! seconds, which would otherwise favour whichever variant ran in a quiet
//! moment.

#![allow(clippy::unwrap_used)]

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

type Variant = (&'static str, Box<dyn Fn()>);

fn main() {
    let rt = Arc::new(
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap(),
    );
    let dir: PathBuf = std::env::temp_dir();
    let mut variants: Vec<Variant> = Vec::new();
    variants.push((
        "std bash -c true",
        Box::new(|| {
            std::process::Command::new("bash")
                .args(["-c", "true"])
                .status()
                .unwrap();
        }),
    ));
    {
        let rt = rt.clone();
        variants.push((
            "tokio bash -c true",
            Box::new(move || {
                rt.block_on(async {
                    tokio::process::Command::new("bash")
                        .args(["-c", "true"])
                        .status()
                        .await
                        .unwrap();
                })
            }),
        ));
    }
    let variant = |script: String, env: bool, file: bool| {
        let dir = dir.clone();
        move || {
            use std::os::unix::process::CommandExt;
            let mut c = std::process::Command::new("/bin/bash");
            c.arg("-c").arg(&script).process_group(0).current_dir(&dir);
            if file {
                let out = std::fs::File::create(dir.join("probe.out")).unwrap();
                let err = out.try_clone().unwrap();
                c.stdout(out).stderr(err).stdin(std::process::Stdio::null());
            }
            if env {
                for (k, v) in shellward_exec::process::ENV_SET {
                    c.env(k, v);
                }
                c.env("SHELLWARD_STATUS_FILE", dir.join("probe.status"));
                // As in a real call: the directory does not change, so the trap writes nothing.
                c.env("SHELLWARD_START_DIR", &dir).env("PWD", &dir);
            }
            c.status().unwrap();
        }
    };
    let script = shellward_exec::process::script("true");
    variants.push((
        "A: true, group, output file",
        Box::new(variant("true".into(), false, true)),
    ));
    variants.push((
        "B: A + environment",
        Box::new(variant("true".into(), true, true)),
    ));
    variants.push((
        "C: B + EXIT-trap script",
        Box::new(variant(script.clone(), true, true)),
    ));
    variants.push((
        "C1: B + a trivial EXIT trap",
        Box::new(variant("trap ':' EXIT\ntrue\n".into(), true, true)),
    ));
    let files = shellward_exec::process::Files::new(&dir, "probe");
    let plan = shellward_exec::env::Plan::default();
    {
        let (rt, dir, files, plan) = (rt.clone(), dir.clone(), files.clone(), plan.clone());
        variants.push((
            "process::spawn + wait, from block_on on another thread",
            Box::new(move || {
                rt.block_on(async {
                    let mut child = spawn_true(&dir, &files, &plan);
                    child.wait().await.unwrap();
                })
            }),
        ));
    }
    let in_task: Box<dyn Fn() -> Duration> = {
        // As a server calls it: a task on the runtime spawns and waits, so
        // the exit wakes it on the thread that polled the pidfd. One call of
        // this variant times 100 spawns inside one task and reports the mean.
        let (rt, dir, files, plan) = (rt.clone(), dir.clone(), files.clone(), plan.clone());
        Box::new(move || {
            let (dir, files, plan) = (dir.clone(), files.clone(), plan.clone());
            rt.block_on(rt.spawn(async move {
                let start = Instant::now();
                for _ in 0..100 {
                    let mut child = spawn_true(&dir, &files, &plan);
                    child.wait().await.unwrap();
                }
                start.elapsed() / 100
            }))
            .unwrap()
        })
    };
    let n = 100;
    let mut best = vec![Duration::MAX; variants.len()];
    let mut best_in_task = Duration::MAX;
    for _ in 0..7 {
        for (i, (_, f)) in variants.iter().enumerate() {
            f();
            let start = Instant::now();
            for _ in 0..n {
                f();
            }
            best[i] = best[i].min(start.elapsed() / n);
        }
        best_in_task = best_in_task.min(in_task());
    }
    for ((label, _), took) in variants.iter().zip(best) {
        println!("{label}: {:.3} ms", took.as_secs_f64() * 1e3);
    }
    println!(
        "process::spawn + wait, in a runtime task: {:.3} ms",
        best_in_task.as_secs_f64() * 1e3
    );
    let mut spawn_only = Duration::MAX;
    for _ in 0..7 {
        let took = rt.block_on(async {
            let mut total = Duration::ZERO;
            for _ in 0..n {
                let s = Instant::now();
                let mut child = spawn_true(&dir, &files, &plan);
                total += s.elapsed();
                child.wait().await.unwrap();
            }
            total / n
        });
        spawn_only = spawn_only.min(took);
    }
    println!(
        "process::spawn alone (returns once the child has exec'd): {:.3} ms",
        spawn_only.as_secs_f64() * 1e3
    );
    files.remove_side_files();
    let _ = std::fs::remove_file(&files.output);
}

/// The approval `process::spawn` takes: `true`, prepared and approved as
/// any call is (once, outside the timed loops).
fn approval() -> &'static shellward_exec::Approval {
    static APPROVAL: std::sync::OnceLock<shellward_exec::Approval> = std::sync::OnceLock::new();
    APPROVAL.get_or_init(|| {
        let dir =
            std::env::temp_dir().join(format!("shellward-spawn-probe-{}", std::process::id()));
        let store = shellward_exec::Store::open(&dir.join("state.db")).unwrap();
        let limits = shellward_exec::Limits::default();
        let (executor, _) =
            shellward_exec::Executor::new(store, limits, dir.join("output")).unwrap();
        let session = shellward_exec::Session {
            id: "probe".into(),
            workspace: std::env::temp_dir(),
            subagent: false,
        };
        let input =
            shellward_exec::BashInput::from_json(&serde_json::json!({"command": "true"})).unwrap();
        let settings = shellward_permit::Settings::default();
        let prepared = executor
            .prepare(&session, input, &settings, shellward_permit::Mode::Build)
            .unwrap();
        let approval = prepared.approve(false).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        approval
    })
}

/// `true` through `process::spawn`, unconfined (inside a runtime).
fn spawn_true(
    dir: &std::path::Path,
    files: &shellward_exec::process::Files,
    plan: &shellward_exec::env::Plan,
) -> tokio::process::Child {
    shellward_exec::process::spawn(
        approval(),
        std::path::Path::new("/bin/bash"),
        "true",
        dir,
        files,
        None,
        plan,
    )
    .unwrap()
}
