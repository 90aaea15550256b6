//! Print the "always allow" suggestion for each command given as an argument
//! (or one per line on standard input): `cargo run -p shellward-permit --example suggest -- 'git push'`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let commands: Vec<String> = if args.is_empty() {
        std::io::stdin().lines().map_while(Result::ok).collect()
    } else {
        args
    };
    for command in commands {
        let analysis = shellward_syntax::analyze(&command);
        let argvs: Vec<Vec<String>> = analysis
            .commands()
            .iter()
            .map(|c| c.argv().map(str::to_string).collect())
            .collect();
        let rules = shellward_permit::suggest::suggest(&argvs, &command);
        println!("{command}\t{}", rules.join(" | "));
    }
}
