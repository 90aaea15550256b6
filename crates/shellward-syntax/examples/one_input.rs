//! Analyze one input many times, for profiling a pathological case.
//! `cargo run --release -p shellward-syntax --example one_input -- 'echo {' 5000 200`
//! analyzes the first argument repeated (second) times, (third) times over.

fn main() {
    let mut args = std::env::args().skip(1);
    let unit = args.next().unwrap_or_else(|| "echo ".into());
    let repeat: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
    let rounds: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(100);
    let input = unit.repeat(repeat);
    let start = std::time::Instant::now();
    for _ in 0..rounds {
        std::hint::black_box(shellward_syntax::analyze(std::hint::black_box(&input)));
    }
    println!(
        "{} chars: {:.3} ms per analysis",
        input.len(),
        start.elapsed().as_secs_f64() * 1e3 / rounds as f64
    );
}
