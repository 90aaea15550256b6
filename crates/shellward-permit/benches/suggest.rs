//! `cargo bench -p shellward-permit`: 10,000 stable-prefix computations over
//! the commands of `tests/suggestions.tsv` (registry lookups included; the
//! first pass, which parses each command's registry line once, is timed
//! separately), and the permission decision per command of the corpus.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::hint::black_box;
use std::time::Instant;

fn main() {
    let argvs: Vec<Vec<String>> = include_str!("../tests/suggestions.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| l.split_once('\t'))
        .flat_map(|(command, _)| {
            shellward_syntax::analyze(command)
                .commands()
                .iter()
                .map(|c| c.argv().map(str::to_string).collect::<Vec<_>>())
                .collect::<Vec<_>>()
        })
        .collect();
    let start = Instant::now();
    for argv in &argvs {
        black_box(shellward_permit::suggest::stable_prefix(argv));
    }
    let cold = start.elapsed();
    let start = Instant::now();
    for i in 0..10_000 {
        black_box(shellward_permit::suggest::stable_prefix(
            &argvs[i % argvs.len()],
        ));
    }
    let warm = start.elapsed();
    println!(
        "suggest: first pass over {} commands {:.3} ms (registry lines parsed); 10,000 prefixes {:.3} ms",
        argvs.len(),
        cold.as_secs_f64() * 1e3,
        warm.as_secs_f64() * 1e3
    );
}
