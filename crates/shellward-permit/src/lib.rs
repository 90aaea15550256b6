//! shellward-permit decides whether a command may run: allow, ask or deny,
//! and which rule decided.
//!
//! Inputs: the analyzer's [`Analysis`], the judge's [`Verdict`], the
//! [`Mode`], and the user's [`Settings`]. Order (the first that applies
//! wins):
//!
//! | step | decision | rule id |
//! | --- | --- | --- |
//! | a deny rule matches the command or any simple command, also through wrappers | deny | `rule.deny:PATTERN` |
//! | an ask rule matches likewise | ask | `rule.ask:PATTERN` |
//! | deny/ask rules exist but part of the command cannot be checked against them | ask | `rule.unverifiable` |
//! | not plan, and an effect is destructive or catastrophic (the guard; [`guard`]) | ask (or as `guard.<severity>` says) | `guard.<severity>:<row>` |
//! | not yolo, and it reads outside the workspace (or runs there) | ask | `path.outside` |
//! | plan mode | allow if read-only, else **deny** | `mode.plan.readOnly`, `mode.plan.nonReadOnly` |
//! | yolo mode | allow | `mode.yolo` |
//! | allow rules cover every simple command that is not read-only | allow | `rule.allow:PATTERN` |
//! | an allow rule would match, but the command writes outside the workspace and the rule does not name that path | ask | `rule.allow.scope` |
//! | build/edit mode | allow if read-only, else ask | `mode.build.readOnly`, `mode.build.highRisk` |
//!
//! So "always allow" rules do not apply while planning, and deny and ask
//! rules apply everywhere. When the answer is `mode.build.highRisk`, the
//! decision carries "always allow" suggestions ([`suggest`]).

pub mod guard;
pub mod pattern;
mod renames;
pub mod settings;
pub mod subject;
pub mod suggest;
pub mod trust;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shellward_judge::Verdict;
use shellward_judge::rules::Rule as RuleId;
use shellward_syntax::{Analysis, ParseStatus, RedirectOp, SimpleCommand};

pub use guard::Capability;
pub use pattern::{Pattern, PatternError};
pub use settings::{Rule, Settings, SettingsError};
pub use shellward_effects::{Effect, Severity};

/// Permission mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Read-only commands run; others ask.
    #[default]
    Build,
    /// As build (file edits are another tool's business).
    Edit,
    /// Read-only commands run; others are denied.
    Plan,
    /// Everything runs unless a deny or ask rule says otherwise.
    Yolo,
}

impl Mode {
    /// The lowercase name.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Build => "build",
            Mode::Edit => "edit",
            Mode::Plan => "plan",
            Mode::Yolo => "yolo",
        }
    }
}

/// What happens to a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// Runs without asking.
    Allow,
    /// A person decides.
    Ask,
    /// Never runs.
    Deny,
}

impl Action {
    /// The lowercase name (also the settings key).
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Allow => "allow",
            Action::Ask => "ask",
            Action::Deny => "deny",
        }
    }
}

/// The permission decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// allow, ask or deny.
    pub action: Action,
    /// Stable rule id.
    pub rule: String,
    /// Why, for people.
    pub reason: String,
    /// Rules "always allow" would save (only when the mode asked).
    pub suggested_rules: Vec<String>,
    /// Directories outside the workspace to ask about (`/etc/*`).
    pub external_directories: Vec<String>,
    /// What the command will do beyond reading ([`guard::effects`]).
    pub effects: Vec<Effect>,
    /// The seed's capability fields.
    pub capability: Capability,
}

impl Decision {
    /// Allowed because the command is read-only (in build, edit or plan
    /// mode): what a confinement to reading may enforce.
    pub fn read_only_allow(&self) -> bool {
        [RuleId::ModeBuildReadOnly, RuleId::ModePlanReadOnly]
            .iter()
            .any(|r| r.is(&self.rule))
    }

    /// The decision is by the rule `rule` (with any detail).
    pub fn by(&self, rule: RuleId) -> bool {
        rule.is(&self.rule)
    }

    /// The decision when the user's settings cannot be read (a file made
    /// unreadable, or malformed): their deny and ask rules cannot be
    /// checked, so the command is asked about (`rule.unverifiable`), never
    /// run as if there were none.
    pub fn settings_unreadable(why: &str) -> Decision {
        Decision::new(
            Action::Ask,
            RuleId::RuleUnverifiable,
            format!(
                "the settings cannot be read, so their deny and ask rules cannot be checked: {why}"
            ),
        )
    }

    fn new(action: Action, rule: impl Into<String>, reason: impl Into<String>) -> Decision {
        Decision {
            action,
            rule: rule.into(),
            reason: reason.into(),
            suggested_rules: Vec::new(),
            external_directories: Vec::new(),
            effects: Vec::new(),
            capability: guard::capability(false, action, &[]),
        }
    }
}

/// Everything a decision depends on.
pub struct Request<'a> {
    /// The analyzed command.
    pub analysis: &'a Analysis,
    /// The judge's verdict on it.
    pub verdict: &'a Verdict,
    /// The mode.
    pub mode: Mode,
    /// The merged settings.
    pub settings: &'a Settings,
    /// When the working directory itself is outside the workspace, its pattern.
    pub cwd_outside: Option<String>,
    /// Where the command runs: the judge's context (working directory,
    /// workspace roots, home), which places the effects' paths.
    pub context: &'a shellward_judge::Context,
}

/// Decide: deny and ask rules first, then directories outside the
/// workspace, then the mode (with allow rules and suggestions in build).
pub fn decide(req: &Request<'_>) -> Decision {
    // What deny and ask rules match, and what the effects are read from:
    // extracted once, and only when there are such rules or effects.
    let parsed = req.analysis.status == ParseStatus::Ok;
    let mut subjects = if parsed && (req.settings.guard_index().any() || !req.verdict.read_only) {
        subject::subjects(req.analysis.commands(), req.analysis.source())
    } else {
        subject::Subjects::default()
    };
    if req.settings.guard_index().any() {
        let named: Vec<&str> = req
            .settings
            .rules
            .iter()
            .filter(|r| r.action != Action::Allow)
            .filter_map(|r| r.pattern.key())
            .collect();
        subject::resolve_paths(&mut subjects, &req.context.cwd, &named);
        if git_config_unseen(req, &subjects) {
            subjects.complete = false;
        }
    }
    let effects = guard::effects(req, &subjects);
    // Deny and ask rules first, then the guard; but where the rules could
    // not be checked (`rule.unverifiable`), the guard's own reading of the
    // command comes first: both ask, and the guard's question is one no
    // host may leave to a mode where nobody is asked (`guard.*`).
    let guard = || {
        (req.mode != Mode::Plan)
            .then(|| guard::check(req, &effects))
            .flatten()
    };
    // Plan mode's deny of what is not read-only stands over such an ask too.
    let plan_deny = || {
        (req.mode == Mode::Plan && !req.verdict.read_only)
            .then(|| by_mode(req, &effects))
            .filter(|d| d.action == Action::Deny)
    };
    let mut decision = match guard_rules(req, &subjects) {
        Some(unchecked) if RuleId::RuleUnverifiable.is(&unchecked.rule) => {
            guard().or_else(plan_deny).or(Some(unchecked))
        }
        Some(ruled) => Some(ruled),
        None => guard(),
    }
    .or_else(|| outside(req))
    .unwrap_or_else(|| by_mode(req, &effects));
    if decision.action == Action::Ask
        && RuleId::of(&decision.rule)
            .is_some_and(|r| r.family() == shellward_judge::rules::Family::Mode)
        && let Some(what) = guard::summary(&effects)
    {
        decision.reason = format!("{}; it {what}", decision.reason);
    }
    decision.capability = guard::capability(req.verdict.read_only, decision.action, &effects);
    decision.effects = effects;
    tracing::debug!(
        action = ?decision.action,
        rule = %decision.rule,
        mode = ?req.mode,
        read_only = req.verdict.read_only,
        effects = decision.effects.len(),
        command = %shown(req.analysis.source()),
        "decision"
    );
    decision
}

/// Does a git command run in a repository whose configuration may run
/// programs (`core.fsmonitor`, a pager, a diff driver), that has hooks, or
/// that is not the workspace's own (a bare one planted beside it: `git -C
/// ev status`)? The
/// directories looked at: the working directory, each `-C` of a git
/// subject, each `cd` of the line. What such a git runs, no rule can check.
fn git_config_unseen(req: &Request<'_>, subjects: &subject::Subjects) -> bool {
    let gits: Vec<&subject::Subject> = subjects
        .list
        .iter()
        .filter(|s| {
            s.words
                .first()
                .is_some_and(|w| w.rsplit('/').next() == Some("git"))
        })
        .collect();
    if gits.is_empty() {
        return false;
    }
    let Some(dirs) = git_dirs(req, &gits) else {
        return true;
    };
    // The first is the context's working directory, which is canonical.
    dirs.iter().take(8).enumerate().any(|(i, d)| {
        let canonical = if i == 0 {
            None
        } else {
            std::fs::canonicalize(d).ok()
        };
        shellward_judge::git::runs_unseen(canonical.as_deref().unwrap_or(d))
    })
}

/// The directories git may run in: the working directory, each `-C` of a
/// git subject, each `cd` of the line; `None` when one is named only when
/// it runs (`git -C $d`, `cd -`, `cd "$1"`, a glob, `~user`), which may be
/// any repository.
fn git_dirs(req: &Request<'_>, gits: &[&subject::Subject]) -> Option<Vec<std::path::PathBuf>> {
    let cwd = &req.context.cwd;
    let place = |d: &str| -> Option<std::path::PathBuf> {
        if d == "-" || d.contains(['$', '`', '*', '?', '[']) {
            return None;
        }
        match d.strip_prefix('~') {
            Some(rest) if rest.is_empty() || rest.starts_with('/') => Some(
                req.context
                    .home
                    .as_deref()?
                    .join(rest.trim_start_matches('/')),
            ),
            Some(_) => None,
            None => Some(cwd.join(d)),
        }
    };
    let mut dirs = vec![cwd.clone()];
    for s in gits {
        let mut words = s.words.iter().skip(1);
        while let Some(w) = words.next() {
            match w.as_str() {
                "-C" => dirs.push(place(words.next()?)?),
                w if !w.starts_with('-') => break,
                _ => {}
            }
        }
    }
    for c in req.analysis.commands() {
        let argv: Vec<&str> = c.argv().collect();
        match argv.first() {
            Some(&"popd") => return None,
            Some(&("cd" | "pushd")) if !c.is_static() => return None,
            Some(&("cd" | "pushd")) => {
                match argv[1..].iter().find(|a| !a.starts_with('-') || **a == "-") {
                    Some(d) => dirs.push(place(d)?),
                    None => dirs.extend(req.context.home.clone()),
                }
            }
            _ => {}
        }
    }
    Some(dirs)
}

/// A command as logs show it: at most 200 characters.
fn shown(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(200) {
        Some((end, _)) => format!("{}... ({} bytes)", &text[..end], text.len()).into(),
        None => text.into(),
    }
}

/// The deny and ask rules: a match, or an ask when a rule cannot be
/// checked against what the command will run.
fn guard_rules(req: &Request<'_>, subjects: &subject::Subjects) -> Option<Decision> {
    let text = req.analysis.source();
    let parsed = req.analysis.status == ParseStatus::Ok;
    let index = req.settings.guard_index();
    let has_guard_rules = index.any();
    // Every answer below is a rule's, or about a rule that cannot be checked.
    if !has_guard_rules {
        return None;
    }
    let complete =
        parsed && subjects.complete && !subjects.remote && req.analysis.unsupported().is_empty();
    // Every word of every command known (`rm $X` is not: its known words
    // are matched in the text).
    let all_known = complete && subjects.list.iter().all(|s| !s.partial);
    // Each command is prepared once for every rule, and only the rules
    // keyed by the commands' first words (or by none) are tried: most rules
    // name a program, and most commands name another.
    let whole_text = pattern::Target::text(text);
    let targets: Vec<(&subject::Subject, pattern::Target<'_>)> = subjects
        .list
        .iter()
        .map(|s| (s, pattern::Target::command(&s.words, &s.source)))
        .collect();
    let firsts = whole_text
        .starts()
        .iter()
        .chain(targets.iter().flat_map(|(_, t)| t.starts()));
    let candidates = index.candidates(firsts.copied());
    for action in [Action::Deny, Action::Ask] {
        for rule in candidates
            .iter()
            .map(|&i| &req.settings.rules[i])
            .filter(|r| r.action == action)
        {
            if let Some(decision) = rule_hit(rule, &whole_text, &targets, all_known) {
                return Some(decision);
            }
        }
    }
    if let Some(asked) = hidden_program_rule(req, &targets) {
        return Some(asked);
    }
    // A rule naming a subcommand (`npm run:*`) of a program this command
    // runs with a subcommand the registry does not know (`npm rum`: npm
    // takes abbreviations and aliases; `cargo plugin`): it may be that one.
    if let Some(asked) = unknown_subcommand(req, &candidates, &targets) {
        return Some(asked);
    }
    unverifiable(req, subjects, complete)
}

/// The ask for a deny or ask rule that matches what a program nothing
/// describes may run (`tsocks rm a` and `rm:*`): see
/// [`subject::hidden_programs`].
fn hidden_program_rule(
    req: &Request<'_>,
    targets: &[(&subject::Subject, pattern::Target<'_>)],
) -> Option<Decision> {
    let index = req.settings.guard_index();
    let hidden = targets.iter().flat_map(|(s, _)| {
        subject::hidden_programs(&s.words)
            .into_iter()
            .map(move |at| (*s, at))
    });
    hidden.into_iter().find_map(|(s, at)| {
        let hidden = &s.words[at..];
        let target = pattern::Target::command(hidden, "");
        // A shell given a script (`tsocks sh -c 'rm a'`) may run what any
        // rule names.
        let program = hidden[0].rsplit('/').next().unwrap_or(&hidden[0]);
        let shell = shellward_argv::runners::SHELLS.contains(&program);
        let rule = [Action::Deny, Action::Ask].into_iter().find_map(|action| {
            if shell {
                return req.settings.rules.iter().find(|r| r.action == action);
            }
            index
                .candidates(target.starts().iter().copied())
                .into_iter()
                .map(|i| &req.settings.rules[i])
                .find(|r| r.action == action && r.pattern.matches_target(&target, true))
        })?;
        Some(Decision::new(
            Action::Ask,
            RuleId::RuleUnverifiable,
            format!(
                "`{}` is not a program shellward knows, and it may run `{}`, which the {} rule `{}` names",
                s.words[0],
                hidden.join(" "),
                rule.action.as_str(),
                rule.pattern
            ),
        ))
    })
}

/// An ask where deny or ask rules cannot be checked: a rule that may match
/// a command only partly known (deny rules first), a rule naming git when
/// git's meaning is set at run time, or parts of the command not analyzed.
fn unverifiable(
    req: &Request<'_>,
    subjects: &subject::Subjects,
    complete: bool,
) -> Option<Decision> {
    // A rule that may match a command only partly known: deny rules first.
    let partial: Vec<&subject::Subject> = subjects.list.iter().filter(|s| s.partial).collect();
    let unverifiable = (!partial.is_empty())
        .then(|| {
            [Action::Deny, Action::Ask].into_iter().find_map(|action| {
                req.settings.rules.iter().find(|r| {
                    r.action == action
                        && partial
                            .iter()
                            .any(|s| r.pattern.may_match_partial(&s.words))
                })
            })
        })
        .flatten();
    if let Some(rule) = unverifiable {
        return Some(Decision::new(
            Action::Ask,
            RuleId::RuleUnverifiable,
            format!(
                "the {} rule `{}` may match a part of this command that is only known when it runs",
                rule.action.as_str(),
                rule.pattern
            ),
        ));
    }
    // What such a git runs (an alias `!rm x`, a diff driver, an ssh
    // command) may be any rule's program, not only git.
    if subjects.git_opaque
        && let Some(rule) = req
            .settings
            .rules
            .iter()
            .find(|r| r.action != Action::Allow)
    {
        return Some(Decision::new(
            Action::Ask,
            RuleId::RuleUnverifiable,
            format!(
                "the {} rule `{}` cannot be checked: this git command's meaning is set when it runs (a `-c` setting, a `GIT_*` variable, an alias or an `ext::` transport), and what it runs may be any program",
                rule.action.as_str(),
                rule.pattern
            ),
        ));
    }
    (!complete).then(|| {
        Decision::new(
            Action::Ask,
            RuleId::RuleUnverifiable,
            "deny and ask rules cannot be checked against parts of this command that are not analyzed",
        )
    })
}

/// The ask for the first deny or ask rule among `candidates` that names a
/// subcommand of a program a target runs with a subcommand word its
/// registry node does not have.
fn unknown_subcommand(
    req: &Request<'_>,
    candidates: &[usize],
    targets: &[(&subject::Subject, pattern::Target<'_>)],
) -> Option<Decision> {
    let rule = candidates
        .iter()
        .map(|&i| &req.settings.rules[i])
        .find(|rule| {
            let Some((program, _)) = rule.pattern.subcommand() else {
                return false;
            };
            targets.iter().any(|(s, t)| {
                !s.partial
                    && t.may_start_with(program)
                    && t.path().first() == Some(&program)
                    && t.unknown_subcommand()
                    && !(program == "git"
                        && t.path()
                            .get(1)
                            .is_some_and(|sub| subject::GIT_COMMANDS.contains(sub)))
            })
        });
    rule.map(|rule| {
        Decision::new(
            Action::Ask,
            RuleId::RuleUnverifiable,
            format!(
                "the {} rule `{}` names a subcommand, and this command's subcommand is not one shellward knows (an abbreviation or an alias may be it)",
                rule.action.as_str(),
                rule.pattern
            ),
        )
    })
}

/// The decision of one deny or ask rule, if it matches the whole text or a
/// fully known command. A prefix or option-set rule compares words, and
/// where the whole command was analyzed and every word is known
/// (`all_known`) every word it could compare is some command's: the text
/// split at white space is read only where that is not so (`rm $X` is
/// denied by `rm:*` there). Globs and exact texts always see the
/// text too (`* > /dev/sda` matches a redirection).
fn rule_hit(
    rule: &Rule,
    whole_text: &pattern::Target<'_>,
    targets: &[(&subject::Subject, pattern::Target<'_>)],
    all_known: bool,
) -> Option<Decision> {
    let matches = |t: &pattern::Target<'_>| {
        rule.pattern.key().is_none_or(|key| t.may_start_with(key))
            && rule.pattern.matches_target(t, true)
    };
    // A prefix or option set matched by a command's known first words
    // holds whatever words follow (`xargs rm < list` is an `rm`).
    let by = targets
        .iter()
        .find(|(s, t)| (!s.partial || rule.pattern.is_prefix()) && matches(t));
    let text_needed = !all_known || !rule.pattern.is_prefix();
    if by.is_none() && !(text_needed && matches(whole_text)) {
        return None;
    }
    let via = by
        .and_then(|(s, _)| s.via.as_deref())
        .map(|w| format!(" (run through `{w}`)"))
        .unwrap_or_default();
    let action = rule.action;
    Some(Decision::new(
        action,
        match action {
            Action::Allow => RuleId::RuleAllow,
            Action::Ask => RuleId::RuleAsk,
            Action::Deny => RuleId::RuleDeny,
        }
        .at_fmt(format_args!("{}", rule.pattern)),
        format!(
            "matches the {} rule `{}`{via} from {}",
            action.as_str(),
            rule.pattern,
            rule.file.display()
        ),
    ))
}

/// Directories outside the workspace (the command's, and the working
/// directory's) are asked about, except in yolo mode and for a command
/// plan mode denies anyway.
fn outside(req: &Request<'_>) -> Option<Decision> {
    let read_only = req.verdict.read_only;
    if req.mode == Mode::Yolo || (!read_only && req.mode == Mode::Plan) {
        return None;
    }
    let mut dirs: Vec<String> = req.verdict.external_paths.clone();
    if let Some(cwd) = &req.cwd_outside
        && !dirs.contains(cwd)
    {
        dirs.insert(0, cwd.clone());
    }
    if dirs.is_empty() {
        return None;
    }
    let mut d = Decision::new(
        Action::Ask,
        "path.outside",
        format!("reads outside the workspace: {}", dirs.join(", ")),
    );
    d.external_directories = dirs;
    Some(d)
}

/// The mode's answer; in build and edit, an allow rule or an ask with
/// suggested rules for what is not read-only.
fn by_mode(req: &Request<'_>, effects: &[Effect]) -> Decision {
    let read_only = req.verdict.read_only;
    match req.mode {
        Mode::Plan if read_only => {
            return Decision::new(
                Action::Allow,
                RuleId::ModePlanReadOnly,
                "read-only, allowed while planning",
            );
        }
        Mode::Plan => {
            return Decision::new(
                Action::Deny,
                RuleId::ModePlanNonReadOnly,
                format!(
                    "not read-only ({}), and planning runs only read-only commands",
                    req.verdict.rule
                ),
            );
        }
        Mode::Yolo => {
            return Decision::new(
                Action::Allow,
                RuleId::ModeYolo,
                "yolo mode runs every command no rule denies",
            );
        }
        Mode::Build | Mode::Edit => {}
    }
    if read_only {
        return Decision::new(Action::Allow, RuleId::ModeBuildReadOnly, "read-only");
    }
    if let Some(rule) = allow_rule(req) {
        if let Some(effect) = beyond_scope(rule, effects) {
            return Decision::new(
                Action::Ask,
                RuleId::RuleAllowScope,
                format!(
                    "the allow rule `{}` does not cover {}: {}",
                    rule.pattern,
                    effect.target.as_deref().unwrap_or("this target"),
                    effect.describe()
                ),
            );
        }
        return Decision::new(
            Action::Allow,
            RuleId::RuleAllow.at_fmt(format_args!("{}", rule.pattern)),
            format!("allowed by `{}` from {}", rule.pattern, rule.file.display()),
        );
    }
    let mut d = Decision::new(
        Action::Ask,
        RuleId::ModeBuildHighRisk,
        format!("not read-only: {}", req.verdict.reason),
    );
    d.suggested_rules = suggestions(req);
    d
}

/// An effect outside the workspace that an allow rule does not name: a
/// rule written for the workspace (`touch:*`) stays there. An exact rule
/// names everything it allows; a prefix rule covers a path outside when
/// one of its words is that path.
fn beyond_scope<'e>(rule: &Rule, effects: &'e [Effect]) -> Option<&'e Effect> {
    if !rule.pattern.is_prefix() && !rule.pattern.text.contains('*') {
        return None;
    }
    effects.iter().find(|e| {
        e.scope.is_outside()
            && e.scope != shellward_effects::Scope::Remote
            && !e.target.as_deref().is_some_and(|t| {
                rule.pattern
                    .text
                    .split_whitespace()
                    .any(|w| w.trim_end_matches(":*") == t)
            })
    })
}

/// The non-read-only simple commands (all of them when the judge did not
/// judge per command).
fn needing_rules<'a>(req: &Request<'a>) -> Vec<&'a SimpleCommand> {
    let commands = req.analysis.commands();
    if req.verdict.commands.len() != commands.len() {
        return commands.iter().collect();
    }
    commands
        .iter()
        .zip(&req.verdict.commands)
        .filter(|(_, v)| !v.read_only)
        .map(|(c, _)| c)
        .collect()
}

/// May an allow rule match per simple command? Only when every word is
/// static, nothing is left unanalyzed, redirections only duplicate
/// descriptors or discard output, and environment prefixes are harmless:
/// otherwise a rule for `npm test` would also allow `npm test > ~/.bashrc`
/// or `LD_PRELOAD=x npm test`.
fn per_command_matching(analysis: &Analysis) -> bool {
    analysis.permission_safe()
        && analysis.commands().iter().all(|c| {
            c.assignments
                .iter()
                .all(|a| shellward_judge::harmless_env(&a.name, &a.value.value))
                && c.redirects.iter().all(|r| {
                    let t = r.target.value.as_str();
                    match r.op {
                        RedirectOp::HereDoc | RedirectOp::HereDocStrip | RedirectOp::HereString => {
                            true
                        }
                        RedirectOp::DupInput | RedirectOp::DupOutput => {
                            t == "-" || t.bytes().all(|b| b.is_ascii_digit())
                        }
                        _ => t == "/dev/null",
                    }
                })
        })
}

fn allow_rule<'s>(req: &Request<'s>) -> Option<&'s Rule> {
    let text = req.analysis.source();
    let allows = || {
        req.settings
            .rules
            .iter()
            .filter(|r| r.action == Action::Allow)
    };
    if let Some(rule) = allows().find(|r| r.pattern.equals_text(text)) {
        return Some(rule);
    }
    if !per_command_matching(req.analysis) {
        return None;
    }
    let source = req.analysis.source();
    let mut first = None;
    for c in needing_rules(req) {
        let words: Vec<String> = c.argv().map(str::to_string).collect();
        let stripped = suggest::strip_harmless(&words).filter(|s| s.len() < words.len());
        let rule = allows().find(|r| {
            r.pattern.matches_command(&words, c.text(source), false)
                || stripped.is_some_and(|s| r.pattern.matches_command(s, &s.join(" "), false))
        })?;
        first.get_or_insert(rule);
    }
    first
}

fn suggestions(req: &Request<'_>) -> Vec<String> {
    let text = req.analysis.source();
    // Nothing to run is nothing to allow: no rule `''` to save.
    if text.trim().is_empty() {
        return Vec::new();
    }
    if !per_command_matching(req.analysis) {
        return vec![text.trim().to_string()];
    }
    let argvs: Vec<Vec<String>> = needing_rules(req)
        .iter()
        .map(|c| c.argv().map(str::to_string).collect())
        .collect();
    suggest::suggest(&argvs, text)
}
