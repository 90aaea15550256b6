//! `cargo bench -p shellward-syntax`: analyzer time per command on the shared
//! corpus, and the worst case over the pathological suite. A plain harness:
//! each figure is the best of several timed rounds, to damp machine noise.

#![allow(clippy::panic, clippy::unwrap_used)]

#[path = "../tests/support/mod.rs"]
mod support;

use std::hint::black_box;
use std::time::{Duration, Instant};

use shellward_syntax::analyze;

fn best_of(rounds: usize, mut f: impl FnMut() -> Duration) -> Duration {
    (0..rounds).map(|_| f()).min().unwrap_or_default()
}

fn main() {
    let mut corpus: Vec<String> = Vec::new();
    for file in [
        "benign.tsv",
        "adversarial.tsv",
        "peers/codex-safety-cases.tsv",
    ] {
        corpus.extend(support::corpus(file).into_iter().map(|(c, _)| c));
    }
    let iterations = 200;
    let total = best_of(5, || {
        let start = Instant::now();
        for _ in 0..iterations {
            for command in &corpus {
                black_box(analyze(black_box(command)));
            }
        }
        start.elapsed()
    });
    let per_command = total / (iterations * corpus.len()) as u32;
    println!(
        "corpus: {} commands, mean {:.3} µs per command",
        corpus.len(),
        per_command.as_secs_f64() * 1e6
    );

    let mut worst = (Duration::ZERO, String::new(), 0usize);
    for (name, input) in support::pathological() {
        let t = best_of(5, || {
            let start = Instant::now();
            black_box(analyze(black_box(&input)));
            start.elapsed()
        });
        println!(
            "pathological {name:<28} {:>8} chars {:>9.3} ms",
            input.chars().count(),
            t.as_secs_f64() * 1e3
        );
        if t > worst.0 {
            worst = (t, name, input.chars().count());
        }
    }
    println!(
        "worst pathological case: {} ({} chars) {:.3} ms",
        worst.1,
        worst.2,
        worst.0.as_secs_f64() * 1e3
    );
}
