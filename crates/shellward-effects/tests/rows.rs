//! Every row's examples, the table's order, and the inline scans, as tables.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::path::Path;

use shellward_effects::{Context, ROWS, Severity, effects, worst};
use shellward_syntax::Connector;

/// `stdin_fed`: the command's standard input is a pipe or a file.
fn ctx(stdin_fed: bool) -> Context<'static> {
    static ROOTS: std::sync::OnceLock<Vec<std::path::PathBuf>> = std::sync::OnceLock::new();
    Context {
        cwd: Some(Path::new("/home/u/proj")),
        roots: ROOTS.get_or_init(|| vec!["/home/u/proj".into()]),
        home: Some(Path::new("/home/u")),
        links: &[],
        stdin_fed,
        many: false,
        remote: false,
    }
}

/// The worst severity of every simple command of `command`.
fn severity(command: &str) -> Option<Severity> {
    let analysis = shellward_syntax::analyze(command);
    analysis
        .commands()
        .iter()
        .filter_map(|c| {
            // As the guard gives them: expanded words as written.
            let words: Vec<String> = c.argv().map(str::to_string).collect();
            let fed = matches!(c.connector, Some(Connector::Pipe | Connector::PipeAll))
                || c.redirects.iter().any(|r| r.effective_fd() == 0);
            worst(&effects(&words, !c.is_static(), &ctx(fed)))
        })
        .max()
}

#[test]
fn rows_are_sorted_by_program() {
    for pair in ROWS.windows(2) {
        assert!(
            pair[0].program <= pair[1].program,
            "{} before {}",
            pair[0].program,
            pair[1].program
        );
    }
}

#[test]
fn launchers_are_sorted() {
    let names = shellward_effects::launcher_names();
    assert!(names.windows(2).all(|w| w[0] < w[1]), "{names:?}");
}

#[test]
fn every_row_example_holds() {
    let mut failures = Vec::new();
    let mut count = 0;
    for row in ROWS {
        for (command, want) in row.examples {
            count += 1;
            let got = severity(command);
            if got != *want {
                failures.push(format!(
                    "{}: `{command}`: want {want:?}, got {got:?}",
                    row.id
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} examples fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(count >= 150, "only {count} examples");
}

use Severity::{Catastrophic as C, Destructive as D, Unknown as U, Write as W};

/// Inline code and SQL: the scans.
#[rustfmt::skip]
const SCANS: &[(&str, Option<Severity>)] = &[
    ("python3 -c 'import shutil; shutil.rmtree(\"/\")'", Some(D)),
    ("python -c 'print(1)'", Some(U)),
    ("node -e 'require(\"fs\").rmSync(\"x\", {recursive: true})'", Some(D)),
    ("node --eval='1+1'", Some(U)),
    ("perl -e 'system(\"rm -rf x\")'", Some(D)),
    ("perl -e 'system(\"id\")'", Some(U)),
    ("ruby -e 'FileUtils.rm_rf(\"x\")'", Some(D)),
    ("psql -c 'DROP DATABASE prod'", Some(C)),
    ("psql prod --command='drop table users'", Some(D)),
    ("psql -c 'SELECT 1'", None),
    ("mysql -e 'TRUNCATE orders'", Some(D)),
    ("mysql -e 'DELETE FROM users'", Some(D)),
    ("mysql -e 'DELETE FROM users WHERE id = 1'", None),
    ("mysql -e 'UPDATE users SET admin = 1'", Some(D)),
    ("sqlite3 app.db 'DROP TABLE t'", Some(D)),
    ("sqlite3 app.db '.tables'", None),
    ("mongosh --eval 'db.dropDatabase()'", Some(C)),
    ("psql -c 'select * from dropped_tables'", None),
    ("cqlsh -e 'DROP KEYSPACE app'", Some(C)),
    ("pwsh -Command 'Remove-Item -Recurse C:\\x'", Some(D)),
    ("mongosh app --eval 'db.users.deleteMany({})'", Some(D)),
    ("mongosh --eval 'db.users.drop()'", Some(D)),
    ("node -e 'fs.unlinkSync(\"a\")'", Some(D)),
    ("bq query 'DELETE FROM ds.t'", Some(D)),
    ("awk 'BEGIN{ system(\"rm -rf /Users/x/Documents\") }'", Some(D)),
    ("awk '{ print | \"sh\" }' cmds.txt", Some(U)),
    ("awk 'BEGIN { system(\"id\") }'", Some(U)),
    ("python3 -c 'import subprocess; subprocess.run([\"ls\"])'", Some(U)),
    ("python3 -c 'import os; os.system(\"rm -rf build\")'", Some(D)),
    ("awk 'BEGIN{ print \"rm -rf /\" }'", None),
    ("awk -F: '{print $1}' /etc/passwd", None),
    ("osascript -e 'do shell script \"rm -rf ~/x\"'", Some(D)),
    ("osascript -e 'do shell script \"git reset --hard HEAD~1\"'", Some(D)),
    ("awk 'BEGIN{ print \"x\" | \"rm -rf /Users/x/Documents\" }'", Some(D)),
    ("python3 -c \"open('/home/me/.ssh/authorized_keys','w').write('key')\"", Some(D)),
    ("node -e \"require('fs').writeFileSync('/home/me/.ssh/config', 'Host *')\"", Some(D)),
    ("python3 -c \"print(open('/home/me/.ssh/authorized_keys').read())\"", Some(U)),
    ("python3 -c \"open('/home/me/.ssh/known_hosts','a').write('host')\"", Some(U)),
    // Files a script writes by name (ctx: /home/u/proj, home /home/u).
    ("sed -n 'w ../.bashrc' a.txt", Some(D)),
    ("sed 's/x/y/w ../.gitconfig' a.txt", Some(D)),
    ("sed -n '1d;w /etc/passwd' a.txt", Some(D)),
    ("sed 's|a/b|c|gw out.txt' a.txt", Some(W)),
    ("sed -n 's/a/b/p' a.txt", None),
    ("sed 's/w/W/g' a.txt", None),
    ("awk 'BEGIN{printf \"\" > \"../.bashrc\"}'", Some(D)),
    ("awk '{print >> \"/home/u/.profile\"}' a.txt", Some(D)),
    ("awk '{print > \"out.txt\"}' a.txt", Some(W)),
    ("awk '$1 > 3 {print}' a.txt", None),
    ("awk '{print \"a > b\"}' a.txt", None),
    ("sqlite3 app.db '.output ../.bashrc' 'select 1'", Some(D)),
    ("sqlite3 app.db '.once /home/u/.ssh/config' 'select 1'", Some(D)),
    ("sqlite3 app.db '.output out.csv' 'select 1'", Some(W)),
    ("mongosh --eval 'db.users.remove({})'", Some(D)),
    ("mongosh --eval 'db.c.bulkWrite([{deleteMany:{filter:{}}}])'", Some(D)),
    ("python3 -c 'x=[1]; x.remove(1)'", Some(U)),
    // The twelfth session's review: every sensitive place of the shell
    // reading, other libraries' writes, and moves of the home itself.
    ("python3 -c 'import os; open(os.path.expanduser(\"~/.local/state/shellward/trust.json\"),\"w\")'", Some(D)),
    ("python3 -c 'open(\".claude/hooks/x.sh\",\"w\").write(\"x\")'", Some(D)),
    ("python3 -c 'open(\"/etc/ld.so.preload\",\"w\")'", Some(D)),
    ("python3 -c 'import os; os.rename(os.path.expanduser(\"~/.claude\"), \"/tmp/c\")'", Some(D)),
    ("python3 -c 'import os; os.rename(\".git\",\"/tmp/g\")'", Some(D)),
    ("python3 -c 'import os; os.rename(os.path.expanduser(\"~\"), \"/tmp/gone\")'", Some(C)),
    ("node -e 'require(\"fs\").renameSync(process.env.HOME,\"/tmp/gone\")'", Some(C)),
    ("perl -e 'rename $ENV{HOME}, \"/tmp/gone\"'", Some(C)),
    ("ruby -e 'File.rename(Dir.home,\"/tmp/gone\")'", Some(C)),
    ("node -e 'require(\"fs\").cpSync(\"/dev/null\", process.env.HOME+\"/.bashrc\")'", Some(D)),
    ("perl -MFile::Copy -e 'copy(\"/dev/null\",\"$ENV{HOME}/.bashrc\")'", Some(D)),
    ("php -r 'file_put_contents(getenv(\"HOME\").\"/.bashrc\",\"\")'", Some(D)),
    ("ruby -e 'IO.write(Dir.home+\"/.bashrc\",\"\")'", Some(D)),
    ("julia -e 'write(homedir()*\"/.bashrc\",\"\")'", Some(D)),
    ("node -e 'fs.writeFileSync(\"out.json\", user.login)'", Some(U)),
    ("python3 -c 'import os; print(os.path.expanduser(\"~\"))'", Some(U)),
    ("node -e 'fs.writeFileSync(process.env.HOME + \"/proj/x.txt\", \"x\")'", Some(U)),
    // The session's second review: other spellings of the home, modes and
    // flags, archives unpacked into the home.
    ("python3 -c 'import pathlib; pathlib.Path.home().rename(\"/tmp/x\")'", Some(C)),
    ("python3 -c 'import os; os.rename(os.environ.get(\"HOME\"), \"/tmp/x\")'", Some(C)),
    ("python3 -c 'import os; os.replace(os.path.expanduser(\"~\"), \"/tmp/x\")'", Some(C)),
    ("node -e 'require(\"fs\").renameSync(process.env[\"HOME\"], \"/tmp/x\")'", Some(C)),
    ("python3 -c 'import tarfile,os; tarfile.open(\"x.tar\").extractall(os.path.expanduser(\"~\"))'", Some(C)),
    ("python3 -c 'open(\"/home/u/.bashrc\", \"ab\").write(\"x\")'", Some(D)),
    ("python3 -c 'import os; os.open(\"/home/u/.bashrc\", 577)'", Some(D)),
    ("ruby -e 'File.new(\"/home/u/.bashrc\", File::WRONLY)'", Some(D)),
];

#[test]
fn inline_code_and_sql() {
    for (command, want) in SCANS {
        assert_eq!(severity(command), *want, "{command}");
    }
}

/// Only some words known: the targets are unknown, a tree at its worst.
#[test]
fn partial_commands() {
    let words = |ws: &[&str]| ws.iter().map(|w| w.to_string()).collect::<Vec<_>>();
    assert_eq!(
        worst(&effects(&words(&["rm", "-rf"]), true, &ctx(false))),
        Some(D)
    );
    assert_eq!(worst(&effects(&words(&["rm"]), true, &ctx(false))), Some(W));
    assert_eq!(
        worst(&effects(&words(&["rm", "-rf", "src"]), true, &ctx(false))),
        Some(D)
    );
    assert_eq!(
        worst(&effects(&words(&["rm", "-rf", "/"]), true, &ctx(false))),
        Some(C)
    );
}

/// A temporary directory holding the workspace or the home (a workspace
/// made under `/tmp`) is not all temporary: emptying it deletes them.
#[test]
fn a_temporary_directory_holding_the_workspace_is_not_temporary() {
    let roots = [std::path::PathBuf::from("/tmp/ws")];
    let inside = Context {
        cwd: Some(Path::new("/tmp/ws")),
        roots: &roots,
        home: Some(Path::new("/home/u")),
        links: &[],
        stdin_fed: false,
        many: false,
        remote: false,
    };
    #[rustfmt::skip]
    let rows: &[(&str, Option<Severity>, Option<Severity>)] = &[
        // (command, workspace under /tmp, workspace in the home)
        ("rm -rf /tmp/*",       Some(Severity::Catastrophic), Some(Severity::Write)),
        ("find /tmp -delete",   Some(Severity::Catastrophic), Some(Severity::Write)),
        ("rm -rf /tmp/scratch", Some(Severity::Write),        Some(Severity::Write)),
    ];
    for (command, under_tmp, elsewhere) in rows {
        let words: Vec<String> = command.split(' ').map(str::to_string).collect();
        assert_eq!(
            worst(&effects(&words, false, &inside)),
            *under_tmp,
            "{command} (workspace under /tmp)"
        );
        assert_eq!(
            worst(&effects(&words, false, &ctx(false))),
            *elsewhere,
            "{command}"
        );
    }
}

/// A row of a program read by its grammar names only options the
/// grammar has: one it lacks would never apply to a command read exactly.
#[test]
fn rows_name_only_options_their_grammar_has() {
    let unknown = shellward_effects::exact::unknown_spellings();
    assert!(unknown.is_empty(), "{unknown:?}");
}
