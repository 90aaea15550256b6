//! Where a `true` call's time goes: spawning variants, for `docs/benchmarks.md`.
//! `cargo run --release -p shellward-exec --example spawn_probe`

#![allow(clippy::unwrap_used)]

use std::time::Instant;

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let n = 200;
    let t = |label: &str, f: &dyn Fn()| {
        f();
        let s = Instant::now();
        for _ in 0..n {
            f();
        }
        println!(
            "{label}: {:.3} ms",
            s.elapsed().as_secs_f64() * 1e3 / f64::from(n)
        );
    };
    t("std bash -c true", &|| {
        std::process::Command::new("bash")
            .args(["-c", "true"])
            .status()
            .unwrap();
    });
    t("std bash -c true, own process group", &|| {
        use std::os::unix::process::CommandExt;
        std::process::Command::new("bash")
            .args(["-c", "true"])
            .process_group(0)
            .status()
            .unwrap();
    });
    t("tokio bash -c true", &|| {
        rt.block_on(async {
            tokio::process::Command::new("bash")
                .args(["-c", "true"])
                .status()
                .await
                .unwrap();
        })
    });
    let dir = std::env::temp_dir();
    let script = shellward_exec::process::script("true");
    t("tokio, group, with the EXIT-trap script", &|| {
        rt.block_on(async {
            tokio::process::Command::new("bash")
                .arg("-c")
                .arg(&script)
                .env("SHELLWARD_STATUS_FILE", dir.join("probe.status"))
                .env("SHELLWARD_CWD_FILE", dir.join("probe.cwd"))
                .process_group(0)
                .status()
                .await
                .unwrap();
        })
    });
}
