//! Where a path is, as far as harm goes.
//!
//! Paths are placed lexically (`..` folded, `~` and `$HOME` expanded; no
//! file system access): an effect model must answer before the command
//! runs, and a link is judged by the sandbox and the judge, not here. A
//! word whose value is only known when it runs (a variable, `{}` of
//! `find -exec`, a brace expansion) is [`Scope::Unknown`]. A glob that
//! names everything in a directory (`*`, `.*`) stands for that directory;
//! any other glob (`*.log`) for some files inside it.

use std::path::{Component, Path, PathBuf};

use schemars::JsonSchema;
use serde::Serialize;

use crate::Context;

/// Where an effect lands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum Scope {
    /// Inside the workspace.
    Workspace,
    /// A directory a build or package manager makes again (`target`,
    /// `node_modules`, `__pycache__`, ...) inside the workspace.
    BuildOutput,
    /// A temporary directory (`/tmp/...`, `/var/tmp/...`, `$TMPDIR/...`).
    Temp,
    /// A cache in the home that its tools fill again (`~/.cache`,
    /// `~/.npm`, `~/go/pkg/mod`, `~/.m2/repository`), or what is in one.
    Cache,
    /// The workspace root itself, or a directory above it.
    WorkspaceRoot,
    /// Outside the workspace, in the home.
    Home,
    /// The home directory itself (or `~/*`).
    HomeRoot,
    /// A credential store, a login or shell start-up file, the system's
    /// account files, or a repository's internals (`.git/config`, hooks):
    /// what grants access or runs code later.
    Sensitive,
    /// Outside the workspace and the home.
    Outside,
    /// Under a system directory (`/etc/...`, `/usr/...`).
    System,
    /// A top-level system directory itself (`/etc`, `/usr`, `/var`).
    SystemRoot,
    /// The root directory.
    Root,
    /// A device (`/dev/sda`).
    Device,
    /// Nowhere: `/dev/null`, or the standard streams (`/dev/stdout`, `/dev/fd/1`).
    Null,
    /// A remote resource (a branch on a remote, a cloud resource, a
    /// database, bash's `/dev/tcp/HOST/PORT`).
    Remote,
    /// Not known before the command runs (an expanded word).
    Unknown,
}

impl Scope {
    /// For people.
    pub fn describe(self) -> &'static str {
        match self {
            Scope::Workspace => "in the workspace",
            Scope::BuildOutput => "build output in the workspace",
            Scope::Temp => "a temporary directory",
            Scope::Cache => "a cache in the home directory",
            Scope::WorkspaceRoot => "the workspace root",
            Scope::Home => "in the home directory, outside the workspace",
            Scope::HomeRoot => "the home directory",
            Scope::Sensitive => "credentials, start-up or repository files",
            Scope::Outside => "outside the workspace",
            Scope::System => "a system directory",
            Scope::SystemRoot => "a top-level system directory",
            Scope::Root => "the root directory",
            Scope::Device => "a device",
            Scope::Null => "discarded",
            Scope::Remote => "remote",
            Scope::Unknown => "known only when it runs",
        }
    }

    /// Everything, or everything of a system, a person or a project: a
    /// recursive delete or permission change here is catastrophic.
    pub fn is_wide(self) -> bool {
        matches!(
            self,
            Scope::Root
                | Scope::SystemRoot
                | Scope::System
                | Scope::HomeRoot
                | Scope::WorkspaceRoot
                | Scope::Device
        )
    }

    /// A place whose contents are made again or thrown away anyway.
    pub fn is_disposable(self) -> bool {
        matches!(self, Scope::Temp | Scope::Cache | Scope::BuildOutput)
    }

    /// Outside the workspace (or not known to be inside it).
    pub fn is_outside(self) -> bool {
        !matches!(self, Scope::Workspace | Scope::BuildOutput | Scope::Null)
    }
}

/// Top-level directories of the system.
#[rustfmt::skip]
const SYSTEM: &[&str] = &[
    "bin", "boot", "dev", "etc", "lib", "lib32", "lib64", "libx32", "opt", "proc", "root", "run",
    "sbin", "srv", "sys", "usr", "var", "snap", "nix", "Applications", "Library", "System",
    "Users", "home", "mnt", "media", "private",
];

/// Directory names that only a build or a package manager makes: deleting
/// them loses nothing the next build does not make again. Names that are
/// often hand-written too (`build`, `dist`, `out`, `bin`) are not here.
#[rustfmt::skip]
const BUILD_OUTPUT: &[&str] = &[
    "target", "node_modules", ".next", ".nuxt", "__pycache__", ".pytest_cache", ".mypy_cache",
    ".ruff_cache", ".tox", ".nox", ".turbo", ".parcel-cache", ".gradle", ".svelte-kit",
    "zig-cache", ".zig-cache", ".eslintcache", ".venv", ".cache", "coverage", "htmlcov",
    ".coverage", ".hypothesis", ".pnpm-store", ".angular", ".expo", ".dart_tool", ".stack-work",
    "elm-stuff", ".terraform", ".serverless", ".vercel", ".docusaurus", "storybook-static",
];

/// Files and directories in a home that grant access or run code later
/// (credential stores, shell and login start-up files).
#[rustfmt::skip]
const SENSITIVE_IN_HOME: &[&str] = &[
    ".ssh", ".aws", ".azure", ".gnupg", ".netrc", ".git-credentials", ".gitconfig", ".config/git",
    ".npmrc", ".pypirc", ".pgpass", ".cargo/credentials", ".cargo/credentials.toml",
    ".config/gcloud", ".docker/config.json", ".kube", ".config/gh", ".vault-token",
    ".terraform.d/credentials.tfrc.json", ".password-store", ".config/op",
    ".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile", ".zshrc", ".zshenv",
    ".zprofile", ".zlogin", ".zlogout", ".bashrc.d", ".zshrc.d", ".config/fish", ".inputrc",
    ".kshrc", ".mkshrc", ".cshrc", ".tcshrc", ".login", ".yashrc", ".config/xonsh", ".xonshrc",
    ".bash_aliases", ".xprofile", ".xinitrc", ".xsession", ".config/environment.d", ".pam_environment",
    ".config/nvim/init.lua", ".vimrc", ".emacs", ".tmux.conf",
    ".config/autostart", ".config/systemd", "Library/LaunchAgents",
    // What decides which commands run: shellward's settings and trust
    // store, and the agent hosts' settings and hooks (the guard's own
    // rules must not be rewritten by the commands they judge).
    ".config/shellward", ".local/state/shellward", ".claude", ".claude.json", ".codex", ".gemini",
    ".cursor", ".copilot", ".config/opencode",
    // Options every later run of a downloader reads (`-o FILE`, `-X DELETE`).
    ".curlrc", ".config/curlrc", ".wgetrc",
];

/// Path parts that, anywhere (a workspace's own settings), hold the
/// permission settings of shellward or an agent host, or a host's hooks.
#[rustfmt::skip]
const PERMISSION_FILES: &[&[&str]] = &[
    &[".shellward"], &[".claude"], &[".codex"], &[".gemini"], &[".cursor"], &[".github", "hooks"],
    &[".opencode"],
];

/// The same places where the environment moves them (`XDG_CONFIG_HOME`,
/// `XDG_STATE_HOME`, `SHELLWARD_STATE_DB`, `SHELLWARD_TRUST_FILE`,
/// `CODEX_HOME`, `COPILOT_HOME`), read once.
fn moved_permission_places() -> &'static [String] {
    static PLACES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    PLACES.get_or_init(|| {
        let var = |name: &str| std::env::var(name).ok().filter(|v| v.starts_with('/'));
        let mut out = Vec::new();
        out.extend(
            var("XDG_CONFIG_HOME").map(|d| format!("{}/shellward", d.trim_end_matches('/'))),
        );
        out.extend(var("XDG_STATE_HOME").map(|d| format!("{}/shellward", d.trim_end_matches('/'))));
        out.extend(var("SHELLWARD_STATE_DB").and_then(|f| Some(f.rsplit_once('/')?.0.to_string())));
        out.extend(var("SHELLWARD_TRUST_FILE"));
        out.extend(var("CODEX_HOME"));
        out.extend(var("COPILOT_HOME"));
        out.retain(|p| p.len() > 1);
        out
    })
}

/// Every sensitive place as inline code may name it: the home's entries
/// ([`SENSITIVE_IN_HOME`]), the permission files anywhere
/// ([`PERMISSION_FILES`]), the system's files ([`SENSITIVE_SYSTEM`]) and a
/// git directory and its parts ([`GIT_INTERNALS`]). One list, so that code
/// and the shell reading protect the same places.
pub(crate) fn sensitive_names() -> impl Iterator<Item = String> {
    SENSITIVE_IN_HOME
        .iter()
        .map(|e| (*e).to_string())
        .chain(PERMISSION_FILES.iter().map(|parts| parts.join("/")))
        .chain(SENSITIVE_SYSTEM.iter().map(|e| (*e).to_string()))
        .chain(GIT_INTERNALS.iter().map(|part| format!(".git/{part}")))
        .chain(["/etc/passwd", "/etc/shadow"].map(String::from))
}

/// What in a home's sensitive places is public or only appended to.
pub(crate) const NOT_SENSITIVE: &[&str] = &["known_hosts", "known_hosts.old"];

/// System files that grant access or run code later.
#[rustfmt::skip]
const SENSITIVE_SYSTEM: &[&str] = &[
    "/etc/passwd", "/etc/shadow", "/etc/group", "/etc/gshadow", "/etc/sudoers", "/etc/sudoers.d",
    "/etc/ssh", "/etc/pam.d", "/etc/security", "/etc/crontab", "/etc/cron.d", "/etc/profile",
    "/etc/profile.d", "/etc/bash.bashrc", "/etc/environment", "/etc/ld.so.preload",
    "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/systemd", "/etc/init.d", "/etc/rc.local",
    "/etc/apt/sources.list", "/etc/apt/sources.list.d", "/etc/hosts.allow", "/etc/hosts.deny",
    "/etc/zsh", "/etc/zshenv", "/etc/zshrc", "/etc/cron.daily", "/etc/cron.hourly",
    "/etc/cron.weekly", "/etc/cron.monthly", "/etc/bash_completion.d", "/etc/update-motd.d",
    "/etc/rc.d", "/etc/X11/Xsession.d", "/etc/modprobe.d", "/etc/udev/rules.d", "/etc/polkit-1",
];

/// The parts of a git directory that configure it or run code.
const GIT_INTERNALS: &[&str] = &[
    "config",
    "hooks",
    "info",
    "objects",
    "refs",
    "HEAD",
    "index",
    "packed-refs",
    "modules",
];

/// Where writing keeps nothing.
const NULL: &[&str] = &[
    "/dev/null",
    "/dev/stdin",
    "/dev/stdout",
    "/dev/stderr",
    "/dev/tty",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
];

/// Caches in the home, relative to it: what their tools download or build
/// again (the XDG cache, package managers' stores, Xcode's derived data).
#[rustfmt::skip]
const HOME_CACHES: &[&str] = &[
    ".cache", ".npm", ".yarn/cache", ".pnpm-store", ".bun/install/cache", ".m2/repository",
    ".gradle/caches", "go/pkg/mod", ".cargo/registry", ".nuget/packages", ".cocoapods/repos",
    "Library/Caches", "Library/Developer/Xcode/DerivedData",
];

/// Temporary directories (their contents; not the directories themselves).
const TEMP: &[&str] = &[
    "/tmp",
    "/var/tmp",
    "/dev/shm",
    "/private/tmp",
    "/private/var/tmp",
];

/// Glob last components that stand for everything in a directory.
const EVERYTHING: &[&str] = &["*", ".*", "*.*", ".[!.]*", "..?*", "{*,.*}", "{.*,*}"];

/// `word` without quotes, and `${HOME}`, `${HOME:?}`, `${HOME:-x}` as
/// `$HOME` (bash expands them to the home).
fn normal(word: &str) -> std::borrow::Cow<'_, str> {
    let mut word = std::borrow::Cow::Borrowed(word);
    // `$"/etc/passwd"` (a translated string) and `$'/etc/passwd'` are the
    // text they quote.
    if word.contains("$\"") || word.contains("$'") {
        word = std::borrow::Cow::Owned(word.replace("$\"", "\"").replace("$'", "'"));
    }
    if word.contains(['"', '\'']) {
        word = std::borrow::Cow::Owned(word.replace(['"', '\''], ""));
    }
    if let Some((modifier, rest)) = word.strip_prefix("${HOME").and_then(|r| r.split_once('}'))
        && (modifier.is_empty() || modifier.starts_with(':'))
    {
        word = std::borrow::Cow::Owned(format!("$HOME{rest}"));
    }
    word
}

/// Place `word` (a decoded path operand).
pub fn place(word: &str, ctx: &Context<'_>) -> Scope {
    place_following(word, ctx, false)
}

/// [`place`] of a path whose last part, a link, is followed (`find -L
/// LINK`).
pub fn place_followed(word: &str, ctx: &Context<'_>) -> Scope {
    place_following(word, ctx, true)
}

/// [`place`], with `into`: the program goes into `word` when it is a
/// directory (a destination: `rsync -a x/ /tmp/H`, `tar -C /tmp/H`), so a
/// link there is followed.
fn place_following(word: &str, ctx: &Context<'_>, into: bool) -> Scope {
    let word = &*normal(word);
    // `/tmp/L/../.bashrc`: the kernel takes `..` after following `L`.
    if word.split('/').any(|part| part == "..")
        && !word.contains(['*', '?', '['])
        && let Some(real) = physical(word, ctx)
    {
        return classify(&real, ctx);
    }
    let Some(path) = absolute(word, ctx) else {
        return Scope::Unknown;
    };
    let glob = word.contains(['*', '?', '[']);
    let whole = into || word.ends_with('/') || word.ends_with("/.");
    // What a glob matches on disk, through the links among the matches
    // (`rm -rf node_modules/*/` with `node_modules/x` a link to the home).
    if glob && let Some(scope) = glob_links(&path, whole, ctx) {
        return scope;
    }
    let last = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    // `rm -rf ./*` empties the directory; `rm *.log` deletes some files in it.
    let path = match (glob, path.parent()) {
        // Everything in a temporary directory is temporary.
        (true, Some(parent))
            if EVERYTHING.contains(&last) && is_temp_root(parent) && !holds_roots(parent, ctx) =>
        {
            return Scope::Temp;
        }
        (true, Some(parent)) if EVERYTHING.contains(&last) => parent.to_path_buf(),
        (true, Some(parent)) => parent.join("some-files"),
        _ => path,
    };
    let scope = classify(&path, ctx);
    // A link already on disk (`ln -s ~ /tmp/x` in an earlier command):
    // what is deleted through it is where it leads, not temporary.
    let whole = whole || glob;
    if (scope.is_disposable() || scope == Scope::Workspace)
        && let Some(real) = through_links(&path, whole, ctx)
    {
        return classify(&real, ctx);
    }
    scope
}

/// Where `word` (with a `..`) is on disk: the longest part of it that
/// exists, resolved as the kernel resolves it (links first, then `..`),
/// with the rest after it.
fn physical(word: &str, ctx: &Context<'_>) -> Option<PathBuf> {
    let raw = if let Some(rest) = word.strip_prefix("~/") {
        ctx.home?.join(rest)
    } else if word.starts_with('/') {
        PathBuf::from(word)
    } else if word.starts_with(['~', '$']) || word.contains('`') {
        return None;
    } else {
        ctx.cwd?.join(word)
    };
    // Lexical folding is right unless a link comes before a `..`.
    let mut prefix = PathBuf::new();
    let (mut below, mut linked, mut needed) = (false, false, false);
    for part in raw.components() {
        if part == std::path::Component::ParentDir && linked {
            needed = true;
            break;
        }
        prefix.push(part);
        if below && matches!(part, std::path::Component::Normal(_)) {
            linked |= is_link(&prefix);
        }
        below |= prefix.parent().is_some() && is_stop(&prefix, ctx);
    }
    if !needed {
        return None;
    }
    let mut missing: Vec<&std::ffi::OsStr> = Vec::new();
    let mut at = raw.as_path();
    for _ in 0..64 {
        if let Ok(real) = std::fs::canonicalize(at) {
            let mut out = real;
            out.extend(missing.iter().rev());
            return Some(fold(&out));
        }
        missing.push(at.file_name()?);
        at = at.parent()?;
    }
    None
}

/// Where `path` really is when a directory on the way to it, below the
/// workspace, the home or a temporary directory, is a symbolic link (its
/// last part too when `whole`: `rm -rf /tmp/x/` follows `/tmp/x`), if one is.
/// Links above those roots (`/home` to `/usr/home`) are the roots' own.
fn through_links(path: &Path, whole: bool, ctx: &Context<'_>) -> Option<PathBuf> {
    let (followed, last) = if whole {
        (path, None)
    } else {
        (path.parent()?, path.file_name())
    };
    let linked = followed
        .ancestors()
        .take(64)
        .take_while(|a| !is_stop(a, ctx))
        .any(is_link);
    if !linked {
        return None;
    }
    let mut out = std::fs::canonicalize(followed).ok()?;
    out.extend(last);
    Some(out)
}

/// Where the entries a glob path matches lead through links (`rm -rf
/// node_modules/*/` where `node_modules/x` links to the home; `/tmp/*/*`):
/// its components matched against the directories listed from the one
/// before its first glob, and each match that is a link followed (the last
/// component's only when `whole`, as a trailing `/` makes the program go
/// into it). The worst place a link leads that is worse than disposable,
/// if any; `Unknown` when there are more entries than are looked at.
fn glob_links(path: &Path, whole: bool, ctx: &Context<'_>) -> Option<Scope> {
    const ENTRIES: usize = 4096;
    let parts: Vec<&str> = path.iter().filter_map(|p| p.to_str()).collect();
    let first = parts.iter().position(|p| p.contains(['*', '?', '[']))?;
    if first + 1 == parts.len() && !whole {
        // Only the last part is a glob: its matches are acted on, not gone into.
        return None;
    }
    let mut frontier = vec![parts[..first].iter().collect::<PathBuf>()];
    let (mut seen, mut worst): (usize, Option<Scope>) = (0, None);
    // A link made earlier in the line (`ln -s ~ node_modules/x && rm -rf
    // node_modules/*/`) that the glob's parts match.
    for (link, target) in ctx.links {
        let named: Vec<&str> = link.iter().filter_map(|p| p.to_str()).collect();
        let follow = named.len() < parts.len() || whole;
        if follow
            && named.len() <= parts.len()
            && named
                .iter()
                .zip(&parts)
                .all(|(n, p)| n == p || crate::lenient::glob_match(p, n))
        {
            let led = classify(&fold(target), ctx);
            if !led.is_disposable() && worst.is_none_or(|w| rank(led) > rank(w)) {
                worst = Some(led);
            }
        }
    }
    for (k, part) in parts.iter().enumerate().skip(first) {
        let follow = k + 1 < parts.len() || whole;
        let mut next = Vec::new();
        for dir in &frontier {
            let matches: Vec<PathBuf> = if part.contains(['*', '?', '[']) {
                let Ok(entries) = std::fs::read_dir(dir) else {
                    continue;
                };
                let mut found = Vec::new();
                for entry in entries.flatten() {
                    seen += 1;
                    if seen > ENTRIES {
                        return Some(Scope::Unknown);
                    }
                    let name = entry.file_name();
                    if name
                        .to_str()
                        .is_some_and(|n| crate::lenient::glob_match(part, n))
                    {
                        found.push(dir.join(name));
                    }
                }
                found
            } else {
                vec![dir.join(part)]
            };
            for m in matches {
                if follow && is_link(&m) {
                    let led = std::fs::canonicalize(&m)
                        .map_or(Scope::Unknown, |real| classify(&real, ctx));
                    if !led.is_disposable() && worst.is_none_or(|w| rank(led) > rank(w)) {
                        worst = Some(led);
                    }
                }
                if m.is_dir() {
                    next.push(m);
                }
            }
        }
        frontier = next;
    }
    worst
}

/// How much a delete or write there loses, for choosing the worst place.
fn rank(scope: Scope) -> u8 {
    if scope.is_wide() || scope == Scope::Sensitive {
        3
    } else if scope.is_outside() {
        2
    } else {
        u8::from(!scope.is_disposable())
    }
}

/// A root below which links are looked for: the file system's, a
/// workspace root, the home, a temporary directory.
fn is_stop(dir: &Path, ctx: &Context<'_>) -> bool {
    dir.parent().is_none()
        || ctx.roots.iter().any(|r| r == dir)
        || ctx.home == Some(dir)
        || is_temp_root(dir)
}

fn is_link(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

/// Place `word` as a destination that files are put into (`cp A DIR`,
/// `install A DIR`): a root directory as destination receives a file, it
/// is not replaced.
pub fn place_destination(word: &str, ctx: &Context<'_>) -> Scope {
    match place_following(word, ctx, true) {
        Scope::Root | Scope::SystemRoot | Scope::HomeRoot | Scope::WorkspaceRoot => {
            place(&format!("{}/some-file", word.trim_end_matches('/')), ctx)
        }
        Scope::Outside if absolute(word, ctx).is_some_and(|p| is_temp_root(&p)) => Scope::Temp,
        scope => scope,
    }
}

/// Below a Windows user's temporary directory as Git Bash, MSYS or Cygwin
/// spell it (`/c/Users/u/AppData/Local/Temp/x`, `C:/Users/...`), in any case.
fn windows_temp(p: &str) -> bool {
    const TEMP: &[u8] = b"/appdata/local/temp/";
    let bytes = p.as_bytes();
    let at = bytes
        .windows(TEMP.len())
        .position(|w| w.eq_ignore_ascii_case(TEMP));
    at.is_some_and(|at| {
        at + TEMP.len() < bytes.len()
            && bytes[..at]
                .windows(7)
                .any(|w| w.eq_ignore_ascii_case(b"/users/"))
    })
}

/// Is `word` a temporary directory itself (`/tmp`, `$TMPDIR`)? What is
/// found below it (`find /tmp -delete`) is temporary.
pub(crate) fn is_temp_dir(word: &str, ctx: &Context<'_>) -> bool {
    absolute(word, ctx).is_some_and(|p| is_temp_root(&p) && !holds_roots(&p, ctx))
}

/// Is `word` a trash directory or in one (`~/.local/share/Trash`,
/// `~/.Trash`, `$XDG_DATA_HOME/Trash`): what is moved there can be taken
/// back.
pub(crate) fn is_trash(word: &str, ctx: &Context<'_>) -> bool {
    let word = &*normal(word);
    if word.starts_with("$XDG_DATA_HOME/Trash") {
        return true;
    }
    absolute(word, ctx).is_some_and(|p| {
        let p = p.to_string_lossy();
        let home = ctx.home.map(|h| h.to_string_lossy().into_owned());
        home.is_some_and(|h| {
            [".local/share/Trash", ".Trash"]
                .iter()
                .any(|t| under(&p, &format!("{}/{t}", h.trim_end_matches('/'))))
        })
    })
}

/// Is a workspace root or the home below `dir` (a workspace made under
/// `/tmp`): then what is in `dir` is not all temporary.
fn holds_roots(dir: &Path, ctx: &Context<'_>) -> bool {
    let Some(dir) = dir.to_str() else {
        return true;
    };
    let home = ctx.home.and_then(Path::to_str);
    ctx.roots
        .iter()
        .filter_map(|r| r.to_str())
        .chain(home)
        .any(|inside| under(inside, dir))
}

/// A temporary directory itself (`/tmp`, `$TMPDIR`).
fn is_temp_root(path: &Path) -> bool {
    path.to_str()
        .is_some_and(|p| TEMP.contains(&p) || tmpdir() == Some(p))
}

/// `path` is `prefix` or below it (both absolute and folded).
fn under(path: &str, prefix: &str) -> bool {
    path.strip_prefix(prefix)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/') || prefix.ends_with('/'))
}

/// `$TMPDIR`, read once.
fn tmpdir() -> Option<&'static str> {
    static TMPDIR: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    TMPDIR
        .get_or_init(|| {
            let t = std::env::var("TMPDIR").ok()?;
            let t = fold(Path::new(&t)).to_str()?.to_string();
            (t != "/").then_some(t)
        })
        .as_deref()
}

fn classify(path: &Path, ctx: &Context<'_>) -> Scope {
    // Paths come from decoded words, which are UTF-8.
    let Some(p) = path.to_str() else {
        return Scope::Unknown;
    };
    if p == "/" {
        return Scope::Root;
    }
    if let Some(scope) = special(p) {
        return scope;
    }
    if sensitive(p, ctx) {
        return Scope::Sensitive;
    }
    let home = ctx.home.and_then(Path::to_str).filter(|h| *h != "/");
    if home.is_some_and(|h| under(h, p)) {
        return Scope::HomeRoot;
    }
    let roots = ctx.roots.iter().filter_map(|r| r.to_str());
    if roots.clone().any(|root| under(root, p)) {
        return Scope::WorkspaceRoot;
    }
    if let Some(root) = roots.clone().find(|root| under(p, root)) {
        let inside = &p[root.len()..];
        let generated = inside.split('/').any(|part| BUILD_OUTPUT.contains(&part));
        return if generated {
            Scope::BuildOutput
        } else {
            Scope::Workspace
        };
    }
    if let Some(h) = home.filter(|h| under(p, h)) {
        let inside = p[h.len()..].trim_start_matches('/');
        let cache = HOME_CACHES.iter().find(|c| {
            inside == **c || inside.strip_prefix(**c).is_some_and(|r| r.starts_with('/'))
        });
        // Where links lead, it must stay in the cache (`~/.cache/k -> ~/.ssh`).
        let stays = cache.is_some_and(|c| stays_below(Path::new(p), &Path::new(h).join(c)));
        return if stays { Scope::Cache } else { Scope::Home };
    }
    let temp = |t: &str| under(p, t) && p != t;
    if TEMP.iter().any(|t| temp(t)) || tmpdir().is_some_and(temp) || windows_temp(p) {
        return Scope::Temp;
    }
    let mut parts = p[1..].split('/');
    let top = parts.next().unwrap_or("");
    if !SYSTEM.contains(&top) {
        return Scope::Outside;
    }
    let depth = 1 + parts.clone().count();
    // `/home/someone` and `/Users/someone` are homes.
    let homes = matches!(top, "home" | "Users");
    if depth == 1 || (homes && depth == 2) {
        Scope::SystemRoot
    } else if homes || matches!(top, "mnt" | "media") {
        Scope::Outside
    } else {
        Scope::System
    }
}

/// Does `path`, its links followed (as far as it exists), stay below
/// `root`, which must itself be where it is written (`~/.cache` a link to
/// `~` is no cache)?
fn stays_below(path: &Path, root: &Path) -> bool {
    let Ok(real_root) = std::fs::canonicalize(root) else {
        // A cache that does not exist holds no link yet; the nearest
        // directory above it that exists must be where it is written.
        return root
            .ancestors()
            .skip(1)
            .find_map(|a| std::fs::canonicalize(a).ok().map(|real| real == a))
            .unwrap_or(false);
    };
    if real_root != root {
        return false;
    }
    let root = real_root;
    let mut existing = path;
    loop {
        if let Ok(real) = std::fs::canonicalize(existing) {
            return real.starts_with(&root);
        }
        match existing.parent() {
            Some(parent) => existing = parent,
            None => return false,
        }
    }
}

/// The descriptor a path reopens (`/dev/stderr`, `/dev/fd/3`,
/// `/proc/self/fd/3`, `/dev//fd/3`), if it names one.
pub fn descriptor(target: &str) -> Option<u32> {
    let folded = fold(Path::new(target));
    let p = folded.to_str()?;
    match p {
        "/dev/stdin" => return Some(0),
        "/dev/stdout" => return Some(1),
        "/dev/stderr" => return Some(2),
        _ => {}
    }
    let n = p
        .strip_prefix("/dev/fd/")
        .or_else(|| p.strip_prefix("/proc/self/fd/"))
        .or_else(|| p.strip_prefix("/proc/thread-self/fd/"))
        .or_else(|| p.strip_prefix("/proc/$$/fd/"))?;
    n.parse().ok()
}

/// The standard streams by descriptor: the command's own output.
const STREAMS: &[&str] = &["/dev/fd/0", "/dev/fd/1", "/dev/fd/2"];

/// Devices, nowhere, and bash's network paths.
fn special(p: &str) -> Option<Scope> {
    if !under(p, "/dev") {
        return None;
    }
    Some(if NULL.contains(&p) || STREAMS.contains(&p) {
        Scope::Null
    } else if under(p, "/dev/fd") {
        // Whatever file the descriptor has open, reopened (`> /dev/fd/3`
        // truncates it).
        Scope::Unknown
    } else if under(p, "/dev/tcp") || under(p, "/dev/udp") {
        Scope::Remote
    } else if under(p, "/dev/shm") && p != "/dev/shm" {
        Scope::Temp
    } else {
        Scope::Device
    })
}

/// A credential store, start-up file, account file or repository internal.
fn sensitive(p: &str, ctx: &Context<'_>) -> bool {
    let name = p.rsplit('/').next().unwrap_or("");
    if name.ends_with(".pub") || NOT_SENSITIVE.contains(&name) {
        return false;
    }
    if SENSITIVE_SYSTEM.iter().any(|s| under(p, s)) {
        return true;
    }
    // A `.git` directory, and inside one what configures it or runs code.
    if name == ".git" {
        return true;
    }
    let parts: Vec<&str> = p.split('/').collect();
    for (i, part) in parts.iter().enumerate() {
        if *part == ".git"
            && parts
                .get(i + 1)
                .is_some_and(|next| GIT_INTERNALS.contains(next))
        {
            return true;
        }
        if PERMISSION_FILES.iter().any(|f| parts[i..].starts_with(f)) {
            return true;
        }
    }
    if moved_permission_places().iter().any(|m| under(p, m)) {
        return true;
    }
    home_relative(p, ctx).is_some_and(|rel| SENSITIVE_IN_HOME.iter().any(|s| under(rel, s)))
}

/// Does the directory `word` hold a sensitive place below it (`~/.config`
/// holds `~/.config/shellward`, `~/.local/state` the trust store,
/// `/etc/apt` its sources)? What is copied or extracted into it whole
/// (`cp -rT conf ~/.config`, `tar -xf x.tar -C ~/.local/state`) may
/// replace them. The home and the system's top directories are wider
/// still, and graded so by [`place`].
pub fn holds_sensitive(word: &str, ctx: &Context<'_>) -> bool {
    let word = &*normal(word);
    let Some(path) = absolute(word, ctx) else {
        return false;
    };
    let folded = fold(&path);
    let Some(p) = folded.to_str().map(|p| p.trim_end_matches('/')) else {
        return false;
    };
    let holds = |inner: &str, dir: &str| inner.len() > dir.len() && under(inner, dir);
    if p.is_empty() || moved_permission_places().iter().any(|m| holds(m, p)) {
        return !p.is_empty();
    }
    if p.matches('/').count() >= 2 && SENSITIVE_SYSTEM.iter().any(|s| holds(s, p)) {
        return true;
    }
    home_relative(p, ctx)
        .is_some_and(|rel| !rel.is_empty() && SENSITIVE_IN_HOME.iter().any(|s| holds(s, rel)))
}

/// `p` relative to the home it is in (the user's, `/root`, or any
/// `/home/NAME` or `/Users/NAME`), without a leading `/`.
fn home_relative<'p>(p: &'p str, ctx: &Context<'_>) -> Option<&'p str> {
    let home = ctx.home.and_then(Path::to_str).filter(|h| *h != "/");
    if let Some(h) = home.filter(|h| under(p, h)) {
        return Some(p[h.len()..].trim_start_matches('/'));
    }
    if under(p, "/root") {
        return Some(p["/root".len()..].trim_start_matches('/'));
    }
    let rest = p
        .strip_prefix("/home/")
        .or_else(|| p.strip_prefix("/Users/"))?;
    rest.split_once('/').map(|(_, rel)| rel)
}

/// `word` as an absolute path with `..` folded, or `None` when it is not
/// known (`~user`, a variable, a brace expansion, `{}`).
pub(crate) fn absolute(word: &str, ctx: &Context<'_>) -> Option<PathBuf> {
    let word = &*normal(word);
    // A brace expansion (`/tmp/{a,../etc}`) is several words when it runs.
    if word.contains('{') && (word.contains(',') || word.contains("..")) || word == "{}" {
        return None;
    }
    let expanded: PathBuf = if word == "~" || word == "$HOME" || word == "${HOME}" {
        ctx.home?.to_path_buf()
    } else if let Some(rest) = word
        .strip_prefix("~/")
        .or_else(|| word.strip_prefix("$HOME/"))
        .or_else(|| word.strip_prefix("${HOME}/"))
    {
        ctx.home?.join(rest)
    } else if word.starts_with('~') || word.contains('$') || word.contains('`') {
        // `~user` or a variable.
        return None;
    } else if word.starts_with('/') {
        PathBuf::from(word)
    } else {
        ctx.cwd?.join(word)
    };
    let mut out = fold(&expanded);
    // `/proc/self/root/etc` is `/etc`; `/proc/PID/cwd/x` is somewhere we
    // cannot place.
    if let Some(rest) = out.to_str().and_then(proc_alias) {
        out = fold(&Path::new("/").join(rest?));
    }
    // Through a link made earlier in the command, where it leads.
    for (link, target) in ctx.links {
        if let Ok(rest) = out.strip_prefix(link) {
            return Some(fold(&target.join(rest)));
        }
    }
    Some(out)
}

/// A path through `/proc/*/root` (the root again: `Some(rest)`) or through
/// another process's view (`/proc/*/cwd`, `/proc/*/fd`: `None`, unknown).
fn proc_alias(p: &str) -> Option<Option<&str>> {
    let rest = p.strip_prefix("/proc/")?;
    let (process, rest) = rest.split_once('/').unwrap_or((rest, ""));
    let is_process =
        matches!(process, "self" | "thread-self") || process.bytes().all(|b| b.is_ascii_digit());
    if !is_process {
        return None;
    }
    let (link, rest) = rest.split_once('/').unwrap_or((rest, ""));
    match link {
        "root" => Some(Some(rest)),
        "cwd" | "fd" | "exe" | "map_files" => Some(None),
        _ => None,
    }
}

/// `path` with `.` and `..` folded, from the root.
pub fn fold(path: &Path) -> PathBuf {
    let mut out = PathBuf::from("/");
    for c in path.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::Normal(n) => out.push(n),
            Component::RootDir | Component::CurDir | Component::Prefix(_) => {}
        }
    }
    out
}

/// `word` as an absolute, folded path (`None` when it is only known when
/// the command runs): for callers that track links.
pub fn resolve(word: &str, ctx: &Context<'_>) -> Option<PathBuf> {
    absolute(word, ctx)
}

/// Is `target`'s last part a name that credentials or start-up files
/// have (`id_rsa`, `authorized_keys`, `.bashrc`, any dot-file)? For a
/// delete from a directory known only when it runs.
pub fn sensitive_name(target: &str) -> bool {
    const NAMES: &[&str] = &[
        "id_rsa",
        "id_ed25519",
        "id_ecdsa",
        "id_dsa",
        "authorized_keys",
        "credentials",
        "config.json",
        "known_hosts",
        "shadow",
        "passwd",
        "sudoers",
    ];
    let name = target
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or(target);
    (name.starts_with('.') && name != "." && name != "..") || NAMES.contains(&name)
}
