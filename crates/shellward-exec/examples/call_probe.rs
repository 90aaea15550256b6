//! Where a `true` call through the executor spends its time (prepare vs run),
//! for `docs/benchmarks.md`. `cargo run --release -p shellward-exec --example call_probe`

#![allow(clippy::unwrap_used)]

use std::time::{Duration, Instant};

use shellward_exec::input::{Flag, Millis};
use shellward_exec::{BashInput, Call, Executor, Limits, Session, Store};
use shellward_permit::{Mode, Settings};

fn main() {
    let root = std::env::temp_dir().join(format!("shellward-call-probe-{}", std::process::id()));
    std::fs::create_dir_all(root.join("ws")).unwrap();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let (executor, _events) = Executor::new(
        Store::open(&root.join("state.db")).unwrap(),
        Limits::default(),
        root.join("out"),
    )
    .unwrap();
    let session = Session {
        id: "probe".into(),
        workspace: root.join("ws").canonicalize().unwrap(),
        subagent: false,
    };
    let input = || BashInput {
        command: "true".into(),
        timeout: Some(Millis(60_000)),
        description: None,
        run_in_background: Flag(false),
        dangerously_disable_sandbox: Flag(false),
        workdir: None,
    };
    let settings = Settings::default();
    let n = 300;
    let (mut prep, mut run) = (Duration::ZERO, Duration::ZERO);
    for _ in 0..n {
        let t = Instant::now();
        let prepared = executor
            .prepare(&session, input(), &settings, Mode::Yolo)
            .unwrap();
        let approval = prepared.approve(false).unwrap();
        prep += t.elapsed();
        let t = Instant::now();
        rt.block_on(executor.bash(&session, prepared, approval, Call::default()))
            .unwrap();
        run += t.elapsed();
    }
    println!(
        "prepare {:.3} ms, bash {:.3} ms per call",
        prep.as_secs_f64() * 1e3 / f64::from(n),
        run.as_secs_f64() * 1e3 / f64::from(n)
    );
    let _ = std::fs::remove_dir_all(&root);
}
