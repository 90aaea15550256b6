//! A judge mistake, forced onto the confinement: each command below is
//! one the judge should never have let through, run with real processes
//! confined and unconfined. Confined it fails; unconfined it succeeds, so
//! every test can fail.

#![allow(clippy::unwrap_used, clippy::panic)]

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use shellward_sandbox::{Confinement, Policy, Reads, Sockets, Support, Writes};

/// A fake home with secrets, a workspace, and the policy over them.
struct Fixture {
    _dir: tempfile::TempDir,
    home: PathBuf,
    ws: PathBuf,
    reads: Reads,
}

fn fixture() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    let (home, ws) = (root.join("home"), root.join("ws"));
    std::fs::create_dir_all(home.join(".ssh")).unwrap();
    std::fs::create_dir_all(home.join(".config/git")).unwrap();
    std::fs::create_dir_all(&ws).unwrap();
    std::fs::write(home.join(".ssh/id_rsa"), "PRIVATE KEY\n").unwrap();
    std::fs::write(home.join(".gitconfig"), "[user]\n").unwrap();
    std::fs::write(ws.join("notes.txt"), "hello\n").unwrap();
    // The planted link: a file in the workspace that is the key.
    std::os::unix::fs::symlink(home.join(".ssh/id_rsa"), ws.join("key")).unwrap();
    let policy = Policy {
        home: Some(home.clone()),
        ..Policy::from_env(vec![ws.clone()], vec![])
    };
    let reads = Reads::snapshot(&policy);
    Fixture {
        _dir: dir,
        home,
        ws,
        reads,
    }
}

struct Ran {
    ok: bool,
    out: String,
}

type PreExec = fn() -> std::io::Result<()>;

impl Fixture {
    /// Run `script` with bash in the workspace: under `confinement`
    /// (none: unconfined), after `pre` (a namespace to play in).
    fn run(&self, confinement: &Confinement, script: &str, pre: Option<PreExec>) -> Ran {
        let mut cmd = Command::new("bash");
        cmd.arg("-c")
            .arg(script)
            .current_dir(&self.ws)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(pre) = pre {
            #[allow(unsafe_code)]
            // SAFETY: `pre` makes one system call (unshare) in the child.
            unsafe {
                cmd.pre_exec(pre);
            }
        }
        if let Some(sealed) =
            shellward_sandbox::seal(confinement, &self.reads, Writes::default()).unwrap()
        {
            shellward_sandbox::install(&mut cmd, sealed);
        }
        let out = cmd.output().unwrap();
        Ran {
            ok: out.status.success(),
            out: format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ),
        }
    }

    /// The same script confined read-only (fails) and unconfined (works).
    fn contained(&self, script: &str, pre: Option<PreExec>) -> (Ran, Ran) {
        let confined = self.run(&Confinement::READ_ONLY, script, pre);
        let free = self.run(&Confinement::None, script, pre);
        assert!(
            !confined.ok,
            "confined succeeded: {script}: {}",
            confined.out
        );
        assert!(free.ok, "unconfined failed: {script}: {}", free.out);
        (confined, free)
    }
}

#[allow(deprecated)] // `unshare_unsafe` is the same call, marked unsafe
fn new_net() -> std::io::Result<()> {
    rustix::thread::unshare(rustix::thread::UnshareFlags::NEWNET).map_err(Into::into)
}

#[allow(deprecated)]
fn new_uts() -> std::io::Result<()> {
    rustix::thread::unshare(rustix::thread::UnshareFlags::NEWUTS).map_err(Into::into)
}

#[test]
fn the_kernel_offers_everything_here() {
    // CI's machine kind has Landlock ABI 7 and seccomp; if this fails, the
    // tests below would prove less than they say.
    let f = shellward_sandbox::features();
    assert_eq!(f.support(), Support::Full, "{f:?}");
}

#[test]
fn reads_stay_inside_the_allow_list() {
    let f = fixture();
    let (confined, free) = f.contained("cat key", None);
    assert!(!confined.out.contains("PRIVATE"), "{}", confined.out);
    assert!(free.out.contains("PRIVATE KEY"));
    f.contained(
        &format!("cat {}", f.home.join(".ssh/id_rsa").display()),
        None,
    );
    f.contained(&format!("ls {}", f.home.join(".ssh").display()), None);
    f.contained("head -c1 /etc/shadow", None);
    // What programs need still reads.
    let ok = f.run(
        &Confinement::READ_ONLY,
        &format!(
            "cat notes.txt {} /etc/passwd >/dev/null && ls /usr/bin >/dev/null && echo fine",
            f.home.join(".gitconfig").display()
        ),
        None,
    );
    assert!(ok.ok && ok.out.contains("fine"), "{}", ok.out);
}

#[test]
fn writes_are_denied() {
    let f = fixture();
    f.contained("echo x > new.txt", None);
    let ok = f.run(&Confinement::READ_ONLY, "echo x > /dev/null", None);
    assert!(ok.ok, "{}", ok.out);
}

#[test]
fn no_tcp_connection() {
    let f = fixture();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || for _ in listener.incoming() {});
    f.contained(&format!("exec 3<>/dev/tcp/127.0.0.1/{port}"), None);
    // gh's exception.
    let gh = Confinement::ReadOnly {
        sockets: Sockets {
            unix: true,
            inet: true,
        },
    };
    let ran = f.run(&gh, &format!("exec 3<>/dev/tcp/127.0.0.1/{port}"), None);
    assert!(ran.ok, "{}", ran.out);
}

#[test]
fn no_udp_datagram_and_no_name_lookup_over_the_network() {
    let f = fixture();
    let socket = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    let port = socket.local_addr().unwrap().port();
    socket
        .set_read_timeout(Some(std::time::Duration::from_secs(5)))
        .unwrap();
    let send = format!("echo ping > /dev/udp/127.0.0.1/{port}");
    let confined = f.run(&Confinement::READ_ONLY, &send, None);
    assert!(!confined.ok, "{}", confined.out);
    let free = f.run(&Confinement::None, &send, None);
    assert!(free.ok, "{}", free.out);
    let mut buf = [0u8; 16];
    let (n, _) = socket.recv_from(&mut buf).unwrap();
    assert_eq!(&buf[..n], b"ping\n", "only the unconfined datagram arrives");
    socket
        .set_read_timeout(Some(std::time::Duration::from_millis(200)))
        .unwrap();
    assert!(
        socket.recv_from(&mut buf).is_err(),
        "a second datagram arrived"
    );
    // getaddrinfo for a name that is not in /etc/hosts must open a UDP
    // socket (DNS): refused with EACCES before any packet leaves.
    let lookup = "exec /usr/bin/python3 -c 'import socket; socket.getaddrinfo(\"shellward-test.invalid\", 53)'";
    let confined = f.run(&Confinement::READ_ONLY, lookup, None);
    assert!(!confined.ok, "{}", confined.out);
    let strace = f.run(
        &Confinement::READ_ONLY,
        "getent hosts shellward-test.invalid; /usr/bin/python3 -c 'import socket; socket.socket(socket.AF_INET, socket.SOCK_DGRAM)'",
        None,
    );
    assert!(strace.out.contains("PermissionError"), "{}", strace.out);
}

#[test]
fn no_system_state_changes_even_as_root() {
    if !rustix::process::geteuid().is_root() {
        eprintln!("skipped: needs root to show that root's powers are dropped");
        return;
    }
    let f = fixture();
    // `ip ru f` is `ip rule flush`: in a network namespace of our own.
    let (confined, _) = f.contained("ip rule flush && ip rule show | wc -l", Some(new_net));
    assert!(
        confined.out.contains("Operation not permitted"),
        "{}",
        confined.out
    );
    f.contained("ip link set lo up", Some(new_net));
    f.contained("hostname shellward-test", Some(new_uts));
    // No capability left in any set.
    let caps = f.run(
        &Confinement::READ_ONLY,
        "grep -E '^Cap(Inh|Prm|Eff|Bnd|Amb)' /proc/self/status",
        None,
    );
    for line in caps.out.lines() {
        assert!(line.ends_with("0000000000000000"), "{}", caps.out);
    }
    assert_eq!(caps.out.lines().count(), 5, "{}", caps.out);
}

#[test]
fn netlink_listing_still_works() {
    let f = fixture();
    let ran = f.run(
        &Confinement::READ_ONLY,
        "ip addr show lo && ip route show >/dev/null && echo listed",
        None,
    );
    assert!(ran.ok && ran.out.contains("listed"), "{}", ran.out);
}

#[test]
fn other_processes_are_out_of_reach() {
    let f = fixture();
    // The server (this test process) and a sibling with a secret.
    let mut sibling = Command::new("sleep")
        .arg("30")
        .env("SIBLING_API_KEY", "sk-sibling")
        .spawn()
        .unwrap();
    let (me, them) = (std::process::id(), sibling.id());
    let read = format!("tr '\\0' '\\n' < /proc/{them}/environ | grep SIBLING_API_KEY");
    let (confined, free) = f.contained(&read, None);
    assert!(!confined.out.contains("sk-sibling"));
    assert!(free.out.contains("sk-sibling"));
    f.contained(&format!("head -c1 /proc/{me}/environ >/dev/null"), None);
    f.contained(&format!("ls /proc/{me}/cwd/ >/dev/null"), None);
    f.contained(&format!("kill -0 {them}"), None);
    // Its own children are in its domain.
    let own = f.run(
        &Confinement::READ_ONLY,
        "sleep 5 & kill $! && echo own",
        None,
    );
    assert!(own.ok && own.out.contains("own"), "{}", own.out);
    sibling.kill().unwrap();
    sibling.wait().unwrap();
}

#[test]
fn no_unix_socket_to_a_daemon_unless_the_program_needs_one() {
    let f = fixture();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("daemon.sock");
    let listener = std::os::unix::net::UnixListener::bind(&path).unwrap();
    std::thread::spawn(move || {
        for s in listener.incoming().flatten() {
            let mut s = s;
            let _ = s.read(&mut [0u8; 8]);
        }
    });
    let connect = format!(
        "exec /usr/bin/python3 -c 'import socket; s=socket.socket(socket.AF_UNIX); s.connect(\"{}\")'",
        path.display()
    );
    f.contained(&connect, None);
    let docker = Confinement::ReadOnly {
        sockets: Sockets {
            unix: true,
            inet: false,
        },
    };
    // The daemon's socket is outside the read list: under Landlock ABI 9 the
    // connection needs its own right, granted with the family.
    let ran = f.run(&docker, &connect, None);
    assert!(ran.ok, "{}", ran.out);
}

#[test]
fn io_uring_is_denied() {
    let f = fixture();
    let probe = "exec /usr/bin/python3 -c 'import ctypes,sys; r=ctypes.CDLL(None).syscall(425, 8, ctypes.create_string_buffer(120)); sys.exit(0 if r >= 0 else 1)'";
    f.contained(probe, None);
}

/// What Landlock does not govern, seccomp denies read-only commands: each
/// probe prints the errno it got (0: it worked). Confined, every probe gets
/// EACCES; unconfined, none does.
#[test]
fn metadata_keyrings_ipc_limits_and_terminal_input_are_denied() {
    let f = fixture();
    let mut sibling = Command::new("sleep").arg("30").spawn().unwrap();
    let probes = format!(
        r#"
import ctypes, fcntl, os, socket, termios
libc = ctypes.CDLL(None, use_errno=True)
def call(nr, *args):
    r = libc.syscall(nr, *args)
    return 0 if r >= 0 else ctypes.get_errno()
def py(f):
    try:
        f(); return 0
    except OSError as e:
        return e.errno
out = {{}}
out["chmod"] = py(lambda: os.chmod("notes.txt", 0o666))
out["utime"] = py(lambda: os.utime("notes.txt", (1, 1)))
out["setxattr"] = py(lambda: os.setxattr("notes.txt", "user.x", b"1"))
out["socketpair_dgram"] = py(lambda: socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM))
out["keyctl"] = call(250, 0, ctypes.c_int(-3), 0)
shm = libc.syscall(29, 0, 4096, 0o1600)
out["shmget"] = 0 if shm >= 0 else ctypes.get_errno()
if shm >= 0: libc.syscall(31, shm, 0, 0)
class R(ctypes.Structure): _fields_ = [("cur", ctypes.c_ulong), ("max", ctypes.c_ulong)]
new = R(1024, 1024)
out["prlimit_other"] = call(302, {sibling}, 7, ctypes.byref(new), 0)
out["tiocsti"] = py(lambda: fcntl.ioctl(1, termios.TIOCSTI, b"x"))
# setxattrat(AT_FDCWD, path, 0, name, &args, sizeof args): the newer spelling.
class XA(ctypes.Structure): _fields_ = [("value", ctypes.c_ulong), ("size", ctypes.c_uint), ("flags", ctypes.c_uint)]
buf = ctypes.create_string_buffer(b"1")
xa = XA(ctypes.addressof(buf), 1, 0)
out["setxattrat"] = call(463, ctypes.c_long(-100), b"notes.txt", 0, b"user.y", ctypes.byref(xa), ctypes.c_long(16))
out["mq_open"] = call(240, b"shellward-test-q", 0o100 | 2, 0o600, 0)
if out["mq_open"] == 0: call(241, b"shellward-test-q")
print(" ".join(f"{{k}}={{v}}" for k, v in out.items()))
"#,
        sibling = sibling.id()
    );
    let script = format!(
        "exec /usr/bin/python3 -c '{}'",
        probes.replace('\'', "'\\''")
    );
    let confined = f.run(&Confinement::READ_ONLY, &script, None);
    let free = f.run(&Confinement::None, &script, None);
    sibling.kill().unwrap();
    sibling.wait().unwrap();
    let parse = |out: &str| -> Vec<(String, i32)> {
        out.split_whitespace()
            .filter_map(|kv| kv.split_once('='))
            .map(|(k, v)| (k.to_string(), v.parse().unwrap()))
            .collect()
    };
    let (c, u) = (parse(&confined.out), parse(&free.out));
    assert_eq!(c.len(), 10, "{}", confined.out);
    for ((name, errno), (_, free_errno)) in c.iter().zip(&u) {
        assert_eq!(*errno, libc::EACCES, "{name} confined: {}", confined.out);
        assert_ne!(*free_errno, libc::EACCES, "{name} unconfined: {}", free.out);
    }
}
