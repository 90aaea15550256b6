//! The environment a command gets, and secret hygiene.
//!
//! 1. The settings' policy: `inherit` (shellward's environment), `core`
//!    ([`CORE`] only) or `none`; then `exclude` (globs), then `set`.
//! 2. For commands auto-allowed as read-only (no person looked at them),
//!    variables that look like secrets ([`SECRET_PATTERNS`]) are removed,
//!    except those the command needs ([`NEEDED`]: `gh` keeps its tokens).
//! 3. Optionally, values of secret-looking variables are masked in the
//!    output the model reads.

/// What `core` keeps.
pub const CORE: &[&str] = &[
    "PATH",
    "HOME",
    "USER",
    "LOGNAME",
    "SHELL",
    "LANG",
    "LANGUAGE",
    "LC_*",
    "TERM",
    "TZ",
    "TMPDIR",
    "XDG_*",
    "SSH_AUTH_SOCK",
    "DISPLAY",
    "COLORTERM",
    "NO_COLOR",
    "CI",
];

/// Names that look like secrets (`*` matches any run of characters).
pub const SECRET_PATTERNS: &[&str] = &[
    "*_TOKEN",
    "*_TOKEN_*",
    "*TOKEN",
    "*SECRET*",
    "*_KEY",
    "*_KEY_*",
    "*_KEYS",
    "*PASSWORD*",
    "*PASSWD*",
    "*_PAT",
    "*CREDENTIAL*",
    "*_AUTH",
    "*APIKEY*",
    "*API_KEY*",
    "AWS_*",
    "AZURE_*",
    "GOOGLE_APPLICATION_CREDENTIALS",
    "GITHUB_TOKEN",
    "GH_TOKEN",
    "NPM_TOKEN",
    "ANTHROPIC_*",
    "OPENAI_*",
    "DATABASE_URL",
    "*_DSN",
];

/// Secret-looking variables a program needs to do its (read-only) job.
pub const NEEDED: &[(&str, &[&str])] = &[(
    "gh",
    &[
        "GH_TOKEN",
        "GITHUB_TOKEN",
        "GH_ENTERPRISE_TOKEN",
        "GITHUB_ENTERPRISE_TOKEN",
        "GH_HOST",
    ],
)];

/// `*`-only glob match (`AWS_*`).
pub fn glob(pattern: &str, name: &str) -> bool {
    shellward_permit::pattern::wildcard(pattern.as_bytes(), name.as_bytes())
}

/// Does `name` look like a secret?
pub fn secret_like(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    SECRET_PATTERNS.iter().any(|p| glob(p, &upper))
}

/// The environment plan for one command: clear first or not, then these
/// variables set (`Some`) or removed (`None`), in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Plan {
    /// Start from nothing.
    pub clear: bool,
    /// Then set or remove.
    pub vars: Vec<(String, Option<String>)>,
}

/// Build the plan from the settings and the process's own environment
/// (`parent`); `scrub` for commands no person approved; `programs` are
/// the programs the command runs (for [`NEEDED`]).
pub fn plan(
    settings: &shellward_permit::Settings,
    parent: &[(String, String)],
    scrub: bool,
    programs: &[&str],
) -> Plan {
    use shellward_permit::settings::EnvPolicy;
    let mut out = Plan::default();
    // What the command would see after the policy.
    let mut visible: Vec<(String, String)> = match settings.env_policy {
        EnvPolicy::Inherit => parent.to_vec(),
        EnvPolicy::Core => {
            out.clear = true;
            parent
                .iter()
                .filter(|(k, _)| CORE.iter().any(|p| glob(p, k)))
                .cloned()
                .collect()
        }
        EnvPolicy::None => {
            out.clear = true;
            Vec::new()
        }
    };
    if out.clear {
        out.vars
            .extend(visible.iter().map(|(k, v)| (k.clone(), Some(v.clone()))));
    }
    let needed: Vec<&str> = NEEDED
        .iter()
        .filter(|(p, _)| programs.contains(p))
        .flat_map(|(_, names)| names.iter().copied())
        .collect();
    visible.retain(|(k, _)| {
        let excluded = settings.env_exclude.iter().any(|p| glob(p, k));
        let scrubbed = scrub && secret_like(k) && !needed.contains(&k.as_str());
        if excluded || scrubbed {
            out.vars.push((k.clone(), None));
        }
        !(excluded || scrubbed)
    });
    for (k, v) in &settings.env_set {
        out.vars.push((k.clone(), Some(v.clone())));
    }
    out
}

/// Replace values of the process's secret-looking variables (8 characters
/// or longer) in `text`.
pub fn mask(text: &str, parent: &[(String, String)]) -> String {
    let mut out = text.to_string();
    let mut secrets: Vec<&(String, String)> = parent
        .iter()
        .filter(|(k, v)| v.len() >= 8 && secret_like(k))
        .collect();
    // Longest first, so a value containing another is replaced whole.
    secrets.sort_by_key(|(_, v)| std::cmp::Reverse(v.len()));
    for (k, v) in secrets {
        if out.contains(v.as_str()) {
            out = out.replace(v.as_str(), &format!("[redacted:{k}]"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secret_names() {
        for yes in [
            "GITHUB_TOKEN",
            "NPM_TOKEN",
            "MY_API_KEY",
            "AWS_ACCESS_KEY_ID",
            "DB_PASSWORD",
            "STRIPE_SECRET_KEY",
            "OPENAI_API_KEY",
            "SLACK_BOT_TOKEN",
            "DATABASE_URL",
        ] {
            assert!(secret_like(yes), "{yes}");
        }
        for no in [
            "PATH",
            "HOME",
            "LANG",
            "TERM",
            "KEYBOARD",
            "EDITOR",
            "SSH_AUTH_SOCK",
            "TOKENIZERS_PARALLELISM_X",
        ] {
            assert!(!secret_like(no), "{no}");
        }
    }
}
