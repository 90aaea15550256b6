//! git: global options, read-only subcommands with their tables, and the
//! runtime safety of the repository the command would run in.

use crate::rules::Rule;
use std::path::{Path, PathBuf};

use crate::Reject;
use crate::flags::{self, Options, Parsed};
use crate::gitconfig::{Entry, entries};

/// Options of `log`, `show`, `diff`, `rev-list`, `shortlog`, `whatchanged`.
const HISTORY: &str = "--oneline -n|--max-count=NUM --skip=NUM --graph --decorate=OPT --no-decorate --stat=OPT --shortstat --numstat --name-only --name-status -p|-u|--patch -s|--no-patch --format=STR --pretty=OPT --abbrev-commit --no-abbrev-commit --abbrev=OPT --author=STR --committer=STR --since=STR --after=STR --until=STR --before=STR --grep=STR -i|--regexp-ignore-case --all --branches=OPT --tags=OPT --remotes=OPT --first-parent --no-merges --merges --reverse --date=STR --relative-date --follow -L=STR --color=OPT --no-color --word-diff=OPT --word-diff-regex=STR --color-words=OPT --stat-width=NUM --full-history --simplify-by-decoration --left-right --cherry-pick --cherry-mark --boundary --topo-order --date-order --author-date-order -M|--find-renames=OPT -C|--find-copies=OPT --diff-filter=STR -S=STR -G=STR --pickaxe-all -w|--ignore-all-space -b|--ignore-space-change --ignore-blank-lines -U|--unified=NUM --function-context -W --full-index --binary --minimal --patience --histogram --no-prefix --src-prefix=STR --dst-prefix=STR --raw --summary --dirstat=OPT -z --check --exit-code --quiet --cached|--staged --merge-base --no-renames --ancestry-path -m --cc -c --no-notes --expand-tabs --no-expand-tabs --encoding=STR --children --parents --count --source --use-mailmap -e|--email --numbered --no-ext-diff --no-textconv --relative=OPT --ita-invisible-in-index";

/// `(subcommand, options)`: the read-only subcommands, by longest prefix.
const SUBCOMMANDS: &[(&str, &str)] = &[
    (
        "status",
        "-s|--short -b|--branch --porcelain=OPT --long -v|--verbose -u|--untracked-files=OPT --ignored=OPT --ignore-submodules=OPT -z --column=OPT --no-column --ahead-behind --no-ahead-behind --renames --no-renames --show-stash",
    ),
    ("log", HISTORY),
    ("show", HISTORY),
    ("diff", HISTORY),
    ("rev-list", HISTORY),
    (
        "shortlog",
        "-n|--numbered -s|--summary -e|--email -c|--committer --format=STR --group=STR --all --since=STR --until=STR --author=STR --no-merges --merges",
    ),
    (
        "branch",
        "-a|--all -r|--remotes -v|--verbose -vv -l|--list --show-current --contains=LAST --no-contains=LAST --merged=LAST --no-merged=LAST --points-at=STR --sort=STR --format=STR --color=OPT --no-color --column=OPT --no-column -i|--ignore-case --abbrev=NUM --no-abbrev",
    ),
    (
        "tag",
        "-l|--list -n=OPT --contains=LAST --no-contains=LAST --merged=LAST --no-merged=LAST --points-at=STR --sort=STR --format=STR --color=OPT -i|--ignore-case --column=OPT --no-column",
    ),
    (
        "describe",
        "--tags --all --always --abbrev=NUM --long --dirty=OPT --broken=OPT --exact-match --candidates=NUM --match=STR --exclude=STR --first-parent --contains",
    ),
    // (`--show-superproject-working-tree` is left out: it runs git in the
    // repository above, whose configuration is not checked.)
    (
        "rev-parse",
        "--show-toplevel --show-prefix --show-cdup --git-dir --git-common-dir --absolute-git-dir --is-inside-work-tree --is-inside-git-dir --is-bare-repository --abbrev-ref=OPT --symbolic-full-name --short=OPT --verify -q|--quiet --all --branches --tags --remotes --path-format=STR --sq --symbolic --default=STR --show-object-format=OPT",
    ),
    ("remote", "-v|--verbose -n"),
    // `git var NAME`: one of git's logical variables (`-l` lists the whole
    // configuration, left out).
    ("var", ""),
    ("symbolic-ref", "--short -q|--quiet --no-recurse"),
    (
        "ls-files",
        "-c|--cached -d|--deleted -m|--modified -o|--others -i|--ignored -s|--stage -u|--unmerged -k|--killed -z -t -v -f --directory --no-empty-directory --exclude-standard -x|--exclude=STR --exclude-per-directory=STR --error-unmatch --full-name --recurse-submodules --abbrev=OPT --eol --deduplicate --sparse --format=STR",
    ),
    (
        "ls-tree",
        "-d -r -t -l|--long -z --name-only --name-status --object-only --full-name --full-tree --abbrev=OPT --format=STR",
    ),
    (
        "blame",
        "-L=STR -l -t -s -e|--show-email -w -M=OPT -C=OPT -p|--porcelain --line-porcelain --incremental -f|--show-name -n|--show-number -c --root --show-stats --date=STR --abbrev=NUM --color-lines --color-by-age --since=STR -b",
    ),
    (
        "grep",
        "-n|--line-number -i|--ignore-case -v|--invert-match -w|--word-regexp -l|--files-with-matches -L|--files-without-match -c|--count -e=STR -E|--extended-regexp -F|--fixed-strings -G|--basic-regexp -P|--perl-regexp -h -H --full-name --color=OPT --no-color -A|--after-context=NUM -B|--before-context=NUM -C|--context=NUM -p|--show-function -W|--function-context --cached --untracked --no-exclude-standard --exclude-standard -r|--recursive --max-depth=NUM -z|--null -o|--only-matching -q|--quiet --column -a|--text -I --and --or --not --all-match --break --heading -m|--max-count=NUM --threads=NUM",
    ),
    (
        "config",
        "--get=STR --get-all=STR --get-regexp=STR -l|--list --show-origin --show-scope --local --name-only -z|--null --type=STR --bool --int --default=STR --includes --no-includes",
    ),
    (
        "merge-base",
        "--all --is-ancestor --independent --fork-point --octopus",
    ),
    ("cat-file", "-p -t -s -e --batch-check=OPT"),
    ("worktree list", "--porcelain -v|--verbose -z --expire=STR"),
    ("submodule status", "--recursive --cached"),
    ("stash list", HISTORY),
    ("stash show", HISTORY),
    (
        "for-each-ref",
        "--count=NUM --sort=STR --format=STR --color=OPT --shell --perl --python --tcl --points-at=STR --merged=LAST --no-merged=LAST --contains=LAST --no-contains=LAST --ignore-case --omit-empty",
    ),
    (
        "show-ref",
        "--head --heads --branches --tags -d|--dereference -s|--hash=OPT --abbrev=OPT --verify -q|--quiet --exists",
    ),
    ("reflog show", HISTORY),
    ("reflog list", ""),
    ("reflog", HISTORY),
    (
        "name-rev",
        "--tags --refs=STR --exclude=STR --all --annotate-stdin --name-only --no-undefined --always",
    ),
    ("cherry", "-v --abbrev=OPT"),
    (
        "range-diff",
        "--creation-factor=NUM --no-dual-color --left-only --right-only --stat --no-patch -s --color=OPT",
    ),
    ("count-objects", "-v|--verbose -H|--human-readable"),
    (
        "check-ignore",
        "-q|--quiet -v|--verbose -n|--non-matching --no-index -z --stdin",
    ),
    (
        "diff-tree",
        "-r -t --root --no-commit-id --name-only --name-status --stat -p -s -z -M -C --abbrev=OPT",
    ),
    (
        "help",
        "-a|--all -g|--guides -c|--config --no-external-commands --no-aliases -i|--info -m|--man -w|--web",
    ),
    ("version", "--build-options"),
];

/// Subcommands whose every operand may name a file outside the repository,
/// so each is checked as a path (of the others, only those after `--`).
/// `git diff A B` compares two files as `diff --no-index` does, wherever they
/// are, when either is outside the work tree (`git diff ../x README.md`,
/// `git diff ~/.ssh/id_rsa /dev/null`); a revision reads as a path inside.
const PATH_OPERANDS: &[&str] = &["blame", "ls-files", "status", "check-ignore", "diff"];

/// Global options that are allowed before the subcommand.
/// (`--paginate`/`-p` are not: the pager is a program chosen by the environment or configuration.)
const GLOBALS: &[&str] = &[
    "--no-pager",
    "-P",
    "--no-optional-locks",
    "--literal-pathspecs",
    "--no-replace-objects",
];

/// What the operands of a name-listing subcommand before `--` may be.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Before {
    /// Pathspecs (`git ls-files src`).
    Paths,
    /// The pattern, unless `-e` gave it (`git grep -l TODO`); any other
    /// operand is a tree, whose names come from objects.
    Pattern,
    /// Nothing: an operand would be a revision (`git diff --name-only HEAD~3`).
    Nothing,
}

/// The subcommands that, with one of `with` and only the options `only`,
/// print names of files from the index or the work tree and nothing else,
/// one per line, for `xargs` to read. Not `ls-tree`, nor revisions or
/// trees given to `diff` or `grep`: those names come from objects, which
/// the judge does not read (a clone does not check them by default; a
/// tree may hold `..` or names with blanks).
#[rustfmt::skip]
const NAME_LISTS: &[(&str, &[&str], &[&str], Before)] = &[
    ("ls-files", &[], &["-c", "-d", "-m", "-o", "-i", "-k", "-z", "--directory", "--no-empty-directory", "--exclude-standard", "-x", "--exclude-per-directory", "--error-unmatch", "--full-name", "--deduplicate", "--sparse"], Before::Paths),
    ("diff", &["--name-only", "--name-status"], &["--name-only", "--name-status", "-z", "--relative", "--diff-filter", "-M", "--no-renames"], Before::Nothing),
    ("grep", &["-l", "-L"], &["-l", "-L", "-i", "-v", "-w", "-e", "-E", "-F", "-G", "-P", "--full-name", "-z", "--cached", "--untracked", "--no-exclude-standard", "--exclude-standard", "-r", "--max-depth", "-I", "-a", "--and", "--or", "--not", "--all-match", "--threads"], Before::Pattern),
];

/// When `git ARGS` prints only names of files of the index or the work
/// tree ([`NAME_LISTS`]): the operands that name where they are.
pub(crate) fn name_list<'a>(args: &'a [&'a str]) -> Option<Vec<&'a str>> {
    let mut rest = args;
    while let Some((_, tail)) = rest.split_first().filter(|(a, _)| GLOBALS.contains(a)) {
        rest = tail;
    }
    let known = subcommand(rest)?;
    let &(_, with, only, before) = NAME_LISTS.iter().find(|(n, ..)| *n == known.name)?;
    let sub_args = &rest[known.words..];
    let parsed = flags::parse(known.options(), sub_args, false, false).ok()?;
    let mode = (with.is_empty() || with.iter().any(|o| parsed.has(o)))
        && parsed.flags.iter().all(|f| only.contains(&f.name));
    // Operand indexes count from 1; `--` at position `d` is index `d + 1`.
    let dashes = sub_args
        .iter()
        .position(|a| *a == "--")
        .map_or(usize::MAX, |d| d + 1);
    let ahead = parsed.operands.iter().filter(|&&(i, _)| i < dashes).count();
    let allowed = match before {
        Before::Paths => usize::MAX,
        Before::Pattern => usize::from(!parsed.has("-e")),
        Before::Nothing => 0,
    };
    (mode && ahead <= allowed).then(|| match before {
        Before::Paths => parsed.operands.iter().map(|&(_, o)| o).collect(),
        _ => after_double_dash(sub_args),
    })
}

/// A name in the index of the repository around `cwd` that `xargs` would
/// not read back as the file it is (`git ls-files | xargs grep x`): a
/// `..`, `.` or empty component, a component that starts with `-`, and
/// unless names are NUL-separated (`null`), a blank, quote, backslash or
/// control character. A work tree's index is written by git, but a
/// workspace may come with one planted. The reason, if there is one.
pub(crate) fn index_names_unsafe(cwd: &Path, null: bool) -> Option<String> {
    let root = work_tree_root(cwd)?;
    let (index, hash_len) = match work_tree_index(&root) {
        Ok(Some(index)) => index,
        Ok(None) => return None,
        Err(why) => return Some(why),
    };
    let mut odd = None;
    let read = crate::index::entries(&index, hash_len, |_, path| {
        let bad_component = path
            .split(|&b| b == b'/')
            .any(|c| c.is_empty() || c == b"." || c == b".." || c.starts_with(b"-"));
        let bad_byte = !null && path.iter().any(|&b| b <= b' ' || b"'\"\\\x7f".contains(&b));
        if odd.is_none() && (bad_component || bad_byte) {
            odd = Some(format!("index_name:{}", String::from_utf8_lossy(path)));
        }
    });
    match read {
        Ok(()) => odd,
        Err(_) => Some("index_malformed".into()),
    }
}

fn reject<T>(rule: impl Into<crate::Text>, reason: impl Into<crate::Text>) -> Result<T, Reject> {
    Err(Reject::new(rule, reason))
}

/// Judge `git ARGS`; returns the rule that allowed it and the operands that are paths.
/// A git command judged read-only: the rule, the operands that are paths,
/// and whether it runs git inside submodules too.
pub(crate) struct Judged<'a> {
    pub rule: crate::Text,
    pub paths: Vec<&'a str>,
    pub submodules: bool,
}

pub(crate) fn judge<'a>(args: &'a [&'a str]) -> Result<Judged<'a>, Reject> {
    let mut i = 0;
    while let Some(&a) = args.get(i).filter(|a| a.starts_with('-')) {
        if a == "--version" || a == "--help" {
            return Ok(Judged {
                rule: Rule::ReadonlyGit.at("--version"),
                paths: Vec::new(),
                submodules: false,
            });
        }
        if !GLOBALS.contains(&a) {
            let name = a.split('=').next().unwrap_or(a);
            return reject(
                Rule::GitGlobal.at(name),
                format!("`{name}` changes which repository, configuration or program git uses"),
            );
        }
        i += 1;
    }
    let rest = &args[i..];
    let Some(known) = subcommand(rest) else {
        let sub = rest.first().copied().unwrap_or("");
        return reject(
            Rule::GitSubcommand.at(sub),
            format!("`git {sub}` is not known to be read-only"),
        );
    };
    let sub = &known.name;
    let sub_args = &rest[known.words..];
    let options = known.options();
    let numeric = matches!(
        *sub,
        "log" | "show" | "rev-list" | "shortlog" | "reflog" | "reflog show" | "stash list"
    );
    let parsed = flags::parse(options, sub_args, numeric, false).map_err(|u| {
        Reject::new(
            Rule::ReadonlyFlag.at_fmt(format_args!("git {sub}:{}", u.0)),
            format!("`{}` is not a known read-only option of `git {sub}`", u.0),
        )
    })?;
    callbacks(sub, &parsed)?;
    let paths = if PATH_OPERANDS.contains(sub) {
        parsed.operands.iter().map(|(_, o)| *o).collect()
    } else {
        after_double_dash(sub_args)
    };
    Ok(Judged {
        rule: crate::Text::Borrowed(&known.rule),
        paths,
        submodules: recurses_into_submodules(sub, &parsed),
    })
}

/// A read-only subcommand; its option table is parsed the first time it
/// is judged (a hook judging `git log` parses `log`'s table alone).
struct Subcommand {
    name: &'static str,
    /// How many words the name has (`stash list` has two).
    words: usize,
    table: &'static str,
    options: std::sync::OnceLock<Options>,
    /// `readonly.git:NAME`, the rule that lets it through.
    rule: String,
}

impl Subcommand {
    fn options(&self) -> &Options {
        self.options.get_or_init(|| {
            let mut options = Options::parse(self.table);
            options.extend("--help");
            options
        })
    }
}

/// The subcommand `rest` starts with: the longest entry of [`SUBCOMMANDS`]
/// whose words begin `rest`. The index (by first word, longest first) is
/// built once.
fn subcommand(rest: &[&str]) -> Option<&'static Subcommand> {
    use std::collections::HashMap;
    use std::sync::OnceLock;
    type Index = HashMap<&'static str, Vec<Subcommand>, foldhash::fast::FixedState>;
    static INDEX: OnceLock<Index> = OnceLock::new();
    let index = INDEX.get_or_init(|| {
        let mut index = Index::default();
        for &(name, table) in SUBCOMMANDS {
            let first = name.split(' ').next().unwrap_or(name);
            index.entry(first).or_default().push(Subcommand {
                name,
                words: name.split(' ').count(),
                table,
                options: std::sync::OnceLock::new(),
                rule: Rule::ReadonlyGit.at(name).into_owned(),
            });
        }
        for entries in index.values_mut() {
            entries.sort_by_key(|s| std::cmp::Reverse(s.words));
        }
        index
    });
    index
        .get(*rest.first()?)?
        .iter()
        .find(|s| rest.len() >= s.words && s.name.split(' ').zip(rest).all(|(w, a)| w == *a))
}

fn after_double_dash<'a>(args: &'a [&'a str]) -> Vec<&'a str> {
    match args.iter().position(|a| *a == "--") {
        Some(i) => args[i + 1..].to_vec(),
        None => Vec::new(),
    }
}

fn callbacks(sub: &str, p: &Parsed<'_>) -> Result<(), Reject> {
    for f in &p.flags {
        if matches!(f.name, "--format" | "--pretty")
            && let Some(v) = f.value
            && (v.contains("%G") || v.contains("%(signature"))
        {
            return reject(Rule::GitGpgFormat, "signature placeholders run GPG");
        }
        // `--sort=signature` verifies every ref's signature with GPG.
        if f.name == "--sort" && f.value.is_some_and(|v| v.contains("signature")) {
            return reject(Rule::GitGpgFormat, "sorting by signature runs GPG");
        }
    }
    match sub {
        "branch" | "tag" if !p.operands.is_empty() && !p.has("-l") => reject(
            Rule::GitCreatesRef.at(sub),
            format!("`git {sub} NAME` creates a {sub}"),
        ),
        // `git remote`, `git remote get-url NAME`, and `git remote show -n NAME`
        // (without -n, show contacts the remote).
        "remote" => {
            let words: Vec<&str> = p.operands.iter().map(|(_, o)| *o).collect();
            match words.as_slice() {
                [] | ["get-url", _] => Ok(()),
                ["show", ..] if p.has("-n") => Ok(()),
                _ => reject(
                    Rule::GitRemote,
                    "`git remote` with these arguments changes or contacts remotes",
                ),
            }
        }
        // A read: `--get`/`--list` forms, `git config KEY` (a key has a dot;
        // write subcommands do not), `git config get KEY`, `git config list`.
        "config"
            if !p
                .flags
                .iter()
                .any(|f| matches!(f.name, "--get" | "--get-all" | "--get-regexp" | "-l"))
                && !matches!(
                    p.operands.iter().map(|(_, o)| *o).collect::<Vec<_>>().as_slice(),
                    [key] if key.contains('.') && !key.starts_with('-')
                )
                && !matches!(
                    p.operands.iter().map(|(_, o)| *o).collect::<Vec<_>>().as_slice(),
                    ["get", key] if key.contains('.')
                )
                && !matches!(
                    p.operands
                        .iter()
                        .map(|(_, o)| *o)
                        .collect::<Vec<_>>()
                        .as_slice(),
                    ["list"]
                ) =>
        {
            reject(
                Rule::GitConfigWrite,
                "`git config` without --get or --list may write",
            )
        }
        "config" if p.operands.len() > 1 && !matches!(p.operands.first(), Some((_, "get"))) => {
            reject(Rule::GitConfigWrite, "a value after the key writes it")
        }
        "help" if p.has("-w") => reject(Rule::GitHelpWeb, "opens a browser"),
        // `git symbolic-ref NAME` reads; `git symbolic-ref NAME REF` writes.
        "symbolic-ref" if p.operands.len() > 1 => reject(
            Rule::GitSymbolicRefWrite,
            "`git symbolic-ref NAME REF` points NAME at REF",
        ),
        "reflog"
            if p.operands
                .first()
                .is_some_and(|(_, o)| REFLOG_VERBS.contains(o)) =>
        {
            reject(
                Rule::GitReflogWrite,
                "only `reflog show` and `reflog list` are read-only",
            )
        }
        _ => Ok(()),
    }
}

/// Why the repository at `cwd` is not safe to run git in, if it is not.
///
/// git runs programs named in a repository's configuration (`core.fsmonitor`,
/// diff drivers, filters, pagers) even for read-only commands, so a
/// repository whose `.git` was put there by someone else must be trusted
/// before any git command is auto-allowed.
pub fn repository_unsafe(cwd: &Path) -> Option<String> {
    match locate(cwd) {
        Located::Unsafe(why) => Some(why),
        Located::Nothing => None,
        Located::DotGit(dot_git, kind) => dot_git_unsafe(cwd, &dot_git, kind, Role::Main),
    }
}

/// May git, run at `cwd`, run what its command line does not name: the
/// repository is not safe ([`repository_unsafe`]) or has hooks
/// ([`has_hooks`])? One walk up from `cwd` answers both.
pub fn runs_unseen(cwd: &Path) -> bool {
    match locate(cwd) {
        Located::Unsafe(_) => true,
        Located::Nothing => false,
        Located::DotGit(dot_git, kind) => {
            dot_git_unsafe(cwd, &dot_git, kind, Role::Main).is_some() || hooks_in(&dot_git)
        }
    }
}

/// What the walk from a working directory up to `/` meets first.
enum Located {
    /// A `.git` (of this file type).
    DotGit(PathBuf, rustix::fs::FileType),
    /// Something no repository check can vouch for (a level that looks
    /// like a bare repository, an unreadable `.git`, a relative path).
    Unsafe(String),
    /// No repository at all.
    Nothing,
}

fn locate(cwd: &Path) -> Located {
    use std::os::unix::ffi::OsStrExt;
    let bytes = cwd.as_os_str().as_bytes();
    if !bytes.starts_with(b"/") {
        // Contexts are canonical; anything else is not walked.
        return Located::Unsafe("relative_cwd".into());
    }
    let mut probe = Probe::default();
    // `end` is the length of the level's path in `bytes`; 0 stands for `/`.
    let mut end = bytes.len();
    while end > 1 && bytes[end - 1] == b'/' {
        end -= 1;
    }
    loop {
        let level: &[u8] = if end <= 1 { b"/" } else { &bytes[..end] };
        match probe.kind(level, ".git", false) {
            Some(kind) => return Located::DotGit(probe.path(level, ".git"), kind),
            None if probe.failed_other_than_missing => {
                return Located::Unsafe("git_unreadable".into());
            }
            None => {}
        }
        // A level that looks like a bare repository before any trusted `.git`.
        let head = probe.kind(level, "HEAD", true).is_some_and(|k| k.is_file());
        if head
            || (probe
                .kind(level, "objects", true)
                .is_some_and(|k| k.is_dir())
                && probe.kind(level, "refs", true).is_some_and(|k| k.is_dir()))
        {
            return Located::Unsafe("bare".into());
        }
        if level == b"/" {
            return Located::Nothing;
        }
        end = level.iter().rposition(|&b| b == b'/').unwrap_or(0);
    }
}

/// Whose git directory is checked: the repository a command runs in, or a
/// submodule's (where git itself writes `core.worktree`, pointing back at
/// the checkout).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Main,
    Submodule,
}

/// `stat`/`lstat` of `LEVEL/NAME` through one reusable, NUL-terminated
/// buffer: no path parsing and no copy per call (the repository walk makes
/// three of these at every level from the cwd up to `/`).
#[derive(Default)]
struct Probe {
    buf: Vec<u8>,
    /// The last `kind` failed for a reason other than "no such file".
    failed_other_than_missing: bool,
}

impl Probe {
    fn kind(&mut self, level: &[u8], name: &str, follow: bool) -> Option<rustix::fs::FileType> {
        self.buf.clear();
        self.buf.extend_from_slice(level);
        if !level.ends_with(b"/") {
            self.buf.push(b'/');
        }
        self.buf.extend_from_slice(name.as_bytes());
        self.buf.push(0);
        self.failed_other_than_missing = false;
        let path = std::ffi::CStr::from_bytes_with_nul(&self.buf).ok()?;
        let stat = if follow {
            rustix::fs::stat(path)
        } else {
            rustix::fs::lstat(path)
        };
        match stat {
            Ok(stat) => Some(rustix::fs::FileType::from_raw_mode(stat.st_mode)),
            Err(e) => {
                self.failed_other_than_missing =
                    e != rustix::io::Errno::NOENT && e != rustix::io::Errno::NOTDIR;
                None
            }
        }
    }

    fn path(&self, level: &[u8], name: &str) -> PathBuf {
        use std::os::unix::ffi::OsStrExt;
        Path::new(std::ffi::OsStr::from_bytes(level)).join(name)
    }
}

/// The `.git` found at a level (of file type `kind`): a symbolic link or a
/// `gitdir:` file must lead to a real repository outside `cwd`; a directory
/// must be a valid, self-contained one.
fn dot_git_unsafe(
    cwd: &Path,
    dot_git: &Path,
    kind: rustix::fs::FileType,
    role: Role,
) -> Option<String> {
    // A link or a `gitdir:` file must lead to a git directory outside the
    // cwd, with a `.git` segment in its path (not one planted beside it).
    // And it must be this checkout's own: a submodule's, under a
    // superproject this checkout is inside (a linked worktree's has a
    // `commondir`, which is not trusted). A `.git` leading to any other
    // repository would show that repository, outside the workspace.
    let vetted = |target: &Path| {
        !target.starts_with(cwd)
            && target.components().any(|c| c.as_os_str() == ".git")
            && submodule_of(target, dot_git)
    };
    if kind.is_symlink() {
        return match std::fs::canonicalize(dot_git) {
            Ok(target) if vetted(&target) => git_dir_unsafe(&target, role),
            _ => Some("git_symlink".into()),
        };
    }
    if kind.is_file() {
        return match gitdir_target(dot_git) {
            None => Some("gitdir_file".into()),
            Some(target) if !vetted(&target) => Some("gitdir_target".into()),
            Some(target) => git_dir_unsafe(&target, role),
        };
    }
    if kind.is_dir() {
        return git_dir_unsafe(dot_git, role);
    }
    // A socket, FIFO or device named `.git`: git would not use it, but
    // nothing here is what a repository looks like.
    Some("git_special".into())
}

/// Is `git_dir` a submodule's (`S/.git/modules/...`) of a superproject `S`
/// that `dot_git` is inside?
fn submodule_of(git_dir: &Path, dot_git: &Path) -> bool {
    let text = git_dir.to_string_lossy();
    let Some(at) = text.find("/.git/modules/") else {
        return false;
    };
    let superproject = Path::new(&text[..at]);
    let dot_git = std::fs::canonicalize(dot_git.parent().unwrap_or(dot_git))
        .unwrap_or_else(|_| dot_git.to_path_buf());
    dot_git.starts_with(superproject)
}

fn git_dir_unsafe(git_dir: &Path, role: Role) -> Option<String> {
    let head = crate::fsread::read_bounded_no_link(&git_dir.join("HEAD"), 4096)
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default();
    let valid_head = head.starts_with("ref: refs/")
        || (head.trim().len() >= 40 && head.trim().bytes().all(|b| b.is_ascii_hexdigit()));
    // Its parts must be its own: `objects`, `refs`, `HEAD` and `config`
    // that are links could lead out of the workspace (opened without
    // following a last link, at no extra cost).
    let own_dir = |name: &str| {
        use rustix::fs::{Mode, OFlags};
        let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
        rustix::fs::open(git_dir.join(name), flags, Mode::empty()).is_ok()
    };
    if !valid_head || !own_dir("objects") || !own_dir("refs") {
        return Some("git_dir_invalid".into());
    }
    if git_dir.join("commondir").exists() {
        return Some("commondir".into());
    }
    // Run when the index is written, which `git status` does to refresh it.
    if git_dir.join("hooks/post-index-change").exists() {
        return Some("hook:post-index-change".into());
    }
    // Objects borrowed from other repositories, which may be anywhere.
    if std::fs::metadata(git_dir.join("objects/info/alternates")).is_ok_and(|m| m.len() > 0) {
        return Some("alternates".into());
    }
    config_unsafe(&git_dir.join("config"), role)
        .or_else(|| config_unsafe(&git_dir.join("config.worktree"), role))
        .or_else(|| git_dir_parts_unsafe(git_dir))
}

/// The directories of a git directory whose files git reads: refs and
/// their logs, `info` (`attributes`, `exclude`, `sparse-checkout`), linked
/// worktrees' state (`git worktree list -v` prints a `locked` reason), a
/// rebase's or cherry-pick's lists (`git status` prints their lines), the
/// old `remotes` and `branches` files of `git remote`, reftable's tables.
/// Walked whole. The others git does not read as data: `hooks` run (what a
/// read-only command runs is checked), `objects` holds objects checked by
/// their hashes (its `info` and `pack` are walked), tools keep their own.
#[rustfmt::skip]
const READ_DIRS: &[&str] = &[
    "refs", "logs", "info", "worktrees", "rebase-merge", "rebase-apply", "sequencer",
    "remotes", "branches", "reftable",
];

/// Entries of a git directory looked at before it is not trusted.
const MAX_GIT_DIR_ENTRIES: usize = 20_000;

/// What a directory met in the walk of a git directory is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    /// A git directory: its files, [`READ_DIRS`], `objects`, `modules`
    /// (`module`: a submodule's, below `modules`).
    GitDir { module: bool },
    /// `objects`: only `info` and `pack` hold files read as they are.
    Objects,
    /// Files git reads, at any depth.
    Files,
    /// `modules`, or a directory of it: submodules' git directories by
    /// their names, which may hold `/` (`modules/lib/sub`).
    Modules,
}

/// Every file git reads in `git_dir` must be a regular file of its own: a
/// link may lead anywhere and git prints what it cannot parse in its errors
/// (`packed-refs -> ~/.netrc`: `git show-ref` prints its lines); a FIFO
/// blocks git. The same below `modules`, whose git directories' own
/// configuration is checked too (`git status` runs git in submodules with
/// it). A tree too large to look at is not trusted.
fn git_dir_parts_unsafe(git_dir: &Path) -> Option<String> {
    let mut pending = vec![(git_dir.to_path_buf(), Part::GitDir { module: false })];
    let mut seen = 0;
    while let Some((dir, part)) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            seen += 1;
            if seen > MAX_GIT_DIR_ENTRIES {
                return Some("git_dir_too_large".into());
            }
            let Ok((path, kind)) = entry.and_then(|e| Ok((e.path(), e.file_type()?))) else {
                return Some("git_dir_unreadable".into());
            };
            if kind.is_dir() {
                match descend(part, &path) {
                    Ok(Some(next)) => pending.push((path, next)),
                    Ok(None) => {}
                    Err(why) => return Some(why),
                }
            } else if !kind.is_file() {
                let what = if kind.is_symlink() { "link" } else { "special" };
                let part = path.strip_prefix(git_dir).unwrap_or(&path);
                return Some(format!("git_dir_{what}:{}", part.display()));
            }
        }
    }
    None
}

/// How the walk goes on into `dir`, met in a directory of kind `part`:
/// as what it is, or not at all (`None`); `Err` when it is a submodule's
/// git directory with unsafe configuration.
fn descend(part: Part, dir: &Path) -> Result<Option<Part>, String> {
    let name = dir.file_name().and_then(|n| n.to_str()).unwrap_or("");
    Ok(match part {
        Part::GitDir { module } => match name {
            "objects" => Some(Part::Objects),
            "modules" => Some(Part::Modules),
            "hooks" => None,
            n if READ_DIRS.contains(&n) => Some(Part::Files),
            // A submodule's git directory may hold another's, by name.
            _ => module.then_some(Part::Modules),
        },
        Part::Objects => matches!(name, "info" | "pack").then_some(Part::Files),
        Part::Files => Some(Part::Files),
        Part::Modules => {
            let holds = |f: &str| std::fs::symlink_metadata(dir.join(f)).is_ok();
            if !holds("HEAD") && !holds("config") {
                return Ok(Some(Part::Modules));
            }
            let unsafe_config = config_unsafe(&dir.join("config"), Role::Submodule)
                .or_else(|| config_unsafe(&dir.join("config.worktree"), Role::Submodule));
            match unsafe_config {
                Some(why) => return Err(why),
                None => Some(Part::GitDir { module: true }),
            }
        }
    })
}

/// A repository configuration larger than this is not read (and not trusted).
const MAX_CONFIG_BYTES: u64 = 1024 * 1024;

/// Configuration keys that make git run a program during read-only
/// commands. A file git would read otherwise than [`entries`] does is not
/// trusted either.
fn config_unsafe(config: &Path, role: Role) -> Option<String> {
    use crate::fsread::ReadError;
    let bytes = match crate::fsread::read_bounded_no_link(config, MAX_CONFIG_BYTES) {
        Ok(bytes) => bytes,
        Err(ReadError::Missing) => return None,
        Err(ReadError::TooLarge) => return Some("config_too_large".into()),
        Err(ReadError::NotRegular | ReadError::Unreadable) => {
            return Some("config_unreadable".into());
        }
    };
    let Ok(entries) = entries(&bytes) else {
        return Some("config_malformed".into());
    };
    for entry in &entries {
        let Entry { section, key, .. } = entry;
        let value = entry.value();
        if section == "include" || section.starts_with("includeif") {
            return Some(format!("config:{section}"));
        }
        let full = format!("{section}.{key}");
        if key_runs_or_reads(section, key, value)
            && !(full == "core.fsmonitor" && value == "false")
            && !(full == "core.worktree" && role == Role::Submodule)
        {
            return Some(format!("config:{full}"));
        }
    }
    None
}

/// Every verb `git reflog` dispatches on besides `show` and `list` (git
/// 2.50 added `drop` and `write`): read as a ref, it would pass.
const REFLOG_VERBS: &[&str] = &["expire", "delete", "exists", "drop", "write"];

/// Configuration keys (`section.key`, lowercase) that make a read-only
/// subcommand run a program, read a file named there, reach the network or
/// go where the judge does not look.
#[rustfmt::skip]
const UNSAFE_KEYS: &[&str] = &[
    "core.fsmonitor", "core.pager", "diff.external", "core.sshcommand", "core.askpass",
    "core.gitproxy", "core.alternaterefscommand",
    // Hooks from another directory (`post-index-change` runs when `git
    // status` refreshes the index).
    "core.hookspath",
    // The work tree elsewhere: `git status`/`diff` read it (a submodule's git
    // directory has one by design).
    "core.worktree",
    // `git log` verifies signatures with this program.
    "log.showsignature",
    // `git help` runs these viewers and browsers, and shows HTML pages in a
    // browser, from anywhere.
    "help.browser", "web.browser", "help.format", "help.htmlpath",
    // Files named here are read wherever they are, and what git cannot
    // parse in them it prints: `git blame`'s revisions to ignore, the
    // attributes and ignore rules every status, diff and grep reads, the
    // mailmap of `log`, `shortlog` and `blame`, diff's order, the commit
    // message template, ssh signing's signers and revocations.
    "blame.ignorerevsfile", "core.attributesfile", "core.excludesfile", "mailmap.file",
    "mailmap.blob", "diff.orderfile", "commit.template", "gpg.ssh.allowedsignersfile",
    "gpg.ssh.revocationfile",
    // Programs ssh signing runs for a key.
    "gpg.ssh.defaultkeycommand",
    // `git show`/`log -p` run git in submodules, with their own configuration
    // (checked only for status, diff, describe).
    "diff.submodule",
    // Every subcommand that can recurse (`grep`, `ls-files`) then does, into
    // submodules with their own configuration.
    "submodule.recurse",
    // A partial clone fetches missing objects when `show`, `log -p`,
    // `cat-file` or `blame` need them: the network, and `remote.*.uploadpack`.
    "extensions.partialclone",
];

/// Sections (their first part) whose every key runs a program or opens a
/// page: pagers, filters, viewers, browsers, `uploadpack`.
/// (`trace2` writes every command's trace to the file or socket it names.)
const UNSAFE_SECTIONS: &[&str] = &["pager", "filter", "uploadpack", "man", "browser", "trace2"];

/// Does `section.key = value` make a read-only subcommand unsafe?
fn key_runs_or_reads(section: &str, key: &str, value: &str) -> bool {
    let top = section.split('.').next().unwrap_or("");
    UNSAFE_KEYS.contains(&[section, ".", key].concat().as_str())
        || UNSAFE_SECTIONS.contains(&top)
        // `%G...` in a pretty format verifies signatures: runs gpg.
        || ((section == "format" && key == "pretty" || top == "pretty") && value.contains("%G"))
        || (top == "diff" && matches!(key, "textconv" | "command"))
        || (top == "remote" && matches!(key, "promisor" | "uploadpack" | "partialclonefilter"))
        // `gpg.program`, `gpg.ssh.program`, `gpg.x509.program`, ...
        || (top == "gpg" && key.ends_with("program"))
}

/// The variables of a configuration file as git reads them, `(name,
/// value)` (`None`: a bare key), or `None` where git would not read it
/// exactly as the judge does. For tests against `git config --list`.
#[doc(hidden)]
pub fn config_variables(bytes: &[u8]) -> Option<Vec<(String, Option<String>)>> {
    let entries = entries(bytes).ok()?;
    Some(
        entries
            .into_iter()
            .map(|e| match e.section.as_str() {
                // A variable before any header: git names it by its key.
                "" => (e.key, e.value),
                section => (format!("{section}.{}", e.key), e.value),
            })
            .collect(),
    )
}

/// Subcommands that run git again inside checked-out submodules (to see
/// whether they are dirty, to list their files, or, for `submodule
/// status` in every form, `git describe` in each one, which fetches what a
/// partial clone lacks).
pub(crate) fn recurses_into_submodules(sub: &str, p: &Parsed<'_>) -> bool {
    matches!(sub, "status" | "diff" | "describe" | "submodule status")
        || (sub == "ls-files" && p.has("--recurse-submodules"))
}

/// Submodules that git would run in: every gitlink of the repository
/// around `cwd` whose work tree is checked out must itself be a safe
/// repository (its own `.git` directory, or the `gitdir:` it points at),
/// and so must theirs, at most 3 deep. `None` when
/// there is no repository or no submodule.
pub fn submodules_unsafe(cwd: &Path) -> Option<String> {
    let root = work_tree_root(cwd)?;
    submodules_below(&root, 0)
}

const MAX_SUBMODULE_DEPTH: usize = 3;
const MAX_SUBMODULES: usize = 256;
/// Larger indexes (hundreds of thousands of files) are not read: the
/// repository is then not trusted for commands that recurse into submodules.
const MAX_INDEX_BYTES: u64 = 64 * 1024 * 1024;

/// The index of the work tree at `root`, and the length of its object
/// names: `Ok(None)` when there is no repository or nothing is staged,
/// `Err(why)` when it cannot be read.
fn work_tree_index(root: &Path) -> Result<Option<(Vec<u8>, usize)>, String> {
    let dot_git = root.join(".git");
    let git_dir = match std::fs::symlink_metadata(&dot_git) {
        Ok(m) if m.is_dir() => dot_git,
        // A linked `.git` (the repository check vetted where it leads).
        Ok(m) if m.file_type().is_symlink() && dot_git.is_dir() => match dot_git.canonicalize() {
            Ok(target) => target,
            Err(_) => return Err("submodule_gitdir".into()),
        },
        Ok(_) => match gitdir_target(&dot_git) {
            Some(target) => target,
            None => return Err("submodule_gitdir".into()),
        },
        Err(_) => return Ok(None),
    };
    let index_path = git_dir.join("index");
    let index = match std::fs::metadata(&index_path) {
        Err(_) => return Ok(None), // nothing staged yet
        Ok(m) if m.len() > MAX_INDEX_BYTES => return Err("index_too_large".into()),
        Ok(_) => match crate::fsread::read_bounded(&index_path, MAX_INDEX_BYTES) {
            Ok(bytes) => bytes,
            Err(_) => return Err("index_unreadable".into()),
        },
    };
    let hash_len = if object_format_sha256(&git_dir.join("config")) {
        32
    } else {
        20
    };
    Ok(Some((index, hash_len)))
}

fn submodules_below(root: &Path, depth: usize) -> Option<String> {
    let (index, hash_len) = match work_tree_index(root) {
        Ok(Some(index)) => index,
        Ok(None) => return None,
        Err(why) => return Some(why),
    };
    let Ok(links) = crate::index::gitlinks(&index, hash_len) else {
        return Some("index_malformed".into());
    };
    if links.len() > MAX_SUBMODULES {
        return Some("submodules_too_many".into());
    }
    for link in links {
        use std::os::unix::ffi::OsStrExt;
        let work_tree = root.join(std::ffi::OsStr::from_bytes(&link));
        let dot_git = work_tree.join(".git");
        let Ok(meta) = std::fs::symlink_metadata(&dot_git) else {
            continue; // not checked out: git does not go in
        };
        if depth >= MAX_SUBMODULE_DEPTH {
            return Some("submodules_too_deep".into());
        }
        let kind = rustix::fs::FileType::from_raw_mode(std::os::unix::fs::MetadataExt::mode(&meta));
        if let Some(why) = dot_git_unsafe(&work_tree, &dot_git, kind, Role::Submodule) {
            return Some(format!("submodule:{why}"));
        }
        if let Some(why) = submodules_below(&work_tree, depth + 1) {
            return Some(why);
        }
    }
    None
}

/// Where a `gitdir: PATH` file points (resolved against its directory);
/// `None` for a file over 32 KiB, with a NUL, or without `gitdir:`.
fn gitdir_target(dot_git: &Path) -> Option<PathBuf> {
    let bytes = crate::fsread::read_bounded(dot_git, 32 * 1024).ok()?;
    if bytes.contains(&0) {
        return None;
    }
    // As git's `read_gitfile_gently`: exactly `gitdir: `, then the path
    // with only its trailing CR and LF taken off (a leading blank is part
    // of it: `gitdir:  /x` names ` /x`, relative to the file's directory).
    let text = std::str::from_utf8(&bytes).ok()?;
    let path = text
        .strip_prefix("gitdir: ")?
        .trim_end_matches(['\n', '\r']);
    if path.is_empty() {
        return None;
    }
    let target = dot_git.parent()?.join(path);
    Some(std::fs::canonicalize(&target).unwrap_or(target))
}

/// `extensions.objectFormat = sha256` in a repository's config.
fn object_format_sha256(config: &Path) -> bool {
    let bytes = crate::fsread::read_bounded(config, MAX_CONFIG_BYTES).unwrap_or_default();
    entries(&bytes).is_ok_and(|entries| {
        entries.iter().any(|e| {
            e.section == "extensions"
                && e.key == "objectformat"
                && e.value().eq_ignore_ascii_case("sha256")
        })
    })
}

/// Does the repository around `cwd` keep credentials in its configuration
/// (a remote URL with a password, an `extraheader` with a token)? Then
/// `git remote -v` and `git config --list` would print them to the model:
/// they ask instead. A `.git` that is not a directory asks too (its
/// configuration is elsewhere).
pub fn config_holds_credentials(cwd: &Path, home: Option<&Path>) -> bool {
    let Some(root) = work_tree_root(cwd) else {
        return false;
    };
    let dot_git = root.join(".git");
    if !dot_git.is_dir() {
        return true;
    }
    // The user's and the system's files are printed by `git config -l` too.
    let xdg = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| home.map(|h| h.join(".config")));
    let files = [
        Some(dot_git.join("config")),
        home.map(|h| h.join(".gitconfig")),
        xdg.map(|x| x.join("git/config")),
        Some(PathBuf::from("/etc/gitconfig")),
    ];
    let mut budget = MAX_INCLUDED_FILES;
    files
        .iter()
        .flatten()
        .any(|file| file_holds_credentials(file, home, 0, &mut budget))
}

/// How many configuration files, includes counted, are read for
/// credentials; past it, the configuration is taken to hold some.
const MAX_INCLUDED_FILES: usize = 16;

/// Does `file`, or a file it includes (`[include]`/`[includeIf ...]`
/// `path`, followed whatever the condition), hold credentials?
fn file_holds_credentials(
    file: &Path,
    home: Option<&Path>,
    depth: usize,
    budget: &mut usize,
) -> bool {
    if depth > 3 || *budget == 0 {
        return true;
    }
    *budget -= 1;
    let bytes = match crate::fsread::read_bounded(file, MAX_CONFIG_BYTES) {
        Ok(bytes) => bytes,
        Err(crate::fsread::ReadError::Missing) => return false,
        // Too large or unreadable: it cannot be shown to hold none.
        Err(_) => return true,
    };
    // A file git would read otherwise than the judge cannot be shown to
    // hold none either.
    let Ok(entries) = entries(&bytes) else {
        return true;
    };
    if holds_credentials(&bytes, &entries) {
        return true;
    }
    let dir = file.parent().unwrap_or(Path::new("/"));
    let mut paths = entries.iter().filter(|e| {
        (e.section == "include" || e.section.starts_with("includeif")) && e.key == "path"
    });
    paths.any(|e| {
        let path = e.value();
        let included = match path.strip_prefix("~/") {
            Some(rest) => match home {
                Some(home) => home.join(rest),
                None => return true,
            },
            None => dir.join(path),
        };
        file_holds_credentials(&included, home, depth + 1, budget)
    })
}

/// A file of git's configuration or credentials named by `path` (resolved)
/// that a reader would print credentials from: `.git-credentials` and
/// `.config/git/credentials` always, and when they hold credentials, the
/// `config` or `config.worktree` of a git directory, `.gitconfig`,
/// `.config/git/config`, or a git directory's config through the directory
/// (`grep -r url .git`, `cat .git/*`). `cat .git/config` then asks as `git
/// remote -v` does. Only these names cost more than a comparison.
pub(crate) fn credentials_file(path: &Path) -> Option<PathBuf> {
    use std::os::unix::ffi::OsStrExt;
    let name = path.file_name()?.as_bytes();
    let parent = path.parent()?;
    let in_git_dir = || std::fs::symlink_metadata(parent.join("HEAD")).is_ok();
    let config = match name {
        b".git-credentials" => return Some(path.to_path_buf()),
        b"credentials" if parent.ends_with(".config/git") => return Some(path.to_path_buf()),
        b".gitconfig" => path.to_path_buf(),
        b"config" if parent.ends_with(".config/git") => path.to_path_buf(),
        b"config" | b"config.worktree" if in_git_dir() => path.to_path_buf(),
        b".git" => path.join("config"),
        _ => return None,
    };
    let bytes = match crate::fsread::read_bounded(&config, MAX_CONFIG_BYTES) {
        Ok(bytes) => bytes,
        Err(crate::fsread::ReadError::Missing | crate::fsread::ReadError::NotRegular) => {
            return None;
        }
        Err(_) => return Some(config),
    };
    let shows = match entries(&bytes) {
        Ok(entries) => holds_credentials(&bytes, &entries),
        Err(_) => true,
    };
    shows.then_some(config)
}

/// Key names that hold secrets (`http.extraHeader`, `sendemail.smtpPass`,
/// `github.token`, `hub.oauthtoken`, ...), matched on the key's last part.
#[rustfmt::skip]
const SECRET_KEYS: &[&str] = &[
    "extraheader", "pass", "password", "token", "secret", "oauthtoken", "apikey", "api-key",
    "api_key", "auth", "authorization", "accesskey", "privatekey", "credential", "credentials",
];

/// Credentials in a configuration file: a key named for a secret with a
/// value, or a URL with a userinfo in a value or a section's name (`[url
/// "https://user:pass@host/"]`, printed by `git config -l` and in the URLs
/// it rewrites). The text is scanned as written too (`cat` prints it so).
fn holds_credentials(bytes: &[u8], entries: &[Entry]) -> bool {
    let secret_key = |key: &str| SECRET_KEYS.iter().any(|s| key.ends_with(s));
    let text = String::from_utf8_lossy(bytes);
    let as_written = text.lines().any(|line| {
        let (key, value) = line.split_once('=').unwrap_or((line, ""));
        let key = key.trim().to_ascii_lowercase();
        (secret_key(&key) && !key.starts_with('[') && !value.trim().is_empty())
            || url_with_userinfo(line)
    });
    as_written
        || entries.iter().any(|e| {
            (secret_key(&e.key) && !e.value().is_empty())
                || url_with_userinfo(e.value())
                || url_with_userinfo(&e.section)
        })
}

/// Schemes whose userinfo is a login name, not a secret (`ssh://git@host`).
const LOGIN_SCHEMES: &[&str] = &["ssh", "git+ssh", "ssh+git"];

/// `scheme://userinfo@host` anywhere in `text`: a token as the user name
/// (`https://ghp_x@github.com`) or a user and password; for the schemes of
/// [`LOGIN_SCHEMES`], only with a password.
fn url_with_userinfo(text: &str) -> bool {
    let mut rest = text;
    while let Some(i) = rest.find("://") {
        let before = &rest[..i];
        let start = before
            .char_indices()
            .rev()
            .find(|&(_, c)| !(c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')))
            .map_or(0, |(j, c)| j + c.len_utf8());
        let scheme = before[start..].to_ascii_lowercase();
        rest = &rest[i + 3..];
        let authority = rest
            .split(|c: char| matches!(c, '/' | '?' | '#' | '"' | ']') || c.is_whitespace())
            .next()
            .unwrap_or("");
        let Some((userinfo, _)) = authority.rsplit_once('@') else {
            continue;
        };
        let login = LOGIN_SCHEMES.contains(&scheme.as_str());
        let password = userinfo.split_once(':').is_some_and(|(_, p)| !p.is_empty());
        if !userinfo.is_empty() && (!login || password) {
            return true;
        }
    }
    // A proxy or remote given without a scheme (`http.proxy =
    // user:pass@proxy:3128`): a login and password before an `@`.
    text.split(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | '='))
        .filter(|token| !token.contains("://"))
        .any(|token| {
            token.split_once('@').is_some_and(|(userinfo, host)| {
                !host.is_empty()
                    && !userinfo.contains('/')
                    && userinfo
                        .split_once(':')
                        .is_some_and(|(user, pass)| !user.is_empty() && !pass.is_empty())
            })
        })
}

/// `scheme://user:password@host` with a non-empty password, anywhere in
/// `value`. (The executor's environment filter asks the same question.)
pub fn url_with_password(value: &str) -> bool {
    value.split("://").skip(1).any(|after| {
        after
            .split(['/', '?', '#'])
            .next()
            .and_then(|authority| authority.rsplit_once('@'))
            .and_then(|(userinfo, _)| userinfo.split_once(':'))
            .is_some_and(|(_, password)| !password.is_empty())
    })
}

/// Does a pathspec carry the `top` magic (`:/x`, `:(top)x`, `:(top,icase)`),
/// which git reads from the repository's top rather than the working
/// directory?
pub(crate) fn top_pathspec(arg: &str) -> bool {
    let Some(magic) = arg.strip_prefix(':') else {
        return false;
    };
    match magic.strip_prefix('(') {
        Some(long) => long
            .split(')')
            .next()
            .is_some_and(|list| list.split(',').any(|m| m.trim() == "top")),
        // Short magic: signs before the path (`:/`, `:!/`, `:^/`), ending at
        // a `:` or the first other character.
        None => magic
            .chars()
            .take_while(|c| matches!(c, '/' | '!' | '^'))
            .any(|c| c == '/'),
    }
}

/// The directory holding the nearest `.git` at or above `cwd` (the work tree
/// root), found without running git.
pub fn work_tree_root(cwd: &Path) -> Option<PathBuf> {
    let mut dir = cwd.to_path_buf();
    loop {
        if std::fs::symlink_metadata(dir.join(".git")).is_ok() {
            return Some(dir);
        }
        if !dir.pop() {
            return None;
        }
    }
}

/// Does the repository `cwd` is in have hooks: a file in its git
/// directory's `hooks` that is not one of git's `.sample`s (a `.git` file's
/// `gitdir:` followed; one that cannot be read counts)? git runs them on
/// commits, checkouts, merges, pushes, ref updates and index writes, so
/// what such a git runs no deny rule sees.
pub fn has_hooks(cwd: &Path) -> bool {
    work_tree_root(cwd).is_some_and(|root| hooks_in(&root.join(".git")))
}

/// Does the git directory `dot_git` leads to hold a hook?
fn hooks_in(dot_git: &Path) -> bool {
    let git_dir = if dot_git.is_file() {
        match gitdir_target(dot_git) {
            Some(dir) => dir,
            None => return true,
        }
    } else {
        dot_git.to_path_buf()
    };
    std::fs::read_dir(git_dir.join("hooks")).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| !e.file_name().to_string_lossy().ends_with(".sample"))
    })
}

#[cfg(test)]
mod credentials {
    use proptest::prelude::*;

    /// A userinfo is a credential in every scheme but ssh's, where only a
    /// password is.
    #[test]
    fn userinfo_in_urls() {
        #[rustfmt::skip]
        let rows: &[(&str, bool)] = &[
            ("https://ghp_x@github.com/o/r.git", true),
            ("[url \"https://user:pass@github.com/\"] insteadOf = https://github.com/", true),
            ("\turl = HTTPS://tok@example.com", true),
            ("ftp://u@example.com/", true),
            ("git+https://u@example.com/", true),
            ("ssh://git:hunter2@example.com/r.git", true),
            ("https://github.com/o/r.git", false),
            ("ssh://git@github.com/o/r.git", false),
            ("git@github.com:o/r.git", false),
            ("https://github.com/o/r?x=a@b", false),
            ("https://@github.com/", false),
            ("é://u@h ü://", true),
            // A proxy without a scheme (`http.proxy`), and what is not one.
            ("\tproxy = alice:S3cretPr0xy@proxy.example:3128", true),
            ("alice:pw@proxy", true),
            ("\temail = alice@example.com", false),
            ("alice:@proxy", false),
            ("a/b:c@d", false),
        ];
        for (text, want) in rows {
            assert_eq!(super::url_with_userinfo(text), *want, "{text}");
        }
    }

    /// Keys named for a secret, with a value, are credentials; a key
    /// that only names one (`user.signingKey`, a key's id) is not.
    #[test]
    fn secret_keys() {
        #[rustfmt::skip]
        let rows: &[(&str, bool)] = &[
            ("[circleci]\n\tapikey = CCI-SECRET-123\n", true),
            ("[npm]\n\tauth = dXNlcjpwYXNz\n", true),
            ("[http]\n\textraHeader = Authorization: Bearer x\n", true),
            ("[hub]\n\toauthtoken = x\n", true),
            ("[user]\n\tsigningKey = 0xDEADBEEF\n\temail = a@b.c\n", false),
            ("[circleci]\n\tapikey =\n", false),
        ];
        for (text, want) in rows {
            let entries = crate::gitconfig::entries(text.as_bytes()).unwrap_or_default();
            assert_eq!(
                super::holds_credentials(text.as_bytes(), &entries),
                *want,
                "{text}"
            );
        }
    }

    proptest! {
        /// The configuration and credential readers answer any bytes.
        #[test]
        fn readers_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
            let entries = crate::gitconfig::entries(&bytes).unwrap_or_default();
            let _ = super::holds_credentials(&bytes, &entries);
            let _ = super::url_with_userinfo(&String::from_utf8_lossy(&bytes));
        }
    }
}

#[cfg(test)]
mod tables {
    /// The options of `NAME_LISTS` are canonical options of their subcommand.
    #[test]
    fn name_lists_name_options_of_the_subcommand() {
        for &(name, with, only, _) in super::NAME_LISTS {
            let known = super::subcommand(&[name]).unwrap();
            for o in with.iter().chain(only) {
                let args = [*o, "1"];
                let parsed = crate::flags::parse(known.options(), &args, false, false);
                assert!(parsed.is_ok_and(|p| p.has(o)), "git {name}: {o}");
            }
        }
    }

    /// Every subcommand's options are a well-formed table, and each
    /// subcommand is listed once.
    #[test]
    fn every_subcommand_table_is_well_formed() {
        let mut seen = std::collections::HashSet::new();
        let mut bad = Vec::new();
        for &(name, table) in super::SUBCOMMANDS {
            if !seen.insert(name) {
                bad.push(format!("git {name} is listed twice"));
            }
            if let Err(e) = crate::flags::check_table(table) {
                bad.push(format!("git {name}: {e}"));
            }
        }
        assert!(bad.is_empty(), "{}", bad.join("\n"));
    }
}
