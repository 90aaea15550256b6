//! Where a path is, as far as harm goes.
//!
//! Paths are placed lexically (`..` folded, `~` and `$HOME` expanded; no
//! file system access): an effect model must answer before the command
//! runs, and a link is judged by the sandbox and the judge, not here.

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
    /// A directory a build makes again (`target`, `node_modules`, `dist`, ...)
    /// inside the workspace.
    BuildOutput,
    /// A temporary directory (`/tmp`, `/var/tmp`, `$TMPDIR`).
    Temp,
    /// The workspace root itself, or a directory above it.
    WorkspaceRoot,
    /// Outside the workspace, in the home.
    Home,
    /// The home directory itself (or `~/*`).
    HomeRoot,
    /// Outside the workspace and the home.
    Outside,
    /// A system directory (`/etc`, `/usr`, `/boot`, ...).
    System,
    /// The root directory.
    Root,
    /// A device (`/dev/sda`).
    Device,
    /// Nowhere: `/dev/null`, or the standard streams (`/dev/stdout`, `/dev/fd/1`).
    Null,
    /// A remote resource (a branch on a remote, a cloud resource, a database).
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
            Scope::WorkspaceRoot => "the workspace root",
            Scope::Home => "in the home directory, outside the workspace",
            Scope::HomeRoot => "the home directory",
            Scope::Outside => "outside the workspace",
            Scope::System => "a system directory",
            Scope::Root => "the root directory",
            Scope::Device => "a device",
            Scope::Null => "discarded",
            Scope::Remote => "remote",
            Scope::Unknown => "known only when it runs",
        }
    }

    /// A place where a recursive delete or a metadata change is
    /// catastrophic: everything, or everything of a person or a project.
    pub fn is_wide(self) -> bool {
        matches!(
            self,
            Scope::Root | Scope::System | Scope::HomeRoot | Scope::WorkspaceRoot | Scope::Device
        )
    }

    /// A place whose contents are made again or thrown away anyway.
    pub fn is_disposable(self) -> bool {
        matches!(self, Scope::Temp | Scope::BuildOutput)
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
    "Users", "home", "mnt", "media",
];

/// Directory names a build or a package manager makes again.
#[rustfmt::skip]
const BUILD_OUTPUT: &[&str] = &[
    "target", "node_modules", "dist", "build", "out", ".next", ".nuxt", ".cache", "__pycache__",
    ".pytest_cache", ".mypy_cache", ".ruff_cache", ".tox", ".nox", "coverage", ".turbo",
    ".parcel-cache", ".gradle", "bin", "obj", ".svelte-kit", "_build", "zig-cache", ".zig-cache",
];

/// Where writing keeps nothing.
const NULL: &[&str] = &[
    "/dev/null",
    "/dev/stdout",
    "/dev/stderr",
    "/dev/tty",
    "/dev/zero",
];

/// Temporary directories.
const TEMP: &[&str] = &["/tmp", "/var/tmp", "/dev/shm"];

/// Place `word` (a decoded path operand).
pub fn place(word: &str, ctx: &Context<'_>) -> Scope {
    let Some(path) = absolute(word, ctx) else {
        return Scope::Unknown;
    };
    classify(&path, word, ctx)
}

fn classify(path: &Path, word: &str, ctx: &Context<'_>) -> Scope {
    if path == Path::new("/") {
        return Scope::Root;
    }
    if NULL.iter().any(|n| path == Path::new(n)) || path.starts_with("/dev/fd") {
        return Scope::Null;
    }
    if path.starts_with("/dev") {
        return if path.starts_with("/dev/shm") {
            Scope::Temp
        } else {
            Scope::Device
        };
    }
    let glob = word.contains(['*', '?', '[']);
    // `rm -rf ./*` at the workspace root empties it.
    let base = if glob {
        path.parent().unwrap_or(path)
    } else {
        path
    };
    if ctx.roots.iter().any(|root| root.starts_with(base)) {
        return if base == Path::new("/") {
            Scope::Root
        } else {
            Scope::WorkspaceRoot
        };
    }
    if let Some(inside) = ctx
        .roots
        .iter()
        .find_map(|root| base.strip_prefix(root).ok())
    {
        let first = inside
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str());
        return if first.is_some_and(|f| BUILD_OUTPUT.contains(&f)) {
            Scope::BuildOutput
        } else {
            Scope::Workspace
        };
    }
    if let Some(home) = ctx.home.filter(|h| *h != Path::new("/")) {
        if home.starts_with(base) {
            return if base.components().count() <= 1 {
                Scope::Root
            } else {
                Scope::HomeRoot
            };
        }
        if base.starts_with(home) {
            return Scope::Home;
        }
    }
    let tmpdir = std::env::var_os("TMPDIR").map(PathBuf::from);
    if TEMP
        .iter()
        .any(|t| path.starts_with(t) && path != Path::new(t))
        || tmpdir
            .as_deref()
            .is_some_and(|t| t != Path::new("/") && path.starts_with(t) && path != t)
    {
        return Scope::Temp;
    }
    let top = base
        .components()
        .nth(1)
        .and_then(|c| c.as_os_str().to_str());
    let depth = base.components().count();
    if top.is_some_and(|t| SYSTEM.contains(&t)) && depth <= 3 {
        return Scope::System;
    }
    if top.is_some_and(|t| {
        SYSTEM.contains(&t) && t != "home" && t != "Users" && t != "mnt" && t != "media"
    }) {
        return Scope::System;
    }
    Scope::Outside
}

/// `word` as an absolute path with `..` folded, or `None` when it is not
/// known (`~user`, a variable).
fn absolute(word: &str, ctx: &Context<'_>) -> Option<PathBuf> {
    let expanded: PathBuf = if word == "~" || word == "$HOME" || word == "${HOME}" {
        ctx.home?.to_path_buf()
    } else if let Some(rest) = word
        .strip_prefix("~/")
        .or_else(|| word.strip_prefix("$HOME/"))
        .or_else(|| word.strip_prefix("${HOME}/"))
    {
        ctx.home?.join(rest)
    } else if word.starts_with('~') || word.contains('$') || word == "{}" {
        // `~user`, a variable, or what `find -exec` or `xargs -I` put in.
        return None;
    } else if word.starts_with('/') {
        PathBuf::from(word)
    } else {
        ctx.cwd.join(word)
    };
    let mut out = PathBuf::from("/");
    for c in expanded.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::Normal(n) => out.push(n),
            Component::RootDir | Component::CurDir | Component::Prefix(_) => {}
        }
    }
    Some(out)
}
