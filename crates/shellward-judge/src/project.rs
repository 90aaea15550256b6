//! Project files that make a tool launcher run a program of the project's,
//! even for `--version`.
//!
//! rustup reads `rust-toolchain.toml` (or `rust-toolchain`) from the working
//! directory upwards: its `path` key names a toolchain directory whose
//! `cargo` or `rustc` is then run, and a channel, component or target that
//! is not installed is downloaded and installed first (rustup 1.28 and
//! later), so any such file counts. Yarn 2+ reads `.yarnrc.yml` upwards, and
//! its `yarnPath` names a JavaScript file that is then run; Yarn 1 reads
//! `yarn-path` from `.yarnrc`; corepack (behind `yarn` and `pnpm` once
//! enabled) downloads and runs the version `package.json`'s
//! `packageManager` names. Go reads `go.mod` / `go.work` upwards and
//! downloads and runs a newer toolchain when their `go` or `toolchain`
//! line asks for one (which cannot be told without knowing the local
//! version), so any such file counts. The .NET host reads `global.json`
//! upwards, and its `sdk.paths` names directories whose SDK is then run. uv
//! runs the interpreter of a `.venv` it finds upwards. Version managers
//! (mise, asdf, Volta) install the version their files name. A project's
//! `.npmrc` points npm's update check at any registry and its logs at any
//! directory. A
//! cloned repository can carry any of them. These hold for every
//! invocation of the launcher, not only `--version`.

use std::path::Path;

/// Programs behind rustup's proxies.
const RUSTUP: &[&str] = &["cargo", "rustc", "rustup", "rustfmt"];

/// `(launchers, file name, key that names a program or a download; empty:
/// the file's presence)`.
#[rustfmt::skip]
const LAUNCHER_FILES: &[(&[&str], &str, &str)] = &[
    (RUSTUP,             "rust-toolchain.toml", ""),
    (RUSTUP,             "rust-toolchain",      ""),
    (&["yarn"],          ".yarnrc.yml",         "yarnPath"),
    (&["yarn"],          ".yarnrc",             "yarn-path"),
    (&["yarn", "pnpm"],  "package.json",        "packageManager"),
    (&["go"],            "go.mod",              ""),
    (&["go"],            "go.work",             ""),
    // .NET 10's `sdk.paths` lists directories to take the SDK from.
    (&["dotnet"],        "global.json",         "paths"),
    // uv finds a virtual environment upwards and runs its interpreter to
    // learn about it (`uv pip list`): a planted `.venv/bin/python` runs.
    (&["uv"],            ".venv",               ""),
    // Version managers' shims pick a version from these files and install
    // a missing one (mise by default, Volta always); mise and asdf
    // versions may be `path:` directories of the project.
    (SHIMMED,            ".tool-versions",      ""),
    (SHIMMED,            "mise.toml",           ""),
    (SHIMMED,            ".mise.toml",          ""),
    (SHIMMED,            "mise.local.toml",     ""),
    (NODE,               "package.json",        "\"volta\""),
    // Poetry 2 loads plugins from a project's `.poetry/plugins` before
    // it answers even `--version`.
    (&["poetry"],        ".poetry",             ""),
    // A project's `.npmrc` sets where npm's update check goes (`registry`)
    // and where it writes its logs (`logs-dir`, any directory).
    (&["npm", "npx", "pnpm", "yarn"], ".npmrc", ""),
];

/// Programs a version manager's shims stand in for.
const SHIMMED: &[&str] = &[
    "node", "npm", "npx", "pnpm", "yarn", "bun", "deno", "python", "python3", "pip", "pip3", "uv",
    "poetry", "ruby", "java", "javac", "go", "cargo", "rustc", "php", "perl", "dotnet",
];

/// Programs Volta's shims stand in for.
const NODE: &[&str] = &["node", "npm", "npx", "pnpm", "yarn"];

/// Every launcher of [`LAUNCHER_FILES`]: one hashed lookup for the programs
/// that are none (most).
fn launchers() -> &'static std::collections::HashSet<&'static str, foldhash::fast::FixedState> {
    static SET: std::sync::OnceLock<std::collections::HashSet<&str, foldhash::fast::FixedState>> =
        std::sync::OnceLock::new();
    SET.get_or_init(|| {
        LAUNCHER_FILES
            .iter()
            .flat_map(|(names, _, _)| names.iter().copied())
            .collect()
    })
}

/// The project file that makes `launcher` unsafe to run from `cwd`, if any.
/// A file that cannot be read counts as unsafe. The home directory's own
/// files (asdf's global `~/.tool-versions`) are the user's configuration,
/// not a project's, unless the home is a workspace root.
pub(crate) fn launcher_unsafe(launcher: &str, cwd: &Path, ctx: &crate::Context) -> Option<String> {
    if !launchers().contains(launcher) {
        return None;
    }
    let files = || {
        LAUNCHER_FILES
            .iter()
            .filter(move |(names, _, _)| names.contains(&launcher))
    };
    let home = ctx
        .home
        .as_deref()
        .filter(|h| !ctx.roots.iter().any(|r| r == h));
    let mut path = std::path::PathBuf::new();
    for dir in cwd.ancestors().filter(|d| Some(*d) != home) {
        for (_, file, key) in files() {
            path.clear();
            path.push(dir);
            path.push(file);
            match crate::fsread::read_bounded(&path, 1024 * 1024) {
                Err(crate::fsread::ReadError::Missing) => {}
                Ok(text) if !String::from_utf8_lossy(&text).contains(key) => {}
                // The key, or a file that cannot be read whole: unsafe.
                _ => return Some((*file).to_string()),
            }
        }
    }
    None
}

/// Start-up files programs read from the home, which can make them run a
/// program or read elsewhere: git's global configuration (`core.fsmonitor`,
/// `core.pager`), less's `lesskey` (`LESSOPEN`) and lesspipe's
/// `.lessfilter`, jq's `~/.jq` (definitions that shadow builtins), rustup's
/// settings and toolchains, cargo's configuration, pip's (`log`), bat's
/// (`--pager`), gh's (aliases), docker's (credential helpers, plugins),
/// kubectl's (`exec` credential plugins), the AWS CLI's
/// (`credential_process`), go's (`GOFLAGS=-toolexec`). Where the home is
/// the user's they are the user's configuration; where the workspace holds
/// the home, the agent may have written them.
#[rustfmt::skip]
const HOME_FILES: &[(&[&str], &[&str])] = &[
    (&["git", "tig"],     &[".gitconfig", ".config/git/config"]),
    (&["less", "more"],   &[".lesskey", ".config/lesskey", ".less", ".lessfilter"]),
    (&["jq"],             &[".jq"]),
    (RUSTUP,              &[".rustup/settings.toml", ".rustup/toolchains", ".cargo/config.toml", ".cargo/config"]),
    (&["pip", "pip3"],    &[".config/pip/pip.conf", ".pip/pip.conf"]),
    (&["bat", "batcat"],  &[".config/bat/config"]),
    (&["gh"],             &[".config/gh/config.yml"]),
    (&["docker"],         &[".docker/config.json", ".docker/cli-plugins"]),
    (&["kubectl", "helm"], &[".kube/config"]),
    (&["aws"],            &[".aws/config"]),
    (&["go"],             &[".config/go/env"]),
    // man-db's per-user manpath (`DEFINE nroff CMD`, `MANDB_MAP` caches).
    (&["man", "apropos", "whatis"], &[".manpath"]),
    // Python runs the `.pth` files of the user's site-packages (and its
    // `usercustomize`) at every start: pip and the tools written in Python.
    (&["pip", "pip3", "yq", "poetry", "mypy", "black", "meson", "ruff", "pytest", "tox", "pipx"], &[".local/lib"]),
];

/// The start-up file in the home that makes `program` unsafe to run, when
/// the workspace holds the home ([`HOME_FILES`]).
pub(crate) fn home_config_unsafe(program: &str, ctx: &crate::Context) -> Option<String> {
    let home = ctx.home.as_deref()?;
    if !ctx.roots.iter().any(|r| home.starts_with(r)) {
        return None;
    }
    HOME_FILES
        .iter()
        .filter(|(programs, _)| programs.contains(&program))
        .flat_map(|(_, files)| files.iter())
        .find(|f| std::fs::symlink_metadata(home.join(f)).is_ok())
        .map(|f| format!("~/{f}"))
}
