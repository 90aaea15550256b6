//! `shellward doctor`: is everything shellward needs in place, and if not,
//! what fixes it.
//!
//! For each agent host: whether it is found, in which of its files our
//! hook is installed, and whether the binary a hook names can run. Then
//! the settings files that apply to the workspace (read, broken, or with
//! relaxing entries not yet trusted), what the kernel can confine, the
//! state directory and its size, and this binary's version. A problem is
//! printed with its fix, and makes the exit status 1.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::install::{SPECS, Scope, installed_commands, is_ours};

/// A report under construction: lines for stdout, and the problems.
#[derive(Default)]
struct Report {
    lines: Vec<String>,
    problems: Vec<String>,
}

impl Report {
    fn say(&mut self, line: String) {
        self.lines.push(line);
    }

    fn problem(&mut self, what: String, fix: String) {
        self.lines.push(format!("    problem: {what}"));
        self.lines.push(format!("    fix: {fix}"));
        self.problems.push(what);
    }
}

/// Runs `shellward doctor` for the workspace `workspace`.
pub fn run(workspace: &Path) -> ExitCode {
    let mut report = Report::default();
    let bin = std::env::current_exe().unwrap_or_default();
    report.say(format!(
        "shellward {} ({})",
        env!("CARGO_PKG_VERSION"),
        bin.display()
    ));
    hosts(&mut report, workspace);
    settings(&mut report, workspace);
    kernel(&mut report);
    state(&mut report);
    let mut text = report.lines.join("\n");
    let ok = report.problems.is_empty();
    match report.problems.len() {
        0 => text.push_str("\n\nno problems found\n"),
        n => text.push_str(&format!("\n\n{n} problem(s) found\n")),
    }
    // A closed pipe (`| head`) is not an error worth a panic.
    let _ = std::io::Write::write_all(&mut std::io::stdout().lock(), text.as_bytes());
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn hosts(report: &mut Report, workspace: &Path) {
    report.say("\nagent hosts:".into());
    let project = Scope::Project(workspace.to_path_buf());
    for spec in &SPECS {
        let found = spec.detected(&Scope::User) || spec.detected(&project);
        let dir = spec.user_dir().unwrap_or_default();
        if !found {
            report.say(format!("  {}: not found ({})", spec.name(), dir.display()));
            continue;
        }
        report.say(format!("  {}:", spec.name()));
        let mut installed = 0;
        let user = spec.file(&Scope::User);
        for (level, scope) in [("user", Scope::User), ("project", project.clone())] {
            let Some(file) = spec.file(&scope) else {
                continue;
            };
            // A home workspace: the project's file is the user's.
            if level == "project" && user.as_ref() == Some(&file) {
                continue;
            }
            installed += hook_file(report, spec, level, &file);
        }
        if installed == 0 {
            report.say(format!(
                "    not installed (to install: shellward install {})",
                spec.name()
            ));
        }
    }
}

/// One host file's hooks; how many of ours it holds.
fn hook_file(report: &mut Report, spec: &crate::install::Spec, level: &str, file: &Path) -> usize {
    let text = match shellward_permit::settings::read_settings_text(file) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return 0,
        Err(e) => {
            report.problem(
                format!("{} cannot be read: {e}", file.display()),
                "check its permissions".into(),
            );
            return 0;
        }
    };
    let commands = match installed_commands(spec, &text) {
        Ok(commands) => commands,
        Err(e) => {
            report.problem(
                format!("{} does not parse: {e}", file.display()),
                "repair the file; the host ignores it as it is".to_string(),
            );
            return 0;
        }
    };
    for command in &commands {
        report.say(format!("    {level} {}: {command}", file.display()));
        match reachable(command) {
            Ok(bin) => report.say(format!("      runs: {}", bin.display())),
            Err(why) => report.problem(
                format!("the hook in {} cannot run: {why}", file.display()),
                format!(
                    "shellward uninstall {0}{1} && shellward install {0}{1}",
                    spec.name(),
                    if level == "project" { " --project" } else { "" }
                ),
            ),
        }
    }
    if commands.len() > 1 {
        report.problem(
            format!("{} runs shellward {} times", file.display(), commands.len()),
            format!(
                "shellward uninstall {0} && shellward install {0}",
                spec.name()
            ),
        );
    }
    commands.len()
}

/// The binary a hook command names, if it exists and is executable.
fn reachable(command: &str) -> Result<PathBuf, String> {
    debug_assert!(is_ours(command));
    let program = command
        .split_once(" hook ")
        .map(|(p, _)| p.trim().trim_matches(|c| c == '\'' || c == '"'))
        .unwrap_or_default();
    let path = if program.contains('/') {
        PathBuf::from(program)
    } else {
        std::env::var_os("PATH")
            .into_iter()
            .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
            .map(|d| d.join(program))
            .find(|p| p.is_file())
            .ok_or_else(|| format!("`{program}` is not on PATH"))?
    };
    use std::os::unix::fs::PermissionsExt;
    match std::fs::metadata(&path) {
        Ok(m) if m.is_file() && m.permissions().mode() & 0o111 != 0 => Ok(path),
        Ok(_) => Err(format!("{} is not an executable file", path.display())),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

fn settings(report: &mut Report, workspace: &Path) {
    report.say(format!("\nsettings (workspace {}):", workspace.display()));
    let trust = shellward_permit::trust::TrustStore::load_for(workspace);
    match shellward_permit::Settings::load_lenient(workspace, &[], Some(trust)) {
        Ok((settings, broken)) => {
            for file in &settings.files {
                report.say(format!("  read: {}", file.display()));
            }
            if settings.files.is_empty() {
                report.say("  none (the defaults apply)".into());
            }
            for e in broken {
                report.problem(
                    format!("ignored: {e}"),
                    "repair the file (its deny rules are not applied either)".into(),
                );
            }
            for u in &settings.untrusted {
                report.say(format!(
                    "  not trusted yet: {} ({})",
                    u.file.display(),
                    u.entries.join("; ")
                ));
                report.say("    to apply them: shellward trust (only if you wrote them)".into());
            }
        }
        Err(e) => report.problem(format!("settings: {e}"), "repair the file".into()),
    }
}

fn kernel(report: &mut Report) {
    let features = shellward_exec::sandbox::features();
    report.say("\nconfinement (kernel):".into());
    report.say(format!(
        "  Landlock ABI {}, seccomp {}: {}",
        features.landlock_abi,
        if features.seccomp { "yes" } else { "no" },
        match features.support() {
            shellward_exec::sandbox::Support::Full => "full confinement",
            shellward_exec::sandbox::Support::Partial => "partial confinement",
            shellward_exec::sandbox::Support::Unavailable => "no confinement of reads and writes",
        }
    ));
    for gap in features.gaps() {
        report.say(format!("  not enforced: {gap}"));
    }
}

fn state(report: &mut Report) {
    let db = shellward_exec::store::default_path();
    let dir = db.parent().map(Path::to_path_buf).unwrap_or_default();
    let (files, bytes) = size(&dir, 0);
    report.say("\nstate:".into());
    if dir.is_dir() {
        report.say(format!(
            "  {}: {files} files, {:.1} MiB",
            dir.display(),
            bytes as f64 / (1024.0 * 1024.0)
        ));
    } else {
        report.say(format!("  {}: not created yet", dir.display()));
    }
}

/// Files and bytes under `dir` (links not followed, 8 levels at most).
fn size(dir: &Path, depth: usize) -> (u64, u64) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return (0, 0);
    };
    let mut total = (0, 0);
    for entry in entries.flatten() {
        let Ok(meta) = entry.metadata() else { continue };
        if meta.is_dir() && depth < 8 {
            let (f, b) = size(&entry.path(), depth + 1);
            total = (total.0 + f, total.1 + b);
        } else if meta.is_file() {
            total = (total.0 + 1, total.1 + meta.len());
        }
    }
    total
}
