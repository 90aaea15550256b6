//! The confinement under the verdict ([`shellward_sandbox`], re-exported),
//! and which sockets a command's programs need.
//!
//! A read-only command gets no sockets but netlink listing. A command
//! that runs one of [`SOCKET_PROGRAMS`] gets that row's families for the
//! whole command (one bash process runs the whole pipeline, so the grant
//! cannot be narrower than the command).

pub use shellward_sandbox::*;

/// Programs whose read-only work needs sockets, and why.
#[rustfmt::skip]
pub const SOCKET_PROGRAMS: &[(&str, Sockets, &str)] = &[
    ("gh",          Sockets { unix: true, inet: true },   "GitHub's API over HTTPS (DNS over UDP)"),
    ("docker",      Sockets { unix: true, inet: false },  "the daemon's socket, /var/run/docker.sock"),
    ("podman",      Sockets { unix: true, inet: false },  "the service socket"),
    ("hostnamectl", Sockets { unix: true, inet: false },  "systemd-hostnamed over D-Bus"),
    ("timedatectl", Sockets { unix: true, inet: false },  "systemd-timedated over D-Bus"),
];

/// The socket families `analysis`'s programs need.
pub fn sockets(analysis: &shellward_syntax::Analysis) -> Sockets {
    let mut out = Sockets::default();
    for command in analysis.commands() {
        let Some(program) = command.argv().next() else {
            continue;
        };
        if let Some((_, s, _)) = SOCKET_PROGRAMS.iter().find(|(p, _, _)| *p == program) {
            out.unix |= s.unix;
            out.inet |= s.inet;
        }
    }
    out
}
