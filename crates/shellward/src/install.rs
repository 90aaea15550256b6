//! `shellward install [HOST...]` and `shellward uninstall [HOST...]`: our
//! hook entry in each agent host's own config file, added or removed
//! without disturbing anything else in it, idempotent.
//!
//! JSON files (which Claude Code and Gemini CLI allow comments in) are
//! edited in place through `jsonc-parser`'s concrete syntax tree, and
//! Codex's `config.toml` through `toml_edit`: key order, comments and
//! formatting stay as they were. Copilot CLI and OpenCode read whole
//! files from a folder, so ours is a file of its own there. A file that
//! did not exist before `install` is recorded
//! (`installed.json` beside the session store, in the state directory) and removed again by
//! `uninstall` when nothing but our entry was ever added to it; so an
//! install and an uninstall leave every file as it was, byte for byte.
//! (One exception: an array or table that held only our entry is removed
//! with it, so an empty `"PreToolUse": []` written by hand before an
//! install does not come back.)

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

/// The agent hosts `install` knows.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agent {
    /// Claude Code (`hooks.PreToolUse` in settings.json).
    ClaudeCode,
    /// OpenAI Codex CLI (`[[hooks.PreToolUse]]` in config.toml).
    Codex,
    /// Google Gemini CLI (`hooks.BeforeTool` in settings.json).
    Gemini,
    /// Cursor (`hooks.beforeShellExecution` in hooks.json).
    Cursor,
    /// GitHub Copilot CLI (a file of ours in its hooks folder).
    Copilot,
    /// OpenCode (our plugin in its plugins folder).
    Opencode,
}

impl Agent {
    /// The name on the command line (`shellward hook NAME`).
    pub fn name(self) -> &'static str {
        spec(self).name
    }
}

/// How the file holding our entry is shaped.
#[derive(Clone, Copy, Debug)]
enum Format {
    /// JSON (comments allowed), `hooks.<event>` an array of entries;
    /// `version: 1` at the top when the host wants it (Cursor).
    Json { event: &'static str, version: bool },
    /// Codex's `config.toml`: `[[hooks.PreToolUse]]`.
    Toml,
    /// A file that is ours alone.
    Own,
}

/// Where one host keeps its hooks.
#[derive(Debug)]
pub struct Spec {
    agent: Agent,
    name: &'static str,
    /// An environment variable that moves the user's config directory,
    /// and the directory's place under it; else `home` under `$HOME`.
    env: Option<(&'static str, &'static str)>,
    home: &'static str,
    /// Our file, in the user's config directory.
    user: &'static str,
    /// Our file, in a project; its first segment is the project's config
    /// directory.
    project: &'static str,
    format: Format,
}

/// The hosts' config files (sources: each host's hook reference, cited in
/// `hosts.rs`).
#[rustfmt::skip]
pub const SPECS: [Spec; 6] = [
    Spec { agent: Agent::ClaudeCode, name: "claude-code", env: None,                             home: ".claude",          user: "settings.json",        project: ".claude/settings.json",          format: Format::Json { event: "PreToolUse", version: false } },
    Spec { agent: Agent::Codex,      name: "codex",       env: Some(("CODEX_HOME", "")),         home: ".codex",           user: "config.toml",          project: ".codex/config.toml",             format: Format::Toml },
    Spec { agent: Agent::Gemini,     name: "gemini",      env: None,                             home: ".gemini",          user: "settings.json",        project: ".gemini/settings.json",          format: Format::Json { event: "BeforeTool", version: false } },
    Spec { agent: Agent::Cursor,     name: "cursor",      env: None,                             home: ".cursor",          user: "hooks.json",           project: ".cursor/hooks.json",             format: Format::Json { event: "beforeShellExecution", version: true } },
    Spec { agent: Agent::Copilot,    name: "copilot",     env: Some(("COPILOT_HOME", "")),       home: ".copilot",         user: "hooks/shellward.json", project: ".github/hooks/shellward.json",   format: Format::Own },
    Spec { agent: Agent::Opencode,   name: "opencode",    env: Some(("XDG_CONFIG_HOME", "opencode")), home: ".config/opencode", user: "plugins/shellward.js", project: ".opencode/plugins/shellward.js", format: Format::Own },
];

/// The row of `agent`.
pub fn spec(agent: Agent) -> &'static Spec {
    SPECS.iter().find(|s| s.agent == agent).unwrap_or(&SPECS[0])
}

/// The OpenCode plugin, published in `integrations/opencode/`.
const OPENCODE_PLUGIN: &str = include_str!("../../../integrations/opencode/shellward.js");

/// Where a host's file is: the user's or a project's.
#[derive(Debug, Clone)]
pub enum Scope {
    /// The user's config directory.
    User,
    /// The project at this directory.
    Project(PathBuf),
}

impl Spec {
    /// The host's name on the command line.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The host's user config directory.
    pub fn user_dir(&self) -> Option<PathBuf> {
        if let Some((var, sub)) = self.env
            && let Some(dir) = std::env::var_os(var).map(PathBuf::from)
            && dir.is_absolute()
        {
            return Some(dir.join(sub));
        }
        std::env::var_os("HOME").map(|h| PathBuf::from(h).join(self.home))
    }

    /// Our file for `scope`.
    pub fn file(&self, scope: &Scope) -> Option<PathBuf> {
        match scope {
            Scope::User => self.user_dir().map(|d| d.join(self.user)),
            Scope::Project(root) => Some(root.join(self.project)),
        }
    }

    /// The host looks installed: its config directory exists.
    pub fn detected(&self, scope: &Scope) -> bool {
        match scope {
            Scope::User => self.user_dir().is_some_and(|d| d.is_dir()),
            Scope::Project(root) => {
                let first = self.project.split('/').next().unwrap_or(self.project);
                root.join(first).is_dir()
            }
        }
    }
}

/// The command a host runs: this binary's `hook NAME`.
pub fn hook_command(bin: &Path, agent: Agent) -> String {
    format!(
        "{} hook {}",
        crate::sandbox::shell_quote(&bin.to_string_lossy()),
        agent.name()
    )
}

/// A command that runs `shellward hook` (any install of it).
pub fn is_ours(command: &str) -> bool {
    let Some((program, _)) = command.trim_start().split_once(" hook ") else {
        return false;
    };
    // One word: the program itself, quoted as `hook_command` quotes it
    // (`echo /x/shellward hook y` is someone else's).
    let program = match program.strip_prefix('\'') {
        Some(quoted) => match quoted.strip_suffix('\'') {
            Some(inner) if !inner.contains('\'') => inner,
            _ => return false,
        },
        None if program.contains(char::is_whitespace) => return false,
        None => program,
    };
    Path::new(program)
        .file_name()
        .is_some_and(|n| n == "shellward")
}

/// A handler (or a flat entry, as Cursor's and Copilot's) that runs our
/// hook.
fn handler_is_ours(handler: &Value) -> bool {
    ["command", "bash"]
        .iter()
        .any(|k| handler[k].as_str().is_some_and(is_ours))
}

/// An entry of a JSON `hooks.<event>` array that runs our hook, itself or
/// among its handlers.
fn entry_is_ours(entry: &Value) -> bool {
    handler_is_ours(entry)
        || entry["hooks"]
            .as_array()
            .is_some_and(|hs| hs.iter().any(handler_is_ours))
}

/// Our entry for a JSON host.
fn json_entry(agent: Agent, command: &str) -> Value {
    match agent {
        Agent::Gemini => json!({"matcher": "run_shell_command", "hooks": [
            {"name": "shellward", "type": "command", "command": command, "timeout": 10000}]}),
        Agent::Cursor => json!({"command": command}),
        _ => json!({"matcher": "Bash", "hooks": [{"type": "command", "command": command}]}),
    }
}

/// Our own file's text for Copilot and OpenCode.
fn own_text(agent: Agent, bin: &Path, command: &str) -> String {
    match agent {
        Agent::Opencode => {
            let default = format!("const DEFAULT_BIN = {};", json!(bin.to_string_lossy()));
            OPENCODE_PLUGIN.replace("const DEFAULT_BIN = \"shellward\";", &default)
        }
        _ => {
            let hooks = json!({"version": 1, "hooks": {"preToolUse": [
                {"type": "command", "matcher": "bash", "bash": command, "timeoutSec": 10}]}});
            format!(
                "{}\n",
                serde_json::to_string_pretty(&hooks).unwrap_or_default()
            )
        }
    }
}

/// An own file is ours (and may be replaced or removed).
fn own_is_ours(agent: Agent, text: &str) -> bool {
    match agent {
        Agent::Opencode => text.starts_with("// shellward for OpenCode"),
        // Our file holds `version` and `hooks.preToolUse` with our entries
        // and nothing else: a file the user added to is theirs too.
        _ => serde_json::from_str::<Value>(text).is_ok_and(|v| {
            let keys = |v: &Value, allowed: &[&str]| {
                v.as_object()
                    .is_some_and(|o| o.keys().all(|k| allowed.contains(&k.as_str())))
            };
            keys(&v, &["version", "hooks"])
                && keys(&v["hooks"], &["preToolUse"])
                && v.pointer("/hooks/preToolUse")
                    .and_then(Value::as_array)
                    .is_some_and(|a| !a.is_empty() && a.iter().all(handler_is_ours))
        }),
    }
}

/// `text` with our entry added (unchanged when one is there).
pub fn with_entry(spec: &Spec, bin: &Path, text: &str) -> Result<String, String> {
    let command = hook_command(bin, spec.agent);
    match spec.format {
        Format::Json { event, version } => {
            json_add(text, event, version, &json_entry(spec.agent, &command))
        }
        Format::Toml => toml_add(text, &command),
        Format::Own if text.is_empty() || own_is_ours(spec.agent, text) => {
            Ok(own_text(spec.agent, bin, &command))
        }
        Format::Own
            if !installed_commands(spec, text)
                .unwrap_or_default()
                .is_empty() =>
        {
            Ok(text.to_string())
        }
        Format::Own => Err("the file is not shellward's: move it away first".into()),
    }
}

/// `text` without our entries (`None`: the file is ours alone, remove it).
pub fn without_entry(spec: &Spec, text: &str) -> Result<Option<String>, String> {
    match spec.format {
        Format::Json { event, .. } => json_remove(text, event).map(Some),
        Format::Toml => toml_remove(text).map(Some),
        Format::Own if own_is_ours(spec.agent, text) => Ok(None),
        // Copilot's file with the user's hooks added: only our entries go.
        Format::Own if spec.agent == Agent::Copilot => json_remove(text, "preToolUse").map(Some),
        Format::Own => Ok(Some(text.to_string())),
    }
}

/// The entries of ours in `text` (for `doctor`), and whether it parses.
pub fn installed_commands(spec: &Spec, text: &str) -> Result<Vec<String>, String> {
    let entries: Vec<Value> = match spec.format {
        Format::Json { event, .. } => {
            let root = parse_jsonc(text)?;
            let value = root.value().and_then(|v| v.to_serde_value());
            value.unwrap_or(Value::Null)["hooks"][event]
                .as_array()
                .cloned()
                .unwrap_or_default()
        }
        Format::Toml => {
            let doc: toml_edit::DocumentMut = text.parse().map_err(|e| format!("{e}"))?;
            toml_groups(&doc)
                .iter()
                .flat_map(|g| g.get("hooks").and_then(toml_edit::Item::as_array_of_tables))
                .flat_map(|hs| hs.iter())
                .filter_map(|h| h.get("command").and_then(toml_edit::Item::as_str))
                .map(|c| json!({ "command": c }))
                .collect()
        }
        Format::Own if spec.agent == Agent::Opencode => {
            let bin = text
                .lines()
                .find_map(|l| l.strip_prefix("const DEFAULT_BIN = "))
                .and_then(|v| serde_json::from_str::<String>(v.trim_end_matches(';')).ok());
            return Ok(bin
                .filter(|_| own_is_ours(spec.agent, text))
                .map(|b| format!("{} hook opencode", crate::sandbox::shell_quote(&b)))
                .into_iter()
                .collect());
        }
        Format::Own => {
            let value: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
            value["hooks"]["preToolUse"]
                .as_array()
                .cloned()
                .unwrap_or_default()
        }
    };
    Ok(entries
        .iter()
        .flat_map(|e| {
            let mut found = vec![e];
            found.extend(e["hooks"].as_array().into_iter().flatten());
            found
        })
        .flat_map(|v| ["command", "bash"].map(|k| v[k].as_str().map(str::to_string)))
        .flatten()
        .filter(|c| is_ours(c))
        .collect())
}

fn parse_jsonc(text: &str) -> Result<jsonc_parser::cst::CstRootNode, String> {
    jsonc_parser::cst::CstRootNode::parse(text, &Default::default())
        .map_err(|e| format!("not JSON: {e}"))
}

/// serde_json's value as the CST's input.
fn input(value: &Value) -> jsonc_parser::cst::CstInputValue {
    use jsonc_parser::cst::CstInputValue as I;
    match value {
        Value::Null => I::Null,
        Value::Bool(b) => I::Bool(*b),
        Value::Number(n) => I::Number(n.to_string()),
        Value::String(s) => I::String(s.clone()),
        Value::Array(a) => I::Array(a.iter().map(input).collect()),
        Value::Object(o) => I::Object(o.iter().map(|(k, v)| (k.clone(), input(v))).collect()),
    }
}

fn json_add(text: &str, event: &str, version: bool, entry: &Value) -> Result<String, String> {
    let root = parse_jsonc(text)?;
    if root.value().is_some_and(|v| v.as_object().is_none()) {
        return Err("the top level is not an object".into());
    }
    let top = root.object_value_or_set();
    let not_object = |prop: Option<jsonc_parser::cst::CstObjectProp>, what: &str| match prop
        .and_then(|p| p.value())
    {
        Some(v) if v.as_object().is_none() => Err(format!("`{what}` is not an object")),
        _ => Ok(()),
    };
    not_object(top.get("hooks"), "hooks")?;
    let hooks = top.object_value_or_set("hooks");
    if let Some(v) = hooks.get(event).and_then(|p| p.value())
        && v.as_array().is_none()
    {
        return Err(format!("`hooks.{event}` is not an array"));
    }
    if let Some(list) = hooks.array_value(event)
        && list
            .elements()
            .iter()
            .any(|e| e.to_serde_value().as_ref().is_some_and(entry_is_ours))
    {
        return Ok(text.to_string());
    }
    // A new file gets `version` (an existing one keeps its own shape, so
    // that uninstall can give it back unchanged).
    if version && text.trim().is_empty() && top.get("version").is_none() {
        // `version` first, as the host's examples have it.
        top.insert(0, "version", 1.into());
    }
    hooks.array_value_or_set(event).append(input(entry));
    Ok(root.to_string())
}

fn json_remove(text: &str, event: &str) -> Result<String, String> {
    let root = parse_jsonc(text)?;
    let Some(top) = root.object_value() else {
        return Ok(text.to_string());
    };
    let Some(hooks) = top.object_value("hooks") else {
        return Ok(text.to_string());
    };
    let Some(list) = hooks.array_value(event) else {
        return Ok(text.to_string());
    };
    let mut changed = false;
    for entry in list.elements() {
        let Some(value) = entry.to_serde_value() else {
            continue;
        };
        if !entry_is_ours(&value) {
            continue;
        }
        changed = true;
        // A group of handlers (`{"matcher", "hooks": [...]}`) may hold the
        // user's own beside ours: only ours go, and the group with them
        // only when nothing else is left in it.
        let handlers = entry.as_object().and_then(|o| o.array_value("hooks"));
        match handlers {
            Some(handlers) if !handler_is_ours(&value) => {
                for handler in handlers.elements() {
                    if handler
                        .to_serde_value()
                        .as_ref()
                        .is_some_and(handler_is_ours)
                    {
                        handler.remove();
                    }
                }
                if handlers.elements().is_empty() {
                    entry.remove();
                }
            }
            _ => entry.remove(),
        }
    }
    if !changed {
        return Ok(text.to_string());
    }
    if list.elements().is_empty()
        && let Some(p) = hooks.get(event)
    {
        p.remove();
    }
    if hooks.properties().is_empty()
        && let Some(p) = top.get("hooks")
    {
        p.remove();
    }
    Ok(root.to_string())
}

/// Codex's `[[hooks.PreToolUse]]` groups.
fn toml_groups(doc: &toml_edit::DocumentMut) -> Vec<&toml_edit::Table> {
    doc.get("hooks")
        .and_then(|h| h.get("PreToolUse"))
        .and_then(toml_edit::Item::as_array_of_tables)
        .map(|a| a.iter().collect())
        .unwrap_or_default()
}

fn toml_group_is_ours(group: &toml_edit::Table) -> bool {
    group
        .get("hooks")
        .and_then(toml_edit::Item::as_array_of_tables)
        .is_some_and(|hs| {
            hs.iter().any(|h| {
                h.get("command")
                    .and_then(toml_edit::Item::as_str)
                    .is_some_and(is_ours)
            })
        })
}

fn toml_add(text: &str, command: &str) -> Result<String, String> {
    use toml_edit::{ArrayOfTables, Item, Table, value};
    let mut doc: toml_edit::DocumentMut = text.parse().map_err(|e| format!("not TOML: {e}"))?;
    if toml_groups(&doc).into_iter().any(toml_group_is_ours) {
        return Ok(text.to_string());
    }
    let hooks = doc.entry("hooks").or_insert_with(|| {
        let mut t = Table::new();
        t.set_implicit(true);
        Item::Table(t)
    });
    let hooks = hooks.as_table_mut().ok_or("`hooks` is not a table")?;
    let groups = hooks
        .entry("PreToolUse")
        .or_insert(Item::ArrayOfTables(ArrayOfTables::new()))
        .as_array_of_tables_mut()
        .ok_or("`hooks.PreToolUse` is not an array of tables")?;
    let mut handler = Table::new();
    handler.insert("type", value("command"));
    handler.insert("command", value(command));
    handler.insert("timeout", value(10));
    handler.insert("statusMessage", value("shellward: checking the command"));
    let mut handlers = ArrayOfTables::new();
    handlers.push(handler);
    let mut group = Table::new();
    group.insert("matcher", value("^Bash$"));
    group.insert("hooks", Item::ArrayOfTables(handlers));
    groups.push(group);
    Ok(doc.to_string())
}

fn toml_remove(text: &str) -> Result<String, String> {
    let mut doc: toml_edit::DocumentMut = text.parse().map_err(|e| format!("not TOML: {e}"))?;
    if !toml_groups(&doc).into_iter().any(toml_group_is_ours) {
        return Ok(text.to_string());
    }
    let Some(hooks) = doc.get_mut("hooks").and_then(|h| h.as_table_mut()) else {
        return Ok(text.to_string());
    };
    if let Some(groups) = hooks
        .get_mut("PreToolUse")
        .and_then(toml_edit::Item::as_array_of_tables_mut)
    {
        // Our handlers go; a group goes with them only when none is left.
        for group in groups.iter_mut() {
            if let Some(handlers) = group
                .get_mut("hooks")
                .and_then(toml_edit::Item::as_array_of_tables_mut)
            {
                handlers.retain(|h| {
                    !h.get("command")
                        .and_then(toml_edit::Item::as_str)
                        .is_some_and(is_ours)
                });
            }
        }
        groups.retain(|g| {
            g.get("hooks")
                .and_then(toml_edit::Item::as_array_of_tables)
                .is_none_or(|hs| !hs.is_empty())
        });
        if groups.is_empty() {
            hooks.remove("PreToolUse");
        }
    }
    if hooks.is_empty() {
        doc.remove("hooks");
    }
    Ok(doc.to_string())
}

/// The files and directories `install` created, which `uninstall` may
/// remove again: beside the session store, in shellward's state directory.
fn record_path() -> PathBuf {
    shellward_exec::store::default_path().with_file_name("installed.json")
}

fn created_files() -> Vec<PathBuf> {
    std::fs::read(record_path())
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or_default()
}

fn save_created(files: &[PathBuf]) -> Result<(), String> {
    let path = record_path();
    if files.is_empty() {
        return match std::fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                Err(format!("{}: {e}", path.display()))
            }
            _ => Ok(()),
        };
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let text = serde_json::to_string_pretty(files).unwrap_or_default();
    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// What `install`/`uninstall` does to one file.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing to do.
    Unchanged,
    /// The file is written (or would be, with `--dry-run`).
    Written,
    /// The file is removed (or would be).
    Removed,
}

/// Options of `install` and `uninstall`.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// Show the change instead of making it.
    pub dry_run: bool,
}

/// The hosts to act on: those named, else those detected.
pub fn chosen(named: &[Agent], scope: &Scope) -> Vec<&'static Spec> {
    if named.is_empty() {
        return SPECS.iter().filter(|s| s.detected(scope)).collect();
    }
    SPECS.iter().filter(|s| named.contains(&s.agent)).collect()
}

/// Adds our entry to `spec`'s file for `scope`.
pub fn install(
    spec: &Spec,
    scope: &Scope,
    bin: &Path,
    options: Options,
) -> Result<Outcome, String> {
    let file = spec.file(scope).ok_or("no home directory ($HOME)")?;
    within(scope, &file)?;
    let before = read(&file)?;
    let after = with_entry(spec, bin, before.as_deref().unwrap_or(""))
        .map_err(|e| format!("{}: {e}", file.display()))?;
    if before.as_deref() == Some(after.as_str()) {
        return Ok(Outcome::Unchanged);
    }
    show_diff(&file, before.as_deref().unwrap_or(""), &after, options);
    if options.dry_run {
        return Ok(Outcome::Written);
    }
    // The file and every directory made for it, recorded once written,
    // to remove again.
    let missing: Vec<PathBuf> = match before {
        None => file
            .ancestors()
            .take_while(|p| !p.exists() && !p.is_symlink())
            .map(Path::to_path_buf)
            .collect(),
        Some(_) => Vec::new(),
    };
    write(&file, &after)?;
    if !missing.is_empty() {
        let mut created = created_files();
        for path in missing {
            if !created.contains(&path) {
                created.push(path);
            }
        }
        save_created(&created)?;
    }
    Ok(Outcome::Written)
}

/// Removes our entries from `spec`'s file for `scope`.
pub fn uninstall(spec: &Spec, scope: &Scope, options: Options) -> Result<Outcome, String> {
    let file = spec.file(scope).ok_or("no home directory ($HOME)")?;
    within(scope, &file)?;
    let Some(before) = read(&file)? else {
        return Ok(Outcome::Unchanged);
    };
    let after = without_entry(spec, &before).map_err(|e| format!("{}: {e}", file.display()))?;
    let mut created = created_files();
    let ours = created.contains(&file);
    // A file we created, left with nothing but its skeleton, goes too.
    let remove = match &after {
        None => true,
        Some(text) => ours && *text != before && is_skeleton(spec, text),
    };
    if remove {
        show_diff(&file, &before, "", options);
        if !options.dry_run {
            std::fs::remove_file(&file).map_err(|e| format!("{}: {e}", file.display()))?;
            created.retain(|f| f != &file);
            // The directories made for it, when nothing else is in them.
            for dir in file.ancestors().skip(1) {
                if !created.contains(&dir.to_path_buf()) || std::fs::remove_dir(dir).is_err() {
                    break;
                }
                created.retain(|f| f != dir);
            }
            save_created(&created)?;
        }
        return Ok(Outcome::Removed);
    }
    let after = after.unwrap_or_default();
    if after == before {
        return Ok(Outcome::Unchanged);
    }
    show_diff(&file, &before, &after, options);
    if !options.dry_run {
        write(&file, &after)?;
    }
    Ok(Outcome::Written)
}

/// What a file we created holds once our entry is gone.
fn is_skeleton(spec: &Spec, text: &str) -> bool {
    match spec.format {
        Format::Toml => text.trim().is_empty(),
        _ => {
            let value = parse_jsonc(text)
                .ok()
                .and_then(|r| r.value())
                .and_then(|v| v.to_serde_value());
            matches!(value, Some(Value::Object(o)) if o.keys().all(|k| k == "version"))
        }
    }
}

/// A project's file must be the project's: a repository can ship
/// `.claude/settings.json` (or `.claude` itself) as a link to a file of
/// the user's elsewhere, which `install --project` must not write. (The
/// user's own config files may be links: dotfiles.)
fn within(scope: &Scope, file: &Path) -> Result<(), String> {
    let Scope::Project(root) = scope else {
        return Ok(());
    };
    let root = std::fs::canonicalize(root).map_err(|e| format!("{}: {e}", root.display()))?;
    let refuse = |why: &str| Err(format!("{}: {why}; not written", file.display()));
    if file.is_symlink() {
        return refuse("a link");
    }
    // The deepest directory that exists must be inside the project.
    let existing = file.ancestors().skip(1).find(|d| d.exists());
    match existing.map(std::fs::canonicalize) {
        Some(Ok(dir)) if dir.starts_with(&root) => Ok(()),
        _ => refuse("outside the project (through a link)"),
    }
}

/// A config file's text (`None`: it does not exist): a regular file of
/// at most 1 MiB, opened without blocking.
fn read(file: &Path) -> Result<Option<String>, String> {
    match shellward_permit::settings::read_settings_text(file) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("{}: {e}", file.display())),
    }
}

/// Writes through a temporary file in the same directory, so a failure
/// midway leaves the old file whole.
fn write(file: &Path, text: &str) -> Result<(), String> {
    // A config kept elsewhere and linked (dotfiles) is written where it is,
    // and the link stays.
    let target;
    let file = if file.is_symlink() {
        target = std::fs::canonicalize(file).map_err(|e| format!("{}: {e}", file.display()))?;
        target.as_path()
    } else {
        file
    };
    let dir = file.parent().ok_or("a file without a directory")?;
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut tmp =
        tempfile::NamedTempFile::new_in(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    std::io::Write::write_all(&mut tmp, text.as_bytes())
        .map_err(|e| format!("{}: {e}", file.display()))?;
    if let Ok(meta) = std::fs::metadata(file) {
        let _ = std::fs::set_permissions(tmp.path(), meta.permissions());
    }
    tmp.persist(file)
        .map_err(|e| format!("{}: {e}", file.display()))?;
    Ok(())
}

/// The change as a unified diff on stdout, with `--dry-run`.
fn show_diff(file: &Path, before: &str, after: &str, options: Options) {
    if !options.dry_run {
        return;
    }
    let name = file.display().to_string();
    let diff = similar::TextDiff::from_lines(before, after);
    let text = diff
        .unified_diff()
        .context_radius(3)
        .header(&name, &name)
        .to_string();
    // A closed pipe (`| head`) is not an error worth a panic.
    let _ = std::io::Write::write_all(&mut std::io::stdout().lock(), text.as_bytes());
}

/// Runs `install` (or `uninstall`, `remove`) for the hosts named, else
/// those detected; one line per file on stderr (the diff on stdout with
/// `--dry-run`). Exit 125 when a file could not be changed.
pub fn run(
    named: &[Agent],
    scope: &Scope,
    remove: bool,
    options: Options,
) -> Result<std::process::ExitCode, String> {
    let specs = chosen(named, scope);
    if specs.is_empty() {
        let dirs: Vec<String> = SPECS
            .iter()
            .filter_map(|s| match scope {
                Scope::User => s.user_dir().map(|d| d.display().to_string()),
                Scope::Project(_) => s.project.split('/').next().map(str::to_string),
            })
            .collect();
        return Err(format!(
            "no agent host found (none of {} exists); name one, e.g. `shellward install claude-code`",
            dirs.join(", ")
        ));
    }
    let bin = std::env::current_exe()
        .and_then(|p| p.canonicalize())
        .map_err(|e| format!("locating shellward: {e}"))?;
    let mut failed = false;
    for spec in specs {
        let file = spec
            .file(scope)
            .map(|f| f.display().to_string())
            .unwrap_or_default();
        let outcome = if remove {
            uninstall(spec, scope, options)
        } else {
            install(spec, scope, &bin, options)
        };
        let would = if options.dry_run { "would be " } else { "" };
        let wrote = matches!(outcome, Ok(Outcome::Written));
        match outcome {
            Ok(Outcome::Unchanged) if remove => eprintln!("{}: not installed in {file}", spec.name),
            Ok(Outcome::Unchanged) => eprintln!("{}: already installed in {file}", spec.name),
            Ok(Outcome::Written) => eprintln!("{}: {file} {would}updated", spec.name),
            Ok(Outcome::Removed) => eprintln!("{}: {file} {would}removed", spec.name),
            Err(e) => {
                eprintln!("{}: {e}", spec.name);
                failed = true;
            }
        }
        if !remove && !options.dry_run && spec.agent == Agent::Codex && wrote {
            eprintln!(
                "codex: Codex runs a new or changed hook only once you have reviewed it: open `/hooks` in Codex"
            );
        }
    }
    Ok(if failed {
        std::process::ExitCode::from(crate::exit::FAILED)
    } else {
        std::process::ExitCode::SUCCESS
    })
}
