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
}

impl Context {
    /// A context with one workspace root; `home` from `$HOME`.
    pub fn new(cwd: impl Into<PathBuf>, workspace: impl Into<PathBuf>) -> Context {
        let roots = vec![canonical(&workspace.into())];
        Context {
            cwd: cwd.into(),
            roots,
            home: std::env::var_os("HOME").map(PathBuf::from),
        }
    }

    /// Add an additional directory the user allowed.
    pub fn with_root(mut self, root: impl Into<PathBuf>) -> Context {
        self.roots.push(canonical(&root.into()));
        self
    }
}

/// Lexically normalise `.` and `..` (after joining to an absolute base).
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// Resolve symlinks of the longest existing ancestor, keep the rest lexically.
fn canonical(path: &Path) -> PathBuf {
    let path = normalise(path);
    let mut existing = path.as_path();
    let mut rest = Vec::new();
    loop {
        if let Ok(real) = existing.canonicalize() {
            let mut out = real;
            for part in rest.iter().rev() {
                out.push(part);
            }
            return normalise(&out);
        }
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                existing = parent;
            }
            _ => return path,
        }
    }
}

/// Where an operand points, if it can be known.
pub(crate) enum Resolved {
    Inside,
    /// Outside the workspace: the pattern to ask about (`/etc/*`, `~user/*`).
    Outside(String),
}

/// Where `text` points from `cwd`, symlinks resolved, or the pattern to ask
/// about when that cannot be known (`~user/*`). `tilde`: bash expands a leading `~`.
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
            (Some(home), true) => Ok(canonical(&home.join(rest))),
            // `~user` or no home: its target cannot be known; never inside.
            _ => Err(format!("~{user}/*")),
        };
    }
    Ok(canonical(&cwd.join(text)))
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
    if ctx.roots.iter().any(|root| real.starts_with(root)) {
        return Resolved::Inside;
    }
    let dir = if real.is_dir() {
        real.clone()
    } else {
        real.parent().map_or(real.clone(), Path::to_path_buf)
    };
    Resolved::Outside(format!("{}/*", dir.display()).replace("//*", "/*"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_dot_dot() {
        assert_eq!(
            normalise(Path::new("/a/b/../c/./d")),
            PathBuf::from("/a/c/d")
        );
        assert_eq!(normalise(Path::new("/../..")), PathBuf::from("/"));
    }
}
