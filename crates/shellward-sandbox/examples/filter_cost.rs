//! How long installing each seccomp filter takes (on throwaway threads).

#![allow(clippy::unwrap_used)]

use shellward_sandbox::seccomp::{Filter, filter};

fn main() {
    for read_only in [false, true] {
        let program = filter(Filter {
            sockets: Default::default(),
            read_only,
        })
        .unwrap()
        .unwrap();
        let mut times = Vec::new();
        for _ in 0..200 {
            let p = program.clone();
            let t = std::thread::spawn(move || {
                rustix::thread::set_no_new_privs(true).unwrap();
                let start = std::time::Instant::now();
                seccompiler::apply_filter(&p).unwrap();
                start.elapsed()
            })
            .join()
            .unwrap();
            times.push(t);
        }
        times.sort();
        println!(
            "read_only={read_only}: {} instructions, install median {:?}",
            program.len(),
            times[100]
        );
    }
}
