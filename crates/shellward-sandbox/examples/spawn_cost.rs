//! What entering the confinement costs a spawn, part by part:
//! `cargo run --release -p shellward-sandbox --example spawn_cost`.

#![allow(clippy::unwrap_used)]

use std::time::{Duration, Instant};

use shellward_sandbox::{Confinement, Policy, Reads, Writes};

fn median(mut v: Vec<Duration>) -> f64 {
    v.sort();
    v[v.len() / 2].as_secs_f64() * 1e3
}

fn main() {
    let ws = std::env::current_dir().unwrap();
    let reads = Reads::snapshot(&Policy::from_env(vec![ws], vec![]));
    let none = Reads::none();
    let spawn = |confine: Option<(&Confinement, &Reads)>| {
        let start = Instant::now();
        let mut cmd = std::process::Command::new("/bin/true");
        if let Some((c, r)) = confine
            && let Some(sealed) = shellward_sandbox::seal(c, r, Writes::default()).unwrap()
        {
            shellward_sandbox::install(&mut cmd, sealed);
        }
        assert!(cmd.status().unwrap().success());
        start.elapsed()
    };
    let ro = Confinement::READ_ONLY;
    let ww = Confinement::WorkspaceWrite { writable: vec![] };
    let (mut a, mut b, mut c, mut d) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for _ in 0..400 {
        a.push(spawn(None));
        b.push(spawn(Some((&ro, &reads))));
        c.push(spawn(Some((&ro, &none))));
        d.push(spawn(Some((&ww, &none))));
    }
    println!(
        "/bin/true: unconfined {:.3} ms; read-only {:.3} ms; read-only without the read layer {:.3} ms; workspace-write {:.3} ms",
        median(a),
        median(b),
        median(c),
        median(d)
    );
}
