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
//! upwards, and its `sdk.paths` names directories whose SDK is then run. A
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
];

/// The project file that makes `launcher` unsafe to run from `cwd`, if any.
/// A file that cannot be read counts as unsafe.
pub(crate) fn launcher_unsafe(launcher: &str, cwd: &Path) -> Option<String> {
    let files: Vec<&(&[&str], &str, &str)> = LAUNCHER_FILES
        .iter()
        .filter(|(names, _, _)| names.contains(&launcher))
        .collect();
    if files.is_empty() {
        return None;
    }
    for dir in cwd.ancestors() {
        for (_, file, key) in &files {
            let path = dir.join(file);
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
