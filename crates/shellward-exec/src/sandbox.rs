//! Landlock confinement under the verdict: when shellward runs a command
//! without asking a person because it judged it read-only, the kernel makes
//! that true even if the judge is wrong.
//!
//! | confinement | filesystem writes | TCP connect/bind | used for |
//! | --- | --- | --- | --- |
//! | [`Confinement::ReadOnly`] | only `/dev/null` and the session's temp dir (`TMPDIR`; the output file is opened by us and inherited) | denied, unless the command is a network read (`gh`) | auto-allowed read-only commands; every command in plan mode |
//! | [`Confinement::WorkspaceWrite`] | the workspace, the session's temp dir, `/dev/null` | allowed | build mode, when the settings turn it on |
//! | [`Confinement::None`] | anything | anything | commands a rule or a person approved |
//!
//! Reading is never restricted (the judge's path rules ask about reads
//! outside the workspace). The ruleset is built in the parent; the child
//! only calls `landlock_restrict_self` between fork and exec. Where the
//! kernel has no Landlock, the command runs on the verdict alone and the
//! result says so once per session.

use std::path::PathBuf;
use std::sync::OnceLock;

use landlock::{
    ABI, AccessFs, AccessNet, CompatLevel, Compatible, PathBeneath, PathFd, Ruleset, RulesetAttr,
    RulesetCreated, RulesetCreatedAttr, RulesetStatus,
};

/// The newest Landlock ABI this code asks for (best effort below it).
const ABI_WANTED: ABI = ABI::V6;

/// How a command is confined.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Confinement {
    /// Not confined.
    #[default]
    None,
    /// No writes but `/dev/null`; no TCP unless `network`.
    ReadOnly {
        /// Allow TCP connect and bind (network reads such as `gh`).
        network: bool,
    },
    /// Writes only under these directories (and `/dev/null`); network allowed.
    WorkspaceWrite {
        /// Directories that may be written.
        writable: Vec<PathBuf>,
    },
}

/// What the kernel offers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Support {
    /// Landlock enforces our rules fully.
    Full,
    /// Some of them (an older ABI: e.g. no TCP rules before ABI 4).
    Partial,
    /// None: no Landlock in this kernel, or it is disabled.
    Unavailable,
}

/// Probe once, on a throwaway thread (a Landlock restriction applies to the
/// calling thread only, so the probe does not confine this process).
pub fn support() -> &'static Support {
    static SUPPORT: OnceLock<Support> = OnceLock::new();
    SUPPORT.get_or_init(|| {
        std::thread::spawn(
            || match ruleset(&Confinement::ReadOnly { network: false }, &[], &[]) {
                Ok(created) => match created.restrict_self() {
                    Ok(status) => match status.ruleset {
                        RulesetStatus::FullyEnforced => Support::Full,
                        RulesetStatus::PartiallyEnforced => Support::Partial,
                        RulesetStatus::NotEnforced => Support::Unavailable,
                    },
                    Err(_) => Support::Unavailable,
                },
                Err(_) => Support::Unavailable,
            },
        )
        .join()
        .unwrap_or(Support::Unavailable)
    })
}

/// Build the ruleset for `confinement` (in the parent, before fork);
/// `files` are existing files the command may still write (the wrapper's
/// status file), `dirs` directories it may write in (the session's own
/// temporary directory: `sort` spills there, and it is nobody else's).
pub fn ruleset(
    confinement: &Confinement,
    files: &[&std::path::Path],
    dirs: &[&std::path::Path],
) -> Result<RulesetCreated, landlock::RulesetError> {
    let write = AccessFs::from_write(ABI_WANTED);
    let mut rules = Ruleset::default()
        .set_compatibility(CompatLevel::BestEffort)
        .handle_access(write)?;
    let network_denied = matches!(confinement, Confinement::ReadOnly { network: false });
    if network_denied {
        rules = rules.handle_access(AccessNet::BindTcp | AccessNet::ConnectTcp)?;
    }
    let mut created = rules.create()?;
    // `> /dev/null` opens it for writing with O_TRUNC.
    for file in std::iter::once(std::path::Path::new("/dev/null")).chain(files.iter().copied()) {
        if let Ok(fd) = PathFd::new(file) {
            created = created.add_rule(PathBeneath::new(
                fd,
                AccessFs::WriteFile | AccessFs::Truncate,
            ))?;
        }
    }
    for dir in dirs {
        if let Ok(fd) = PathFd::new(dir) {
            created = created.add_rule(PathBeneath::new(fd, write))?;
        }
    }
    if let Confinement::WorkspaceWrite { writable } = confinement {
        for dir in writable {
            if let Ok(fd) = PathFd::new(dir) {
                created = created.add_rule(PathBeneath::new(fd, write))?;
            }
        }
    }
    Ok(created)
}

/// Does a command do network reads that its confinement should allow?
/// (`gh` talks to GitHub's API over TCP; `docker` uses a Unix socket, which
/// TCP rules do not touch.)
pub fn needs_network(analysis: &shellward_syntax::Analysis) -> bool {
    analysis
        .commands()
        .iter()
        .any(|c| c.argv().next() == Some("gh"))
}
