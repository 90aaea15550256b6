//! The read-only command table: one row per command.
//!
//! Each row reads like the command's `--help`: the options that neither
//! write, execute, nor read files named by the option (those that read a file
//! are declared `=PATH` so the path is checked). Options not listed reject.
//! Options that make a recursive reader follow symbolic links (`grep -R`,
//! `rg -L`, `find -L`, `diff -r`, ...) are left out: a link planted in the
//! workspace would lead them anywhere. Options that run other programs
//! (decompressors, preprocessors, pagers) are left out too.
//! `--help` and `--version` are accepted everywhere. A reviewer can check a
//! row against the manual line by line.

use crate::Reject;
use crate::callbacks as cb;
use crate::flags::Parsed;
use crate::rules::Rule;

/// What the operands of a command are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Operands {
    /// Files that are read: resolved and checked against the workspace.
    Paths,
    /// A script, pattern or filter first (unless an option such as `-e`
    /// supplied it), then files.
    ScriptThenPaths,
    /// Text that is not a file name (`echo`, `tr` sets, `sleep` durations).
    Free,
    /// No operands at all.
    None,
}

pub(crate) type Check = fn(&Parsed<'_>, &[&str]) -> Result<(), Reject>;

/// What a program runs besides reading, when the judge looks into it
/// rather than rejecting it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Runs {
    /// Nothing (what its operands drive, `xargs`-like, is [`Row::drives`]).
    Nothing,
    /// git: global options, subcommands and the repository's configuration
    /// are judged by `git.rs`.
    Git,
    /// `find`'s `-exec CMD ;` / `-exec CMD {} +` actions: each command is
    /// judged on its own (the other actions stay unknown options).
    ExecActions,
}

/// A check of the raw arguments of an [`ANY_ARGS`] program.
pub(crate) type ArgsCheck = fn(&[&str]) -> Result<(), Reject>;

/// One row of the table.
pub(crate) struct Row {
    pub name: &'static str,
    pub operands: Operands,
    pub options: &'static str,
    /// `-20` means `-n 20` (head, tail).
    pub numeric_short: bool,
    /// The command has no option (of the program, not only of the row:
    /// a glob reaches them all) that writes, executes, or reads a file
    /// named by data (`wc --files0-from=F`, `sha256sum -c`, `xz --files=F`),
    /// so an unquoted glob that might expand to an option (`cat *`) is
    /// harmless.
    pub glob_safe: bool,
    /// The options a glob could become at most make it read files named by
    /// data (`wc --files0-from=F`, `sha256sum -c`, `xz --files=F`): it
    /// never writes or runs. Where no name of the directory a glob starts
    /// in begins with `-`, the glob is no option and the command runs
    /// (the file system is asked, as for links); else it is not read-only.
    pub glob_reads_named: bool,
    /// Options stop at the first operand (the rest is another command).
    pub stop_at_operand: bool,
    /// Options that supply the script of `ScriptThenPaths`.
    pub script_options: &'static [&'static str],
    /// Options that make a recursive reader follow symbolic links: with one,
    /// the trees it reads are scanned for links leading out of the workspace.
    pub follows: &'static [&'static str],
    /// A glob that expands to options can at most make it read files of its
    /// own directory (a file name holds no `/`), recurse or follow links
    /// (`grep -R`, `ls -RL`, `zcat -rf`): where a name of the directory
    /// begins with `-` (else the glob is no option), the trees are scanned
    /// as for `follows` instead of rejecting.
    pub glob_reads_only: bool,
    /// The program follows links in its directory operands whatever its
    /// options (`diff DIR DIR` reads each pair of files, links included):
    /// its trees are scanned as for `follows`.
    pub follows_always: bool,
    /// Options that make the path operands lists of more paths to read
    /// (`sha256sum -c SUMS` reads every file named in SUMS): each listed
    /// path is checked like an operand.
    pub lists: &'static [&'static str],
    /// Options whose value is a file of more names in which a line that
    /// starts with `-` is an option (GNU tar's `-T`), and the option that
    /// makes later ones read their lines verbatim: each such file must
    /// hold no option line.
    pub argument_files: Option<(&'static [&'static str], &'static str)>,
    pub check: Option<Check>,
    /// Reads the first argument in an older syntax into options (`tar tzf`
    /// is `tar -tzf`) before the options are parsed.
    pub old_style: Option<fn(&str) -> Option<String>>,
    /// The program runs git in its working directory (`gh`): the
    /// repository there must be trusted as for git itself.
    pub runs_git: bool,
    /// A bare call (no operand) reads the home directory (`cd` goes there).
    pub bare_is_home: bool,
    /// With none of its path operands, it searches the working directory
    /// (`rg PATTERN`, `grep -r PATTERN`): always, or with one of these
    /// options (`Some(&[])`: always).
    pub bare_searches_cwd: Option<&'static [&'static str]>,
    /// Operand words that are not paths (`find`'s `!`, `(`, `)`, `,`).
    pub not_paths: &'static [&'static str],
    /// The programs it may run with its operands (`xargs`), each judged as
    /// a command of its own; empty: it runs none.
    pub drives: &'static [&'static str],
    /// The option whose value, wherever it occurs in the driven command's
    /// words, is replaced by each name read (`xargs -I@`).
    pub replace_option: Option<&'static str>,
    /// What it runs that the judge looks into.
    pub runs: Runs,
    /// When its output is names of files below its (judged) operands,
    /// which `xargs` may read (`find . -name '*.rs' | xargs grep x`):
    /// `None` when it never is.
    pub lists_names: Option<Names>,
    /// It changes the shell's directory (`cd`): later commands of the
    /// same line are judged in its operand.
    pub moves_cwd: bool,
    /// It searches directories made from the search path (`man` looks in
    /// `DIR/../share/man` of each `$PATH` entry): with an entry in the
    /// workspace, it reads what the workspace holds there.
    pub searches_path: bool,
    /// Programs it runs by name through the search path (`tar -z` runs
    /// `gzip`; `zcat` is a script that runs `gzip`): with an entry in the
    /// workspace, a file planted there under one of these names runs.
    pub helpers: &'static [&'static str],
    /// Examples next to the row: commands that must be read-only (`true`)
    /// and commands that must not (`false`), judged in an empty workspace
    /// by a test (`tests/rules.rs`, `row_examples`).
    pub examples: &'static [(&'static str, bool)],
}

/// The output modes in which a program prints names of files and
/// nothing else, one per line: an attribute of the options given, not of
/// the program (`find -printf TEXT`, `grep` without `-l`, `ls -l` print
/// other text, which `xargs` would read as names).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Names {
    /// One of these options must be given (`grep -l`); empty: none needs to be.
    pub with: &'static [&'static str],
    /// None of these may be: the row's options that print anything but
    /// names (each row lists all of its own).
    pub unless: &'static [&'static str],
}

const fn row(name: &'static str, operands: Operands, options: &'static str) -> Row {
    Row {
        name,
        operands,
        options,
        numeric_short: false,
        glob_safe: false,
        glob_reads_named: false,
        stop_at_operand: false,
        script_options: &[],
        follows: &[],
        glob_reads_only: false,
        follows_always: false,
        lists: &[],
        argument_files: None,
        check: None,
        old_style: None,
        runs_git: false,
        bare_is_home: false,
        bare_searches_cwd: None,
        not_paths: &[],
        drives: &[],
        replace_option: None,
        runs: Runs::Nothing,
        lists_names: None,
        moves_cwd: false,
        searches_path: false,
        helpers: &[],
        examples: &[],
    }
}

impl Row {
    const fn runs(mut self, runs: Runs) -> Row {
        self.runs = runs;
        self
    }
    const fn lists_names(
        mut self,
        with: &'static [&'static str],
        unless: &'static [&'static str],
    ) -> Row {
        self.lists_names = Some(Names { with, unless });
        self
    }
    const fn searches_path(mut self) -> Row {
        self.searches_path = true;
        self
    }
    const fn helpers(mut self, helpers: &'static [&'static str]) -> Row {
        self.helpers = helpers;
        self
    }
    const fn moves_cwd(mut self) -> Row {
        self.moves_cwd = true;
        self
    }
    const fn numeric(mut self) -> Row {
        self.numeric_short = true;
        self
    }
    const fn glob_safe(mut self) -> Row {
        self.glob_safe = true;
        self
    }
    const fn glob_reads_named(mut self) -> Row {
        self.glob_reads_named = true;
        self
    }
    const fn posix(mut self) -> Row {
        self.stop_at_operand = true;
        self
    }
    const fn script(mut self, options: &'static [&'static str]) -> Row {
        self.script_options = options;
        self
    }
    const fn follows(mut self, options: &'static [&'static str]) -> Row {
        self.follows = options;
        self
    }
    const fn glob_reads_only(mut self) -> Row {
        self.glob_reads_only = true;
        self
    }
    const fn follows_always(mut self) -> Row {
        self.follows_always = true;
        self
    }
    const fn lists(mut self, options: &'static [&'static str]) -> Row {
        self.lists = options;
        self
    }
    const fn argument_files(
        mut self,
        options: &'static [&'static str],
        verbatim: &'static str,
    ) -> Row {
        self.argument_files = Some((options, verbatim));
        self
    }
    const fn old_style(mut self, read: fn(&str) -> Option<String>) -> Row {
        self.old_style = Some(read);
        self
    }
    const fn runs_git(mut self) -> Row {
        self.runs_git = true;
        self
    }
    const fn bare_is_home(mut self) -> Row {
        self.bare_is_home = true;
        self
    }
    const fn bare_searches_cwd(mut self, options: &'static [&'static str]) -> Row {
        self.bare_searches_cwd = Some(options);
        self
    }
    const fn not_paths(mut self, words: &'static [&'static str]) -> Row {
        self.not_paths = words;
        self
    }
    const fn drives(mut self, programs: &'static [&'static str]) -> Row {
        self.drives = programs;
        self
    }
    const fn replaces(mut self, option: &'static str) -> Row {
        self.replace_option = Some(option);
        self
    }
    const fn examples(mut self, examples: &'static [(&'static str, bool)]) -> Row {
        self.examples = examples;
        self
    }
    const fn check(mut self, check: Check) -> Row {
        self.check = Some(check);
        self
    }
}

use Operands::{Free, None as NoOperands, Paths, ScriptThenPaths};

/// Commands that are read-only whatever their arguments (they have no option
/// that writes, executes, or reads a file named by an option, and their
/// operands are not files).
pub(crate) const ANY_ARGS: &[&str] = &[
    "echo", "true", "false", ":", "test", "[", "sleep", "basename", "dirname", "which", "type",
    "whoami", "id", "groups", "tty", "nproc", "uname", "uptime", "locale", "cal", "getconf",
    "logname", "help", "numfmt", "expr", "yes",
];

/// Checks on the arguments of [`ANY_ARGS`] programs whose arguments bash
/// evaluates: `test -v 'a[$(cmd)]'` runs `cmd` (a subscript is arithmetic).
pub(crate) const ANY_ARGS_CHECKS: &[(&str, ArgsCheck)] =
    &[("test", cb::test_names), ("[", cb::test_names)];

/// Builtins that only run the rest of the command (`command` itself is
/// also a lookup with `-v`/`-V`: `strip_builtins`).
pub(crate) const TRANSPARENT: &[&str] = &["command", "builtin", "noglob"];

/// Bash's builtins among the programs the tables know: their names are
/// never looked up on the search path.
pub(crate) const SHELL_BUILTINS: &[&str] = &[
    "echo",
    "printf",
    "test",
    "[",
    "cd",
    "pwd",
    "true",
    "false",
    ":",
    "type",
    "command",
    "builtin",
    "hash",
    "history",
    "jobs",
    "ulimit",
    "umask",
    "times",
    "dirs",
    "help",
    "read",
    "declare",
    "typeset",
    "export",
    "set",
    "alias",
    "local",
    "let",
    "wait",
    "shopt",
    "caller",
    "bind",
    "compgen",
    "complete",
    "trap",
    "kill",
    "enable",
    "fc",
    "pushd",
    "popd",
    "mapfile",
    "readarray",
    "source",
    ".",
    "eval",
    "exec",
    "exit",
    "logout",
    "return",
    "shift",
    "unset",
    "unalias",
    "getopts",
];

/// Commands whose output is the process environment or credentials.
pub(crate) const SECRETS: &[&str] = &["env", "set", "declare", "typeset", "export"];

/// Programs for which `NAME --version` (and `-V`, `-v`, `version` where shown) is a lookup.
/// Left out: launchers that load project code even for `--version` (`mvn` reads
/// `.mvn/jvm.config`, `gradle` its properties' JVM options, `pytest` plugins and
/// `conftest.py`). Launchers that can be pointed at a program by a project file
/// are listed, and checked by [`crate::project`]. Not `npm` or `npx`: npm
/// writes a log under `~/.npm/_logs` and asks the registry whether it is
/// outdated (writing `~/.npm/_update-notifier-last-checked`) for any
/// command, `--version` and `ls` included. (`pnpm -v`/`--version` print
/// the version before pnpm reads any configuration: no log, no check.)
pub(crate) const VERSION_ONLY: &[&str] = &[
    "cargo", "rustc", "rustup", "rustfmt", "java", "javac", "python", "python3", "node", "pnpm",
    "yarn", "deno", "bun", "go", "docker", "tsc", "clang", "gcc", "g++", "cc", "make", "cmake",
    "pip", "pip3", "java", "javac", "ruby", "perl", "php", "uv", "kubectl", "helm", "gh", "jq",
    "yq", "rg", "fd", "bash", "zsh", "sh", "git", "dotnet", "swift", "ninja", "meson", "poetry",
    "eslint", "prettier", "black", "ruff", "mypy",
];

/// Besides `--version`: the other spellings that only print a version,
/// and the programs for which they do. No flag prints a version for every
/// program: `sh -V` is vi mode in dash (and then reads standard input),
/// `ruby -v` turns on verbose mode and reads a program from standard input,
/// `kubectl version` asks the cluster (only `--client` stays local), and
/// `terraform version` checks for updates over the network.
#[rustfmt::skip]
pub(crate) const VERSION_FORMS: &[(&[&str], &[&str])] = &[
    (&["-V"], &[
        "cargo", "rustc", "rustup", "rustfmt", "python", "python3", "pip", "pip3", "uv", "jq", "rg",
        "fd", "poetry", "ruff", "mypy",
    ]),
    (&["-v"], &[
        "node", "pnpm", "yarn", "bun", "deno", "docker", "perl", "php", "gcc", "g++",
        "cc", "clang", "make", "tsc", "eslint", "prettier", "git",
    ]),
    (&["-vV"], &["rustc", "cargo"]),
    (&["version"], &["go", "docker", "helm"]),
    (&["version", "--client"], &["kubectl"]),
    (&["version", "--client=true"], &["kubectl"]),
    (&["-version"], &["java", "javac"]),
];

pub(crate) const ROWS: &[Row] = &[
    // ---- reading files -------------------------------------------------------
    row("cat", Paths, "-A|--show-all -b|--number-nonblank -e -E|--show-ends -n|--number -s|--squeeze-blank -t -T|--show-tabs -u -v|--show-nonprinting").glob_safe().examples(&[("cat -n f", true), ("cat /etc/passwd", false), ("cat ../x", false)]),
    row("head", Paths, "-n|--lines=NUM -c|--bytes=NUM -q|--quiet|--silent -v|--verbose -z|--zero-terminated").numeric().glob_safe().examples(&[("head -20 f", true), ("head -n 5 f", true), ("head ~/.ssh/id_rsa", false)]),
    row("tail", Paths, "-n|--lines=NUM -c|--bytes=NUM -q|--quiet|--silent -v|--verbose -z|--zero-terminated -f -s|--sleep-interval=NUM --pid=NUM").numeric().glob_safe().examples(&[("tail -n 20 f", true), ("tail -f log", true), ("tail /var/log/syslog", false), ("tail -F later.log", false)]),
    row("less", Paths, "-N|--LINE-NUMBERS -R|--RAW-CONTROL-CHARS -r|--raw-control-chars -S|--chop-long-lines -X|--no-init -F|--quit-if-one-screen -i|--ignore-case -I|--IGNORE-CASE -M|--LONG-PROMPT -m -n -E -e -q -s|--squeeze-blank-lines -x|--tabs=NUM").check(cb::no_plus_commands).helpers(PAGER_HELPERS),
    row("more", Paths, "-d -l -f -p -c -s -u -n=NUM").check(cb::no_plus_commands).helpers(PAGER_HELPERS),
    row("tac", Paths, "-b|--before -r|--regex -s|--separator=STR").glob_safe(),
    row("nl", Paths, "-b|--body-numbering=STR -n|--number-format=STR -w|--number-width=NUM -s|--number-separator=STR -v|--starting-line-number=NUM -i|--line-increment=NUM").glob_safe(),
    row("rev", Paths, "").glob_safe(),
    row("wc", Paths, "-l|--lines -w|--words -c|--bytes -m|--chars -L|--max-line-length --total=OPT").glob_reads_named().examples(&[("wc -l f", true), ("wc --files0-from=list", false)]),
    // Left out: `-p` sets the times of what it reads back (a write).
    row("file", Paths, "-b|--brief -i|--mime --mime-type --mime-encoding -L|--dereference -h|--no-dereference -k|--keep-going -E -N|--no-pad -0|--print0 -r|--raw -e|--exclude=STR").examples(&[("file f", true), ("file -C -m f", false)]),
    row("stat", Paths, "-L|--dereference -f|--file-system -c|--format=STR --printf=STR -t|--terse").glob_safe().examples(&[("stat f", true), ("stat /etc/shadow", false)]),
    row("ls", Paths, LS).lists_names(&[], &["-l", "-g", "-o", "-n", "-s", "-i", "-R", "-Z", "-m", "--full-time", "--format", "--author", "--hyperlink"]).glob_reads_only().examples(&[("ls -la", true), ("ls -d */", true), ("ls ~", false), ("ls /etc", false)]),
    row("tree", Paths, "-a -d -f -i -x -L=NUM -P=STR -I=STR --gitignore --matchdirs --ignore-case --prune --filelimit=NUM -s -h --si --du -D -F -C -n -J -X -p -u -g -Q -N -q -v -t -c -r -U --dirsfirst --noreport --charset=STR").examples(&[("tree -L 2", true), ("tree -o out", false)]),
    row("du", Paths, "-a|--all -s|--summarize -h|--human-readable -c|--total -d|--max-depth=NUM -k -m -b|--bytes -x|--one-file-system -P|--no-dereference -H -l|--count-links --apparent-size --si -t|--threshold=STR --exclude=STR --time -0|--null -B|--block-size=STR").glob_reads_named().examples(&[("du -sh .", true), ("du -sh /", false)]),
    row("df", Paths, "-h|--human-readable -H|--si -k -m -T|--print-type -t|--type=STR -x|--exclude-type=STR -l|--local -a|--all -i|--inodes -P|--portability --total --output=OPT -B|--block-size=STR"),
    row("md5sum", Paths, SUMS).glob_reads_named().lists(&["-c"]),
    row("sha1sum", Paths, SUMS).glob_reads_named().lists(&["-c"]),
    row("sha256sum", Paths, SUMS).glob_reads_named().lists(&["-c"]).examples(&[("sha256sum f", true), ("sha256sum -c missing.sums", true), ("sha256sum -c", false), ("sha256sum -c < l", false)]),
    // Perl's shasum (macOS, Debian's perl): `-a` picks the algorithm.
    row("shasum", Paths, "-a|--algorithm=NUM -b|--binary -c|--check -t|--text -U|--UNIVERSAL -0|--01 -s|--status -q|--quiet -w|--warn --strict --tag --ignore-missing").glob_reads_named().lists(&["-c"]),
    row("sha512sum", Paths, SUMS).glob_reads_named().lists(&["-c"]),
    row("cksum", Paths, "-a|--algorithm=STR --tag --untagged -l|--length=NUM --raw --base64 --check --quiet").glob_reads_named().lists(&["--check"]),
    row("xxd", Paths, "-a|-autoskip -b|-bits -c|-cols=NUM -C|-capitalize -d -e -E|-EBCDIC -g|-groupsize=NUM -i|-include -l|-len=NUM -n|-name=STR -o=NUM -p|-ps|-postscript|-plain -R=STR -s|-seek=STR -u").posix().check(cb::at_most_one_operand).examples(&[("xxd f", true), ("xxd -r f out", false), ("xxd a.txt -p", false)]),
    row("od", Paths, "-A|--address-radix=STR -j|--skip-bytes=NUM -N|--read-bytes=NUM -S|--strings=OPT -t|--format=STR -v|--output-duplicates -w|--width=OPT -a -b -c -d -f -i -l -o -s -x --endian=STR"),
    row("hexdump", Paths, "-b -c -C -d -o -x -L=OPT -n=NUM -s=STR -v -e=STR"),
    // binutils read `@FILE` as more arguments (and echo bad ones back).
    row("strings", Paths, "-a|--all -d|--data -f|--print-file-name -n|--bytes=NUM -t|--radix=CHAR -e|--encoding=CHAR -w|--include-all-whitespace -s|--output-separator=STR").check(cb::no_response_files).examples(&[("strings f", true), ("strings @/etc/shadow", false)]),
    row("base64", Paths, "-d|--decode -i|--ignore-garbage -w|--wrap=NUM"),
    // ---- archives: listing and reading to standard output only ------------------
    // Operands are member names, not files; the archive is `-f`. Left out: -I and
    // --use-compress-program, --to-command, --checkpoint-action, -F|--info-script,
    // --rsh-command (run programs); -g|--listed-incremental, --index-file (write).
    // A `-T` file's lines that start with `-` are options (`-T/etc/x` reads another).
    row("tar", Free, "-t|--list -x|--extract|--get -O|--to-stdout -v|--verbose -z|--gzip|--gunzip|--ungzip -j|--bzip2 -J|--xz --zstd --lzma --lzip -a|--auto-compress -f|--file=PATH -T|--files-from=PATH --verbatim-files-from --no-verbatim-files-from -X|--exclude-from=PATH --exclude=STR --wildcards --no-wildcards --anchored --no-anchored --wildcards-match-slash --ignore-case --no-ignore-case -i|--ignore-zeros --occurrence=OPT --full-time --utc --numeric-owner -R|--block-number --quoting-style=STR --show-transformed-names --strip-components=NUM --force-local -b|--blocking-factor=NUM --record-size=NUM").check(cb::tar).old_style(cb::tar_old_style).argument_files(&["-T"], "--verbatim-files-from").examples(&[("tar tzf a.tgz", true), ("tar -tf a.tar", true), ("tar I 'sh -c id' -tf a.tar", false), ("tar tIf x a.tar", false), ("tar cf x.tar a", false)]).helpers(DECOMPRESSORS),
    row("zcat", Paths, "-f|--force -q|--quiet -v|--verbose -l|--list -t|--test").check(cb::compressed_names).glob_reads_only().helpers(&["gzip"]),
    row("bzcat", Paths, "-s|--small -q|--quiet -v|--verbose").glob_safe(),
    row("xzcat", Paths, "-q|--quiet -v|--verbose -T|--threads=NUM --single-stream --ignore-check").glob_reads_named(),
    row("gzip", Paths, GZIP).check(cb::gzip).examples(&[("gzip -c f", true), ("gzip f", false), ("gzip -d f.gz", false)]),
    row("gunzip", Paths, GZIP).check(cb::gunzip).helpers(&["gzip"]).examples(&[("gunzip -c f.gz", true), ("gunzip -cf x", false)]),
    // Operands: the archive, then member names (which are not read from disk;
    // one naming a path outside the workspace asks needlessly, but rarely).
    // unzip reads options only before the archive: after it, `-l` is a member to extract.
    row("unzip", Paths, "-l -v -z -t -p -c -q -qq -C|--ignore-case").posix().check(cb::unzip).examples(&[("unzip -l b.zip", true), ("unzip b.zip -l new.txt", false)]),
    row("realpath", Paths, "-e|--canonicalize-existing -m|--canonicalize-missing -L|--logical -P|--physical -q|--quiet -s|--strip|--no-symlinks -z|--zero --relative-to=PATH --relative-base=PATH"),
    row("readlink", Paths, "-f|--canonicalize -e|--canonicalize-existing -m|--canonicalize-missing -n|--no-newline -q|--quiet -s|--silent -v|--verbose -z|--zero"),
    row("cd", Paths, "-L -P -e").check(cb::cd).bare_is_home().moves_cwd().examples(&[("cd src", true), ("cd /etc", false), ("cd", false)]),
    row("pwd", NoOperands, "-L -P"),
    // On macOS `arch CMD` runs CMD under another architecture: only the bare form.
    row("arch", NoOperands, ""),
    // `ip OBJECT [show]`: reading addresses, links, routes, neighbours, rules.
    row("ip", Free, "-4 -6 -br|-brief -c|-color|--color=OPT -s|-stats|-statistics -d|-details -o|-oneline -j|-json -p|-pretty -h|-human").check(cb::ip).examples(&[("ip addr", true), ("ip -br link show", true), ("ip link l", true), ("ip ru f", false), ("ip link s lo up", false), ("ip -b f", false)]),
    // `ifconfig`, `ifconfig -a`, `ifconfig IFACE`: anything more configures.
    row("ifconfig", Free, "-a -s -v").check(cb::ifconfig),
    // ---- text processing -----------------------------------------------------
    row("grep", ScriptThenPaths, GREP).lists_names(&["-l", "-L"], &["--label"]).script(&["-e", "-f"]).follows(&["-R"]).glob_reads_only().bare_searches_cwd(RECURSIVE_GREP).examples(&[("grep -rn x src", true), ("grep -f /etc/shadow x", false), ("grep -rn x", true)]),
    row("egrep", ScriptThenPaths, GREP).script(&["-e", "-f"]).follows(&["-R"]).glob_reads_only().bare_searches_cwd(RECURSIVE_GREP),
    row("fgrep", ScriptThenPaths, GREP).script(&["-e", "-f"]).follows(&["-R"]).glob_reads_only().bare_searches_cwd(RECURSIVE_GREP),
    row("rg", ScriptThenPaths, RG).bare_searches_cwd(&[]).lists_names(&["--files", "-l", "--files-without-match"], &["--json", "--vimgrep", "--stats", "--type-list", "-c", "--count-matches", "--passthru", "--debug", "--trace"]).script(&["-e", "-f", "--files", "--type-list"]).follows(&["-L"]).examples(&[("rg -n foo src", true), ("rg --files src", true), ("rg --pre cat x", false), ("rg -z x", false)]),
    row("sed", ScriptThenPaths, "-n|--quiet|--silent -e|--expression=STR -E|-r|--regexp-extended -s|--separate -u|--unbuffered -z|--null-data --posix --debug -l|--line-length=NUM --sandbox").script(&["-e"]).check(cb::sed).examples(&[("sed -n 1,5p f", true), ("sed 's/a/b/g' f", true), ("sed -i s/a/b/ f", false), ("sed -n ':a w out' f", false), ("sed 1e\\ id f", false)]),
    // awk reads options only before its program: after it, `-F x` are files.
    row("awk", ScriptThenPaths, AWK).posix().check(cb::awk).examples(&[("awk '{print $1}' f", true), ("awk -F, '{print $2}' f", true), ("awk 1 f -F /etc/shadow", false), ("awk 'BEGIN{system(\"id\")}'", false), ("awk '{print > \"o\"}' f", false), ("awk 'BEGIN{ARGV[1]=\"x\"}'", false), ("awk 'BEGIN{print SYMTAB[\"ENV\" \"IRON\"][\"X\"]}'", false)]),
    row("gawk", ScriptThenPaths, AWK).posix().check(cb::awk),
    row("mawk", ScriptThenPaths, AWK).posix().check(cb::awk),
    row("jq", ScriptThenPaths, "-r|--raw-output -j|--join-output -a|--ascii-output -c|--compact-output -n|--null-input -s|--slurp -e|--exit-status -S|--sort-keys -C|--color-output -M|--monochrome-output --tab --indent=NUM -R|--raw-input --arg=PAIR --argjson=PAIR --args --jsonargs --seq --stream --raw-output0").check(cb::jq).examples(&[("jq .a f", true), ("jq -r '.[] | .name' f", true), ("jq '$ ENV' f", false), ("jq -n env", false), ("jq --rawfile x /etc/passwd -n 1", false)]),
    row("yq", ScriptThenPaths, "-r|--unwrapScalar -o|--output-format=STR -p|--input-format=STR -P|--prettyPrint -e|--exit-status -N|--no-doc -I|--indent=NUM -C|--colors -M|--no-colors -j|--tojson --header-preprocess -0|--nul-output -n|--null-input").check(cb::yq).helpers(&["jq"]),
    row("sort", Paths, "-b|--ignore-leading-blanks -d|--dictionary-order -f|--ignore-case -g|--general-numeric-sort -i|--ignore-nonprinting -M|--month-sort -h|--human-numeric-sort -n|--numeric-sort -R|--random-sort -r|--reverse -V|--version-sort -k|--key=STR -t|--field-separator=CHAR -u|--unique -s|--stable -c|--check=OPT -C -m|--merge -z|--zero-terminated -S|--buffer-size=STR --parallel=NUM --debug --sort=STR --random-source=PATH").examples(&[("sort -u f", true), ("sort -o out f", false), ("sort --compress-program=sh f", false)]),
    row("uniq", Paths, "-c|--count -d|--repeated -D --all-repeated=OPT -u|--unique -i|--ignore-case -f|--skip-fields=NUM -s|--skip-chars=NUM -w|--check-chars=NUM -z|--zero-terminated --group=OPT").check(cb::at_most_one_operand).examples(&[("uniq -c f", true), ("uniq f out", false)]),
    row("cut", Paths, "-b|--bytes=STR -c|--characters=STR -d|--delimiter=CHAR -f|--fields=STR -s|--only-delimited -n --complement --output-delimiter=STR -z|--zero-terminated").glob_safe().examples(&[("cut -d, -f1 f", true)]),
    row("tr", Free, "-c|-C|--complement -d|--delete -s|--squeeze-repeats -t|--truncate-set1").examples(&[("tr a-z A-Z", true)]),
    row("column", Paths, "-t|--table -s|--separator=STR -o|--output-separator=STR -c|--output-width=NUM -x|--fillrows -n -N|--table-columns=STR -R|--table-right=STR -T|--table-truncate=STR -J|--json -e -L|--table-empty-lines"),
    row("paste", Paths, "-s|--serial -d|--delimiters=STR -z|--zero-terminated").glob_safe(),
    row("fmt", Paths, "-w|--width=NUM -g|--goal=NUM -u|--uniform-spacing -s|--split-only -c|--crown-margin -t|--tagged-paragraph -p|--prefix=STR").glob_safe(),
    row("fold", Paths, "-w|--width=NUM -s|--spaces -b|--bytes").glob_safe(),
    row("expand", Paths, "-t|--tabs=STR -i|--initial").glob_safe(),
    row("unexpand", Paths, "-t|--tabs=STR -a|--all --first-only").glob_safe(),
    row("comm", Paths, "-1 -2 -3 -i --check-order --nocheck-order --output-delimiter=STR -z|--zero-terminated --total"),
    row("join", Paths, "-1=NUM -2=NUM -j=NUM -t=CHAR -a=NUM -v=NUM -e=STR -o=STR -i|--ignore-case --header --check-order --nocheck-order -z|--zero-terminated"),
    row("diff", Paths, "-u -U|--unified=NUM -c -C|--context=NUM -q|--brief -s|--report-identical-files -N|--new-file -i|--ignore-case -w|--ignore-all-space -b|--ignore-space-change -B|--ignore-blank-lines -E|--ignore-tab-expansion -Z|--ignore-trailing-space -a|--text -y|--side-by-side -W|--width=NUM --suppress-common-lines --color=OPT -x|--exclude=STR --label=STR --normal -p|--show-c-function -F|--show-function-line=STR -t|--expand-tabs -T|--initial-tab --strip-trailing-cr -d|--minimal --no-dereference --speed-large-files -r|--recursive -S|--starting-file=STR").follows_always().examples(&[("diff a b", true), ("diff -ru a b", true), ("diff --to-file=x a", false)]),
    row("cmp", Paths, "-b|--print-bytes -i|--ignore-initial=STR -l|--verbose -n|--bytes=NUM -s|--quiet|--silent"),
    // ---- finding files -------------------------------------------------------
    row("find", Paths, FIND).check(cb::find).runs(Runs::ExecActions).lists_names(&[], &["-printf", "-ls"]).follows(&["-L", "-follow"]).not_paths(&["!", "(", ")", ","]).examples(&[("find . -name '*.rs'", true), ("find . -delete", false), ("find . -fprint out", false), ("find -- -delete", false), ("find -P -- -fprint out", false)]),
    row("fd", ScriptThenPaths, FD).lists_names(&[], &["-l"]).follows(&["-L"]),
    // Debian installs fd as `fdfind`.
    row("fdfind", ScriptThenPaths, FD).follows(&["-L"]),
    // ---- printing ------------------------------------------------------------
    row("printf", Free, "").posix(),
    row("seq", Free, "-f|--format=STR -s|--separator=STR -w|--equal-width"),
    row("date", Free, "-d|--date=STR -u|--utc|--universal -I|--iso-8601=OPT -R|--rfc-email --rfc-3339=STR -r|--reference=PATH --debug").check(cb::date).examples(&[("date +%s", true), ("date -u", true), ("date -s 2000-01-01", false), ("date -f /etc/shadow", false)]),
    // ---- system state ----------------------------------------------------------
    row("ps", Free, "-e -A -a -d -N -f -F -l -j -L -H -w -y -T -M -Z -c -o|--format=STR -O=STR -p|--pid=STR -q|--quick-pid=STR -u|--user=STR -U=STR -g=STR -G|--Group=STR -C=STR -s|--sid=STR -t|--tty=STR --ppid=STR --sort=STR -k=STR --forest --no-headers --headers --cols|--columns|--width=NUM --lines|--rows=NUM").check(cb::ps).examples(&[("ps aux", true), ("ps -ef", true), ("ps -eo pid,comm", true), ("ps -auxe", false), ("ps -eux", false), ("ps -aeux", false), ("ps -ef -u root", true), ("ps -eu root", true), ("ps axe", false), ("ps -o pid,environ", false)]),
    row("pgrep", Free, "-f|--full -l|--list-name -a|--list-full -x|--exact -n|--newest -o|--oldest -c|--count -i|--ignore-case -v|--inverse -d|--delimiter=STR -u|--euid=STR -U|--uid=STR -P|--parent=STR -g|--pgroup=STR -G|--group=STR -s|--session=STR -t|--terminal=STR -w|--lightweight"),
    // `-i [46][PROTO][@HOST][:PORT]`: a host name is looked up (DNS); addresses only.
    row("lsof", Free, "-i=OPT -n -P -t -a -l -p=STR -u=STR -c=STR -s=OPT -w -F=OPT -R").check(cb::lsof).examples(&[("lsof -i :3000", true), ("lsof -i tcp:443", true), ("lsof -i @127.0.0.1", true), ("lsof -i@x.example.invalid", false)]),
    // `users FILE` parses any file as login records and prints pieces of it.
    row("users", NoOperands, ""),
    // Names only: `-B`/`-M`/`-S DIR... -f` search (and list) any directory.
    row("whereis", Free, "-b -m -s -u -l").examples(&[("whereis ls", true), ("whereis -b git", true), ("whereis -B /home -f x", false), ("whereis -M /root -f x", false)]),
    row("pstree", Free, "-a|--arguments -c|--compact-off -g|--show-pgids -h|--highlight-all -H|--highlight-pid=NUM -l|--long -n|--numeric-sort -N|--ns-sort=STR -p|--show-pids -s|--show-parents -S|--ns-changes -t|--thread-names -T|--hide-threads -u|--uid-changes -U|--unicode -A|--ascii -G|--vt100 -Z|--security-context -C|--color=STR").glob_safe(),
    row("vmstat", Free, "-a|--active -f|--forks -m|--slabs -n|--one-header -s|--stats -d|--disk -D|--disk-sum -p|--partition=STR -S|--unit=CHAR -t|--timestamp -w|--wide -y|--no-first").glob_safe(),
    // Operands are devices, described from sysfs, not read.
    row("lscpu", Free, "-a|--all -b|--online -c|--offline -e|--extended=STR -p|--parse=STR -J|--json -x|--hex -y|--physical -B|--bytes -C|--caches=STR --output-all").examples(&[("lscpu", true), ("lscpu -s r", false)]),
    row("lsblk", Free, "-a|--all -b|--bytes -d|--nodeps -D|--discard -f|--fs -i|--ascii -J|--json -l|--list -m|--perms -n|--noheadings -o|--output=STR -O|--output-all -p|--paths -P|--pairs -r|--raw -s|--inverse -S|--scsi -t|--topology -x|--sort=STR -e|--exclude=STR -I|--include=STR -M|--merge -T|--tree=OPT -z|--zoned -A|--noempty -w|--width=NUM"),
    // Listing only: with no operands and neither -a nor a device, mount mounts nothing.
    row("mount", NoOperands, "-l|--show-labels -t|--types=STR"),
    // systemd's status readers: no verb, or a verb that only shows.
    row("hostnamectl", Free, "--static --transient --pretty -j|--json=OPT --no-pager").check(cb::systemd_status),
    row("timedatectl", Free, "-a|--all -p|--property=STR --value --no-pager --monitor").check(cb::systemd_status),
    // netstat turns addresses into names (DNS) unless `-n`; ss only with `-r`, left out.
    row("netstat", NoOperands, "-t|--tcp -u|--udp -x -l|--listening -n|--numeric -p|--program -a|--all -r|--route -i|--interfaces -s|--statistics -e|--extend -W|--wide -c -4 -6 -g|--groups").check(cb::numeric).examples(&[("netstat -tlnp", true), ("netstat -tl", false)]),
    row("ss", NoOperands, "-t -u -x -l -n -p -a -e -m -i -s -4 -6 -H -o -w").examples(&[("ss -tlnp", true), ("ss -tr", false)]),
    row("top", NoOperands, "-b -n=NUM -d=NUM -p=STR -u=STR -U=STR -o=STR -O -w=OPT -c -H -i -S -1 -E=CHAR -e=CHAR"),
    row("free", NoOperands, "-b -k -m -g -h|--human --si -t|--total -w|--wide -l|--lohi -s|--seconds=NUM -c|--count=NUM --mega --giga --kilo"),
    // Left out: `-f`, `-d`, `-i`, `-A` ask the resolver (DNS on the network).
    row("hostname", NoOperands, "-s|--short -I|--all-ip-addresses").examples(&[("hostname", true), ("hostname -s", true), ("hostname -f", false), ("hostname -A", false)]),
    row("ulimit", NoOperands, "-a -b -c -d -e -f -H -i -l -m -n -p -q -r -s -S -t -u -v -x"),
    row("jobs", NoOperands, "-l -n -p -r -s"),
    row("history", Free, "").check(cb::history),
    // A page name with a `/` is a file to format: `man /etc/hostname` prints it.
    row("man", Free, "-a|--all -f|--whatis -k|--apropos -w|--where|--path -W -s|--sections=STR -S=STR").check(cb::manual_pages).searches_path().helpers(MAN_HELPERS),
    row("info", Free, "-a|--all -w|--where|--location -k|--apropos=STR -n|--node=STR --subnodes --usage").check(cb::info_nodes).examples(&[("info ls", true), ("info -n Invoking coreutils", true), ("info '(/etc/passwd)Top'", false), ("info -n '(/etc/passwd)Top'", false), ("info --node=(x)y", false)]),
    // ---- wrappers that only drive a read-only command ----------------------------
    row("xargs", Free, "-0|--null -n|--max-args=NUM -L|--max-lines=NUM -I=STR -d|--delimiter=STR -r|--no-run-if-empty -t|--verbose -P|--max-procs=NUM -s|--max-chars=NUM -x|--exit -E=STR").posix().drives(&["echo", "printf", "wc", "grep", "egrep", "fgrep", "head", "tail"]).replaces("-I").examples(&[("find . | xargs -I@ grep x @", true), ("find . | xargs -I@ grep x @/../x", false), ("echo a | xargs echo", true), ("find . | xargs wc -l", true), ("echo x | xargs rm", false), ("echo /etc/shadow | xargs head", false)]),
    // ---- version control ---------------------------------------------------------
    // Global options, subcommands, their options and the repository's configuration: `git.rs`.
    row("git", Free, "").runs(Runs::Git).helpers(GIT_HELPERS).lists_names(&[], &[]).examples(&[("git log --oneline -5", true), ("git status", true), ("git push", false), ("git -c core.pager=x log", false)]),
    // ---- daemons and hosts, read through their clients -------------------------------
    row("docker", Free, "").posix().check(cb::docker).helpers(&["ssh", "docker-credential-desktop", "docker-credential-pass", "docker-credential-secretservice"]),
    row("gh", Free, "").posix().check(cb::gh).runs_git(),
    row("pip", Free, "").posix().check(cb::pip),
    row("pip3", Free, "").posix().check(cb::pip),
    row("uv", Free, "").posix().check(cb::uv),
    row("go", Free, "").posix().check(cb::go),
    // Listings of what is installed; see the callbacks for the verbs.
    row("rustup", Free, "").posix().check(cb::rustup).examples(&[("rustup toolchain list", true), ("rustup show", false), ("rustup toolchain install x", false)]),
    // `printenv NAME...` of names that hold no secret (`printenv` alone prints all).
    row("printenv", Free, "-0|--null").check(cb::printenv).examples(&[("printenv PATH", true), ("printenv", false), ("printenv AWS_SECRET_ACCESS_KEY", false)]),
    row("lsb_release", NoOperands, "-a|--all -i|--id -d|--description -r|--release -c|--codename -s|--short -v|--version").examples(&[("lsb_release -a", true), ("lsb_release x", false)]),
];

const LS: &str = "-a|--all -A|--almost-all -l -h|--human-readable -d|--directory -t -r|--reverse -S -R|--recursive -1 -F|--classify -i|--inode -s|--size -G|--no-group -g -o -n|--numeric-uid-gid -p -x -X -U -v -c -u -H -B|--ignore-backups -C -m -N|--literal -Q|--quote-name -Z|--context -k|--kibibytes --si --color=OPT --colour=OPT --time-style=STR --sort=STR --time=STR --group-directories-first --full-time -I|--ignore=STR --hide=STR --indicator-style=STR --format=STR --block-size=STR -w|--width=NUM -T|--tabsize=NUM --quoting-style=STR --zero --hyperlink=OPT --file-type --author";

const RG: &str = "-e|--regexp=STR -f|--file=PATH -n|--line-number -N|--no-line-number -i|--ignore-case -S|--smart-case -s|--case-sensitive -l|--files-with-matches --files-without-match -c|--count --count-matches -w|--word-regexp -x|--line-regexp -v|--invert-match -F|--fixed-strings -u|--unrestricted -g|--glob=STR --iglob=STR -t|--type=STR -T|--type-not=STR -A|--after-context=NUM -B|--before-context=NUM -C|--context=NUM -m|--max-count=NUM -d|--max-depth=NUM --files --type-list --no-ignore --no-ignore-vcs --no-ignore-dot --no-ignore-parent --json --vimgrep -o|--only-matching -r|--replace=STR -M|--max-columns=NUM --max-columns-preview --sort=STR --sortr=STR --color=STR --colors=STR -0|--null -H|--with-filename -I|--no-filename --no-heading --heading -p|--pretty --column --trim -U|--multiline --multiline-dotall -P|--pcre2 --stats -j|--threads=NUM --no-messages -a|--text -b|--byte-offset -q|--quiet --passthru --no-config --max-filesize=STR --engine=STR --crlf --debug --trace -.|--hidden --ignore-file=PATH -L|--follow";

const GZIP: &str = "-c|--stdout|--to-stdout -d|--decompress|--uncompress -l|--list -t|--test -v|--verbose -q|--quiet -f|--force -n|--no-name -N|--name -k|--keep";

const SUMS: &str = "-b|--binary -c|--check -t|--text --tag --quiet --status --strict -w|--warn -z|--zero --ignore-missing";

const FD: &str = "-H|--hidden -I|--no-ignore -u|--unrestricted -s|--case-sensitive -i|--ignore-case -g|--glob --regex -F|--fixed-strings -a|--absolute-path -l|--list-details -p|--full-path -0|--print0 -d|--max-depth=NUM --min-depth=NUM --exact-depth=NUM -t|--type=STR -e|--extension=STR -E|--exclude=STR -S|--size=STR --changed-within=STR --changed-before=STR -c|--color=STR --max-results=NUM -1 -q|--quiet --show-errors --strip-cwd-prefix --no-ignore-vcs --prune -j|--threads=NUM -L|--follow";

/// The options with which grep, given no file, searches the working directory.
const RECURSIVE_GREP: &[&str] = &["-r", "-R"];

const GREP: &str = "-e|--regexp=STR -f|--file=PATH -i|--ignore-case -y --no-ignore-case -v|--invert-match -w|--word-regexp -x|--line-regexp -c|--count --color=OPT --colour=OPT -L|--files-without-match -l|--files-with-matches -m|--max-count=NUM -o|--only-matching -q|--quiet|--silent -s|--no-messages -b|--byte-offset -H|--with-filename -h|--no-filename --label=STR -n|--line-number -T|--initial-tab -Z|--null -A|--after-context=NUM -B|--before-context=NUM -C|--context=NUM -a|--text -I --binary-files=STR -D|--devices=STR -d|--directories=STR --exclude=STR --exclude-dir=STR --include=STR -r|--recursive -R|--dereference-recursive --line-buffered -U|--binary -z|--null-data -E|--extended-regexp -F|--fixed-strings -G|--basic-regexp -P|--perl-regexp";

const AWK: &str = "-F|--field-separator=STR -v|--assign=STR -b|--characters-as-bytes -c|--traditional -P|--posix -S|--sandbox -e|--source=STR";

/// Programs shell scripts commonly run by name: a shell script found on
/// the search path runs a file planted under one of these names in a
/// workspace directory on the path (see `script_helpers`). Not the
/// interpreters a virtual environment's `bin` holds (`python3`): a shell
/// script rarely runs one, and every activated venv would ask.
#[rustfmt::skip]
pub(crate) const SCRIPT_UTILITIES: &[&str] = &[
    "sh", "bash", "grep", "egrep", "fgrep", "sed", "awk", "gawk", "mawk", "cut", "tr", "head", "tail",
    "cat", "sort", "uniq", "wc", "gzip", "getopt", "basename", "dirname", "expr", "test", "[",
    "printf", "echo", "uname", "id", "ls", "readlink", "realpath", "mktemp", "rm", "mv", "cp",
    "mkdir", "find", "xargs", "env", "which", "sleep", "date", "tput", "stty", "tee", "ln", "chmod",
    "file", "stat", "touch", "seq", "paste", "join", "comm", "diff",
];

/// What man runs by name to format a page (man-db's pipeline).
#[rustfmt::skip]
const MAN_HELPERS: &[&str] = &[
    "nroff", "groff", "troff", "grotty", "tbl", "eqn", "pic", "refer", "preconv", "col", "zsoelim",
    "pager", "less", "more", "gzip", "bzip2", "xz", "locale", "iconv",
];

/// What git runs by name for read-only commands: man and info for
/// `--help` (man's own pipeline comes with its row), the pager, gpg and
/// ssh-keygen for signatures.
const GIT_HELPERS: &[&str] = &["man", "info", "less", "pager", "gpg", "gpgsm", "ssh-keygen"];

/// What less and more run by name through an input preprocessor
/// (`LESSOPEN='| lesspipe %s'` is Debian's default): lesspipe and the
/// unpackers it calls, and the shell utilities it is written with.
#[rustfmt::skip]
const PAGER_HELPERS: &[&str] = &[
    "lesspipe", "lesspipe.sh", "lessfile", "tar", "gzip", "bzip2", "xz", "zstd", "lz4", "unzip",
    "7z", "7za", "unrar", "cpio", "rpm2cpio", "dpkg", "dpkg-deb", "file", "iconv", "isoinfo", "ar",
    "sh", "bash", "sed", "grep", "awk", "cat", "head", "tr", "cut",
];

/// What tar runs to read a compressed archive (`-z`, `-j`, `-J`, `--zstd`,
/// ..., or found from the archive itself): by name, through the search path.
#[rustfmt::skip]
const DECOMPRESSORS: &[&str] = &["gzip", "bzip2", "xz", "lzip", "lzma", "lzop", "zstd", "compress", "gunzip", "uncompress", "lz4", "pigz"];

const FIND: &str = "-H -P -L -follow -O=NUM -D=STR -name=STR -iname=STR -path=STR -ipath=STR -wholename=STR -iwholename=STR -regex=STR -iregex=STR -regextype=STR -lname=STR -ilname=STR -type=STR -xtype=STR -maxdepth=NUM -mindepth=NUM -depth -mount -xdev -noleaf -ignore_readdir_race -daystart -newer=PATH -anewer=PATH -cnewer=PATH -newerXY=STR -mtime=STR -mmin=STR -atime=STR -amin=STR -ctime=STR -cmin=STR -used=STR -size=STR -empty -perm=STR -user=STR -group=STR -uid=STR -gid=STR -nouser -nogroup -readable -writable -executable -links=STR -inum=STR -samefile=PATH -fstype=STR -true -false -print -print0 -printf=STR -ls -prune -quit -not -a -and -o -or";

/// What the tables say about one program name: looked up once per
/// command (one hash of the name, not a scan of each list). The map is
/// built from names alone and its records are small (a hook's process
/// touches a few pages for it, not a hundred kilobytes); a row's options
/// are parsed, and the rule texts written, the first time that program is
/// judged (a hook judging one command parses one row, not all of them).
#[derive(Default)]
pub(crate) struct Entry {
    /// The program's name.
    name: &'static str,
    /// In [`SECRETS`].
    pub secret: bool,
    /// In [`VERSION_ONLY`].
    pub version_only: bool,
    /// In [`ANY_ARGS`].
    pub any_args: bool,
    /// Its row in [`ROWS`].
    row: Option<&'static Row>,
    /// What is built on first use, boxed so unjudged programs cost a
    /// pointer.
    judged: std::sync::OnceLock<Box<Judged>>,
}

/// An entry's state built the first time its program is judged.
struct Judged {
    /// The row's parsed options (with `--help` and `--version`), if it
    /// has a row.
    options: Option<crate::flags::Options>,
    /// The rule ids and reasons that let it through, written once so a
    /// verdict borrows them instead of building them per command.
    accepted: Accepted,
}

/// `(rule, reason)` for each way a name can be read-only.
pub(crate) struct Accepted {
    pub version: (String, String),
    pub any_args: (String, String),
    pub flags: (String, String),
}

impl Entry {
    fn judged(&self) -> &Judged {
        let (name, row) = (self.name, self.row);
        self.judged.get_or_init(|| {
            let options = row.map(|row| {
                let mut options = crate::flags::Options::parse(row.options);
                options.extend("--help --version");
                options
            });
            let accepted = Accepted {
                version: (
                    Rule::ReadonlyVersion.at(name).into_owned(),
                    "prints a version".into(),
                ),
                any_args: (
                    Rule::ReadonlyAnyArg.at(name).into_owned(),
                    format!("`{name}` only prints, whatever its arguments"),
                ),
                flags: (
                    Rule::ReadonlyFlags.at(name).into_owned(),
                    format!("`{name}` with only read-only options"),
                ),
            };
            Box::new(Judged { options, accepted })
        })
    }

    /// The row alone, for what its fields say (no options parsed).
    pub(crate) fn table_row(&self) -> Option<&'static Row> {
        self.row
    }

    /// The row and its parsed options (with `--help` and `--version`).
    pub(crate) fn row(&self) -> Option<(&'static Row, &crate::flags::Options)> {
        let row = self.row?;
        Some((row, self.judged().options.as_ref()?))
    }

    /// The rules that let this program through.
    pub(crate) fn accepted(&self) -> &Accepted {
        &self.judged().accepted
    }
}

/// The entry for `name`, if any table mentions it. Built once, at its
/// final size; the map's keys are fixed, so a fixed-seed hasher is enough.
pub(crate) fn entry(name: &str) -> Option<&'static Entry> {
    use std::collections::HashMap;
    use std::sync::OnceLock;
    type Map = HashMap<&'static str, Entry, foldhash::fast::FixedState>;
    static BY_NAME: OnceLock<Map> = OnceLock::new();
    BY_NAME
        .get_or_init(|| {
            let names = SECRETS.len() + VERSION_ONLY.len() + ANY_ARGS.len() + ROWS.len();
            let mut map = Map::with_capacity_and_hasher(names, Default::default());
            fn get<'m>(map: &'m mut Map, name: &'static str) -> &'m mut Entry {
                map.entry(name).or_insert_with(|| Entry {
                    name,
                    ..Entry::default()
                })
            }
            for &name in SECRETS {
                get(&mut map, name).secret = true;
            }
            for &name in VERSION_ONLY {
                get(&mut map, name).version_only = true;
            }
            for &name in ANY_ARGS {
                get(&mut map, name).any_args = true;
            }
            for row in ROWS {
                get(&mut map, row.name).row = Some(row);
            }
            map
        })
        .get(name)
}

#[cfg(test)]
mod entries {
    use super::*;

    /// Every row's options are a well-formed table: a misspelt kind or an
    /// option listed twice fails here, not silently at run time.
    #[test]
    fn every_row_table_is_well_formed() {
        let bad: Vec<String> = ROWS
            .iter()
            .filter_map(|row| {
                let e = crate::flags::check_table(row.options).err()?;
                Some(format!("row {}: {e}", row.name))
            })
            .collect();
        assert!(bad.is_empty(), "{}", bad.join("\n"));
    }

    /// Rows are parsed on first use: every row parses, and every name
    /// has its entry.
    #[test]
    fn every_row_parses_on_first_use() {
        for row in ROWS {
            let e = entry(row.name).expect(row.name);
            assert!(e.row().is_some(), "{}", row.name);
            assert_eq!(e.accepted().flags.0, Rule::ReadonlyFlags.at(row.name));
        }
    }

    /// The options a row's `lists_names` names are options of its table.
    #[test]
    fn name_modes_name_options_of_the_row() {
        for row in ROWS {
            let Some(names) = row.lists_names else {
                continue;
            };
            let (_, options) = entry(row.name).unwrap().row().unwrap();
            for o in names.with.iter().chain(names.unless) {
                let args = [*o, "1"];
                let parsed = crate::flags::parse(options, &args, false, false);
                assert!(parsed.is_ok_and(|p| p.has(o)), "{}: {o}", row.name);
            }
        }
    }

    /// Each command has exactly one entry: a row, or the any-argument list,
    /// never both (the reference listed cat/head/tail/wc twice, which
    /// silently disabled their option tables).
    #[test]
    fn each_command_has_one_entry() {
        let mut seen = std::collections::HashSet::new();
        for r in ROWS {
            assert!(seen.insert(r.name), "two rows for {}", r.name);
            assert!(
                !ANY_ARGS.contains(&r.name),
                "{} is both a row and any-argument",
                r.name
            );
        }
        let mut any = std::collections::HashSet::new();
        for name in ANY_ARGS {
            assert!(any.insert(name), "{name} twice in ANY_ARGS");
        }
    }
}
