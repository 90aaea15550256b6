//! The catalog of rule ids: every verdict and every permission decision
//! names the rule that decided, and every such rule is one row here.
//!
//! An id is `family.rule`, or `family.rule:detail` where the detail names
//! what the rule was applied to (`readonly.flags:sort`,
//! `path.outside:/etc/passwd`, `rule.deny:rm:*`). Ids are stable: hooks,
//! logs and tests match on them. Add a rule here, then use its variant:
//! code never spells an id as a string. `tests/rules.rs` checks that every
//! verdict over the corpora carries an id of this catalog.

/// The families of rules: the first part of an id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// The analyzer could not read the command whole.
    Syntax,
    /// A program and its options were judged against its row.
    Readonly,
    /// A path the command reads.
    Path,
    /// The command would print secrets or the environment.
    Secrets,
    /// A redirection.
    Redirect,
    /// A command substitution (`$(...)`) or nesting.
    Substitution,
    /// A glob that could expand to an option.
    Glob,
    /// An environment prefix (`NAME=value cmd`).
    Env,
    /// How the program is named.
    Command,
    /// git and its repository.
    Git,
    /// gh (GitHub's CLI).
    Gh,
    /// What `xargs` runs or reads.
    Xargs,
    /// `find`'s actions.
    Find,
    /// tar's modes and archives.
    Tar,
    /// gzip's modes.
    Gzip,
    /// unzip's modes.
    Unzip,
    /// `--version` of a launcher a project file can redirect.
    Version,
    /// The permission mode decided (permit).
    Mode,
    /// A user's allow/ask/deny rule decided (permit).
    Rule,
    /// The guard against catastrophe decided (permit).
    Guard,
    /// A host's hook could not read its payload (the binary).
    Hook,
    /// The confinement (exec).
    Sandbox,
}

macro_rules! catalog {
    ($($variant:ident = $id:literal, $family:ident, $meaning:literal;)*) => {
        /// One rule of the catalog.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Rule {
            $(#[doc = $meaning] $variant,)*
        }

        impl Rule {
            /// Every rule, in the catalog's order.
            pub const ALL: &'static [Rule] = &[$(Rule::$variant,)*];

            /// The id (without a detail).
            pub const fn id(self) -> &'static str {
                match self { $(Rule::$variant => $id,)* }
            }

            /// The family it belongs to.
            pub const fn family(self) -> Family {
                match self { $(Rule::$variant => Family::$family,)* }
            }

            /// What it means, for people.
            pub const fn meaning(self) -> &'static str {
                match self { $(Rule::$variant => $meaning,)* }
            }

            /// The rule an id (with or without a detail) names.
            pub fn of(id: &str) -> Option<Rule> {
                let base = id.split_once(':').map_or(id, |(base, _)| base);
                match base { $($id => Some(Rule::$variant),)* _ => None }
            }
        }
    };
}

#[rustfmt::skip]
catalog! {
    // ---- the analyzer ------------------------------------------------------------
    SyntaxTooLong        = "syntax.too_long",         Syntax, "longer than the 10,000-character limit";
    SyntaxParseError     = "syntax.parse_error",      Syntax, "not a command bash would parse the same way";
    SyntaxEmpty          = "syntax.empty",            Syntax, "no command at all";
    SyntaxUnsupported    = "syntax.unsupported",      Syntax, "a construct the judge does not follow (detail: which)";
    SyntaxDynamic        = "syntax.dynamic",          Syntax, "a word only known when the command runs (detail: its kind)";
    // ---- a program and its options -----------------------------------------------
    ReadonlyAll          = "readonly",                Readonly, "read-only: every simple command of the line is (the line's verdict)";
    ReadonlyEmpty        = "readonly.empty",          Readonly, "no program to run";
    ReadonlyUnknown      = "readonly.unknown",        Readonly, "a program with no row: not known to be read-only (detail: the program)";
    ReadonlyFlags        = "readonly.flags",          Readonly, "read-only: the program with only options its row lists (detail: the program)";
    ReadonlyAnyArg       = "readonly.any_arg",        Readonly, "read-only: the program only prints, whatever its arguments (detail: the program)";
    ReadonlyVersion      = "readonly.version",        Readonly, "read-only: the program prints its version (detail: the program)";
    ReadonlyGit          = "readonly.git",            Readonly, "read-only: a git subcommand with read-only options (detail: the subcommand)";
    ReadonlyFindExec     = "readonly.find_exec",      Readonly, "read-only: find running only read-only commands (detail: them)";
    ReadonlyLookup       = "readonly.lookup",         Readonly, "read-only: `command -v` looks a name up";
    ReadonlyFlag         = "readonly.flag",           Readonly, "an option the program's row does not list (detail: program and option)";
    ReadonlyOperand      = "readonly.operand",        Readonly, "an operand of a program that takes none, or one that is not what the row allows";
    ReadonlySubcommand   = "readonly.subcommand",     Readonly, "a subcommand that is not read-only (detail: program and subcommand)";
    ReadonlyVerb         = "readonly.verb",           Readonly, "a verb that is not read-only (detail: the verb)";
    ReadonlyPathList     = "readonly.path_list",      Readonly, "a list of paths to read that cannot be checked (a checksum list, `--files0-from`)";
    ReadonlyResponseFile = "readonly.response_file",  Readonly, "an `@FILE` argument: options read from a file";
    ReadonlyArgumentFile = "readonly.argument_file",  Readonly, "a file of names that the program also reads options from (`tar -T` with a line starting with `-`)";
    ReadonlyOutputOperand = "readonly.output_operand", Readonly, "an operand the program writes";
    ReadonlyPagerCommand = "readonly.pager_command",  Readonly, "a pager command (`+cmd`) that can run programs";
    ReadonlyTestSubscript = "readonly.test_subscript", Readonly, "an array subscript bash evaluates (it may run substitutions)";
    ReadonlyCdOldpwd     = "readonly.cd_oldpwd",      Readonly, "`cd -`: a directory the judge cannot see";
    ReadonlyHistory      = "readonly.history",        Readonly, "`history` with options that change or write it";
    ReadonlyDateSet      = "readonly.date_set",       Readonly, "`date` setting the clock";
    ReadonlyDateZone     = "readonly.date_zone",      Readonly, "a `TZ=\"...\"` inside a date string that names a file, not a zone";
    ReadonlyAwkProgram   = "readonly.awk_program",    Readonly, "an awk program that writes, runs commands or reads other files";
    ReadonlySedScript    = "readonly.sed_script",     Readonly, "a sed script that writes, runs commands or reads other files";
    ReadonlyJqModule     = "readonly.jq_module",      Readonly, "a jq filter that reads files or modules";
    ReadonlyYqExpression = "readonly.yq_expression",  Readonly, "a yq expression that reads files or the environment";
    ReadonlyIp           = "readonly.ip",             Readonly, "an `ip` command that is not a listing";
    ReadonlyIfconfig     = "readonly.ifconfig",       Readonly, "`ifconfig` changing an interface";
    ReadonlyHostLookup   = "readonly.host_lookup",    Readonly, "a host name the program would look up (DNS carries it out: a channel for data)";
    ReadonlyManualFile   = "readonly.manual_file",    Readonly, "a manual page named by path: a file to format";
    // ---- paths, secrets, redirections, substitutions ------------------------------
    PathOutside          = "path.outside",            Path, "a path outside the workspace (detail: the path)";
    PathUnresolved       = "path.unresolved",         Path, "a directory `cd` goes to that is only known when it runs (a glob, `~user`)";
    PathUnc              = "path.unc",                Path, "a word that may name a network share";
    PathFollowScanLimit  = "path.follow_scan_limit",  Path, "a tree too large to scan for links leading out";
    SecretsPrint         = "secrets.print",           Secrets, "the program prints the environment or credentials (detail: the program)";
    SecretsPsEnvironment = "secrets.ps_environment",  Secrets, "`ps` printing other processes' environments";
    SecretsJqEnv         = "secrets.jq_env",          Secrets, "a jq filter reading the environment";
    SecretsGhToken       = "secrets.gh_token",        Secrets, "gh printing a token";
    RedirectOutput       = "redirect.output",         Redirect, "an output redirection to a file (detail: the target)";
    RedirectNetwork      = "redirect.network",        Redirect, "a redirection to `/dev/tcp` or `/dev/udp`";
    SubstitutionArgument = "substitution.argument",   Substitution, "a substitution's output could become an option or file name (detail: the program)";
    SubstitutionDepth    = "substitution.depth",      Substitution, "commands nested too deeply to judge";
    GlobMayBeOption      = "glob.may_be_option",      Glob, "a glob that could expand to an option (detail: the program)";
    EnvPrefix            = "env.prefix",              Env, "an environment prefix that is not known to be harmless (detail: its name)";
    CommandPathQualified = "command.path_qualified",  Command, "a program named by path, not a known program";
    CommandInWorkspace   = "command.in_workspace",    Command, "the name may find a program the workspace holds, through a search path entry inside it";
    // ---- programs with checks of their own ----------------------------------------
    GitGlobal            = "git.global",              Git, "a git global option that changes the repository, configuration or program (detail: it)";
    GitSubcommand        = "git.subcommand",          Git, "a git subcommand that is not known to be read-only (detail: it)";
    GitRepoUnsafe        = "git.repo_unsafe",         Git, "the repository's configuration or layout can run programs or read outside (detail: why)";
    GitCdOutside         = "git.cd_outside",          Git, "git in a directory outside the workspace";
    GitCredentialsInConfig = "git.credentials_in_config", Git, "the configuration holds credentials that the command would print";
    GitConfigWrite       = "git.config_write",        Git, "`git config` writing a value";
    GitCreatesRef        = "git.creates_ref",         Git, "a subcommand that creates a ref (detail: it)";
    GitGpgFormat         = "git.gpg_format",          Git, "a format whose signature placeholders run GPG";
    GitHelpWeb           = "git.help_web",            Git, "`git help -w` opens a browser";
    GitRemote            = "git.remote",              Git, "`git remote` changing or contacting remotes";
    GitReflogWrite       = "git.reflog_write",        Git, "`git reflog` expiring or deleting entries";
    GitSymbolicRefWrite  = "git.symbolic_ref_write",  Git, "`git symbolic-ref` setting a ref";
    GhFlag               = "gh.flag",                 Gh, "a gh option that is not read-only";
    GhHost               = "gh.host",                 Gh, "a gh argument that may name another host";
    XargsCommand         = "xargs.command",           Xargs, "a program `xargs` may not drive (detail: it)";
    XargsNamesFromData   = "xargs.names_from_data",   Xargs, "`xargs` reading files named by input that is not a file listing";
    XargsReplaceArgument = "xargs.replace_argument",  Xargs, "an argument made of `xargs -I`'s replace string and other text, which could lead anywhere";
    FindExecMalformed    = "find.exec_malformed",     Find, "`-exec` without a command or its end";
    FindExecArgument     = "find.exec_argument",      Find, "an argument made of `{}` and other text, which could lead out of the start points";
    TarMode              = "tar.mode",                Tar, "a tar mode that writes";
    TarRemoteArchive     = "tar.remote_archive",      Tar, "an archive name tar reads over the network (`host:file`)";
    GzipWrites           = "gzip.writes",             Gzip, "gzip writing files (not `-c`, `-l` or `-t`)";
    UnzipWrites          = "unzip.writes",            Unzip, "unzip extracting files";
    VersionProjectConfig = "version.project_config",  Version, "a project file here can make the launcher download or run a program (detail: the file)";
    VersionHomeConfig    = "version.home_config",     Version, "a start-up file the program reads from the home, which the workspace holds (detail: the file)";
    ReadonlyNetworkCheck = "readonly.network_check",  Readonly, "a listing that also contacts the network (pip's version check)";
    // ---- the permission layer -----------------------------------------------------
    ModeBuildReadOnly    = "mode.build.readOnly",     Mode, "allowed: read-only in build mode";
    ModeBuildHighRisk    = "mode.build.highRisk",     Mode, "asked: not read-only in build mode";
    ModePlanReadOnly     = "mode.plan.readOnly",      Mode, "allowed: read-only in plan mode";
    ModePlanNonReadOnly  = "mode.plan.nonReadOnly",   Mode, "denied: plan mode runs only read-only commands";
    ModeYolo             = "mode.yolo",               Mode, "allowed: yolo mode, past the guard";
    RuleAllow            = "rule.allow",              Rule, "allowed by a user's allow rule (detail: the rule)";
    RuleAsk              = "rule.ask",                Rule, "asked by a user's ask rule (detail: the rule)";
    RuleDeny             = "rule.deny",               Rule, "denied by a user's deny rule (detail: the rule)";
    RuleAllowScope       = "rule.allow.scope",        Rule, "an allow rule matched, but the command's effects reach outside its scope";
    RuleUnverifiable     = "rule.unverifiable",       Rule, "the user's deny or ask rules cannot be checked against what would run";
    GuardCatastrophic    = "guard.catastrophic",      Guard, "an irreversible, wide effect: asked in every mode (detail: the effect)";
    GuardDestructive     = "guard.destructive",       Guard, "an irreversible effect: asked in every mode (detail: the effect)";
    GuardUnknown         = "guard.unknown",           Guard, "code whose effects are unknown, where the settings guard it (detail: the effect)";
    GuardWrite           = "guard.write",             Guard, "a reversible write, where the settings guard it (detail: the effect)";
    HookUnreadable       = "hook.unreadable",         Hook, "a hook payload the model shaped so that it cannot be read";
    SandboxDisabled      = "sandbox.disabled",        Sandbox, "the confinement is turned off for this command";
}

impl Rule {
    /// The id with a detail: `family.rule:detail`.
    pub fn at(self, detail: &str) -> crate::Text {
        [self.id(), ":", detail].concat().into()
    }

    /// The id with a detail to format (`Rule::ReadonlyFlag.at_fmt(format_args!("{name}:{opt}"))`).
    pub fn at_fmt(self, detail: std::fmt::Arguments<'_>) -> crate::Text {
        format!("{}:{detail}", self.id()).into()
    }

    /// Is `id` this rule (with or without a detail)?
    pub fn is(self, id: &str) -> bool {
        id.strip_prefix(self.id())
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(':'))
    }
}

impl From<Rule> for crate::Text {
    fn from(rule: Rule) -> crate::Text {
        crate::Text::Borrowed(rule.id())
    }
}

impl From<Rule> for String {
    fn from(rule: Rule) -> String {
        rule.id().to_string()
    }
}

impl Family {
    /// The family's name: the first part of its rules' ids.
    pub fn name(self) -> &'static str {
        let first = Rule::ALL.iter().find(|r| r.family() == self);
        first.map_or("", |r| r.id().split('.').next().unwrap_or(""))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ids are unique, start with their family's name, and read back.
    #[test]
    fn the_catalog_is_consistent() {
        let mut seen = std::collections::HashSet::new();
        for &rule in Rule::ALL {
            assert!(seen.insert(rule.id()), "{} twice", rule.id());
            let family = rule.id().split('.').next().unwrap_or("");
            assert_eq!(family, rule.family().name(), "{rule:?}");
            assert_eq!(Rule::of(rule.id()), Some(rule));
            assert_eq!(Rule::of(&rule.at("x")), Some(rule));
            assert!(rule.is(&rule.at("x")) && rule.is(rule.id()));
            assert!(!rule.meaning().is_empty());
        }
        assert!(!Rule::ReadonlyFlag.is("readonly.flags:sort"));
        assert_eq!(Rule::of("readonly.nothing"), None);
    }
}
