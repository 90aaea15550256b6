//! Inline code and SQL, scanned for the obvious destructive statements.
//!
//! An interpreter running inline code (`python -c`, `node -e`) has effects
//! nobody can list; the scan finds the calls that delete trees or run
//! shell strings, and SQL that drops or empties tables, so the guard can
//! name them. What the scan does not find stays `unknown`, never "safe".

use crate::rows::Pack;
use crate::{Action, Args, Effect, Scope, Severity};

/// Interpreters and the options that carry inline code.
#[rustfmt::skip]
const CODE: &[(&str, &[&str])] = &[
    ("python", &["-c"]), ("python3", &["-c"]), ("python2", &["-c"]), ("pypy3", &["-c"]),
    ("node", &["-e", "--eval", "-p", "--print"]), ("deno", &["eval"]), ("bun", &["-e", "--eval"]),
    ("perl", &["-e", "-E"]), ("ruby", &["-e"]), ("php", &["-r"]), ("lua", &["-e"]),
    ("Rscript", &["-e"]), ("osascript", &["-e"]), ("pwsh", &["-c", "-Command", "-command"]),
    ("powershell", &["-c", "-Command", "-command"]), ("nodejs", &["-e", "--eval", "-p", "--print"]),
    ("ipython", &["-c"]), ("ipython3", &["-c"]), ("pypy", &["-c"]), ("jython", &["-c"]),
    ("julia", &["-e", "--eval", "-E", "--print"]), ("guile", &["-c"]), ("groovy", &["-e"]), ("elixir", &["-e", "--eval"]),
    ("erl", &["-eval"]), ("racket", &["-e", "--eval"]), ("swift", &["-e"]), ("emacs", &["--eval"]), ("bb", &["-e", "--eval"]),
    ("tclsh", &[]), ("wish", &[]), ("zx", &["-e", "--eval"]),
    // Other language hosts: code inline, or on standard input or in a file.
    ("jshell", &[]), ("kotlin", &["-e"]), ("scala", &["-e"]), ("clojure", &["-e", "--eval"]),
    ("clj", &["-e", "--eval"]), ("ghc", &["-e"]), ("ghci", &[]), ("runghc", &[]), ("runhaskell", &[]),
    ("luajit", &["-e"]), ("R", &["-e"]), ("octave", &["--eval"]), ("sbcl", &["--eval"]), ("clisp", &["-x"]),
    ("ocaml", &[]), ("gjs", &["-c", "--command"]), ("qjs", &["-e", "--eval"]), ("escript", &[]),
    ("iex", &["-e", "--eval"]), ("crystal", &["eval"]), ("nim", &["--eval"]), ("php-cgi", &["-r"]),
    ("ts-node", &["-e", "--eval", "-p", "--print"]), ("tsx", &["-e", "--eval", "-p", "--print"]),
    ("jrunscript", &["-e"]),
    // A makefile given inline (`make -E 'all: ; rm -rf ~'`), or on standard input (`make -f -`).
    ("make", &["-E", "--eval"]), ("gmake", &["-E", "--eval"]),
    ("vim", &["-c", "--cmd"]), ("nvim", &["-c", "--cmd"]), ("ex", &["-c"]), ("mongosh", &["--eval"]), ("mongo", &["--eval"]),
];

/// Database clients and the options that carry SQL.
#[rustfmt::skip]
const SQL: &[(&str, &[&str])] = &[
    ("psql", &["-c", "--command"]), ("mysql", &["-e", "--execute"]), ("mariadb", &["-e", "--execute"]),
    ("sqlite3", &[]), ("duckdb", &["-c", "-s"]), ("clickhouse-client", &["-q", "--query"]),
    ("cockroach", &["-e", "--execute"]), ("sqlcmd", &["-Q", "-q"]), ("cqlsh", &["-e", "--execute"]), ("snowsql", &["-q", "--query"]),
    ("bq", &["query"]), ("clickhouse", &["-q", "--query"]), ("influx", &["-execute"]), ("mysqlsh", &["-e", "--execute"]),
    ("mycli", &["-e", "--execute"]), ("litecli", &["-e", "--execute"]), ("usql", &["-c", "--command"]), ("pgcli", &["-e"]),
    ("trino", &["--execute"]), ("presto", &["--execute"]), ("hive", &["-e"]), ("beeline", &["-e"]), ("spark-sql", &["-e"]),
    ("impala-shell", &["-q", "--query"]), ("vsql", &["-c", "--command"]), ("db2", &[]), ("sqlplus", &[]),
];

/// Calls in inline code that delete, and what they do.
#[rustfmt::skip]
const DESTRUCTIVE_CALLS: &[(&str, &str)] = &[
    ("rmtree", "deletes a tree (shutil.rmtree)"),
    ("os.remove", "deletes files (os.remove)"),
    ("os.unlink", "deletes files (os.unlink)"),
    ("unlinkSync", "deletes files (fs.unlinkSync)"),
    ("rmSync", "deletes a tree (fs.rmSync)"),
    ("rmdirSync", "deletes directories (fs.rmdirSync)"),
    ("fs.rm(", "deletes a tree (fs.rm)"),
    ("rm_rf", "deletes a tree (FileUtils.rm_rf)"),
    ("remove_tree", "deletes a tree (File::Path)"),
    ("dropDatabase", "drops a database"),
    ("truncate(", "truncates files"),
    ("truncateSync", "truncates files (fs.truncateSync)"),
    ("remove({", "deletes documents (remove)"),
    ("deleteMany:", "deletes documents (bulkWrite deleteMany)"),
    ("Remove-Item", "deletes files (Remove-Item)"),
    ("FileUtils.rm", "deletes files (FileUtils)"),
    ("File.delete", "deletes files (File.delete)"),
    ("unlink(", "deletes files (unlink)"),
    ("rmdir(", "deletes directories (rmdir)"),
    ("deleteMany(", "deletes documents (deleteMany)"),
    (".drop(", "drops a collection or table"),
    (".rm(", "deletes a tree (rm)"),
    ("Deno.remove", "deletes files (Deno.remove)"),
    ("RemoveAll", "deletes a tree (os.RemoveAll)"),
    ("remove_dir_all", "deletes a tree (remove_dir_all)"),
    ("removeSync", "deletes a tree (fs-extra removeSync)"),
    ("emptyDirSync", "empties a directory (fs-extra emptyDirSync)"),
    ("deleteSync", "deletes files (del deleteSync)"),
    ("recursive=true", "deletes a tree (julia's rm)"),
    (" rm(", "deletes files (rm)"),
    (";rm(", "deletes files (rm)"),
    ("remove_entry", "deletes a tree (FileUtils.remove_entry)"),
    ("remove_dir", "deletes a directory (FileUtils.remove_dir)"),
    ("file.remove", "deletes files (file.remove)"),
    ("unlink ", "deletes files (unlink)"),
    ("delete-directory", "deletes a directory (delete-directory)"),
    ("delete-file", "deletes files (delete-file)"),
];

/// Shell commands in code text, found after quotes, commas and brackets
/// are read as spaces (`subprocess.run(['rm','-rf','/root'])` holds
/// `rm -rf /root`).
const SHELL_TEXT: &[(&str, &str)] = &[
    (" rm -r", "runs `rm -r` through a shell"),
    (" rm -f -r", "runs `rm -r` through a shell"),
    (" rm -fr", "runs `rm -r` through a shell"),
    (" rm -R", "runs `rm -r` through a shell"),
    (" rm --recursive", "runs `rm -r` through a shell"),
    (
        " git reset --hard",
        "runs `git reset --hard` through a shell",
    ),
    (" git clean -f", "runs `git clean -f` through a shell"),
    (" git clean -d -f", "runs `git clean -f` through a shell"),
    (
        " git push --force",
        "runs `git push --force` through a shell",
    ),
    (" git push -f", "runs `git push -f` through a shell"),
    (" git branch -D", "runs `git branch -D` through a shell"),
    (
        " git checkout -- ",
        "runs `git checkout --` through a shell",
    ),
    (" mkfs", "makes a file system through a shell"),
    (" dd if=", "runs `dd` through a shell"),
    (
        " terraform destroy",
        "runs `terraform destroy` through a shell",
    ),
    (" kubectl delete", "runs `kubectl delete` through a shell"),
];

/// `code` with quotes, commas, brackets and separators read as spaces, and
/// runs of spaces collapsed, with a space in front.
fn as_words(code: &str) -> String {
    let mut out = String::with_capacity(code.len() + 1);
    out.push(' ');
    for c in code.chars() {
        let c = if "'\"`,[](){};|&".contains(c) || c.is_whitespace() {
            ' '
        } else {
            c
        };
        if !(c == ' ' && out.ends_with(' ')) {
            out.push(c);
        }
    }
    out
}

/// Does `program` run code in a language other than the shell's
/// (`python3`, `node`)? Its standard input may be a script.
pub fn is_interpreter(program: &str) -> bool {
    code_options(program).is_some()
}

/// Does `program` read code from its operands or standard input, so that
/// a text around it may be code? (tar runs shell commands from its helper
/// options, read as scripts by the effect walk: `shellward_argv::tar`.)
pub fn reads_code_text(program: &str) -> bool {
    is_interpreter(program)
}

/// Does `program` read SQL (`psql`, `mysql`)? Its standard input may be SQL.
pub fn is_sql_client(program: &str) -> bool {
    sql_options(program).is_some()
}

/// The options of [`CODE`] that give `program` its code, also for a
/// versioned name (`python3.12`).
fn code_options(program: &str) -> Option<&'static [&'static str]> {
    static CELL: crate::index::Cell<&'static [&'static str]> = crate::index::Cell::new();
    let base = program.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    crate::index::named(&CELL, CODE, program)
        .or_else(|| (base != program).then(|| crate::index::named(&CELL, CODE, base))?)
}

/// The options of [`SQL`] that give `program` its statements.
fn sql_options(program: &str) -> Option<&'static [&'static str]> {
    static CELL: crate::index::Cell<&'static [&'static str]> = crate::index::Cell::new();
    crate::index::named(&CELL, SQL, program)
}

/// awk and its variants: the program text is the first operand (unless
/// `-f FILE` names it).
const AWK: &[&str] = &["awk", "gawk", "mawk", "nawk", "busybox-awk"];

/// Is `program` an awk ([`AWK`])?
pub fn is_awk(program: &str) -> bool {
    AWK.contains(&program)
}

/// Does this text of an awk program run shell commands ([`AWK_SHELL`]:
/// `system(...)`, `print | "cmd"`, `"cmd" | getline`, co-processes)?
pub fn awk_runs_commands(text: &str) -> bool {
    AWK_SHELL.iter().any(|m| text.contains(m))
}

/// What in an awk program runs shell commands: `system(...)`, `print |
/// "cmd"`, `"cmd" | getline`, gawk's co-processes.
const AWK_SHELL: &[&str] = &["system(", "system (", "getline", "|&", "|\"", "| \""];

/// Every program name [`inline`] reads code or SQL for.
pub fn code_programs() -> impl Iterator<Item = &'static str> {
    CODE.iter()
        .chain(SQL.iter())
        .map(|(p, _)| *p)
        .chain(AWK.iter().copied())
        .chain(["sed", "gsed"])
}

/// Does `program` take inline code or SQL that [`inline`] reads?
pub fn reads_code(program: &str) -> bool {
    AWK.contains(&program)
        || matches!(program, "sed" | "gsed")
        || is_interpreter(program)
        || is_sql_client(program)
}

/// May `program` run with `args` write files whose names its words do
/// not show: inline code (`python3 -c 'open("Makefile","w")...'`), an awk
/// program read from a file or one that prints to a file or runs commands
/// (`print > "s.sh"`), a sed script read from a file or one with a `w` or
/// `W` command (`sed -n '1w s.sh' notes.txt`; any `w` in the script is
/// taken as one). What a later command of the line runs may be any of them.
pub fn writes_unnamed_files(program: &str, args: &[String]) -> bool {
    if AWK.contains(&program) {
        let from_file = args.iter().any(|w| w == "-f" || w.starts_with("--file"));
        let text = args.iter().find(|w| !w.starts_with('-'));
        return from_file || text.is_some_and(|t| t.contains(['>', '|']) || awk_runs_commands(t));
    }
    if program == "sed" || program == "gsed" {
        return sed_scripts(args)
            .is_none_or(|scripts| scripts.iter().any(|s| s.contains(['w', 'W'])));
    }
    code_options(program).is_some_and(|options| {
        args.iter().any(|a| {
            options.iter().any(|o| {
                a == o
                    || (o.len() == 2 && !o.starts_with("--") && a.starts_with(o))
                    || a.starts_with(&format!("{o}="))
            })
        })
    })
}

/// Add the effects of inline code or SQL in `args` for `program`.
pub fn inline(program: &str, args: &Args<'_>, out: &mut Vec<Effect>) {
    if AWK.contains(&program) {
        awk_effects(args, out);
        return;
    }
    if program == "sed" || program == "gsed" {
        sed_effects(args, out);
        return;
    }
    if let Some(options) = code_options(program) {
        for code in values(args, options) {
            code_effects(code, out);
        }
    }
    if let Some(options) = sql_options(program) {
        let texts: Vec<&str> = if matches!(program, "sqlite3" | "duckdb" | "db2") {
            // `sqlite3 [OPTIONS] DB SQL...`: option values are not known, so
            // every operand is read as SQL (and duckdb's `-c`/`-s` values).
            let mut texts = args.operands().to_vec();
            texts.extend(values(args, &["-c", "-s"]));
            texts
        } else {
            values(args, options)
        };
        for text in texts {
            for command in text.lines().filter_map(dot_command_runs) {
                code_effects(command, out);
            }
            // psql's backquotes in a meta-command's argument (`\set x
            // `cmd``), sqlite3's `edit(TEXT, EDITOR)` and loaded extensions:
            // commands or code the text does not show.
            let hidden = (program == "psql" && text.contains('`'))
                || (matches!(program, "sqlite3" | "duckdb")
                    && ["edit(", ".load", "load_extension"]
                        .iter()
                        .any(|m| text.contains(m)));
            if hidden {
                out.push(crate::lenient::unknown_script());
            }
            sql_effects(text, out);
        }
    }
}

/// The command a line of sqlite3's or duckdb's dot-commands runs: `.shell
/// CMD` and `.system CMD` by any prefix the shell takes (`.sh`, `.sy`), and
/// the `|CMD` that `.import`, `.read`, `.output` and `.once` read from or
/// write to.
pub fn dot_command_runs(line: &str) -> Option<&str> {
    let line = line.trim_start().strip_prefix('.')?;
    let (name, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let shell = name.len() >= 2 && ("shell".starts_with(name) || "system".starts_with(name));
    if shell {
        return Some(rest);
    }
    let piped = rest
        .trim_start()
        .trim_start_matches(['\'', '"'])
        .strip_prefix('|')?;
    Some(piped.trim_end_matches(|c: char| c == '\'' || c == '"' || c.is_whitespace()))
}

/// The values of `options` in `args` (`-c CODE`, `--eval=CODE`, `-cCODE`),
/// and for a subcommand-style spelling (`deno eval CODE`) the operand after it.
fn values<'a>(args: &Args<'a>, options: &[&str]) -> Vec<&'a str> {
    let words = args.words();
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        for o in options {
            if !o.starts_with('-') {
                // A subcommand (`bq query`, `deno eval`): every operand
                // after it, past its options (`bq query --nouse_legacy_sql SQL`).
                if w == o {
                    out.extend(
                        words[i + 1..]
                            .iter()
                            .filter(|v| !v.starts_with('-'))
                            .map(String::as_str),
                    );
                }
                continue;
            }
            // `psql --comm=SQL`, `node --ev CODE`: a long option abbreviated,
            // as getopt_long reads it.
            if o.starts_with("--") && !w.starts_with(o) && shellward_argv::options::may_spell(w, o)
            {
                match w.split_once('=') {
                    Some((_, v)) => out.push(v),
                    None => out.extend(words.get(i + 1).map(String::as_str)),
                }
                continue;
            }
            let short = o.len() == 2 && o.starts_with('-') && !w.starts_with("--");
            let letter = &o[1..];
            if w == o
                // `-tAc SQL`, `-BNe SQL`: the option ends a cluster.
                || (short && w.len() > 2 && w.starts_with('-') && w.ends_with(letter))
            {
                if let Some(v) = words.get(i + 1) {
                    out.push(v.as_str());
                }
            } else if let Some(v) = w.strip_prefix(o).filter(|_| o.starts_with('-')) {
                out.push(v.strip_prefix('=').unwrap_or(v));
            } else if short && w.starts_with('-') && w.len() > 2 {
                // `-Ne'SQL'`: the value glued after the option inside a cluster.
                if let Some(at) = w[1..].find(letter) {
                    out.push(&w[1 + at + 1..]);
                }
            }
        }
    }
    out
}

/// Paths inline code must not write: [`crate::scope::sensitive_names`],
/// and a git directory as a whole (`os.rename(".git", ...)`). A name
/// counts where a path part starts ([`starts_a_part`]): `user.login` is no
/// `~/.login`.
fn sensitive_paths() -> &'static [String] {
    static PATHS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    PATHS.get_or_init(|| {
        crate::scope::sensitive_names()
            .chain([".git\"", ".git'", ".git`"].map(String::from))
            .collect()
    })
}

/// Does the text at `at` begin a path part: at the start, or after a
/// separator, a quote, a tilde, a space or an opening parenthesis?
fn starts_a_part(code: &str, at: usize) -> bool {
    at == 0
        || code.as_bytes().get(at - 1).is_some_and(|b| {
            matches!(
                b,
                b'/' | b'"' | b'\'' | b'`' | b'~' | b' ' | b'(' | b',' | b'+'
            )
        })
}

/// The home itself in inline code (`os.path.expanduser("~")`,
/// `process.env.HOME`, `Dir.home`, `$ENV{HOME}`), where it is a whole
/// argument: followed by `,` or `)`, not by more of a path.
#[rustfmt::skip]
const HOME_ITSELF: &[&str] = &[
    "expanduser(\"~\")", "expanduser('~')", "expanduser(\"~/\")", "expanduser('~/')",
    "process.env.HOME", "process.env[\"HOME\"]", "process.env['HOME']", "os.homedir()", "homedir()",
    "Dir.home", "$ENV{HOME}", "$ENV{\"HOME\"}", "$ENV{'HOME'}", "getenv(\"HOME\")", "getenv('HOME')",
    "Path.home()", "environ[\"HOME\"]", "environ['HOME']", "environ.get(\"HOME\")",
    "environ.get('HOME')", "ENV[\"HOME\"]", "ENV['HOME']", "ENV.fetch(\"HOME\")", "ENV.fetch('HOME')",
    "expand_path(\"~\")", "expand_path('~')", "glob(\"~\")", "glob('~')", "Sys.getenv(\"HOME\")",
];

/// Calls that move, delete or replace what they are given, or unpack
/// over it.
#[rustfmt::skip]
const MOVES: &[&str] = &[
    "rename", "move", "Rename", "mv(", "rmtree", "rm_rf", "rmSync", "remove", "unlink", "rmdir",
    "delete", "Remove", "replace", "extractall", "unpack_archive", "extract(",
];

/// Does inline code move, delete or unpack over the home itself: the home
/// a whole argument (followed by `,` or `)`), or the object a call is
/// made on (`Path.home().rename(...)`)?
fn moves_home(code: &str) -> bool {
    MOVES.iter().any(|m| code.contains(m))
        && HOME_ITSELF.iter().any(|h| {
            code.match_indices(h).any(|(at, _)| {
                let after = code[at + h.len()..].trim_start();
                after.starts_with([',', ')'])
                    || after
                        .strip_prefix('.')
                        .is_some_and(|call| MOVES.iter().any(|m| call.starts_with(m)))
            })
        })
}

/// What in code opens a file for writing.
const WRITES: &[&str] = &[
    "'w'",
    "\"w\"",
    "'a'",
    "\"a\"",
    "'wb'",
    "\"wb\"",
    "'ab'",
    "'w+'",
    "\"w+\"",
    "'a+'",
    "\"a+\"",
    "'r+'",
    "\"r+\"",
    "'wt'",
    "\"wt\"",
    "O_TRUNC",
    "O_RDWR",
    "copyfile",
    "copy2",
    "shutil.copy",
    "shutil.move",
    "os.rename",
    "os.replace",
    "copyFile",
    "renameSync",
    "rename ",
    "rename(",
    "symlink",
    "write_text",
    "write_bytes",
    "writeFile",
    "appendFile",
    "createWriteStream",
    "File.write",
    "File.open",
    "os.WriteFile",
    "O_WRONLY",
    "O_APPEND",
    "O_CREAT",
    ">>",
    "'> ",
    "\"> ",
    // Copies, moves and writes of other languages' libraries (node's
    // `cpSync`, Perl's File::Copy, pathlib's `replace`, PHP, Ruby's
    // FileUtils and IO, R, Julia, Deno, Bun), and permission changes.
    "cpSync",
    "copy(",
    "move(",
    ".replace(",
    "file_put_contents",
    "FileUtils",
    "IO.write",
    "writeLines",
    "file.copy",
    "write(",
    "writeTextFile",
    "Bun.write",
    "link(",
    "chmod",
    "chown",
    // Open modes in other orders and quotes, numeric or named flags, and
    // archives unpacked over what is there.
    "\"ab\"",
    "'ab+'",
    "\"ab+\"",
    "'at'",
    "\"at\"",
    "'bw'",
    "\"bw\"",
    "'wb+'",
    "\"wb+\"",
    "'x'",
    "\"x\"",
    "'xb'",
    "\"xb\"",
    "mode=",
    "os.open(",
    "WRONLY",
    "RDWR",
    "CREAT",
    "TRUNC",
    "extractall",
    "unpack_archive",
    "extract(",
];

/// Calls that run other programs: what they run is only known when they
/// run, so they stay `unknown` unless a deleting command is found in the
/// same code.
const EXEC_CALLS: &[(&str, &str)] = &[
    ("os.system", "runs shell commands (os.system)"),
    ("subprocess", "runs programs (subprocess)"),
    ("child_process", "runs programs (child_process)"),
    ("execSync", "runs shell commands (execSync)"),
    ("system(", "runs shell commands (system)"),
    ("system (", "runs shell commands (system)"),
    ("exec(", "runs programs (exec)"),
    ("popen", "runs shell commands (popen)"),
    ("Open3", "runs programs (Open3)"),
    ("os:cmd", "runs shell commands (os:cmd)"),
    ("(system", "runs shell commands (system)"),
    (".execute()", "runs programs (execute)"),
    ("exec ", "runs programs (exec)"),
    ("`", "runs shell commands (backticks)"),
    ("getline", "runs shell commands (getline)"),
    ("|\"", "runs shell commands (a pipe)"),
    ("| \"", "runs shell commands (a pipe)"),
];

/// The words of inline code read as shell commands, from no working
/// directory (a relative path is unknown), at most two levels deep (code
/// that holds code).
fn shell_in_code(words: &str, out: &mut Vec<Effect>) {
    static HOME: std::sync::OnceLock<Option<std::path::PathBuf>> = std::sync::OnceLock::new();
    if DEPTH.get() >= 2 || words.len() > 64 * 1024 {
        return;
    }
    DEPTH.set(DEPTH.get() + 1);
    let home = HOME.get_or_init(|| std::env::var_os("HOME").map(std::path::PathBuf::from));
    let ctx = crate::Context {
        cwd: None,
        roots: &[],
        home: home.as_deref(),
        links: &[],
        stdin_fed: false,
        many: false,
        remote: false,
    };
    out.extend(crate::lenient::text_effects(words, &ctx));
    DEPTH.set(DEPTH.get() - 1);
}

thread_local! {
    /// How deep [`shell_in_code`] is: code that holds code is read at most
    /// two levels down.
    static DEPTH: std::cell::Cell<u8> = const { std::cell::Cell::new(0) };
}

/// Every literal [`code_effects`] looks for in code, in one automaton: the
/// sensitive paths, the writing calls, the deleting calls and the calls
/// that run programs, in that order ([`found_in`] says which matched).
fn code_literals() -> &'static aho_corasick::AhoCorasick {
    static LITERALS: std::sync::OnceLock<aho_corasick::AhoCorasick> = std::sync::OnceLock::new();
    LITERALS.get_or_init(|| {
        let all = sensitive_paths()
            .iter()
            .map(String::as_str)
            .chain(WRITES.iter().copied())
            .chain(DESTRUCTIVE_CALLS.iter().map(|(call, _)| *call))
            .chain(EXEC_CALLS.iter().map(|(call, _)| *call));
        aho_corasick::AhoCorasick::new(all).expect("the code literals build an automaton")
    })
}

/// Which of [`code_literals`] occur in `code`, by index.
fn found_in(code: &str) -> Vec<bool> {
    let literals = code_literals();
    let paths = sensitive_paths().len();
    let mut found = vec![false; literals.patterns_len()];
    for m in literals.find_overlapping_iter(code) {
        let i = m.pattern().as_usize();
        // `~/.ssh/known_hosts` is how hosts are trusted, appended to.
        let public = code[m.end()..].strip_prefix('/').is_some_and(|after| {
            crate::scope::NOT_SENSITIVE
                .iter()
                .any(|n| after.starts_with(n))
        });
        if i >= paths || (starts_a_part(code, m.start()) && !public) {
            found[i] = true;
        }
    }
    found
}

/// Effects of inline code in any language: always `unknown`, raised to
/// destructive where a deleting call, a shell string or a write to a
/// sensitive file is found.
pub fn code_effects(code: &str, out: &mut Vec<Effect>) {
    let found = found_in(code);
    let (paths, rest) = found.split_at(sensitive_paths().len());
    let (writes, rest) = rest.split_at(WRITES.len());
    let (deletes, execs) = rest.split_at(DESTRUCTIVE_CALLS.len());
    if writes.contains(&true) && names_device(code) {
        out.push(device_write());
    }
    if moves_home(code) {
        out.push(Effect {
            rule: "code.home-move",
            pack: Pack::Code,
            action: Action::Delete,
            severity: Severity::Catastrophic,
            scope: Scope::HomeRoot,
            target: None,
            summary: "moves, deletes or unpacks over the home directory from inline code",
            alternative: None,
        });
    }
    if paths.contains(&true) && (writes.contains(&true) || MOVES.iter().any(|m| code.contains(m))) {
        out.push(Effect {
            rule: "code.sensitive-write",
            pack: Pack::Code,
            action: Action::Write,
            severity: Severity::Destructive,
            scope: Scope::Sensitive,
            target: None,
            summary: "writes a credential, start-up or repository file from inline code",
            alternative: None,
        });
    }
    let words = as_words(code);
    // Shell commands in the code (`os.system('git push origin main
    // --force')`, `subprocess.run(['/bin/rm','-rf','/root'])`): its words
    // read as the lenient reader reads a command text.
    let before = out.len();
    shell_in_code(&words, out);
    let shelled = out[before..]
        .iter()
        .any(|e| e.severity >= Severity::Destructive);
    let found = DESTRUCTIVE_CALLS
        .iter()
        .zip(deletes)
        .find_map(|(call, &hit)| hit.then_some(call))
        .or_else(|| SHELL_TEXT.iter().find(|(text, _)| words.contains(text)))
        .or(shelled.then_some(&("", "runs a destructive shell command")));
    let runs = EXEC_CALLS
        .iter()
        .zip(execs)
        .find_map(|(call, &hit)| hit.then_some(call));
    let (severity, summary) = match (found, runs) {
        (Some((_, what)), _) => (Severity::Destructive, *what),
        (None, Some((_, what))) => (Severity::Unknown, *what),
        (None, None) => (
            Severity::Unknown,
            "runs inline code whose effects are not known",
        ),
    };
    out.push(Effect {
        rule: if found.is_some() {
            "code.destructive-call"
        } else {
            "code.inline"
        },
        pack: Pack::Code,
        action: Action::Code,
        severity,
        scope: Scope::Unknown,
        target: None,
        summary,
        alternative: None,
    });
    sql_effects(code, out);
}

/// Effects of SQL text: dropping a database or schema is catastrophic;
/// dropping or emptying a table, or deleting or updating every row, is
/// destructive.
pub fn sql_effects(sql: &str, out: &mut Vec<Effect>) {
    // psql runs what a query returns as SQL (`\gexec`), or what a variable
    // holds (`:name` with `-v name=...`): statements only known then.
    if sql.contains("\\gexec") {
        out.push(gexec());
    }
    // Every statement below names one of these words: most text is not
    // SQL that deletes, and is passed over in one look.
    if !sql_verbs().is_match(sql) {
        return;
    }
    // Comments separate words as spaces do (`DROP/**/DATABASE`).
    let upper: String = without_comments(sql)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_ascii_uppercase();
    for statement in upper.split(';') {
        let statement = statement.trim();
        let found = if has(statement, "DROP DATABASE")
            || has(statement, "DROP SCHEMA")
            || has(statement, "DROP KEYSPACE")
            || statement.contains("DROPDATABASE(")
        {
            Some((
                Severity::Catastrophic,
                "database.drop-database",
                "drops a database",
            ))
        } else if has(statement, "DROP TABLE")
            || has(statement, "DROP TABLES")
            || has(statement, "TRUNCATE")
            // Any other DROP (a column, a view, a function, a role, what a
            // role owns), binary logs purged, a replica's history reset.
            || statement.starts_with("DROP ")
            || (statement.starts_with("ALTER ") && has(statement, "DROP"))
            || has(statement, "PURGE BINARY LOGS")
            || has(statement, "PURGE MASTER LOGS")
            || has(statement, "RESET MASTER")
        {
            Some((
                Severity::Destructive,
                "database.drop-table",
                "drops or empties a table",
            ))
        } else if (has(statement, "DELETE FROM") || starts_update(statement))
            && !narrowed(statement)
        {
            Some((
                Severity::Destructive,
                "database.delete-all",
                "deletes or changes every row of a table",
            ))
        } else {
            None
        };
        if let Some((severity, rule, summary)) = found {
            out.push(Effect {
                rule,
                pack: Pack::Database,
                action: Action::Remote,
                severity,
                scope: Scope::Remote,
                target: None,
                summary,
                alternative: Some(
                    "take a backup first, or run it in a transaction you can roll back",
                ),
            });
        }
    }
}

/// SQL that a query builds when it runs (psql's `\gexec`).
fn gexec() -> Effect {
    Effect {
        rule: "database.gexec",
        pack: Pack::Database,
        action: Action::Remote,
        severity: Severity::Destructive,
        scope: Scope::Remote,
        target: None,
        summary: "runs SQL that a query builds when it runs",
        alternative: Some("run the query alone first and read what it builds"),
    }
}

/// The words every statement [`sql_effects`] reports holds, in any case.
fn sql_verbs() -> &'static aho_corasick::AhoCorasick {
    static VERBS: std::sync::OnceLock<aho_corasick::AhoCorasick> = std::sync::OnceLock::new();
    VERBS.get_or_init(|| {
        aho_corasick::AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build(["DROP", "TRUNCATE", "DELETE", "UPDATE", "PURGE", "RESET"])
            .expect("the SQL verbs build an automaton")
    })
}

/// `needle` as whole words in `haystack`.
fn has(haystack: &str, needle: &str) -> bool {
    haystack.match_indices(needle).any(|(at, _)| {
        let before = haystack[..at].chars().next_back();
        let after = haystack[at + needle.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
            && !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// A `WHERE` that narrows (not `WHERE TRUE`, `WHERE 1`, `WHERE 1=1`).
fn narrowed(statement: &str) -> bool {
    let Some(at) = statement.find(" WHERE ") else {
        return false;
    };
    let condition: String = statement[at + 7..]
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    // Always true: a constant, `TRUE OR ...`, `x=x`.
    let same_sides = condition
        .split_once('=')
        .is_some_and(|(a, b)| !a.is_empty() && a == b.trim_end_matches(';'));
    !(matches!(
        condition.as_str(),
        "TRUE" | "1" | "1=1" | "(1=1)" | "NOT FALSE" | "NOTFALSE" | "0=0" | "'1'='1'"
    ) || condition.starts_with("TRUEOR")
        || condition.ends_with("ORTRUE")
        || condition.contains("OR1=1")
        || same_sides)
}

fn starts_update(statement: &str) -> bool {
    statement.starts_with("UPDATE ") && has(statement, "SET")
}

/// An awk program that runs shell commands: destructive when the command
/// text holds a deleting call, else code whose effects are unknown. awk
/// programs that only read and print add nothing.
fn awk_effects(args: &Args<'_>, out: &mut Vec<Effect>) {
    let words = args.words();
    // `-f FILE` names the program; otherwise the first operand is it.
    let program = if words.iter().any(|w| w == "-f" || w.starts_with("--file")) {
        return;
    } else {
        match args.operands().first() {
            Some(text) => *text,
            None => return,
        }
    };
    if AWK_SHELL.iter().any(|p| program.contains(p)) {
        code_effects(program, out);
    }
    // `print > "/dev/sda"`: output redirected to a disk.
    if program.contains('>') && names_device(program) {
        out.push(device_write());
    }
}

/// Block devices' names under `/dev/` (disks, partitions, their mappings).
#[rustfmt::skip]
const DISKS: &[&str] = &[
    "sd", "hd", "vd", "xvd", "nvme", "mmcblk", "disk", "mapper/", "md", "dm-", "loop", "nbd", "rbd", "zd",
];

/// Does `text` name a disk device (`/dev/sda`, `/dev/nvme0n1`)?
fn names_device(text: &str) -> bool {
    text.match_indices("/dev/")
        .any(|(at, _)| DISKS.iter().any(|d| text[at + 5..].starts_with(d)))
}

/// Inline code or a script writing to a disk device.
fn device_write() -> Effect {
    Effect {
        rule: "code.device-write",
        pack: Pack::Code,
        action: Action::Device,
        severity: Severity::Catastrophic,
        scope: Scope::Device,
        target: None,
        summary: "writes to a disk device from inline code, over what the disk holds",
        alternative: None,
    }
}

/// The files a program's inline script writes, as it names them, and
/// whether it appends: sed's `w FILE`, `W FILE` and `s///w FILE`; awk's
/// `print > "FILE"` and `>> "FILE"` (a string, not an expression); the
/// sqlite3 and duckdb dot commands `.output FILE`, `.once FILE`, `.save
/// FILE`, `.backup FILE`.
pub fn written_files(program: &str, args: &Args<'_>) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    if program == "sed" || program == "gsed" {
        for script in sed_scripts(args.words()).unwrap_or_default() {
            out.extend(
                sed_written(script)
                    .into_iter()
                    .map(|f| (f.to_string(), false)),
            );
        }
    } else if AWK.contains(&program) {
        if let Some(text) = awk_program(args.words()) {
            out.extend(awk_written(text));
        }
    } else if matches!(program, "sqlite3" | "duckdb") {
        for text in args.operands() {
            for line in text.lines() {
                let line = line.trim_start();
                let (name, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
                let file = rest
                    .split_whitespace()
                    .next()
                    .unwrap_or("")
                    .trim_matches(['\'', '"']);
                // sqlite3 takes a dot command by any prefix (`.o`, `.out`).
                let writes = name.len() >= 2
                    && [".output", ".once", ".save", ".backup"]
                        .iter()
                        .any(|c| c.starts_with(name));
                if writes && !file.is_empty() && !file.starts_with('|') {
                    out.push((file.to_string(), false));
                }
            }
        }
    }
    out
}

/// awk's program text among its arguments: the first word that is not an
/// option or an option's value (`-v f=x`, `-F:`); `None` when it comes
/// from a file (`-f`).
fn awk_program(words: &[String]) -> Option<&str> {
    let mut words = words.iter().map(String::as_str);
    while let Some(w) = words.next() {
        match w {
            "-f" | "--file" => return None,
            "-v" | "-F" | "--assign" | "--field-separator" | "-W" => {
                words.next();
            }
            "--" => return words.next(),
            w if w.starts_with('-') && w.len() > 1 => {}
            w => return Some(w),
        }
    }
    None
}

/// The files a sed script writes: `w FILE` and `W FILE` take the rest of
/// their line as the name; so does a substitution's `w` flag.
fn sed_written(script: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for line in script.lines() {
        let mut rest = line;
        loop {
            let command = without_address(rest);
            if let Some(file) = command.strip_prefix(['w', 'W']) {
                out.push(file.trim());
                break;
            }
            if let Some(body) = command.strip_prefix('s')
                && let Some(delimiter) = body.chars().next()
                && delimiter != '\\'
                && !delimiter.is_alphanumeric()
            {
                // Past the pattern and the replacement (escaped delimiters skipped).
                let mut seen = 0;
                let mut escaped = false;
                let mut flags_at = None;
                for (i, c) in body.char_indices().skip(1) {
                    if escaped {
                        escaped = false;
                    } else if c == '\\' {
                        escaped = true;
                    } else if c == delimiter {
                        seen += 1;
                        if seen == 2 {
                            flags_at = Some(i + c.len_utf8());
                            break;
                        }
                    }
                }
                let Some(at) = flags_at else { break };
                let flags = &body[at..];
                let end = flags
                    .find(|c: char| !(c.is_ascii_alphanumeric()))
                    .unwrap_or(flags.len());
                if let Some(w) = flags[..end].find('w') {
                    out.push(flags[w + 1..].trim());
                    break;
                }
                rest = &flags[end..];
            }
            match rest.find(';') {
                Some(i) => rest = &rest[i + 1..],
                None => break,
            }
        }
    }
    out.retain(|f| !f.is_empty());
    out
}

/// The files an awk program prints to: `> "FILE"` or `>> "FILE"` outside a
/// string; a `>` of a `print` or `printf` statement outside parentheses
/// followed by anything else (`print > f`, `print > ("a" "b")`) writes a
/// file named when it runs (`$AWK`, which places as unknown). Elsewhere a
/// `>` is a comparison (`$3 > 100`).
fn awk_written(program: &str) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    let bytes = program.as_bytes();
    let (mut in_string, mut printing, mut depth) = (false, false, 0usize);
    let mut i = 0;
    while i < bytes.len() {
        let word_start = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        match bytes[i] {
            b'\\' if in_string => i += 1,
            b'"' => in_string = !in_string,
            _ if in_string => {}
            b'p' if word_start && program[i..].starts_with("print") => printing = true,
            b';' | b'}' | b'{' | b'\n' => (printing, depth) = (false, 0),
            b'(' => depth += 1,
            b')' => depth = depth.saturating_sub(1),
            b'>' => {
                let append = bytes.get(i + 1) == Some(&b'>');
                let mut j = i + 1 + usize::from(append);
                while bytes.get(j).is_some_and(u8::is_ascii_whitespace) {
                    j += 1;
                }
                let literal = (bytes.get(j) == Some(&b'"'))
                    .then(|| program[j + 1..].find('"'))
                    .flatten()
                    // A string alone, not the start of a concatenation.
                    .filter(|len| {
                        let after = program[j + 2 + len..].trim_start();
                        !after.starts_with(|c: char| {
                            c == '"' || c == '(' || c.is_alphanumeric() || c == '$'
                        })
                    });
                if let Some(len) = literal {
                    out.push((program[j + 1..j + 1 + len].to_string(), append));
                    i = j + 1 + len;
                } else if printing && depth == 0 {
                    out.push(("$AWK".to_string(), append));
                    i = j.saturating_sub(1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// sed's scripts among its arguments (the words after its name): each
/// `-e SCRIPT`, `-eSCRIPT`, `--expression=SCRIPT`, the word after a
/// cluster ending in `e` (`-ne SCRIPT`), or else the first operand. `None`
/// when a script comes from a file (`-f`, `--file`), which is not known.
pub fn sed_scripts(args: &[String]) -> Option<Vec<&str>> {
    let mut scripts: Vec<&str> = Vec::new();
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        let cluster = a.starts_with('-') && !a.starts_with("--");
        if a == "-e" || a == "--expression" {
            scripts.extend(args.get(i).map(String::as_str));
            i += 1;
        } else if let Some(v) = a.strip_prefix("--expression=") {
            scripts.push(v);
        } else if a.starts_with("--file") || (cluster && a.contains('f')) {
            return None;
        } else if let Some(v) = a.strip_prefix("-e").filter(|v| !v.is_empty()) {
            scripts.push(v);
        } else if cluster && a.len() > 2 && a.ends_with('e') {
            scripts.extend(args.get(i).map(String::as_str));
            i += 1;
        }
    }
    if scripts.is_empty() {
        scripts.extend(
            args.iter()
                .find(|a| !a.starts_with('-'))
                .map(String::as_str),
        );
    }
    Some(scripts)
}

/// A sed command without its address and the braces before it (`1`,
/// `$`, `1,5!`, `/re/`, `\,re,`, `{`).
fn without_address(command: &str) -> &str {
    let mut rest = command;
    loop {
        rest = rest.trim_start_matches(|c: char| {
            c.is_ascii_digit()
                || c.is_whitespace()
                || matches!(c, '$' | ',' | '!' | '~' | '+' | '{' | '}')
        });
        // A regular expression: `/re/`, or `\cREc` with any delimiter.
        let (delimiter, body) = match rest.strip_prefix('\\') {
            Some(r) => match r.chars().next() {
                Some(d) => (d, &r[d.len_utf8()..]),
                None => return rest,
            },
            None => match rest.strip_prefix('/') {
                Some(r) => ('/', r),
                None => return rest,
            },
        };
        match body.find(delimiter) {
            Some(end) => rest = &body[end + delimiter.len_utf8()..],
            None => return rest,
        }
    }
}

/// SQL text with `/* ... */` and `-- ...` comments replaced by spaces.
fn without_comments(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut rest = sql;
    while !rest.is_empty() {
        // MySQL runs the text of `/*! ... */` comments.
        if let Some(after) = rest.strip_prefix("/*!") {
            rest = after.trim_start_matches(|c: char| c.is_ascii_digit());
            if let Some(end) = rest.find("*/") {
                out.push_str(&rest[..end]);
                rest = &rest[end + 2..];
            }
        } else if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |end| &after[end + 2..]);
            out.push(' ');
        } else if let Some(after) = rest.strip_prefix("--") {
            rest = after.find('\n').map_or("", |end| &after[end..]);
            out.push(' ');
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// GNU sed's `e` command (`1e CMD`, `e` alone) and `s///e` flag run shell
/// commands: what they run is code; `sed -n 's/a/b/p'` adds nothing.
fn sed_effects(args: &Args<'_>, out: &mut Vec<Effect>) {
    for command in sed_commands_run(args) {
        code_effects(command, out);
    }
    // `w /dev/sda`, `s/x/y/w /dev/sda`: a script writing to a disk.
    if args
        .words()
        .iter()
        .any(|w| names_device(w) && (w.contains("w ") || w.contains("W ") || w.contains("w/dev/")))
    {
        out.push(device_write());
    }
}

/// The shell commands a sed script runs: `e COMMAND` (also glued,
/// `1ecurl x`), and a substitution with the `e` flag (its result).
fn sed_commands_run<'a>(args: &Args<'a>) -> Vec<&'a str> {
    let scripts = sed_scripts(args.words()).unwrap_or_default();
    let mut out = Vec::new();
    for script in scripts {
        for command in script.split(['\n', ';']) {
            let command = without_address(command);
            if let Some(run) = command.strip_prefix('e') {
                out.push(run.trim_start());
            } else if command.starts_with('s') && command.len() > 1 {
                let delimiter = command[1..].chars().next().unwrap_or('/');
                let flags = command.rsplit(delimiter).next().unwrap_or("");
                if flags.contains('e') && flags.chars().all(|f| f.is_ascii_alphanumeric()) {
                    out.push(command);
                }
            }
        }
    }
    out
}
