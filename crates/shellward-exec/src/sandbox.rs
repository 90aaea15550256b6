//! The confinement under the verdict ([`shellward_sandbox`], re-exported),
//! and what a command's programs need beyond the read-only defaults.
//!
//! A read-only command gets no sockets but netlink listing and reads only
//! the default allow-list. A command that runs one of [`PROGRAM_NEEDS`]
//! gets that row's socket families and reads, for the whole command: one
//! bash process runs the whole pipeline, so the grant cannot be narrower
//! than the command. So it is granted only to a command made of nothing
//! else than such programs and [`FILTERS`] (`gh pr list | head`), with
//! every word static and no redirection to `/dev/tcp` or `/dev/udp`: naming
//! `gh` beside anything that could run code (`true || gh; echo > /dev/tcp/...`,
//! where bash itself connects) grants nothing.

use std::path::PathBuf;

pub use shellward_sandbox::*;

/// What a program needs for its read-only work.
#[derive(Debug, Clone, Copy)]
pub struct Need {
    /// The program, as the command names it.
    pub program: &'static str,
    /// Socket families.
    pub sockets: Sockets,
    /// Paths it must read (`~/` is the home, `$NAME` a variable's value)
    /// although the defaults deny them.
    pub reads: &'static [&'static str],
    /// Why.
    pub why: &'static str,
}

/// Programs whose read-only work needs more than the defaults. (Not
/// `hostnamectl`/`timedatectl`: over D-Bus, root's requests are
/// authorized whatever its capabilities, so the grant would let a wrong
/// verdict set the host name or the clock; their status fails confined.
/// `docker` is the same kind of risk, kept because `docker ps` is daily
/// work: the judge allows only its listing subcommands.)
#[rustfmt::skip]
pub const PROGRAM_NEEDS: &[Need] = &[
    Need { program: "gh",          sockets: Sockets { unix: true, inet: true },  reads: &["~/.config/gh"], why: "GitHub's API over HTTPS (DNS over UDP), with the token in its config" },
    Need { program: "docker",      sockets: Sockets { unix: true, inet: false }, reads: &[],               why: "the daemon's socket, /var/run/docker.sock" },
    Need { program: "podman",      sockets: Sockets { unix: true, inet: false }, reads: &[],               why: "the service socket" },
];

/// Programs that only filter their input: they may share a pipeline with a
/// program of [`PROGRAM_NEEDS`] (none of them runs code or opens sockets).
/// (Not `sort`: `--compress-program` runs a program.)
pub const FILTERS: &[&str] = &[
    "head", "tail", "grep", "egrep", "fgrep", "wc", "uniq", "cut", "tr", "jq", "cat", "column",
    "nl",
];

/// What `analysis` needs beyond the defaults: socket families, and paths
/// to read (nothing unless the whole command qualifies, see the module doc).
pub fn needs(analysis: &shellward_syntax::Analysis) -> (Sockets, Vec<PathBuf>) {
    let commands = analysis.commands();
    let qualifies = analysis.permission_safe()
        && commands.iter().all(|c| {
            // The bare name, found on `PATH`: `./gh` is any program.
            let name = c.argv().next().unwrap_or("");
            // No prefix either: `PATH=. gh` or `LD_PRELOAD=x.so head`
            // runs a program of the workspace's.
            c.assignments.is_empty()
                && (FILTERS.contains(&name) || PROGRAM_NEEDS.iter().any(|n| n.program == name))
                && c.redirects.iter().all(|r| {
                    let t = r.target.value.as_str();
                    !t.starts_with("/dev/tcp") && !t.starts_with("/dev/udp")
                })
        });
    if !qualifies {
        return (Sockets::default(), Vec::new());
    }
    needs_of(programs(analysis))
}

/// What `programs` need together: socket families, and paths to read.
pub fn needs_of<'a>(programs: impl IntoIterator<Item = &'a str>) -> (Sockets, Vec<PathBuf>) {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let mut sockets = Sockets::default();
    let mut reads = Vec::new();
    for name in programs {
        // The bare name only: `./gh` or `/tmp/gh` is any program.
        let Some(need) = PROGRAM_NEEDS.iter().find(|n| n.program == name) else {
            continue;
        };
        sockets.unix |= need.sockets.unix;
        sockets.inet |= need.sockets.inet;
        for path in need.reads {
            if let Some(var) = path.strip_prefix('$') {
                reads.extend(
                    std::env::var_os(var)
                        .map(PathBuf::from)
                        .filter(|p| p.is_absolute()),
                );
                continue;
            }
            match (path.strip_prefix("~/"), &home) {
                (Some(rest), Some(home)) => reads.push(home.join(rest)),
                (Some(_), None) => {}
                (None, _) => reads.push(PathBuf::from(path)),
            }
        }
    }
    (sockets, reads)
}

/// The programs `analysis` runs (each simple command's first word).
pub fn programs(analysis: &shellward_syntax::Analysis) -> Vec<&str> {
    analysis
        .commands()
        .iter()
        .filter_map(|c| c.argv().next())
        .collect()
}
