//! The guard: what a command will destroy or publish, asked about in every
//! mode, and the capability fields every decision carries.
//!
//! The effects come from [`shellward_effects`], read over the same
//! subjects deny rules see ([`crate::subject`]): the commands themselves
//! and every command they run through a wrapper (`sudo`, `timeout`,
//! `xargs`, `bash -c`, `find -exec`), so wrapping never hides an effect.
//! Redirections add the files they write.
//!
//! | step | decision | rule id |
//! | --- | --- | --- |
//! | an effect's severity is set to `deny` (`guard.<severity>`) | deny | `guard.<severity>:<row>` |
//! | an effect's severity is set to `ask` (the default for destructive and catastrophic) | ask | `guard.<severity>:<row>` |
//!
//! The guard runs after deny and ask rules and before allow rules and the
//! mode, so neither an allow rule nor yolo mode runs `rm -rf ~` unasked.

use std::path::{Path, PathBuf};

use schemars::JsonSchema;
use serde::Serialize;
use shellward_effects::{Effect, Severity};
use shellward_judge::rules::Rule as RuleId;
use shellward_syntax::{Connector, ParseStatus, RedirectOp, SimpleCommand};

use crate::subject::Subjects;

use crate::settings::GuardAction;
use crate::{Action, Decision, Request};

/// The seed's capability fields: what a caller needs to show or gate a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Capability {
    /// The judge proved the command read-only.
    pub read_only: bool,
    /// A person must approve it (the decision is `ask`).
    pub needs_approval: bool,
    /// `low` (read-only), `medium` (known writes in the workspace), `high`
    /// (writes outside it, unknown or destructive effects), `critical`
    /// (catastrophic effects).
    pub risk_level: RiskLevel,
    /// `none` (read-only), `workspace` (every known effect inside the
    /// workspace), `system` (anything else).
    pub side_effect_scope: SideEffectScope,
}

/// How risky a call is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)]
pub enum RiskLevel {
    Low,
    Medium,
    High,
    Critical,
}

impl RiskLevel {
    /// The lowercase name.
    pub fn as_str(self) -> &'static str {
        match self {
            RiskLevel::Low => "low",
            RiskLevel::Medium => "medium",
            RiskLevel::High => "high",
            RiskLevel::Critical => "critical",
        }
    }
}

impl SideEffectScope {
    /// The lowercase name.
    pub fn as_str(self) -> &'static str {
        match self {
            SideEffectScope::None => "none",
            SideEffectScope::Workspace => "workspace",
            SideEffectScope::System => "system",
        }
    }
}

/// Where a call's side effects land.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)]
pub enum SideEffectScope {
    None,
    Workspace,
    System,
}

/// The capability of a command with `effects`, as `action` decided.
pub fn capability(read_only: bool, action: Action, effects: &[Effect]) -> Capability {
    let worst = shellward_effects::worst(effects);
    let inside = !effects.is_empty() && effects.iter().all(|e| !e.scope.is_outside());
    let risk_level = match (read_only, worst) {
        (true, _) => RiskLevel::Low,
        (_, Some(Severity::Catastrophic)) => RiskLevel::Critical,
        (_, Some(Severity::Write)) if inside => RiskLevel::Medium,
        _ => RiskLevel::High,
    };
    let side_effect_scope = match (read_only, inside) {
        (true, _) => SideEffectScope::None,
        (_, true) => SideEffectScope::Workspace,
        _ => SideEffectScope::System,
    };
    Capability {
        read_only,
        needs_approval: action == Action::Ask,
        risk_level,
        side_effect_scope,
    }
}

/// The effects of the command in `req`, read from its `subjects` (none
/// for a read-only command).
pub fn effects(req: &Request<'_>, subjects: &crate::subject::Subjects) -> Vec<Effect> {
    let analysis = req.analysis;
    let parsed = analysis.status == ParseStatus::Ok;
    if req.verdict.read_only && parsed {
        return Vec::new();
    }
    let ctx = req.context;
    let mut walk = Walk::new(
        &ctx.roots,
        ctx.home.as_deref(),
        Some(ctx.cwd.clone()),
        false,
    );
    // `cd NAME` looks NAME up in `CDPATH` first (`CDPATH=~ cd .ssh`).
    walk.cdpath = analysis.source().contains("CDPATH") || std::env::var_os("CDPATH").is_some();
    if parsed {
        walk.script(analysis.commands(), subjects, 0);
        walk.out
            .extend(crate::renames::effects(analysis.commands(), subjects));
    }
    let unfollowed = unfollowed(analysis, subjects, parsed);
    if unfollowed {
        let here = shellward_effects::Context {
            cwd: Some(&ctx.cwd),
            roots: &ctx.roots,
            home: ctx.home.as_deref(),
            links: &[],
            stdin_fed: false,
            many: false,
            remote: false,
        };
        walk.out.extend(shellward_effects::lenient::text_effects(
            analysis.source(),
            &here,
        ));
    }
    let mut out = Vec::with_capacity(walk.out.len());
    for e in walk.out {
        let seen = out
            .iter()
            .any(|o: &Effect| o.rule == e.rule && o.target == e.target && o.severity == e.severity);
        if !seen && req.settings.guard.applies(e.pack) {
            out.push(e);
        }
    }
    out
}

/// Whether the precise reading could not follow part of the command,
/// which is then read at its worst: a parse error or a text over the
/// limit, a compound command's hidden insides, a wrapper we could not
/// read, a shell reading a script from a pipe or a file, git's meaning set
/// at run time, a program named by an expansion, a variable that holds a
/// command.
fn unfollowed(
    analysis: &shellward_syntax::Analysis,
    subjects: &crate::subject::Subjects,
    parsed: bool,
) -> bool {
    !parsed
        || !analysis.unsupported().is_empty()
        || !subjects.complete
        || subjects.git_opaque
        || subjects
            .list
            .iter()
            .any(|s| s.partial && s.words.is_empty())
        // A word known only when it runs (an expansion, a substitution, a
        // brace expression), or a program's name that is a glob: the
        // precise reading sees neither `git reset --ha$()rd` nor `/bin/r? -rf ~`.
        || analysis.commands().iter().any(|c| {
            // A dynamic argument matters to every program (`rm -rf $DIR`,
            // `bash -c "$X"`) but one that only prints it (`echo "$VAR"`).
            let program = c.words.first();
            let reads_arguments = program.is_some_and(|w| {
                let base = w.value.rsplit('/').next().unwrap_or(&w.value);
                !w.is_static() || !PRINTERS.contains(&base)
            });
            (reads_arguments && c.words.iter().any(|w| !w.is_static()))
                || program.is_some_and(|w| w.glob_prefix.is_some())
        })
        // A command run elsewhere that its precise reading does not read
        // whole (`remote_understood`), or whose words are not all known.
        || (0..analysis.commands().len()).any(|i| {
            subjects.of_command(i).iter().any(|s| {
                shellward_argv::remote::remote_run(&s.words).is_some_and(|run| {
                    s.partial
                        || matches!(s.via.as_deref(), Some("xargs" | "parallel"))
                        || !remote_understood(&run, analysis.commands(), i)
                })
            })
        })
        || analysis.commands().iter().any(|c| {
            // Set before the command, or by `export`, `env`, `printf -v`, `declare`.
            c.assignments
                .iter()
                .any(|a| RUNS_VARIABLES.contains(&a.name.as_str()))
                || c.argv().any(|w| {
                    let name = w.split_once('=').map_or(w, |(n, _)| n);
                    RUNS_VARIABLES.contains(&name) || name.starts_with("GIT_")
                })
        })
}

/// Variables whose value a program reads as more of its options
/// (`TF_CLI_ARGS_apply='-destroy'`, `TAR_OPTIONS=-C..`, `UNZIP=-o`), and
/// that program; `TF_CLI_ARGS` also as a prefix (`TF_CLI_ARGS_apply`).
#[rustfmt::skip]
const ENV_OPTIONS: &[(&str, &str)] = &[
    ("TF_CLI_ARGS", "terraform"), ("TAR_OPTIONS", "tar"), ("UNZIP", "unzip"), ("UNZIPOPT", "unzip"),
    ("GZIP", "gzip"), ("ZIPOPT", "zip"), ("XZ_OPT", "xz"), ("XZ_DEFAULTS", "xz"),
];

/// The program and the arguments in a `NAME=VALUE` of [`ENV_OPTIONS`]
/// (an assignment, or a word of `export` or `env`).
fn env_args_of(word: &str) -> Option<(&'static str, Vec<String>)> {
    let (name, value) = word.split_once('=')?;
    let (_, program) = ENV_OPTIONS
        .iter()
        .find(|(v, _)| name == *v || (*v == "TF_CLI_ARGS" && name.starts_with(v)))?;
    Some((
        program,
        value.split_whitespace().map(str::to_string).collect(),
    ))
}

/// Does the subject's program read the variables of `program` (OpenTofu
/// reads Terraform's)?
fn reads_env_of(words: &[String], program: &str) -> bool {
    let base = words
        .first()
        .map_or("", |w| w.rsplit('/').next().unwrap_or(w));
    base == program || (program == "terraform" && matches!(base, "tofu" | "opentofu"))
}

/// Builtins that only print their arguments: a word expanded when they run
/// changes what they print, nothing else.
const PRINTERS: &[&str] = &["echo", "printf", ":", "true", "false"];

/// Variables whose value a program runs as a command (`GIT_EDITOR='rm -rf
/// ~' git commit`): a command that sets one is read at its worst.
#[rustfmt::skip]
const RUNS_VARIABLES: &[&str] = &[
    "EDITOR", "VISUAL", "PAGER", "MANPAGER", "LESSOPEN", "LESSCLOSE", "BROWSER", "SHELL",
    "BASH_ENV", "ENV", "PROMPT_COMMAND", "PS4", "SSH_ASKPASS", "SUDO_ASKPASS", "GIT_ASKPASS",
    "TERMINAL", "DIFFTOOL", "MERGETOOL", "LD_PRELOAD", "PYTHONSTARTUP", "NODE_OPTIONS",
    "PERL5OPT", "RUBYOPT", "TF_CLI_ARGS", "TF_CLI_ARGS_apply", "TF_CLI_ARGS_destroy",
];

/// Shells whose standard input (or `-c` argument) is a script.
use shellward_argv::runners::SHELLS;

/// How deep scripts inside scripts are followed (`bash -c`, `bash <<EOF`,
/// substitutions in here-documents).
const MAX_DEPTH: usize = 3;

/// A walk over a script's commands in order, carrying what earlier
/// commands changed: the working directory (`cd DIR && rm -rf x` deletes
/// `DIR/x`) and symbolic links (`ln -s /etc /tmp/x && rm -rf /tmp/x/*`).
struct Walk<'a> {
    roots: &'a [PathBuf],
    home: Option<&'a Path>,
    /// `None` once a `cd` went somewhere only known when it runs.
    cwd: Option<PathBuf>,
    links: Vec<(PathBuf, PathBuf)>,
    /// [`ENV_OPTIONS`] values exported earlier in the command, by program.
    exported: Vec<(&'static str, Vec<String>)>,
    /// The current command runs on a list known only when it runs.
    many: bool,
    /// The current command's standard input is fed (a pipe or `<`).
    fed: bool,
    /// Where a `cd` to a directory missing now may have led (the cwd is
    /// then unknown: the `cd` may fail, or an earlier command make it).
    missing_cwd: Option<PathBuf>,
    /// An `exec < FILE` earlier in the line fed every later command's
    /// standard input (`exec < answers.txt; rm -ri ./tree`).
    stdin_kept: bool,
    /// A `CDPATH` is set (in the environment or the line): a `cd` to a bare
    /// relative name may go anywhere it lists.
    cdpath: bool,
    /// Descriptors an `exec` earlier in the line opened on files
    /// (`exec 3< ~/.bashrc`), as `(fd, file)`.
    exec_files: Vec<(u32, String)>,
    /// This walk reads a command run on another machine or in a container.
    remote: bool,
    out: Vec<Effect>,
}

impl<'a> Walk<'a> {
    /// A walk from `cwd`, with nothing seen yet; `remote`: on another
    /// machine, in a container or as another user, where any file may exist.
    fn new(
        roots: &'a [PathBuf],
        home: Option<&'a Path>,
        cwd: Option<PathBuf>,
        remote: bool,
    ) -> Self {
        Walk {
            roots,
            home,
            cwd,
            links: Vec::new(),
            exported: Vec::new(),
            many: false,
            fed: false,
            missing_cwd: None,
            stdin_kept: false,
            cdpath: false,
            exec_files: Vec::new(),
            remote,
            out: Vec::new(),
        }
    }

    fn ctx(&self) -> shellward_effects::Context<'_> {
        shellward_effects::Context {
            cwd: self.cwd.as_deref(),
            roots: self.roots,
            home: self.home,
            links: &self.links,
            stdin_fed: self.fed,
            many: self.many,
            remote: self.remote,
        }
    }

    fn script(&mut self, commands: &[SimpleCommand], subjects: &Subjects, depth: usize) {
        for (i, c) in commands.iter().enumerate() {
            self.fed = matches!(c.connector, Some(Connector::Pipe | Connector::PipeAll))
                || c.redirects.iter().any(|r| {
                    matches!(
                        r.op,
                        RedirectOp::Input
                            | RedirectOp::ReadWrite
                            | RedirectOp::DupInput
                            | RedirectOp::HereDoc
                            | RedirectOp::HereDocStrip
                            | RedirectOp::HereString
                    )
                });
            // `exec` alone with its redirections keeps them for the line.
            if self.fed
                && c.argv().eq(["exec"])
                && c.redirects.iter().any(|r| r.effective_fd() == 0)
            {
                self.stdin_kept = true;
            }
            self.fed |= self.stdin_kept;
            // Arguments a program reads from the environment
            // (`TF_CLI_ARGS_apply='-destroy'`): set before this command,
            // exported earlier, or given to `env`.
            let mut env_args = self.exported.clone();
            env_args.extend(
                c.assignments
                    .iter()
                    .filter_map(|a| env_args_of(&format!("{}={}", a.name, a.value.value))),
            );
            env_args.extend(c.argv().filter_map(env_args_of));
            for s in subjects.of_command(i).iter().filter(|s| !s.stands_for) {
                // xargs appends words it reads when it runs: more targets, unknown now.
                let appended = matches!(s.via.as_deref(), Some("xargs" | "parallel"));
                let partial = s.partial || appended;
                self.many = appended || s.via.as_deref() == Some("find");
                // `... | xargs sh -c`: the script is a word xargs reads.
                if appended && code_option_last(&s.words) {
                    self.out.push(shellward_effects::lenient::unknown_script());
                }
                let mut words = std::borrow::Cow::Borrowed(&s.words);
                if s.partial && s.via.is_none() && !s.words.is_empty() {
                    // The command itself with a word expanded when it runs:
                    // every word, expanded ones as written (`rm $(x) ~`
                    // still names `~`; `$HOME/.bashrc` is placed).
                    words = std::borrow::Cow::Owned(c.argv().map(str::to_string).collect());
                }
                for (program, args) in &env_args {
                    if reads_env_of(&words, program) {
                        words.to_mut().extend(args.iter().cloned());
                    }
                }
                // `find /tmp/build -exec rm {} \;`: `{}` is something
                // under find's starting points.
                let roots = (s.via.as_deref() == Some("find"))
                    .then(|| find_roots(c))
                    .flatten()
                    .filter(|_| words.iter().any(|w| w == "{}"));
                let find_words: Vec<String> = c.argv().map(str::to_string).collect();
                let name = shellward_effects::find_name(&find_words);
                let found = match roots {
                    Some(roots) => roots
                        .iter()
                        .flat_map(|root| {
                            let root = root.trim_end_matches('/');
                            // `find . -name __pycache__ -exec rm -rf {} +`:
                            // only entries of that name, never the root
                            // itself unless its own name matches.
                            let base = root.rsplit('/').next().unwrap_or(root);
                            let under = match name {
                                Some(n) if !shellward_argv::options::may_match_name(n, base) => {
                                    format!("{root}/{n}")
                                }
                                _ => format!("{root}/*"),
                            };
                            let placed: Vec<String> = words
                                .iter()
                                .map(|w| if w == "{}" { under.clone() } else { w.clone() })
                                .collect();
                            shellward_effects::effects(&placed, partial, &self.ctx())
                        })
                        .collect(),
                    None => shellward_effects::effects(&words, partial, &self.ctx()),
                };
                // `tsocks rm -rf ~`: a program nothing describes (so one
                // with no effects), read also as running the known program
                // among its first words.
                let undescribed = found.is_empty();
                self.out.extend(found);
                // `git nuke`: an alias from a configuration or an external
                // `git-nuke`, which may do anything (`reset --hard`, `push -f`).
                // (Read on the command as written: the copy without git's
                // global options, for rules, has lost its `-c alias.*`.)
                if s.via.as_deref() != Some("git") && crate::subject::git_unknown_subcommand(&words)
                {
                    self.out.push(git_unknown_effect());
                }
                if undescribed {
                    for at in crate::subject::hidden_programs(&s.words) {
                        let hidden =
                            shellward_effects::effects(&s.words[at..], partial, &self.ctx());
                        self.out.extend(hidden);
                        // `tsocks sh -c 'rm -rf ~'`: the script, in order.
                        if let Some(script) = shell_script(&s.words[at..]) {
                            self.nested_in_own_cwd(script, depth);
                        }
                    }
                }
                self.commands_run(commands, i, s, depth);
            }
            self.scripts_fed(commands, i, subjects.of_command(i), depth);
            self.out.extend(shown_over_worktree(c, &self.ctx()));
            let next = commands.get(i + 1).and_then(|n| n.connector);
            self.after(c, subjects.of_command(i), next);
        }
    }

    /// What the `i`th command's subject `s` runs besides itself, each read
    /// where and as it runs: a shell's script (as another user, in that
    /// user's home), the files ssh appends to here, a command run
    /// elsewhere, a git `!` alias, tar's helpers.
    fn commands_run(
        &mut self,
        commands: &[SimpleCommand],
        i: usize,
        s: &crate::subject::Subject,
        depth: usize,
    ) {
        let c = &commands[i];
        if let Some(script) = shell_script(&s.words) {
            // The script in order, with its own `cd`s and redirections
            // (`sudo sh -c 'cd /etc && rm -f shadow'`); as another
            // user, `~` there is that user's home.
            match other_user(c) {
                true => self.nested_as_other_user(script, depth),
                false => self.nested_in_own_cwd(script, depth),
            }
        }
        // ssh's log and known-hosts files, appended to here.
        for file in shellward_argv::remote::ssh_written_files(&s.words) {
            let effect = shellward_effects::redirect(Some(&file), true, &self.ctx());
            self.out.extend(effect);
        }
        // `ssh host CMD`, `docker exec -i c sh`: what runs there, and
        // what it reads of this command's standard input.
        if let Some(run) = shellward_argv::remote::remote_run(&s.words).filter(|_| !s.partial) {
            self.remote(&run, commands, i, depth);
        }
        // `git -c 'alias.x=!f() { git branch "$@"; }; f' x -d v`: the
        // alias's shell text with its arguments in place, read at
        // its worst (a function's body is not followed otherwise).
        if let Some(script) = crate::subject::git_shell_alias(&s.words) {
            let text = shellward_effects::lenient::text_effects(&script, &self.ctx());
            self.out.extend(text);
        }
        let program = s
            .words
            .first()
            .map_or("", |w| w.rsplit('/').next().unwrap_or(w));
        if crate::subject::is_tar(program) {
            self.tar_helpers(c, s, depth);
        }
    }

    /// What the `i`th command's readers of scripts (shells, SQL clients,
    /// interpreters) are fed: its redirections and here-documents, what
    /// the command before a pipe writes out, and a script that is only
    /// made when it runs (`curl URL | sh`, `bash -c "$(curl URL)"`).
    fn scripts_fed(
        &mut self,
        commands: &[SimpleCommand],
        i: usize,
        subjects_here: &[crate::subject::Subject],
        depth: usize,
    ) {
        let c = &commands[i];
        // A remote runner's command reads its input elsewhere ([`Walk::remote`]).
        let local: Vec<&crate::subject::Subject> = subjects_here
            .iter()
            .filter(|s| s.partial || shellward_argv::remote::remote_run(&s.words).is_none())
            .collect();
        let subjects_here = local.as_slice();
        let readers = readers(subjects_here.iter().map(|s| s.words.as_slice()));
        // `rm -ri ./tree <> answers`: standard input opened to read and
        // write, not truncated, and nothing writes to it unless the command
        // copies a descriptor from it (`>&0`) or `exec` keeps it open for
        // later commands that may.
        let stdin_written = c.argv().next() == Some("exec")
            || c.redirects.iter().any(|r| {
                matches!(r.op, RedirectOp::DupOutput | RedirectOp::DupInput)
                    && r.target.value == "0"
            });
        for r in &c.redirects {
            let read_only_stdin =
                r.op == RedirectOp::ReadWrite && r.effective_fd() == 0 && !stdin_written;
            if !read_only_stdin {
                self.redirect(&readers, r, c, depth);
            }
        }
        self.descriptors(c);
        // `echo 'DROP DATABASE x' | mysql`: what is piped into a reader
        // of scripts is a script (unless a shell was given one with -c).
        let scripted = subjects_here
            .iter()
            .any(|s| shell_script(&s.words).is_some());
        if matches!(c.connector, Some(Connector::Pipe | Connector::PipeAll)) && i > 0 && !scripted {
            let before = &commands[i - 1];
            let mut fed: Vec<&str> = before.argv().skip(1).collect();
            // `cat <<'EOF' | psql`: what the previous command was fed.
            fed.extend(
                before
                    .redirects
                    .iter()
                    .filter_map(|r| match (&r.heredoc, r.op) {
                        (Some(doc), _) => Some(doc.body.as_str()),
                        (None, RedirectOp::HereString) => Some(r.target.value.as_str()),
                        _ => None,
                    }),
            );
            self.read_as_script(&fed.join(" "), &readers, depth);
            // `curl URL | sh`, `base64 -d <<<... | bash`: a script
            // only known when it runs, unless the text before the pipe
            // is written out (`echo`, `printf`, a here-document).
            let printed = written_out(before);
            if !printed && subjects_here.iter().any(|s| runs_stdin(&s.words)) {
                self.out.push(shellward_effects::lenient::unknown_script());
            }
        }
        // `bash -c "$(curl URL)"`, `bash <(curl URL)`, `eval "$(...)"`,
        // `sh < <(curl URL)`, `bash <<< "$(...)"`: a reader given a
        // script that is only made when it runs.
        let dynamic_script = c.words.iter().skip(1).any(|w| !w.is_static())
            || c.redirects
                .iter()
                .any(|r| r.effective_fd() == 0 && r.heredoc.is_none() && !r.target.is_static());
        if dynamic_script && subjects_here.iter().any(|s| reads_scripts(&s.words)) {
            self.out.push(shellward_effects::lenient::unknown_script());
        }
        // `awk -f - <<< '...'`, `... | gawk -f -`: awk's program is what it
        // is fed.
        let fed = matches!(c.connector, Some(Connector::Pipe | Connector::PipeAll))
            || c.redirects.iter().any(|r| r.effective_fd() == 0);
        if fed
            && subjects_here
                .iter()
                .any(|s| awk_program_from_stdin(&s.words))
        {
            self.out.push(shellward_effects::lenient::unknown_script());
        }
    }

    /// `text` as the script of every shell, SQL client, interpreter or
    /// `redis-cli` in `readers` (what a here-document or a pipe feeds).
    fn read_as_script(&mut self, text: &str, readers: &[&str], depth: usize) {
        if text.is_empty() || depth >= MAX_DEPTH {
            return;
        }
        for &base in readers {
            if SHELLS.contains(&base) {
                self.nested(text, depth);
            } else if shellward_effects::scan::is_sql_client(base) {
                shellward_effects::scan::sql_effects(text, &mut self.out);
            } else if shellward_effects::scan::is_interpreter(base) {
                shellward_effects::scan::code_effects(text, &mut self.out);
            } else if base == "redis-cli" {
                let mut argv = vec![base.to_string()];
                argv.extend(text.split_whitespace().map(str::to_string));
                let found = shellward_effects::effects(&argv, false, &self.ctx());
                self.out.extend(found);
            }
        }
    }

    /// What a command changes for the commands after it (`next`: the
    /// connector to the one after it).
    fn after(
        &mut self,
        c: &SimpleCommand,
        subjects: &[crate::subject::Subject],
        next: Option<Connector>,
    ) {
        // `export TF_CLI_ARGS_apply=...` holds for the commands after it.
        if matches!(c.argv().next(), Some("export" | "declare" | "typeset")) {
            self.exported.extend(c.argv().filter_map(env_args_of));
        }
        // `cd`, also as `builtin cd`/`command cd`; `ln`, also as `sudo ln`.
        for s in subjects {
            let Some(program) = s.words.first() else {
                continue;
            };
            match program.rsplit('/').next().unwrap_or(program) {
                "cd" | "pushd" | "popd" => {
                    let argv: Vec<&str> = c.argv().collect();
                    let at = argv
                        .iter()
                        .position(|w| matches!(*w, "cd" | "pushd" | "popd"));
                    let args = at.map_or(&argv[..0], |i| &argv[i + 1..]);
                    let program = at.and_then(|i| argv.get(i)).copied();
                    let piped = |c: Option<Connector>| {
                        matches!(c, Some(Connector::Pipe | Connector::PipeAll))
                    };
                    // In a pipeline, `cd` runs in a subshell of its own.
                    if piped(c.connector) || piped(next) {
                        continue;
                    }
                    let bare = args
                        .iter()
                        .find(|w| !w.starts_with('-'))
                        .is_some_and(|t| !t.starts_with(['/', '.', '~', '$']));
                    let moved = if self.cdpath && bare {
                        None
                    } else {
                        changed_dir(args, program, self.cwd.as_deref(), self.home)
                    };
                    // A `cd` that fails leaves the directory as it was, and
                    // what follows a `;` or `||` runs there (`cd /tmp/new; rm
                    // -rf *`): the new one is where they run only after `&&`
                    // or where it exists now.
                    let certain =
                        |dir: &PathBuf| matches!(next, None | Some(Connector::And)) || dir.is_dir();
                    self.missing_cwd = moved.clone().filter(|dir| !certain(dir));
                    self.cwd = moved.filter(certain);
                }
                "ln" => {
                    // Expanded words as written (`ln -s $HOME /tmp/h`).
                    let argv: Vec<&str> = if s.partial && s.via.is_none() {
                        c.argv().skip(1).collect()
                    } else {
                        s.words.iter().skip(1).map(String::as_str).collect()
                    };
                    if let Some(link) = symlink(&argv, &self.ctx()) {
                        self.links.push(link);
                    }
                }
                _ => {}
            }
        }
    }

    /// What a redirection writes, and what a script fed on standard
    /// input does to the `readers` of the command (`bash <<EOF`, `sudo
    /// psql <<EOF`, `python3 <<<CODE`, a substitution in an unquoted
    /// here-document).
    fn redirect(
        &mut self,
        readers: &[&str],
        r: &shellward_syntax::Redirect,
        c: &SimpleCommand,
        depth: usize,
    ) {
        let t = r.target.value.as_str();
        let writes = match r.op {
            RedirectOp::Output
            | RedirectOp::Append
            | RedirectOp::Clobber
            | RedirectOp::ReadWrite
            | RedirectOp::OutputAll
            | RedirectOp::AppendAll => true,
            // `>&file` is `&>file`.
            RedirectOp::DupOutput => !(t == "-" || t.bytes().all(|b| b.is_ascii_digit())),
            _ => false,
        };
        if writes {
            // A dynamic target's value is its source text: `$HOME/.zshrc`
            // is placed, anything else expanded is unknown.
            let append = matches!(r.op, RedirectOp::Append | RedirectOp::AppendAll);
            // `> /dev/stderr` with `2< ~/.bashrc` (or an earlier `exec
            // 2< ~/.bashrc`) reopens that file, truncated.
            if let Some(fd) = shellward_effects::scope::descriptor(t) {
                let files = self.files_on(c, fd);
                if files.is_empty() && fd <= 2 {
                    // The command's own streams.
                    return;
                }
                for file in &files {
                    let effect = shellward_effects::redirect(Some(file), append, &self.ctx());
                    self.out.extend(effect);
                }
                if !files.is_empty() {
                    return;
                }
            }
            let effect = shellward_effects::redirect(Some(t), append, &self.ctx());
            self.out.extend(effect);
            // After `mkdir -p ~/.ssh; cd ~/.ssh;` (a directory missing now,
            // so where the shell is is unknown): the file there too.
            if self.cwd.is_none()
                && let Some(dir) = self.missing_cwd.clone()
            {
                let saved = self.cwd.replace(dir);
                let there = shellward_effects::redirect(Some(t), append, &self.ctx());
                self.cwd = saved;
                self.out.extend(there);
            }
            return;
        }
        // `psql < <(echo 'DROP DATABASE x')`: what the substitution prints
        // is the reader's script.
        if r.op == RedirectOp::Input
            && let Some(inner) = t.strip_prefix("<(").and_then(|t| t.strip_suffix(')'))
        {
            let inner = shellward_syntax::analyze(inner);
            let printed: Vec<&str> = inner
                .commands()
                .iter()
                .flat_map(|c| c.argv().skip(1))
                .collect();
            self.read_as_script(&printed.join(" "), readers, depth);
            return;
        }
        let (script, expands) = match (r.op, &r.heredoc) {
            (RedirectOp::HereDoc | RedirectOp::HereDocStrip, Some(doc)) => {
                (doc.body.as_str(), !doc.quoted)
            }
            (RedirectOp::HereString, _) => (t, false),
            _ => return,
        };
        if depth >= MAX_DEPTH {
            return;
        }
        if expands && (script.contains("$(") || script.contains('`')) {
            // The body's substitutions run whatever reads it.
            self.nested(&format!(": \"{}\"", as_double_quoted(script)), depth);
        }
        self.read_as_script(script, readers, depth);
    }

    /// A script inside the command: its commands in order, from the same
    /// directory.
    /// [`Walk::nested`] for a shell's own script (`sh -c`): its `cd`s end
    /// with it.
    /// What tar runs from its helper options (`--to-command=sh`, `-I
    /// 'psql -X'`, `--checkpoint-action=exec=CMD`, read as tar reads its
    /// argv, `TAR_OPTIONS` first): each script in order; and a reader of
    /// scripts given the archive's data on its standard input runs code
    /// nobody has seen.
    fn tar_helpers(&mut self, c: &SimpleCommand, s: &crate::subject::Subject, depth: usize) {
        // `TAR_OPTIONS` set for this command (`TAR_OPTIONS=x tar`, `env
        // TAR_OPTIONS=x nice tar`), or exported earlier (read at its worst).
        let named = c.argv().find_map(|w| w.strip_prefix("TAR_OPTIONS="));
        let env = c.assignments.iter().rev().find(|a| a.name == "TAR_OPTIONS");
        let exported = self.exported.iter().any(|(program, _)| *program == "tar");
        if depth >= MAX_DEPTH || exported || env.is_some_and(|a| !a.value.is_static()) {
            self.out.push(shellward_effects::lenient::unknown_script());
            return;
        }
        let env = env.map(|a| a.value.value.as_str()).or(named);
        // A word known only when it runs, as a mark: a helper given one
        // (`--to-command="$HELPER"`) runs what nobody has seen.
        const UNSEEN: &str = "\0unseen";
        // Brace words as bash makes them (`{--to-command,} sh`).
        let expanded = shellward_syntax::brace_expanded(std::slice::from_ref(c));
        let c = &expanded[0];
        let at = c.words.iter().position(|w| {
            w.static_value()
                .is_some_and(|v| crate::subject::is_tar(v.rsplit('/').next().unwrap_or(v)))
        });
        let words: Vec<String> = match at {
            // The command as written, from tar on (`sudo tar ... "$X"`).
            Some(at) if s.partial => c.words[at..]
                .iter()
                .map(|w| match w.static_value() {
                    Some(v) => v.to_string(),
                    // What is written before the expansion, then the mark
                    // (`--to-command="$H"` is `--to-command=` and the mark).
                    None => {
                        let before = w.value.split(['$', '`']).next().unwrap_or("");
                        format!("{}{UNSEEN}", before.replace(['\'', '"'], ""))
                    }
                })
                .collect(),
            _ => s.words.clone(),
        };
        let Some(helpers) = shellward_argv::tar::helpers(&words, env) else {
            self.out.push(shellward_effects::lenient::unknown_script());
            return;
        };
        for helper in helpers {
            if helper.script.contains(UNSEEN) {
                self.out.push(shellward_effects::lenient::unknown_script());
                continue;
            }
            self.nested_in_own_cwd(&helper.script, depth);
            // Given the archive or a member on its input: only a program
            // that takes its input as data is known not to run it (`sed
            // e`, `xargs sh -c`, `awk '{system($0)}'` do).
            if helper.fed {
                let inner = shellward_syntax::analyze(&helper.script);
                let subjects = crate::subject::subjects(inner.commands(), inner.source());
                let data_only = inner.status == ParseStatus::Ok
                    && subjects.complete
                    && subjects.list.iter().all(|s| {
                        s.words.first().is_some_and(|w| {
                            TAKES_INPUT_AS_DATA.contains(&w.rsplit('/').next().unwrap_or(w))
                        })
                    });
                if !data_only {
                    self.out.push(shellward_effects::lenient::unknown_script());
                }
            }
        }
    }

    /// A command run on another machine or in a container (`ssh host
    /// CMD`, `docker exec -i c sh`): read there (nothing is the
    /// workspace, ssh starts in the remote home, any file may exist), with
    /// what this command's standard input gives a remote reader of scripts
    /// (`printf 'rm -rf /' | ssh host`: the login shell runs it; `| ssh host
    /// cat` prints it). Its effects are named by where they happen.
    fn remote(
        &mut self,
        run: &shellward_argv::remote::RemoteRun,
        commands: &[SimpleCommand],
        i: usize,
        depth: usize,
    ) {
        if run.nothing {
            return;
        }
        if depth >= MAX_DEPTH {
            self.out.push(shellward_effects::lenient::unknown_script());
            return;
        }
        let script = remote_script(run);
        let home = Path::new(REMOTE_HOME);
        // ssh starts in the home; a container where `-w` says, else where
        // its image says, taken as a home too.
        let cwd = run
            .workdir
            .as_deref()
            .filter(|d| d.starts_with('/'))
            .map_or_else(|| home.to_path_buf(), PathBuf::from);
        let mut there = Walk::new(&[], Some(home), Some(cwd), true);
        if !script.is_empty() {
            there.read_remote(&script, depth);
        }
        if run.stdin
            && self.fed
            && let Some(readers) = remote_readers(&script)
        {
            match fed_text(commands, i) {
                Some(text) => {
                    let (shells, others): (Vec<&str>, Vec<&str>) = readers
                        .iter()
                        .map(String::as_str)
                        .partition(|r| SHELLS.contains(r));
                    if !shells.is_empty() || readers.is_empty() {
                        there.read_remote(&text, depth);
                    }
                    there.read_as_script(&text, &others, depth);
                }
                None => there.out.push(shellward_effects::lenient::unknown_script()),
            }
        }
        for mut effect in there.out {
            let target = effect.target.take().unwrap_or_default();
            effect.target = Some(format!("{}:{target}", run.host));
            self.out.push(effect);
        }
    }

    /// A script read where it runs: precisely, and at its worst where the
    /// precise reading cannot follow it.
    fn read_remote(&mut self, script: &str, depth: usize) {
        let inner = shellward_syntax::analyze(script);
        let subjects = crate::subject::subjects(inner.commands(), inner.source());
        let parsed = inner.status == ParseStatus::Ok;
        if unfollowed(&inner, &subjects, parsed) {
            let text = shellward_effects::lenient::text_effects(script, &self.ctx());
            self.out.extend(text);
        }
        if parsed {
            self.script(inner.commands(), &subjects, depth + 1);
        }
    }

    /// A script run as another user (`sudo -u u bash -c`, `sudo -H`, `doas
    /// -u u sh -c`): its `~` is a home whose files are not seen from here,
    /// so any of them may exist (`> ~/note` may destroy one).
    fn nested_as_other_user(&mut self, script: &str, depth: usize) {
        let mut other = Walk::new(
            self.roots,
            Some(Path::new(OTHER_HOME)),
            self.cwd.clone(),
            true,
        );
        other.cdpath = self.cdpath;
        other.nested(script, depth);
        self.out.extend(other.out);
    }

    fn nested_in_own_cwd(&mut self, script: &str, depth: usize) {
        let saved = self.cwd.clone();
        self.nested(script, depth);
        self.cwd = saved;
    }

    fn nested(&mut self, script: &str, depth: usize) {
        let inner = shellward_syntax::analyze(script);
        let subjects = crate::subject::subjects(inner.commands(), inner.source());
        self.script(inner.commands(), &subjects, depth + 1);
    }
}

impl Walk<'_> {
    /// What `c` does through descriptors: a program given a descriptor's
    /// path (`tee /dev/stdin < ~/.bashrc`, `cp x /dev/fd/0`, `dd
    /// of=/dev/stdin`) opens the file on it, and may write it; `exec 3<
    /// ~/.bashrc`, `exec 2<&3` keep descriptors open on files for the
    /// commands after it.
    fn descriptors(&mut self, c: &SimpleCommand) {
        for w in c.argv().skip(1) {
            let w = w.strip_prefix("of=").unwrap_or(w);
            if let Some(fd) = shellward_effects::scope::descriptor(w) {
                for file in self.files_on(c, fd) {
                    let effect = shellward_effects::redirect(Some(&file), false, &self.ctx());
                    self.out.extend(effect);
                }
            }
        }
        if c.argv().eq(["exec"]) {
            for r in &c.redirects {
                let fd = r.effective_fd();
                let files = self.files_on(c, fd);
                self.exec_files.retain(|(f, _)| *f != fd);
                self.exec_files
                    .extend(files.into_iter().map(|file| (fd, file)));
            }
        }
    }

    /// The files descriptor `fd` may be open on in `c`: any of its own
    /// redirections of `fd` (whatever their order: `2>/dev/null 2<~/.bashrc`),
    /// copies from another descriptor (`2<&3`), and what an earlier `exec`
    /// left open.
    fn files_on(&self, c: &SimpleCommand, fd: u32) -> Vec<String> {
        let mut out = Vec::new();
        let mut wanted = vec![fd];
        for _ in 0..4 {
            let Some(fd) = wanted.pop() else { break };
            for r in c.redirects.iter().filter(|r| r.effective_fd() == fd) {
                match r.op {
                    RedirectOp::DupInput | RedirectOp::DupOutput => {
                        if let Ok(from) = r.target.value.parse::<u32>() {
                            wanted.push(from);
                        }
                    }
                    _ => out.extend(file_of(r).map(str::to_string)),
                }
            }
            out.extend(
                self.exec_files
                    .iter()
                    .filter(|(f, _)| *f == fd)
                    .map(|(_, file)| file.clone()),
            );
        }
        out.sort();
        out.dedup();
        out
    }
}

/// The file a redirection opens its descriptor on (`2< ~/.bashrc`,
/// `3> log`), not a copy of another descriptor or a here-document.
fn file_of(r: &shellward_syntax::Redirect) -> Option<&str> {
    matches!(
        r.op,
        RedirectOp::Input
            | RedirectOp::Output
            | RedirectOp::Append
            | RedirectOp::Clobber
            | RedirectOp::ReadWrite
            | RedirectOp::OutputAll
            | RedirectOp::AppendAll
    )
    .then_some(r.target.value.as_str())
    .filter(|t| shellward_effects::scope::descriptor(t).is_none())
}

/// `git show REV:PATH > PATH`: an old version written over the working
/// copy, as `git checkout REV -- PATH` does; uncommitted changes to it
/// are lost.
fn shown_over_worktree(c: &SimpleCommand, ctx: &shellward_effects::Context<'_>) -> Option<Effect> {
    let argv: Vec<&str> = c.argv().collect();
    let (&program, args) = argv.split_first()?;
    if program.rsplit('/').next() != Some("git") {
        return None;
    }
    let at = shellward_argv::runners::git_globals(args).subcommand?;
    if args[at] != "show" {
        return None;
    }
    let plain = |p: &str| p.trim_start_matches("./").to_string();
    let shown: Vec<String> = args[at + 1..]
        .iter()
        .filter(|a| !a.starts_with('-'))
        .filter_map(|a| a.split_once(':').map(|(_, path)| plain(path)))
        .filter(|p| !p.is_empty())
        .collect();
    let target = c.redirects.iter().find_map(|r| {
        let truncates = matches!(
            r.op,
            RedirectOp::Output | RedirectOp::Clobber | RedirectOp::OutputAll
        );
        let t = plain(&r.target.value);
        let same =
            |p: &String| t == *p || t.ends_with(&format!("/{p}")) || p.ends_with(&format!("/{t}"));
        // The working copy is in the workspace (`> /tmp/README.md` is a copy).
        let in_workspace = matches!(
            shellward_effects::scope::place(&r.target.value, ctx),
            shellward_effects::Scope::Workspace | shellward_effects::Scope::BuildOutput
        );
        (truncates && r.effective_fd() == 1 && in_workspace && shown.iter().any(same)).then_some(t)
    })?;
    Some(Effect {
        rule: "git.show-over-worktree",
        pack: shellward_effects::Pack::Git,
        action: shellward_effects::Action::Discard,
        severity: Severity::Destructive,
        scope: shellward_effects::Scope::Workspace,
        target: Some(target),
        summary: "writes a committed version over the working copy: its uncommitted changes are lost",
        alternative: Some("git stash first, or write it beside (git show REV:PATH > PATH.orig)"),
    })
}

/// find's starting points in `c` (`find -L /tmp/a /tmp/b -name x`: the
/// words after its own options and before its expression; `.` when none),
/// if every one is known before it runs.
/// The effect of a git subcommand git itself does not have.
fn git_unknown_effect() -> shellward_effects::Effect {
    shellward_effects::Effect {
        rule: "git.unknown-subcommand",
        pack: shellward_effects::Pack::Git,
        action: shellward_effects::Action::Code,
        severity: shellward_effects::Severity::Destructive,
        scope: shellward_effects::Scope::Unknown,
        target: None,
        summary: "runs a git alias or an external git command whose effect is not known here",
        alternative: Some("spell out the git command the alias stands for"),
    }
}

fn find_roots(c: &SimpleCommand) -> Option<Vec<&str>> {
    let argv: Vec<&str> = c.argv().collect();
    let at = argv
        .iter()
        .position(|w| matches!(w.rsplit('/').next(), Some("find" | "gfind")))?;
    let mut words = argv[at + 1..].iter().copied().peekable();
    while let Some(w) = words.peek() {
        match *w {
            "-H" | "-L" | "-P" => {}
            "-D" => {
                words.next();
            }
            w if w.starts_with("-O") => {}
            _ => break,
        }
        words.next();
    }
    let roots: Vec<&str> = words
        .take_while(|w| !w.starts_with(['-', '(', '!', ',']))
        .collect();
    if roots.iter().any(|r| r.contains(['$', '`', '*', '?', '['])) {
        return None;
    }
    Some(if roots.is_empty() { vec!["."] } else { roots })
}

/// The command before a pipe writes out its text for us to read: `echo`
/// or `printf` of static words without escapes or formats, or `cat` of a
/// here-document or here-string (`echo -e '\x72m'`, `printf '\162m'` and
/// `echo $(curl ...)` are made only when they run).
/// Does a reader of scripts end in the option its code follows (`sh -c`,
/// `bash -lc`, `python3 -c`, `node -e`), so that the code is the next word
/// a runner appends?
fn code_option_last(words: &[String]) -> bool {
    let (Some(first), Some(last)) = (words.first(), words.last()) else {
        return false;
    };
    let base = first.rsplit('/').next().unwrap_or(first);
    let shell = SHELLS.contains(&base);
    let reader = shell
        || shellward_effects::scan::is_interpreter(base)
        || shellward_effects::scan::is_sql_client(base);
    let cluster = last.strip_prefix('-').filter(|l| !l.starts_with('-'));
    reader
        && words.len() > 1
        && match cluster {
            Some(letters) if shell => letters.ends_with('c'),
            Some(letters) => letters.ends_with(['c', 'e', 'E']),
            None => matches!(last.as_str(), "--command" | "--eval" | "--execute"),
        }
}

/// Who reads a remote command's input as a script, as for a local pipe:
/// `None` when nothing does; else the readers (the login shell or one
/// reading its input, `sh -c 'bash -s'`; an SQL client, an interpreter),
/// none named when the command is not read whole. A shell given its
/// script with `-c` reads no input; what runs in that script may (`bash -c
/// 'psql'`).
fn remote_readers(script: &str) -> Option<Vec<String>> {
    let inner = shellward_syntax::analyze(script);
    let subjects = crate::subject::subjects(inner.commands(), inner.source());
    let scripted = subjects
        .list
        .iter()
        .any(|s| shell_script(&s.words).is_some());
    let mut found: Vec<String> = readers(
        subjects
            .list
            .iter()
            .filter(|s| shell_script(&s.words).is_none())
            .map(|s| s.words.as_slice()),
    )
    .into_iter()
    .map(str::to_string)
    .collect();
    let shell_reads = script.is_empty() || subjects.list.iter().any(|s| runs_stdin(&s.words));
    if shell_reads {
        found.push("sh".to_string());
    }
    let reads = inner.status != ParseStatus::Ok
        || shell_reads
        || !found.is_empty()
        || (scripted && !subjects.complete);
    reads.then_some(found)
}

/// The script a remote run runs: ssh's words joined by spaces, as the
/// remote shell gets them; a container's or pod's argv quoted.
fn remote_script(run: &shellward_argv::remote::RemoteRun) -> String {
    match run.shell_text {
        true => run.command.join(" "),
        false => {
            let quoted: Vec<String> = run
                .command
                .iter()
                .map(|w| shellward_argv::quote(w))
                .collect();
            quoted.join(" ")
        }
    }
}

/// Is a remote run read whole, so that its precise reading may stand in
/// for the worst one: plain options, a script that parses with every word
/// known, no runner inside it and no `cd` (whether a directory exists
/// there is not known here); and where this command's input reaches it,
/// programs that take it as data, or a plain shell (`sh`, `bash -s`) given
/// a text the line holds, itself read whole. (`sudo -s`, `su`, `sh -c
/// psql`, `exec $SHELL` are not read: the worst reading is.)
fn remote_understood(
    run: &shellward_argv::remote::RemoteRun,
    commands: &[SimpleCommand],
    i: usize,
) -> bool {
    if !run.plain {
        return false;
    }
    let base = |w: &String| w.rsplit('/').next().unwrap_or(w).to_string();
    // Shells given no script (`sh`, `bash -s`): they read their input,
    // which is looked at below.
    let plain_shells = |subjects: &crate::subject::Subjects| {
        subjects.list.iter().all(|s| {
            s.words
                .first()
                .is_some_and(|w| SHELLS.contains(&base(w).as_str()))
                && s.words[1..]
                    .iter()
                    .all(|w| matches!(w.as_str(), "-s" | "-i" | "-l" | "--login"))
        })
    };
    let whole = |text: &str| -> Option<crate::subject::Subjects> {
        let a = shellward_syntax::analyze(text);
        let subjects = crate::subject::subjects(a.commands(), a.source());
        let moves = subjects.list.iter().any(|s| {
            s.words
                .first()
                .is_some_and(|w| matches!(base(w).as_str(), "cd" | "pushd" | "popd"))
        });
        let complete = subjects.complete || plain_shells(&subjects);
        (a.permission_safe() && complete && !subjects.remote && !subjects.git_opaque && !moves)
            .then_some(subjects)
    };
    let script = remote_script(run);
    let Some(subjects) = whole(&script) else {
        return false;
    };
    let c = &commands[i];
    let fed = matches!(c.connector, Some(Connector::Pipe | Connector::PipeAll))
        || c.redirects.iter().any(|r| r.effective_fd() == 0);
    if !run.stdin || !fed || run.nothing {
        return true;
    }
    // A shell given its script (`sh -c cat`) hands its input on to it.
    let programs: Vec<String> = subjects
        .list
        .iter()
        .filter(|s| shell_script(&s.words).is_none())
        .filter_map(|s| s.words.first().map(base))
        .collect();
    if !programs.is_empty()
        && programs
            .iter()
            .all(|p| TAKES_INPUT_AS_DATA.contains(&p.as_str()))
    {
        return true;
    }
    (script.is_empty() || plain_shells(&subjects))
        && fed_text(commands, i).is_some_and(|t| whole(&t).is_some())
}

/// Programs that take their standard input as data, never as code: what
/// tar may feed an archive or a member to (`--to-command`, `-I`) without
/// it being run.
#[rustfmt::skip]
const TAKES_INPUT_AS_DATA: &[&str] = &[
    "cat", "wc", "head", "tail", "tee", "dd", "od", "xxd", "hexdump", "base64", "md5sum", "sha1sum",
    "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum", "cksum", "sum", "printf", "echo",
    "true", "false", "gzip", "gunzip", "zcat", "pigz", "bzip2", "bunzip2", "pbzip2", "xz", "unxz",
    "lzma", "zstd", "unzstd", "pzstd", "lz4", "lzip", "lzop", "brotli", "compress", "uncompress",
];

/// Where a remote walk puts the remote user's home: a name no local
/// directory has, so nothing of this machine's is read for it.
const REMOTE_HOME: &str = "/\u{1}remote-home";

/// Where a walk as another user puts that user's home (not this one's).
const OTHER_HOME: &str = "/\u{1}other-user-home";

/// Does `c` run its command as another user with that user's home: sudo
/// or doas with `-u USER`, or sudo's `-H`/`-i` (`--set-home`, `--login`)?
fn other_user(c: &SimpleCommand) -> bool {
    let mut argv = c.argv();
    let Some(program) = argv.next().map(|p| p.rsplit('/').next().unwrap_or(p)) else {
        return false;
    };
    if !matches!(program, "sudo" | "doas") {
        return false;
    }
    argv.take_while(|w| w.starts_with('-')).any(|w| {
        w.starts_with("--user") || w == "--set-home" || w == "--login" || {
            let letters = w
                .strip_prefix('-')
                .filter(|l| !l.starts_with('-'))
                .unwrap_or("");
            letters.contains('u') || (program == "sudo" && letters.contains(['H', 'i']))
        }
    })
}

/// What the `i`th command's standard input holds, when the line says it:
/// what the command before a pipe prints (`echo WORDS`, `printf '%s\n'
/// WORDS`, `cat <<EOF`), or its own here-document or here-string. `None`
/// for anything else (a file, a program's output).
fn fed_text(commands: &[SimpleCommand], i: usize) -> Option<String> {
    let c = &commands[i];
    let own = c.redirects.iter().rev().find(|r| r.effective_fd() == 0);
    if let Some(r) = own {
        return match (&r.heredoc, r.op) {
            (None, RedirectOp::Input) if r.target.value == "/dev/null" => Some(String::new()),
            (Some(doc), _) if doc.dynamic.is_none() => Some(doc.body.clone()),
            (None, RedirectOp::HereString) if r.target.is_static() => Some(r.target.value.clone()),
            _ => None,
        };
    }
    if !matches!(c.connector, Some(Connector::Pipe | Connector::PipeAll)) {
        return None;
    }
    let before = commands.get(i.checked_sub(1)?)?;
    if !before.words.iter().all(|w| w.is_static()) {
        return None;
    }
    let args: Vec<&str> = before.argv().skip(1).collect();
    match args.split_first() {
        _ if written_out(before) && before.argv().next() == Some("cat") => {
            fed_text(commands, i - 1)
        }
        _ if written_out(before) => Some(args.join(" ")),
        // `printf '%s\n' A B` prints each on a line; `printf %s A B` runs them together.
        Some((&"%s\\n", words)) if before.argv().next() == Some("printf") => Some(words.join("\n")),
        Some((&"%s", words)) if before.argv().next() == Some("printf") => Some(words.concat()),
        _ => None,
    }
}

fn written_out(c: &SimpleCommand) -> bool {
    let static_words = c.words.iter().all(|w| w.is_static());
    match c.argv().next() {
        Some("echo") => {
            static_words
                && c.argv()
                    .skip(1)
                    .all(|a| !a.contains('\\') && !a.starts_with("-e"))
        }
        Some("printf") => static_words && c.argv().skip(1).all(|a| !a.contains(['\\', '%'])),
        Some("cat") => {
            c.argv().eq(["cat"])
                && c.redirects.iter().any(|r| {
                    (r.heredoc.is_some() || r.op == RedirectOp::HereString) && r.target.is_static()
                })
        }
        _ => false,
    }
}

/// A program that runs a script it is given: a shell, an interpreter,
/// `eval`, `source`, `.` (through wrappers: the subject's words).
fn reads_scripts(words: &[String]) -> bool {
    words.first().is_some_and(|w| {
        let base = w.rsplit('/').next().unwrap_or(w);
        crate::subject::script_runner(base) || base == "eval"
    })
}

/// Names of standard input as a file.
const STDIN_NAMES: &[&str] = &["-", "/dev/stdin", "/proc/self/fd/0", "/dev/fd/0"];

/// Does awk (any of its kind) read its program from standard input: a
/// program file option (`-f`, `--file`, `-E`, `--exec`, `-i`, `--include`,
/// glued or abbreviated) naming standard input?
pub(crate) fn awk_program_from_stdin(words: &[String]) -> bool {
    let Some(first) = words.first() else {
        return false;
    };
    if !shellward_effects::scan::is_awk(first.rsplit('/').next().unwrap_or(first)) {
        return false;
    }
    const LONG: &[&str] = &["--file", "--exec", "--include"];
    words[1..].iter().enumerate().any(|(i, w)| {
        let next = words.get(i + 2).map(String::as_str);
        let value = if LONG
            .iter()
            .any(|l| shellward_argv::options::may_spell(w, l))
        {
            w.split_once('=').map(|(_, v)| v).or(next)
        } else if let Some(rest) = w.strip_prefix('-').filter(|r| !r.starts_with('-')) {
            // A cluster ending in a program-file letter, or one with its
            // value glued on (`-f-`, `-f/dev/stdin`).
            match rest.find(['f', 'E', 'i']) {
                Some(at) if at + 1 == rest.len() => next,
                Some(at) => Some(&rest[at + 1..]),
                None => None,
            }
        } else {
            None
        };
        value.is_some_and(|v| STDIN_NAMES.contains(&v))
    })
}

/// A shell, interpreter or SQL client that runs what it reads on standard
/// input: no script named, no `-c`/`-e` code (`sh`, `bash -s`, `python3 -`,
/// `node`), or standard input named as the script (`bash /dev/stdin`,
/// `source /dev/stdin`, `python3 - install`).
pub(crate) fn runs_stdin(words: &[String]) -> bool {
    let stdin_named = |w: &String| STDIN_NAMES.contains(&w.as_str());
    if words
        .first()
        .is_some_and(|w| matches!(w.as_str(), "source" | "."))
    {
        return words.get(1).is_some_and(stdin_named);
    }
    let base = |w: &String| w.rsplit('/').next().unwrap_or(w).to_string();
    let Some(at) = words.iter().position(|w| {
        SHELLS.contains(&base(w).as_str())
            || shellward_effects::scan::is_interpreter(&base(w))
            || shellward_effects::scan::is_sql_client(&base(w))
    }) else {
        return false;
    };
    // A shell's code comes with `-c`; an interpreter's with `-c`, `-e` or
    // `-m` (or `--eval`, `--command`...): any long option is taken as one.
    // make reads its makefile, not standard input, unless it is named as
    // one (`make -f -`, `make --file=/dev/stdin`).
    if matches!(base(&words[at]).as_str(), "make" | "gmake") {
        let glued = |w: &String| {
            w.starts_with('-')
                && (w.ends_with("=-")
                    || w == "-f-"
                    || STDIN_NAMES.iter().skip(1).any(|n| w.ends_with(n)))
        };
        return words[at + 1..].iter().any(|w| stdin_named(w) || glued(w));
    }
    let code_flags: &[char] = match SHELLS.contains(&base(&words[at]).as_str()) {
        true => &['c'],
        false => &['c', 'e', 'm'],
    };
    let shell = SHELLS.contains(&base(&words[at]).as_str());
    for w in &words[at + 1..] {
        // `sh -n` only reads the script for its syntax.
        if shell && w.starts_with('-') && !w.starts_with("--") && w.contains('n') {
            return false;
        }
        let stdin_flag = shell && w.starts_with('-') && !w.starts_with("--") && w.contains('s');
        if stdin_named(w) || stdin_flag {
            return true;
        }
        let short = w.starts_with('-') && !w.starts_with("--") && !w.contains(code_flags);
        let long = w.starts_with("--") && shell && !w.starts_with("--command");
        if !(short || long) {
            // A script or code named: not standard input.
            return false;
        }
    }
    true
}

/// The programs among the first words of these commands that read a
/// script on standard input: shells, SQL clients, interpreters,
/// `redis-cli` (`sudo -u postgres psql`, `docker exec -i db psql`).
fn readers<'w>(commands: impl Iterator<Item = &'w [String]>) -> Vec<&'w str> {
    let mut out: Vec<&str> = Vec::new();
    for words in commands {
        for w in words.iter().take(8) {
            let base = w.rsplit('/').next().unwrap_or(w);
            // One hashed lookup rules out most words.
            if !shellward_effects::is_known(base) && !SHELLS.contains(&base) {
                continue;
            }
            let reads = SHELLS.contains(&base)
                || base == "redis-cli"
                || shellward_effects::scan::is_sql_client(base)
                || shellward_effects::scan::is_interpreter(base);
            if reads && !out.contains(&base) {
                out.push(base);
            }
        }
    }
    out
}

/// The script of `sh -c SCRIPT` (any shell, `-c` alone or in a cluster
/// such as `-lc`).
fn shell_script(words: &[String]) -> Option<&str> {
    let program = words.first()?;
    let base = program.rsplit('/').next().unwrap_or(program);
    if !SHELLS.contains(&base) {
        return None;
    }
    let at = words
        .iter()
        .position(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('c'))?;
    words.get(at + 1).map(String::as_str)
}

/// A here-document body as the text of a double-quoted word, which bash
/// expands the same way: `"` and a backslash before it are escaped,
/// everything else (`$`, `` ` ``, `\$`) means what it meant.
fn as_double_quoted(body: &str) -> String {
    let mut out = String::with_capacity(body.len() + 8);
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' if chars.peek() == Some(&'"') => {
                chars.next();
                out.push_str("\\\\\\\"");
            }
            '\\' => {
                out.push('\\');
                if let Some(next) = chars.next() {
                    out.push(next);
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// The link `ln -s TARGET LINK` makes, both placed: `(link, target)`.
/// Only symbolic links matter (deleting through a hard link deletes the
/// link); a relative target is relative to the link's directory.
/// Expanded words come as written.
fn symlink(args: &[&str], ctx: &shellward_effects::Context<'_>) -> Option<(PathBuf, PathBuf)> {
    let short =
        |a: &str, letter: char| a.starts_with('-') && !a.starts_with("--") && a.contains(letter);
    if !args.iter().any(|a| *a == "--symbolic" || short(a, 's')) {
        return None;
    }
    // `ln -s TARGET LINK`, or `ln -st DIR TARGET` (the link is DIR/NAME).
    let directory = args.iter().enumerate().find_map(|(i, a)| {
        if let Some(dir) = a.strip_prefix("--target-directory=") {
            Some((i, Some(dir)))
        } else if short(a, 't') && a.ends_with('t') {
            Some((i, args.get(i + 1).copied()))
        } else {
            None
        }
    });
    let operands: Vec<&str> = args
        .iter()
        .enumerate()
        .filter(|(i, a)| !a.starts_with('-') && directory.is_none_or(|(at, _)| *i != at + 1))
        .map(|(_, a)| *a)
        .collect();
    let (target, link) = match (directory, operands.as_slice()) {
        (Some((_, Some(dir))), [target]) => {
            // The link is named after where the target is (`~` is `root`).
            let resolved = shellward_effects::scope::resolve(target, ctx);
            let name = resolved
                .as_deref()
                .and_then(Path::file_name)
                .and_then(|n| n.to_str())
                .unwrap_or(target);
            (*target, format!("{dir}/{name}"))
        }
        (None, [target, link]) => (*target, (*link).to_string()),
        _ => return None,
    };
    let link = shellward_effects::scope::resolve(&link, ctx)?;
    let target = if target.starts_with('/') || target.starts_with('~') {
        shellward_effects::scope::resolve(target, ctx)?
    } else if target.contains(['$', '`']) {
        // `$HOME` is placed; a target known only when it runs may be
        // anywhere: taken as the root, the widest.
        shellward_effects::scope::resolve(target, ctx).unwrap_or_else(|| PathBuf::from("/"))
    } else {
        shellward_effects::scope::fold(&link.parent()?.join(target))
    };
    Some((link, target))
}

/// Where `cd DIR` (or `pushd`, `popd`) leaves the working directory,
/// given the words after it (expanded words as written: `"$HOME/.ssh"`
/// is placed, other expansions are not): `None` when that is only known
/// when it runs (`cd "$D"`, `cd -`, `popd`).
fn changed_dir(
    args: &[&str],
    program: Option<&str>,
    cwd: Option<&Path>,
    home: Option<&Path>,
) -> Option<PathBuf> {
    if program == Some("popd") {
        return None;
    }
    let target = args
        .iter()
        .find(|w| !w.starts_with('-') || **w == "-")
        .copied();
    let target = match target.map(|t| t.trim_matches('"')) {
        None | Some("~") => return home.map(Path::to_path_buf),
        Some("-") => return None,
        Some(t) => t,
    };
    let ctx = shellward_effects::Context {
        cwd,
        roots: &[],
        home,
        links: &[],
        stdin_fed: false,
        many: false,
        remote: false,
    };
    shellward_effects::scope::resolve(target, &ctx)
}

/// The guard's decision on `effects`, if any effect is set to ask or deny.
pub fn check(req: &Request<'_>, effects: &[Effect]) -> Option<Decision> {
    let guard = &req.settings.guard;
    // The first of the worst: the command's own row before what a wrapper
    // or the lenient reading found.
    let (effect, action) = effects
        .iter()
        .map(|e| (e, guard.action(e.severity)))
        .filter(|(_, a)| *a != GuardAction::Allow)
        .rev()
        .max_by_key(|(e, a)| (*a, e.severity))?;
    let action = match action {
        GuardAction::Deny => Action::Deny,
        _ => Action::Ask,
    };
    let mut reason = format!(
        "{} ({}, irreversible)",
        effect.describe(),
        effect.severity.as_str()
    );
    if let Some(alt) = effect.alternative {
        reason.push_str(&format!("; safer: {alt}"));
    }
    Some(Decision::new(
        action,
        match effect.severity {
            Severity::Catastrophic => RuleId::GuardCatastrophic,
            Severity::Destructive => RuleId::GuardDestructive,
            Severity::Unknown => RuleId::GuardUnknown,
            Severity::Write => RuleId::GuardWrite,
        }
        .at(effect.rule),
        reason,
    ))
}

/// "deletes recursively: build/ (in the workspace); force-pushes ..." for
/// prompts: every effect, worst first.
pub fn summary(effects: &[Effect]) -> Option<String> {
    let mut sorted: Vec<&Effect> = effects.iter().collect();
    sorted.sort_by_key(|e| std::cmp::Reverse(e.severity));
    let lines: Vec<String> = sorted.iter().take(5).map(|e| e.describe()).collect();
    (!lines.is_empty()).then(|| lines.join("; "))
}
