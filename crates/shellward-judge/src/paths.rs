//! Resolving path operands and deciding whether they leave the workspace.

use std::path::{Component, Path, PathBuf};

/// Where a command runs and which directories it may read without asking.
#[derive(Debug, Clone)]
pub struct Context {
    /// The working directory the command runs in.
    pub cwd: PathBuf,
    /// Workspace roots: the workspace and any additional directories.
    pub roots: Vec<PathBuf>,
    /// The home directory `~` expands to.
    pub home: Option<PathBuf>,
    /// The entries of the command search path (`$PATH`) through which a
    /// program's name could find a file the workspace holds (an agent can
    /// write those): relative ones (`.`, an empty entry: resolved from the
    /// command's directory) and those inside a root that this process may
    /// write into (an activated `.venv/bin`). Usually none.
    pub workspace_path: Vec<PathBuf>,
    /// `$PATH` as the context was made with, to place its entries again
    /// when a root is added.
    search_path: Option<std::ffi::OsString>,
}

impl Context {
    /// A context with one workspace root; `home` from `$HOME`, the search
    /// path from `$PATH`.
    pub fn new(cwd: impl Into<PathBuf>, workspace: impl Into<PathBuf>) -> Context {
        let roots = vec![canonical(&workspace.into())];
        let mut ctx = Context {
            cwd: canonical(&cwd.into()),
            roots,
            home: std::env::var_os("HOME").map(PathBuf::from),
            workspace_path: Vec::new(),
            search_path: std::env::var_os("PATH"),
        };
        ctx.place_search_path();
        ctx
    }

    /// Add an additional directory the user allowed.
    pub fn with_root(mut self, root: impl Into<PathBuf>) -> Context {
        self.roots.push(canonical(&root.into()));
        self.place_search_path();
        self
    }

    /// The command search path commands run with (default: this process's
    /// `$PATH`).
    pub fn with_search_path(mut self, path: Option<&std::ffi::OsStr>) -> Context {
        self.search_path = path.map(std::ffi::OsStr::to_os_string);
        self.place_search_path();
        self
    }

    fn place_search_path(&mut self) {
        let entries: Vec<PathBuf> = self
            .search_path
            .as_deref()
            .map(|p| std::env::split_paths(p).collect())
            .unwrap_or_default();
        // An entry this process cannot write into (`/usr/bin` of a
        // workspace at `/`) holds nothing an agent planted; one that does
        // not exist yet may be made.
        let writable = |dir: &Path| {
            !dir.exists() || rustix::fs::access(dir, rustix::fs::Access::WRITE_OK).is_ok()
        };
        self.workspace_path = entries
            .into_iter()
            .filter(|dir| dir.is_relative() || (self.contains(&canonical(dir)) && writable(dir)))
            .collect();
    }

    /// The file the search path finds for a program `name` outside the
    /// workspace's entries (what runs when nothing was planted).
    pub(crate) fn installed(&self, name: &str) -> Option<PathBuf> {
        let entries = self.search_path.as_deref().map(std::env::split_paths)?;
        entries
            .filter(|dir| !self.workspace_path.contains(dir))
            .map(|dir| dir.join(name))
            .find(|file| file.is_file())
    }

    /// `path` (resolved) is inside one of the workspace roots.
    pub fn contains(&self, path: &Path) -> bool {
        self.roots.iter().any(|root| path.starts_with(root))
    }

    /// When the working directory itself is outside the workspace, the
    /// pattern to ask about (`/tmp/x/*`).
    pub fn cwd_outside(&self) -> Option<String> {
        (!self.contains(&self.cwd)).then(|| dir_pattern(&self.cwd))
    }
}

/// `DIR/*` for a directory (`/*` for the root): how an outside place is
/// named to the person asked.
fn dir_pattern(dir: &Path) -> String {
    format!("{}/*", dir.display()).replace("//*", "/*")
}

/// The pattern to ask about for a path outside the workspace: its
/// directory if it is one, else its parent's.
fn ask_pattern(path: &Path) -> String {
    if path.is_dir() {
        dir_pattern(path)
    } else {
        dir_pattern(path.parent().unwrap_or(path))
    }
}

/// Resolve a path as the kernel would: symlinks of the longest existing
/// prefix are resolved *before* any `..` after them is applied (so
/// `link/../x` with `link -> /etc` is `/x`, not `./x`); the components past
/// the existing prefix, which no open can get through, are kept lexically.
pub(crate) fn canonical(path: &Path) -> PathBuf {
    if let Some(plain) = without_links(path) {
        return plain;
    }
    match path.canonicalize() {
        Ok(real) => real,
        Err(_) => {
            let base = if path.is_absolute() {
                PathBuf::from("/")
            } else {
                std::env::current_dir()
                    .ok()
                    .and_then(|d| d.canonicalize().ok())
                    .unwrap_or_default()
            };
            join_resolved(&base, path)
        }
    }
}

/// An absolute path that exists and has no symbolic link in it is its own
/// canonical form once `.` and `..` are folded: one `openat2` with
/// `RESOLVE_NO_SYMLINKS` says so, where `canonicalize` costs a `readlink`
/// per component (the command search path's entries cost some seventy of
/// them per verdict). `None` for anything else (a link on the way, a
/// missing component, a kernel without `openat2`): resolve it in full.
fn without_links(path: &Path) -> Option<PathBuf> {
    if !path.is_absolute() {
        return None;
    }
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::{Mode, OFlags, ResolveFlags};
        let flags = OFlags::PATH | OFlags::CLOEXEC;
        rustix::fs::openat2(
            rustix::fs::CWD,
            path,
            flags,
            Mode::empty(),
            ResolveFlags::NO_SYMLINKS,
        )
        .ok()?;
        let mut out = PathBuf::from("/");
        for c in path.components() {
            match c {
                Component::Normal(name) => out.push(name),
                Component::ParentDir => {
                    out.pop();
                }
                Component::RootDir | Component::CurDir | Component::Prefix(_) => {}
            }
        }
        Some(out)
    }
    #[cfg(not(target_os = "linux"))]
    None
}

/// `base` (already canonical) joined with `rest`, resolved component by
/// component: one `lstat` per component while the path exists, a full
/// `canonicalize` only where a component is a symlink, lexical once a
/// component does not exist.
pub(crate) fn join_resolved(base: &Path, rest: &Path) -> PathBuf {
    use std::ffi::OsString;
    use std::os::unix::ffi::{OsStrExt, OsStringExt};
    // The path is built as bytes and NUL-terminated in place for each
    // `lstat`: no component parsing or C-string copy per probe.
    let mut out: Vec<u8> = base.as_os_str().as_bytes().to_vec();
    while out.len() > 1 && out.ends_with(b"/") {
        out.pop();
    }
    let mut exists = true;
    for c in rest.components() {
        match c {
            Component::RootDir => {
                out.clear();
                out.push(b'/');
            }
            Component::ParentDir => {
                // Like `PathBuf::pop`: drop the last component, keep `/`.
                let cut = out.iter().rposition(|&b| b == b'/').unwrap_or(0);
                out.truncate(cut.max(usize::from(out.first() == Some(&b'/'))));
            }
            Component::Normal(name) => {
                if !out.ends_with(b"/") && !out.is_empty() {
                    out.push(b'/');
                }
                out.extend_from_slice(name.as_bytes());
                if exists {
                    out.push(0);
                    let stat = std::ffi::CStr::from_bytes_with_nul(&out)
                        .ok()
                        .map(rustix::fs::lstat);
                    out.pop();
                    match stat {
                        Some(Ok(stat))
                            if rustix::fs::FileType::from_raw_mode(stat.st_mode).is_symlink() =>
                        {
                            match Path::new(std::ffi::OsStr::from_bytes(&out)).canonicalize() {
                                Ok(real) => out = real.into_os_string().into_vec(),
                                // A dangling link: the kernel cannot get through it.
                                Err(_) => exists = false,
                            }
                        }
                        Some(Ok(_)) => {}
                        _ => exists = false,
                    }
                }
            }
            Component::CurDir | Component::Prefix(_) => {}
        }
    }
    PathBuf::from(OsString::from_vec(out))
}

/// Where an operand points, if it can be known.
pub(crate) enum Resolved {
    Inside,
    /// Outside the workspace: the pattern to ask about (`/etc/*`, `~user/*`).
    Outside(String),
}

/// Where `text` points from `cwd`, symlinks resolved, or the pattern to ask
/// about when that cannot be known (`~user/*`). `tilde`: bash expands a leading `~`.
/// `path` with `.` and `..` taken as text, as bash's logical `cd` does
/// (`/w/link/..` is `/w`, whatever `link` leads to).
pub(crate) fn fold_lexically(path: &Path) -> PathBuf {
    let mut out = PathBuf::from("/");
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::Normal(name) => out.push(name),
            _ => {}
        }
    }
    out
}

pub(crate) fn locate(
    ctx: &Context,
    cwd: &Path,
    text: &str,
    tilde: bool,
) -> Result<PathBuf, String> {
    if tilde && text.starts_with('~') {
        let (user, rest) = match text[1..].find('/') {
            Some(i) => (&text[1..=i], &text[i + 2..]),
            None => (&text[1..], ""),
        };
        return match (&ctx.home, user.is_empty()) {
            (Some(home), true) => Ok(join_resolved(&canonical(home), Path::new(rest))),
            // `~user` or no home: its target cannot be known; never inside.
            _ => Err(format!("~{user}/*")),
        };
    }
    Ok(join_resolved(cwd, Path::new(text)))
}

/// Resolve an operand read from `cwd` (`word` is its static text;
/// `glob_prefix` when it is a glob; `tilde` when bash expands a leading `~`).
pub(crate) fn resolve(
    ctx: &Context,
    cwd: &Path,
    word: &str,
    glob_prefix: Option<&str>,
    tilde: bool,
) -> Resolved {
    if word == "/dev/null" || word == "-" || word.is_empty() {
        return Resolved::Inside;
    }
    // For a glob, what matters is the directory before the first glob character.
    let text = match glob_prefix {
        Some(prefix) => match prefix.rfind('/') {
            Some(i) => &prefix[..=i],
            None => ".",
        },
        None => word,
    };
    let real = match locate(ctx, cwd, text, tilde) {
        Ok(real) => real,
        Err(pattern) => return Resolved::Outside(pattern),
    };
    if ctx.contains(&real) {
        // Credential stores ask wherever they are (a workspace that is the
        // home): the path is in one, or a directory that holds one.
        if let Some(store) = shellward_sandbox::reads::secret_at(&real) {
            return Resolved::Outside(store);
        }
        // So do git's configuration files that hold credentials.
        if let Some(config) = crate::git::credentials_file(&real) {
            return Resolved::Outside(config.display().to_string());
        }
        // A device, FIFO or socket in the workspace (`mknod kmsg c 1 11`)
        // is not a file's contents: reading it reads the kernel's or
        // another process's data, or waits for a writer.
        if glob_prefix.is_none() && special_file(&real) {
            return Resolved::Outside(real.display().to_string());
        }
        // A glob inside the workspace can still expand to a link out of it.
        if let Some(prefix) = glob_prefix {
            if climbs_after_glob(word, prefix) {
                let component_start = prefix.rfind('/').map_or(0, |i| i + 1);
                return expand_climbing(ctx, &real, word.get(component_start..).unwrap_or(""));
            }
            // Before bash 5.2 (`globskipdots`), a component such as `.*`
            // also matches `..`: the glob's directory's parent.
            let component_start = prefix.rfind('/').map_or(0, |i| i + 1);
            if word
                .get(component_start..)
                .is_some_and(|c| c.starts_with('.'))
            {
                let parent = join_resolved(&real, Path::new(".."));
                if !ctx.contains(&parent) {
                    return Resolved::Outside(dir_pattern(&parent));
                }
            }
            let levels = word
                .get(prefix.len()..)
                .unwrap_or("")
                .trim_end_matches('/')
                .matches('/')
                .count();
            match scan_links(ctx, &real, Descent::Levels(levels), GLOB_SCAN_LIMIT, None) {
                Followed::Inside => {}
                Followed::Outside(pattern) => return Resolved::Outside(pattern),
                // A tree too large to scan is asked about whole.
                Followed::TooLarge(dir) | Followed::OddName(dir) => {
                    return Resolved::Outside(format!("{}/*", dir.display()));
                }
            }
        }
        return Resolved::Inside;
    }
    Resolved::Outside(ask_pattern(&real))
}

/// Is `path` a character or block device, a FIFO or a socket?
fn special_file(path: &Path) -> bool {
    use rustix::fs::FileType;
    rustix::fs::lstat(path).is_ok_and(|st| {
        matches!(
            FileType::from_raw_mode(st.st_mode),
            FileType::CharacterDevice | FileType::BlockDevice | FileType::Fifo | FileType::Socket
        )
    })
}

/// A glob word with a `..` after its first glob component
/// (`d*/../../x`): where it leads depends on what the glob matches (a
/// directory, a link to one elsewhere), so it is expanded.
pub(crate) fn climbs_after_glob(word: &str, prefix: &str) -> bool {
    word.get(prefix.len()..)
        .is_some_and(|tail| tail.split('/').any(|c| c == ".."))
}

/// Expand `pattern` (the word from its first glob component on) below
/// `base` as bash would, and resolve every match in kernel order: each
/// component with a glob character stands for every entry of the
/// directories reached so far (a quoted `*` is taken as a glob too: more
/// matches, never fewer), plus `.` and `..` when it starts with a dot
/// (older bash). A directory read for a match must be inside the workspace
/// (bash prints its names as arguments), and so must every match. More
/// than [`GLOB_SCAN_LIMIT`] entries ask about the directory whole.
fn expand_climbing(ctx: &Context, base: &Path, pattern: &str) -> Resolved {
    let mut reached = vec![base.to_path_buf()];
    let mut seen = 0;
    for component in pattern.split('/').filter(|c| !c.is_empty() && *c != ".") {
        let mut next = Vec::new();
        for dir in &reached {
            if component == ".." {
                next.push(join_resolved(dir, Path::new("..")));
                continue;
            }
            if !component.contains(['*', '?', '[']) {
                next.push(join_resolved(dir, Path::new(component)));
                continue;
            }
            if !ctx.contains(dir) {
                return Resolved::Outside(dir_pattern(dir));
            }
            if component.starts_with('.') {
                next.push(dir.clone());
                next.push(join_resolved(dir, Path::new("..")));
            }
            let Ok(entries) = std::fs::read_dir(dir) else {
                continue;
            };
            for entry in entries.flatten() {
                seen += 1;
                if seen > GLOB_SCAN_LIMIT {
                    return Resolved::Outside(dir_pattern(dir));
                }
                next.push(join_resolved(dir, Path::new(&entry.file_name())));
            }
        }
        next.sort();
        next.dedup();
        reached = next;
    }
    for path in &reached {
        if !ctx.contains(path) {
            return Resolved::Outside(ask_pattern(path));
        }
        if let Some(store) = shellward_sandbox::reads::secret_at(path) {
            return Resolved::Outside(store);
        }
    }
    Resolved::Inside
}

/// Does `dir` hold an entry whose name starts with `-` (one a glob could
/// expand to as an option)? A directory that cannot be read may.
pub(crate) fn dash_entry(dir: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .map(|e| e.map(|e| e.file_name().as_bytes().starts_with(b"-")))
            .any(|dash| dash.unwrap_or(true)),
        Err(_) => true,
    }
}

/// What a scan for links out of the workspace found.
pub(crate) enum Followed {
    /// Every link leads somewhere inside the workspace.
    Inside,
    /// A link leads out: the pattern to ask about.
    Outside(String),
    /// More entries than the scan looks at (the directory it was in).
    TooLarge(PathBuf),
    /// A name `xargs` would not read back as itself (only when asked).
    OddName(PathBuf),
}

/// How far a scan goes below its start.
enum Descent {
    /// Into subdirectories this many levels deep, through links to
    /// directories inside the workspace as well (the shell's globbing goes
    /// through them: what a glob's pattern can reach).
    Levels(usize),
    /// Everywhere a reader that follows symbolic links goes: links to
    /// directories inside the workspace are walked too, each directory once.
    FollowingLinks,
}

/// Entries a link-following scan looks at before it gives up.
pub(crate) const FOLLOW_SCAN_LIMIT: usize = 4096;

/// Entries a glob scan looks at before it gives up and asks.
const GLOB_SCAN_LIMIT: usize = 4096;

/// The tree below `start` as a reader that follows symbolic links sees it
/// (`grep -R`, `rg -L`, `find -L`): every link is resolved; one leading out
/// of the workspace is reported, one leading to a directory inside is
/// walked too (each directory once, so loops end).
pub(crate) fn follow_outside(ctx: &Context, start: &Path) -> Followed {
    scan_links(ctx, start, Descent::FollowingLinks, FOLLOW_SCAN_LIMIT, None)
}

/// [`follow_outside`] for the names a lister prints for `xargs` to read:
/// also the first name xargs would not read back as that one file
/// ([`odd_for_xargs`]).
pub(crate) fn follow_outside_names(ctx: &Context, start: &Path, null: bool) -> Followed {
    scan_links(
        ctx,
        start,
        Descent::FollowingLinks,
        FOLLOW_SCAN_LIMIT,
        Some(null),
    )
}

/// A file name that `xargs` would not read as that one name: one that
/// starts with `-` (an option, when the lister prints it bare), and
/// unless names are NUL-separated (`null`), one with a blank, newline,
/// quote, backslash or other control character, where xargs splits or
/// unquotes (a directory named `x ..` holding `.ssh/id_rsa` is listed as
/// `./x ../.ssh/id_rsa`: two names, the second outside).
fn odd_for_xargs(name: &std::ffi::OsStr, null: bool) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let bytes = name.as_bytes();
    bytes.starts_with(b"-")
        || (!null
            && bytes
                .iter()
                .any(|&b| b <= b' ' || b == 0x7f || b"'\"\\".contains(&b)))
}

/// The first symbolic link below `start` (as far as `descent` goes) that
/// resolves outside the workspace, looking at no more than `limit` entries.
fn scan_links(
    ctx: &Context,
    start: &Path,
    descent: Descent,
    limit: usize,
    names: Option<bool>,
) -> Followed {
    let following = matches!(descent, Descent::FollowingLinks);
    let levels = match descent {
        Descent::Levels(n) => n,
        Descent::FollowingLinks => usize::MAX,
    };
    let mut pending = vec![(start.to_path_buf(), levels)];
    // Each directory once, unless reached again with more levels to go.
    let mut visited: std::collections::HashMap<PathBuf, usize> = std::collections::HashMap::new();
    let mut seen = 0;
    while let Some((dir, levels)) = pending.pop() {
        if visited.get(&dir).is_some_and(|&done| done >= levels) {
            continue;
        }
        visited.insert(dir.clone(), levels);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            seen += 1;
            if seen > limit {
                return Followed::TooLarge(dir);
            }
            if names.is_some_and(|null| odd_for_xargs(&entry.file_name(), null)) {
                return Followed::OddName(entry.path());
            }
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            // A repository's configuration holding credentials (a remote
            // URL with a token, an extraheader), which a recursive reader
            // prints (`grep -r TOKEN .`).
            if entry.file_name() == ".git"
                && let Some(config) = crate::git::credentials_file(&entry.path())
            {
                return Followed::Outside(config.display().to_string());
            }
            if kind.is_symlink() {
                let Ok(target) = entry.path().canonicalize() else {
                    // Dangling: nothing to read through it now, unless what
                    // it names appears (`/etc/x`); outside, it is outside.
                    if let Ok(named) = std::fs::read_link(entry.path()) {
                        let named = join_resolved(&dir, &named);
                        if !ctx.contains(&named) {
                            return Followed::Outside(ask_pattern(&named));
                        }
                    }
                    continue;
                };
                if !ctx.contains(&target) {
                    return Followed::Outside(ask_pattern(&target));
                }
                if target.is_dir() && levels > 0 {
                    pending.push((target, levels.saturating_sub(usize::from(!following))));
                }
            } else if kind.is_dir() && levels > 0 {
                pending.push((entry.path(), levels.saturating_sub(usize::from(!following))));
            }
        }
    }
    Followed::Inside
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Past the existing prefix, components are applied lexically, as
    /// `PathBuf::push`/`pop` would.
    #[test]
    fn a_path_without_links_is_its_own_canonical_form() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::create_dir_all(root.join("a/b")).unwrap();
        std::os::unix::fs::symlink(root.join("a/b"), root.join("l")).unwrap();
        for p in [
            "a/b",
            "a/./b/..",
            "a/b/../b",
            "l",
            "l/..",
            "a/missing/..",
            "a/b/",
        ] {
            let path = root.join(p);
            let want = std::fs::canonicalize(&path).unwrap_or_else(|_| canonical_slow(&path));
            assert_eq!(canonical(&path), want, "{p}");
        }
    }

    /// [`canonical`] without the fast path, for the test above.
    fn canonical_slow(path: &Path) -> PathBuf {
        join_resolved(Path::new("/"), path)
    }

    #[test]
    fn lexical_joins() {
        let missing = "/nonexistent-shellward-base";
        let rows = [
            (missing, "a/b", "/nonexistent-shellward-base/a/b"),
            (missing, "a/../b", "/nonexistent-shellward-base/b"),
            (missing, "../../../..", "/"),
            (missing, "/etc/../x", "/x"),
            (
                "/nonexistent-shellward-base/",
                "a",
                "/nonexistent-shellward-base/a",
            ),
            ("/nonexistent-shellward-base/", "..", "/"),
            (missing, "./a/./b", "/nonexistent-shellward-base/a/b"),
            ("/", "..", "/"),
        ];
        for (base, rest, want) in rows {
            assert_eq!(
                join_resolved(Path::new(base), Path::new(rest)),
                PathBuf::from(want),
                "{base} + {rest}"
            );
        }
    }

    /// A symbolic link is resolved before a `..` after it is applied.
    #[test]
    #[allow(clippy::unwrap_used)]
    fn links_resolve_in_kernel_order() {
        let dir_guard = tempfile::Builder::new()
            .prefix("shellward-paths-")
            .tempdir()
            .unwrap();
        let dir = dir_guard.path().to_path_buf();
        std::fs::create_dir_all(dir.join("real/sub")).unwrap();
        std::os::unix::fs::symlink(dir.join("real/sub"), dir.join("link")).unwrap();
        let dir = dir.canonicalize().unwrap();
        assert_eq!(
            join_resolved(&dir, Path::new("link/../x")),
            dir.join("real/x")
        );
        assert_eq!(join_resolved(&dir, Path::new("link")), dir.join("real/sub"));
        std::os::unix::fs::symlink(dir.join("gone"), dir.join("dangling")).unwrap();
        assert_eq!(
            join_resolved(&dir, Path::new("dangling/../y")),
            dir.join("y"),
            "past a dangling link the rest is lexical"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
