//! shellward-effects says what a command will do beyond reading.
//!
//! The judge answers one question: is a command provably read-only? This
//! crate answers the next one for the commands that are not: what will
//! they write, delete, publish or destroy, and how bad is that if it was a
//! mistake? The permission layer uses the answer three ways: a guard that
//! asks before catastrophe in every mode (also yolo), allow rules that
//! stay inside their scope, and prompts that say what will happen.
//!
//! The policy is data: [`rows::ROWS`], one row per effect of a program
//! (`rm -r`, `git push --force`, `terraform destroy`, ...), grouped in
//! [`Pack`]s, each row with its examples, held by a test. Inline SQL and
//! inline code are scanned for the obvious destructive statements
//! ([`scan`]). Paths are placed by [`scope`]: the root, a system
//! directory, the home, the workspace root, a device, a temporary or
//! build-output directory, inside or outside the workspace.
//!
//! The reader is lenient and errs towards more effects: options are found
//! in any spelling (clusters split, long options by unambiguous prefix),
//! while what would lower a severity (`--dry-run`) counts only when
//! written out as its own word.

pub mod exact;
mod index;
pub mod lenient;
pub mod rows;
pub mod scan;
pub mod scope;

use std::path::Path;

use schemars::JsonSchema;
use serde::Serialize;

pub use rows::{Pack, ROWS, Row};
pub use scope::Scope;

/// How bad an effect is if it was a mistake, in increasing order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Reversible, or confined to the workspace's own files.
    Write,
    /// Code runs whose effects are not known (an interpreter's inline code).
    Unknown,
    /// Irreversible, and scoped: one branch, one table, a tree in the workspace.
    Destructive,
    /// Irreversible and wide: the root, the home, the workspace root, a
    /// device, published history, a whole database or cluster namespace.
    Catastrophic,
}

impl Severity {
    /// The lowercase name (also the settings key and the rule id's part).
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Write => "write",
            Severity::Unknown => "unknown",
            Severity::Destructive => "destructive",
            Severity::Catastrophic => "catastrophic",
        }
    }
}

/// What kind of change an effect is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum Action {
    /// Creates or overwrites files.
    Write,
    /// Deletes files or directories.
    Delete,
    /// Changes permissions or owners.
    Chmod,
    /// Writes to a block device or makes a file system.
    Device,
    /// Discards uncommitted or unreachable version-control work.
    Discard,
    /// Rewrites or publishes version-control history.
    Publish,
    /// Deletes or changes a remote resource (cloud, cluster, database, storage).
    Remote,
    /// Stops processes or changes the system's state.
    System,
    /// Runs code whose effects are not known.
    Code,
}

/// One thing a command will do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Effect {
    /// The row that found it (`fs.rm-recursive`, `git.push-force`).
    pub rule: &'static str,
    /// The row's pack.
    pub pack: Pack,
    /// What kind of change.
    pub action: Action,
    /// How bad, with the targets' scope applied.
    pub severity: Severity,
    /// Where: the target's scope.
    pub scope: Scope,
    /// What it acts on (a path, a ref, a resource), when the words say.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// What it does, for people ("deletes recursively").
    pub summary: &'static str,
    /// A safer way to the same end, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alternative: Option<&'static str>,
}

impl Effect {
    /// One line for people: "deletes recursively: ~ (the home directory)".
    pub fn describe(&self) -> String {
        match &self.target {
            Some(t) => format!("{}: {} ({})", self.summary, t, self.scope.describe()),
            None if self.scope == Scope::Unknown && self.action != Action::Code => {
                format!("{} (what: {})", self.summary, self.scope.describe())
            }
            None => self.summary.to_string(),
        }
    }
}

/// Where paths are placed: the working directory, the workspace and the home.
#[derive(Debug, Clone)]
pub struct Context<'a> {
    /// Relative paths start here; `None` when it is only known when the
    /// command runs (after `cd "$DIR"`), so relative paths are unknown too.
    pub cwd: Option<&'a Path>,
    /// The workspace roots (the workspace and its additional directories).
    pub roots: &'a [std::path::PathBuf],
    /// The user's home directory, if known.
    pub home: Option<&'a Path>,
    /// Symbolic links an earlier part of the command made (`ln -s /etc
    /// /tmp/x && rm -rf /tmp/x/*`): a path through a link is placed where
    /// the link leads. `(link, target)`, both absolute.
    pub links: &'a [(std::path::PathBuf, std::path::PathBuf)],
    /// The command's standard input is fed (a pipe, `<`, a here-document):
    /// a prompt (`rm -i`) is answered by that, not by a person.
    pub stdin_fed: bool,
    /// The command runs on a list known only when it runs (`xargs rm`,
    /// `find -exec`): one unknown target may be many files.
    pub many: bool,
    /// The command runs on another machine or in a container (`ssh HOST
    /// CMD`): a file there may exist whatever this machine holds.
    pub remote: bool,
}

/// The effects of one simple command (at most one row's, plus what its
/// inline code or SQL does), given its decoded words (`words[0]`
/// is the program) and whether only those words are known (`partial`: a
/// later word is expanded when the command runs, so its targets are
/// unknown and taken at their worst).
pub fn effects(words: &[String], partial: bool, ctx: &Context<'_>) -> Vec<Effect> {
    let Some(program) = words.first() else {
        return Vec::new();
    };
    let program = family(base_name(program));
    let mut out = Vec::new();
    if !is_known(program) {
        // Most programs: nothing known, nothing to read but what any
        // program's arguments may say.
        any_program(&words[1..], true, ctx, &mut out);
        return out;
    }
    let rows = rows::by_program(program);
    // tar's old style (`tar xfC x.tar DIR`) read as the dash options it means.
    let dashed = (program == "tar")
        .then(|| shellward_argv::options::tar_old_style(&words[1..]))
        .flatten();
    let arguments = dashed.as_deref().unwrap_or(&words[1..]);
    let (args, other) = Args::of(program, arguments, partial).readings();
    if args.git_config_open {
        out.push(Effect {
            rule: "git.config-at-run-time",
            pack: Pack::Git,
            action: Action::Code,
            severity: Severity::Destructive,
            scope: Scope::Unknown,
            target: None,
            summary: "sets git's configuration or subcommand only when it runs: it may run programs (core.fsmonitor, core.sshCommand) or mirror-push",
            alternative: Some("write the -c setting out"),
        });
    }
    if args.quits() && other.as_ref().is_none_or(Args::quits) {
        return out;
    }
    // Each way the program may read its words (`rm ./build -r`: GNU rm
    // removes a tree, POSIX rm two files), what it does.
    for reading in std::iter::once(&args).chain(other.as_ref()) {
        if reading.quits() {
            continue;
        }
        match first_or_worst(rows, reading, partial, ctx) {
            Some(effect) => {
                if !out.contains(&effect) {
                    out.push(effect);
                }
            }
            // A program whose rows say what its devices mean (`badblocks -sv
            // /dev/sdb` only reads) is read by them; any other program naming a
            // device may write it (`tar -cf /dev/sda .`).
            None => {
                let device_aware = rows.iter().any(|r| r.action == Action::Device);
                any_program(&words[1..], !device_aware, ctx, &mut out)
            }
        }
    }
    scan::inline(program, &args, &mut out);
    // `sed 'w FILE'`, `awk '{print > "FILE"}'`: as a redirection would.
    for (file, append) in scan::written_files(program, &args) {
        out.extend(redirect(Some(&file), append, ctx).map(|e| Effect {
            rule: "fs.script-write",
            summary: "writes over a file from its script",
            ..e
        }));
    }
    launched(program, words, partial, ctx, &mut out);
    out
}

/// A program's rows go from the most specific to the most general (`git
/// push --force` before `git push`): the first that applies says what the
/// command does. With words that may become options or subcommands when
/// they are expanded ([`Args::open`]), any row may be the one: the worst
/// that applies.
fn first_or_worst(
    rows: &[rows::Row],
    args: &Args<'_>,
    partial: bool,
    ctx: &Context<'_>,
) -> Option<Effect> {
    let mut found = rows.iter().filter_map(|row| row.apply(args, partial, ctx));
    if args.open() {
        found.max_by_key(|e| (e.severity, e.scope.is_outside()))
    } else {
        found.next()
    }
}

/// Block devices and raw memory, as paths start (`/dev/sda1`,
/// `/dev/disk/by-id/...`): a program no row describes that names one may
/// write to it.
#[rustfmt::skip]
const STORAGE_DEVICES: &[&str] = &[
    "/dev/sd", "/dev/hd", "/dev/vd", "/dev/xvd", "/dev/nvme", "/dev/mmcblk", "/dev/md", "/dev/dm-",
    "/dev/mapper/", "/dev/disk/", "/dev/loop", "/dev/nbd", "/dev/rbd", "/dev/zd", "/dev/bcache",
    "/dev/mtd", "/dev/sg", "/dev/sr", "/dev/st0", "/dev/st1", "/dev/nst0", "/dev/nst1", "/dev/mem",
    "/dev/kmem", "/dev/port", "/dev/fb", "/dev/ubi", "/dev/block/",
];

/// Options whose value is SQL, whatever the program (`aws rds-data
/// execute-statement --sql`, `gcloud spanner databases execute-sql
/// --sql=`, `aws athena start-query-execution --query-string`).
const SQL_OPTIONS: &[&str] = &["--sql", "--query-string", "--statement", "--sql-statement"];

/// What any program's arguments say, where no row of its own does: for a
/// program without rows (`devices`), a storage device named by a word, an
/// `=` value or a `:` part (`socat -u /dev/zero /dev/sda`, `of=/dev/sda`,
/// `open:/dev/sda`); and SQL in an option of [`SQL_OPTIONS`].
fn any_program(args: &[String], devices: bool, ctx: &Context<'_>, out: &mut Vec<Effect>) {
    let device = args
        .iter()
        .filter(|w| devices && w.contains("/dev"))
        .find_map(|w| {
            let parts = std::iter::once(w.as_str())
                .chain(w.split_once('=').map(|(_, v)| v))
                .chain(w.rsplit_once(':').map(|(_, v)| v));
            parts
                .filter(|p| p.contains("dev"))
                .find(|p| {
                    scope::absolute(p, ctx).is_some_and(|path| {
                        let path = path.to_string_lossy();
                        STORAGE_DEVICES.iter().any(|d| path.starts_with(d))
                    })
                })
                .map(str::to_string)
        });
    if let Some(target) = device {
        out.push(Effect {
            rule: "fs.device-argument",
            pack: Pack::Filesystem,
            action: Action::Device,
            severity: Severity::Catastrophic,
            scope: Scope::Device,
            target: Some(target),
            summary: "names a storage device, which it may overwrite",
            alternative: None,
        });
    }
    for (i, w) in args
        .iter()
        .enumerate()
        .filter(|(_, w)| w.starts_with("--s") || w.starts_with("--q"))
    {
        let value = SQL_OPTIONS.iter().find_map(|o| match w.strip_prefix(o) {
            Some("") => args.get(i + 1).map(String::as_str),
            Some(rest) => rest.strip_prefix('='),
            None => None,
        });
        if let Some(sql) = value {
            scan::sql_effects(sql, out);
        }
    }
}

/// Is `program` (a base name, its [`family`] applied) one the effect model
/// knows anything about: a row, a launcher, inline code or SQL? One
/// hashed lookup, built on first use.
pub fn is_known(program: &str) -> bool {
    known().contains(program)
        // A versioned interpreter (`python3.12`, `ruby3.2`).
        || (program.ends_with(|c: char| c.is_ascii_digit()) && scan::is_interpreter(program))
}

/// Every program name the model knows: rows, launchers, inline code or
/// SQL. One hashed set, built on first use.
fn known() -> &'static std::collections::HashSet<&'static str, foldhash::fast::FixedState> {
    static KNOWN: std::sync::OnceLock<
        std::collections::HashSet<&'static str, foldhash::fast::FixedState>,
    > = std::sync::OnceLock::new();
    KNOWN.get_or_init(|| {
        let mut set = std::collections::HashSet::with_hasher(foldhash::fast::FixedState::default());
        set.extend(rows::ROWS.iter().map(|r| r.program));
        set.extend(LAUNCHERS.iter().map(|(p, _)| *p));
        set.extend(scan::code_programs());
        set
    })
}

/// Does the model know `program` (a base name), under its own name or its
/// family's ([`is_known`] after the family is found)?
pub fn knows(program: &str) -> bool {
    is_known(family(program))
}

/// A program's name without its directory, `/` or Windows' `\\` (Git Bash
/// runs `'C:\\Program Files\\Git\\cmd\\git.exe'`).
pub(crate) fn base_name(program: &str) -> &str {
    program.rsplit(['/', '\\']).next().unwrap_or(program)
}

/// One name for a family of programs (`mkfs.ext4`, `mke2fs`, `newfs_msdos`
/// are all `mkfs`).
pub(crate) fn family(program: &str) -> &str {
    const MKFS: &[&str] = &["mke2fs", "mkdosfs", "mkntfs", "mkexfatfs"];
    const ALIASES: &[(&str, &str)] = &[
        ("kubecolor", "kubectl"),
        // The AWS CLI v2 and LocalStack's wrapper.
        ("aws2", "aws"),
        ("awslocal", "aws"),
        ("dcfldd", "dd"),
        ("gdd", "dd"),
        ("grm", "rm"),
        ("gtar", "tar"),
        // vim's other names: the same editor, the same scripts.
        ("view", "vim"),
        ("rvim", "vim"),
        ("rview", "vim"),
        ("gvim", "vim"),
        ("evim", "vim"),
        ("vimdiff", "vim"),
        ("red", "ed"),
        ("bsdtar", "tar"),
        ("opentofu", "terraform"),
        // OpenTofu is Terraform's fork, with its commands.
        ("tofu", "terraform"),
        ("valkey-cli", "redis-cli"),
        ("keydb-cli", "redis-cli"),
        ("aws-cdk", "cdk"),
        ("docker.io", "docker"),
        ("nerdctl", "docker"),
        ("mariadb-admin", "mysqladmin"),
        ("docker-compose-v2", "docker-compose"),
        // git's wrapper: every git subcommand, the same.
        ("hub", "git"),
    ];
    if program.starts_with("mkfs.") || program.starts_with("newfs") || MKFS.contains(&program) {
        return "mkfs";
    }
    // A Windows payload's `Git.exe`, `RM.EXE`: the program of that name.
    if let Some(stem) = program
        .len()
        .checked_sub(4)
        .filter(|&at| program.is_char_boundary(at) && program[at..].eq_ignore_ascii_case(".exe"))
        .map(|at| program[..at].to_ascii_lowercase())
        && let Some(known) = known().get(stem.as_str())
    {
        return known;
    }
    // Windows finds programs and PowerShell its cmdlets in any case
    // (`VSSADMIN`, `Format-Volume`): a name known in lower case is that one.
    if program.bytes().any(|b| b.is_ascii_uppercase())
        && !known().contains(program)
        && let Some(known) = known().get(program.to_ascii_lowercase().as_str())
    {
        return known;
    }
    ALIASES
        .iter()
        .find(|(a, _)| *a == program)
        .map_or(program, |(_, p)| p)
}

/// Programs that run a program named among their first operands, with
/// the verbs that come first where there are some: package runners (`npx
/// prisma migrate reset`, `bundle exec rails db:drop`), scripts (`python
/// manage.py flush`, `php artisan migrate:fresh`), and every program that
/// runs a command it is given (`sudo`, `ssh host`, `kubectl exec POD --`,
/// `docker exec CTR`, `aws-vault exec PROFILE --`, `fakeroot`,
/// `parallel`). The deny layer's subjects see through the wrappers it
/// can read; this is the lenient reading that does not depend on their
/// options: each of the first three words that are not options is tried
/// as the program, and trying more finds more (the safe direction).
/// Sorted by name (a test holds it).
#[rustfmt::skip]
const LAUNCHERS: &[(&str, &[&str])] = &[
    ("asdf", &["exec"]), ("aws-vault", &["exec"]), ("bun", &["x", "run"]), ("bundle", &["exec"]),
    ("bunx", &[]), ("busybox", &[]), ("bwrap", &[]), ("caffeinate", &[]), ("capsh", &[]),
    ("cargo", &["run"]), ("chamber", &["exec"]), ("chpst", &[]), ("chronic", &[]), ("chroot", &[]),
    ("chrt", &[]), ("clush", &[]), ("colima", &["ssh"]), ("concurrently", &[]), ("conda", &["run"]),
    ("corepack", &[]), ("coreutils", &[]), ("cpulimit", &[]), ("daemonize", &[]),
    ("dbus-launch", &[]), ("dbus-run-session", &[]), ("deno", &["run"]), ("devbox", &["run"]),
    ("direnv", &["exec"]), ("distrobox-enter", &[]), ("doas", &[]), ("docker", &["exec", "run"]),
    ("docker-compose", &["exec", "run"]), ("doppler", &["run"]), ("dotenv", &[]),
    ("dotenvx", &["run"]), ("dotnet", &[]), ("dumb-init", &[]), ("eatmydata", &[]), ("entr", &[]),
    ("env", &[]), ("envchain", &[]), ("envdir", &[]), ("expect", &[]), ("fakechroot", &[]),
    ("fakeroot", &[]), ("firebase", &["emulators:exec"]), ("firejail", &[]), ("flatpak-spawn", &[]),
    ("flock", &[]), ("fly", &["ssh"]), ("flyctl", &["ssh"]), ("fnm", &["exec"]), ("gdb", &[]), ("gh", &["codespace"]),
    ("go", &["run"]), ("gosu", &[]), ("granted", &["exec"]), ("guix", &["shell"]),
    ("hatch", &["run"]), ("heroku", &["run"]), ("hyperfine", &[]), ("ifne", &[]),
    ("incus", &["exec"]), ("infisical", &["run"]), ("ionice", &[]), ("ip", &["netns", "exec"]),
    ("k3s", &[]), ("kitty", &[]), ("kubectl", &["exec"]), ("lckdo", &[]), ("lerna", &["exec"]),
    ("limactl", &["shell"]), ("linux32", &[]), ("linux64", &[]), ("logsave", &[]), ("ltrace", &[]),
    ("lxc", &["exec"]), ("mamba", &["run"]), ("microk8s", &[]), ("micromamba", &["run"]),
    ("mise", &["exec", "x"]), ("mispipe", &[]), ("mosh", &[]), ("multipass", &["exec"]),
    ("nice", &[]), ("nix", &["run", "shell", "develop"]), ("nix-shell", &[]), ("node", &[]),
    ("nodenv", &["exec"]), ("nohup", &[]), ("npm", &["exec"]), ("npx", &[]), ("nq", &[]),
    ("nsenter", &[]), ("numactl", &[]), ("nvm", &["exec", "run"]), ("nx", &["exec"]),
    ("oc", &["exec", "rsh"]), ("op", &["run"]), ("parallel", &[]), ("pdm", &["run"]), ("pee", &[]),
    ("perf", &["stat", "record", "trace", "top"]), ("pgrphack", &[]), ("php", &[]),
    ("pipenv", &["run"]), ("pipx", &["run"]), ("pixi", &["run", "exec"]), ("pkexec", &[]),
    ("pnpm", &["exec", "dlx"]), ("pnpx", &[]), ("podman", &["exec", "run"]), ("poetry", &["run"]),
    ("prlimit", &[]), ("proot", &[]), ("proxychains", &[]), ("proxychains4", &[]),
    ("pueue", &["add"]), ("pyenv", &["exec"]), ("python", &[]), ("python3", &[]),
    ("railway", &["run"]), ("rbenv", &["exec"]), ("retry", &[]), ("rtx", &["exec", "x"]),
    ("ruby", &[]), ("run0", &[]), ("runuser", &[]), ("rush", &[]), ("rye", &["run"]),
    ("s6-setuidgid", &[]), ("salt", &[]), ("salt-call", &[]), ("saml2aws", &["exec"]),
    ("schroot", &[]), ("script", &[]), ("sem", &[]), ("setarch", &[]), ("setlock", &[]),
    ("setpriv", &[]), ("setsid", &[]), ("setuidgid", &[]), ("sg", &[]), ("softlimit", &[]),
    ("sops", &["exec-env", "exec-file"]), ("ssh", &[]), ("sshpass", &[]), ("stack", &["exec"]),
    ("stdbuf", &[]), ("strace", &[]), ("su", &[]), ("su-exec", &[]), ("sudo", &[]),
    ("sudo-rs", &[]), ("systemd-run", &[]), ("taskset", &[]), ("time", &[]), ("timeout", &[]),
    ("tini", &[]), ("toolbox", &["run"]), ("torsocks", &[]), ("tsp", &[]), ("unbuffer", &[]),
    ("unshare", &[]), ("uv", &["run"]), ("uvx", &[]), ("vagrant", &["ssh"]), ("valgrind", &[]),
    ("volta", &["run"]), ("watch", &[]), ("watchexec", &[]), ("with-contenv", &[]), ("xargs", &[]),
    ("xe", &[]), ("xterm", &[]), ("xvfb-run", &[]), ("yarn", &["exec", "dlx"]),
    ("zellij", &["run"]),
];

/// Does `words` (a command: its program first) run another program as a
/// launcher of [`LAUNCHERS`] does (`chronic CMD`, `setarch x86_64 CMD`,
/// `uv run CMD`): the launcher is there, with one of its verbs if it has
/// any?
pub fn launches(words: &[String]) -> bool {
    let Some(first) = words.first() else {
        return false;
    };
    let name = first.rsplit('/').next().unwrap_or(first);
    launcher(name).is_some_and(|verbs| {
        verbs.is_empty() || words[1..].iter().any(|w| verbs.contains(&w.as_str()))
    })
}

/// The one name test of a find command (its words, `find` first or not)
/// that has no other way to pass an entry: `-name P` without `-o`, `!`,
/// `-not`, `,` or `-iname`. What find hands on (`-exec ... {}`,
/// `-delete`) is then an entry named so, never a starting point whose own
/// name does not match ([`shellward_argv::options::may_match_name`]).
pub fn find_name(words: &[String]) -> Option<&str> {
    if words
        .iter()
        .any(|w| matches!(w.as_str(), "-o" | "-or" | "!" | "-not" | "," | "-iname"))
    {
        return None;
    }
    let at = words.iter().position(|w| w == "-name")?;
    words
        .get(at + 1)
        .map(String::as_str)
        .filter(|n| !n.contains(['$', '`', '/']))
}

/// The names of [`LAUNCHERS`], in table order (for tests).
pub fn launcher_names() -> Vec<&'static str> {
    LAUNCHERS.iter().map(|(n, _)| *n).collect()
}

/// The launcher named `name` and its verbs ([`LAUNCHERS`] is sorted).
fn launcher(name: &str) -> Option<&'static [&'static str]> {
    static CELL: index::Cell<&'static [&'static str]> = index::Cell::new();
    index::named(&CELL, LAUNCHERS, name)
}

/// How deep launchers inside launchers are followed (`env env ... rm`).
const MAX_LAUNCH_DEPTH: usize = 16;

fn launched(
    program: &str,
    words: &[String],
    partial: bool,
    ctx: &Context<'_>,
    out: &mut Vec<Effect>,
) {
    launched_at(program, words, partial, ctx, out, 0);
}

fn launched_at(
    program: &str,
    words: &[String],
    partial: bool,
    ctx: &Context<'_>,
    out: &mut Vec<Effect>,
    depth: usize,
) {
    let Some(verbs) = launcher(program) else {
        return;
    };
    if depth >= MAX_LAUNCH_DEPTH {
        return;
    }
    // `kubectl exec -n prod -c db POD -- psql ...`: after `--` comes the
    // command, whatever the options before took.
    if let Some(at) = words
        .iter()
        .position(|w| w == "--")
        .filter(|at| at + 1 < words.len())
    {
        let inner = &words[at..];
        let mut as_launched = vec![String::new()];
        as_launched.extend(inner[1..].iter().cloned());
        launched_at(program, &as_launched, partial, ctx, out, depth + 1);
    }
    let mut tried = 0;
    for (i, w) in words.iter().enumerate().skip(1) {
        if tried == 3 || w == "--" {
            break;
        }
        if w.starts_with('-') || w.contains('=') || verbs.contains(&w.as_str()) {
            continue;
        }
        tried += 1;
        let inner = &words[i..];
        let name = family(base_name(w));
        // A guess at what runs (`docker rm $(...)` is not `rm`): its
        // expanded words are not also taken at their worst.
        let args = Args::of(name, &inner[1..], false);
        if let Some(effect) = first_or_worst(rows::by_program(name), &args, partial, ctx) {
            out.push(effect);
        }
        scan::inline(name, &args, out);
        if launcher(name).is_some() {
            // A launcher again (`sudo env nice rm ...`, `uv run python -c`):
            // what follows is its to read (one path, so depth stays linear).
            launched_at(name, inner, partial, ctx, out, depth + 1);
            break;
        }
        // A script given as one word (`su -c 'rm -rf ~'`, `ssh host 'rm -rf ~'`).
        if w.contains(' ') && depth + 1 < MAX_LAUNCH_DEPTH {
            let words: Vec<String> = w.split_whitespace().map(str::to_string).collect();
            out.extend(effects(&words, partial, ctx));
        }
    }
}

/// Does `word` name a non-empty regular file (what writing over loses; a
/// directory or a FIFO is not written over)?
pub(crate) fn holds_data(word: &str, ctx: &Context<'_>) -> bool {
    ctx.remote
        || scope::absolute(word, ctx)
            .and_then(|p| std::fs::metadata(p).ok())
            .is_some_and(|m| m.is_file() && m.len() > 0)
}

/// The effect of writing through a redirection to `target` (a decoded
/// word; `None` when it is expanded at run time), truncating (`>`) or
/// appending (`>>`).
///
/// | target | truncate | append |
/// | --- | --- | --- |
/// | a device | catastrophic | catastrophic |
/// | credentials, start-up files, repository internals; the root or a top-level system directory | destructive | destructive |
/// | a system file (`/etc/hosts`) | destructive | write |
/// | bash's `/dev/tcp`, `/dev/udp` | write (network) | write (network) |
/// | anything else | write | write |
pub fn redirect(target: Option<&str>, append: bool, ctx: &Context<'_>) -> Option<Effect> {
    let (scope, shown) = match target {
        // bash opens the one file a glob matches: somewhere below the
        // directory before the glob (`> /tmp/et?/x` in `/tmp`; `> /et?/x`
        // anywhere). Outside the workspace it may be any file there
        // (`> ~/.bashr?`).
        Some(t) if is_glob(t) => match globbed(t, ctx) {
            // In the workspace too: `> .gi?/config` is `.git/config`.
            scope if !append && !scope.is_disposable() => (Scope::Unknown, Some(t.to_string())),
            scope => (scope, Some(t.to_string())),
        },
        // Opened through a link at its end (`> rc`, `rc` a link to `~/.bashrc`).
        Some(t) => match scope::place_followed(t, ctx) {
            Scope::Null => return None,
            // Appending to `known_hosts` trusts a host; replacing it is not.
            Scope::Home if !append && t.ends_with(".ssh/known_hosts") => {
                (Scope::Sensitive, Some(t.to_string()))
            }
            scope => (scope, Some(t.to_string())),
        },
        None => (Scope::Unknown, None),
    };
    use Severity::{Catastrophic, Destructive, Write};
    let (action, severity, summary) = match scope {
        Scope::Device => (
            Action::Device,
            Catastrophic,
            "overwrites a device through a redirection",
        ),
        Scope::Sensitive => (
            Action::Write,
            Destructive,
            "writes a credential, start-up or repository file",
        ),
        Scope::Root | Scope::SystemRoot => {
            (Action::Write, Destructive, "writes over a system directory")
        }
        Scope::System if !append => (
            Action::Write,
            Destructive,
            "overwrites a system file through a redirection",
        ),
        Scope::Remote => (
            Action::Write,
            Write,
            "sends output over the network (bash's /dev/tcp)",
        ),
        // `: > ~/thesis.tex`: what was in a file outside the workspace is
        // lost (as with `truncate`, `cp /dev/null`).
        Scope::Home | Scope::Outside if !append && target.is_some_and(|t| holds_data(t, ctx)) => (
            Action::Write,
            Destructive,
            "writes over an existing file outside the workspace through a redirection",
        ),
        // `> $LOG`, `> /tmp/$NAME`, `> ~root/x`, `> /et?/x`: any file,
        // `/etc/passwd` too. (A plain name from a directory known only when
        // it runs, `cd "$D" && make > log`, is a file of that name.)
        Scope::Unknown if !append && target.is_some_and(named_when_run) => (
            Action::Write,
            Destructive,
            "writes over a file named only when it runs, through a redirection",
        ),
        _ => (Action::Write, Write, "writes a file through a redirection"),
    };
    Some(Effect {
        rule: "fs.redirect",
        pack: Pack::Filesystem,
        action,
        severity,
        scope,
        target: shown,
        summary,
        alternative: None,
    })
}

/// Is `target` (as written) more than a plain name below a working
/// directory known only when it runs (`cd "$D" && make > log`): an
/// expansion, another user's home (`~root`), a glob, an absolute path we
/// could not place (`/proc/self/fd/3`), or a name that climbs (`../..`)?
/// A start-up or repository file (`.bashrc`, `.git/hooks/x`) is never a
/// plain name.
fn named_when_run(target: &str) -> bool {
    let plain = !target.contains(['$', '`'])
        && !is_glob(target)
        && !target.starts_with(['/', '~'])
        && !target
            .split('/')
            .any(|part| part == ".." || (part.starts_with('.') && part != "."));
    !plain
}

/// A glob bash expands in a redirection's target: `*`, `?`, `[...]`, and
/// the extended ones (`@(rc)`, `+(x)`, `!(x)`) where `shopt -s extglob`
/// holds.
fn is_glob(target: &str) -> bool {
    GLOBS.iter().any(|g| target.contains(g))
}

/// What starts a glob in a redirection's target ([`is_glob`]).
const GLOBS: &[&str] = &["*", "?", "[", "@(", "+(", "!("];

/// Where a redirection's glob (`/tmp/et?/passwd`) may open a file: below
/// the static directory before its first glob (a glob matches no `..`),
/// unknown when that is the root or cannot be placed.
fn globbed(target: &str, ctx: &Context<'_>) -> Scope {
    let glob = GLOBS
        .iter()
        .filter_map(|g| target.find(g))
        .min()
        .unwrap_or(target.len());
    let Some(dir) = target[..glob].rfind('/').map(|at| &target[..at]) else {
        // `out?.txt`: in the working directory.
        return scope::place("./some-file", ctx);
    };
    if dir.is_empty() {
        return Scope::Unknown;
    }
    scope::place(&format!("{dir}/some-file"), ctx)
}

/// The worst severity of `effects`, if any.
pub fn worst(effects: &[Effect]) -> Option<Severity> {
    effects.iter().map(|e| e.severity).max()
}

/// A command's arguments as the rows read them: options found in any
/// spelling, and the words that are not options.
#[derive(Debug)]
pub struct Args<'a> {
    words: &'a [String],
    /// Words that are not options, in order (after `--`, every word).
    operands: Vec<&'a str>,
    /// A `--` ended the options.
    dashdash: bool,
    /// For git: the subcommand after its global options (`git -C x push`).
    subcommand: Option<&'a str>,
    /// The command read by its program's grammar ([`exact`]), where it
    /// has one that reads it whole.
    exact: Option<exact::Exact<'a>>,
    /// A word expanded when the command runs may become options or other
    /// words ([`opens`]): `git push $F origin` may be a force push.
    open: bool,
    /// Such a word comes before the first operand, where the operand that
    /// says what the program does may be (`git stash "$op"`).
    open_operands: bool,
    /// git's global options make it print and exit (`git --exec-path ...`).
    prints_only: bool,
    /// git's configuration or subcommand is known only when it runs (`git
    /// -c "$X" status`, `git $OPTS push`).
    git_config_open: bool,
}

impl<'a> Args<'a> {
    /// Read `words` (the arguments, without the program).
    pub fn new(words: &'a [String]) -> Args<'a> {
        let mut operands = Vec::new();
        let mut ended = false;
        for w in words {
            if ended || !is_option(w) {
                operands.push(w.as_str());
            } else if w == "--" {
                ended = true;
            }
        }
        Args {
            words,
            operands,
            dashdash: ended,
            subcommand: None,
            exact: None,
            open: false,
            open_operands: false,
            prints_only: false,
            git_config_open: false,
        }
    }

    /// Read `words` (the arguments) of `program`: for git, also where its
    /// global options end. `partial`: words expanded when the command runs
    /// are as written, and may become options ([`Args::open`]).
    pub fn of(program: &str, words: &'a [String], partial: bool) -> Args<'a> {
        let mut args = Args::new(words);
        let mut after = words;
        let mut at = None;
        if program == "git" {
            let globals = shellward_argv::runners::git_globals(words);
            args.prints_only = globals.quits;
            at = globals.subcommand;
            args.subcommand = at.and_then(|i| words.get(i)).map(String::as_str);
            after = at.map_or(&[][..], |i| &words[i + 1..]);
        }
        let sub = args.subcommand;
        args.git_config_open = partial && git_config_open(words, at);
        (args.open, args.open_operands) = if !partial {
            (false, false)
        } else {
            opened(words, at, |i, w| {
                // git's global options, before its subcommand.
                if at.is_some_and(|at| i < at) {
                    return shellward_argv::runners::GIT_GLOBAL_VALUE.contains(&w);
                }
                // Not known: a flag, so the word after it may be an option
                // (`rsync -a $X`, `find . -print $X`).
                exact::option_takes_next(program, sub, w).unwrap_or(false)
            })
        };
        // An open command is not read by its grammar: its words are not all known.
        if !args.open
            && let Some(exact) = exact::read(program, args.subcommand, after)
        {
            // The rows look for git's subcommand among the operands.
            let mut operands: Vec<&'a str> = args.subcommand.into_iter().collect();
            operands.extend(exact.operands.iter().copied());
            args.operands = operands;
            args.exact = Some(exact);
        }
        args
    }

    /// This reading, and the other one of a program some implementations
    /// read with POSIX getopt ([`exact::Grammar::posix_sensitive`]).
    pub fn readings(mut self) -> (Args<'a>, Option<Args<'a>>) {
        let Some(other) = self.exact.as_mut().and_then(|e| e.posix.take()) else {
            return (self, None);
        };
        let mut operands: Vec<&'a str> = self.subcommand.into_iter().collect();
        operands.extend(other.operands.iter().copied());
        let posix = Args {
            words: self.words,
            operands,
            dashdash: self.dashdash,
            subcommand: self.subcommand,
            exact: Some(*other),
            open: self.open,
            open_operands: self.open_operands,
            prints_only: self.prints_only,
            git_config_open: self.git_config_open,
        };
        (self, Some(posix))
    }

    /// The options read by the program's grammar, in order, with their
    /// values; `None` when it was read leniently.
    pub fn exact_flags(&self) -> Option<&[(&'static str, Option<String>)]> {
        self.exact.as_ref().map(|e| e.flags.as_slice())
    }

    /// The program only prints its usage or version (`rm --help -rf ~`,
    /// `git branch -dh x`): it does nothing else.
    pub fn quits(&self) -> bool {
        self.prints_only || self.exact.as_ref().is_some_and(|e| e.quits)
    }

    /// May a word expanded when the command runs become options or
    /// subcommands (`git push $F`, `git stash "$op"`)? Then every option
    /// a row asks for may be there, and an expanded operand may be any word.
    pub fn open(&self) -> bool {
        self.open
    }

    /// May such a word be the operand that says what the program does
    /// (before the first static operand: `git stash "$op"`)?
    pub fn open_operands(&self) -> bool {
        self.open_operands
    }

    /// git's subcommand, after its global options.
    pub fn subcommand(&self) -> Option<&'a str> {
        self.subcommand
    }

    /// Did a `--` end the options?
    pub fn dashdash(&self) -> bool {
        self.dashdash
    }

    /// The words that are not options.
    pub fn operands(&self) -> &[&'a str] {
        &self.operands
    }

    /// Every argument word.
    pub fn words(&self) -> &'a [String] {
        self.words
    }

    /// Is any of `spellings` present, read leniently: a short option
    /// inside a cluster (`-rf` has `-r`), a long option by any prefix of
    /// three or more characters after `--` (`--rec`, as getopt_long
    /// reads unambiguous abbreviations), with or without `=value`; a
    /// spelling ending in `=` (`of=`) matches a word that starts with it;
    /// any other spelling matches the word itself.
    pub fn has(&self, spellings: &[&str]) -> bool {
        if let Some(exact) = &self.exact {
            return exact.has(spellings);
        }
        spellings.iter().any(|s| self.has_one(s))
    }

    fn has_one(&self, spelling: &str) -> bool {
        let short = spelling.len() == 2 && spelling.starts_with('-') && spelling != "--";
        self.words.iter().any(|w| {
            let w = w.as_str();
            if spelling.ends_with('=') {
                return w.starts_with(spelling);
            }
            if w == spelling {
                return true;
            }
            if short {
                // A cluster of short options: `-fdx` has `-d`.
                return w.starts_with('-')
                    && !w.starts_with("--")
                    && w.len() > 2
                    && w[1..].contains(&spelling[1..]);
            }
            if let (Some(long), Some(word)) = (spelling.strip_prefix("--"), w.strip_prefix("--")) {
                let name = word.split('=').next().unwrap_or(word);
                return !name.is_empty() && long.starts_with(name);
            }
            // A single-dash long option (`-destroy`) also as Go's flag
            // package reads it: `--destroy`, `-destroy=true`.
            let name = w.split('=').next().unwrap_or(w);
            name == spelling || name.strip_prefix('-') == Some(spelling)
        })
    }

    /// Is any of `spellings` written out as its own word (or `--long=...`),
    /// where it cannot be another option's value? What lowers a severity
    /// must be this plain: in a cluster, a letter may be another option's
    /// value (`git clean -fdx -enode_modules`), and after an option that
    /// may take a value, the word may be that value (`git clean -f -e -n`,
    /// `git push --force -o --force-with-lease`). So the word counts only
    /// after a word that is not an option, an option with its value glued
    /// on, or another lowering spelling.
    pub fn has_exactly(&self, spellings: &[&str]) -> bool {
        if let Some(exact) = &self.exact {
            return exact.has(spellings);
        }
        let plain = |w: &str| {
            spellings
                .iter()
                .any(|s| w == *s || (s.starts_with("--") && w.split('=').next() == Some(s)))
        };
        // After `--` every word is an operand (`git clean -fdx -- -n`).
        let end = self
            .words
            .iter()
            .position(|w| w == "--")
            .unwrap_or(self.words.len());
        let words = &self.words[..end];
        // `--no-force-with-lease` takes a lowering option back.
        let cancelled = |w: &str| {
            w.strip_prefix("--").is_some_and(|name| {
                let name = name.split('=').next().unwrap_or(name);
                words
                    .iter()
                    .any(|later| later.strip_prefix("--no-") == Some(name))
            })
        };
        words.iter().enumerate().any(|(i, w)| {
            plain(w)
                && !cancelled(w)
                && i.checked_sub(1).is_none_or(|p| {
                    let prev = words[p].as_str();
                    !prev.starts_with('-') || prev == "--" || prev.contains('=') || plain(prev)
                })
        })
    }
}

/// Which words of `words` (as written) open the command ([`opens`]),
/// before a `--`: `(options, operands)`. Anywhere, an expanded word may be
/// options (getopt and git permute: `git push origin main $F`), and so may
/// an option whose name is expanded (`git reset --$M`, `-"$X"`); before
/// the first operand (git's subcommand not counted) it may also be the
/// operand that says what the program does (`git stash "$op"`). After one
/// it is read as an operand (`npm install "$PKG"` installs a package). A
/// word right after an option that takes the next word (`-m "$MSG"`; by the
/// program's grammar or git's table, else none: a flag) is its value.
fn opened(
    words: &[String],
    subcommand: Option<usize>,
    takes_next: impl Fn(usize, &str) -> bool,
) -> (bool, bool) {
    let (mut options, mut operands) = (false, false);
    let mut first_operand = true;
    let mut value = false;
    for (i, w) in words.iter().enumerate() {
        // An option's value, even `--` (`git push --repo -- $F`); unquoted,
        // it splits into more words (`git checkout -b $B`, B="x -f").
        if std::mem::take(&mut value) {
            options |= splits(w);
            continue;
        }
        if w == "--" {
            break;
        }
        if is_option(w) {
            let name = w.split('=').next().unwrap_or(w);
            if name.contains(['$', '`']) || opens(w) {
                options = true;
            } else if !w.contains('=') && takes_next(i, w) {
                value = true;
            }
            continue;
        }
        if opens(w) {
            options = true;
            operands |= first_operand;
        } else if Some(i) != subcommand {
            first_operand = false;
        }
    }
    (options, operands)
}

/// git's words (`words`, its subcommand at `at`) set configuration known
/// only when it runs: an expanded value of `-c`/`--config-env`, or an
/// expanded word where the subcommand is (it may be `-c x=y push`).
fn git_config_open(words: &[String], at: Option<usize>) -> bool {
    let end = at.unwrap_or(words.len()).min(words.len());
    let expanded = |w: &str| w.contains(['$', '`']);
    let globals = words[..end].iter().enumerate().any(|(i, w)| {
        let glued = ["-c", "--config-env="]
            .iter()
            .any(|p| w.strip_prefix(p).is_some_and(expanded));
        let separate = matches!(w.as_str(), "-c" | "--config-env")
            && words.get(i + 1).is_some_and(|v| expanded(v));
        glued || separate
    });
    globals || at.and_then(|i| words.get(i)).is_some_and(|w| opens(w))
}

/// Has `word` (as written) an expansion outside quotes, which bash splits
/// into words (`$B`, `a$(x)`)?
fn splits(word: &str) -> bool {
    let (mut single, mut double) = (false, false);
    let mut chars = word.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if !single => {
                chars.next();
            }
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '$' | '`' if !single && !double => {
                return !matches!(chars.peek(), Some('\'' | '"') | None);
            }
            _ => {}
        }
    }
    false
}

/// Could `word` (as written) expand into options or other words: an
/// expansion it starts with (`$F`, `"$F"`, `` `x` ``, `$(x)`) or an
/// unquoted one anywhere (split into words: `a$F`), except the home and the
/// working directory (`$HOME/x`, `"$PWD"`), absolute paths.
pub(crate) fn opens(word: &str) -> bool {
    const PATHS: &[&str] = &["$HOME", "${HOME}", "$PWD", "${PWD}", "$OLDPWD", "${OLDPWD}"];
    // Numbers the shell sets: its PID, the last job's, a status, a count.
    const NUMBERS: &[&str] = &["$$", "$!", "$?", "$#", "${$}", "${!}", "${?}", "${#}"];
    let plain = word.trim_start_matches('"');
    if NUMBERS.contains(&plain.trim_end_matches('"')) {
        return false;
    }
    let starts = (plain.starts_with('$') && !plain.starts_with("$'") && !plain.starts_with("$\""))
        || plain.starts_with('`');
    if starts {
        return !PATHS.iter().any(|p| {
            plain
                .strip_prefix(p)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(['/', '"']))
        });
    }
    // An unquoted expansion after other text splits into more words.
    splits(word)
}

fn is_option(word: &str) -> bool {
    word.len() > 1 && word.starts_with('-')
}
