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
    let variant = |script: &str, env: bool, file: bool| {
        use std::os::unix::process::CommandExt;
        let mut c = std::process::Command::new("/bin/bash");
        c.arg("-c").arg(script).process_group(0).current_dir(&dir);
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
    };
    let script = shellward_exec::process::script("true");
    t("A: true, group, output file", &|| {
        variant("true", false, true)
    });
    t("B: A + environment", &|| variant("true", true, true));
    t("C: B + EXIT-trap script", &|| variant(&script, true, true));
    t("C1: B + a trivial EXIT trap", &|| {
        variant("trap ':' EXIT\ntrue\n", true, true)
    });
    t("C2: B + two lines, no trap", &|| {
        variant("true\ntrue\n", true, true)
    });
    let files = shellward_exec::process::Files::new(&dir, "probe");
    let plan = shellward_exec::env::Plan::default();
    t("process::spawn + wait (no tokio)", &|| {
        let mut child = shellward_exec::process::spawn(
            std::path::Path::new("/bin/bash"),
            "true",
            &dir,
            &files,
            None,
            &plan,
        )
        .unwrap();
        child.wait().unwrap();
    });
    let spawn_only = || {
        let s = Instant::now();
        let mut child = shellward_exec::process::spawn(
            std::path::Path::new("/bin/bash"),
            "true",
            &dir,
            &files,
            None,
            &plan,
        )
        .unwrap();
        let took = s.elapsed();
        child.wait().unwrap();
        took
    };
    let mut total = std::time::Duration::ZERO;
    for _ in 0..n {
        total += spawn_only();
    }
    println!(
        "process::spawn alone: {:.3} ms",
        total.as_secs_f64() * 1e3 / f64::from(n)
    );
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
