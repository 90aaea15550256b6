//! What a confined command may read.
//!
//! Landlock rules are an allow-list of hierarchies: a rule on a directory
//! grants everything beneath it, and nothing can be taken back below it.
//! So the policy is three tables, [`ALLOW`] (roots), and [`SECRETS`] and
//! [`PLACES`] (patterns denied),
//! and one algorithm that turns them into rules: a root with no denied
//! path beneath it becomes one rule; a root with one is *expanded*: each of
//! its entries becomes a root of its own, except the denied ones and
//! symbolic links (a link needs no rule: Landlock checks the file it
//! resolves to, under that file's own path). `/` is expanded into `/usr`,
//! `/etc` (itself expanded around `/etc/shadow`), `/home` (every entry
//! denied), and so on; `~` into its dotfiles around `~/.ssh`.
//!
//! A root the user named (the workspace, an additional directory,
//! `sandbox.read.allow`, the rows of [`ALLOW`]) is readable even under a
//! denied ancestor (the workspace in `/tmp`, the home under `/home/*`), but
//! denied paths beneath it stay carved out (a workspace that *is* the home
//! still cannot read `~/.ssh`). A root found automatically (a `PATH`
//! entry and the toolchain it belongs to) is skipped when it lies under a
//! denied path.
//!
//! The rules are taken once ([`Reads::snapshot`]), as open `O_PATH`
//! descriptors reused for every command. A path created later under an
//! expanded directory (a new `~/.tool`) has no rule, so it is not readable
//! until the next snapshot (a new session): this fails closed. An
//! expanded directory itself is not listable (a rule to list it would let
//! every directory beneath it be listed), except a root the user named:
//! `ls` in a workspace that is the home works, and the names (not the
//! contents) of `~/.ssh` can then be listed.

use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::path::{Path, PathBuf};

use landlock::{AccessFs, BitFlags};
use shellward_syntax::wildcard;

/// One row of a policy table: a path, and why it is there.
#[derive(Debug, Clone, Copy)]
pub struct Row {
    /// Absolute, or `~/...` for the home directory; in the deny tables the last
    /// component may hold `*` (any run of characters).
    pub path: &'static str,
    /// Why the row exists (shown by `shellward doctor` and the README).
    pub why: &'static str,
}

/// Roots a confined command may read, on top of the workspace, the
/// additional directories, the session's temporary directory and the
/// directories on `PATH` (with the toolchains they belong to).
#[rustfmt::skip]
pub const ALLOW: &[Row] = &[
    Row { path: "/",            why: "system trees programs need to run: /usr, /bin, /lib*, /opt, /etc, /proc, /sys, /var (carved by SECRETS and PLACES)" },
    Row { path: "~",            why: "the per-user configuration programs read on every run: ~/.gitconfig, ~/.config/git, toolchains (carved by SECRETS and PLACES)" },
    Row { path: "/dev/null",    why: "the empty file" },
    Row { path: "/dev/zero",    why: "zeros" },
    Row { path: "/dev/full",    why: "the full device" },
    Row { path: "/dev/random",  why: "randomness" },
    Row { path: "/dev/urandom", why: "randomness" },
];

/// Credential stores and private data: no confined command may read them,
/// even under an allowed root, and the judge asks about them in every
/// workspace (a workspace that is the home).
#[rustfmt::skip]
pub const SECRETS: &[Row] = &[
    // ---- the user's ----
    Row { path: "~/.ssh",                      why: "SSH private keys" },
    Row { path: "~/.gnupg",                    why: "GnuPG private keys" },
    Row { path: "~/.aws",                      why: "AWS credentials" },
    Row { path: "~/.azure",                    why: "Azure credentials" },
    Row { path: "~/.config/gcloud",            why: "Google Cloud credentials" },
    Row { path: "~/.oci",                      why: "Oracle Cloud credentials" },
    Row { path: "~/.aliyun",                   why: "Alibaba Cloud credentials" },
    Row { path: "~/.bluemix",                  why: "IBM Cloud credentials" },
    Row { path: "~/.config/doctl",             why: "DigitalOcean token" },
    Row { path: "~/.fly",                      why: "Fly.io token" },
    Row { path: "~/.kube",                     why: "Kubernetes credentials" },
    Row { path: "~/.docker",                   why: "registry credentials (config.json)" },
    Row { path: "~/.netrc",                    why: "passwords for hosts" },
    Row { path: "~/.git-credentials",          why: "git's stored passwords" },
    Row { path: "~/.config/git/credentials",   why: "git's stored passwords" },
    Row { path: "~/.config/gh",                why: "GitHub CLI token" },
    Row { path: "~/.config/hub",               why: "hub token" },
    Row { path: "~/.config/glab-cli",          why: "GitLab CLI token" },
    Row { path: "~/.npmrc",                    why: "npm registry tokens" },
    Row { path: "~/.yarnrc.yml",               why: "yarn registry tokens" },
    Row { path: "~/.pypirc",                   why: "PyPI tokens" },
    Row { path: "~/.config/pip",               why: "index URLs with passwords" },
    Row { path: "~/.cargo/credentials",        why: "crates.io token" },
    Row { path: "~/.cargo/credentials.toml",   why: "crates.io token" },
    Row { path: "~/.gem/credentials",          why: "RubyGems token" },
    Row { path: "~/.m2/settings.xml",          why: "Maven server passwords" },
    Row { path: "~/.m2/settings-security.xml", why: "Maven master password" },
    Row { path: "~/.gradle/gradle.properties", why: "Gradle publishing tokens" },
    Row { path: "~/.nuget",                    why: "NuGet API keys" },
    Row { path: "~/.terraform.d",              why: "Terraform Cloud token" },
    Row { path: "~/.terraformrc",              why: "Terraform Cloud token" },
    Row { path: "~/.vault-token",              why: "HashiCorp Vault token" },
    Row { path: "~/.pgpass",                   why: "PostgreSQL passwords" },
    Row { path: "~/.my.cnf",                   why: "MySQL passwords" },
    Row { path: "~/.password-store",           why: "pass(1) secrets" },
    Row { path: "~/.local/share/keyrings",     why: "GNOME keyring" },
    Row { path: "~/.config/op",                why: "1Password CLI" },
    Row { path: "~/.config/rclone",            why: "cloud storage credentials" },
    Row { path: "~/.mozilla",                  why: "browser profiles: cookies, passwords" },
    Row { path: "~/.config/google-chrome",     why: "browser profiles: cookies, passwords" },
    Row { path: "~/.config/chromium",          why: "browser profiles: cookies, passwords" },
    Row { path: "~/.claude",                   why: "the agent's own credentials and transcripts" },
    Row { path: "~/.claude.json",              why: "the agent's own account data" },
    Row { path: "~/.codex",                    why: "the agent's own credentials and transcripts" },
    Row { path: "~/.*_history",                why: "shell and REPL histories (commands with secrets in them)" },
    Row { path: "~/.histfile",                 why: "shell history" },
    Row { path: "~/.local/share/fish",         why: "fish history" },
    Row { path: "~/.s3cfg",                    why: "S3 credentials" },
    Row { path: "~/.boto",                     why: "Google Cloud Storage / boto credentials" },
    Row { path: "~/.config/github-copilot",    why: "Copilot token" },
    Row { path: "~/.config/containers",        why: "container registry credentials (auth.json)" },
    Row { path: "~/.config/sops",              why: "age / sops private keys" },
    Row { path: "~/.config/age",               why: "age private keys" },
    Row { path: "~/.config/Code/User/globalStorage", why: "editor extensions' tokens" },
    Row { path: "~/.pip",                      why: "index URLs with passwords" },
    Row { path: "~/.yarnrc",                   why: "yarn registry tokens" },
    Row { path: "~/.gemini",                   why: "the agent's own credentials" },
    Row { path: "~/.subversion",               why: "Subversion stored passwords" },
    Row { path: "~/.git-credential-cache",     why: "git's credential cache" },
    Row { path: "~/.ansible",                  why: "vault passwords" },
    Row { path: "~/.vagrant.d",                why: "box tokens and keys" },
    Row { path: "~/.wrangler",                 why: "Cloudflare token" },
    Row { path: "~/.config/heroku",            why: "Heroku token" },
    Row { path: "~/.netlify",                  why: "Netlify token" },
    Row { path: "~/.config/netlify",           why: "Netlify token" },
    Row { path: "~/.vercel",                   why: "Vercel token" },
    Row { path: "~/.local/share/com.vercel.cli", why: "Vercel token" },
    Row { path: "~/.config/stripe",            why: "Stripe keys" },
    Row { path: "~/.config/twilio-cli",        why: "Twilio keys" },
    Row { path: "~/.databrickscfg",            why: "Databricks token" },
    Row { path: "~/.snowsql",                  why: "Snowflake credentials" },
    Row { path: "~/.dbt",                      why: "warehouse credentials (profiles.yml)" },
    Row { path: "~/.viminfo",                  why: "editor history (registers with secrets)" },
    Row { path: "~/.lesshst",                  why: "pager history" },
    Row { path: "~/.mysql_history",            why: "SQL history" },
    Row { path: "~/.huggingface",              why: "Hugging Face token" },
    Row { path: "~/.cache/huggingface/token",  why: "Hugging Face token" },
    Row { path: "~/.kaggle",                   why: "Kaggle key" },
    Row { path: "~/.pulumi",                   why: "Pulumi token" },
    Row { path: "~/.config/configstore",       why: "npm-ecosystem CLIs' tokens" },
    Row { path: "~/.config/composer",          why: "Composer auth.json" },
    Row { path: "~/.composer",                 why: "Composer auth.json" },
    Row { path: "~/.config/helm",              why: "chart repository passwords" },
    Row { path: "~/.config/ngrok",             why: "ngrok token" },
    Row { path: "~/.zhistory",                 why: "shell history" },
    Row { path: "~/.zsh_sessions",             why: "shell history" },
    Row { path: "~/.local/share/atuin",        why: "shell history" },
    Row { path: "~/.config/hcloud",            why: "Hetzner token" },
    Row { path: "~/.config/openstack",         why: "OpenStack clouds.yaml" },
    Row { path: "~/.sentryclirc",              why: "Sentry token" },
    Row { path: "~/.bundle",                   why: "gem source credentials" },
    Row { path: "~/.local/share/opencode",     why: "the agent's own credentials" },
    Row { path: "~/.config/Bitwarden CLI",     why: "password manager" },
    Row { path: "~/.thunderbird",              why: "mail and passwords" },
    Row { path: "~/.ollama",                   why: "Ollama key" },
    Row { path: "~/.cloudflared",              why: "Cloudflare tunnel certificate" },
    Row { path: "~/.config/supabase",          why: "Supabase token" },
    Row { path: "~/.railway",                  why: "Railway token" },
    Row { path: "~/.config/pypoetry",          why: "Poetry repository passwords" },
    Row { path: "~/.config/docker",            why: "registry credentials" },
    Row { path: "~/.config/vercel",            why: "Vercel token" },
    Row { path: "~/snap/firefox",              why: "browser profiles" },
    Row { path: "~/snap/chromium",             why: "browser profiles" },
    Row { path: "~/.msmtprc",                  why: "SMTP passwords" },
    Row { path: "~/.config/msmtp",             why: "SMTP passwords" },
    Row { path: "~/.fetchmailrc",              why: "mail passwords" },
    Row { path: "~/.muttrc",                   why: "mail passwords" },
    Row { path: "~/.config/mutt",              why: "mail passwords" },
    Row { path: "~/.mbsyncrc",                 why: "mail passwords" },
    Row { path: "~/.offlineimaprc",            why: "mail passwords" },
    Row { path: "~/.authinfo*",                why: "passwords for hosts (Emacs, Gnus)" },
    Row { path: "~/.mc",                       why: "MinIO client credentials" },
    Row { path: "~/.config/solana",            why: "wallet keys" },
    Row { path: "~/.ethereum",                 why: "wallet keystores" },
    Row { path: "~/.bitcoin",                  why: "wallets" },
    Row { path: "~/.electrum",                 why: "wallets" },
    Row { path: "~/.config/scw",               why: "Scaleway credentials" },
    Row { path: "~/.config/linode-cli",        why: "Linode token" },
    Row { path: "~/.tsh",                      why: "Teleport keys" },
    Row { path: "~/.pki",                      why: "NSS key databases" },
    Row { path: "~/.smbcredentials",           why: "SMB passwords" },
    Row { path: "~/.config/filezilla",         why: "FTP passwords" },
    Row { path: "~/.circleci",                 why: "CircleCI token" },
    Row { path: "~/.travis",                   why: "Travis CI token" },
    Row { path: "~/.config/cachix",            why: "Cachix token" },
    Row { path: "~/.config/.wrangler",         why: "Cloudflare token" },
    Row { path: "~/.expo",                     why: "Expo session" },
    Row { path: "~/.config/openai",            why: "OpenAI key" },
    Row { path: "~/.config/anthropic",         why: "Anthropic key" },
    Row { path: "~/.lftp",                     why: "FTP bookmarks with passwords" },
    Row { path: "~/.jupyter",                  why: "notebook server tokens" },
    Row { path: "~/.local/share/nvim/shada",   why: "editor history (registers with secrets)" },
    Row { path: "~/.config/gopass",            why: "password store" },
    Row { path: "~/.config/pulumi",            why: "Pulumi token" },
    Row { path: "~/.config/doppler",           why: "Doppler token" },
    Row { path: "~/.config/kaggle",            why: "Kaggle key" },
    Row { path: "~/.config/tea",               why: "Gitea token" },
    Row { path: "~/.config/hut",               why: "SourceHut token" },
    Row { path: "~/.wakatime.cfg",             why: "WakaTime key" },
    Row { path: "~/.mongosh",                  why: "MongoDB shell history" },
    Row { path: "~/.config/atuin",             why: "shell history key" },
    Row { path: "~/.config/exoscale",          why: "Exoscale keys" },
    Row { path: "~/.config/vultr-cli.yaml",    why: "Vultr key" },
    Row { path: "~/.config/Slack",             why: "Slack cookies" },
    Row { path: "~/.local/share/remmina",      why: "remote desktop passwords" },
    Row { path: "~/.cqlshrc",                  why: "Cassandra passwords" },
    Row { path: "~/.config/clickhouse-client", why: "ClickHouse passwords" },
    Row { path: "~/.clickhouse-client",        why: "ClickHouse passwords" },
    Row { path: "~/.vault_pass*",              why: "Ansible vault password" },
    Row { path: "~/.config/1Password",         why: "password manager" },
    Row { path: "~/.config/keybase",           why: "Keybase keys" },
    Row { path: "~/.env",                      why: "the home's environment file (tokens)" },
    // ---- the system's ----
    Row { path: "/etc/shadow*",                why: "password hashes" },
    Row { path: "/etc/gshadow*",               why: "group password hashes" },
    Row { path: "/etc/sudoers",                why: "privilege policy" },
    Row { path: "/etc/sudoers.d",              why: "privilege policy" },
    Row { path: "/etc/ssh/ssh_host_*",         why: "SSH host keys" },
    Row { path: "/etc/ssl/private",            why: "TLS private keys" },
    Row { path: "/etc/security/opasswd",       why: "old password hashes" },
    Row { path: "/etc/credstore*",             why: "systemd credentials" },
    Row { path: "/etc/wireguard",              why: "VPN private keys" },
    Row { path: "/etc/NetworkManager/system-connections", why: "Wi-Fi and VPN passwords" },
    Row { path: "/etc/ppp/*secrets",           why: "PPP passwords" },
    Row { path: "/run/secrets",                why: "container secrets" },
    Row { path: "/run/credentials",            why: "systemd credentials" },
    Row { path: "/var/backups",                why: "backups of /etc/shadow and friends" },
    Row { path: "/var/lib/docker",             why: "container file systems and secrets" },
    Row { path: "/var/lib/kubelet",            why: "pod secrets" },
    Row { path: "/var/lib/sss",                why: "cached credentials" },
    Row { path: "/etc/letsencrypt",            why: "TLS private keys" },
    Row { path: "/etc/krb5.keytab",            why: "Kerberos keys" },
    Row { path: "/etc/mysql/debian.cnf",       why: "MySQL maintenance password" },
    Row { path: "/etc/kubernetes",             why: "cluster credentials" },
    Row { path: "/etc/netplan",                why: "Wi-Fi passwords" },
    Row { path: "/etc/apt/auth.conf",          why: "repository passwords" },
    Row { path: "/etc/apt/auth.conf.d",        why: "repository passwords" },
    Row { path: "/etc/docker/key.json",        why: "daemon key" },
    Row { path: "/var/lib/tailscale",          why: "VPN node key" },
    Row { path: "/var/lib/systemd/credential.secret", why: "systemd credential key" },
    Row { path: "/var/log/auth.log*",          why: "logins, sudo command lines" },
    Row { path: "/var/log/secure*",            why: "logins, sudo command lines" },
    Row { path: "/var/log/btmp*",              why: "failed logins (mistyped passwords)" },
    Row { path: "/var/log/journal",            why: "the journal: what auth.log holds" },
    Row { path: "/run/log/journal",            why: "the journal: what auth.log holds" },
    Row { path: "/var/cache/debconf/passwords.dat", why: "debconf passwords" },
    Row { path: "/var/lib/private",            why: "services' private state" },
    Row { path: "/etc/pki/tls/private",        why: "TLS private keys" },
    Row { path: "/etc/rancher",                why: "cluster credentials" },
    Row { path: "/var/lib/rancher",            why: "cluster credentials" },
    Row { path: "/etc/wpa_supplicant",         why: "Wi-Fi passwords" },
    Row { path: "/var/lib/iwd",                why: "Wi-Fi passwords" },
    Row { path: "/var/lib/cloud",              why: "cloud-init user data" },
    Row { path: "/var/lib/zerotier-one",       why: "VPN identity" },
];

/// Places that are not the system's and not the user's: other users,
/// other programs' temporary files, devices, other file systems. No
/// confined command reads them (outside the workspace, the judge asks).
#[rustfmt::skip]
pub const PLACES: &[Row] = &[
    Row { path: "~/.local/state/shellward",    why: "other commands' full outputs (a session's own temp dir inside is re-allowed)" },
    Row { path: "/home/*",                     why: "other users' homes (the user's own is an ALLOW row)" },
    Row { path: "/root",                       why: "root's home (when it is the user's own, the ~ row re-allows it)" },
    Row { path: "/tmp",                        why: "other programs' temporary files (the session has its own)" },
    Row { path: "/var/tmp",                    why: "other programs' temporary files" },
    Row { path: "/mnt",                        why: "other file systems" },
    Row { path: "/media",                      why: "removable media" },
    Row { path: "/srv",                        why: "served data" },
    Row { path: "/lost+found",                 why: "recovered fragments of any file" },
    Row { path: "/dev/*",                      why: "devices: raw disks, memory, terminals (a few are ALLOW rows)" },
    Row { path: "/run/user",                   why: "per-user runtime: keyrings, agent sockets" },
    Row { path: "/run/sudo",                   why: "sudo timestamps" },
    Row { path: "/var/mail",                   why: "mail" },
    Row { path: "/var/spool",                  why: "mail, cron tables, print jobs" },
    Row { path: "/var/lib/containerd",         why: "container file systems" },
    Row { path: "/var/lib/postgresql",         why: "database files" },
    Row { path: "/var/lib/mysql",              why: "database files" },
];

/// How far expansion goes below a root, and how many rules it may make.
const MAX_DEPTH: usize = 12;
const MAX_RULES: usize = 4096;

/// Whether a root was named by the user or found automatically.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Readable even under a denied ancestor.
    Named,
    /// Skipped under a denied ancestor.
    Found,
}

/// The inputs of a snapshot.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Policy {
    /// Roots (absolute): the workspace, additional directories,
    /// `sandbox.read.allow`, the session's temporary directory.
    pub named: Vec<PathBuf>,
    /// More deny patterns, as strict as [`SECRETS`]: `sandbox.read.deny`.
    pub deny: Vec<PathBuf>,
    /// More places, as [`PLACES`]: a named root beneath one is still
    /// readable (the state directory, with the session's temp dir inside).
    pub places: Vec<PathBuf>,
    /// Roots a program's grant opens even in a credential store (`gh`
    /// reads its token in `~/.config/gh`).
    pub granted: Vec<PathBuf>,
    /// The home directory (`~` in the tables); none: `~` rows are skipped.
    pub home: Option<PathBuf>,
    /// Other directories `~` rows are expanded in too: the home the
    /// password database gives the user when `HOME` says otherwise (under
    /// `sudo`, or unset), and `$XDG_CONFIG_HOME` for the `~/.config` rows.
    pub also: Vec<(String, PathBuf)>,
    /// The `PATH` to take toolchains from.
    pub path: Option<String>,
    /// Start from [`ALLOW`], [`SECRETS`] and [`PLACES`] (false only in
    /// tests of the algorithm).
    pub defaults: bool,
}

impl Policy {
    /// The policy for this process: `HOME` and `PATH` from its environment.
    pub fn from_env(named: Vec<PathBuf>, deny: Vec<PathBuf>) -> Policy {
        Policy {
            named,
            deny,
            home: std::env::var_os("HOME")
                .map(PathBuf::from)
                .filter(|h| h.is_absolute()),
            path: std::env::var("PATH").ok(),
            also: other_homes().to_vec(),
            places: Vec::new(),
            granted: Vec::new(),
            defaults: true,
        }
    }

    /// Every root, with its origin.
    fn roots(&self) -> Vec<(PathBuf, Origin)> {
        let table = if self.defaults { ALLOW } else { &[] };
        let mut roots: Vec<(PathBuf, Origin)> = table
            .iter()
            .filter_map(|r| self.expand_home(r.path))
            .map(|p| (p, Origin::Named))
            .collect();
        roots.extend(self.named.iter().map(|p| (p.clone(), Origin::Named)));
        for dir in std::env::split_paths(self.path.as_deref().unwrap_or_default()) {
            if !dir.is_absolute() {
                continue;
            }
            let dir = dir.canonicalize().unwrap_or(dir);
            // The toolchain a `bin` directory belongs to: ~/.cargo/bin
            // runs ~/.cargo, ~/.pyenv/shims runs ~/.pyenv/versions.
            if let Some(parent) = dir
                .file_name()
                .filter(|n| matches!(n.to_str(), Some("bin" | "sbin" | "shims")))
                .and(dir.parent())
            {
                roots.push((parent.to_path_buf(), Origin::Found));
            }
            roots.push((dir, Origin::Found));
        }
        roots
    }

    /// The deny patterns, resolved: [`SECRETS`] (and the settings' deny
    /// entries) first, then [`PLACES`]; and the number of the first kind.
    fn patterns(&self) -> (Vec<Pattern>, usize) {
        // Many rows share a directory (`~`, `~/.config`): each is resolved once.
        let mut dirs = Dirs::default();
        let secret_rows = SECRETS.iter().filter(|_| self.defaults);
        let mut secrets: Vec<Pattern> = secret_rows
            .flat_map(|r| self.expand_all(r.path))
            .chain(self.deny.iter().cloned())
            .filter_map(|p| dirs.pattern(&p))
            .collect();
        add_link_targets(&mut secrets, &mut dirs);
        let count = secrets.len();
        let places = PLACES
            .iter()
            .filter(|_| self.defaults)
            .flat_map(|r| self.expand_all(r.path))
            .chain(self.places.iter().cloned())
            .filter_map(|p| dirs.pattern(&p));
        secrets.extend(places);
        (secrets, count)
    }

    fn expand_home(&self, path: &str) -> Option<PathBuf> {
        match path.strip_prefix('~') {
            Some("") => self.home.clone(),
            Some(rest) => Some(self.home.as_ref()?.join(rest.trim_start_matches('/'))),
            None => Some(PathBuf::from(path)),
        }
    }

    /// A row in every home it may be in (see [`Policy::also`]).
    fn expand_all(&self, path: &str) -> Vec<PathBuf> {
        let mut out: Vec<PathBuf> = self.expand_home(path).into_iter().collect();
        for (prefix, dir) in &self.also {
            if let Some(rest) = path.strip_prefix(prefix.as_str()) {
                out.push(dir.join(rest.trim_start_matches('/')));
            }
        }
        out
    }

    /// The paths that get a read rule (files and directories), in order.
    pub fn plan(&self) -> Vec<PathBuf> {
        self.plan_all().0
    }

    /// The read rules, and the roots the user named (the workspace, an
    /// additional directory) that had to be split around a denied path:
    /// those may still be listed (`ls` in a workspace that is the home),
    /// which lets the names beneath them be listed too (never read: a rule
    /// to list grants no `ReadFile`).
    pub fn plan_all(&self) -> (Vec<PathBuf>, Vec<PathBuf>) {
        let (patterns, secret_count) = self.patterns();
        let mut out = Vec::new();
        let mut listable = Vec::new();
        for granted in &self.granted {
            if let Ok(root) = granted.canonicalize() {
                out.push(root);
            }
        }
        for (root, origin) in self.roots() {
            let Ok(root) = root.canonicalize() else {
                continue;
            };
            // No root, named or not, opens a credential store (a workspace
            // inside `~/.ssh`, `sandbox.read.allow: ["~/.aws"]`).
            let secret = patterns[..secret_count].iter().any(|p| p.covers(&root));
            if secret || (origin == Origin::Found && patterns.iter().any(|p| p.covers(&root))) {
                continue;
            }
            let user_named = self
                .named
                .iter()
                .any(|n| n.canonicalize().is_ok_and(|n| n == root));
            if user_named
                && origin == Origin::Named
                && root != Path::new("/")
                && patterns.iter().any(|p| p.beneath(&root))
            {
                listable.push(root.clone());
            }
            expand(&root, &patterns, 0, &mut out);
        }
        out.sort();
        out.dedup();
        (out, listable)
    }
}

/// The user's home from the password database when `HOME` names another
/// place (or none), and `$XDG_CONFIG_HOME`: where the `~` and `~/.config`
/// rows also apply.
fn other_homes() -> &'static [(String, PathBuf)] {
    static HOMES: std::sync::OnceLock<Vec<(String, PathBuf)>> = std::sync::OnceLock::new();
    HOMES.get_or_init(find_other_homes)
}

/// Environment variables that move a credential store or a private
/// place, and the row prefix they move: the rows are denied where the
/// variable says too (`GH_CONFIG_DIR` holds gh's token, `KUBECONFIG` names
/// config files, `XDG_STATE_HOME` moves shellward's own state).
#[rustfmt::skip]
pub const MOVED_BY: &[(&str, &str)] = &[
    ("XDG_CONFIG_HOME",             "~/.config"),
    ("XDG_STATE_HOME",              "~/.local/state"),
    ("XDG_DATA_HOME",               "~/.local/share"),
    ("XDG_CACHE_HOME",              "~/.cache"),
    ("GH_CONFIG_DIR",               "~/.config/gh"),
    ("DOCKER_CONFIG",               "~/.docker"),
    ("KUBECONFIG",                  "~/.kube"),
    ("GNUPGHOME",                   "~/.gnupg"),
    ("AWS_SHARED_CREDENTIALS_FILE", "~/.aws"),
    ("AWS_CONFIG_FILE",             "~/.aws"),
    ("CLOUDSDK_CONFIG",             "~/.config/gcloud"),
    ("AZURE_CONFIG_DIR",            "~/.azure"),
    ("NPM_CONFIG_USERCONFIG",       "~/.npmrc"),
    ("PIP_CONFIG_FILE",             "~/.config/pip"),
    ("CARGO_HOME",                  "~/.cargo"),
    ("PASSWORD_STORE_DIR",          "~/.password-store"),
    ("HF_HOME",                     "~/.cache/huggingface"),
    ("KAGGLE_CONFIG_DIR",           "~/.kaggle"),
    ("PULUMI_HOME",                 "~/.pulumi"),
];

fn find_other_homes() -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    let home = std::env::var_os("HOME").map(PathBuf::from);
    if let Some(db_home) = passwd_home(rustix::process::geteuid().as_raw())
        && home.as_ref() != Some(&db_home)
    {
        out.push(("~".to_string(), db_home));
    }
    for (var, prefix) in MOVED_BY {
        let Some(value) = std::env::var_os(var) else {
            continue;
        };
        // `KUBECONFIG` is a list.
        for path in std::env::split_paths(&value).filter(|p| p.is_absolute()) {
            out.push(((*prefix).to_string(), path));
        }
    }
    out
}

/// The home directory of `uid` in `/etc/passwd`.
fn passwd_home(uid: u32) -> Option<PathBuf> {
    let text = std::fs::read_to_string("/etc/passwd").ok()?;
    text.lines().find_map(|line| {
        let fields: Vec<&str> = line.split(':').collect();
        (fields.len() >= 6 && fields[2].parse() == Ok(uid) && fields[5].starts_with('/'))
            .then(|| PathBuf::from(fields[5]))
    })
}

/// A denied path that is a link (`~/.kube -> dotfiles/kube`, as stow
/// makes them) is denied where it leads too: Landlock checks the target,
/// under the target's own path.
fn add_link_targets(patterns: &mut Vec<Pattern>, dirs: &mut Dirs) {
    let mut targets = Vec::new();
    // A directory named by many rows (the home: ~60) is listed once, its
    // entries carrying their type, instead of one stat per row.
    let mut rows_in: std::collections::HashMap<&Path, usize> = std::collections::HashMap::new();
    for p in patterns.iter() {
        *rows_in.entry(&p.dir).or_default() += 1;
    }
    for p in patterns.iter() {
        let many = rows_in.get(p.dir.as_path()) >= Some(&LIST_FROM);
        let candidates: Vec<(PathBuf, Option<bool>)> = if p.name.contains('*') {
            dirs.listing(&p.dir)
                .into_iter()
                .flatten()
                .filter(|(name, _)| wildcard(p.name.as_bytes(), name.as_bytes()))
                .map(|(name, link)| (p.dir.join(name), *link))
                .collect()
        } else {
            let path = p.dir.join(&p.name);
            match many.then(|| dirs.listing(&p.dir)).flatten() {
                // Not among the entries: nothing there to follow.
                Some(entries) => match entries.get(&p.name) {
                    Some(link) => vec![(path, *link)],
                    None => Vec::new(),
                },
                // Not listed, or unreadable (a directory may be searched
                // but not read): ask the file system.
                None => vec![(path, None)],
            }
        };
        for (path, link) in candidates {
            let is_link = link.unwrap_or_else(|| {
                std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink())
            });
            if let Some(target) = is_link.then(|| path.canonicalize().ok()).flatten()
                && let Some(t) = dirs.pattern(&target)
            {
                targets.push(t);
            }
        }
    }
    patterns.extend(targets);
}

/// How many rows in one directory make listing it cheaper than a stat
/// of each.
const LIST_FROM: usize = 4;

/// Directories resolved and listed while one policy's patterns are built
/// (so a directory many rows name costs one walk, not one per row).
#[derive(Default)]
struct Dirs {
    canonical: std::collections::HashMap<PathBuf, Option<PathBuf>>,
    listed: std::collections::HashMap<PathBuf, Option<Listing>>,
}

/// A directory's entries: each name and whether it is a link (`None`: the
/// type was not given, so ask the file system).
type Listing = std::collections::HashMap<String, Option<bool>>;

impl Dirs {
    /// A pattern for `path`: its name, in its directory as the kernel
    /// names it (a home under a link), or as written where that directory
    /// does not exist.
    fn pattern(&mut self, path: &Path) -> Option<Pattern> {
        let name = path.file_name()?.to_str()?.to_string();
        let dir = path.parent()?;
        let dir = self.resolve(dir).unwrap_or_else(|| dir.to_path_buf());
        Some(Pattern { dir, name })
    }

    /// What `Path::canonicalize` gives for `dir` (`None` where it fails),
    /// one component at a time with each prefix resolved once: `~` is
    /// walked once for the fifty rows under it, not fifty times.
    fn resolve(&mut self, dir: &Path) -> Option<PathBuf> {
        if let Some(known) = self.canonical.get(dir) {
            return known.clone();
        }
        let resolved = match (dir.parent(), dir.file_name()) {
            (Some(parent), Some(name)) if dir.is_absolute() => self.resolve(parent).and_then(|p| {
                let joined = p.join(name);
                match std::fs::symlink_metadata(&joined) {
                    Ok(m) if m.file_type().is_symlink() => joined.canonicalize().ok(),
                    Ok(_) => Some(joined),
                    Err(_) => None,
                }
            }),
            _ => dir.canonicalize().ok(),
        };
        self.canonical.insert(dir.to_path_buf(), resolved.clone());
        resolved
    }

    /// A directory's entries, or `None` where it cannot be read.
    fn listing(&mut self, dir: &Path) -> Option<&Listing> {
        self.listed
            .entry(dir.to_path_buf())
            .or_insert_with(|| {
                let entries = std::fs::read_dir(dir).ok()?;
                let named = entries.flatten().filter_map(|e| {
                    let name = e.file_name().to_str()?.to_string();
                    Some((name, e.file_type().ok().map(|t| t.is_symlink())))
                });
                Some(named.collect())
            })
            .as_ref()
    }
}

/// [`SECRETS`] for this process's home, resolved once and grouped by
/// directory: for the judge, which asks about them wherever they are.
fn secrets() -> &'static [(PathBuf, Vec<Pattern>)] {
    static GROUPS: std::sync::OnceLock<Vec<(PathBuf, Vec<Pattern>)>> = std::sync::OnceLock::new();
    GROUPS.get_or_init(|| {
        let policy = Policy::from_env(Vec::new(), Vec::new());
        let (mut patterns, count) = policy.patterns();
        patterns.truncate(count);
        let mut groups: Vec<(PathBuf, Vec<Pattern>)> = Vec::new();
        for pattern in patterns {
            match groups.iter_mut().find(|(d, _)| *d == pattern.dir) {
                Some((_, list)) => list.push(pattern),
                None => groups.push((pattern.dir.clone(), vec![pattern])),
            }
        }
        groups
    })
}

/// The credential store `path` (resolved) is in or holds, as written in
/// [`SECRETS`]: `~/.ssh/id_rsa` is in `~/.ssh`; the home holds it.
pub fn secret_at(path: &Path) -> Option<String> {
    use std::os::unix::ffi::OsStrExt;
    let bytes = path.as_os_str().as_bytes();
    for (dir, patterns) in secrets() {
        let d = dir.as_os_str().as_bytes();
        // The path is the directory or beneath it...
        if bytes.starts_with(d) && (bytes.len() == d.len() || bytes[d.len()] == b'/' || d == b"/") {
            if let Some(p) = patterns.iter().find(|p| p.covers(path) || p.beneath(path)) {
                return Some(p.display());
            }
        // ... or holds it.
        } else if d.starts_with(bytes)
            && (d.len() == bytes.len() || d[bytes.len()] == b'/' || bytes == b"/")
        {
            return patterns.first().map(Pattern::display);
        }
    }
    None
}

/// A denied path: a directory and a name that may hold `*`.
#[derive(Debug, Clone)]
pub struct Pattern {
    dir: PathBuf,
    name: String,
}

impl Pattern {
    /// The path as written (`/home/u/.ssh`, `/etc/shadow*`).
    pub fn display(&self) -> String {
        self.dir.join(&self.name).display().to_string()
    }

    fn matches(&self, dir: &Path, name: &str) -> bool {
        self.dir == dir && wildcard(self.name.as_bytes(), name.as_bytes())
    }

    /// Is `path` this pattern or beneath it?
    pub fn covers(&self, path: &Path) -> bool {
        path.ancestors().any(|a| match (a.parent(), a.file_name()) {
            (Some(dir), Some(name)) => name.to_str().is_some_and(|n| self.matches(dir, n)),
            _ => false,
        })
    }

    /// Does the pattern name something strictly beneath `root`?
    pub fn beneath(&self, root: &Path) -> bool {
        self.dir.starts_with(root)
    }
}

/// One root: a rule, or its entries as roots of their own.
fn expand(root: &Path, patterns: &[Pattern], depth: usize, out: &mut Vec<PathBuf>) {
    if out.len() >= MAX_RULES {
        return;
    }
    if !patterns.iter().any(|p| p.beneath(root)) {
        out.push(root.to_path_buf());
        return;
    }
    // Beyond the bound, or unreadable: no rule (fail closed).
    let Ok(entries) = std::fs::read_dir(root) else {
        return;
    };
    if depth >= MAX_DEPTH {
        return;
    }
    for entry in entries.flatten() {
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        let name = entry.file_name();
        let denied = match name.to_str() {
            Some(n) => patterns.iter().any(|p| p.matches(root, n)),
            // A name that is not UTF-8 cannot be matched against the
            // table: it gets no rule.
            None => true,
        };
        if kind.is_symlink() || denied {
            continue;
        }
        expand(&root.join(name), patterns, depth + 1, out);
    }
}

/// Read rules taken once and reused: each an open `O_PATH` descriptor and
/// the rights it grants.
#[derive(Debug)]
pub struct Reads {
    /// The read layer: a Landlock ruleset that handles the read rights and
    /// allows them under `paths` (none without Landlock, or if it could
    /// not be built: then [`crate::seal`] fails closed).
    layer: Option<OwnedFd>,
    paths: Vec<PathBuf>,
    error: Option<String>,
}

impl Reads {
    /// Build the read layer for `policy`'s plan: one rule per path.
    pub fn snapshot(policy: &Policy) -> Reads {
        let (paths, listable) = policy.plan_all();
        if crate::features().landlock_abi == 0 {
            return Reads {
                layer: None,
                paths,
                error: None,
            };
        }
        match layer(&paths, &listable) {
            Ok(fd) => {
                tracing::debug!(rules = paths.len(), "sandbox read layer built");
                Reads {
                    layer: fd,
                    paths,
                    error: None,
                }
            }
            Err(e) => Reads {
                layer: None,
                paths,
                error: Some(e.to_string()),
            },
        }
    }

    /// Nothing readable beyond what is always allowed (for profiles that
    /// do not confine reads).
    pub fn none() -> Reads {
        Reads {
            layer: None,
            paths: Vec::new(),
            error: None,
        }
    }

    /// The paths with a rule, sorted.
    pub fn paths(&self) -> &[PathBuf] {
        &self.paths
    }

    /// The read layer's ruleset; an error if it could not be built where
    /// Landlock exists (the caller must not run the command then).
    pub(crate) fn layer(&self) -> Result<Option<BorrowedFd<'_>>, crate::Error> {
        match (&self.layer, &self.error) {
            (_, Some(e)) => Err(crate::Error::ReadLayer(e.clone())),
            (Some(fd), None) => Ok(Some(fd.as_fd())),
            (None, None) => Ok(None),
        }
    }
}

/// A ruleset handling the read rights, with a rule for each of `paths`
/// (a file gets the file rights only).
fn layer(
    paths: &[PathBuf],
    listable: &[PathBuf],
) -> Result<Option<OwnedFd>, landlock::RulesetError> {
    use landlock::{
        CompatLevel, Compatible, PathBeneath, Ruleset, RulesetAttr, RulesetCreatedAttr,
    };
    let read = AccessFs::from_read(crate::ABI_WANTED);
    let mut created = Ruleset::default()
        .set_compatibility(CompatLevel::BestEffort)
        .handle_access(read)?
        .create()?;
    for path in paths {
        if let Some((fd, access)) = open(path, read) {
            created = created.add_rule(PathBeneath::new(fd, access))?;
        }
    }
    for dir in listable {
        if let Some((fd, _)) = open(dir, AccessFs::ReadDir.into()) {
            created = created.add_rule(PathBeneath::new(fd, AccessFs::ReadDir))?;
        }
    }
    Ok(created.into())
}

/// Open `path` without following a final link (it was canonicalized: a
/// link there now is a race, and gets a rule on the link alone); a file
/// gets only the rights that apply to files.
pub(crate) fn open(
    path: &Path,
    access: BitFlags<AccessFs>,
) -> Option<(OwnedFd, BitFlags<AccessFs>)> {
    use rustix::fs::{Mode, OFlags};
    let fd = rustix::fs::open(
        path,
        OFlags::PATH | OFlags::CLOEXEC | OFlags::NOFOLLOW,
        Mode::empty(),
    )
    .ok()?;
    let stat = rustix::fs::fstat(&fd).ok()?;
    let is_dir =
        rustix::fs::FileType::from_raw_mode(stat.st_mode) == rustix::fs::FileType::Directory;
    let access = if is_dir {
        access
    } else {
        access & file_rights()
    };
    Some((fd, access))
}

/// Rights that apply to a file (the rest only to directories).
pub(crate) fn file_rights() -> BitFlags<AccessFs> {
    AccessFs::Execute
        | AccessFs::ReadFile
        | AccessFs::WriteFile
        | AccessFs::Truncate
        | AccessFs::IoctlDev
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn wildcard_matches_like_the_shell() {
        #[rustfmt::skip]
        let cases = [
            ("shadow*", "shadow", true), ("shadow*", "shadow-", true), ("shadow*", "passwd", false),
            (".*_history", ".bash_history", true), (".*_history", ".history", false),
            ("ssh_host_*", "ssh_host_rsa_key.pub", true), ("*", "anything", true), ("a", "ab", false),
        ];
        for (p, t, want) in cases {
            assert_eq!(wildcard(p.as_bytes(), t.as_bytes()), want, "{p} {t}");
        }
    }

    /// The one-walk resolver gives what `canonicalize` gives, through
    /// links, missing parts, files and `..`.
    #[test]
    fn directories_resolve_as_canonicalize_does() {
        let t = tempfile::tempdir().unwrap();
        let r = t.path().canonicalize().unwrap();
        std::fs::create_dir_all(r.join("real/a/b")).unwrap();
        std::fs::write(r.join("real/file"), "").unwrap();
        std::os::unix::fs::symlink(r.join("real"), r.join("home")).unwrap();
        std::os::unix::fs::symlink("a/b", r.join("real/rel")).unwrap();
        std::os::unix::fs::symlink(r.join("gone"), r.join("dangling")).unwrap();
        #[rustfmt::skip]
        let rows = [
            "real", "real/a/b", "home", "home/a", "home/a/b", "home/rel", "home/rel/..",
            "home/missing", "home/missing/deeper", "real/file", "real/file/x", "dangling",
            "dangling/x", "home/a/../a/b",
        ];
        let mut dirs = Dirs::default();
        for row in rows {
            let dir = r.join(row);
            assert_eq!(dirs.resolve(&dir), dir.canonicalize().ok(), "{row}");
        }
    }

    /// A fake home with secrets, a workspace, a toolchain on PATH.
    fn fixture() -> (tempfile::TempDir, PathBuf, Policy) {
        let t = tempfile::tempdir().unwrap();
        let r = t.path().canonicalize().unwrap();
        for d in [
            "home/u/.ssh",
            "home/u/.config/gh",
            "home/u/.config/git",
            "home/u/.cargo/bin",
            "home/other",
            "ws",
        ] {
            std::fs::create_dir_all(r.join(d)).unwrap();
        }
        for f in [
            "home/u/.gitconfig",
            "home/u/.cargo/credentials.toml",
            "home/u/.cargo/bin/cargo",
            "home/u/.bash_history",
        ] {
            std::fs::write(r.join(f), "x").unwrap();
        }
        std::os::unix::fs::symlink(r.join("home/u/.ssh"), r.join("home/u/keys")).unwrap();
        let policy = Policy {
            named: vec![r.join("ws")],
            deny: vec![
                r.join("home/u/.ssh"),
                r.join("home/u/.config/gh"),
                r.join("home/u/.cargo/credentials.toml"),
                r.join("home/u/.*_history"),
            ],
            home: None,
            also: Vec::new(),
            places: Vec::new(),
            granted: Vec::new(),
            path: Some(format!(
                "{}:relative/bin",
                r.join("home/u/.cargo/bin").display()
            )),
            defaults: false,
        };
        (t, r, policy)
    }

    fn under(plan: &[PathBuf], path: &Path) -> bool {
        plan.iter().any(|x| path.starts_with(x))
    }

    #[test]
    fn a_toolchain_on_path_is_readable_around_its_credentials() {
        let (_t, r, policy) = fixture();
        let plan = policy.plan();
        assert!(under(&plan, &r.join("home/u/.cargo/bin/cargo")), "{plan:?}");
        assert!(
            !under(&plan, &r.join("home/u/.cargo/credentials.toml")),
            "{plan:?}"
        );
        assert!(under(&plan, &r.join("ws")));
        assert!(
            !under(&plan, &r.join("home/u/.gitconfig")),
            "not named, not found: {plan:?}"
        );
    }

    #[test]
    fn a_found_root_under_a_denied_path_is_skipped() {
        let (_t, r, mut policy) = fixture();
        policy.deny.push(r.join("home/*"));
        let plan = policy.plan();
        assert!(
            !under(&plan, &r.join("home/u/.cargo/bin/cargo")),
            "{plan:?}"
        );
        assert!(under(&plan, &r.join("ws")), "named roots stay");
    }

    #[test]
    fn a_named_home_is_readable_but_its_secrets_are_not() {
        let (_t, r, mut policy) = fixture();
        // The real tables: the fixture is under /tmp, a place named roots
        // may still open; its home's secrets are not.
        policy.defaults = true;
        policy.deny.clear();
        policy.home = Some(r.join("home/u"));
        std::fs::write(r.join("home/u/.config/git/config"), "").unwrap();
        let plan = policy.plan();
        for open in [
            "home/u/.gitconfig",
            "home/u/.config/git/config",
            "home/u/.cargo/bin/cargo",
            "ws/x",
        ] {
            assert!(under(&plan, &r.join(open)), "{open} not readable: {plan:?}");
        }
        for secret in [
            "home/u/.ssh",
            "home/u/.config/gh",
            "home/u/.cargo/credentials.toml",
            "home/u/.bash_history",
            "home/other",
        ] {
            assert!(
                !under(&plan, &r.join(secret)),
                "{secret} readable: {plan:?}"
            );
        }
        assert!(
            !plan.contains(&r.join("home/u/keys")),
            "links get no rule: {plan:?}"
        );
        // No named root opens a credential store.
        policy.named.push(r.join("home/u/.ssh"));
        policy.named.push(r.join("home/u/.config/gh"));
        assert!(!under(&policy.plan(), &r.join("home/u/.ssh/id_rsa")));
        assert!(!under(
            &policy.plan(),
            &r.join("home/u/.config/gh/hosts.yml")
        ));
    }

    #[test]
    fn a_secret_behind_a_link_is_denied_where_it_leads() {
        let (_t, r, mut policy) = fixture();
        policy.defaults = true;
        policy.deny.clear();
        policy.home = Some(r.join("home/u"));
        std::fs::create_dir_all(r.join("home/u/dotfiles/kube")).unwrap();
        std::fs::write(r.join("home/u/dotfiles/kube/config"), "token").unwrap();
        std::os::unix::fs::symlink(r.join("home/u/dotfiles/kube"), r.join("home/u/.kube")).unwrap();
        let plan = policy.plan();
        assert!(
            !under(&plan, &r.join("home/u/dotfiles/kube/config")),
            "{plan:?}"
        );
        std::fs::write(r.join("home/u/dotfiles/vimrc"), "").unwrap();
        assert!(
            under(&policy.plan(), &r.join("home/u/dotfiles/vimrc")),
            "{plan:?}"
        );
        // A row in a directory of few rows is looked at by itself, not by a
        // listing of its directory: the same holds.
        std::fs::create_dir_all(r.join("home/u/.m2")).unwrap();
        std::fs::write(r.join("home/u/dotfiles/maven.xml"), "<password/>").unwrap();
        std::os::unix::fs::symlink(
            r.join("home/u/dotfiles/maven.xml"),
            r.join("home/u/.m2/settings.xml"),
        )
        .unwrap();
        let plan = policy.plan();
        assert!(
            !under(&plan, &r.join("home/u/dotfiles/maven.xml")),
            "{plan:?}"
        );
    }

    #[test]
    fn a_grant_opens_the_store_it_names_and_nothing_else() {
        let (_t, r, mut policy) = fixture();
        policy.defaults = true;
        policy.deny.clear();
        policy.home = Some(r.join("home/u"));
        std::fs::write(r.join("home/u/.config/gh/hosts.yml"), "token").unwrap();
        assert!(!under(
            &policy.plan(),
            &r.join("home/u/.config/gh/hosts.yml")
        ));
        policy.granted = vec![r.join("home/u/.config/gh")];
        let plan = policy.plan();
        assert!(
            under(&plan, &r.join("home/u/.config/gh/hosts.yml")),
            "{plan:?}"
        );
        assert!(!under(&plan, &r.join("home/u/.ssh")), "{plan:?}");
    }

    #[test]
    fn the_config_home_and_the_password_database_home_are_carved_too() {
        let (_t, r, mut policy) = fixture();
        policy.defaults = true;
        policy.deny.clear();
        policy.home = Some(r.join("home/u"));
        std::fs::create_dir_all(r.join("xdg/gh")).unwrap();
        std::fs::create_dir_all(r.join("real/.ssh")).unwrap();
        policy.also = vec![
            ("~/.config".into(), r.join("xdg")),
            ("~".into(), r.join("real")),
        ];
        policy.named = vec![r.join("xdg"), r.join("real")];
        let plan = policy.plan();
        assert!(!under(&plan, &r.join("xdg/gh/hosts.yml")), "{plan:?}");
        assert!(!under(&plan, &r.join("real/.ssh/id_rsa")), "{plan:?}");
    }

    #[test]
    fn the_default_tables_carve_the_real_system() {
        let home = tempfile::tempdir().unwrap();
        let h = home.path().canonicalize().unwrap();
        std::fs::create_dir_all(h.join(".ssh")).unwrap();
        std::fs::write(h.join(".gitconfig"), "").unwrap();
        let policy = Policy {
            home: Some(h.clone()),
            path: None,
            ..Policy::from_env(vec![], vec![])
        };
        let plan = policy.plan();
        assert!(under(&plan, Path::new("/usr/bin")), "{plan:?}");
        assert!(under(&plan, Path::new("/etc/passwd")), "{plan:?}");
        assert!(under(&plan, Path::new("/dev/null")), "{plan:?}");
        assert!(under(&plan, &h.join(".gitconfig")), "{plan:?}");
        for denied in ["/etc/shadow", "/dev/sda", "/tmp/x", "/root/.ssh/id_rsa"] {
            assert!(!under(&plan, Path::new(denied)), "{denied}: {plan:?}");
        }
        assert!(!under(&plan, &h.join(".ssh")), "{plan:?}");
    }
}
