//! The environment a command gets, and secret hygiene.
//!
//! 1. The settings' policy: `inherit` (shellward's environment), `core`
//!    ([`CORE`] only) or `none`; then `exclude` (globs), then `set`.
//! 2. For commands auto-allowed as read-only (no person looked at them),
//!    variables that look like secrets are removed: by name
//!    ([`SECRET_PATTERNS`]) or by value ([`secret_value`]: a URL with a
//!    password, a token of a known shape, a JWT, a PEM block, whatever the
//!    variable is called), except those the command needs ([`NEEDED`]:
//!    `gh` keeps its tokens).
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
    "TOKEN_*",
    "*TOKENS",
    "*CREDS*",
    "*_CRED",
    "*SIGNING*",
    "*KUBECONFIG*",
    "*KUBE_CONFIG*",
    "*_PROXY",
    "*_PW",
    "*_PAT_*",
    "AUTH_*",
    "*_HEADER",
    "*_DSN_*",
    "*SECRET*",
    "*_KEY",
    "*_KEY_*",
    "*_KEYS",
    "*PASSWORD*",
    "*PASSWD*",
    "*_PAT",
    "*CREDENTIAL*",
    "*_AUTH",
    "*_AUTH_*",
    "SSH_AUTH_SOCK",
    "*AUTHORIZATION*",
    "*_PWD",
    "*PASS",
    "*_PASS_*",
    "*PASSPHRASE*",
    "*_SESSION",
    "*_SESSION_*",
    "*COOKIE*",
    "*WEBHOOK*",
    "*PRIVATE*",
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
    shellward_syntax::wildcard(pattern.as_bytes(), name.as_bytes())
}

/// [`secret_like`] or [`secret_value`], remembered per process: the
/// parent's environment is the same for every command, and the patterns
/// are matched against each variable once instead of once per command.
fn is_secret(name: &str, value: &str) -> bool {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static MEMO: OnceLock<Mutex<HashMap<String, bool>>> = OnceLock::new();
    let key = [name, "\0", value].concat();
    let memo = MEMO.get_or_init(Mutex::default);
    if let Some(&known) = memo.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return known;
    }
    let secret = secret_like(name) || secret_value(value).is_some();
    let mut memo = memo.lock().unwrap_or_else(|e| e.into_inner());
    // Bounded: an environment that keeps changing does not grow it.
    if memo.len() >= 4096 {
        memo.clear();
    }
    memo.insert(key, secret);
    secret
}

/// Does `name` look like a secret?
pub fn secret_like(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    SECRET_PATTERNS.iter().any(|p| glob(p, &upper))
}

/// Token prefixes that carry credentials, and how many token characters
/// (`A-Z a-z 0-9 _ -`) must follow for the value to be one.
#[rustfmt::skip]
pub const TOKEN_PREFIXES: &[(&str, usize, &str)] = &[
    ("ghp_",        30, "GitHub personal access token"),
    ("gho_",        30, "GitHub OAuth token"),
    ("ghu_",        30, "GitHub user-to-server token"),
    ("ghs_",        30, "GitHub server-to-server token"),
    ("ghr_",        30, "GitHub refresh token"),
    ("github_pat_", 30, "GitHub fine-grained token"),
    ("glpat-",      16, "GitLab personal access token"),
    ("xoxb-",       10, "Slack bot token"),
    ("xoxp-",       10, "Slack user token"),
    ("xoxa-",       10, "Slack app token"),
    ("xoxs-",       10, "Slack session token"),
    ("xoxr-",       10, "Slack refresh token"),
    ("xoxe-",       10, "Slack token"),
    ("sk-",         20, "OpenAI / Anthropic / other API secret key"),
    ("sk_live_",    16, "Stripe secret key"),
    ("rk_live_",    16, "Stripe restricted key"),
    ("AKIA",        16, "AWS access key id"),
    ("ASIA",        16, "AWS temporary access key id"),
    ("AIza",        30, "Google API key"),
    ("npm_",        30, "npm token"),
    ("pypi-",       30, "PyPI token"),
    ("hf_",         30, "Hugging Face token"),
];

/// Text inside a value that says a credential follows, whatever the
/// variable is called (connection strings, headers, webhook URLs).
#[rustfmt::skip]
pub const SECRET_MARKERS: &[(&str, &str)] = &[
    ("password=",               "connection string with a password"),
    ("password =",              "connection string with a password"),
    ("password:",               "a password"),
    ("--password",              "a password option"),
    ("pwd=",                    "connection string with a password"),
    ("basic ",                  "basic authorization"),
    ("ingest.sentry.io",        "Sentry DSN"),
    ("accountkey=",             "storage account key"),
    ("sharedaccesskey=",        "shared access key"),
    ("sharedaccesssignature=",  "shared access signature"),
    ("bearer ",                 "bearer token"),
    ("hooks.slack.com/services/", "Slack webhook URL"),
    ("discord.com/api/webhooks/", "Discord webhook URL"),
    ("\"auths\"",               "registry credentials (JSON)"),
];

fn contains_ignore_case(text: &str, needle: &str) -> bool {
    text.as_bytes()
        .windows(needle.len())
        .any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

fn token_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

/// Does `value` carry a credential, whatever its variable is called? The
/// shape it matched: a token prefix of [`TOKEN_PREFIXES`] at the start of
/// a word followed by enough token characters, a URL whose user part has
/// a password (`https://user:pass@host`), a JSON Web Token
/// (`eyJ...eyJ...`), or a PEM block (`-----BEGIN`).
pub fn secret_value(value: &str) -> Option<&'static str> {
    let bytes = value.as_bytes();
    if value.contains("-----BEGIN ") {
        return Some("PEM block");
    }
    if shellward_judge::git::url_with_password(value) {
        return Some("URL with a password");
    }
    if let Some((_, what)) = SECRET_MARKERS
        .iter()
        .find(|(marker, _)| contains_ignore_case(value, marker))
    {
        return Some(what);
    }
    for (i, _) in value.char_indices() {
        if i > 0 && token_char(bytes[i - 1]) {
            continue;
        }
        let rest = &bytes[i..];
        let run = |from: usize| {
            rest.get(from..)
                .map_or(0, |r| r.iter().take_while(|&&b| token_char(b)).count())
        };
        for (prefix, min, what) in TOKEN_PREFIXES {
            if rest.starts_with(prefix.as_bytes()) && run(prefix.len()) >= *min {
                return Some(what);
            }
        }
        if rest.starts_with(b"eyJ") {
            let head = run(0);
            if head >= 10 && rest.get(head) == Some(&b'.') && rest[head + 1..].starts_with(b"eyJ") {
                return Some("JSON Web Token");
            }
        }
    }
    None
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
    visible.retain(|(k, v)| {
        let excluded = settings.env_exclude.iter().any(|p| glob(p, k));
        let secret = is_secret(k, v);
        let scrubbed = scrub && secret && !needed.contains(&k.as_str());
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
        .filter(|(k, v)| v.len() >= 8 && (secret_like(k) || secret_value(v).is_some()))
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

    proptest::proptest! {
        /// Any value, any bytes: an answer, no panic (values come from the
        /// user's environment, which a previous command may have shaped).
        #[test]
        fn secret_value_answers_any_text(value in "\\PC{0,300}") {
            let _ = secret_value(&value);
            let _ = secret_like(&value);
        }
    }

    #[test]
    fn secret_values() {
        #[rustfmt::skip]
        let cases: &[(&str, Option<&str>)] = &[
            ("ghp_0123456789abcdefghijABCDEFGHIJ0123",            Some("GitHub personal access token")),
            ("github_pat_11AAAAAAA0123456789_abcdefghijklmnop",   Some("GitHub fine-grained token")),
            ("token=glpat-xxxxxxxxxxxxxxxxxxxx",                  Some("GitLab personal access token")),
            ("xoxb-1234567890-abcdefghij",                        Some("Slack bot token")),
            ("sk-ant-api03-abcdefghijklmnopqrstuvwxyz",           Some("OpenAI / Anthropic / other API secret key")),
            ("AKIAIOSFODNN7EXAMPLE",                              Some("AWS access key id")),
            ("https://user:hunter2@example.com/repo.git",         Some("URL with a password")),
            ("postgres://app:s3cret@db:5432/app",                 Some("URL with a password")),
            ("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.x", Some("JSON Web Token")),
            ("-----BEGIN OPENSSH PRIVATE KEY-----\nabc",          Some("PEM block")),
            ("Server=db;User Id=app;Password=ConnStrPw;",        Some("connection string with a password")),
            ("DefaultEndpointsProtocol=https;AccountKey=abc==",  Some("storage account key")),
            ("Bearer abc.def",                                   Some("bearer token")),
            ("Basic dTpw",                                       Some("basic authorization")),
            ("Server=x;Password =abc",                           Some("connection string with a password")),
            ("--password abc",                                   Some("a password option")),
            ("https://abc123@o1.ingest.sentry.io/1",             Some("Sentry DSN")),
            ("https://hooks.slack.com/services/T0/B0/x",          Some("Slack webhook URL")),
            ("{\"auths\":{\"r\":{}}}",                            Some("registry credentials (JSON)")),
            // Not credentials.
            ("https://example.com/path",                          None),
            ("https://user@example.com/",                         None),
            ("https://user:@example.com/",                        None),
            ("sk_SK.UTF-8",                                       None),
            ("task-runner",                                       None),
            ("/usr/local/bin:/usr/bin:/bin",                      None),
            ("mask-ghp_short",                                    None),
            ("AKIA",                                              None),
            ("xghp_0123456789abcdefghijABCDEFGHIJ0123",           None),
        ];
        for (value, want) in cases {
            assert_eq!(secret_value(value), *want, "{value}");
        }
    }

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
            // Missed by the first list (an adversarial review).
            "MYSQL_PWD",
            "SSHPASS",
            "DB_PASS",
            "SMTP_PASS",
            "GPG_PASSPHRASE",
            "BW_SESSION",
            "OP_SESSION_my",
            "TOKEN_X",
            "MY_TOKENS",
            "MY_CREDS",
            "MYSQL_ROOT_PW",
            "GITHUB_PAT_X",
            "AUTH_HEADER",
            "MY_CRED",
            "SIGNINGKEY",
            "KUBE_CONFIG_DATA",
            "HTTP_PROXY",
            "http_proxy",
            "DOCKER_AUTH_CONFIG",
            "AUTHORIZATION",
            "SESSION_COOKIE",
            "SLACK_WEBHOOK_URL",
            // The agent socket authenticates as the user: no read-only
            // command needs it.
            "SSH_AUTH_SOCK",
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
            "OLDPWD",
            "TOKENIZERS_PARALLELISM_X",
        ] {
            assert!(!secret_like(no), "{no}");
        }
    }
}
