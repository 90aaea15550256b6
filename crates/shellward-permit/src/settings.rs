//! Layered settings files: where rules come from, and saving answers.
//!
//! | level | file | written by |
//! | --- | --- | --- |
//! | user | `$XDG_CONFIG_HOME/shellward/settings.json` (else `~/.config/...`) | the user |
//! | Claude Code user | `$CLAUDE_CONFIG_DIR/settings.json` (else `~/.claude/settings.json`) | read only: their `Bash(...)` rules |
//! | project | `.shellward/settings.json` | the team (checked in) |
//! | local | `.shellward/settings.local.json` | "always allow" answers |
//! | Claude Code | `.claude/settings.json`, `.claude/settings.local.json` | read only: their `Bash(...)` rules |
//!
//! Shape: `{"permissions": {"allow": [], "ask": [], "deny": [],
//! "additionalDirectories": []}, "defaultMode": "build"}`; the JSON Schema is
//! `schema/settings.schema.json` (generated from [`SettingsFile`]). Our files
//! reject unknown fields, so a typo is an error rather than a rule silently
//! ignored; Claude Code's files carry much else, so only their
//! `permissions` lists are read, and rules for tools other than Bash skipped.

use std::path::{Path, PathBuf};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::pattern::{Pattern, PatternError};
use crate::{Action, Mode};

/// One settings file, as written.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SettingsFile {
    /// Permission rules and extra directories.
    #[serde(default)]
    pub permissions: Permissions,
    /// The mode used when none is given on the command line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_mode: Option<Mode>,
    /// The environment commands get.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub env: Option<EnvSettings>,
    /// The OS sandbox (Landlock) under the verdict.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sandbox: Option<SandboxSettings>,
    /// The guard against destructive effects, active in every mode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guard: Option<GuardSettings>,
    /// The schema this file follows (ignored; lets editors validate).
    #[serde(default, rename = "$schema", skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
}

/// The `env` object: which environment variables commands get.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct EnvSettings {
    /// `inherit` (default: shellward's own environment), `core` (only
    /// PATH, HOME, USER, LOGNAME, SHELL, LANG, LC_*, TERM, TZ, TMPDIR and
    /// the like), or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub policy: Option<EnvPolicy>,
    /// Variables removed after the policy (`*` globs: `AWS_*`).
    #[serde(default)]
    pub exclude: Vec<String>,
    /// Variables set last.
    #[serde(default)]
    pub set: std::collections::BTreeMap<String, String>,
    /// Replace the values of secret-looking variables in output the model
    /// reads (off by default: it hides legitimate output that contains the
    /// same text, and cannot catch a secret printed transformed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mask_secrets_in_output: Option<bool>,
}

/// The `guard` object: what effects of each severity get in every mode
/// (also yolo), and which packs of effect rows apply. Across files the
/// strictest answer wins (deny over ask over allow), and a pack is off only
/// when a file switches it off and none switches it on. What loosens the
/// guard (`allow`, a pack off) in a workspace file needs the user's trust.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct GuardSettings {
    /// Irreversible and wide: the root, the home, a device, published
    /// history, a whole database or namespace. Default `ask`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub catastrophic: Option<GuardAction>,
    /// Irreversible and scoped: a tree in the workspace, a branch, a table,
    /// uncommitted changes. Default `ask`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destructive: Option<GuardAction>,
    /// Packs switched on (`true`) or off (`false`) by name: `filesystem`,
    /// `git`, `database`, `cloud`, `kubernetes`, `containers`, `iac`,
    /// `publish`, `system`, `code`, `secrets`, `backup`.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub packs: std::collections::BTreeMap<GuardPack, bool>,
}

/// What the guard does with an effect.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum GuardAction {
    /// Runs as the mode says.
    Allow,
    /// A person decides (denied where nobody can be asked).
    Ask,
    /// Never runs.
    Deny,
}

impl GuardAction {
    /// The lowercase name.
    pub fn as_str(self) -> &'static str {
        match self {
            GuardAction::Allow => "allow",
            GuardAction::Ask => "ask",
            GuardAction::Deny => "deny",
        }
    }
}

/// A pack's name in settings.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)]
pub enum GuardPack {
    Filesystem,
    Git,
    Database,
    Cloud,
    Kubernetes,
    Containers,
    Iac,
    Publish,
    System,
    Code,
    Secrets,
    Backup,
}

impl GuardPack {
    /// The effect model's pack.
    pub fn pack(self) -> shellward_effects::Pack {
        use shellward_effects::Pack;
        match self {
            GuardPack::Filesystem => Pack::Filesystem,
            GuardPack::Git => Pack::Git,
            GuardPack::Database => Pack::Database,
            GuardPack::Cloud => Pack::Cloud,
            GuardPack::Kubernetes => Pack::Kubernetes,
            GuardPack::Containers => Pack::Containers,
            GuardPack::Iac => Pack::Iac,
            GuardPack::Publish => Pack::Publish,
            GuardPack::System => Pack::System,
            GuardPack::Code => Pack::Code,
            GuardPack::Secrets => Pack::Secrets,
            GuardPack::Backup => Pack::Backup,
        }
    }

    /// The settings name.
    pub fn as_str(self) -> &'static str {
        self.pack().as_str()
    }
}

/// The guard, merged from every file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Guard {
    /// For catastrophic effects.
    pub catastrophic: GuardAction,
    /// For destructive effects.
    pub destructive: GuardAction,
    /// Packs switched off (and not on by any file).
    pub off: Vec<shellward_effects::Pack>,
    on: Vec<shellward_effects::Pack>,
    catastrophic_set: Option<GuardAction>,
    destructive_set: Option<GuardAction>,
}

impl Default for Guard {
    fn default() -> Guard {
        Guard {
            catastrophic: GuardAction::Ask,
            destructive: GuardAction::Ask,
            off: Vec::new(),
            on: Vec::new(),
            catastrophic_set: None,
            destructive_set: None,
        }
    }
}

impl Guard {
    /// What effects of `severity` get (`allow` for write and unknown).
    pub fn action(&self, severity: shellward_effects::Severity) -> GuardAction {
        match severity {
            shellward_effects::Severity::Catastrophic => self.catastrophic,
            shellward_effects::Severity::Destructive => self.destructive,
            _ => GuardAction::Allow,
        }
    }

    /// Whether `pack`'s rows apply.
    pub fn applies(&self, pack: shellward_effects::Pack) -> bool {
        !self.off.contains(&pack)
    }

    /// Merge one file's `guard`: the strictest answer wins.
    fn merge(&mut self, g: &GuardSettings) {
        let strictest = |set: &mut Option<GuardAction>, new: Option<GuardAction>| {
            if let Some(n) = new {
                *set = Some(set.map_or(n, |s| s.max(n)));
            }
        };
        strictest(&mut self.catastrophic_set, g.catastrophic);
        strictest(&mut self.destructive_set, g.destructive);
        self.catastrophic = self.catastrophic_set.unwrap_or(GuardAction::Ask);
        self.destructive = self.destructive_set.unwrap_or(GuardAction::Ask);
        for (pack, on) in &g.packs {
            let p = pack.pack();
            if *on {
                self.on.push(p);
            } else {
                self.off.push(p);
            }
        }
        let on = self.on.clone();
        self.off.retain(|p| !on.contains(p));
    }
}

/// The base environment.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum EnvPolicy {
    /// Everything shellward has.
    #[default]
    Inherit,
    /// A short list of variables programs need to work.
    Core,
    /// Nothing (then `set`).
    None,
}

/// The `sandbox` object.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SandboxSettings {
    /// Confinement of commands that run in build/edit mode without being
    /// auto-allowed as read-only: `off` (default) or `workspace-write`
    /// (writes only in the workspace and a per-session temp dir).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub build_profile: Option<BuildProfile>,
    /// Honour `dangerouslyDisableSandbox: true` (such a command then always
    /// goes through the permission flow as not read-only). Default false.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_disable: Option<bool>,
    /// What confined (read-only) commands may read beyond the defaults.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read: Option<SandboxRead>,
}

/// The `sandbox.read` object: paths absolute, `~/...`, or relative to the
/// workspace. Deny wins over allow for a path beneath an allowed one.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SandboxRead {
    /// More directories or files confined commands may read.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allow: Vec<String>,
    /// Paths they may never read (the last component may hold `*`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deny: Vec<String>,
}

/// The build-mode sandbox profile.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum BuildProfile {
    /// No confinement for approved commands.
    #[default]
    Off,
    /// Writes only in the workspace and the session's temp dir; network allowed.
    WorkspaceWrite,
}

/// The `permissions` object.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Permissions {
    /// Commands that run without asking: `npm test:*`, `Bash(make build)`, `git * main`.
    #[serde(default)]
    pub allow: Vec<String>,
    /// Commands that always ask, even when read-only or allowed.
    #[serde(default)]
    pub ask: Vec<String>,
    /// Commands that never run.
    #[serde(default)]
    pub deny: Vec<String>,
    /// Directories outside the workspace that commands may read without asking.
    #[serde(default)]
    pub additional_directories: Vec<String>,
}

/// Which file a rule came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// `$XDG_CONFIG_HOME/shellward/settings.json`
    User,
    /// Claude Code's user settings: `$CLAUDE_CONFIG_DIR/settings.json`,
    /// else `~/.claude/settings.json` (its `Bash(...)` rules).
    ClaudeUser,
    /// `.shellward/settings.json`
    Project,
    /// `.shellward/settings.local.json`
    Local,
    /// `.claude/settings.json`
    ClaudeProject,
    /// `.claude/settings.local.json`
    ClaudeLocal,
    /// A file given with `--settings`.
    Extra,
}

impl Level {
    /// A short name for reasons and JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::User => "user",
            Level::ClaudeUser => "claude-user",
            Level::Project => "project",
            Level::Local => "local",
            Level::ClaudeProject => "claude-project",
            Level::ClaudeLocal => "claude-local",
            Level::Extra => "extra",
        }
    }
}

/// A rule with where it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// allow, ask or deny.
    pub action: Action,
    /// What it matches.
    pub pattern: Pattern,
    /// The settings level.
    pub level: Level,
    /// The file.
    pub file: PathBuf,
}

/// Settings merged from every level.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    /// Every rule, in level order. Read-only outside this module: the deny
    /// and ask rules' index ([`Settings::guard_index`]) is built from it
    /// once, on first use.
    pub rules: Vec<Rule>,
    /// The deny and ask rules by first word; reset whenever a rule is added.
    guard_index: std::sync::OnceLock<GuardIndex>,
    /// Additional directories (absolute; `~` expanded; relative ones from the workspace).
    pub additional_directories: Vec<PathBuf>,
    /// The most specific `defaultMode`.
    pub default_mode: Option<Mode>,
    /// The files that were read.
    pub files: Vec<PathBuf>,
    /// The build-mode sandbox profile (the most specific file's).
    pub build_profile: BuildProfile,
    /// Whether `dangerouslyDisableSandbox` is honoured.
    pub allow_sandbox_disable: bool,
    /// `sandbox.read.allow` of every file.
    pub sandbox_read_allow: Vec<PathBuf>,
    /// `sandbox.read.deny` of every file.
    pub sandbox_read_deny: Vec<PathBuf>,
    /// Relaxing entries of workspace files the user has not trusted: inert
    /// until `shellward trust` ([`crate::trust`]).
    pub untrusted: Vec<Untrusted>,
    /// The environment policy (the most specific file's).
    pub env_policy: EnvPolicy,
    /// Variables to remove (every file's).
    pub env_exclude: Vec<String>,
    /// Variables to set (later files win).
    pub env_set: std::collections::BTreeMap<String, String>,
    /// Mask secret values in output.
    pub mask_secrets: bool,
    /// The guard against destructive effects.
    pub guard: Guard,
}

/// A path written in a settings file: `~/...` from the home directory,
/// others from the workspace (an absolute one stays as it is).
fn settings_path(written: &str, workspace: &Path) -> PathBuf {
    match written.strip_prefix("~/") {
        Some(rest) => std::env::var_os("HOME")
            .map_or_else(|| PathBuf::from(written), |h| PathBuf::from(h).join(rest)),
        None => workspace.join(written),
    }
}

/// `path` with `.` and `..` resolved by name (for comparisons of paths
/// that may not exist: `ws/../config` is not inside `ws`).
pub fn lexical(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// A workspace settings file's relaxing entries that were not applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Untrusted {
    /// The file.
    pub file: PathBuf,
    /// The entries (`allow: rm:*`, `defaultMode: yolo`).
    pub entries: Vec<String>,
}

impl Level {
    /// Files of this level live in the workspace, where an agent can write
    /// them: what they relax needs the user's trust.
    pub fn in_workspace(self) -> bool {
        matches!(
            self,
            Level::Project | Level::Local | Level::ClaudeProject | Level::ClaudeLocal
        )
    }
}

/// A settings file that could not be used.
#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    /// Reading failed (other than not existing).
    #[error("{file}: {source}")]
    Io {
        /// The file.
        file: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// Not JSON, or not the expected shape.
    #[error("{file}:{line}:{column}: {field}: {message}")]
    Invalid {
        /// The file.
        file: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// Where in the document (`permissions.allow[2]`), `.` for the top.
        field: String,
        /// What is wrong.
        message: String,
    },
}

/// Where the files of each level are, for a workspace: the user's, then
/// those of every directory above the workspace (farthest first: a
/// `.git` planted in a subdirectory must not shed the project's deny
/// rules), then the workspace's own.
pub fn locations(workspace: &Path) -> Vec<(Level, PathBuf)> {
    let mut out = Vec::new();
    let config = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")));
    if let Some(config) = config {
        out.push((Level::User, config.join("shellward/settings.json")));
    }
    let claude = std::env::var_os("CLAUDE_CONFIG_DIR")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".claude")));
    if let Some(claude) = claude {
        out.push((Level::ClaudeUser, claude.join("settings.json")));
    }
    let mut dirs: Vec<&Path> = workspace.ancestors().collect();
    dirs.reverse();
    for dir in dirs.into_iter().filter(|d| d.parent().is_some()) {
        out.push((Level::Project, dir.join(".shellward/settings.json")));
        out.push((Level::Local, dir.join(".shellward/settings.local.json")));
        out.push((Level::ClaudeProject, dir.join(".claude/settings.json")));
        out.push((Level::ClaudeLocal, dir.join(".claude/settings.local.json")));
    }
    out
}

/// The largest settings file read.
pub const MAX_SETTINGS_BYTES: u64 = 1024 * 1024;

/// A settings file's text: a regular file (links followed) of at most
/// [`MAX_SETTINGS_BYTES`], opened without blocking. A workspace can ship
/// `.claude/settings.json` as a link to `/dev/zero` or a FIFO: neither may
/// hang a decision or fill memory.
pub fn read_settings_text(path: &Path) -> std::io::Result<String> {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_CLOEXEC)
        .open(path)?;
    let meta = file.metadata()?;
    let refuse = |why: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, why.to_string());
    if !meta.is_file() {
        return Err(refuse("not a regular file"));
    }
    let mut text = String::new();
    file.take(MAX_SETTINGS_BYTES + 1)
        .read_to_string(&mut text)?;
    if text.len() as u64 > MAX_SETTINGS_BYTES {
        return Err(refuse("larger than 1 MiB"));
    }
    Ok(text)
}

/// The file "always allow" answers are saved to.
pub fn local_file(workspace: &Path) -> PathBuf {
    workspace.join(".shellward/settings.local.json")
}

/// The deny and ask rules indexed by the first word a command must start
/// with to match them ([`Pattern::key`]): a decision tries only the rules
/// keyed by its commands' first words, and the rules that fix none.
#[derive(Debug, Clone, Default)]
pub struct GuardIndex {
    /// Indices into [`Settings::rules`], ascending, per first word.
    by_key: std::collections::HashMap<String, Vec<usize>, foldhash::fast::RandomState>,
    /// Deny and ask rules without a key (`*`, `* --force`), ascending.
    keyless: Vec<usize>,
    /// Whether any deny or ask rule exists.
    any: bool,
}

impl GuardIndex {
    fn build(rules: &[Rule]) -> GuardIndex {
        let mut index = GuardIndex::default();
        for (i, rule) in rules.iter().enumerate() {
            if rule.action == Action::Allow {
                continue;
            }
            index.any = true;
            match rule.pattern.key() {
                Some(key) => index.by_key.entry(key.to_string()).or_default().push(i),
                None => index.keyless.push(i),
            }
        }
        index
    }

    /// Whether any deny or ask rule exists.
    pub fn any(&self) -> bool {
        self.any
    }

    /// The deny and ask rules that may match a command starting with one
    /// of `firsts`, as indices into [`Settings::rules`], ascending (the
    /// order the rules are tried in), without duplicates.
    pub fn candidates<'k>(&self, firsts: impl IntoIterator<Item = &'k str>) -> Vec<usize> {
        let mut out = self.keyless.clone();
        if self.by_key.is_empty() {
            return out;
        }
        // A command's first words are mostly one word four times over.
        let mut previous = None;
        for first in firsts {
            if previous == Some(first) {
                continue;
            }
            previous = Some(first);
            if let Some(rules) = self.by_key.get(first) {
                out.extend_from_slice(rules);
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

impl Settings {
    /// The deny and ask rules by first word, built on first use.
    pub fn guard_index(&self) -> &GuardIndex {
        self.guard_index
            .get_or_init(|| GuardIndex::build(&self.rules))
    }

    /// Load every level for `workspace`, then `extra` files. A missing file
    /// is fine; a malformed one is an error naming it.
    pub fn load(workspace: &Path, extra: &[PathBuf]) -> Result<Settings, SettingsError> {
        Settings::load_inner(workspace, extra, None)
    }

    /// [`Settings::load`] with an explicit trust store for the workspace's
    /// files (instead of the user's).
    pub fn load_with(
        workspace: &Path,
        extra: &[PathBuf],
        store: &crate::trust::TrustStore,
    ) -> Result<Settings, SettingsError> {
        Settings::load_inner(workspace, extra, Some(store.clone()))
    }

    fn load_inner(
        workspace: &Path,
        extra: &[PathBuf],
        trust: Option<crate::trust::TrustStore>,
    ) -> Result<Settings, SettingsError> {
        let (settings, mut broken) = Settings::load_lenient(workspace, extra, trust)?;
        match broken.is_empty() {
            true => Ok(settings),
            false => Err(broken.remove(0)),
        }
    }

    /// Load like [`Settings::load`], but skip a workspace file that cannot
    /// be read or parsed and return its error: a file the agent can write
    /// must not switch off the user's own rules (what the hook uses, which
    /// would otherwise answer nothing). A broken user-level or `--settings`
    /// file is still an error.
    pub fn load_lenient(
        workspace: &Path,
        extra: &[PathBuf],
        mut trust: Option<crate::trust::TrustStore>,
    ) -> Result<(Settings, Vec<SettingsError>), SettingsError> {
        let mut settings = Settings::default();
        let mut broken = Vec::new();
        let files = locations(workspace)
            .into_iter()
            .chain(extra.iter().map(|p| (Level::Extra, p.clone())));
        for (mut level, file) in files {
            // The user's own file, when the workspace holds it (a home
            // workspace), is as writable by the agent as any other.
            if lexical(&file).starts_with(lexical(workspace)) {
                match level {
                    Level::User => level = Level::Project,
                    Level::ClaudeUser => level = Level::ClaudeProject,
                    _ => {}
                }
            }
            let text = match read_settings_text(&file) {
                Ok(text) => Ok(text),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound && level != Level::Extra => {
                    continue;
                }
                Err(source) => Err(SettingsError::Io {
                    file: file.clone(),
                    source,
                }),
            };
            let added = text.and_then(|text| {
                if level.in_workspace() {
                    let store =
                        trust.get_or_insert_with(|| crate::trust::TrustStore::load_for(workspace));
                    settings.add_checked(level, &file, &text, workspace, store)
                } else {
                    settings.add(level, &file, &text, workspace)
                }
            });
            match added {
                Ok(()) => {}
                Err(e) if level.in_workspace() => broken.push(e),
                Err(e) => return Err(e),
            }
        }
        Ok((settings, broken))
    }

    /// Add one workspace file's content: what it relaxes only as far as
    /// `store` trusts it; the rest is recorded in [`Settings::untrusted`].
    pub fn add_checked(
        &mut self,
        level: Level,
        file: &Path,
        text: &str,
        workspace: &Path,
        store: &crate::trust::TrustStore,
    ) -> Result<(), SettingsError> {
        let mut parsed = self.parse(level, file, text)?;
        // Every entry is checked, trusted or not: a malformed rule is an
        // error either way.
        Settings::default().apply(level, file, text, workspace, parsed.clone())?;
        let removed = crate::trust::strip(&mut parsed, |e| store.trusts(file, e));
        if !removed.is_empty() {
            self.untrusted.push(Untrusted {
                file: file.to_path_buf(),
                entries: removed,
            });
        }
        self.apply(level, file, text, workspace, parsed)
    }

    /// Parse one file of `level`.
    pub fn parse(
        &self,
        level: Level,
        file: &Path,
        text: &str,
    ) -> Result<SettingsFile, SettingsError> {
        if matches!(
            level,
            Level::ClaudeUser | Level::ClaudeProject | Level::ClaudeLocal
        ) {
            parse_claude(file, text)
        } else {
            parse_ours(file, text)
        }
    }

    /// Add one file's content, trusted whole (the user's own files; see
    /// [`Settings::add_checked`] for a workspace's).
    pub fn add(
        &mut self,
        level: Level,
        file: &Path,
        text: &str,
        workspace: &Path,
    ) -> Result<(), SettingsError> {
        let parsed = self.parse(level, file, text)?;
        self.apply(level, file, text, workspace, parsed)
    }

    fn apply(
        &mut self,
        level: Level,
        file: &Path,
        text: &str,
        workspace: &Path,
        parsed: SettingsFile,
    ) -> Result<(), SettingsError> {
        for (action, list, key) in [
            (Action::Deny, &parsed.permissions.deny, "deny"),
            (Action::Ask, &parsed.permissions.ask, "ask"),
            (Action::Allow, &parsed.permissions.allow, "allow"),
        ] {
            for (i, written) in list.iter().enumerate() {
                match Pattern::parse(written) {
                    Ok(pattern) => {
                        self.guard_index = std::sync::OnceLock::new();
                        self.rules.push(Rule {
                            action,
                            pattern,
                            level,
                            file: file.to_path_buf(),
                        });
                    }
                    // Claude Code files hold rules for its other tools too.
                    Err(PatternError::OtherTool(_))
                        if matches!(
                            level,
                            Level::ClaudeUser | Level::ClaudeProject | Level::ClaudeLocal
                        ) => {}
                    Err(e) => {
                        let (line, column) = locate(text, written);
                        return Err(SettingsError::Invalid {
                            file: file.to_path_buf(),
                            line,
                            column,
                            field: format!("permissions.{key}[{i}]"),
                            message: format!("{e}: {written:?}"),
                        });
                    }
                }
            }
        }
        for dir in &parsed.permissions.additional_directories {
            let path = settings_path(dir, workspace);
            if !self.additional_directories.contains(&path) {
                self.additional_directories.push(path);
            }
        }
        if parsed.default_mode.is_some() {
            self.default_mode = parsed.default_mode;
        }
        if let Some(env) = &parsed.env {
            if let Some(p) = env.policy {
                self.env_policy = p;
            }
            self.env_exclude.extend(env.exclude.iter().cloned());
            self.env_set.extend(env.set.clone());
            if let Some(m) = env.mask_secrets_in_output {
                self.mask_secrets = m;
            }
        }
        if let Some(guard) = &parsed.guard {
            self.guard.merge(guard);
        }
        if let Some(sandbox) = &parsed.sandbox {
            if let Some(p) = sandbox.build_profile {
                self.build_profile = p;
            }
            if let Some(a) = sandbox.allow_disable {
                self.allow_sandbox_disable = a;
            }
            if let Some(read) = &sandbox.read {
                let resolve = |p: &String| settings_path(p, workspace);
                self.sandbox_read_allow
                    .extend(read.allow.iter().map(resolve));
                self.sandbox_read_deny.extend(read.deny.iter().map(resolve));
            }
        }
        self.files.push(file.to_path_buf());
        Ok(())
    }
}

fn invalid(
    file: &Path,
    text: &str,
    e: serde_path_to_error::Error<serde_json::Error>,
) -> SettingsError {
    let field = e.path().to_string();
    let inner = e.into_inner();
    let (line, column) = if inner.line() == 0 {
        (1, 1)
    } else {
        (inner.line(), inner.column())
    };
    let _ = text;
    SettingsError::Invalid {
        file: file.to_path_buf(),
        line,
        column,
        field,
        message: strip_position(&inner.to_string()),
    }
}

/// serde_json appends " at line L column C"; we print the position first.
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

fn parse_ours(file: &Path, text: &str) -> Result<SettingsFile, SettingsError> {
    let de = &mut serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(de).map_err(|e| invalid(file, text, e))
}

/// Claude Code's `settings.json`: only `permissions.{allow,ask,deny,additionalDirectories}`.
fn parse_claude(file: &Path, text: &str) -> Result<SettingsFile, SettingsError> {
    #[derive(Deserialize)]
    struct Claude {
        #[serde(default)]
        permissions: ClaudePermissions,
    }
    #[derive(Deserialize, Default)]
    #[serde(rename_all = "camelCase")]
    struct ClaudePermissions {
        #[serde(default)]
        allow: Vec<String>,
        #[serde(default)]
        ask: Vec<String>,
        #[serde(default)]
        deny: Vec<String>,
        #[serde(default)]
        additional_directories: Vec<String>,
    }
    let de = &mut serde_json::Deserializer::from_str(text);
    let claude: Claude =
        serde_path_to_error::deserialize(de).map_err(|e| invalid(file, text, e))?;
    Ok(SettingsFile {
        permissions: Permissions {
            allow: claude.permissions.allow,
            ask: claude.permissions.ask,
            deny: claude.permissions.deny,
            additional_directories: claude.permissions.additional_directories,
        },
        default_mode: None,
        env: None,
        sandbox: None,
        guard: None,
        schema: None,
    })
}

/// Line and column of the first occurrence of `value` as a JSON string.
fn locate(text: &str, value: &str) -> (usize, usize) {
    let needle = serde_json::to_string(value).unwrap_or_default();
    match text.find(&needle) {
        Some(at) => {
            let before = &text[..at];
            let line = before.matches('\n').count() + 1;
            let column = at - before.rfind('\n').map_or(0, |i| i + 1) + 1;
            (line, column)
        }
        None => (1, 1),
    }
}

/// What a save did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Saved {
    /// The entry was added.
    Added,
    /// It was already there; the file is unchanged.
    AlreadyPresent,
}

/// Add `entry` to `permissions.<key>` of the file at `path` (created if
/// missing), keeping everything else in it. What the user saves through
/// shellward is theirs: the callers also record it as trusted
/// ([`crate::trust::save_trusted`]). The write is atomic: a
/// temporary file in the same directory, synced, then renamed over.
pub fn save_entry(path: &Path, key: &str, entry: &str) -> Result<Saved, SettingsError> {
    let text = match read_settings_text(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => "{}".to_string(),
        Err(source) => {
            return Err(SettingsError::Io {
                file: path.to_path_buf(),
                source,
            });
        }
    };
    // Validate the whole file first: never rewrite a file we could not read.
    parse_ours(path, &text)?;
    let mut doc: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| SettingsError::Invalid {
            file: path.to_path_buf(),
            line: e.line(),
            column: e.column(),
            field: ".".into(),
            message: strip_position(&e.to_string()),
        })?;
    let shape = |message: &str| SettingsError::Invalid {
        file: path.to_path_buf(),
        line: 1,
        column: 1,
        field: format!("permissions.{key}"),
        message: message.to_string(),
    };
    let root = doc
        .as_object_mut()
        .ok_or_else(|| shape("the file is not a JSON object"))?;
    let permissions = root
        .entry("permissions")
        .or_insert_with(|| serde_json::json!({}))
        .as_object_mut()
        .ok_or_else(|| shape("`permissions` is not an object"))?;
    let list = permissions
        .entry(key)
        .or_insert_with(|| serde_json::json!([]))
        .as_array_mut()
        .ok_or_else(|| shape("not an array"))?;
    if list.iter().any(|v| v.as_str() == Some(entry)) {
        return Ok(Saved::AlreadyPresent);
    }
    list.push(serde_json::Value::String(entry.to_string()));
    let mut out = serde_json::to_string_pretty(&doc).unwrap_or_default();
    out.push('\n');
    write_atomic(path, out.as_bytes()).map_err(|source| SettingsError::Io {
        file: path.to_path_buf(),
        source,
    })?;
    Ok(Saved::Added)
}

pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// The JSON Schema of [`SettingsFile`], as committed in `schema/settings.schema.json`.
pub fn schema() -> String {
    let schema = schemars::schema_for!(SettingsFile);
    let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    text.push('\n');
    text
}
