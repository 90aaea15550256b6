//! Which relaxing entries of a workspace's own settings files the user
//! trusts.
//!
//! An agent can write the files in its workspace (the host's edit tools
//! are outside our gate), so a planted `.shellward/settings.local.json`
//! with `"defaultMode": "yolo"`, or a `.claude/settings.local.json` that
//! allows `Bash(*)`, must not loosen anything by itself. What a workspace
//! file says that **tightens** policy (deny and ask rules, `plan` mode,
//! the workspace-write profile, `sandbox.read.deny`, `env.exclude`, a
//! `env.policy: none`) applies at once. What **relaxes** it
//! ([`relaxing`]: allow rules, another `defaultMode`, additional
//! directories, `sandbox.allowDisable`, `sandbox.read.allow`, `env.set`,
//! ...) applies only once the user has trusted that entry of that file:
//! `shellward trust` (which shows the entries and asks), or by saving it
//! through shellward (`shellward allow`, an "always" answer). An entry
//! added by hand, or by anything else, stays inert until then, and is
//! reported. The user-level file and files given with `--settings` are the
//! user's own and always trusted.
//!
//! Trust is kept per entry rather than per file hash, so that saving an
//! "always" answer into a file that also holds a planted entry does not
//! trust the planted one. The store is a JSON file in the user's state
//! directory (`$SHELLWARD_TRUST_FILE`, else `trust.json` beside `$SHELLWARD_STATE_DB`,
//! else `$XDG_STATE_HOME/shellward/trust.json`, else `~/.local/state/shellward/trust.json`), which confined commands can
//! neither read nor write. A store that cannot be read trusts nothing.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::Mode;
use crate::settings::{BuildProfile, EnvPolicy, SettingsFile};

/// The trusted entries, by settings file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustStore {
    files: BTreeMap<String, BTreeSet<String>>,
}

/// Where the store lives: `$SHELLWARD_TRUST_FILE`, else beside
/// `$SHELLWARD_STATE_DB`, else the user's state directory.
pub fn store_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("SHELLWARD_TRUST_FILE").map(PathBuf::from) {
        return Some(p);
    }
    if let Some(db) = std::env::var_os("SHELLWARD_STATE_DB").map(PathBuf::from) {
        return Some(db.parent().unwrap_or(Path::new(".")).join("trust.json"));
    }
    let state = std::env::var_os("XDG_STATE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/state")))?;
    Some(state.join("shellward/trust.json"))
}

/// The key a settings file is known by: its path as the workspace names
/// it, `.` and `..` resolved by name but links not followed (a
/// `.shellward` that is a link to another project's must not borrow that
/// project's trust).
fn key(file: &Path) -> String {
    crate::settings::lexical(file)
        .to_string_lossy()
        .into_owned()
}

impl TrustStore {
    /// The user's store (empty when missing or unreadable: nothing trusted).
    pub fn load() -> TrustStore {
        let Some(path) = store_path() else {
            return TrustStore::default();
        };
        let Ok(text) = std::fs::read_to_string(&path) else {
            return TrustStore::default();
        };
        match serde_json::from_str(&text) {
            Ok(files) => TrustStore { files },
            Err(e) => {
                tracing::warn!(file = %path.display(), "the trust store is not valid JSON, so nothing in it is trusted: {e}");
                TrustStore::default()
            }
        }
    }

    /// The user's store, unless `workspace` holds it (a home workspace):
    /// a store the agent can write trusts nothing.
    pub fn load_for(workspace: &Path) -> TrustStore {
        match store_path() {
            Some(path)
                if crate::settings::lexical(&path)
                    .starts_with(crate::settings::lexical(workspace)) =>
            {
                tracing::warn!(store = %path.display(), "the trust store is inside the workspace, so nothing in it is trusted");
                TrustStore::default()
            }
            _ => TrustStore::load(),
        }
    }

    /// Does the user trust `entry` of `file`?
    pub fn trusts(&self, file: &Path, entry: &str) -> bool {
        self.files
            .get(&key(file))
            .is_some_and(|set| set.contains(entry))
    }

    /// Trust `entries` of `file`.
    pub fn add<I: IntoIterator<Item = String>>(&mut self, file: &Path, entries: I) {
        self.files.entry(key(file)).or_default().extend(entries);
    }

    /// Write the store back (atomically).
    pub fn save(&self) -> std::io::Result<()> {
        let path = store_path().ok_or_else(|| {
            std::io::Error::new(
                std::io::ErrorKind::NotFound,
                "no home or state directory for the trust store",
            )
        })?;
        let mut text = serde_json::to_string_pretty(&self.files).unwrap_or_default();
        text.push('\n');
        crate::settings::write_atomic(&path, text.as_bytes())
    }
}

/// Record that the user trusts `entry` of `file` (what shellward itself
/// saved on the user's behalf).
pub fn record(file: &Path, entry: String) -> std::io::Result<()> {
    let mut store = TrustStore::load();
    store.add(file, [entry]);
    store.save()
}

/// Save `value` to `permissions.<key>` of `file` on the user's behalf
/// (`shellward allow`, an "always" answer), and trust it: the entry takes
/// effect at once, and nothing else in the file is trusted by it. Saved
/// again when already there (planted before, and inert until now), it is
/// trusted too.
pub fn save_trusted(
    file: &Path,
    key: &str,
    value: &str,
) -> Result<crate::settings::Saved, crate::settings::SettingsError> {
    let saved = crate::settings::save_entry(file, key, value)?;
    record(file, entry(key, value)).map_err(|source| crate::settings::SettingsError::Io {
        file: store_path().unwrap_or_default(),
        source,
    })?;
    Ok(saved)
}

/// Every relaxing entry of `parsed`, as the user sees it
/// (`allow: npm test:*`, `defaultMode: yolo`).
pub fn relaxing(parsed: &SettingsFile) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    out.extend(parsed.permissions.allow.iter().map(|r| entry("allow", r)));
    out.extend(
        parsed
            .permissions
            .additional_directories
            .iter()
            .map(|d| entry("additionalDirectories", d)),
    );
    if let Some(mode) = parsed.default_mode.filter(|m| *m != Mode::Plan) {
        out.push(entry("defaultMode", mode_name(mode)));
    }
    if let Some(sandbox) = &parsed.sandbox {
        if sandbox.allow_disable == Some(true) {
            out.push(entry("sandbox.allowDisable", "true"));
        }
        if sandbox.build_profile == Some(BuildProfile::Off) {
            out.push(entry("sandbox.buildProfile", "off"));
        }
        if let Some(read) = &sandbox.read {
            out.extend(read.allow.iter().map(|p| entry("sandbox.read.allow", p)));
        }
    }
    if let Some(env) = &parsed.env {
        match env.policy {
            Some(EnvPolicy::Inherit) => out.push(entry("env.policy", "inherit")),
            Some(EnvPolicy::Core) => out.push(entry("env.policy", "core")),
            _ => {}
        }
        out.extend(
            env.set
                .iter()
                .map(|(k, v)| entry("env.set", &format!("{k}={v}"))),
        );
        if env.mask_secrets_in_output == Some(false) {
            out.push(entry("env.maskSecretsInOutput", "false"));
        }
    }
    if let Some(guard) = &parsed.guard {
        out.extend(guard_relaxing(guard));
    }
    out
}

/// What loosens the guard: `allow` for a severity, a pack switched off.
fn guard_relaxing(guard: &crate::settings::GuardSettings) -> Vec<String> {
    use crate::settings::GuardAction;
    let mut out = Vec::new();
    if guard.catastrophic == Some(GuardAction::Allow) {
        out.push(entry("guard.catastrophic", "allow"));
    }
    if guard.destructive == Some(GuardAction::Allow) {
        out.push(entry("guard.destructive", "allow"));
    }
    for (pack, on) in &guard.packs {
        if !on {
            out.push(entry(&format!("guard.packs.{}", pack.as_str()), "false"));
        }
    }
    out
}

/// The form an entry is trusted and shown in.
pub fn entry(key: &str, value: &str) -> String {
    format!("{key}: {value}")
}

/// An entry as a terminal may show it: control characters escaped, so a
/// planted entry cannot erase or disguise the lines around it.
pub fn shown(entry: &str) -> String {
    entry
        .chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

fn mode_name(mode: Mode) -> &'static str {
    match mode {
        Mode::Build => "build",
        Mode::Edit => "edit",
        Mode::Plan => "plan",
        Mode::Yolo => "yolo",
    }
}

/// Remove from `parsed` every relaxing entry `trusted` does not accept;
/// the removed entries, in order.
pub fn strip(parsed: &mut SettingsFile, trusted: impl Fn(&str) -> bool) -> Vec<String> {
    let mut removed = Vec::new();
    let mut keep = |e: String| {
        let ok = trusted(&e);
        if !ok {
            removed.push(e);
        }
        ok
    };
    parsed.permissions.allow.retain(|r| keep(entry("allow", r)));
    parsed
        .permissions
        .additional_directories
        .retain(|d| keep(entry("additionalDirectories", d)));
    if let Some(mode) = parsed.default_mode.filter(|m| *m != Mode::Plan)
        && !keep(entry("defaultMode", mode_name(mode)))
    {
        parsed.default_mode = None;
    }
    if let Some(sandbox) = &mut parsed.sandbox {
        if sandbox.allow_disable == Some(true) && !keep(entry("sandbox.allowDisable", "true")) {
            sandbox.allow_disable = None;
        }
        if sandbox.build_profile == Some(BuildProfile::Off)
            && !keep(entry("sandbox.buildProfile", "off"))
        {
            sandbox.build_profile = None;
        }
        if let Some(read) = &mut sandbox.read {
            read.allow.retain(|p| keep(entry("sandbox.read.allow", p)));
        }
    }
    if let Some(env) = &mut parsed.env {
        let policy = match env.policy {
            Some(EnvPolicy::Inherit) => Some("inherit"),
            // Looser than `none`, which a less specific file may have set.
            Some(EnvPolicy::Core) => Some("core"),
            _ => None,
        };
        if let Some(name) = policy
            && !keep(entry("env.policy", name))
        {
            env.policy = None;
        }
        env.set
            .retain(|k, v| keep(entry("env.set", &format!("{k}={v}"))));
        if env.mask_secrets_in_output == Some(false)
            && !keep(entry("env.maskSecretsInOutput", "false"))
        {
            env.mask_secrets_in_output = None;
        }
    }
    if let Some(guard) = &mut parsed.guard {
        use crate::settings::GuardAction;
        if guard.catastrophic == Some(GuardAction::Allow)
            && !keep(entry("guard.catastrophic", "allow"))
        {
            guard.catastrophic = None;
        }
        if guard.destructive == Some(GuardAction::Allow)
            && !keep(entry("guard.destructive", "allow"))
        {
            guard.destructive = None;
        }
        guard.packs.retain(|pack, on| {
            *on || keep(entry(&format!("guard.packs.{}", pack.as_str()), "false"))
        });
    }
    removed
}
