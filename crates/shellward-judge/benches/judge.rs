//! `cargo bench -p shellward-judge`: analyzer + judge per command over the
//! shared corpus, from an empty temporary workspace (best of 15 short rounds:
//! the VM's neighbours slow whole seconds down, and a short round is more
//! likely to fall in a quiet one).

#![allow(clippy::panic, clippy::unwrap_used)]

use std::hint::black_box;
use std::time::{Duration, Instant};

fn main() {
    let commands = shellward_corpus::commands(shellward_corpus::ALL);
    let dir = std::env::temp_dir().join(format!("shellward-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ctx = shellward_judge::Context::new(&dir, &dir);
    // Fewer rounds for instruction-counting runs under valgrind.
    let iterations: usize = std::env::var("SHELLWARD_BENCH_ITERATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50);
    let best = (0..15)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..iterations {
                for c in &commands {
                    let analysis = shellward_syntax::analyze(black_box(c));
                    black_box(shellward_judge::judge(&analysis, &ctx));
                }
            }
            start.elapsed()
        })
        .min()
        .unwrap_or(Duration::ZERO);
    let _ = std::fs::remove_dir_all(&dir);
    println!(
        "analyze + judge: {} commands, mean {:.3} µs per command",
        commands.len(),
        best.as_secs_f64() * 1e6 / (iterations * commands.len()).max(1) as f64
    );
}
