//! Print the read rules this machine's policy makes, and what taking and
//! sealing them costs: `cargo run --release -p shellward-sandbox --example rules [WORKSPACE]`.

#![allow(clippy::unwrap_used)]

use std::time::Instant;

use shellward_sandbox::{Confinement, Policy, Reads, Writes};

fn main() {
    let workspace = std::env::args()
        .nth(1)
        .map_or_else(|| std::env::current_dir().unwrap(), Into::into);
    let policy = Policy::from_env(vec![workspace], vec![]);
    let start = Instant::now();
    let reads = Reads::snapshot(&policy);
    let snapshot = start.elapsed();
    for path in reads.paths() {
        println!("{}", path.display());
    }
    let n = 200;
    let start = Instant::now();
    for _ in 0..n {
        let sealed = shellward_sandbox::seal(&Confinement::READ_ONLY, &reads, Writes::default());
        drop(sealed.unwrap());
    }
    let seal_time = start.elapsed();
    let start = Instant::now();
    for _ in 0..n {
        drop(
            shellward_sandbox::seccomp::filter(shellward_sandbox::seccomp::Filter::default())
                .unwrap(),
        );
    }
    for read_only in [false, true] {
        let f = shellward_sandbox::seccomp::Filter {
            sockets: shellward_sandbox::Sockets::default(),
            read_only,
        };
        eprintln!(
            "filter lengths: read_only={read_only}: {} instructions",
            shellward_sandbox::seccomp::filter(f)
                .unwrap()
                .map_or(0, |p| p.len())
        );
    }
    eprintln!(
        "seccomp filter compile {:.3} ms each",
        start.elapsed().as_secs_f64() * 1e3 / f64::from(n)
    );
    eprintln!(
        "{} read rules; snapshot {:.3} ms; seal {:.3} ms each; {:?}",
        reads.paths().len(),
        snapshot.as_secs_f64() * 1e3,
        seal_time.as_secs_f64() * 1e3 / f64::from(n),
        shellward_sandbox::features()
    );
}
