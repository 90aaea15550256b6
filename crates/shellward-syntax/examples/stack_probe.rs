//! Finds the smallest thread stack on which the deepest-nesting inputs still
//! analyze: `cargo run --release --example stack_probe`.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let [_, kib, input] = args.as_slice() {
        let kib: usize = kib.parse().expect("a number of KiB");
        let input = input.clone();
        let ok = std::thread::Builder::new()
            .stack_size(kib * 1024)
            .spawn(move || shellward_syntax::analyze(&input).status)
            .expect("spawn")
            .join()
            .is_ok();
        std::process::exit(if ok { 0 } else { 1 });
    }
    let exe = std::env::current_exe().expect("current exe");
    let opens = [
        "$(",
        "`",
        "${",
        "(",
        "{ ",
        "\"$(",
        "<(",
        "if ",
        "$( ( { `${ \"$((",
        "$(case x in x) ",
        "$(\"$(",
        "f() { ",
    ];
    for open in opens {
        let input = format!("echo {}", open.repeat(9_000 / open.len()));
        let mut kib = 16;
        while !std::process::Command::new(&exe)
            .arg(kib.to_string())
            .arg(&input)
            .stderr(std::process::Stdio::null())
            .status()
            .expect("probe runs")
            .success()
        {
            kib *= 2;
        }
        println!("{open:?}: needs <= {kib} KiB");
    }
}
