//! The seccomp filter: which sockets a confined command may create.
//!
//! Landlock (before ABI 10) governs only TCP ports, so a datagram to a DNS
//! server, a raw or packet socket, a VM socket to the host, or a netlink
//! message that rewrites the routing table goes around it. The filter
//! decides at `socket(2)`, by address family and protocol:
//!
//! | family | read-only | with `unix` | with `inet` (`gh`) |
//! | --- | --- | --- | --- |
//! | `AF_UNIX` | denied | allowed | allowed |
//! | `AF_NETLINK`, `NETLINK_ROUTE` / `NETLINK_SOCK_DIAG` | allowed (listing only: every change needs `CAP_NET_ADMIN`, which is dropped) | allowed | allowed |
//! | `AF_INET`, `AF_INET6` | denied | denied | allowed |
//! | anything else (packet, raw via netlink, vsock, bluetooth, alg, ...) | denied | denied | denied |
//!
//! `socketpair(2)` stays allowed for stream pairs (connected, nobody
//! outside); a datagram pair could be pointed at any named socket, so it
//! needs `unix`. `io_uring` is denied outright: its `IORING_OP_SOCKET`
//! would create a socket without calling `socket(2)`. The `TIOCSTI` and
//! `TIOCLINUX` ioctls (typing into the terminal a command shares with its
//! parent) are denied in every profile.
//!
//! What Landlock does not govern, the read-only profile also denies here
//! ([`READ_ONLY_DENIED`]): file modes, owners, times, extended attributes
//! and flags (root owns most of the system, and `chmod 4777` needs no
//! capability on one's own file), the kernel keyrings, System V IPC, and
//! resource limits of other processes. A denied call fails with `EACCES`.
//! The filter checks the architecture first; a system call of another ABI
//! (i386 `socketcall`) kills the process. On x86_64 the x32 numbers of the
//! same calls are filtered too.

use std::collections::BTreeMap;

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule,
};

/// Which socket families a command may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Sockets {
    /// `AF_UNIX`: connecting to local daemons (`docker`, D-Bus).
    pub unix: bool,
    /// `AF_INET`/`AF_INET6`: the network (`gh`).
    pub inet: bool,
}

/// Netlink protocols a read-only command may open: route/link/address
/// listing (`ip`) and socket listing (`ss`).
const NETLINK_READ: [u64; 2] = [libc::NETLINK_ROUTE as u64, libc::NETLINK_SOCK_DIAG as u64];

/// The system call number spaces to filter: the native one, and on x86_64
/// the x32 ABI's (the same numbers with bit 30 set) where the kernel runs
/// x32 code (most do not: then its calls fail with `ENOSYS` anyway, and a
/// filter half the size is half the cost to load, per command).
fn number_spaces() -> &'static [i64] {
    #[cfg(target_arch = "x86_64")]
    {
        static SPACES: std::sync::OnceLock<&'static [i64]> = std::sync::OnceLock::new();
        SPACES.get_or_init(|| {
            if x32_supported() {
                &[0, 0x4000_0000]
            } else {
                &[0]
            }
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        &[0]
    }
}

/// Does the kernel answer an x32 system call (`getpid | 0x40000000`)?
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
fn x32_supported() -> bool {
    // SAFETY: getpid takes no arguments and touches no memory; with the
    // x32 bit it is the same call or ENOSYS.
    let r = unsafe { libc::syscall(libc::SYS_getpid | 0x4000_0000) };
    r >= 0
}

/// System calls a read-only command never needs, and what each would
/// change. (The x86_64-only spellings are added on that architecture.)
#[rustfmt::skip]
pub const READ_ONLY_DENIED: &[(i64, &str)] = &[
    (libc::SYS_fchmod,        "file modes"),
    (libc::SYS_fchmodat,      "file modes"),
    (libc::SYS_fchown,        "file owners"),
    (libc::SYS_fchownat,      "file owners"),
    (libc::SYS_utimensat,     "file times"),
    (libc::SYS_setxattr,      "extended attributes and ACLs"),
    (libc::SYS_lsetxattr,     "extended attributes and ACLs"),
    (libc::SYS_fsetxattr,     "extended attributes and ACLs"),
    (libc::SYS_removexattr,   "extended attributes and ACLs"),
    (libc::SYS_lremovexattr,  "extended attributes and ACLs"),
    (libc::SYS_fremovexattr,  "extended attributes and ACLs"),
    (libc::SYS_add_key,       "the kernel keyrings"),
    (libc::SYS_keyctl,        "the kernel keyrings"),
    (libc::SYS_request_key,   "the kernel keyrings (and its upcall runs a program)"),
    (libc::SYS_shmget,        "System V shared memory"),
    (libc::SYS_shmat,         "System V shared memory"),
    (libc::SYS_shmctl,        "System V shared memory"),
    (libc::SYS_msgget,        "System V message queues"),
    (libc::SYS_msgsnd,        "System V message queues"),
    (libc::SYS_msgrcv,        "System V message queues"),
    (libc::SYS_msgctl,        "System V message queues"),
    (libc::SYS_semget,        "System V semaphores"),
    (libc::SYS_semop,         "System V semaphores"),
    (libc::SYS_semtimedop,    "System V semaphores"),
    (libc::SYS_semctl,        "System V semaphores"),
    (libc::SYS_mq_open,       "POSIX message queues (Landlock does not govern them)"),
    (libc::SYS_mq_unlink,     "POSIX message queues"),
    (libc::SYS_mq_timedsend,  "POSIX message queues"),
    (libc::SYS_mq_timedreceive, "POSIX message queues"),
    (libc::SYS_mq_notify,     "POSIX message queues"),
    (libc::SYS_mq_getsetattr, "POSIX message queues"),
];

/// The same, for calls that exist only on x86_64.
#[cfg(target_arch = "x86_64")]
#[rustfmt::skip]
const READ_ONLY_DENIED_X86_64: &[i64] = &[
    libc::SYS_chmod, libc::SYS_chown, libc::SYS_lchown, libc::SYS_utime, libc::SYS_utimes,
    libc::SYS_futimesat,
];
#[cfg(not(target_arch = "x86_64"))]
const READ_ONLY_DENIED_X86_64: &[i64] = &[];

/// Newer calls that change what [`READ_ONLY_DENIED`] guards, not yet in
/// every libc: `fchmodat2` (Linux 6.6), `setxattrat` and `removexattrat`
/// (6.13), `open_tree_attr` (6.15), `file_setattr` (6.17). Same numbers on
/// every architecture (the unified table).
const NEWER_DENIED: [i64; 5] = [452, 463, 466, 467, 469];

/// Terminal ioctls that inject input: denied in every profile. (The
/// request type differs between libcs: the casts are for portability.)
#[allow(clippy::unnecessary_cast)]
const TTY_INJECT: [u64; 2] = [libc::TIOCSTI as u64, libc::TIOCLINUX as u64];

/// File flag ioctls (`chattr`): denied to read-only commands.
const FS_FLAGS: [u64; 2] = [
    0x4008_6602, /* FS_IOC_SETFLAGS */
    0x401c_5820, /* FS_IOC_FSSETXATTR */
];

/// Errors building the filter.
pub type Error = seccompiler::BackendError;

fn cond(arg: u8, op: SeccompCmpOp, value: u64) -> Result<SeccompCondition, Error> {
    SeccompCondition::new(arg, SeccompCmpArgLen::Dword, op, value)
}

/// The rules under which `socket(domain, type, protocol)` is denied.
fn socket_rules(sockets: Sockets) -> Result<Vec<SeccompRule>, Error> {
    let mut allowed = vec![libc::AF_NETLINK as u64];
    if sockets.unix {
        allowed.push(libc::AF_UNIX as u64);
    }
    if sockets.inet {
        allowed.extend([libc::AF_INET as u64, libc::AF_INET6 as u64]);
    }
    // Any family not allowed.
    let other = allowed
        .iter()
        .map(|&f| cond(0, SeccompCmpOp::Ne, f))
        .collect::<Result<Vec<_>, _>>()?;
    // Netlink, but not a listing protocol.
    let mut netlink = vec![cond(0, SeccompCmpOp::Eq, libc::AF_NETLINK as u64)?];
    for p in NETLINK_READ {
        netlink.push(cond(2, SeccompCmpOp::Ne, p)?);
    }
    Ok(vec![SeccompRule::new(other)?, SeccompRule::new(netlink)?])
}

/// `socketpair(2)` of any type but a stream.
fn socketpair_rules() -> Result<Vec<SeccompRule>, Error> {
    [
        libc::SOCK_DGRAM,
        libc::SOCK_RAW,
        libc::SOCK_RDM,
        libc::SOCK_SEQPACKET,
        10, /* SOCK_PACKET */
    ]
    .into_iter()
    .map(|t| SeccompRule::new(vec![cond(1, SeccompCmpOp::MaskedEq(0xf), t as u64)?]))
    .collect()
}

/// `ioctl(fd, request)` for any of `requests`.
fn ioctl_rules(requests: &[u64]) -> Result<Vec<SeccompRule>, Error> {
    requests
        .iter()
        .map(|&r| SeccompRule::new(vec![cond(1, SeccompCmpOp::Eq, r)?]))
        .collect()
}

/// What the filter denies: the socket families not in `sockets`, and with
/// `read_only` the calls of [`READ_ONLY_DENIED`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Filter {
    /// Socket families allowed.
    pub sockets: Sockets,
    /// The read-only profile's extra denials.
    pub read_only: bool,
}

/// [`filter`], compiled once per process for each of its few variants.
pub fn cached(filter: Filter) -> Result<Option<BpfProgram>, Error> {
    use std::collections::HashMap;
    use std::sync::Mutex;
    static CACHE: std::sync::OnceLock<Mutex<HashMap<Filter, Option<BpfProgram>>>> =
        std::sync::OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut cache = cache
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(hit) = cache.get(&filter) {
        return Ok(hit.clone());
    }
    let program = self::filter(filter)?;
    cache.insert(filter, program.clone());
    Ok(program)
}

/// Compile `filter` for this machine's architecture; none where
/// seccompiler does not know the architecture.
pub fn filter(filter: Filter) -> Result<Option<BpfProgram>, Error> {
    let Ok(arch) = std::env::consts::ARCH.try_into() else {
        return Ok(None);
    };
    let mut rules: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
    // Calls denied whatever their arguments: checked by a compact block
    // before seccompiler's program (its code for a call is several
    // instructions, and loading a filter costs about 0.5 µs per
    // instruction, paid by every command).
    let mut always: Vec<i64> = Vec::new();
    let ioctls: Vec<u64> = if filter.read_only {
        TTY_INJECT.iter().chain(&FS_FLAGS).copied().collect()
    } else {
        TTY_INJECT.to_vec()
    };
    for bit in number_spaces() {
        rules.insert(libc::SYS_socket | bit, socket_rules(filter.sockets)?);
        if !filter.sockets.unix {
            rules.insert(libc::SYS_socketpair | bit, socketpair_rules()?);
        }
        rules.insert(libc::SYS_ioctl | bit, ioctl_rules(&ioctls)?);
        for call in [
            libc::SYS_io_uring_setup,
            libc::SYS_io_uring_enter,
            libc::SYS_io_uring_register,
        ] {
            always.push(call | bit);
        }
        if filter.read_only {
            let calls = READ_ONLY_DENIED.iter().map(|(c, _)| *c);
            for call in calls
                .chain(READ_ONLY_DENIED_X86_64.iter().copied())
                .chain(NEWER_DENIED)
            {
                always.push(call | bit);
            }
            // Setting another process's limits (`prlimit(pid, _, new, _)`).
            let other = SeccompRule::new(vec![
                cond(0, SeccompCmpOp::Ne, 0)?,
                SeccompCondition::new(2, SeccompCmpArgLen::Qword, SeccompCmpOp::Ne, 0)?,
            ])?;
            rules.insert(libc::SYS_prlimit64 | bit, vec![other]);
        }
    }
    always.sort_unstable();
    always.dedup();
    // Where the compact block cannot hold them (an architecture it does
    // not know, or too many for one-byte jumps), seccompiler checks them.
    if audit_arch().is_none() || always.len() > 200 {
        for call in always.drain(..) {
            rules.insert(call, Vec::new());
        }
    }
    let lowest = rules.keys().chain(&always).min().copied().unwrap_or(0);
    let filter = SeccompFilter::new(
        rules,
        SeccompAction::Allow,
        SeccompAction::Errno(libc::EACCES as u32),
        arch,
    )?;
    let program: BpfProgram = filter.try_into()?;
    Ok(Some(with_prefix(program, lowest, &always)))
}

/// The audit architecture the compact block checks, where it knows it.
fn audit_arch() -> Option<u32> {
    match std::env::consts::ARCH {
        "x86_64" => Some(0xc000_003e),  // AUDIT_ARCH_X86_64
        "aarch64" => Some(0xc000_00b7), // AUDIT_ARCH_AARCH64
        _ => None,
    }
}

/// Prepend to seccompiler's `program` (whole: its own architecture check
/// kills a call of another ABI): the architecture check, a fast path for
/// calls numbered below every filtered one (`read`, `write`, `mmap`, ...
/// are 0–15 on x86_64 and make most of a program's calls: allowed at
/// once), and the calls denied whatever their arguments, one comparison
/// each.
fn with_prefix(program: BpfProgram, lowest: i64, always: &[i64]) -> BpfProgram {
    use seccompiler::sock_filter;
    const LD_W_ABS: u16 = 0x20; // BPF_LD | BPF_W | BPF_ABS
    const JEQ_K: u16 = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
    const JGE_K: u16 = 0x35; // BPF_JMP | BPF_JGE | BPF_K
    const JA: u16 = 0x05; // BPF_JMP | BPF_JA
    const RET_K: u16 = 0x06; // BPF_RET | BPF_K
    const SECCOMP_RET_ALLOW: u32 = 0x7fff_0000;
    const SECCOMP_RET_ERRNO: u32 = 0x0005_0000;
    // The caller moved the list into seccompiler's program where these
    // do not hold; then only the fast path is skipped.
    let (Some(arch), Ok(lowest), Ok(always), Ok(n)) = (
        audit_arch(),
        u32::try_from(lowest),
        always
            .iter()
            .map(|&c| u32::try_from(c))
            .collect::<Result<Vec<u32>, _>>(),
        u8::try_from(always.len()),
    ) else {
        return program;
    };
    if n > 200 {
        return program;
    }
    let insn = |code, jt, jf, k| sock_filter { code, jt, jf, k };
    let mut out = vec![
        insn(LD_W_ABS, 0, 0, 4),              // 0: the architecture
        insn(JEQ_K, 0, n + 5, arch),          // 1: ours? else to seccompiler's program
        insn(LD_W_ABS, 0, 0, 0),              // 2: the call number
        insn(JGE_K, 1, 0, lowest),            // 3: filtered ones start here
        insn(RET_K, 0, 0, SECCOMP_RET_ALLOW), // 4: below them: allowed
    ];
    for (i, &call) in always.iter().enumerate() {
        // To the denial after the list.
        let to_deny = n - u8::try_from(i).unwrap_or(n);
        out.push(insn(JEQ_K, to_deny, 0, call));
    }
    out.push(insn(JA, 0, 0, 1)); // not in the list: to seccompiler's program
    out.push(insn(RET_K, 0, 0, SECCOMP_RET_ERRNO | libc::EACCES as u32));
    out.extend(program);
    out
}
