//! `cargo bench -p shellward-exec`: the tool's cost over bash itself.
//!
//! 1. Per call: `true` through prepare + approve + bash (analysis, judge,
//!    permission, shell selection, SQLite, output file, spawn, group
//!    cleanup) against spawning `bash -c true` directly.
//! 2. Throughput: 1 GiB of output through the tool (the command writes its
//!    output file directly) against `bash -c 'head -c 1G /dev/zero > f'`,
//!    and this process's peak RSS afterwards.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use shellward_exec::input::{Flag, Millis};
use shellward_exec::{BashInput, BashOutcome, Call, Executor, Limits, Session, Store};
use shellward_permit::{Mode, Settings};

fn input(command: &str) -> BashInput {
    BashInput {
        command: command.into(),
        timeout: Some(Millis(600_000)),
        description: None,
        run_in_background: Flag(false),
        dangerously_disable_sandbox: Flag(false),
        workdir: None,
    }
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples.get(samples.len() / 2).copied().unwrap_or_default()
}

fn peak_rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn main() {
    let root = std::env::temp_dir().join(format!("shellward-exec-bench-{}", std::process::id()));
    let ws = root.join("ws");
    std::fs::create_dir_all(&ws).unwrap();
    let ws = ws.canonicalize().unwrap();
    let store = Store::open(&root.join("state.db")).unwrap();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let (executor, _events) = Executor::new(store, Limits::default(), root.join("out")).unwrap();
    let executor = Arc::new(executor);
    let session = Arc::new(Session {
        id: "bench".into(),
        workspace: ws.clone(),
        subagent: false,
    });
    let settings = Arc::new(Settings::default());
    let call = {
        let (executor, session, settings) = (executor.clone(), session.clone(), settings.clone());
        move |command: String| {
            let (executor, session, settings) =
                (executor.clone(), session.clone(), settings.clone());
            async move {
                let prepared = executor
                    .prepare(&session, input(&command), &settings, Mode::Yolo)
                    .unwrap();
                let approval = prepared.approve(false).unwrap();
                match executor
                    .bash(&session, prepared, approval, Call::default())
                    .await
                    .unwrap()
                {
                    BashOutcome::Completed(c) => assert_eq!(c.exit_code, Some(0)),
                    other => panic!("{other:?}"),
                }
            }
        }
    };
    let run = |command: &str| rt.block_on(call(command.to_string()));
    // Single calls alternate with single `bash -c true` runs and the medians
    // are compared: this VM's process creation drifts by tens of percent
    // over seconds, and alternating call by call puts both sides in the
    // same moments.
    run("true");
    let bash_true = {
        let ws = ws.clone();
        move || {
            let status = std::process::Command::new("bash")
                .args(["-c", "true"])
                .current_dir(&ws)
                .status()
                .unwrap();
            assert!(status.success());
        }
    };
    let samples = 1_000;
    // As a server calls the tool: from a task on the runtime, so the child's
    // exit wakes the task on the thread that saw it.
    let (tool, bash) = {
        let (call, bash_true) = (call.clone(), bash_true.clone());
        rt.block_on(rt.spawn(async move {
            let (mut tool, mut bash) = (Vec::new(), Vec::new());
            for _ in 0..samples {
                let start = Instant::now();
                call("true".into()).await;
                tool.push(start.elapsed());
                let start = Instant::now();
                bash_true();
                bash.push(start.elapsed());
            }
            (tool, bash)
        }))
        .unwrap()
    };
    // From outside the runtime (`block_on` on another thread), as a
    // synchronous host would call it.
    let (mut outside, mut bash_outside) = (Vec::new(), Vec::new());
    for _ in 0..samples / 2 {
        let start = Instant::now();
        run("true");
        outside.push(start.elapsed());
        let start = Instant::now();
        bash_true();
        bash_outside.push(start.elapsed());
    }
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let (tool, bash) = (median(tool), median(bash));
    let (outside, bash_outside) = (median(outside), median(bash_outside));
    println!(
        "per call (median of {samples}, alternating): tool {:.3} ms from a runtime task, bash -c true {:.3} ms: ratio {:.2}x; from block_on on another thread {:.3} ms vs {:.3} ms: {:.2}x",
        ms(tool),
        ms(bash),
        tool.as_secs_f64() / bash.as_secs_f64(),
        ms(outside),
        ms(bash_outside),
        outside.as_secs_f64() / bash_outside.as_secs_f64(),
    );
    // The same in loops of 100 (best of 7 interleaved rounds): each side
    // then runs with its own caches warm.
    let looped = |tool: bool| {
        let (call, bash_true) = (call.clone(), bash_true.clone());
        rt.block_on(rt.spawn(async move {
            let start = Instant::now();
            for _ in 0..100 {
                if tool {
                    call("true".into()).await;
                } else {
                    bash_true();
                }
            }
            start.elapsed() / 100
        }))
        .unwrap()
    };
    let (mut tool_loop, mut bash_loop) = (Duration::MAX, Duration::MAX);
    for _ in 0..7 {
        tool_loop = tool_loop.min(looped(true));
        bash_loop = bash_loop.min(looped(false));
    }
    println!(
        "per call (loops of 100, best of 7 rounds): tool {:.3} ms from a runtime task, bash -c true {:.3} ms: ratio {:.2}x",
        ms(tool_loop),
        ms(bash_loop),
        tool_loop.as_secs_f64() / bash_loop.as_secs_f64()
    );
    // Landlock's cost: the same call confined (the default for an
    // auto-allowed `true`) and with the confinement taken off.
    let confined = |confinement: shellward_exec::sandbox::Confinement| {
        rt.block_on(async {
            let mut prepared = executor
                .prepare(&session, input("true"), &settings, Mode::Build)
                .unwrap();
            prepared.confinement = confinement;
            let approval = prepared.approve(true).unwrap();
            executor
                .bash(&session, prepared, approval, Call::default())
                .await
                .unwrap();
        })
    };
    let (mut with, mut without) = (Vec::new(), Vec::new());
    for _ in 0..samples / 2 {
        let start = Instant::now();
        confined(shellward_exec::sandbox::Confinement::READ_ONLY);
        with.push(start.elapsed());
        let start = Instant::now();
        confined(shellward_exec::sandbox::Confinement::None);
        without.push(start.elapsed());
    }
    let (with, without) = (median(with), median(without));
    println!(
        "confinement (medians, alternating): {:.3} ms per call confined, {:.3} ms unconfined: +{:.3} ms (Landlock {:?})",
        with.as_secs_f64() * 1e3,
        without.as_secs_f64() * 1e3,
        (with.as_secs_f64() - without.as_secs_f64()) * 1e3,
        shellward_exec::sandbox::support()
    );
    let gib = "head -c 1073741824 /dev/zero";
    let direct = || {
        let start = Instant::now();
        let status = std::process::Command::new("bash")
            .args(["-c", &format!("{gib} > {}", root.join("direct").display())])
            .status()
            .unwrap();
        assert!(status.success());
        let took = start.elapsed();
        let _ = std::fs::remove_file(root.join("direct"));
        took
    };
    let through = || {
        let start = Instant::now();
        run(gib);
        let took = start.elapsed();
        // The output is over the inline limit, so the tool kept the file.
        for entry in std::fs::read_dir(root.join("out")).unwrap() {
            let _ = std::fs::remove_file(entry.unwrap().path());
        }
        took
    };
    let (mut d, mut t) = (Duration::MAX, Duration::MAX);
    for _ in 0..3 {
        d = d.min(direct());
        t = t.min(through());
    }
    println!(
        "1 GiB of output: tool {:.2} s ({:.0} MiB/s), bash {:.2} s ({:.0} MiB/s), throughput ratio {:.2}; peak RSS {} KiB",
        t.as_secs_f64(),
        1024.0 / t.as_secs_f64(),
        d.as_secs_f64(),
        1024.0 / d.as_secs_f64(),
        d.as_secs_f64() / t.as_secs_f64(),
        peak_rss_kib()
    );
    drop(executor);
    let _ = std::fs::remove_dir_all(&root);
}
