//! Deny rules nothing walks around: in yolo mode (everything runs unless a
//! rule says otherwise) with the deny rules of an adversarial review, every
//! way it found to delete, push or fetch anyway, and more of the same
//! classes, must be denied or asked. One row per command: the decision
//! (`deny` or `ask`) and the rule id that decided.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::path::Path;

use shellward_permit::settings::Level;
use shellward_permit::{Action, Mode, Request, Settings, decide};

const RULES: &str = r#"{"permissions": {"deny": ["rm:*", "git push:*", "curl:*", "npm run:*"]}}"#;

fn decision(rules: &str, command: &str) -> (Action, String) {
    let dir = tempfile::tempdir().unwrap();
    decision_at(&dir.path().canonicalize().unwrap(), rules, command)
}

fn decision_at(ws: &Path, rules: &str, command: &str) -> (Action, String) {
    let ws = ws.to_path_buf();
    let mut settings = Settings::default();
    settings
        .add(
            Level::Project,
            Path::new(".shellward/settings.json"),
            rules,
            &ws,
        )
        .unwrap();
    let ctx = shellward_judge::Context::new(&ws, &ws);
    let analysis = shellward_syntax::analyze(command);
    let verdict = shellward_judge::judge(&analysis, &ctx);
    let d = decide(&Request {
        analysis: &analysis,
        verdict: &verdict,
        mode: Mode::Yolo,
        settings: &settings,
        cwd_outside: None,
        context: &ctx,
    });
    (d.action, d.rule)
}

use Action::{Allow, Ask, Deny};

#[test]
fn bypass_shapes_are_denied_or_asked() {
    #[rustfmt::skip]
    let table: &[(&str, Action, &str)] = &[
        // A sixth review (2026-12-01, second session): builtins that replay
        // stored text, launchers no wrapper row reads, options that run a
        // command per program, shell escapes of SQL clients and editors,
        // shells missing from the wrappers, files written then run on the
        // same line, git configuration read from elsewhere.
        ("history -s rm a.txt; fc -s",                     Ask,  "rule.unverifiable"),
        ("fc -e - rm",                                     Ask,  "rule.unverifiable"),
        ("setarch x86_64 rm a.txt",                        Ask,  "rule.unverifiable"),
        ("linux64 rm a.txt",                               Ask,  "rule.unverifiable"),
        ("chronic rm a.txt",                               Ask,  "rule.unverifiable"),
        ("eatmydata rm a.txt",                             Ask,  "rule.unverifiable"),
        ("xvfb-run rm a.txt",                              Ask,  "rule.unverifiable"),
        ("npx some-tool a.txt",                            Ask,  "rule.unverifiable"),
        // tar's helpers are read as tar reads its argv: their commands are subjects.
        ("tar -I 'rm a.txt; cat' -cf a.tar.x .",           Deny, "rule.deny:rm:*"),
        ("tar -cIrm -f a.tar.zst .",                       Deny, "rule.deny:rm:*"),
        ("zip -q -T -TT 'rm a.txt;true' a.zip f",          Ask,  "rule.unverifiable"),
        ("rg --pre ./x foo",                               Ask,  "rule.unverifiable"),
        ("fd -x rm",                                       Deny, "rule.deny:rm:*"),
        ("scp -S ./x a b:",                                Ask,  "rule.unverifiable"),
        ("sqlite3 :memory: '.shell rm a.txt'",             Ask,  "rule.unverifiable"),
        ("psql -c '\\! rm a.txt'",                       Ask,  "rule.unverifiable"),
        ("psql -f x.sql",                                  Ask,  "rule.unverifiable"),
        ("mysql -e 'system rm a.txt'",                     Ask,  "rule.unverifiable"),
        ("printf '!rm a.txt\\nq\\n' | ed",             Ask,  "guard.destructive:fs.ed-script"),
        ("psql <<< '\\! rm a.txt'",                      Ask,  "rule.unverifiable"),
        ("m4 x.m4",                                        Ask,  "rule.unverifiable"),
        ("rbash -c 'rm a.txt'",                            Deny, "rule.deny:rm:*"),
        ("mksh -c 'rm a.txt'",                             Deny, "rule.deny:rm:*"),
        ("tcsh -c 'rm a.txt'",                             Deny, "rule.deny:rm:*"),
        ("printf 'all:\\n\\trm a.txt\\n' > mk && make -f mk", Ask, "guard.destructive:code.written-then-run"),
        ("printf 'rm a.txt' > x.sh; chmod +x x.sh; ./x.sh", Ask, "guard.destructive:code.written-then-run"),
        ("cp /tmp/y x.sh && bash x.sh",                    Ask,  "guard.destructive:code.written-then-run"),
        ("printf '[core]\\n\\tfsmonitor = rm a\\n' > h/.gitconfig; HOME=h git status", Ask, "rule.unverifiable"),
        ("git --git-dir=e.git --work-tree=. status",       Ask,  "rule.unverifiable"),
        ("env XDG_CONFIG_HOME=x git status",               Ask,  "rule.unverifiable"),
        // A seventh review: commands in awk programs and other script
        // hosts, more launchers and shells, options that run commands.
        ("awk 'BEGIN{system(\"rm a.txt\")}'",                Ask,  "rule.unverifiable"),
        ("awk '{print | \"sh\"}' cmds.txt",                   Ask,  "rule.unverifiable"),
        ("pwsh -c 'rm a.txt'",                             Ask,  "rule.unverifiable"),
        ("osascript -e 'do shell script \"rm a.txt\"'",     Ask,  "rule.unverifiable"),
        ("perf stat rm a.txt",                             Ask,  "rule.unverifiable"),
        ("pyenv exec rm a.txt",                            Ask,  "rule.unverifiable"),
        ("logsave /dev/null rm a.txt",                     Ask,  "rule.unverifiable"),
        ("tini rm a.txt",                                  Ask,  "rule.unverifiable"),
        ("nu -c 'rm a.txt'",                               Deny, "rule.deny:rm:*"),
        ("split --filter='rm a.txt' x",                    Ask,  "rule.unverifiable"),
        ("man -P 'rm a.txt' ls",                           Ask,  "rule.unverifiable"),
        ("less '+!rm a.txt' x",                            Ask,  "rule.unverifiable"),
        ("run-parts dir",                                  Ask,  "rule.unverifiable"),
        ("awk '{print $1}' a.txt",                         Allow, "mode.yolo"),
        // Another program's options and subcommand aliases.
        ("npm --prefix web run-script x",                  Deny, "rule.deny:npm run:*"),
        ("npm rum x",                                      Ask,  "rule.unverifiable"),
        ("git -C . push origin main",                      Deny, "rule.deny:git push:*"),
        // Controls: what the rules do not name still runs.
        ("psql -c 'select 1'",                             Allow, "mode.yolo"),
        ("history",                                        Allow, "mode.yolo"),
        ("fc -l",                                          Allow, "mode.yolo"),
        ("tar -czf a.tgz src",                             Allow, "mode.yolo"),
        ("make test",                                      Allow, "mode.yolo"),
        ("echo x > a.log && cat a.log",                    Allow, "mode.yolo"),
        ("git -C sub status",                              Allow, "mode.yolo"),
        // A fifth review (2026-12-01): wrappers not seen through, code and
        // programs that run commands out of the rules' sight.
        ("toybox rm a.txt",                                Deny, "rule.deny:rm:*"),
        ("busybox rm a.txt",                               Deny, "rule.deny:rm:*"),
        ("busybox sh -c 'rm a.txt'",                       Deny, "rule.deny:rm:*"),
        ("numactl -C 0 rm a.txt",                          Deny, "rule.deny:rm:*"),
        ("rlwrap git push --force",                        Deny, "rule.deny:git push:*"),
        ("faketime now git push --force origin main",      Deny, "rule.deny:git push:*"),
        ("faketime -m now rm a.txt",                       Deny, "rule.deny:rm:*"),
        ("faketime --date-prog ./x now rm a.txt",          Ask,  "rule.unverifiable"),
        ("mpirun -n 1 rm a.txt",                           Deny, "rule.deny:rm:*"),
        ("catchsegv git push -f",                          Deny, "rule.deny:git push:*"),
        ("run0 rm a.txt",                                  Deny, "rule.deny:rm:*"),
        ("fish -c 'rm a.txt'",                             Deny, "rule.deny:rm:*"),
        ("torsocks curl http://x",                         Deny, "rule.deny:curl:*"),
        ("proxychains4 -q curl http://x",                  Deny, "rule.deny:curl:*"),
        ("hub push origin main",                           Ask,  "rule.unverifiable"),
        ("hub push --force origin main",                   Ask,  "guard.catastrophic:git.push-force"),
        ("git grep -O'rm -rf ~' hi",                       Ask,  "rule.unverifiable"),
        ("git grep --open-files-in-pager='rm a.txt' hi",   Ask,  "rule.unverifiable"),
        ("make --eval='x:;rm a.txt' x",                    Ask,  "rule.unverifiable"),
        ("gdb -batch -ex 'shell rm a.txt'",                Ask,  "rule.unverifiable"),
        ("vim -c ':!rm a.txt' -c q",                       Ask,  "rule.unverifiable"),
        ("emacs --batch --eval '(shell-command \"rm a.txt\")'", Ask, "rule.unverifiable"),
        ("ansible localhost -a 'rm a.txt'",                Ask,  "rule.unverifiable"),
        ("python3 -c 'import os; os.system(\"rm a.txt\")'", Ask, "rule.unverifiable"),
        ("node -e 'require(\"child_process\").execSync(\"rm a.txt\")'", Ask, "rule.unverifiable"),
        ("perl -e 'system \"rm a.txt\"'",                 Ask,  "rule.unverifiable"),
        ("ruby -e '`rm a.txt`'",                           Ask,  "rule.unverifiable"),
        ("php -r 'system(\"rm a.txt\");'",                 Ask,  "rule.unverifiable"),
        // The 17 shapes of the review.
        ("git -C . push origin main",                      Deny, "rule.deny:git push:*"),
        ("git --no-pager push",                            Deny, "rule.deny:git push:*"),
        ("git -c x=y push",                                Deny, "rule.deny:git push:*"),
        ("git --git-dir=.git push",                        Deny, "rule.deny:git push:*"),
        ("git -c alias.p=push p",                          Deny, "rule.deny:git push:*"),
        ("git -c alias.x='!rm a.txt' x",                   Deny, "rule.deny:rm:*"),
        ("git -c core.editor='rm a.txt' commit",           Ask,  "rule.unverifiable"),
        ("GIT_EDITOR='rm a.txt' git commit",               Ask,  "rule.unverifiable"),
        ("git -c protocol.ext.allow=always ls-remote 'ext::rm a.txt'", Ask, "rule.unverifiable"),
        ("git send-pack origin main",                      Deny, "rule.deny:git push:*"),
        ("shopt -s expand_aliases; alias ls=rm; ls a.txt", Ask,  "guard.destructive:code.renamed-program"),
        ("hash -p /bin/rm ls; ls a.txt",                   Ask,  "guard.destructive:code.renamed-program"),
        ("trap 'rm a.txt' EXIT",                           Deny, "rule.deny:rm:*"),
        ("source /dev/stdin <<< 'rm a.txt'",               Ask,  "rule.unverifiable"),
        ("env --default-signal rm a.txt",                  Deny, "rule.deny:rm:*"),
        ("chrt 1 rm a.txt",                                Deny, "rule.deny:rm:*"),
        ("prlimit --nofile=100 rm a.txt",                  Deny, "rule.deny:rm:*"),
        ("setpriv --reuid=1000 rm a.txt",                  Deny, "rule.deny:rm:*"),
        ("script -qc 'rm a.txt' /dev/null",                Deny, "rule.deny:rm:*"),
        // More of the same classes: git's global options and spellings.
        ("git -C sub --no-pager push --force",             Deny, "rule.deny:git push:*"),
        ("git -Csub push",                                 Deny, "rule.deny:git push:*"),
        ("git --work-tree=. --git-dir=.git push",          Deny, "rule.deny:git push:*"),
        ("git --namespace x push",                         Deny, "rule.deny:git push:*"),
        ("git -p push",                                    Deny, "rule.deny:git push:*"),
        ("git --bare push",                                Deny, "rule.deny:git push:*"),
        ("git --literal-pathspecs push",                   Deny, "rule.deny:git push:*"),
        ("git --no-optional-locks push",                   Deny, "rule.deny:git push:*"),
        ("/usr/bin/git -C . push",                         Deny, "rule.deny:git push:*"),
        ("git http-push https://x main",                   Deny, "rule.deny:git push:*"),
        ("git -ccore.sshCommand=x push",                   Deny, "rule.deny:git push:*"),
        ("git --config-env=core.pager=P log",              Ask,  "rule.unverifiable"),
        ("git --exec-path=/tmp push",                      Deny, "rule.deny:git push:*"),
        ("git --exec-path=/tmp status",                    Ask,  "rule.unverifiable"),
        ("git pu origin",                                  Ask,  "guard.destructive:git.unknown-subcommand"),
        ("git fetch 'ext::sh -c rm%20a.txt'",              Ask,  "rule.unverifiable"),
        ("GIT_SSH_COMMAND='rm a.txt' git fetch",           Ask,  "rule.unverifiable"),
        ("env GIT_EXTERNAL_DIFF=x git diff",               Ask,  "rule.unverifiable"),
        ("git --frobnicate push",                          Deny, "rule.deny:git push:*"),
        // Wrappers and their options.
        ("timeout 5 rm a.txt",                             Deny, "rule.deny:rm:*"),
        ("timeout -s KILL 5 rm a.txt",                     Deny, "rule.deny:rm:*"),
        ("sudo -u root rm a.txt",                          Deny, "rule.deny:rm:*"),
        ("doas rm a.txt",                                  Deny, "rule.deny:rm:*"),
        ("nice -n 5 rm a.txt",                             Deny, "rule.deny:rm:*"),
        ("ionice -c 3 rm a.txt",                           Deny, "rule.deny:rm:*"),
        ("stdbuf -oL rm a.txt",                            Deny, "rule.deny:rm:*"),
        ("flock /tmp/l rm a.txt",                          Deny, "rule.deny:rm:*"),
        ("flock /tmp/l -c 'rm a.txt'",                     Deny, "rule.deny:rm:*"),
        ("chrt -f 10 rm a.txt",                            Deny, "rule.deny:rm:*"),
        ("chrt --rr 1 rm a.txt",                           Deny, "rule.deny:rm:*"),
        ("prlimit -n1024 rm a.txt",                        Deny, "rule.deny:rm:*"),
        ("prlimit -n rm a.txt",                            Deny, "rule.deny:rm:*"),
        ("setpriv --no-new-privs rm a.txt",                Deny, "rule.deny:rm:*"),
        ("script -c 'rm a.txt'",                           Deny, "rule.deny:rm:*"),
        ("script --command 'rm a.txt' log",                Deny, "rule.deny:rm:*"),
        ("dbus-run-session -- rm a.txt",                   Deny, "rule.deny:rm:*"),
        ("dbus-run-session rm a.txt",                      Deny, "rule.deny:rm:*"),
        ("flatpak-spawn --host rm a.txt",                  Deny, "rule.deny:rm:*"),
        ("flatpak-spawn --directory=/ rm a.txt",           Deny, "rule.deny:rm:*"),
        ("toolbox run rm a.txt",                           Deny, "rule.deny:rm:*"),
        ("toolbox run -c box rm a.txt",                    Deny, "rule.deny:rm:*"),
        ("distrobox-enter box -- rm a.txt",                Deny, "rule.deny:rm:*"),
        ("distrobox-enter --name box -- rm a.txt",         Deny, "rule.deny:rm:*"),
        ("env -i rm a.txt",                                Deny, "rule.deny:rm:*"),
        ("env --ignore-signal=INT rm a.txt",               Deny, "rule.deny:rm:*"),
        ("env -S 'rm a.txt'",                              Ask,  "rule.unverifiable"),
        ("env FOO=1 rm a.txt",                             Deny, "rule.deny:rm:*"),
        ("command rm a.txt",                               Deny, "rule.deny:rm:*"),
        ("command -p rm a.txt",                            Deny, "rule.deny:rm:*"),
        ("builtin exec rm a.txt",                          Deny, "rule.deny:rm:*"),
        ("exec -a x rm a.txt",                             Deny, "rule.deny:rm:*"),
        ("nohup rm a.txt",                                 Deny, "rule.deny:rm:*"),
        ("setsid -f rm a.txt",                             Deny, "rule.deny:rm:*"),
        ("xargs rm < list",                                Deny, "rule.deny:rm:*"),
        ("find . -exec rm {} +",                           Deny, "rule.deny:rm:*"),
        ("find . -execdir rm {} ;",                        Deny, "rule.deny:rm:*"),
        ("watch -n 1 rm a.txt",                            Deny, "rule.deny:rm:*"),
        ("unknownwrapper --x rm a.txt",                    Ask,  "rule.unverifiable"),
        ("tsocks rm a.txt",                                Ask,  "rule.unverifiable"),
        ("sed -n '1e rm a.txt' x",                         Ask,  "rule.unverifiable"),
        ("sed 1ecurl\\ x x",                                Ask,  "rule.unverifiable"),
        ("fd -HX rm -rf",                                  Ask,  "rule.unverifiable"),
        ("fd -xrm",                                        Ask,  "rule.unverifiable"),
        ("fd --exec=rm",                                   Ask,  "rule.unverifiable"),
        ("fd -e rs -x wc -l",                              Allow, "mode.yolo"),
        ("trickle -d 10 -u 10 curl URL",                   Ask,  "rule.unverifiable"),
        ("tsocks timeout 5 curl x",                        Ask,  "rule.unverifiable"),
        ("tsocks sh -c 'rm a.txt'",                        Ask,  "rule.unverifiable"),
        ("sed '/x/e curl x' a",                            Ask,  "rule.unverifiable"),
        ("sed 's/^/curl x;/e' a",                          Ask,  "rule.unverifiable"),
        ("sed --file=s.sed a",                             Ask,  "rule.unverifiable"),
        ("sed -n p a.txt",                                 Allow, "mode.yolo"),
        ("whatis curl",                                    Allow, "mode.yolo"),
        ("trickle -d 10 curl x",                           Ask,  "rule.unverifiable"),
        ("ccache git push",                                Ask,  "rule.unverifiable"),
        ("fd -e txt -X rm",                                Deny, "rule.deny:rm:*"),
        ("sed 's/.*/rm a.txt/e' x",                        Ask,  "rule.unverifiable"),
        ("make -E 'all: ; rm a.txt'",                      Ask,  "rule.unverifiable"),
        ("julia -e 'run(`rm a.txt`)'",                     Ask,  "rule.unverifiable"),
        // Shells and inline scripts.
        ("bash -c 'rm a.txt'",                             Deny, "rule.deny:rm:*"),
        ("sh -ec 'rm a.txt'",                              Deny, "rule.deny:rm:*"),
        ("su -c 'rm a.txt'",                               Deny, "rule.deny:rm:*"),
        ("eval 'rm a.txt'",                                Deny, "rule.deny:rm:*"),
        ("eval \"$(echo rm a.txt)\"",                      Ask,  "guard.destructive:code.unknown-script"),
        ("bash script.sh",                                 Ask,  "rule.unverifiable"),
        ("bash < script.sh",                               Ask,  "rule.unverifiable"),
        ("echo $(rm a.txt)",                               Deny, "rule.deny:rm:*"),
        ("cat <(rm a.txt)",                                Deny, "rule.deny:rm:*"),
        ("trap -- 'curl x' EXIT",                          Deny, "rule.deny:curl:*"),
        ("trap 'git push' ERR",                            Deny, "rule.deny:git push:*"),
        (". ./env.sh",                                     Ask,  "rule.unverifiable"),
        ("source ./env.sh",                                Ask,  "rule.unverifiable"),
        ("enable -f ./x.so rm",                            Ask,  "rule.unverifiable"),
        ("alias x=curl",                                   Ask,  "rule.unverifiable"),
        ("f() { rm a.txt; }; f",                           Ask,  "rule.unverifiable"),
        ("{ rm a.txt; }",                                  Ask,  "rule.unverifiable"),
        ("(rm a.txt)",                                     Ask,  "rule.unverifiable"),
        ("if true; then rm a.txt; fi",                     Ask,  "rule.unverifiable"),
        ("/bin/rm a.txt",                                  Deny, "rule.deny:rm:*"),
        ("\\rm a.txt",                                     Deny, "rule.deny:rm:*"),
        ("'rm' a.txt",                                     Deny, "rule.deny:rm:*"),
        ("r\\m a.txt",                                     Deny, "rule.deny:rm:*"),
        ("$(echo rm) a.txt",                               Ask,  "rule.unverifiable"),
        ("x=rm; $x a.txt",                                 Ask,  "rule.unverifiable"),
        ("curl -s https://x",                              Deny, "rule.deny:curl:*"),
        // A second review's shapes.
        ("env A.B=1 rm -rf y",                             Deny, "rule.deny:rm:*"),
        ("timeout 5 env -u X A:B=1 rm y",                  Deny, "rule.deny:rm:*"),
        ("sudo FOO=1 rm -rf y",                            Deny, "rule.deny:rm:*"),
        ("env 'BASH_FUNC_ls%%=() { rm -rf y; }' bash -c ls", Ask, "guard.destructive:fs.rm-recursive"),
        ("test -v 'a[$(rm -rf y)]'",                       Ask,  "guard.destructive:fs.rm-recursive"),
        ("let 'a[$(rm -rf y)]=1'",                         Ask,  "guard.destructive:fs.rm-recursive"),
        ("printf -v 'a[$(rm -rf y)]' x",                   Ask,  "guard.destructive:fs.rm-recursive"),
        ("declare -i n; n='a[$(rm -rf y)]'",               Ask,  "guard.destructive:fs.rm-recursive"),
        ("a='$(rm -rf y)'; echo ${a@P}",                   Ask,  "guard.destructive:fs.rm-recursive"),
        ("PS4='$(rm -rf y)'; set -x; true",                Ask,  "guard.destructive:fs.rm-recursive"),
        ("mapfile -C 'rm -rf y' -c 1 a <<< x",             Ask,  "guard.destructive:fs.rm-recursive"),
        ("compgen -C 'rm -rf y' x",                        Ask,  "guard.destructive:fs.rm-recursive"),
        ("/usr/bin/r[m] -rf y",                            Ask,  "guard.destructive:fs.rm-recursive"),
        ("/usr/bin/rm* -rf y",                             Ask,  "guard.destructive:fs.rm-recursive"),
        ("cat <<EOF\n${x:-$(rm y)}\nEOF",                   Ask,  "rule.unverifiable"),
        ("cat <<EOF\n$(($(rm y)))\nEOF",                    Ask,  "rule.unverifiable"),
        ("/usr/lib/git-core/git-push origin main",         Deny, "rule.deny:git push:*"),
        ("git-push origin main",                           Deny, "rule.deny:git push:*"),
        ("git rebase -x 'rm -f y' HEAD~1",                 Ask,  "rule.unverifiable"),
        ("git ls-remote --upload-pack='rm -rf y' .",       Ask,  "guard.catastrophic:fs.rm-recursive"),
        ("git clone -u 'rm -rf y' a b",                    Ask,  "guard.destructive:fs.rm-recursive"),
        ("git bisect run rm -rf y",                        Ask,  "guard.destructive:fs.rm-recursive"),
        ("git submodule foreach 'git push'",               Ask,  "rule.unverifiable"),
        ("git archive --remote=. --exec='rm y' HEAD",      Ask,  "rule.unverifiable"),
        ("sg root -c 'rm -rf y'",                          Ask,  "guard.destructive:fs.rm-recursive"),
        ("ssh-agent rm -rf y",                             Ask,  "guard.destructive:fs.rm-recursive"),
        ("fakeroot rm -rf y",                              Ask,  "guard.destructive:fs.rm-recursive"),
        ("systemd-inhibit rm -rf y",                       Ask,  "guard.destructive:fs.rm-recursive"),
        ("tmux new-session -d 'rm -rf y'",                 Ask,  "guard.destructive:fs.rm-recursive"),
        ("tar -cf x.tar --checkpoint-action=exec='rm -rf y' .", Deny, "rule.deny:rm:*"),
        ("ssh -o ProxyCommand='rm -rf y' h",               Ask,  "guard.destructive:fs.rm-recursive"),
        ("rsync -e 'rm -rf y' a b",                        Ask,  "guard.destructive:fs.rm-recursive"),
        ("sudo -E timeout 5 nice curl x",                  Deny, "rule.deny:curl:*"),
        // A ninth review (2026-12-02): known words before unknown ones
        // still match a prefix rule (the text is read where words are not
        // all known).
        ("rm $X",                                          Deny, "rule.deny:rm:*"),
        ("rm \"$@\"",                                       Deny, "rule.deny:rm:*"),
        ("curl $U",                                        Deny, "rule.deny:curl:*"),
        ("git push $R",                                    Deny, "rule.deny:git push:*"),
        // Long options that run a command, abbreviated as getopt_long and
        // git's parse-options take them.
        ("git ls-remote --upl='rm x' .",                   Ask,  "guard.destructive:fs.rm"),
        ("git fetch --upload-p='rm x' .",                  Ask,  "guard.destructive:fs.rm"),
        ("git clone --upl='rm x' . y",                     Ask,  "guard.destructive:fs.rm"),
        ("git rebase --ex='rm x' HEAD~1",                  Ask,  "rule.unverifiable"),
        ("git grep --open='rm x' hi",                      Ask,  "rule.unverifiable"),
        ("tar -c --use='rm x' -f /dev/null f",             Deny, "rule.deny:rm:*"),
        ("tar -x --to-c='rm x' -f a.tar",                  Deny, "rule.deny:rm:*"),
        ("split --filt='rm x' f",                          Ask,  "rule.unverifiable"),
        ("make --ev='t:;rm x' t",                          Ask,  "rule.unverifiable"),
        // Interpreters given their program on standard input, and inline
        // code that runs a command by a name built at run time.
        ("python3 <<< 'import os; os.system(\"rm x\")'",   Ask,  "rule.unverifiable"),
        ("echo 'import os; os.system(\"git push\")' | python3", Ask, "rule.unverifiable"),
        ("perl <<< 'system(\"curl x\")'",                  Ask,  "rule.unverifiable"),
        ("tclsh <<< 'exec rm x'",                          Ask,  "rule.unverifiable"),
        ("perl -e 'qx{rm x}'",                             Ask,  "rule.unverifiable"),
        ("perl -e 'open(my $f, \"-|\", \"rm\", \"x\"); <$f>'", Ask, "rule.unverifiable"),
        ("perl -e 'open(F, \"curl x |\"); <F>'",           Ask,  "rule.unverifiable"),
        ("python3 -c 'import os; getattr(os,\"sys\"+\"tem\")(\"rm x\")'", Ask, "rule.unverifiable"),
        ("node -e 'require(\"child\"+\"_process\")[\"ex\"+\"ecSync\"](\"rm x\")'", Ask, "rule.unverifiable"),
        // sqlite3's dot-commands by any prefix, and `|CMD` operands.
        ("sqlite3 db '.sh rm x'",                          Ask,  "rule.unverifiable"),
        ("sqlite3 db '.she git push'",                     Ask,  "rule.unverifiable"),
        ("sqlite3 db '.sy curl x'",                        Ask,  "rule.unverifiable"),
        ("sqlite3 db \".import '|rm x' t\"",               Ask,  "rule.unverifiable"),
        ("sqlite3 db \".read '|curl x'\"",                 Ask,  "rule.unverifiable"),
        // A program read from a process substitution; a daemon launcher.
        ("awk -f <(echo 'BEGIN{system(\"rm x\")}')",       Ask,  "rule.unverifiable"),
        ("bash <(echo 'rm x')",                            Ask,  "guard.destructive:code.unknown-script"),
        ("source <(echo 'rm x')",                          Ask,  "guard.destructive:code.unknown-script"),
        ("start-stop-daemon -S -x /bin/rm -- x",           Ask,  "rule.unverifiable"),
        // What still cannot be checked beside the neighbours below: a git
        // configuration written, then read by a reading git; a setting
        // that changes what git runs; a git alias written by `git config`.
        ("echo x >> .git/config && git status",            Ask,  "guard.destructive:fs.redirect"),
        ("GIT_EXTERNAL_DIFF=x git diff",                   Ask,  "rule.unverifiable"),
        ("git config alias.st '!rm x' && git st",          Ask,  "guard.destructive:git.config-runs"),
        ("git rum",                                        Ask,  "guard.destructive:git.unknown-subcommand"),
        // A re-review: awk's program on standard input, psql backquotes.
        ("awk -f - <<< 'BEGIN{system(\"rm x\")}'",         Ask,  "guard.destructive:code.unknown-script"),
        ("psql -c '\\set x `rm x`'",                       Ask,  "guard.destructive:code.unknown-script"),
        ("sort --compress-p=sh big.txt",                   Ask,  "rule.unverifiable"),
        // The tenth session's review: variables a program runs or reads
        // options from, make's variables, pipe opens in perl, versioned
        // interpreters, runuser in su's form, words xargs appends, start-up
        // files from standard input.
        ("EDITOR=\"rm x\" git commit --allow-empty",       Deny, "rule.deny:rm:*"),
        ("VISUAL='curl http://x/' git tag -a v1",          Deny, "rule.deny:curl:*"),
        ("PAGER='rm x' man ls",                            Deny, "rule.deny:rm:*"),
        ("LESSOPEN='|rm x %s' less README",                Deny, "rule.deny:rm:*"),
        ("export EDITOR='rm x'; git commit",               Deny, "rule.deny:rm:*"),
        ("SHELL=/usr/bin/curl script -qc http://x/ /dev/null", Deny, "rule.deny:curl:*"),
        ("MANOPT=-Pcurl man ls",                           Ask,  "rule.unverifiable"),
        ("PERL5OPT='-M5;system(q(rm),q(x))' perl -e 1",    Ask,  "rule.unverifiable"),
        ("PERL5DB='system(q(rm x))' perl -d -e 1",         Ask,  "rule.unverifiable"),
        ("TAR_OPTIONS='--to-command=rm x' tar xf a.tar",   Deny, "rule.deny:rm:*"),
        ("TAR_OPTIONS=\"$O\" tar xf a.tar",                 Ask,  "guard.destructive:code.unknown-script"),
        ("make CC='rm x;' x.o",                            Deny, "rule.deny:rm:*"),
        ("CC='rm x;' make x.o",                            Deny, "rule.deny:rm:*"),
        ("make SHELL=/usr/bin/curl x.o",                   Deny, "rule.deny:curl:*"),
        ("MAKEFLAGS='CC=rm\\ x\\;' make x.o",             Ask,  "rule.unverifiable"),
        ("perl -e 'open(F,\"|rm x\")'",                    Ask,  "rule.unverifiable"),
        ("perl -MIPC::Open3 -e 'open3(0,0,0,\"rm x\")'",   Ask,  "rule.unverifiable"),
        ("runuser root -c 'rm x'",                         Ask,  "rule.unverifiable"),
        ("runuser -u root rm x",                           Deny, "rule.deny:rm:*"),
        ("echo push origin main | xargs git",              Ask,  "rule.unverifiable"),
        ("echo 'rm x ;' | xargs find . -maxdepth 0 -exec", Ask,  "rule.unverifiable"),
        ("bash --init-file /dev/stdin -ic true <<< 'rm x'", Ask, "rule.unverifiable"),
        // The session's second review.
        ("read EDITOR <<< 'rm x'; export EDITOR; git commit -a", Ask, "rule.unverifiable"),
        ("declare -n R=EDITOR; R='rm x'; export EDITOR; git commit -a", Ask, "rule.unverifiable"),
        ("perl -e 'open F, q{|rm x}'",                      Ask,  "rule.unverifiable"),
        ("perl -e 'readpipe(\"rm x\")'",                    Ask,  "rule.unverifiable"),
        ("curl -K cfg http://x/",                          Deny, "rule.deny:curl:*"),
        ("ld.so /bin/rm victim",                           Deny, "rule.deny:rm:*"),
        ("/lib64/ld-linux-x86-64.so.2 /bin/rm victim",     Deny, "rule.deny:rm:*"),
        ("d=sub1; git -C \"$d\" status",                   Ask,  "rule.unverifiable"),
        ("set -- sub1; git -C \"$1\" status",              Ask,  "rule.unverifiable"),
        ("cd - && git status",                             Ask,  "rule.unverifiable"),
        ("HOME=. bash -i -c ls",                           Ask,  "rule.unverifiable"),
        // The twelfth session's review: `jobs -x`, code stored at run time
        // and evaluated, start-up files through `env`/`export`, options
        // whose value is a command, clone's configuration, vim's other
        // names, encoded code, git's run-time meaning under any rule.
        ("jobs -x rm victim",                              Deny, "rule.deny:rm:*"),
        ("jobs -x git push ../bare.git HEAD:refs/heads/x", Deny, "rule.deny:git push:*"),
        ("jobs -l",                                        Allow, "mode.yolo"),
        ("read n <<< 'a[$(rm victim)]'; let n",            Ask,  "rule.unverifiable"),
        ("printf -v n 'a[\\x24(rm victim)]'; echo $[n]", Ask,  "rule.unverifiable"),
        ("read x <<< '$(rm victim)'; echo \"${x@P}\"",     Ask,  "rule.unverifiable"),
        ("read x <<< 'a[$(rm victim)]'; test -v \"$x\"",   Ask,  "rule.unverifiable"),
        ("n=$(cat payload); echo $((n))",                  Ask,  "rule.unverifiable"),
        ("read x < f; echo \"${!x}\"",                     Ask,  "rule.unverifiable"),
        ("echo 'rm victim' | env BASH_ENV=/dev/stdin bash -c :", Ask, "rule.unverifiable"),
        ("export BASH_ENV=./p.sh; bash -c :",              Ask,  "rule.unverifiable"),
        ("declare -x BASH_ENV=./p.sh; bash -c :",          Ask,  "rule.unverifiable"),
        ("env ENV=./p.sh sh -i -c :",                      Ask,  "rule.unverifiable"),
        ("env 'PS4=$(rm victim)' bash -xc :",              Ask,  "rule.unverifiable"),
        ("sudo BASH_ENV=./p.sh bash -c :",                 Ask,  "rule.unverifiable"),
        ("gcc -wrapper sh,-c,'rm victim' -E x.c",          Ask,  "rule.unverifiable"),
        ("cc -B ./tools -c x.c",                           Ask,  "rule.unverifiable"),
        ("scp -o ProxyCommand='rm victim' x:y .",          Ask,  "guard.destructive:fs.rm"),
        ("scp -oProxyCommand='rm victim' x:y .",           Ask,  "guard.destructive:fs.rm"),
        ("sftp -o 'proxycommand rm victim' x",             Ask,  "rule.unverifiable"),
        ("scp -F cfg x:y .",                               Ask,  "rule.unverifiable"),
        ("strace -o '|rm victim' true",                    Ask,  "rule.unverifiable"),
        ("strace -o'!rm victim' true",                     Ask,  "rule.unverifiable"),
        ("wget --use-askpass=rm --user=x http://127.0.0.1:1/", Ask, "rule.unverifiable"),
        ("WGET_ASKPASS=rm wget --user=x http://127.0.0.1:1/", Deny, "rule.deny:rm:*"),
        ("git clone -q -c core.sshCommand='rm victim;' x:y d", Ask, "rule.unverifiable"),
        ("git clone --config core.hooksPath=/h src d",     Ask,  "rule.unverifiable"),
        ("git clone --template=tpl src d",                 Ask,  "rule.unverifiable"),
        ("git clone --temp=tpl src d",                     Ask,  "rule.unverifiable"),
        ("git init --template tpl d",                      Ask,  "rule.unverifiable"),
        ("vim.basic -es -c '!rm victim' -c q",             Ask,  "rule.unverifiable"),
        ("vimdiff a b",                                    Ask,  "rule.unverifiable"),
        ("editor a.txt",                                   Ask,  "rule.unverifiable"),
        ("jshell <<< 'Runtime.getRuntime().exec(\"rm victim\")'", Ask, "rule.unverifiable"),
        ("python3 -c \"eval(bytes.fromhex('6f73'))\"",      Ask,  "rule.unverifiable"),
        ("perl -e 'eval pack(\"H*\",\"72\")'",              Ask,  "rule.unverifiable"),
        ("node -e 'eval(Buffer.from(\"72\",\"hex\").toString())'", Ask, "rule.unverifiable"),
        ("python3 -c 'getattr(__builtins__, \"ev\"+\"al\")(x)'", Ask, "rule.unverifiable"),
        // Its second round: substring offsets, globs and `$_` as values,
        // start-up variables read or set under another wrapper, compilers
        // by other names, `sftp -D`, `~+`, `builtin cd`.
        ("read n < f; x=abc; echo ${x:n}",                 Ask,  "rule.unverifiable"),
        ("touch 'a[$(rm victim)]'; let *",                 Ask,  "rule.unverifiable"),
        ("set -- a*; let \"$1\"",                          Ask,  "rule.unverifiable"),
        ("cat a*; let \"$_\"",                             Ask,  "rule.unverifiable"),
        ("read -r BASH_ENV < f; export BASH_ENV; bash -c :", Ask, "rule.unverifiable"),
        ("mapfile -t PS4 < f; set -x; :",                  Ask,  "rule.unverifiable"),
        ("nice env BASH_ENV=./e.sh bash -c :",             Ask,  "rule.unverifiable"),
        ("timeout 5 env PATH=./bin:/usr/bin ls",           Ask,  "rule.unverifiable"),
        ("nice env LD_PRELOAD=./x.so ls",                  Ask,  "rule.unverifiable"),
        ("gcc-12 -wrapper sh,-c,'rm victim' -E x.c",       Ask,  "rule.unverifiable"),
        ("x86_64-linux-gnu-gcc -wrapper sh,-c,x -E x.c",   Ask,  "rule.unverifiable"),
        ("gcc @opts x.c",                                  Ask,  "rule.unverifiable"),
        ("COMPILER_PATH=./bin gcc -c x.c",                 Ask,  "rule.unverifiable"),
        ("sftp -D 'rm victim' h",                          Ask,  "rule.unverifiable"),
        ("~+/ls2 victim",                                  Ask,  "rule.unverifiable"),
        ("builtin cd bin && ./ls ../victim",               Ask,  "rule.unverifiable"),
        ("dc -e '!rm victim'",                             Ask,  "rule.unverifiable"),
        ("gcc -O2 -DBUILD=1 -c x.c",                       Allow, "mode.yolo"),
        ("x=abc; echo ${x:-def}",                          Allow, "mode.yolo"),
    ];
    let mut failures = Vec::new();
    for (command, action, rule) in table {
        let (got, got_rule) = decision(RULES, command);
        if got != *action || got_rule != *rule {
            failures.push(format!(
                "{command:?}: want {action:?} {rule}, got {got:?} {got_rule}"
            ));
        }
    }
    let shapes = table.iter().filter(|(_, a, _)| *a != Allow).count();
    assert!(shapes >= 77, "{shapes} rows");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Programs run by a path that are links to a denied program or copies of
/// it, and names looked up in a directory of the workspace.
#[test]
fn links_and_copies_of_a_denied_program_are_it() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().canonicalize().unwrap();
    let rm = ["/bin/rm", "/usr/bin/rm"]
        .into_iter()
        .find(|p| Path::new(p).is_file())
        .unwrap();
    std::os::unix::fs::symlink(rm, ws.join("cat")).unwrap();
    std::fs::create_dir(ws.join("bin")).unwrap();
    std::fs::copy(rm, ws.join("bin/ls")).unwrap();
    std::fs::write(ws.join("bin/tool"), "#!/bin/sh\necho hi\n").unwrap();
    for d in ["ev/objects", "ev/refs"] {
        std::fs::create_dir_all(ws.join(d)).unwrap();
    }
    std::fs::write(ws.join("ev/HEAD"), "ref: refs/heads/main\n").unwrap();
    for repo in ["repo", "repo2"] {
        for d in ["objects", "refs", "hooks"] {
            std::fs::create_dir_all(ws.join(repo).join(".git").join(d)).unwrap();
        }
        std::fs::write(ws.join(repo).join(".git/HEAD"), "ref: refs/heads/main\n").unwrap();
        std::fs::write(
            ws.join(repo).join(".git/config"),
            "[core]\n\tbare = false\n",
        )
        .unwrap();
        std::fs::write(
            ws.join(repo).join(".git/hooks/pre-commit.sample"),
            "#!/bin/sh\n",
        )
        .unwrap();
    }
    std::fs::write(ws.join("repo/.git/hooks/pre-commit"), "#!/bin/sh\nrm x\n").unwrap();
    std::fs::write(
        ws.join("ev/config"),
        "[core]\n\tbare = false\n\tworktree = ..\n\tfsmonitor = rm x\n",
    )
    .unwrap();
    #[rustfmt::skip]
    let table: &[(&str, Action, &str)] = &[
        ("./cat x",                Deny,  "rule.deny:rm:*"),
        ("./bin/ls x",             Deny,  "rule.deny:rm:*"),
        ("PATH=bin:$PATH ls y",    Ask,   "rule.unverifiable"),
        // Found from the directory a `cd` moved to, or in an absolute
        // directory that is not on the search path.
        ("cd bin && ./ls ../x",    Ask,   "rule.unverifiable"),
        ("pushd bin; ./ls ../x",   Ask,   "rule.unverifiable"),
        ("./bin/tool",             Allow, "mode.yolo"),
        ("cat x",                  Allow, "mode.yolo"),
        // A bare repository planted beside the workspace's files, whose
        // configuration git would run (`core.fsmonitor = rm x`).
        ("git -C ev status",       Ask,   "rule.unverifiable"),
        ("cd ev && git status",    Ask,   "rule.unverifiable"),
        ("git status",             Allow, "mode.yolo"),
        // A hook written by the agent's editor, run by a commit.
        ("git -C repo commit -m x", Ask,  "rule.unverifiable"),
        ("git -C repo log -1",      Ask,  "rule.unverifiable"),
        ("git -C repo2 commit -m x", Allow, "mode.yolo"),
    ];
    for (command, action, rule) in table {
        let (got, got_rule) = decision_at(&ws, RULES, command);
        assert_eq!((got, got_rule.as_str()), (*action, *rule), "{command}");
    }
    let bin = ws.join("bin");
    for command in [
        format!("PATH={}:/usr/bin ls x", bin.display()),
        format!("export PATH={}:/usr/bin:/bin; ls x", bin.display()),
    ] {
        let (got, got_rule) = decision_at(&ws, RULES, &command);
        assert_eq!(
            (got, got_rule.as_str()),
            (Ask, "rule.unverifiable"),
            "{command}"
        );
    }
}

/// A git command whose meaning is set when it runs (an alias `!rm x`, a
/// diff driver, an ssh command) may run any rule's program: it asks under
/// a rule that does not name git; `-c` of data settings does not.
#[test]
fn git_run_time_meaning_is_unverifiable_under_any_rule() {
    const RM: &str = r#"{"permissions": {"deny": ["rm:*"]}}"#;
    #[rustfmt::skip]
    let table: &[(&str, Action, &str)] = &[
        ("git -c alias.x='!rm victim' x",                  Deny,  "rule.deny:rm:*"),
        ("git -c diff.external='rm victim #' diff",        Ask,   "rule.unverifiable"),
        ("GIT_EXTERNAL_DIFF='rm victim #' git diff",       Ask,   "rule.unverifiable"),
        ("env GIT_EXTERNAL_DIFF='rm victim #' git diff",   Ask,   "rule.unverifiable"),
        ("GIT_SSH_COMMAND='rm victim #' git fetch x:y",    Ask,   "rule.unverifiable"),
        ("git -c pager.log='rm victim' log",               Ask,   "rule.unverifiable"),
        ("git -c user.name=a -c user.email=b commit -m x", Allow, "mode.yolo"),
        ("git -c color.ui=never log -1",                   Allow, "mode.yolo"),
        ("git -c commit.gpgsign=false commit -m x",        Allow, "mode.yolo"),
        ("git -c commit.gpgsign=true commit -m x",         Ask,   "rule.unverifiable"),
    ];
    for (command, action, rule) in table {
        let (got, got_rule) = decision(RM, command);
        assert_eq!((got, got_rule.as_str()), (*action, *rule), "{command}");
    }
}

/// Everyday commands that deny rules naming git and rm leave alone: git's
/// plumbing (no alias can take its names), reading gits one after another,
/// identity and prompt variables, `command -v` (a lookup).
#[test]
fn everyday_commands_stay_allowed_under_deny_rules() {
    #[rustfmt::skip]
    let commands: &[&str] = &[
        "git rev-parse HEAD", "git describe --tags --abbrev=0", "git ls-files '*.rs'", "git shortlog -sn",
        "git merge-base HEAD origin/main", "git rev-list --count HEAD", "git cat-file -p HEAD",
        "git name-rev HEAD", "git cherry -v", "git range-diff main~3 main~1 main", "git help -a",
        "git status && git diff --stat", "git log -1 && git show --stat", "GIT_TERMINAL_PROMPT=0 git status",
        "GIT_AUTHOR_NAME=x git log -1", "command -v rustc", "command -V ls",
    ];
    let asked: Vec<String> = commands
        .iter()
        .filter_map(|c| {
            let (action, rule) = decision(RULES, c);
            (action != Allow).then(|| format!("{c}: {action:?} {rule}"))
        })
        .collect();
    assert!(asked.is_empty(), "{}", asked.join("\n"));
}

/// The benign corpus's commands in yolo mode under the deny rules above: a
/// needless ask is a usability bug, so the rate is held (and printed).
#[test]
fn benign_commands_stay_allowed_under_deny_rules() {
    let rows = shellward_corpus::rows("benign.tsv");
    let asked: Vec<String> = rows
        .iter()
        .filter_map(|row| {
            let (action, rule) = decision(RULES, &row.command);
            (action != Allow).then(|| format!("{}: {action:?} {rule}", row.command))
        })
        .collect();
    let allowed = rows.len() - asked.len();
    println!(
        "benign under deny rules: {allowed}/{} allowed; asked:\n{}",
        rows.len(),
        asked.join("\n")
    );
    assert!(
        allowed * 100 >= rows.len() * 97,
        "{allowed}/{} allowed; asked:\n{}",
        rows.len(),
        asked.join("\n")
    );
}

#[test]
fn option_set_rules_match_every_spelling() {
    let rules = r#"{"permissions": {"deny": ["rm -rf:*", "git push --force:*", "chmod -R:*", "git branch -D:*"]}}"#;
    #[rustfmt::skip]
    let table: &[(&str, bool)] = &[
        ("rm -rf build", true), ("rm -fr build", true), ("rm -r -f build", true),
        ("rm -f -r build", true), ("rm --recursive --force build", true), ("rm -Rf build", true),
        ("rm -R --force build", true), ("rm -v -rf build", true), ("rm -rfv build", true),
        ("rm build -rf", true), ("sudo rm -rf /", true), ("/bin/rm -fR x", true),
        ("rm -r x", false), ("rm -f x", false), ("rm x", false), ("rm -- -rf", false),
        ("git push --force", true), ("git push -f origin main", true), ("git -C . push -f", true),
        ("git push origin main --force", true), ("git push", false),
        ("git push --force-with-lease", false), ("git pull --force", false),
        ("git branch -D x", true), ("git branch -d -f x", true), ("git branch -df x", true),
        ("git branch --delete --force x", true), ("git branch -d x", false),
        ("chmod -R 777 .", true), ("chmod --recursive 777 .", true), ("chmod 777 .", false),
        // Long-option prefixes (getopt_long), equivalent options, refspecs.
        ("rm --rec --for y", true), ("rm --recur --forc y", true), ("rm -r --interactive=never y", true),
        ("chmod --recur 777 .", true), ("git push origin +main", true),
        // GNU argmatch: `never`, `no` and `none` are one value, and so is
        // any prefix of them (`--interactive=n`).
        ("rm -r --interactive=none y", true), ("rm -r --interactive=no y", true),
        ("rm -r --interactive=n y", true), ("rm -r --inter=none y", true),
        ("rm -r --interactive=always y", false),
    ];
    for (command, denied) in table {
        let (action, rule) = decision(rules, command);
        assert_eq!(action == Deny, *denied, "{command}: {action:?} {rule}");
    }
    // Signals by name, number and option; the registry's short and long
    // names of one option; a subcommand by its alias.
    let rules = r#"{"permissions": {"deny": ["kill -9:*", "curl -X:*", "curl --data:*", "git commit --no-verify:*", "docker rm -f:*"]}}"#;
    #[rustfmt::skip]
    let table: &[(&str, bool)] = &[
        ("kill -9 1", true), ("kill -KILL 1", true), ("kill -s KILL 1", true), ("kill -SIGKILL 1", true),
        ("kill -n 9 1", true), ("kill -s 9 1", true), ("kill -sKILL 1", true), ("kill --signal KILL 1", true),
        ("kill -kill 1", true), ("kill -sigkill 1", true), ("kill 1", false), ("kill -TERM 1", false),
        ("kill -09 1", true), ("kill -s 0009 1", true), ("kill -s +9 1", true),
        ("kill -15 1", false), ("pkill -s 9 x", false),
        ("curl --request POST u", true), ("curl -X POST u", true), ("curl -d x u", true),
        ("curl --data=x u", true), ("curl -sd x u", true), ("curl -s u", false),
        ("git commit -n -m x", true), ("git commit -nm x", true), ("git commit --no-verify", true),
        ("git commit --no-veri -am x", true),
        ("git commit -m x", false),
        ("docker container rm -f x", true), ("docker container remove -f x", true), ("docker rm -f x", true),
        ("docker container rm x", false),
    ];
    for (command, denied) in table {
        let (action, rule) = decision(rules, command);
        assert_eq!(action == Deny, *denied, "{command}: {action:?} {rule}");
    }
    let p = shellward_permit::Pattern::parse("rm -rf:*").unwrap();
    assert!(p.is_option_set());
    assert!(
        !shellward_permit::Pattern::parse("rm:*")
            .unwrap()
            .is_option_set()
    );
    assert!(
        !shellward_permit::Pattern::parse("npm run build:*")
            .unwrap()
            .is_option_set()
    );
}

/// `word` as one shell word.
fn quote(word: &str) -> String {
    if !word.is_empty()
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"/._-=:,+@%".contains(&b))
    {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// Wrappers a deny rule sees through, in the forms people write them.
const WRAPPING: &[&str] = &[
    "timeout 5",
    "timeout -s KILL 10",
    "nice -n 5",
    "nohup",
    "env A=1",
    "env -i",
    "sudo",
    "sudo -u root",
    "doas",
    "stdbuf -oL",
    "ionice -c 3",
    "command",
    "exec",
    "setsid",
    "chrt -f 1",
    "prlimit --nofile=64",
    "flock /tmp/l",
    "time",
    "builtin",
];

fn corpus_programs() -> &'static [Vec<String>] {
    static ALL: std::sync::OnceLock<Vec<Vec<String>>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| {
        shellward_corpus::commands(shellward_corpus::ALL)
            .iter()
            .filter_map(|c| {
                let analysis = shellward_syntax::analyze(c);
                match analysis.commands() {
                    [one]
                        if analysis.permission_safe()
                            && one.assignments.is_empty()
                            && one.redirects.is_empty() =>
                    {
                        let argv: Vec<String> = one.argv().map(str::to_string).collect();
                        let plain = argv.first().is_some_and(|p| {
                            p.bytes()
                                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
                        });
                        plain.then_some(argv)
                    }
                    _ => None,
                }
            })
            .collect()
    })
}

proptest::proptest! {
    /// Wrapping never hides a program from a deny rule that names it: for
    /// a corpus command under random wrappers, a deny rule for its program
    /// denies it, or the command asks because part of it cannot be
    /// checked. Never allowed, in yolo mode.
    #[test]
    fn wrapping_never_hides_the_program(
        index in 0usize..10_000,
        wrappers in proptest::collection::vec(0usize..WRAPPING.len(), 0..4),
    ) {
        let commands = corpus_programs();
        let argv = &commands[index % commands.len()];
        let program = &argv[0];
        let mut words: Vec<String> = wrappers.iter().map(|&w| WRAPPING[w].to_string()).collect();
        words.extend(argv.iter().map(|w| quote(w)));
        let command = words.join(" ");
        let rules = serde_json::json!({"permissions": {"deny": [format!("{program}:*")]}}).to_string();
        let (action, rule) = decision(&rules, &command);
        proptest::prop_assert!(action != Allow, "{command}: {rule}");
    }
}
