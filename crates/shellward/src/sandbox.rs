//! `shellward sandbox`: run one command under a confinement profile,
//! outside the executor (by hand, or from a host's hook with `--confine`).
//!
//! The command runs as a child with the profile entered between fork and
//! exec; shellward waits and exits with its status (128+N when killed by
//! signal N, as a shell reports it). With `-c SCRIPT`, bash runs the
//! script; `--cwd-file FILE` then receives the directory the script ended
//! in (empty when it did not end normally), so a host's shell can follow
//! a `cd`. A read-only command gets a fresh temporary directory as
//! `TMPDIR` (removed afterwards) and an environment without secrets, as
//! the executor's auto-allowed commands do.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use shellward_exec::sandbox::{self, Confinement};

/// The profiles, as the command line names them.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    /// Reads from the allow-list, writes nothing, no network.
    ReadOnly,
    /// Writes only in the workspace and a temporary directory.
    WorkspaceWrite,
}

/// `shellward sandbox`'s arguments.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Exit status: the command's (128+N when killed by signal N); 125 when \
    shellward could not confine or start it.\n\nExamples:\n  \
    shellward sandbox -- cat README.md\n  \
    shellward sandbox --profile workspace-write -- make\n  \
    shellward sandbox -c 'cd src && ls' --cwd-file /tmp/cwd"
)]
pub struct SandboxArgs {
    /// The confinement profile.
    #[arg(long, value_enum, default_value_t = Profile::ReadOnly)]
    profile: Profile,
    /// Workspace root (default: the git top level of the current directory, else it).
    #[arg(long)]
    workspace: Option<PathBuf>,
    /// Run this script with bash instead of COMMAND.
    #[arg(short = 'c', conflicts_with = "command")]
    script: Option<String>,
    /// With -c: write the directory the script ended in to this file.
    #[arg(long, requires = "script")]
    cwd_file: Option<PathBuf>,
    /// The command and its arguments.
    #[arg(last = true)]
    command: Vec<String>,
}

/// The status for a failure of our own (as `env` and `timeout` use 125).
const OWN_FAILURE: u8 = 125;

/// Run the command; never returns an error the caller would print as
/// shellward's (those exit 125 here, with one line on stderr).
pub fn run(args: SandboxArgs) -> ExitCode {
    match confined(&args) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("shellward sandbox: {error:#}");
            ExitCode::from(OWN_FAILURE)
        }
    }
}

fn confined(args: &SandboxArgs) -> Result<ExitCode> {
    let workspace = crate::workspace_root(args.workspace.as_ref())?;
    let settings = shellward_permit::Settings::load(&workspace, &[])?;
    let tmp = tempfile::Builder::new()
        .prefix("shellward-sandbox-")
        .tempdir()
        .context("creating the command's temporary directory")?;
    let tmp_path = tmp.path().canonicalize()?;
    let (program, argv, analysis) = match &args.script {
        Some(script) => {
            let analysis = shellward_syntax::analyze(script);
            let wrapped = match &args.cwd_file {
                Some(_) => with_cwd_trap(script),
                None => script.clone(),
            };
            (
                "bash".to_string(),
                vec!["-c".to_string(), wrapped],
                Some(analysis),
            )
        }
        None => match args.command.split_first() {
            Some((program, rest)) => (program.clone(), rest.to_vec(), None),
            None => bail!("no command: give one after --, or a script with -c"),
        },
    };
    let (sockets, needed_reads) = match &analysis {
        Some(a) => sandbox::needs(a),
        None => sandbox::needs_of([program.as_str()]),
    };
    let confinement = match args.profile {
        Profile::ReadOnly => Confinement::ReadOnly { sockets },
        Profile::WorkspaceWrite => Confinement::WorkspaceWrite {
            writable: vec![workspace.clone()],
        },
    };
    let mut cmd = std::process::Command::new(&program);
    cmd.args(&argv);
    environment(&mut cmd, &settings, &program, &tmp_path, args.profile);
    let mut named = vec![workspace.clone(), tmp_path.clone()];
    named.extend(settings.additional_directories.iter().cloned());
    named.extend(settings.sandbox_read_allow.iter().cloned());

    let reads = match args.profile {
        Profile::ReadOnly => {
            let mut policy = sandbox::Policy::from_env(named, settings.sandbox_read_deny.clone());
            policy.granted = needed_reads;
            // Other commands' outputs, wherever the store is.
            policy.places.extend(
                std::env::var_os("SHELLWARD_STATE_DB")
                    .map(PathBuf::from)
                    .and_then(|db| db.parent().map(Path::to_path_buf)),
            );
            sandbox::Reads::snapshot(&policy)
        }
        Profile::WorkspaceWrite => sandbox::Reads::none(),
    };
    let writes = sandbox::Writes {
        files: &[],
        dirs: &[tmp_path.as_path()],
    };
    let features = sandbox::features();
    if features.support() != sandbox::Support::Full {
        tracing::warn!(gaps = ?features.gaps(), "the kernel cannot enforce all of the sandbox");
    }
    if let Some(sealed) = sandbox::seal(&confinement, &reads, writes)? {
        sandbox::install(&mut cmd, sealed);
    }
    let status = cmd
        .status()
        .with_context(|| format!("starting {program}"))?;
    if let Some(file) = &args.cwd_file {
        let roots: Vec<&Path> = std::iter::once(workspace.as_path())
            .chain(settings.additional_directories.iter().map(PathBuf::as_path))
            .collect();
        let ended_in = ended_in(&tmp_path.join(CWD_NAME), &roots).unwrap_or_default();
        std::fs::write(file, ended_in).with_context(|| format!("writing {}", file.display()))?;
    }
    drop(tmp);
    Ok(exit_code(status))
}

/// The file in the command's temporary directory its EXIT trap writes.
const CWD_NAME: &str = ".shellward-cwd";

/// The directory the confined script says it ended in, if we believe it:
/// the file is the script's to write, so it is opened without following a
/// link, must be a small regular file, and must name an existing directory
/// inside the workspace that holds no credential store. Anything else
/// leaves the host's shell where it is.
fn ended_in(file: &Path, roots: &[&Path]) -> Option<String> {
    use rustix::fs::{FileType, Mode, OFlags};
    use std::io::Read;
    let fd = rustix::fs::open(
        file,
        OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC | OFlags::NOCTTY,
        Mode::empty(),
    )
    .ok()?;
    let stat = rustix::fs::fstat(&fd).ok()?;
    if FileType::from_raw_mode(stat.st_mode) != FileType::RegularFile {
        return None;
    }
    let mut text = String::new();
    std::fs::File::from(fd)
        .take(4096)
        .read_to_string(&mut text)
        .ok()?;
    let dir = Path::new(&text);
    let real = dir.canonicalize().ok()?;
    let inside = roots.iter().any(|r| real.starts_with(r));
    let secret = shellward_exec::sandbox::reads::secret_at(&real).is_some();
    // The physical path: the host's `cd` would resolve `link/..` logically,
    // somewhere else than what was checked.
    (dir.is_absolute() && real.is_dir() && inside && !secret)
        .then(|| real.to_string_lossy().into_owned())
}

/// `script`, preceded by an EXIT trap that records `$PWD` in `$TMPDIR`.
fn with_cwd_trap(script: &str) -> String {
    format!(
        "trap 'printf %s \"$PWD\" > \"$SHELLWARD_SANDBOX_TMP/{CWD_NAME}\" 2>/dev/null' EXIT\n{script}"
    )
}

/// The command's environment: the settings' policy with secrets scrubbed
/// for read-only commands, nothing waiting for a terminal, its own TMPDIR.
fn environment(
    cmd: &mut std::process::Command,
    settings: &shellward_permit::Settings,
    program: &str,
    tmp: &Path,
    profile: Profile,
) {
    let parent: Vec<(String, String)> = std::env::vars_os()
        .map(|(k, v)| {
            (
                k.to_string_lossy().into_owned(),
                v.to_string_lossy().into_owned(),
            )
        })
        .collect();
    let programs = [program];
    let plan =
        shellward_exec::env::plan(settings, &parent, profile == Profile::ReadOnly, &programs);
    if plan.clear {
        cmd.env_clear();
    }
    for (k, v) in plan.vars {
        match v {
            Some(v) => cmd.env(k, v),
            None => cmd.env_remove(k),
        };
    }
    cmd.env("TMPDIR", tmp)
        .env("SHELLWARD_SANDBOX_TMP", tmp)
        .env("GIT_OPTIONAL_LOCKS", "0")
        .env("GIT_TERMINAL_PROMPT", "0");
}

fn exit_code(status: std::process::ExitStatus) -> ExitCode {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => ExitCode::from(u8::try_from(code & 0xff).unwrap_or(1)),
        (None, Some(signal)) => ExitCode::from(u8::try_from(128 + signal).unwrap_or(255)),
        (None, None) => ExitCode::from(OWN_FAILURE),
    }
}

/// `value` as one word for a POSIX shell.
pub fn shell_quote(value: &str) -> String {
    if !value.is_empty()
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"/._-+=:,@%".contains(&b))
    {
        return value.to_string();
    }
    format!("'{}'", value.replace('\'', r"'\''"))
}

/// The command a host's shell should run instead of `command`: the same
/// command under `shellward sandbox`, following a `cd` back into the host's
/// shell when the command changes directory.
pub fn confined_command(
    shellward: &Path,
    workspace: &Path,
    command: &str,
    changes_dir: bool,
) -> String {
    let base = format!(
        "{} sandbox --profile read-only --workspace {}",
        shell_quote(&shellward.to_string_lossy()),
        shell_quote(&workspace.to_string_lossy()),
    );
    if !changes_dir {
        return format!("{base} -c {}", shell_quote(command));
    }
    format!(
        "__shellward_cwd=$(mktemp) && {{ {base} --cwd-file \"$__shellward_cwd\" -c {}; \
         __shellward_rc=$?; __shellward_to=$(cat -- \"$__shellward_cwd\"); rm -f -- \"$__shellward_cwd\"; \
         if [ -n \"$__shellward_to\" ]; then cd -- \"$__shellward_to\"; fi; (exit $__shellward_rc); }}",
        shell_quote(command)
    )
}
