//! Each rule family, with the rule id that must decide it. One row per case:
//! `(command, read_only, rule)`, judged in an empty temporary workspace. The
//! rule is the whole verdict's, or for a read-only command, the first simple
//! command's (which says what let it through).

#![allow(clippy::panic, clippy::unwrap_used)]

use shellward_judge::{Context, judge};
use shellward_syntax::analyze;

#[test]
fn rule_ids() {
    let dir_guard = tempfile::Builder::new()
        .prefix("shellward-rules-")
        .tempdir()
        .unwrap();
    let dir = dir_guard.path().to_path_buf();
    std::fs::create_dir_all(&dir).unwrap();
    let ctx = Context::new(&dir, &dir);
    let table: &[(&str, bool, &str)] = &[
        ("cat README.md", true, "readonly"),
        ("ls -la | head -5", true, "readonly"),
        ("(ls)", false, "syntax.unsupported:Subshell"),
        ("time ls -la", true, "readonly.flags:ls"),
        ("time -p git status", true, "readonly.git:status"),
        ("time rm -rf x", false, "readonly.unknown:rm"),
        ("time ls > out", false, "redirect.output:out"),
        ("time (rm x)", false, "syntax.unsupported:Subshell"),
        ("LC_ALL=C time ls", false, "readonly.unknown:time"),
        ("ls &&", false, "syntax.parse_error"),
        ("PATH=/tmp ls", false, "env.prefix:PATH"),
        ("LANG=C sort f", true, "readonly"),
        ("ls > out", false, "redirect.output:out"),
        ("ls 2>/dev/null >&2", true, "readonly"),
        ("echo oops > /dev/stderr", true, "readonly"),
        ("echo x > /dev/tty", false, "redirect.output:/dev/tty"),
        (
            "echo x > /dev/stderrx",
            false,
            "redirect.output:/dev/stderrx",
        ),
        ("cat < /dev/tcp/x/80", false, "redirect.network"),
        ("./cat f", false, "command.path_qualified"),
        ("rm -rf build", false, "readonly.unknown:rm"),
        ("sort -o out in", false, "readonly.flag:sort:-o"),
        ("sort --outp=x in", false, "readonly.flag:sort:--outp"),
        ("sort $'-o' out in", false, "readonly.flag:sort:-o"),
        ("find . -exe\\c rm {} +", false, "readonly.unknown:rm"),
        ("find . -delete", false, "readonly.flag:find:-delete"),
        ("sed -i s/a/b/ f", false, "readonly.flag:sed:-i"),
        ("sed 's/a/b/w out' f", false, "readonly.sed_script"),
        ("sort *", false, "glob.may_be_option:sort"),
        // grep has no option that writes or runs anything: a glob that
        // became `-R` would follow links, so the tree is scanned instead.
        ("grep -l main *.rs", true, "readonly.flags:grep"),
        ("ls *.md", true, "readonly"),
        ("wc -l src/*.rs", true, "readonly"),
        ("env", false, "secrets.print:env"),
        ("jq -n env", false, "secrets.jq_env"),
        ("awk 'BEGIN{system(\"id\")}'", false, "readonly.awk_program"),
        ("awk -F, '{print $2}' data.csv", true, "readonly"),
        ("ps axe", false, "secrets.ps_environment"),
        ("date -s 2000-01-01", false, "readonly.flag:date:-s"),
        ("date +%s", true, "readonly"),
        ("xargs rm", false, "xargs.command:rm"),
        ("xargs -0 grep -l foo", true, "readonly"),
        ("less '+!sh' README.md", false, "readonly.pager_command"),
        ("uniq in out", false, "readonly.output_operand"),
        ("cat /etc/passwd", true, "path.outside:/etc/*"),
        ("grep -r x /", true, "path.outside:/*"),
        ("cat ~root/.ssh/id_rsa", true, "path.outside:~root/*"),
        ("git -c core.pager=x log", false, "git.global:-c"),
        (
            "git log --output=/tmp/x",
            false,
            "readonly.flag:git log:--output",
        ),
        ("git log --format=%G?", false, "git.gpg_format"),
        ("git branch evil", false, "git.creates_ref:branch"),
        ("git branch --merged", true, "readonly.git:branch"),
        ("git branch --merged main", true, "readonly.git:branch"),
        (
            "git branch -a --contains HEAD~3",
            true,
            "readonly.git:branch",
        ),
        (
            "git branch --merged main evil",
            false,
            "git.creates_ref:branch",
        ),
        ("git config user.email", true, "readonly"),
        ("git config get user.email", true, "readonly"),
        ("git config --list", true, "readonly"),
        (
            "git config user.email evil@example.com",
            false,
            "git.config_write",
        ),
        ("git config set user.email x", false, "git.config_write"),
        ("git config core.pager", true, "readonly"),
        ("git remote get-url origin", true, "readonly"),
        ("git remote show -n origin", true, "readonly"),
        ("git remote show origin", false, "git.remote"),
        (
            "git remote add x https://example.com/r.git",
            false,
            "git.remote",
        ),
        ("expr 1 + 2", true, "readonly"),
        ("yes | head -3", true, "readonly"),
        ("git push", false, "git.subcommand:push"),
        (
            "git diff --no-index a b",
            false,
            "readonly.flag:git diff:--no-index",
        ),
        // git where a `cd` led: judged there.
        ("cd src && git status", true, "readonly"),
        ("cd / && git status", false, "git.cd_outside"),
        ("cd .. && git log", false, "git.cd_outside"),
        // Recursive analysis: find -exec, process and command substitution.
        (
            "find . -name '*.rs' -exec grep -l foo {} +",
            true,
            "readonly.find_exec:grep",
        ),
        (
            "find . -exec wc -l {} \\; -exec head -1 {} \\;",
            true,
            "readonly.find_exec:wc,head",
        ),
        ("find . -exec rm {} \\;", false, "readonly.unknown:rm"),
        (
            "find . -exec grep x {} \\; -delete",
            false,
            "readonly.flag:find:-delete",
        ),
        ("find . -exec grep x", false, "find.exec_malformed"),
        (
            "find . -exec sort -o out {} +",
            false,
            "readonly.flag:sort:-o",
        ),
        (
            "find . -execdir cat {} +",
            false,
            "readonly.flag:find:-execdir",
        ),
        ("find / -exec cat {} +", true, "path.outside:/*"),
        (
            "comm -12 <(sort a.txt) <(sort b.txt)",
            true,
            "readonly.flags:comm",
        ),
        ("diff <(ls) <(rm x)", false, "readonly.unknown:rm"),
        ("cat <(cat /etc/passwd)", true, "path.outside:/etc/*"),
        ("tee >(cat) f", false, "syntax.dynamic:process_substitution"),
        ("cat <(ls)x", false, "syntax.dynamic:process_substitution"),
        (
            "echo \"on $(git branch --show-current)\"",
            true,
            "readonly.any_arg:echo",
        ),
        ("echo `ls src`", true, "readonly.any_arg:echo"),
        ("echo $(rm -rf x)", false, "readonly.unknown:rm"),
        ("echo $(cd / && git log)", false, "git.cd_outside"),
        ("cat $(git ls-files)", false, "substitution.argument:cat"),
        ("printf $(echo -v) x", false, "substitution.argument:printf"),
        (
            "echo $(echo $(echo $(echo $(echo x))))",
            false,
            "substitution.depth",
        ),
        ("echo ${x}$(ls)", false, "syntax.dynamic:parameter"),
        // The shell's special parameters, only where any text is harmless.
        ("echo $?", true, "readonly.any_arg:echo"),
        ("echo \"exit: $? pid: $$\"", true, "readonly.any_arg:echo"),
        ("echo $HOME", true, "readonly.any_arg:echo"),
        ("echo \"PATH is ${PATH}\"", true, "readonly.any_arg:echo"),
        ("echo $GITHUB_TOKEN", false, "syntax.dynamic:parameter"),
        (
            "echo ${HOME:-$GITHUB_TOKEN}",
            false,
            "syntax.dynamic:parameter",
        ),
        ("echo ${!HOME}", false, "syntax.dynamic:parameter"),
        ("cat $HOME/.ssh/id_rsa", false, "substitution.argument:cat"),
        ("echo $_", false, "syntax.dynamic:parameter"),
        ("echo ${?}", false, "syntax.dynamic:parameter"),
        ("cat $?", false, "substitution.argument:cat"),
        (
            "ls > $(echo f)",
            false,
            "syntax.dynamic:command_substitution",
        ),
        ("$(echo ls)", false, "syntax.dynamic:command_substitution"),
        ("echo $(ls > out)", false, "redirect.output:out"),
        ("gh pr view 1 --repo evil.example/o/r", false, "gh.host"),
        (
            "gh auth status --show-token",
            false,
            "secrets.gh_token:--show-token",
        ),
        ("docker -H tcp://x ps", false, "readonly.flag:docker:-H"),
        ("cd - && ls", false, "readonly.cd_oldpwd"),
        ("TMPDIR=/etc sort big.txt", false, "env.prefix:TMPDIR"),
        // Recursive readers that follow symbolic links: read-only when the
        // trees they walk have no link out (this workspace is empty; see
        // `link_following_readers` for planted links).
        ("grep -R secret .", true, "readonly.flags:grep"),
        ("rg -L secret", true, "readonly.flags:rg"),
        ("fd -L id_rsa", true, "readonly.flags:fd"),
        ("find -L . -name x", true, "readonly.flags:find"),
        ("find . -follow -name x", true, "readonly.flags:find"),
        ("grep -R secret /etc", true, "path.outside:/etc/*"),
        // Others that follow links are not in the tables.
        ("tree -l", false, "readonly.flag:tree:-l"),
        ("ls -LR", false, "readonly.flag:ls:-L"),
        ("du -L -s .", false, "readonly.flag:du:-L"),
        ("diff -r a b", true, "readonly.flags:diff"),
        // Options and launchers that run other programs.
        ("file -z archive.gz", false, "readonly.flag:file:-z"),
        ("pytest --version", false, "readonly.unknown:pytest"),
        ("mvn --version", false, "readonly.unknown:mvn"),
        ("cargo --version", true, "readonly"),
        ("command -v rustc", true, "readonly"),
        // System information.
        ("numfmt --to=iec 1048576", true, "readonly"),
        ("whereis ls", true, "readonly"),
        ("shasum -a 256 README.md", true, "readonly"),
        ("java -version", true, "readonly"),
        ("java -jar tool.jar", false, "readonly.unknown:java"),
        ("arch", true, "readonly"),
        ("arch -x86_64 sh", false, "readonly.flag:arch:-x"),
        ("ip addr", true, "readonly"),
        ("ip -br a", true, "readonly"),
        ("ip route show", true, "readonly"),
        ("ip addr show dev eth0", true, "readonly"),
        ("ip link set eth0 down", false, "readonly.ip"),
        ("ip route add default via 10.0.0.1", false, "readonly.ip"),
        ("ip netns exec x sh", false, "readonly.ip"),
        ("ip -b cmds.txt", false, "readonly.flag:ip:-b"),
        ("ifconfig", true, "readonly"),
        ("ifconfig eth0", true, "readonly"),
        ("ifconfig eth0 down", false, "readonly.ifconfig"),
        // Archives: listing and reading to standard output only.
        ("tar -tzf x.tar.gz", true, "readonly.flags:tar"),
        ("tar tzf x.tar.gz", true, "readonly.flags:tar"),
        ("tar tvf x.tar", true, "readonly.flags:tar"),
        ("tar -xOf x.tar README", true, "readonly.flags:tar"),
        ("tar --list --file=x.tar", true, "readonly.flags:tar"),
        ("tar -xzf x.tar.gz", false, "tar.mode"),
        ("tar xzf x.tar.gz", false, "tar.mode"),
        ("tar -czf out.tgz src", false, "readonly.flag:tar:-c"),
        // Old style with `f` not last: its value is the next word (GNU tar
        // takes old-style values in order), so `tfz x.tar` is `-tzf x.tar`.
        ("tar tfz x.tar", true, "readonly.flags:tar"),
        // A first word without a dash is options to tar, whatever it holds.
        ("tar I 'sh -c id' -tf a.tar", false, "readonly.flag:tar:I"),
        ("tar tvbf 20 x.tar", false, "readonly.flag:tar:tvbf"),
        ("tar -tf host:/x.tar", false, "tar.remote_archive"),
        (
            "tar -tf x.tar --to-command=sh",
            false,
            "readonly.flag:tar:--to-command",
        ),
        ("tar -tf x.tar -I 'sh -c id'", false, "readonly.flag:tar:-I"),
        (
            "tar -tf x.tar --checkpoint-action=exec=id",
            false,
            "readonly.flag:tar:--checkpoint-action",
        ),
        ("tar -tf /etc/x.tar", true, "path.outside:/etc/*"),
        ("zcat x.gz", true, "readonly.flags:zcat"),
        ("gzip -l x.gz", true, "readonly.flags:gzip"),
        ("gzip -dc x.gz", true, "readonly.flags:gzip"),
        ("gunzip -c x.gz", true, "readonly.flags:gunzip"),
        ("gzip x", false, "gzip.writes"),
        ("gunzip x.gz", false, "gzip.writes"),
        ("unzip -l x.zip", true, "readonly.flags:unzip"),
        ("unzip -p x.zip a.txt", true, "readonly.flags:unzip"),
        ("unzip x.zip", false, "unzip.writes"),
        ("unzip -o x.zip -d out", false, "readonly.flag:unzip:-o"),
        (
            "git symbolic-ref --short HEAD",
            true,
            "readonly.git:symbolic-ref",
        ),
        (
            "git symbolic-ref HEAD refs/heads/evil",
            false,
            "git.symbolic_ref_write",
        ),
        (
            "git symbolic-ref -d HEAD",
            false,
            "readonly.flag:git symbolic-ref:-d",
        ),
        ("pstree -p", true, "readonly.flags:pstree"),
        ("vmstat 1 3", true, "readonly.flags:vmstat"),
        ("lsblk -f", true, "readonly.flags:lsblk"),
        ("mount", true, "readonly.flags:mount"),
        ("mount -t ext4", true, "readonly.flags:mount"),
        ("mount /dev/sda1 /mnt", false, "readonly.operand:mount"),
        ("mount -a", false, "readonly.flag:mount:-a"),
        ("perl -v", true, "readonly.version:perl"),
        ("gcc -v", true, "readonly.version:gcc"),
        ("helm version", true, "readonly.version:helm"),
        ("ruby -v", false, "readonly.unknown:ruby"),
        ("perl -e 'print 1'", false, "readonly.unknown:perl"),
        ("strings @/etc/shadow", false, "readonly.response_file"),
        ("man /etc/shadow", false, "readonly.manual_file"),
        ("man ./evil.1", false, "readonly.manual_file"),
        ("man 5 crontab", true, "readonly.flags:man"),
        ("info ../../etc/passwd", false, "readonly.manual_file"),
        ("strings -n 8 target/app", true, "readonly.flags:strings"),
        ("users", true, "readonly.flags:users"),
        ("users /etc/shadow", false, "readonly.operand:users"),
        ("hostnamectl", true, "readonly.flags:hostnamectl"),
        ("timedatectl status", true, "readonly.flags:timedatectl"),
        (
            "hostnamectl set-hostname evil",
            false,
            "readonly.verb:set-hostname",
        ),
        ("timedatectl set-ntp false", false, "readonly.verb:set-ntp"),
        ("hostnamectl hostname evil", false, "readonly.verb:hostname"),
        // A file named `--output=x` would make these write.
        ("git log *", false, "glob.may_be_option:git"),
        ("git diff -- *", false, "glob.may_be_option:git"),
        ("git log -- src/*.rs", true, "readonly.git:log"),
        ("ps -o pid,environ", false, "secrets.ps_environment"),
        ("ps -o pid,comm", true, "readonly.flags:ps"),
        // Round 2 (issue 13). Builtins that evaluate a subscript.
        ("test -v 'a[$(touch x)]'", false, "readonly.test_subscript"),
        ("[ -v 'a[$(touch x)]' ]", false, "readonly.test_subscript"),
        ("test -R 'r[`id`]'", false, "readonly.test_subscript"),
        ("test -v HOME", true, "readonly.any_arg:test"),
        ("[ -v 'a[3]' ]", true, "readonly.any_arg:["),
        ("[ -f -v ]", true, "readonly.any_arg:["),
        // Version flags are per program.
        ("sh -V", false, "readonly.unknown:sh"),
        ("bash -V", false, "readonly.unknown:bash"),
        ("bash --version", true, "readonly.version:bash"),
        ("rustc -V", true, "readonly.version:rustc"),
        ("rustc -vV", true, "readonly.version:rustc"),
        ("node -V", false, "readonly.unknown:node"),
        ("java -V", false, "readonly.unknown:java"),
        // Network behind "version".
        ("kubectl version", false, "readonly.unknown:kubectl"),
        ("kubectl version --client", true, "readonly.version:kubectl"),
        ("terraform version", false, "readonly.unknown:terraform"),
        ("terraform -version", false, "readonly.unknown:terraform"),
        ("pip list -o", false, "readonly.flag:pip list:-o"),
        (
            "pip list --outdated",
            false,
            "readonly.flag:pip list:--outdated",
        ),
        ("pip list", false, "readonly.network_check:pip:list"),
        (
            "pip list --disable-pip-version-check",
            true,
            "readonly.flags:pip",
        ),
        (
            "pip list --no-index --format=json",
            true,
            "readonly.flags:pip",
        ),
        // Environment prefixes whose values name files.
        ("LANGUAGE=../x ls", false, "env.prefix:LANGUAGE"),
        ("LANGUAGE=de:fr_FR ls", true, "readonly"),
        ("LC_ALL=../../x ls", false, "env.prefix:LC_ALL"),
        ("LC_ALL=/tmp/loc ls", false, "env.prefix:LC_ALL"),
        ("LANG=en_US.UTF-8 ls", true, "readonly"),
        ("LANG= ls", true, "readonly"),
        ("TZ=/etc/shadow date", false, "env.prefix:TZ"),
        ("TZ=:/etc/localtime date", false, "env.prefix:TZ"),
        ("TZ=../../etc/shadow date", false, "env.prefix:TZ"),
        ("TZ=Europe/Paris date", true, "readonly"),
        ("TZ=UTC date", true, "readonly"),
        ("TZ='<+03>-3' date", true, "readonly"),
        ("TERM=../x ls", false, "env.prefix:TERM"),
        ("LOCPATH=. ls", false, "env.prefix:LOCPATH"),
        ("GCONV_PATH=. ls", false, "env.prefix:GCONV_PATH"),
        // Abbreviations: iproute2 takes any prefix of a verb.
        ("ip ru f", false, "readonly.ip"),
        ("ip r fl", false, "readonly.ip"),
        ("ip link s lo up", false, "readonly.ip"),
        ("ip a a 10.0.0.1/24 dev lo", false, "readonly.ip"),
        ("ip addr sh", true, "readonly.flags:ip"),
        ("ip link l", true, "readonly.flags:ip"),
        ("ip route show dev lo", true, "readonly.flags:ip"),
        // ps reads `-auxe` as BSD `auxe` when no user "xe" exists.
        ("ps -auxe", false, "secrets.ps_environment"),
        ("ps -uxe", false, "secrets.ps_environment"),
        ("ps -aux", true, "readonly.flags:ps"),
        ("ps -ef", true, "readonly.flags:ps"),
        ("ps -eo pid,comm", true, "readonly.flags:ps"),
        // File descriptors: /dev/stdout reopens whatever fd 1 is.
        (
            "echo x 1<a.txt >/dev/stdout",
            false,
            "redirect.output:/dev/stdout",
        ),
        (
            "echo x 2<a.txt >/dev/stderr",
            false,
            "redirect.output:/dev/stderr",
        ),
        (
            "echo x <a.txt >&0 >/dev/stdout",
            false,
            "redirect.output:/dev/stdout",
        ),
        (
            "echo x 1<&0 >/dev/stdout",
            false,
            "redirect.output:/dev/stdout",
        ),
        ("echo x 3<a.txt >&3", true, "readonly"),
        (
            "echo x 3<a.txt >&3 2>/dev/stdout",
            false,
            "redirect.output:/dev/stdout",
        ),
        ("echo x 2>&1 >/dev/stderr", true, "readonly"),
        ("echo x >/dev/null 2>/dev/stdout", true, "readonly"),
        ("echo x < a.txt >/dev/stdout", true, "readonly"),
        // git config outside the repository: the user's and the system's files.
        (
            "git config --global --list",
            false,
            "readonly.flag:git config:--global",
        ),
        (
            "git config --system -l",
            false,
            "readonly.flag:git config:--system",
        ),
        ("git config --local --list", true, "readonly.git:config"),
        // Mini-languages read as their interpreters do.
        ("sed -n ':a w out' f", false, "readonly.sed_script"),
        ("sed -n 'ba w out' f", false, "readonly.sed_script"),
        ("sed -n 'ta w out' f", false, "readonly.sed_script"),
        ("sed ':a;N;ba' f", true, "readonly.flags:sed"),
        ("sed -n '/x/{:a;n;ba}' f", true, "readonly.flags:sed"),
        (
            "awk 'BEGIN{ARGV[1]=\"/etc/passwd\"; ARGC=2} {print}'",
            false,
            "readonly.awk_program",
        ),
        ("awk '{print ARGV[0]}' f", false, "readonly.awk_program"),
        ("jq '$ ENV' f", false, "secrets.jq_env"),
        ("jq '$ # c\nENV' f", false, "secrets.jq_env"),
        ("jq -n '$__loc__'", false, "readonly.jq_module"),
        ("jq '.a | length' f", true, "readonly.flags:jq"),
        // xargs reads what its input names: only a file lister's names.
        (
            "echo /etc/shadow | xargs head",
            false,
            "xargs.names_from_data",
        ),
        (
            "printf '%s' /etc/shadow | xargs wc -c",
            false,
            "xargs.names_from_data",
        ),
        ("echo -r | xargs grep x", false, "xargs.names_from_data"),
        ("xargs head < list", false, "xargs.names_from_data"),
        ("xargs head <<< /etc/shadow", false, "xargs.names_from_data"),
        ("cat list | xargs head -1", false, "xargs.names_from_data"),
        ("find . -name '*.rs' | xargs grep foo", true, "readonly"),
        (
            "find src -type f -print0 | xargs -0 wc -l",
            true,
            "readonly",
        ),
        ("ls | xargs wc -l", true, "readonly"),
        ("git ls-files | xargs grep -l TODO", true, "readonly"),
        ("echo a b | xargs echo", true, "readonly"),
        // Needless asks of the first round.
        ("rustup toolchain list", true, "readonly.flags:rustup"),
        ("rustup toolchain list -v", true, "readonly.flags:rustup"),
        (
            "rustup target list --installed",
            true,
            "readonly.flags:rustup",
        ),
        (
            "rustup toolchain install nightly",
            false,
            "readonly.subcommand:rustup",
        ),
        ("rustup show", false, "readonly.subcommand:rustup"),
        ("rustup --version", true, "readonly.version:rustup"),
        // npm writes a log and checks for updates whatever the command (round 3).
        ("npm ls --depth=0", false, "readonly.unknown:npm"),
        ("npm ls react", false, "readonly.unknown:npm"),
        ("npm install", false, "readonly.unknown:npm"),
        ("npm --version", false, "readonly.unknown:npm"),
        ("npm -v", false, "readonly.unknown:npm"),
        ("npx --version", false, "readonly.unknown:npx"),
        ("pnpm --version", true, "readonly.version:pnpm"),
        ("printenv PATH", true, "readonly.flags:printenv"),
        ("printenv HOME SHELL", true, "readonly.flags:printenv"),
        ("printenv", false, "secrets.print:printenv"),
        ("printenv GITHUB_TOKEN", false, "secrets.print:printenv"),
        ("lsb_release -a", true, "readonly.flags:lsb_release"),
        ("git var GIT_EDITOR", true, "readonly.git:var"),
        ("git var -l", false, "readonly.flag:git var:-l"),
        ("diff -r src tests", true, "readonly.flags:diff"),
        ("diff -ru a b", true, "readonly.flags:diff"),
        // Listing roots: with --files rg takes no pattern, every operand is a path.
        ("rg --files /", true, "path.outside:/*"),
        ("rg --files src", true, "readonly.flags:rg"),
    ];
    let mut failures = Vec::new();
    for (command, read_only, rule) in table {
        let v = judge(&analyze(command), &ctx);
        let first = v.commands.first().map(|c| &*c.rule);
        if v.read_only != *read_only || (v.rule != *rule && !(v.read_only && first == Some(*rule)))
        {
            failures.push(format!(
                "{command:?}: want ({read_only}, {rule}), got ({}, {}) {}",
                v.read_only, v.rule, v.reason
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn repository_safety() {
    let root_guard = tempfile::Builder::new()
        .prefix("shellward-repo-")
        .tempdir()
        .unwrap();
    let root = root_guard.path().to_path_buf();
    let make_repo = |dir: &std::path::Path, config: &str| {
        let git = dir.join(".git");
        std::fs::create_dir_all(git.join("objects")).unwrap();
        std::fs::create_dir_all(git.join("refs")).unwrap();
        std::fs::write(git.join("HEAD"), "ref: refs/heads/main\n").unwrap();
        std::fs::write(git.join("config"), config).unwrap();
    };
    let ok = root.join("ok");
    make_repo(&ok, "[core]\n\tbare = false\n");
    assert_eq!(shellward_judge::git::repository_unsafe(&ok), None);
    let fsmonitor = root.join("fsmonitor");
    make_repo(&fsmonitor, "[core]\n\tfsmonitor = touch marker\n");
    assert_eq!(
        shellward_judge::git::repository_unsafe(&fsmonitor).as_deref(),
        Some("config:core.fsmonitor")
    );
    let v = judge(
        &analyze("git status"),
        &Context::new(&fsmonitor, &fsmonitor),
    );
    assert_eq!(
        (v.read_only, &*v.rule),
        (false, "git.repo_unsafe:config:core.fsmonitor")
    );
    assert!(
        !fsmonitor.join("marker").exists(),
        "judging must never run git"
    );
    // gh runs git in the working directory too.
    let v = judge(
        &analyze("gh pr list"),
        &Context::new(&fsmonitor, &fsmonitor),
    );
    assert_eq!(
        (v.read_only, &*v.rule),
        (false, "git.repo_unsafe:config:core.fsmonitor")
    );
    let v = judge(&analyze("gh pr list"), &Context::new(&ok, &ok));
    assert!(v.read_only, "{}", v.rule);
    // Configuration that makes a read-only git command run a program.
    for (name, config, why) in [
        ("gpg", "[gpg]\n\tprogram = ./evil\n", "config:gpg.program"),
        (
            "gpg-ssh",
            "[gpg \"ssh\"]\n\tprogram = ./evil\n",
            "config:gpg.ssh.program",
        ),
        (
            "showsig",
            "[log]\n\tshowSignature = true\n",
            "config:log.showsignature",
        ),
        (
            "hookspath",
            "[core]\n\thooksPath = ./hooks\n",
            "config:core.hookspath",
        ),
        (
            "man",
            "[man \"evil\"]\n\tcmd = ./evil\n",
            "config:man.evil.cmd",
        ),
        ("browser", "[web]\n\tbrowser = evil\n", "config:web.browser"),
        // Review 3: keys that make grep recurse, help open a browser, and
        // a partial clone fetch (running `uploadpack`) what it lacks.
        (
            "recurse",
            "[submodule]\n\trecurse = true\n",
            "config:submodule.recurse",
        ),
        (
            "helpformat",
            "[help]\n\tformat = html\n",
            "config:help.format",
        ),
        (
            "htmlpath",
            "[help]\n\thtmlPath = https://evil.example/\n",
            "config:help.htmlpath",
        ),
        (
            "partial",
            "[extensions]\n\tpartialClone = origin\n",
            "config:extensions.partialclone",
        ),
        (
            "promisor",
            "[remote \"origin\"]\n\tpromisor = true\n",
            "config:remote.origin.promisor",
        ),
        (
            "uploadpack",
            "[remote \"origin\"]\n\tuploadpack = ./evil\n",
            "config:remote.origin.uploadpack",
        ),
        (
            "worktree",
            "[core]\n\tworktree = /\n",
            "config:core.worktree",
        ),
    ] {
        let dir = root.join(name);
        make_repo(&dir, config);
        assert_eq!(
            shellward_judge::git::repository_unsafe(&dir).as_deref(),
            Some(why),
            "{config}"
        );
    }
    // Planted files that would hang or exhaust a naive reader: a FIFO as
    // HEAD (opening it blocks until a writer comes), /dev/zero as config.
    let fifo_head = root.join("fifo-head");
    make_repo(&fifo_head, "[core]\n\tbare = false\n");
    std::fs::remove_file(fifo_head.join(".git/HEAD")).unwrap();
    mkfifo(&fifo_head.join(".git/HEAD"));
    assert_eq!(
        shellward_judge::git::repository_unsafe(&fifo_head).as_deref(),
        Some("git_dir_invalid")
    );
    let zero_config = root.join("zero-config");
    make_repo(&zero_config, "");
    std::fs::remove_file(zero_config.join(".git/config")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", zero_config.join(".git/config")).unwrap();
    assert_eq!(
        shellward_judge::git::repository_unsafe(&zero_config).as_deref(),
        Some("config_unreadable")
    );
    // Files planted in an otherwise valid repository: `(fixture, files, why)`.
    type Planted<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a str);
    let planted: &[Planted] = &[
        // Objects read from another repository.
        (
            "alternates",
            &[(
                ".git/objects/info/alternates",
                "/home/someone/secret/.git/objects\n",
            )],
            "alternates",
        ),
        // A hook that runs when `git status` refreshes the index.
        (
            "hook",
            &[(".git/hooks/post-index-change", "#!/bin/sh\n")],
            "hook:post-index-change",
        ),
        // Configuration that makes read-only subcommands run or read more.
        (
            "pretty",
            &[(".git/config", "[format]\n\tpretty = %h %G?\n")],
            "config:format.pretty",
        ),
        (
            "pretty_alias",
            &[(".git/config", "[pretty]\n\tsig = %GS\n")],
            "config:pretty.sig",
        ),
        (
            "ignorerevs",
            &[(".git/config", "[blame]\n\tignoreRevsFile = /etc/shadow\n")],
            "config:blame.ignorerevsfile",
        ),
        (
            "diffsub",
            &[(".git/config", "[diff]\n\tsubmodule = diff\n")],
            "config:diff.submodule",
        ),
        // Submodules run with their own configuration from `.git/modules`.
        (
            "submodule",
            &[(
                ".git/modules/lib/config",
                "[core]\n\tfsmonitor = touch marker\n",
            )],
            "config:core.fsmonitor",
        ),
    ];
    for (name, files, why) in planted {
        let dir = root.join(name);
        make_repo(&dir, "[core]\n\tbare = false\n");
        for (path, content) in *files {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, content).unwrap();
        }
        assert_eq!(
            shellward_judge::git::repository_unsafe(&dir).as_deref(),
            Some(*why),
            "{name}"
        );
    }
    // Credentials in the configuration: printing commands ask, others run.
    let creds = root.join("creds");
    make_repo(
        &creds,
        "[remote \"origin\"]\n\turl = https://bot:ghp_secret@github.com/o/r.git\n",
    );
    let ctx = Context::new(&creds, &creds);
    for (command, read_only) in [
        ("git remote -v", false),
        ("git config --list", false),
        ("git config --get remote.origin.url", false),
        ("git log --oneline -1", true),
    ] {
        let v = judge(&analyze(command), &ctx);
        assert_eq!(v.read_only, read_only, "{command}: {}", v.rule);
        if !read_only {
            assert_eq!(&*v.rule, "git.credentials_in_config", "{command}");
        }
    }
    let header = root.join("header");
    make_repo(
        &header,
        "[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic xyz\n",
    );
    assert!(!judge(&analyze("git remote -v"), &Context::new(&header, &header)).read_only);
    // The user's own files are printed by `git config -l` too (review 3):
    // a token or password key, or an extraheader, in ~/.gitconfig asks.
    let home = root.join("home");
    std::fs::create_dir_all(&home).unwrap();
    let mut in_home = Context::new(&ok, &ok);
    in_home.home = Some(home.clone());
    for (config, holds) in [
        ("[user]\n\tname = me\n", false),
        ("[github]\n\ttoken = ghp_abc\n", true),
        ("[sendemail]\n\tsmtpPass = hunter2\n", true),
        ("[http]\n\textraHeader = Authorization: Bearer x\n", true),
    ] {
        std::fs::write(home.join(".gitconfig"), config).unwrap();
        for command in [
            "git config -l",
            "git config --get sendemail.smtpPass",
            "git remote -v",
        ] {
            let v = judge(&analyze(command), &in_home);
            assert_eq!(v.read_only, !holds, "{command} with {config:?}: {}", v.rule);
        }
        assert!(
            judge(&analyze("git log -1"), &in_home).read_only,
            "{config:?}"
        );
    }
    // Through an include, whatever its condition (review 4).
    std::fs::write(home.join("creds.inc"), "[github]\n\ttoken = ghp_abc\n").unwrap();
    for config in [
        "[include]\n\tpath = creds.inc\n",
        "[includeIf \"gitdir:/\"]\n\tpath = ~/creds.inc\n",
    ] {
        std::fs::write(home.join(".gitconfig"), config).unwrap();
        let v = judge(&analyze("git config -l"), &in_home);
        assert_eq!(&*v.rule, "git.credentials_in_config", "{config:?}");
    }
    std::fs::write(home.join(".gitconfig"), "[include]\n\tpath = missing.inc\n").unwrap();
    assert!(judge(&analyze("git config -l"), &in_home).read_only);
    // A git directory whose parts are links out of the workspace.
    for (part, why) in [
        ("config", "config_unreadable"),
        ("objects", "git_dir_invalid"),
        ("refs", "git_dir_invalid"),
        ("HEAD", "git_dir_invalid"),
    ] {
        let dir = root.join(format!("linked_{part}"));
        make_repo(&dir, "[core]\n\tbare = false\n");
        let real = dir.join(".git").join(part);
        let moved = root.join(format!("moved_{part}"));
        std::fs::rename(&real, &moved).unwrap();
        std::os::unix::fs::symlink(&moved, &real).unwrap();
        assert_eq!(
            shellward_judge::git::repository_unsafe(&dir).as_deref(),
            Some(why),
            "{part}"
        );
    }
    // Something named `.git` that is neither a directory, a file nor a link.
    let fifo = root.join("fifo");
    std::fs::create_dir_all(&fifo).unwrap();
    mkfifo(&fifo.join(".git"));
    assert_eq!(
        shellward_judge::git::repository_unsafe(&fifo).as_deref(),
        Some("git_special")
    );
    assert_eq!(
        shellward_judge::git::repository_unsafe(std::path::Path::new("relative/dir")).as_deref(),
        Some("relative_cwd")
    );
    let bare = root.join("bare");
    std::fs::create_dir_all(bare.join("objects")).unwrap();
    std::fs::create_dir_all(bare.join("refs")).unwrap();
    std::fs::write(bare.join("HEAD"), "ref: refs/heads/main\n").unwrap();
    assert_eq!(
        shellward_judge::git::repository_unsafe(&bare).as_deref(),
        Some("bare")
    );
    let linked = root.join("linked");
    std::fs::create_dir_all(&linked).unwrap();
    std::fs::write(linked.join(".git"), "gitdir: ./inside\n").unwrap();
    assert_eq!(
        shellward_judge::git::repository_unsafe(&linked).as_deref(),
        Some("gitdir_target")
    );
    // Symlinked `.git`: trusted only when it leads to a submodule's git
    // directory of a superproject the checkout is in (`root/.git/modules`),
    // not to another repository (which would be read outside the workspace).
    let elsewhere = root.join("elsewhere");
    make_repo(&elsewhere, "[core]\n\tbare = false\n");
    let module = root.join(".git/modules/sub");
    make_repo(&root.join("module-src"), "[core]\n\tbare = false\n");
    std::fs::create_dir_all(root.join(".git/modules")).unwrap();
    std::fs::rename(root.join("module-src/.git"), &module).unwrap();
    let cases: &[(&str, std::path::PathBuf, Option<&str>)] = &[
        ("to_module", module.clone(), None),
        ("to_repo", elsewhere.join(".git"), Some("git_symlink")),
        (
            "to_inside",
            root.join("to_inside/planted"),
            Some("git_symlink"),
        ),
        ("no_segment", elsewhere.clone(), Some("git_symlink")),
        ("dangling", root.join("nowhere/.git"), Some("git_symlink")),
    ];
    for (name, target, want) in cases {
        let dir = root.join(name);
        std::fs::create_dir_all(&dir).unwrap();
        if *name == "to_inside" {
            make_repo(&target.parent().unwrap().join("planted"), "");
            std::fs::create_dir_all(target).unwrap();
        }
        std::os::unix::fs::symlink(target, dir.join(".git")).unwrap();
        assert_eq!(
            shellward_judge::git::repository_unsafe(&dir).as_deref(),
            *want,
            "{name}"
        );
        if want.is_none() {
            // The submodule check reads the same repository through the link.
            assert_eq!(
                shellward_judge::git::submodules_unsafe(&dir).as_deref(),
                None,
                "{name}"
            );
        }
    }
    // gitdir files.
    let gitdir_cases: &[(&str, Vec<u8>, Option<&str>)] = &[
        (
            "gitdir_ok",
            format!("gitdir: {}\n", module.display()).into_bytes(),
            None,
        ),
        (
            "gitdir_other_repository",
            format!("gitdir: {}\n", elsewhere.join(".git").display()).into_bytes(),
            Some("gitdir_target"),
        ),
        (
            "gitdir_no_segment",
            format!("gitdir: {}\n", elsewhere.display()).into_bytes(),
            Some("gitdir_target"),
        ),
        (
            "gitdir_oversized",
            {
                let mut text = format!("gitdir: {}", elsewhere.join(".git").display()).into_bytes();
                text.extend(std::iter::repeat_n(b' ', 33 * 1024));
                text
            },
            Some("gitdir_file"),
        ),
        (
            "gitdir_garbage",
            b"not a gitdir line\n".to_vec(),
            Some("gitdir_file"),
        ),
    ];
    for (name, content, want) in gitdir_cases {
        let dir = root.join(name);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(".git"), content).unwrap();
        assert_eq!(
            shellward_judge::git::repository_unsafe(&dir).as_deref(),
            *want,
            "{name}"
        );
    }
    let nul = root.join("nul");
    std::fs::create_dir_all(&nul).unwrap();
    std::fs::write(nul.join(".git"), "gitdir: /x/.git\0").unwrap();
    assert_eq!(
        shellward_judge::git::repository_unsafe(&nul).as_deref(),
        Some("gitdir_file")
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn paths_follow_cd() {
    let root_guard = tempfile::Builder::new()
        .prefix("shellward-cd-")
        .tempdir()
        .unwrap();
    let root = root_guard.path().to_path_buf();
    let (ws, home) = (root.join("ws"), root.join("home"));
    std::fs::create_dir_all(ws.join("sub")).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    std::os::unix::fs::symlink("/etc", ws.join("sub/link")).unwrap();
    std::fs::create_dir_all(ws.join("docs")).unwrap();
    std::os::unix::fs::symlink("/etc/passwd", ws.join("docs/notes.md")).unwrap();
    std::fs::create_dir_all(ws.join("src/a")).unwrap();
    std::os::unix::fs::symlink("/etc/hosts", ws.join("src/a/mod.rs")).unwrap();
    let mut ctx = Context::new(&ws, &ws);
    ctx.home = Some(home.canonicalize().unwrap());
    let home_pattern = format!("{}/*", home.canonicalize().unwrap().display());
    let table: &[(&str, bool, &str)] = &[
        // A bare `cd` goes home: what follows reads there.
        ("cd && cat .ssh/id_rsa", true, home_pattern.as_str()),
        // Relative paths after `cd sub` are resolved in `sub`, through its symlink.
        ("cd sub && cat link/passwd", true, "/etc/*"),
        ("cd sub && ls", true, ""),
        // The kernel resolves `link` before `..`: this is `/passwd`'s directory, `/`.
        ("cat sub/link/../passwd", true, "/*"),
        ("cat sub/link/../etc/passwd", true, "/etc/*"),
        // A glob can expand to a link that leads out of the workspace.
        ("cat docs/*.md", true, "/etc/*"),
        ("cat src/*/mod.rs", true, "/etc/*"),
        ("wc -l sub/*", true, "/etc/*"),
        ("ls src/*.rs", true, ""),
    ];
    for (command, read_only, external) in table {
        let v = judge(&analyze(command), &ctx);
        assert_eq!(v.read_only, *read_only, "{command}: {}", v.rule);
        if external.is_empty() {
            assert!(
                v.external_paths.is_empty(),
                "{command}: {:?}",
                v.external_paths
            );
        } else {
            assert!(
                v.external_paths.iter().any(|p| p == external),
                "{command}: {:?}",
                v.external_paths
            );
            assert!(v.rule.starts_with("path.outside:"), "{command}: {}", v.rule);
        }
    }
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn launchers_that_project_files_can_redirect() {
    let root_guard = tempfile::Builder::new()
        .prefix("shellward-launch-")
        .tempdir()
        .unwrap();
    let root = root_guard.path().to_path_buf();
    let cases: &[(&str, &str, &str, Option<&str>)] = &[
        (
            "rust-toolchain.toml",
            "[toolchain]\npath = \"./evil\"\n",
            "cargo --version",
            Some("version.project_config:rust-toolchain.toml"),
        ),
        // A channel that is not installed is downloaded and installed.
        (
            "rust-toolchain.toml",
            "[toolchain]\nchannel = \"nightly-2020-01-01\"\n",
            "cargo --version",
            Some("version.project_config:rust-toolchain.toml"),
        ),
        (
            "rust-toolchain",
            "nightly-2020-01-01\n",
            "rustup toolchain list",
            Some("version.project_config:rust-toolchain"),
        ),
        (
            ".yarnrc",
            "yarn-path \"./evil.js\"\n",
            "yarn --version",
            Some("version.project_config:.yarnrc"),
        ),
        (
            ".yarnrc",
            "registry \"https://registry.yarnpkg.com\"\n",
            "yarn --version",
            None,
        ),
        (
            "package.json",
            "{\"packageManager\": \"pnpm@9.15.0\"}\n",
            "pnpm --version",
            Some("version.project_config:package.json"),
        ),
        (
            "package.json",
            "{\"name\": \"x\"}\n",
            "pnpm --version",
            None,
        ),
        // A newer `go` or `toolchain` line downloads and runs that toolchain.
        (
            "go.mod",
            "module x\n\ngo 1.99\n",
            "go version",
            Some("version.project_config:go.mod"),
        ),
        (
            "go.mod",
            "module x\n\ngo 1.99\n",
            "go env",
            Some("version.project_config:go.mod"),
        ),
        ("go.mod", "module x\n\ngo 1.99\n", "rustc --version", None),
        (
            ".yarnrc.yml",
            "yarnPath: ./evil.cjs\n",
            "yarn --version",
            Some("version.project_config:.yarnrc.yml"),
        ),
        (
            ".yarnrc.yml",
            "nodeLinker: node-modules\n",
            "yarn --version",
            None,
        ),
        (
            "global.json",
            "{\"sdk\": {\"version\": \"10.0.100\", \"paths\": [\".dotnet\"]}}\n",
            "dotnet --version",
            Some("version.project_config:global.json"),
        ),
        (
            "global.json",
            "{\"sdk\": {\"version\": \"8.0.100\"}}\n",
            "dotnet --version",
            None,
        ),
    ];
    for (i, (file, content, command, rejected)) in cases.iter().enumerate() {
        let ws = root.join(i.to_string());
        std::fs::create_dir_all(ws.join("deeper")).unwrap();
        std::fs::write(ws.join(file), content).unwrap();
        // Found from a subdirectory too: the launchers search upwards.
        let v = judge(&analyze(command), &Context::new(ws.join("deeper"), &ws));
        match rejected {
            Some(rule) => assert_eq!((v.read_only, &*v.rule), (false, *rule), "{file}: {content}"),
            None => assert!(v.read_only, "{file}: {content}: {}", v.rule),
        }
    }
    let _ = std::fs::remove_dir_all(&root);
}

/// Submodules, built with real git: `git status` runs git again inside each
/// checked-out submodule with that submodule's configuration, so a planted
/// one (found through the index, which needs no `.gitmodules`) makes the
/// repository unsafe for commands that recurse, in every index version.
#[test]
fn submodules_with_real_git() {
    let root_guard = tempfile::Builder::new()
        .prefix("shellward-submodules-")
        .tempdir()
        .unwrap();
    let root = root_guard.path().to_path_buf();
    std::fs::create_dir_all(&root).unwrap();
    let git = |dir: &std::path::Path, args: &[&str]| {
        let out = std::process::Command::new("git")
            .args(["-c", "user.email=t@example.com", "-c", "user.name=t"])
            .args([
                "-c",
                "protocol.file.allow=always",
                "-c",
                "init.defaultBranch=main",
            ])
            .args(args)
            .current_dir(dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "git {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let verdict = |dir: &std::path::Path, command: &str| {
        let v = judge(&analyze(command), &Context::new(dir, dir));
        (v.read_only, v.rule.to_string())
    };
    // A clean superproject with a submodule added the usual way (absorbed:
    // its git directory is `.git/modules/lib`, with `core.worktree` set by git).
    let lib = root.join("lib-src");
    std::fs::create_dir_all(&lib).unwrap();
    git(&lib, &["init", "-q"]);
    std::fs::write(lib.join("f"), "x").unwrap();
    git(&lib, &["add", "f"]);
    git(&lib, &["commit", "-qm", "lib"]);
    let clean = root.join("clean");
    std::fs::create_dir_all(&clean).unwrap();
    git(&clean, &["init", "-q"]);
    git(
        &clean,
        &["submodule", "add", "-q", lib.to_str().unwrap(), "lib"],
    );
    git(&clean, &["commit", "-qm", "with lib"]);
    assert_eq!(verdict(&clean, "git status"), (true, "readonly".into()));
    // A planted one: a gitlink without `.gitmodules`, whose own `.git`
    // directory asks for an fsmonitor.
    let planted = root.join("planted");
    std::fs::create_dir_all(planted.join("sub")).unwrap();
    git(&planted, &["init", "-q"]);
    git(&planted.join("sub"), &["init", "-q"]);
    std::fs::write(planted.join("sub/f"), "x").unwrap();
    git(&planted.join("sub"), &["add", "f"]);
    git(&planted.join("sub"), &["commit", "-qm", "sub"]);
    git(&planted, &["add", "sub"]);
    git(&planted, &["commit", "-qm", "gitlink"]);
    let marker = root.join("MARKER");
    git(
        &planted.join("sub"),
        &[
            "config",
            "core.fsmonitor",
            &format!("touch {}; false", marker.display()),
        ],
    );
    let unsafe_status = (
        false,
        "git.repo_unsafe:submodule:config:core.fsmonitor".to_string(),
    );
    assert_eq!(verdict(&planted, "git status"), unsafe_status);
    assert_eq!(verdict(&planted, "git diff"), unsafe_status);
    // `submodule status --recursive` runs git inside each one (review 3).
    assert_eq!(
        verdict(&planted, "git submodule status --recursive"),
        unsafe_status
    );
    // Commands that do not go into submodules are still fine.
    assert_eq!(
        verdict(&planted, "git log --oneline"),
        (true, "readonly".into())
    );
    // The same through every index version git writes.
    for version in ["2", "3", "4"] {
        git(&planted, &["update-index", "--index-version", version]);
        assert_eq!(
            verdict(&planted, "git status"),
            unsafe_status,
            "index v{version}"
        );
    }
    assert!(!marker.exists(), "judging must never run git");
    // A damaged index is not trusted.
    std::fs::write(
        planted.join(".git/index"),
        b"DIRC\0\0\0\x02\0\0\0\x09garbage",
    )
    .unwrap();
    assert_eq!(
        verdict(&planted, "git status"),
        (false, "git.repo_unsafe:index_malformed".into())
    );
    let _ = std::fs::remove_dir_all(&root);
}

/// Readers that follow symbolic links, in a workspace with planted links:
/// a link out (directly, or through a link to a directory inside) is
/// reported as an outside path; loops end; a tree too large to scan asks.
#[test]
fn link_following_readers() {
    let root_guard = tempfile::Builder::new()
        .prefix("shellward-follow-")
        .tempdir()
        .unwrap();
    let root = root_guard.path().to_path_buf();
    let ws = root.join("ws");
    let outside = root.join("outside");
    std::fs::create_dir_all(ws.join("src/deep")).unwrap();
    std::fs::create_dir_all(ws.join("other")).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    let ws = ws.canonicalize().unwrap();
    let outside = outside.canonicalize().unwrap();
    let verdict = |command: &str| {
        let v = judge(&analyze(command), &Context::new(&ws, &ws));
        (v.read_only, v.rule.to_string())
    };
    // A loop and a link to a directory inside: fine.
    std::os::unix::fs::symlink(&ws, ws.join("src/loop")).unwrap();
    std::os::unix::fs::symlink(ws.join("other"), ws.join("src/deep/other")).unwrap();
    assert_eq!(verdict("grep -R x src"), (true, "readonly".into()));
    // A link out, reached only through the inside link to `other`.
    std::os::unix::fs::symlink(&outside, ws.join("other/out")).unwrap();
    let out = (true, format!("path.outside:{}/*", outside.display()));
    assert_eq!(verdict("grep -R x src"), out);
    assert_eq!(verdict("rg -L x"), out);
    assert_eq!(verdict("find -L src -name y"), out);
    assert_eq!(verdict("grep -R x src/*"), out);
    // diff dereferences links too, recursive or not (`diff DIR DIR`).
    assert_eq!(verdict("diff -r src other"), out);
    assert_eq!(verdict("diff -r other src"), out);
    assert_eq!(verdict("diff other src"), out);
    // A glob that could expand to `-R` (a planted file of that name) makes
    // grep scan as if it followed links.
    std::fs::write(ws.join("src/-R"), "").unwrap();
    assert_eq!(
        judge(&analyze("grep x *"), &Context::new(ws.join("src"), &ws)).rule,
        format!("path.outside:{}/*", outside.display())
    );
    std::fs::remove_file(ws.join("src/-R")).unwrap();
    // Without following, the same command does not go there.
    assert_eq!(verdict("grep -r x src"), (true, "readonly".into()));
    // Too many entries to scan.
    std::fs::remove_file(ws.join("other/out")).unwrap();
    let big = ws.join("big");
    std::fs::create_dir_all(&big).unwrap();
    for i in 0..5000 {
        std::fs::write(big.join(i.to_string()), "").unwrap();
    }
    assert_eq!(
        verdict("grep -R x big"),
        (false, "path.follow_scan_limit".into())
    );
    assert_eq!(verdict("grep -r x big"), (true, "readonly".into()));
    let _ = std::fs::remove_dir_all(&root);
}

/// Older bash (before `globskipdots` in 5.2) expands `.*` to `..` too:
/// from the workspace root that is outside, from below it inside.
#[test]
fn dot_globs_may_match_the_parent() {
    let root_guard = tempfile::Builder::new()
        .prefix("shellward-dotglob-")
        .tempdir()
        .unwrap();
    let root = root_guard.path().to_path_buf();
    std::fs::create_dir_all(root.join("ws/src")).unwrap();
    let ws = root.join("ws").canonicalize().unwrap();
    let parent = format!("path.outside:{}/*", ws.parent().unwrap().display());
    let verdict = |cwd: &std::path::Path, command: &str| {
        let v = judge(&analyze(command), &Context::new(cwd, &ws));
        (v.read_only, v.rule.to_string())
    };
    assert_eq!(verdict(&ws, "grep -r x .*"), (true, parent.clone()));
    assert_eq!(verdict(&ws, "ls -d .*"), (true, parent));
    assert_eq!(
        verdict(&ws.join("src"), "ls -d .*"),
        (true, "readonly".into())
    );
    assert_eq!(verdict(&ws, "ls -d src/.*"), (true, "readonly".into()));
    let _ = std::fs::remove_dir_all(&root);
}

/// The shell's globbing goes through links to directories: a glob that
/// reaches a link out only through a link to a directory inside the
/// workspace reads outside too (`cat a/*/*` with `a/l -> b`, `b/out -> /x`).
#[test]
fn globs_through_links_inside() {
    let root_guard = tempfile::Builder::new()
        .prefix("shellward-globlink-")
        .tempdir()
        .unwrap();
    let root = root_guard.path().to_path_buf();
    std::fs::create_dir_all(root.join("ws/a")).unwrap();
    std::fs::create_dir_all(root.join("ws/b")).unwrap();
    std::fs::create_dir_all(root.join("outside")).unwrap();
    let ws = root.join("ws").canonicalize().unwrap();
    let outside = root.join("outside").canonicalize().unwrap();
    std::os::unix::fs::symlink(ws.join("b"), ws.join("a/l")).unwrap();
    std::os::unix::fs::symlink(&outside, ws.join("b/out")).unwrap();
    let verdict = |command: &str| {
        let v = judge(&analyze(command), &Context::new(&ws, &ws));
        (v.read_only, v.rule.to_string())
    };
    let out = (true, format!("path.outside:{}/*", outside.display()));
    assert_eq!(verdict("cat a/*/*"), out);
    assert_eq!(verdict("cat b/*"), out);
    // One level only reaches the link to `b`, which is inside.
    assert_eq!(verdict("ls a/*"), (true, "readonly".into()));
    let _ = std::fs::remove_dir_all(&root);
}

/// A FIFO at `path`, made by the real `mkfifo`.
fn mkfifo(path: &std::path::Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(made.success(), "mkfifo {}", path.display());
}

/// `sha256sum -c LIST` reads every file LIST names: they are checked like
/// operands, in every format coreutils reads, and a list the judge cannot
/// read whole is not read-only.
#[test]
fn checksum_lists_name_files() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().canonicalize().unwrap();
    let ctx = Context::new(&ws, &ws);
    let h = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    #[rustfmt::skip]
    let lists: &[(&str, String)] = &[
        ("inside.sums",   format!("{h}  a.txt\n{h} *b.txt\n")),
        ("outside.sums",  format!("{h}  a.txt\n{h}  /etc/passwd\n")),
        ("parent.sums",   format!("{h}  ../../x\n")),
        ("bsd.sums",      format!("SHA256 (/etc/shadow) = {h}\n")),
        ("escaped.sums",  format!("\\{h}  /etc/pass\\\\wd\n")),
        ("link.sums",     format!("{h}  key\n")),
        ("garbage.sums",  "not a checksum line\n".to_string()),
    ];
    for (name, text) in lists {
        std::fs::write(ws.join(name), text).unwrap();
    }
    std::os::unix::fs::symlink("/etc/hostname", ws.join("key")).unwrap();
    #[rustfmt::skip]
    let table: &[(&str, bool, &str)] = &[
        ("sha256sum -c inside.sums",        true,  "readonly.flags:sha256sum"),
        ("sha256sum --check outside.sums",  true,  "path.outside:/etc/*"),
        ("md5sum -c parent.sums",           true,  "path.outside:"),
        ("sha256sum -c bsd.sums",           true,  "path.outside:/etc/*"),
        ("sha256sum -c escaped.sums",       true,  "path.outside:/etc/*"),
        ("sha256sum -c link.sums",          true,  "path.outside:/etc/*"),
        ("sha256sum -c garbage.sums",       false, "readonly.path_list"),
        ("sha256sum -c missing.sums",       true,  "readonly.flags:sha256sum"),
        ("sha256sum -c .",                  false, "readonly.path_list"),
        ("sha256sum -c < outside.sums",     false, "readonly.path_list"),
        ("sha256sum garbage.sums",          true,  "readonly.flags:sha256sum"),
    ];
    for (command, read_only, rule) in table {
        let v = judge(&analyze(command), &ctx);
        let first = v
            .commands
            .first()
            .map(|c| c.rule.to_string())
            .unwrap_or_default();
        let got = if v.read_only && v.rule.starts_with("path.outside") {
            v.rule.to_string()
        } else if v.read_only {
            first
        } else {
            v.rule.to_string()
        };
        assert_eq!(
            v.read_only, *read_only,
            "{command}: {} {}",
            v.rule, v.reason
        );
        assert!(
            got.starts_with(rule),
            "{command}: want {rule}, got {got} ({})",
            v.reason
        );
    }
}

/// Credential stores ask in every workspace, also when the workspace is
/// the home directory or holds system secrets (nothing is planted: the
/// paths need not exist to be judged).
#[test]
fn credential_stores_ask_in_every_workspace() {
    let home = std::path::PathBuf::from(std::env::var_os("HOME").expect("HOME"));
    let ctx = Context::new(&home, &home);
    #[rustfmt::skip]
    let table: &[(&Context, &str, bool)] = &[
        (&ctx, "cat .ssh/id_rsa", false),
        (&ctx, "cat ~/.ssh/id_ed25519", false),
        (&ctx, "cat .aws/credentials", false),
        (&ctx, "head .config/gh/hosts.yml", false),
        (&ctx, "cat .git-credentials", false),
        (&ctx, "cat .bash_history", false),
        (&ctx, "grep -r token .docker", false),
        (&ctx, "ls .", false),
        (&ctx, "cat .gitconfig", true),
        (&ctx, "cat project/README.md", true),
    ];
    let etc = Context::new("/etc", "/etc");
    let mut rows = table.to_vec();
    rows.extend([
        (&etc, "cat shadow", false),
        (&etc, "cat ssh/ssh_host_rsa_key", false),
        (&etc, "cat hostname", true),
    ]);
    for (ctx, command, allowed) in rows {
        let v = judge(&analyze(command), ctx);
        let asks = !v.read_only || !v.external_paths.is_empty();
        assert_eq!(
            !asks, allowed,
            "{command}: {} {} {:?}",
            v.rule, v.reason, v.external_paths
        );
    }
}

/// Every table row's examples, judged in an empty workspace: a row says
/// what it lets through and what it does not, and this test holds it to
/// that (the read-only ones need no path outside the workspace either).
#[test]
fn row_examples() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().canonicalize().unwrap();
    let ctx = Context::new(&ws, &ws);
    let mut failures = Vec::new();
    let mut count = 0;
    for (name, command, read_only) in shellward_judge::row_examples() {
        count += 1;
        let v = judge(&analyze(command), &ctx);
        let allowed = v.read_only && v.external_paths.is_empty();
        if allowed != read_only {
            failures.push(format!(
                "{name}: {command:?} want {read_only}, got {} ({})",
                v.read_only, v.rule
            ));
        }
    }
    assert!(count >= 50, "{count} examples");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A program name the search path could resolve to a file the workspace
/// holds (review 5): an agent can write that file.
/// Scripts found outside the workspace that run programs by name: a
/// `#!/usr/bin/env bash` shim (pyenv's), a shell script (`egrep` is one).
/// A planted interpreter or utility in a workspace directory on the path
/// runs; a venv's own `python3` does not make them ask.
#[test]
fn scripts_on_the_search_path_run_what_the_workspace_plants() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().canonicalize().unwrap();
    let (ws, bin) = (base.join("ws"), base.join("bin"));
    for d in [ws.join(".venv/bin"), ws.join("planted"), bin.clone()] {
        std::fs::create_dir_all(d).unwrap();
    }
    std::fs::write(ws.join("a.txt"), "x\n").unwrap();
    std::fs::write(
        bin.join("cat"),
        "#!/usr/bin/env bash\nexec /bin/cat \"$@\"\n",
    )
    .unwrap();
    std::fs::write(bin.join("egrep"), "#!/bin/sh\nexec grep -E \"$@\"\n").unwrap();
    std::fs::write(bin.join("wc"), "\x7fELF").unwrap();
    std::fs::write(ws.join(".venv/bin/python3"), "").unwrap();
    std::fs::write(ws.join("planted/bash"), "").unwrap();
    std::fs::write(ws.join("planted/grep"), "").unwrap();
    let path = |first: &str| {
        format!(
            "{}:{}:/usr/bin:/bin",
            ws.join(first).display(),
            bin.display()
        )
    };
    #[rustfmt::skip]
    let rows: &[(&str, &str, bool)] = &[
        // first search path entry   command         read-only
        (".venv/bin",                "cat a.txt",    true),
        (".venv/bin",                "egrep x a.txt", true),
        (".venv/bin",                "wc -l a.txt",  true),
        ("planted",                  "cat a.txt",    false),
        ("planted",                  "egrep x a.txt", false),
        ("planted",                  "wc -l a.txt",  true),
    ];
    for &(first, command, read_only) in rows {
        let search = path(first);
        let ctx = Context::new(&ws, &ws).with_search_path(Some(std::ffi::OsStr::new(&search)));
        let v = judge(&analyze(command), &ctx);
        assert_eq!(
            v.read_only, read_only,
            "{command} with {first} first: {}",
            v.rule
        );
        if !read_only {
            assert!(
                v.rule.starts_with("command.in_workspace"),
                "{command}: {}",
                v.rule
            );
        }
    }
}

#[test]
fn names_the_search_path_finds_in_the_workspace() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().canonicalize().unwrap();
    std::fs::create_dir_all(ws.join(".venv/bin")).unwrap();
    std::fs::write(ws.join("ls"), "#!/bin/sh\n").unwrap();
    std::fs::write(ws.join(".venv/bin/rg"), "#!/bin/sh\n").unwrap();
    std::fs::write(ws.join(".venv/bin/gzip"), "#!/bin/sh\n").unwrap();
    std::fs::write(ws.join(".venv/bin/echo"), "#!/bin/sh\n").unwrap();
    std::fs::write(ws.join(".venv/bin/man"), "#!/bin/sh\n").unwrap();
    for helper in ["jq", "tar", "ssh"] {
        std::fs::write(ws.join(".venv/bin").join(helper), "#!/bin/sh\n").unwrap();
    }
    std::fs::write(ws.join("a.txt"), "x\n").unwrap();
    let venv = format!("{}:/usr/bin:/bin", ws.join(".venv/bin").display());
    #[rustfmt::skip]
    let rows: &[(&str, &str, bool, &str)] = &[
        // search path          command        read-only  rule (when not)
        ("/usr/bin:/bin",       "ls",          true,  ""),
        ("/usr/bin:/bin",       "man ls",      true,  ""),
        (".:/usr/bin:/bin",     "ls",          false, "command.in_workspace"),
        ("/usr/bin:/bin:",      "ls -la",      false, "command.in_workspace"),
        (".:/usr/bin:/bin",     "cat a.txt",   true,  ""),
        (".:/usr/bin:/bin",     "echo hi",     true,  ""),
        (&venv,                 "rg x",        false, "command.in_workspace"),
        (&venv,                 "cat a.txt",   true,  ""),
        (&venv,                 "man ls",      false, "command.in_workspace"),
        // Programs that run a helper by name: tar's decompressors, the
        // gzip scripts (`zcat` is `exec gzip -cd`).
        (&venv,                 "tar -tzf a.tgz", false, "command.in_workspace"),
        (&venv,                 "tar -tf a.tgz",  false, "command.in_workspace"),
        (&venv,                 "zcat a.gz",      false, "command.in_workspace"),
        (&venv,                 "gunzip -c a.gz", false, "command.in_workspace"),
        ("/usr/bin:/bin",       "tar -tzf a.tgz", true,  ""),
        ("/usr/bin:/bin",       "zcat a.gz",      true,  ""),
        // find and xargs run a builtin's name as a program.
        (&venv,                 "find . -name a.txt -exec echo {} +", false, "command.in_workspace"),
        (&venv,                 "find . -name a.txt | xargs",         false, "command.in_workspace"),
        (&venv,                 "find . -name a.txt | xargs echo",    false, "command.in_workspace"),
        (&venv,                 "echo hi",                            true,  ""),
        // git runs man for its help, and less and gpg by name.
        (&venv,                 "git log --help",                     false, "command.in_workspace"),
        ("/usr/bin:/bin",       "git log --help",                     true,  ""),
        // yq runs jq, less a preprocessor's unpackers, docker ssh, git
        // man's own pipeline.
        (&venv,                 "yq . a.yaml",                        false, "command.in_workspace"),
        (&venv,                 "less a.txt",                         false, "command.in_workspace"),
        (&venv,                 "docker ps",                          false, "command.in_workspace"),
    ];
    for &(path, command, read_only, rule) in rows {
        let ctx = Context::new(&ws, &ws).with_search_path(Some(std::ffi::OsStr::new(path)));
        let v = judge(&analyze(command), &ctx);
        assert_eq!(
            v.read_only, read_only,
            "{command} with PATH={path}: {}",
            v.rule
        );
        if !read_only {
            assert!(
                v.rule.starts_with(rule),
                "{command} with PATH={path}: {}",
                v.rule
            );
        }
    }
}
