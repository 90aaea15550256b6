//! Kernel confinement under a verdict: when shellward lets a command run
//! without asking a person because it judged it read-only, the kernel makes
//! the whole claim true even if the judge is wrong.
//!
//! | what | [`Confinement::ReadOnly`] | [`Confinement::WorkspaceWrite`] | kernel feature |
//! | --- | --- | --- | --- |
//! | file reads | the allow-list of [`reads`]: system trees, the workspace, allowed directories, the user's non-secret dotfiles, toolchains on `PATH`; never `~/.ssh`, `/etc/shadow`, other homes, ... | anything | Landlock ABI 1 |
//! | file writes | `/dev/null`, the output and status files, the session's temp dir | the workspace, the session's temp dir, `/dev/null` | Landlock ABI 1 (truncation: 3, device ioctls: 5) |
//! | sockets | netlink listing only; `AF_UNIX` for daemon clients (`docker`); TCP/UDP only for `gh` ([`seccomp`]) | anything | seccomp; TCP also Landlock ABI 4 |
//! | connecting to named Unix sockets | denied unless `AF_UNIX` is | anything | seccomp; Landlock ABI 9 too |
//! | signals, abstract Unix sockets of processes outside | denied | denied | Landlock ABI 6 |
//! | `ptrace`, `/proc/PID/environ`, `/proc/PID/mem` of processes outside | denied | denied | Landlock ABI 1 |
//! | capabilities | none (bounding, permitted, effective, inheritable, ambient cleared), `no_new_privs` | the same | always |
//! | `io_uring` | denied | denied | seccomp |
//!
//! Everything is prepared in the parent ([`seal`]: the Landlock ruleset
//! with its rules, the compiled BPF program); the child only makes system
//! calls between fork and exec ([`Sealed::enter`], installed by
//! [`install`], the workspace's one `pre_exec`). Where the kernel lacks a
//! feature, the rest still holds and [`features`] says what is missing.

pub mod reads;
pub mod seccomp;

use std::io;
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use landlock::{
    ABI, Access, AccessFs, AccessNet, CompatLevel, Compatible, PathBeneath, Ruleset, RulesetAttr,
    RulesetCreated, RulesetCreatedAttr, RulesetStatus, Scope,
};

pub use reads::{Policy, Reads};
pub use seccomp::Sockets;

/// The newest Landlock ABI this code asks for (best effort below it).
pub const ABI_WANTED: ABI = ABI::V10;

/// How a command is confined.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Confinement {
    /// Not confined.
    #[default]
    None,
    /// Reads from the allow-list only, writes nothing, no network.
    ReadOnly {
        /// The socket families the command's programs need (`gh`: inet;
        /// `docker`: unix).
        sockets: Sockets,
    },
    /// Writes only under these directories (and `/dev/null`); network allowed.
    WorkspaceWrite {
        /// Directories that may be written.
        writable: Vec<PathBuf>,
    },
}

impl Confinement {
    /// Read-only with no sockets but netlink listing.
    pub const READ_ONLY: Confinement = Confinement::ReadOnly {
        sockets: Sockets {
            unix: false,
            inet: false,
        },
    };
}

/// Errors preparing a confinement (in the parent).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The Landlock ruleset could not be built.
    #[error("Landlock ruleset: {0}")]
    Landlock(#[from] landlock::RulesetError),
    /// The seccomp filter could not be compiled.
    #[error("seccomp filter: {0}")]
    Seccomp(#[from] seccomp::Error),
    /// The read layer could not be built.
    #[error("sandbox read layer: {0}")]
    ReadLayer(String),
    /// The read layer's descriptor could not be duplicated.
    #[error("sandbox read layer: {0}")]
    Descriptor(io::Error),
}

/// What the kernel offers, probed once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Features {
    /// The Landlock ABI (0: none).
    pub landlock_abi: u8,
    /// A seccomp filter can be installed.
    pub seccomp: bool,
}

/// Coarse support, for the one-line notice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Support {
    /// Everything in the table of this crate's documentation is enforced
    /// (Landlock ABI 6 or later, and seccomp).
    Full,
    /// Some of it: [`Features::gaps`] says what is not.
    Partial,
    /// No Landlock: reads and writes are not confined.
    Unavailable,
}

impl Features {
    /// The coarse level.
    pub fn support(&self) -> Support {
        match (self.landlock_abi, self.seccomp) {
            (0, _) => Support::Unavailable,
            (6.., true) => Support::Full,
            _ => Support::Partial,
        }
    }

    /// What is not enforced on this kernel, one phrase each.
    pub fn gaps(&self) -> Vec<&'static str> {
        #[rustfmt::skip]
        let rows: [(bool, &str); 6] = [
            (self.landlock_abi == 0, "file reads and writes (no Landlock)"),
            (self.landlock_abi < 4, "TCP in the kernel's own rules (Landlock ABI 4)"),
            (self.landlock_abi < 6, "signals and abstract sockets to processes outside (Landlock ABI 6)"),
            (self.landlock_abi < 9, "named Unix sockets beyond the seccomp family check (Landlock ABI 9)"),
            (!self.seccomp, "UDP, raw, packet, netlink and other sockets, io_uring (no seccomp)"),
            (cfg!(not(target_os = "linux")), "everything (not Linux)"),
        ];
        rows.into_iter()
            .filter(|(gap, _)| *gap)
            .map(|(_, what)| what)
            .collect()
    }
}

/// Probe once, on throwaway threads (Landlock and seccomp apply to the
/// calling thread only, so the probe does not confine this process).
pub fn features() -> &'static Features {
    static FEATURES: OnceLock<Features> = OnceLock::new();
    FEATURES.get_or_init(|| Features {
        landlock_abi: landlock_abi(),
        seccomp: std::thread::spawn(|| {
            let Ok(Some(program)) = seccomp::filter(seccomp::Filter::default()) else {
                return false;
            };
            rustix::thread::set_no_new_privs(true).is_ok()
                && seccompiler::apply_filter(&program).is_ok()
        })
        .join()
        .unwrap_or(false),
    })
}

/// The coarse support level ([`features`]).
pub fn support() -> Support {
    features().support()
}

/// The kernel's Landlock ABI version (0: none), confirmed by restricting
/// a throwaway thread.
fn landlock_abi() -> u8 {
    let version = abi_version();
    if version > 0 && restricts() {
        u8::try_from(version).unwrap_or(u8::MAX)
    } else {
        0
    }
}

/// `landlock_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_VERSION)`.
#[allow(unsafe_code)]
fn abi_version() -> i64 {
    const LANDLOCK_CREATE_RULESET_VERSION: libc::c_uint = 1;
    // SAFETY: with a null attribute pointer, size 0 and the VERSION flag
    // the call reads and writes no memory; it returns the ABI or -1.
    let version = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<libc::c_void>(),
            0usize,
            LANDLOCK_CREATE_RULESET_VERSION,
        )
    };
    version.max(0)
}

fn restricts() -> bool {
    std::thread::spawn(|| {
        Ruleset::default()
            .handle_access(AccessFs::from_write(ABI::V1))
            .and_then(|r| r.create())
            .and_then(|r| r.restrict_self())
            .is_ok_and(|s| s.ruleset != RulesetStatus::NotEnforced)
    })
    .join()
    .unwrap_or(false)
}

/// Files and directories a confined command may write.
#[derive(Debug, Clone, Copy, Default)]
pub struct Writes<'a> {
    /// Existing files (the wrapper's output and status files).
    pub files: &'a [&'a Path],
    /// Directories (the session's temp dir: `sort` spills there).
    pub dirs: &'a [&'a Path],
}

/// Everything the child needs, prepared in the parent: two Landlock
/// layers (a domain is the intersection of its layers, and each layer
/// restricts only the rights it handles) and the seccomp program.
#[derive(Debug)]
pub struct Sealed {
    /// Reads: the snapshot's ruleset, built once per policy and shared
    /// (this is a duplicate of its descriptor).
    read_layer: Option<OwnedFd>,
    /// Writes, TCP, scopes and named sockets: small, built per command.
    write_layer: Option<RulesetCreated>,
    filter: Option<seccompiler::BpfProgram>,
}

/// Prepare `confinement` (none for [`Confinement::None`]): `reads` is the
/// snapshot for read-only commands (unused by the other profiles).
pub fn seal(
    confinement: &Confinement,
    reads: &Reads,
    writes: Writes<'_>,
) -> Result<Option<Sealed>, Error> {
    let features = features();
    let (read_layer, write_layer, sockets) = match confinement {
        Confinement::None => return Ok(None),
        Confinement::ReadOnly { sockets } => {
            let read_layer = match reads.layer()? {
                Some(fd) => Some(fd.try_clone_to_owned().map_err(Error::Descriptor)?),
                None => None,
            };
            (read_layer, write_layer(writes, &[], *sockets)?, *sockets)
        }
        Confinement::WorkspaceWrite { writable } => {
            let dirs: Vec<&Path> = writable.iter().map(PathBuf::as_path).collect();
            let all = Sockets {
                unix: true,
                inet: true,
            };
            (None, write_layer(writes, &dirs, all)?, all)
        }
    };
    let read_only = matches!(confinement, Confinement::ReadOnly { .. });
    let filter = if features.seccomp {
        seccomp::cached(seccomp::Filter { sockets, read_only })?
    } else {
        None
    };
    Ok(Some(Sealed {
        read_layer,
        write_layer: (features.landlock_abi > 0).then_some(write_layer),
        filter,
    }))
}

/// The per-command layer: writes only to `/dev/null`, `writes.files` and
/// the directories; TCP unless `sockets.inet`; named Unix sockets only
/// with `sockets.unix` (Landlock ABI 9); no signals or abstract sockets
/// to processes outside (ABI 6).
fn write_layer(
    writes: Writes<'_>,
    more_dirs: &[&Path],
    sockets: Sockets,
) -> Result<RulesetCreated, landlock::RulesetError> {
    let mut ruleset = Ruleset::default()
        .set_compatibility(CompatLevel::BestEffort)
        .handle_access(AccessFs::from_write(ABI_WANTED))?
        .scope(Scope::from_all(ABI_WANTED))?;
    if !sockets.inet {
        ruleset = ruleset.handle_access(AccessNet::from_all(ABI_WANTED))?;
    }
    let mut created = ruleset.create()?;
    if sockets.unix
        && let Some((fd, _)) = reads::open(Path::new("/"), AccessFs::ResolveUnix.into())
    {
        created = created.add_rule(PathBeneath::new(fd.as_fd(), AccessFs::ResolveUnix))?;
    }
    // `> /dev/null` opens it with `O_TRUNC`.
    let file = AccessFs::WriteFile | AccessFs::Truncate;
    for path in std::iter::once(Path::new("/dev/null")).chain(writes.files.iter().copied()) {
        if let Some((fd, access)) = reads::open(path, file) {
            created = created.add_rule(PathBeneath::new(fd, access))?;
        }
    }
    let write = AccessFs::from_write(ABI_WANTED);
    for dir in writes.dirs.iter().chain(more_dirs) {
        // Opened without following a final link: it was created by us.
        if let Some((fd, access)) = reads::open(dir, write) {
            created = created.add_rule(PathBeneath::new(fd, access))?;
        }
    }
    Ok(created)
}

impl Sealed {
    /// Enter the confinement: in the child, between fork and exec (or in
    /// a process about to exec). Only system calls: capabilities dropped,
    /// `no_new_privs`, the Landlock layers, then the seccomp filter. Any
    /// failure is an error: the command must not run unconfined.
    pub fn enter(mut self) -> io::Result<()> {
        drop_capabilities()?;
        rustix::thread::set_no_new_privs(true)?;
        if let Some(fd) = &self.read_layer {
            restrict_self(fd.as_fd())?;
        }
        if let Some(ruleset) = self.write_layer.take() {
            ruleset.restrict_self().map_err(|_| denied())?;
        }
        if let Some(filter) = &self.filter {
            seccompiler::apply_filter(filter).map_err(|_| denied())?;
        }
        // No deallocation after fork: the allocator's lock may be held by
        // a thread that no longer exists in this process.
        std::mem::forget(self);
        Ok(())
    }
}

/// `landlock_restrict_self(fd, 0)`: a ruleset descriptor stays usable, so
/// the read layer is built once and entered by every command.
#[allow(unsafe_code)]
fn restrict_self(ruleset: BorrowedFd<'_>) -> io::Result<()> {
    // SAFETY: the call takes a descriptor and flags by value; it reads and
    // writes no memory of ours.
    let done =
        unsafe { libc::syscall(libc::SYS_landlock_restrict_self, ruleset.as_raw_fd(), 0u32) };
    if done == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

fn denied() -> io::Error {
    io::Error::from_raw_os_error(libc::EPERM)
}

/// Clear every capability set. The bounding set needs `CAP_SETPCAP`
/// (dropped silently where we lack it: with an empty permitted set and
/// `no_new_privs`, `execve` as root gains nothing either); the rest must
/// succeed.
fn drop_capabilities() -> io::Result<()> {
    use rustix::io::Errno;
    use rustix::thread::{CapabilitySet, CapabilitySets};
    for bit in 0..64u32 {
        let cap = CapabilitySet::from_bits_retain(1 << bit);
        if rustix::thread::remove_capability_from_bounding_set(cap) == Err(Errno::INVAL) {
            break; // past the last capability this kernel knows
        }
    }
    match rustix::thread::clear_ambient_capability_set() {
        Ok(()) | Err(Errno::INVAL) => {}
        Err(e) => return Err(e.into()),
    }
    let empty = CapabilitySet::empty();
    rustix::thread::set_capabilities(
        None,
        CapabilitySets {
            effective: empty,
            permitted: empty,
            inheritable: empty,
        },
    )?;
    Ok(())
}

/// Enter `sealed` in the child of `cmd`, between fork and exec.
#[allow(unsafe_code)]
pub fn install(cmd: &mut std::process::Command, sealed: Sealed) {
    use std::os::unix::process::CommandExt;
    let mut sealed = Some(sealed);
    // SAFETY: the closure runs in the forked child before exec. It only
    // makes system calls (prctl, capset, landlock_restrict_self, seccomp)
    // on data built in the parent; nothing is allocated or freed (errors
    // are raw OS errors; `enter` forgets what it owns), and no lock is
    // taken. A failure aborts the spawn instead of running unconfined.
    unsafe {
        cmd.pre_exec(move || match sealed.take() {
            Some(s) => s.enter(),
            None => Ok(()),
        });
    }
}
