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
//! `socketpair(2)` stays allowed (a connected pair, nobody outside).
//! `io_uring` is denied outright: its `IORING_OP_SOCKET` would create a
//! socket without calling `socket(2)`. A denied call fails with `EACCES`.
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

/// The x32 ABI's system call bit.
#[cfg(target_arch = "x86_64")]
const X32: &[i64] = &[0, 0x4000_0000];
#[cfg(not(target_arch = "x86_64"))]
const X32: &[i64] = &[0];

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

/// Compile the filter for `sockets` for this machine's architecture; none
/// where seccompiler does not know the architecture.
pub fn filter(sockets: Sockets) -> Result<Option<BpfProgram>, Error> {
    let Ok(arch) = std::env::consts::ARCH.try_into() else {
        return Ok(None);
    };
    let mut rules: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
    for bit in X32 {
        rules.insert(libc::SYS_socket | bit, socket_rules(sockets)?);
        for call in [
            libc::SYS_io_uring_setup,
            libc::SYS_io_uring_enter,
            libc::SYS_io_uring_register,
        ] {
            rules.insert(call | bit, Vec::new());
        }
    }
    let filter = SeccompFilter::new(
        rules,
        SeccompAction::Allow,
        SeccompAction::Errno(libc::EACCES as u32),
        arch,
    )?;
    Ok(Some(filter.try_into()?))
}
