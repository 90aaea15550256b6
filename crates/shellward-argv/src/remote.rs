//! The command a remote runner runs somewhere else, and whether it gets
//! the local standard input: `ssh HOST CMD`, `docker exec [-i] C CMD`
//! (podman, nerdctl), `kubectl exec [-i] POD -- CMD` (oc), read as each
//! reads its argv, so that `printf 'rm -rf /' | ssh host cat` is `cat`
//! remotely with text on its input, and `... | ssh host` a script for the
//! remote login shell.
//!
//! * ssh (OpenSSH 9): BSD getopt (options end at the first operand), read
//!   again after the destination; the command's words are joined by spaces
//!   for the remote user's shell. `-n` and `-f` give it `/dev/null`;
//!   `-N`, `-W` run no command; a `RemoteCommand` setting or a subsystem
//!   (`-s`) is not read.
//! * docker, podman, nerdctl: global options, `[container] exec`, its
//!   options up to the container (pflag without interspersing: `-it`,
//!   `-i=false`, `--user=x`), then the command's argv. Standard input is
//!   passed with `-i` and without `-d`.
//! * kubectl, oc: options anywhere before `--` (cobra), the pod, then the
//!   command's argv (after `--`, or the old form's words after the pod).
//!   Standard input is passed with `-i`/`--stdin`.
//!
//! An option a table here does not have makes the command unread (`None`):
//! the caller reads it at its worst.

/// A command run elsewhere.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemoteRun {
    /// Where: ssh's destination, the container or the pod.
    pub host: String,
    /// What runs there: a script for the remote user's shell (ssh), or an
    /// argv (containers, pods). Empty: ssh's login shell, which reads its
    /// standard input as a script.
    pub command: Vec<String>,
    /// The command is a shell script: its words joined by spaces (ssh).
    pub shell_text: bool,
    /// The local standard input reaches it.
    pub stdin: bool,
    /// No command runs at all (`ssh -N`, `ssh -W host:port`).
    pub nothing: bool,
    /// Every option is one that runs nothing here and sets nothing the
    /// command there reads: ssh's `-o` only with [`SSH_PLAIN_KEYS`] (a key
    /// as ssh reads it: `-4oProxyCommand=`, `-o '=ProxyCommand x'` and a
    /// quoted key are not plain), no `-F` (a configuration) or `-E` (a log
    /// file); no environment for a container (`-e`, `--env`, `--env-file`).
    pub plain: bool,
    /// Where the command starts, when an option says (`docker exec -w DIR`).
    pub workdir: Option<String>,
}

/// ssh settings that run nothing and change no command (`-o KEY=VALUE`).
#[rustfmt::skip]
pub const SSH_PLAIN_KEYS: &[&str] = &[
    "port", "user", "hostname", "hostkeyalias", "identityfile", "identitiesonly", "connecttimeout",
    "connectionattempts", "batchmode", "stricthostkeychecking", "loglevel", "serveraliveinterval",
    "serveralivecountmax", "compression", "addressfamily", "requesttty", "passwordauthentication",
    "pubkeyauthentication", "preferredauthentications", "forwardagent", "tcpkeepalive",
];

/// Is an `-o` value a plain setting: a key of [`SSH_PLAIN_KEYS`] first
/// (no blank, `=` or quote before it), then `=` or a blank?
fn plain_setting(value: &str) -> bool {
    let key_end = value
        .find(|c: char| !c.is_ascii_alphanumeric())
        .unwrap_or(value.len());
    let (key, rest) = value.split_at(key_end);
    SSH_PLAIN_KEYS.contains(&key.to_ascii_lowercase().as_str())
        && rest.starts_with(['=', ' ', '\t'])
}

/// ssh's options without a value (`ssh -h` of OpenSSH 9).
const SSH_FLAGS: &[u8] = b"46AaCfGgKkMNnqsTtVvXxYy";
/// ssh's options with one.
const SSH_VALUED: &[u8] = b"BbcDEeFIiJLlmOoPpQRSWw";

/// The remote run of `words` (`words[0]` the program), if it is one read here.
pub fn remote_run(words: &[String]) -> Option<RemoteRun> {
    let program = words.first()?.rsplit('/').next()?;
    match program {
        "ssh" => ssh(&words[1..]),
        "docker" | "podman" | "nerdctl" => container(program, &words[1..]),
        "kubectl" | "oc" => kube(&words[1..]),
        _ => None,
    }
}

fn ssh(args: &[String]) -> Option<RemoteRun> {
    let (mut flags, mut host) = (Vec::new(), None);
    let mut plain = true;
    let mut i = 0;
    while i < args.len() {
        let word = args[i].as_str();
        i += 1;
        if word == "--" {
            if host.is_none() {
                host = args.get(i).cloned();
                i += 1;
            }
            break;
        }
        let Some(cluster) = word.strip_prefix('-').filter(|c| !c.is_empty()) else {
            if host.is_some() {
                i -= 1;
                break;
            }
            host = Some(word.to_string());
            continue;
        };
        for (at, letter) in cluster.bytes().enumerate() {
            if SSH_VALUED.contains(&letter) {
                let value = match &cluster[at + 1..] {
                    "" => {
                        i += 1;
                        args.get(i - 1)?.as_str()
                    }
                    glued => glued,
                };
                if letter == b'o' && !plain_setting(value) {
                    plain = false;
                }
                flags.push(letter);
                break;
            }
            if !SSH_FLAGS.contains(&letter) {
                return None;
            }
            flags.push(letter);
        }
    }
    if flags.contains(&b's') {
        return None;
    }
    Some(RemoteRun {
        host: host?,
        command: args[i.min(args.len())..].to_vec(),
        shell_text: true,
        stdin: !flags.iter().any(|f| matches!(f, b'n' | b'f')),
        nothing: flags.iter().any(|f| matches!(f, b'N' | b'W')),
        // `-F` a configuration, `-E` a log file written here, `-J` a jump
        // host in a shell command ssh runs here, `-I` a library it loads,
        // `-P` a tag that selects configuration, `-W` this input sent to a
        // service.
        workdir: None,
        plain: plain
            && !flags
                .iter()
                .any(|f| matches!(f, b'F' | b'E' | b'J' | b'I' | b'P' | b'W')),
    })
}

/// The local files an ssh command line appends to: its log (`-E FILE`)
/// and the known-hosts files it may add a host key to (`-o
/// UserKnownHostsFile=FILES`, any case, `=` or a blank after the key).
pub fn ssh_written_files(words: &[String]) -> Vec<String> {
    if words.first().and_then(|w| w.rsplit('/').next()) != Some("ssh") {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut args = words[1..].iter();
    while let Some(word) = args.next() {
        let Some(cluster) = word.strip_prefix('-').filter(|c| !c.starts_with('-')) else {
            continue;
        };
        let Some(at) = cluster.find(|c: char| c.is_ascii() && SSH_VALUED.contains(&(c as u8)))
        else {
            continue;
        };
        let letter = cluster.as_bytes()[at];
        let value = match &cluster[at + 1..] {
            "" => args.next().cloned().unwrap_or_default(),
            glued => glued.to_string(),
        };
        match letter {
            b'E' => out.push(value),
            b'o' => {
                let setting = value.trim_start_matches([' ', '\t', '=']).trim_matches('"');
                let (key, files) =
                    setting.split_at(setting.find(['=', ' ', '\t']).unwrap_or(setting.len()));
                if matches!(
                    key.to_ascii_lowercase().as_str(),
                    "userknownhostsfile" | "globalknownhostsfile"
                ) {
                    let files = files.trim_start_matches(['=', ' ', '\t']);
                    out.extend(files.split_whitespace().map(str::to_string));
                }
            }
            _ => {}
        }
    }
    out
}

/// One pflag/cobra option table: long names with a value, long booleans,
/// and the short letter of each.
struct Table {
    valued: &'static [(&'static str, Option<char>)],
    booleans: &'static [(&'static str, Option<char>)],
}

#[rustfmt::skip]
const DOCKER_GLOBAL: Table = Table {
    valued: &[("--config", None), ("--context", Some('c')), ("--host", Some('H')), ("--log-level", Some('l')),
        ("--tlscacert", None), ("--tlscert", None), ("--tlskey", None), ("--connection", None), ("--url", None),
        ("--identity", None), ("--root", None), ("--runroot", None), ("--namespace", Some('n')), ("--address", Some('a'))],
    booleans: &[("--debug", Some('D')), ("--tls", None), ("--tlsverify", None), ("--remote", Some('r'))],
};

#[rustfmt::skip]
const DOCKER_EXEC: Table = Table {
    valued: &[("--detach-keys", None), ("--env", Some('e')), ("--env-file", None), ("--user", Some('u')),
        ("--workdir", Some('w')), ("--preserve-fds", None), ("--preserve-fd", None)],
    booleans: &[("--detach", Some('d')), ("--interactive", Some('i')), ("--privileged", None), ("--tty", Some('t')),
        ("--latest", Some('l'))],
};

#[rustfmt::skip]
const KUBE_EXEC: Table = Table {
    valued: &[("--container", Some('c')), ("--filename", Some('f')), ("--pod-running-timeout", None),
        ("--namespace", Some('n')), ("--context", None), ("--cluster", None), ("--user", None), ("--kubeconfig", None),
        ("--server", Some('s')), ("--token", None), ("--as", None), ("--as-group", None), ("--as-uid", None),
        ("--request-timeout", None), ("--cache-dir", None), ("--certificate-authority", None),
        ("--client-certificate", None), ("--client-key", None), ("--tls-server-name", None), ("--v", Some('v')),
        ("--vmodule", None), ("--profile", None), ("--profile-output", None)],
    booleans: &[("--stdin", Some('i')), ("--tty", Some('t')), ("--quiet", Some('q')),
        ("--insecure-skip-tls-verify", None), ("--match-server-version", None), ("--warnings-as-errors", None),
        ("--disable-compression", None)],
};

/// What one option word said: booleans set (name, value), the option
/// with a value it ends in, and whether the next word is that value.
enum Parsed {
    Options(Vec<(&'static str, bool)>, Option<&'static str>, bool),
    Unknown,
}

/// One word of options by `table` (`-it`, `-i=false`, `--user=x`, `-uroot`).
fn option(word: &str, table: &Table) -> Parsed {
    let boolean = |v: &str| match v {
        "" | "true" | "1" | "t" | "T" | "TRUE" | "True" => Some(true),
        "false" | "0" | "f" | "F" | "FALSE" | "False" => Some(false),
        _ => None,
    };
    if let Some(long) = word.strip_prefix("--") {
        let (name, value) = long
            .split_once('=')
            .map_or((long, None), |(n, v)| (n, Some(v)));
        let name = format!("--{name}");
        if let Some((n, _)) = table.booleans.iter().find(|(n, _)| *n == name) {
            return match boolean(value.unwrap_or("")) {
                Some(v) => Parsed::Options(vec![(n, v)], None, false),
                None => Parsed::Unknown,
            };
        }
        return match table.valued.iter().find(|(n, _)| *n == name) {
            Some((n, _)) => Parsed::Options(Vec::new(), Some(n), value.is_none()),
            None => Parsed::Unknown,
        };
    }
    let Some(cluster) = word.strip_prefix('-') else {
        return Parsed::Unknown;
    };
    let mut set = Vec::new();
    for (at, letter) in cluster.char_indices() {
        let short = |(_, s): &&(&'static str, Option<char>)| *s == Some(letter);
        if let Some((n, _)) = table.booleans.iter().find(short) {
            match cluster[at + 1..].strip_prefix('=') {
                Some(v) => match boolean(v) {
                    Some(v) => {
                        set.push((*n, v));
                        return Parsed::Options(set, None, false);
                    }
                    None => return Parsed::Unknown,
                },
                None => set.push((*n, true)),
            }
        } else if let Some((n, _)) = table.valued.iter().find(short) {
            return Parsed::Options(set, Some(n), cluster[at + 1..].is_empty());
        } else {
            return Parsed::Unknown;
        }
    }
    Parsed::Options(set, None, false)
}

fn container(program: &str, args: &[String]) -> Option<RemoteRun> {
    let mut i = 0;
    // Global options, then `exec` or `container exec`.
    loop {
        let word = args.get(i)?.as_str();
        i += 1;
        match word {
            "exec" => break,
            "container" if args.get(i).map(String::as_str) == Some("exec") => {
                i += 1;
                break;
            }
            w if w.starts_with('-') => match option(w, &DOCKER_GLOBAL) {
                Parsed::Options(_, _, next) => i += usize::from(next),
                Parsed::Unknown => return None,
            },
            _ => return None,
        }
    }
    let (mut interactive, mut detach, mut latest, mut env) = (false, false, false, false);
    let mut workdir = None;
    while let Some(word) = args.get(i).filter(|w| w.starts_with('-') && w.len() > 1) {
        i += 1;
        if word == "--" {
            break;
        }
        let Parsed::Options(set, valued, next) = option(word, &DOCKER_EXEC) else {
            return None;
        };
        env |= matches!(valued, Some("--env" | "--env-file"));
        if valued == Some("--workdir") {
            let glued = match word.strip_prefix("--") {
                Some(long) => long.split_once('=').map(|(_, v)| v),
                None => word
                    .find('w')
                    .map(|at| &word[at + 1..])
                    .filter(|v| !v.is_empty()),
            };
            workdir = match glued {
                Some(v) => Some(v.strip_prefix('=').unwrap_or(v).to_string()),
                None => args.get(i).cloned(),
            };
        }
        for (name, value) in set {
            match name {
                "--interactive" => interactive = value,
                "--detach" => detach = value,
                "--latest" => latest = value && program == "podman",
                _ => {}
            }
        }
        i += usize::from(next);
    }
    let host = if latest {
        "latest".to_string()
    } else {
        i += 1;
        args.get(i - 1)?.clone()
    };
    let mut command = args.get(i..).unwrap_or(&[]).to_vec();
    // `nerdctl exec c -- sh`: the `--` is not run.
    if command.first().is_some_and(|w| w == "--") {
        command.remove(0);
    }
    Some(RemoteRun {
        host,
        command,
        shell_text: false,
        stdin: interactive && !detach,
        nothing: false,
        plain: !env,
        workdir,
    })
}

fn kube(args: &[String]) -> Option<RemoteRun> {
    let (mut operands, mut stdin, mut from_file) = (Vec::new(), false, false);
    let mut i = 0;
    let mut exec = false;
    while i < args.len() {
        let word = args[i].as_str();
        i += 1;
        if word == "--" {
            break;
        }
        if word.starts_with('-') && word.len() > 1 {
            let Parsed::Options(set, valued, next) = option(word, &KUBE_EXEC) else {
                return None;
            };
            for (name, value) in set {
                if name == "--stdin" {
                    stdin = value;
                }
            }
            from_file |= valued == Some("--filename");
            i += usize::from(next);
            continue;
        }
        if !exec {
            if word != "exec" {
                return None;
            }
            exec = true;
            continue;
        }
        operands.push(word.to_string());
    }
    if !exec {
        return None;
    }
    let dashdash = args[..i].last().is_some_and(|w| w == "--");
    let (host, mut command) = match (from_file, operands.split_first()) {
        (true, _) => ("pod".to_string(), operands.clone()),
        (false, Some((pod, rest))) => (pod.clone(), rest.to_vec()),
        (false, None) => return None,
    };
    if dashdash {
        command.extend(args[i..].iter().cloned());
    }
    Some(RemoteRun {
        host,
        command,
        shell_text: false,
        stdin,
        nothing: false,
        plain: true,
        workdir: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `(command as written, host, command run, stdin passed)`; `None`: not read.
    type Row = (&'static str, Option<(&'static str, &'static str, bool)>);

    #[rustfmt::skip]
    const ROWS: &[Row] = &[
        ("ssh host",                                   Some(("host", "", true))),
        ("ssh -n host",                                Some(("host", "", false))),
        ("ssh host cat",                               Some(("host", "cat", true))),
        ("ssh -p 22 -o HostKeyAlias=sh host cat -n",   Some(("host", "cat -n", true))),
        ("ssh -p2222 -oUser=x host sh -s",             Some(("host", "sh -s", true))),
        ("ssh host -p 22 sh -s",                       Some(("host", "sh -s", true))),
        ("ssh -o RemoteCommand=sh host",               Some(("host", "", true))),
        ("ssh -s host sftp",                           None),
        ("ssh -Z host",                                None),
        ("docker exec c sh",                           Some(("c", "sh", false))),
        ("docker exec -i c sh",                        Some(("c", "sh", true))),
        ("docker exec -it c sh",                       Some(("c", "sh", true))),
        ("docker exec -i=false c sh",                  Some(("c", "sh", false))),
        ("docker exec --interactive=false --interactive=true c sh", Some(("c", "sh", true))),
        ("docker exec -i -d c sh",                     Some(("c", "sh", false))),
        ("docker exec -i --detach=true --detach=false c sh", Some(("c", "sh", true))),
        ("docker exec -i -u sh c cat",                 Some(("c", "cat", true))),
        ("docker exec -i --user sh c cat",             Some(("c", "cat", true))),
        ("docker container --context prod exec -i c sh", None),
        ("docker --context prod container exec -i c sh", Some(("c", "sh", true))),
        ("nerdctl exec -i c -- sh",                    Some(("c", "sh", true))),
        ("podman exec -il sh",                         Some(("latest", "sh", true))),
        ("docker exec --bogus c sh",                   None),
        ("kubectl exec pod -- cat",                    Some(("pod", "cat", false))),
        ("kubectl exec -i pod -- sh",                  Some(("pod", "sh", true))),
        ("kubectl exec pod -i -c sh -- cat",           Some(("pod", "cat", true))),
        ("kubectl exec sh -i -c sh -- cat",            Some(("sh", "cat", true))),
        ("kubectl exec pod --stdin=false -- sh",       Some(("pod", "sh", false))),
        ("kubectl exec pod -i --stdin=false -- sh",    Some(("pod", "sh", false))),
        ("kubectl -n prod exec -i pod -- sh -s",       Some(("pod", "sh -s", true))),
        ("kubectl exec pod date",                      Some(("pod", "date", false))),
        ("kubectl get pods",                           None),
    ];

    #[test]
    fn only_plain_options_leave_a_run_plain() {
        #[rustfmt::skip]
        let rows: &[(&str, bool)] = &[
            ("ssh -p 22 -o Port=22 -oUser=x host cat", true),
            ("ssh -o RemoteCommand=sh host", false),
            ("ssh -4oProxyCommand=x host", false),
            ("ssh -o =ProxyCommand=x host", false),
            ("ssh -o \"ProxyCommand\"=x host", false),
            ("ssh -F cfg host", false),
            ("ssh -E log host", false),
            ("docker exec -e X=1 c sh", false),
            ("docker exec --env=X=1 c sh", false),
            ("docker exec -i c sh", true),
            ("ssh -J jump host true", false),
            ("ssh -W db:6379 bastion", false),
            ("ssh -o UserKnownHostsFile=x host", false),
        ];
        for (command, plain) in rows {
            let words: Vec<String> = command.split(' ').map(str::to_string).collect();
            assert_eq!(
                remote_run(&words).map(|r| r.plain),
                Some(*plain),
                "{command}"
            );
        }
    }

    #[test]
    fn a_container_starts_where_its_workdir_says() {
        for (command, dir) in [
            ("docker exec -w /etc c tee passwd", "/etc"),
            ("docker exec --workdir=/root c ls", "/root"),
            ("docker exec -w/srv c ls", "/srv"),
        ] {
            let words: Vec<String> = command.split(' ').map(str::to_string).collect();
            assert_eq!(
                remote_run(&words).and_then(|r| r.workdir).as_deref(),
                Some(dir),
                "{command}"
            );
        }
    }

    #[test]
    fn remote_runs_are_read_as_each_program_reads_its_argv() {
        for (command, want) in ROWS {
            let words: Vec<String> = command.split(' ').map(str::to_string).collect();
            let got = remote_run(&words).map(|r| (r.host, r.command.join(" "), r.stdin));
            let want = want.map(|(h, c, s)| (h.to_string(), c.to_string(), s));
            assert_eq!(got, want, "{command}");
        }
    }
}
