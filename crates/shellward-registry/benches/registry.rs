//! `cargo bench -p shellward-registry`: time to index the embedded data
//! (first lookup), to parse the largest trees, and 10,000 lookups.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::hint::black_box;
use std::time::Instant;

fn main() {
    let start = Instant::now();
    black_box(shellward_registry::lookup("ls"));
    let first = start.elapsed();
    let start = Instant::now();
    for big in ["aws", "az", "gcloud"] {
        black_box(shellward_registry::lookup(big));
    }
    let big = start.elapsed();
    let names = [
        "git",
        "npm",
        "cargo",
        "docker",
        "kubectl",
        "aws",
        "pnpm",
        "make",
        "terraform",
        "go",
    ];
    let start = Instant::now();
    for i in 0..10_000 {
        black_box(shellward_registry::lookup(names[i % names.len()]));
    }
    let lookups = start.elapsed();
    println!(
        "registry: index + first lookup {:.3} ms; parse aws+az+gcloud {:.3} ms; 10,000 lookups {:.3} ms",
        first.as_secs_f64() * 1e3,
        big.as_secs_f64() * 1e3,
        lookups.as_secs_f64() * 1e3
    );
}
