//! What runs is not what is written: the guard's reading of commands that
//! rename a program for the commands after them (`hash -p /bin/rm ls`,
//! `alias ls='rm -rf'`) and of files a command writes and a later command
//! of the same line runs (`curl URL > x.sh && sh x.sh`, `cp /bin/rm x &&
//! ./x -rf ~`, `echo '{"scripts":...}' > package.json && npm test`), and
//! git aliases set through the environment.
//!
//! Neither can be read word by word: the later command's words name a
//! program or a script whose content is only known when the line runs. So
//! both are an effect of their own that the guard asks about in every mode.

use std::borrow::Cow;

use shellward_effects::{Action, Effect, Pack, Scope, Severity};
use shellward_syntax::{RedirectOp, SimpleCommand};

/// Builtins that make a name run something else, and the option (or
/// argument shape) that does it: `hash -p PATH NAME`, `alias NAME=VALUE`,
/// `enable -f FILE NAME` (a builtin loaded from a shared object).
#[rustfmt::skip]
const RENAMERS: &[(&str, Renames)] = &[
    ("alias",  |args| args.iter().any(|a| a.contains('='))),
    ("enable", |args| args.iter().any(|a| a.starts_with('-') && a.contains('f'))),
    ("hash",   |args| args.iter().any(|a| a.starts_with('-') && a.contains('p'))),
];

/// Whether a renaming builtin's arguments rename something.
type Renames = fn(&[&str]) -> bool;

/// Programs that write the files they are given, and which of their words
/// are those files: every operand, the last one, or an option's value.
#[rustfmt::skip]
const WRITERS: &[(&str, Written)] = &[
    ("7z",      Written::Extracted(|a| matches!(a.first(), Some(&("x" | "e"))))),
    ("7za",     Written::Extracted(|a| matches!(a.first(), Some(&("x" | "e"))))),
    ("7zr",     Written::Extracted(|a| matches!(a.first(), Some(&("x" | "e"))))),
    ("ar",      Written::Extracted(|a| a.first().is_some_and(|w| w.trim_start_matches('-').contains('x')))),
    ("bsdtar",  Written::Extracted(tar_extracts)),
    ("brotli",  Written::Decompressed(&["-o", "--output"])),
    ("bzip2",   Written::Decompressed(&[])),
    ("cp",      Written::LastOperand),
    ("cpio",    Written::Extracted(|a| a.iter().any(|w| *w == "--extract" || (w.starts_with('-') && !w.starts_with("--") && w.contains('i'))))),
    ("gzip",    Written::Decompressed(&[])),
    ("lz4",     Written::Decompressed(&["-o"])),
    ("lzip",    Written::Decompressed(&["-o", "--output"])),
    ("lzma",    Written::Decompressed(&[])),
    ("pax",     Written::Extracted(|a| a.iter().any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('r')))),
    ("pigz",    Written::Decompressed(&[])),
    ("tar",     Written::Extracted(tar_extracts)),
    ("unrar",   Written::Extracted(|a| matches!(a.first(), Some(&("x" | "e"))))),
    ("unzip",   Written::Extracted(|a| !a.iter().any(|w| matches!(*w, "-l" | "-t" | "-v" | "-Z" | "-p" | "-z")))),
    ("xz",      Written::Decompressed(&[])),
    ("zstd",    Written::Decompressed(&["-o"])),
    ("curl",    Written::Download { output: 'o', long: "--output", remote: Some('O') }),
    ("dd",      Written::Prefixed("of=")),
    ("install", Written::LastOperand),
    ("ln",      Written::LastOperand),
    ("mv",      Written::LastOperand),
    ("base64",  Written::Values(&["-o", "--output"])),
    ("bunzip2", Written::Unpacked),
    ("csplit",  Written::Split { prefix: "-f", default: "xx", operand: None, with_value: &["-f", "--prefix", "-b", "--suffix-format", "-n", "--digits"] }),
    ("gpg",     Written::Values(&["-o", "--output"])),
    ("gunzip",  Written::Unpacked),
    ("iconv",   Written::Download { output: 'o', long: "--output", remote: None }),
    ("openssl", Written::Values(&["-out"])),
    ("perl",    Written::InPlace),
    ("rsync",   Written::LastOperand),
    ("scp",     Written::LastOperand),
    ("sed",     Written::InPlace),
    ("shuf",    Written::Download { output: 'o', long: "--output", remote: None }),
    ("sort",    Written::Download { output: 'o', long: "--output", remote: None }),
    ("split",   Written::Split { prefix: "", default: "x", operand: Some(1), with_value: &["-a", "--suffix-length", "-b", "--bytes", "-C", "--line-bytes", "-l", "--lines", "-n", "--number", "-t", "--separator", "--additional-suffix", "--filter"] }),
    ("tee",     Written::Operands),
    ("uniq",    Written::LastOperand),
    ("xxd",     Written::LastOperand),
    ("unxz",    Written::Unpacked),
    ("unzstd",  Written::Unpacked),
    ("wget",    Written::Download { output: 'O', long: "--output-document", remote: None }),
];

/// Which words of a [`WRITERS`] command are the files it writes.
#[derive(Clone, Copy)]
enum Written {
    Operands,
    /// Every operand, where an in-place option is given (`sed -i`, `perl
    /// -pi`, `--in-place`): an existing script edited, then run.
    InPlace,
    LastOperand,
    Prefixed(&'static str),
    /// The values of these options (`openssl enc -out FILE`, `gpg -o FILE`).
    Values(&'static [&'static str]),
    /// Each operand without its compression suffix (`gunzip x.sh.gz`
    /// writes `x.sh`).
    Unpacked,
    /// Files named by a prefix and a made-up suffix (`split FILE p` writes
    /// `paa`, `pab`, ...): the prefix is `prefix`'s value, or the operand at
    /// `operand` (0-based), or else `default`.
    Split {
        prefix: &'static str,
        default: &'static str,
        operand: Option<usize>,
        /// Options whose value is the next word when not glued on.
        with_value: &'static [&'static str],
    },
    /// A compressor when it decompresses (`-d`, `--decompress`,
    /// `--uncompress`, `-dfo FILE`): the values of these options, or else
    /// each operand without its suffix (and the last operand, where a
    /// second one names the output: `lz4 -d a.lz4 out`).
    Decompressed(&'static [&'static str]),
    /// An archive extractor, when its arguments say it extracts: files
    /// whose names only the archive knows (any file, for a later runner).
    Extracted(fn(&[&str]) -> bool),
    /// A downloader: the value of its output option (`-o FILE`, `-oFILE`,
    /// `-sSLo FILE`, `--output=FILE`), or else each URL's last part where
    /// `remote` is in a cluster (`curl -O`, `-fsSLO`) or, with `remote`
    /// `None`, always (wget saves under the URL's name).
    Download {
        output: char,
        long: &'static str,
        remote: Option<char>,
    },
}

/// Recipe runners: the files they run by default, the options that name
/// the directory they look in (`make -C d`, `npm --prefix d`), and those
/// that name the file itself (`make -f FILE`).
#[rustfmt::skip]
const RECIPES: &[Recipe] = &[
    Recipe { name: "awk",    files: &[],                                        dir: &[],                              file: &["-f", "--file"] },
    Recipe { name: "bazel",  files: &["WORKSPACE", "MODULE.bazel", ".bazelrc", "BUILD", "BUILD.bazel", "*.bzl"], dir: &[], file: &[] },
    Recipe { name: "bun",    files: &["package.json", "bunfig.toml", "*.js", "*.ts", "*.mjs", "*.cjs"], dir: &["--cwd"], file: &[] },
    Recipe { name: "bundle", files: &["Gemfile", "*.gemspec"],                  dir: &[],                              file: &["--gemfile"] },
    Recipe { name: "cargo",  files: &["Cargo.toml", "build.rs", ".cargo/config.toml", ".cargo/config", "rust-toolchain.toml", "rust-toolchain", "*.rs"], dir: &["-C"], file: &["--manifest-path"] },
    Recipe { name: "composer", files: &["composer.json"],                       dir: &["-d", "--working-dir"],         file: &[] },
    Recipe { name: "docker", files: &["Dockerfile", "Containerfile", "compose.yaml", "compose.yml", "docker-compose.yml", "docker-compose.yaml", "*.dockerfile"], dir: &[], file: &["-f", "--file"] },
    Recipe { name: "dotnet", files: &["*.csproj", "*.fsproj", "*.sln", "*.props", "*.targets", "global.json"], dir: &[], file: &[] },
    Recipe { name: "eslint", files: &["eslint.config.js", "eslint.config.mjs", "eslint.config.cjs", "eslint.config.ts", ".eslintrc.js", ".eslintrc.cjs"], dir: &[], file: &["-c", "--config"] },
    Recipe { name: "gawk",   files: &[],                                        dir: &[],                              file: &["-f", "--file", "-i", "--include", "-E", "--exec"] },
    Recipe { name: "gmake",  files: &["GNUmakefile", "makefile", "Makefile"],   dir: &["-C", "--directory"],           file: &["-f", "--file", "--makefile"] },
    Recipe { name: "go",     files: &["go.mod", "go.work", "*.go"],             dir: &["-C"],                          file: &[] },
    Recipe { name: "gradle", files: &["build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts", "gradle.properties", "*.gradle", "*.gradle.kts"], dir: &["-p", "--project-dir"], file: &["-b", "--build-file", "-I", "--init-script"] },
    Recipe { name: "gradlew", files: &["build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts", "gradle.properties", "*.gradle", "*.gradle.kts", "gradle/wrapper/gradle-wrapper.properties"], dir: &["-p", "--project-dir"], file: &["-b", "--build-file", "-I", "--init-script"] },
    Recipe { name: "gsed",   files: &[],                                        dir: &[],                              file: &["-f", "--file"] },
    Recipe { name: "gulp",   files: &["gulpfile.js", "gulpfile.mjs", "gulpfile.cjs", "gulpfile.ts", "gulpfile.babel.js"], dir: &["--cwd"], file: &["-f", "--gulpfile"] },
    Recipe { name: "grunt",  files: &["Gruntfile.js", "Gruntfile.coffee"],      dir: &[],                              file: &["--gruntfile"] },
    Recipe { name: "irb",    files: &[".irbrc"],                                dir: &[],                              file: &[] },
    Recipe { name: "jest",   files: &["jest.config.js", "jest.config.ts", "jest.config.mjs", "jest.config.cjs", "*.js", "*.ts", "*.jsx", "*.tsx", "*.mjs", "*.cjs"], dir: &[], file: &["-c", "--config"] },
    Recipe { name: "just",   files: &["justfile", "Justfile", ".justfile"],     dir: &["-d", "--working-directory"],   file: &["-f", "--justfile"] },
    Recipe { name: "make",   files: &["GNUmakefile", "makefile", "Makefile"],   dir: &["-C", "--directory"],           file: &["-f", "--file", "--makefile"] },
    Recipe { name: "mawk",   files: &[],                                        dir: &[],                              file: &["-f"] },
    Recipe { name: "mix",    files: &["mix.exs", "*.exs"],                      dir: &[],                              file: &[] },
    Recipe { name: "mvn",    files: &["pom.xml", ".mvn/extensions.xml", ".mvn/maven.config", ".mvn/jvm.config"], dir: &[], file: &["-f", "--file"] },
    Recipe { name: "mvnw",   files: &["pom.xml", ".mvn/extensions.xml", ".mvn/maven.config", ".mvn/jvm.config", ".mvn/wrapper/maven-wrapper.properties"], dir: &[], file: &["-f", "--file"] },
    Recipe { name: "nawk",   files: &[],                                        dir: &[],                              file: &["-f"] },
    Recipe { name: "npm",    files: &["package.json", ".npmrc"],                dir: &["--prefix", "-C"],              file: &[] },
    Recipe { name: "npx",    files: &["package.json", ".npmrc", "*.js", "*.ts", "*.mjs", "*.cjs"], dir: &["--prefix"], file: &[] },
    Recipe { name: "pdm",    files: &["pyproject.toml", "setup.py"],            dir: &["-p", "--project"],             file: &[] },
    Recipe { name: "pip",    files: &["setup.py", "pyproject.toml", "setup.cfg"], dir: &[],                           file: &["-r", "--requirement", "-c", "--constraint"] },
    Recipe { name: "pip3",   files: &["setup.py", "pyproject.toml", "setup.cfg"], dir: &[],                           file: &["-r", "--requirement", "-c", "--constraint"] },
    Recipe { name: "pnpm",   files: &["package.json", ".npmrc", ".pnpmfile.cjs"], dir: &["-C", "--dir", "--prefix"],  file: &[] },
    Recipe { name: "podman", files: &["Dockerfile", "Containerfile", "compose.yaml", "compose.yml", "docker-compose.yml", "docker-compose.yaml"], dir: &[], file: &["-f", "--file"] },
    Recipe { name: "poetry", files: &["pyproject.toml", "build.py"],            dir: &["-C", "--directory"],           file: &[] },
    Recipe { name: "pre-commit", files: &[".pre-commit-config.yaml", ".pre-commit-hooks.yaml"], dir: &[],             file: &["-c", "--config"] },
    Recipe { name: "pry",    files: &[".pryrc"],                                dir: &[],                              file: &[] },
    Recipe { name: "rake",   files: &["Rakefile", "rakefile", "*.rake"],        dir: &["-C", "--directory"],           file: &["-f", "--rakefile"] },
    Recipe { name: "sbt",    files: &["build.sbt", "*.sbt", "project/*.scala"], dir: &[],                              file: &[] },
    Recipe { name: "sed",    files: &[],                                        dir: &[],                              file: &["-f", "--file"] },
    Recipe { name: "task",   files: &["Taskfile.yml", "Taskfile.yaml", "taskfile.yml"], dir: &["-d", "--dir"],        file: &["-t", "--taskfile"] },
    Recipe { name: "uv",     files: &["pyproject.toml", "setup.py", "setup.cfg", "uv.toml"], dir: &["--directory", "--project"], file: &[] },
    Recipe { name: "vite",   files: &["vite.config.js", "vite.config.ts", "vite.config.mjs", "*.js", "*.ts"], dir: &[], file: &["-c", "--config"] },
    Recipe { name: "vitest", files: &["vitest.config.js", "vitest.config.ts", "vite.config.js", "vite.config.ts", "*.js", "*.ts", "*.jsx", "*.tsx"], dir: &[], file: &["-c", "--config"] },
    Recipe { name: "webpack", files: &["webpack.config.js", "webpack.config.ts", "webpack.config.mjs", "webpack.config.cjs"], dir: &[], file: &["-c", "--config"] },
    Recipe { name: "yarn",   files: &["package.json", ".yarnrc.yml", ".yarnrc"], dir: &["--cwd"],                     file: &[] },
];

/// A row of [`RECIPES`].
struct Recipe {
    name: &'static str,
    files: &'static [&'static str],
    dir: &'static [&'static str],
    file: &'static [&'static str],
}

/// The effects of `commands` (a line's simple commands, in order) that
/// rename programs or run what an earlier command wrote.
pub fn effects(commands: &[SimpleCommand], subjects: &crate::subject::Subjects) -> Vec<Effect> {
    let mut out = Vec::new();
    // Both need a command after the one that renames or writes; a git
    // alias from the environment is read on the command itself.
    if commands.len() < 2 {
        if let Some(c) = commands.first()
            && git_alias_from_environment(c)
        {
            out.push(renamed("git"));
        }
        return out;
    }
    let mut written: Vec<String> = Vec::new();
    // Where later relative names are looked for: the directory `cd` moved
    // to (as written), and the relative entries of a `PATH` set in the line.
    let mut line = Line::default();
    for (i, c) in commands.iter().enumerate() {
        let argv: Vec<&str> = c.argv().collect();
        line.assigns(c, &argv);
        // `builtin hash -p ...`, `command hash -p ...` are the builtin.
        let shown = argv
            .iter()
            .take_while(|w| matches!(**w, "builtin" | "command"))
            .count();
        let Some((&program, args)) = argv[shown..].split_first() else {
            continue;
        };
        let base = program.rsplit('/').next().unwrap_or(program);
        let later = i + 1 < commands.len();
        if later
            && RENAMERS
                .iter()
                .any(|(name, renames)| *name == base && renames(args))
        {
            out.push(renamed(base));
        }
        if git_alias_from_environment(c) {
            out.push(renamed("git"));
        }
        if !written.is_empty()
            && let Some(file) =
                written_run(c, &argv[shown..], subjects.of_command(i), &written, &line)
        {
            out.push(written_then_run(&file));
        }
        let files: Vec<String> = files_written(c, base, args)
            .map(|f| line.resolve(&f))
            .collect();
        written.extend(files);
        line.moves(base, args);
    }
    out
}

/// The written file `c` runs, if any: as the command itself (`words`, its
/// argv past `builtin`/`command`), through `env`, through what its
/// subjects run (`sudo sh x.sh`, `timeout 9 ./x`), on a shell's standard
/// input (`bash < x.sh`), or as a shell's start-up file (`BASH_ENV=x.sh`).
fn written_run(
    c: &SimpleCommand,
    words: &[&str],
    subjects: &[crate::subject::Subject],
    written: &[String],
    line: &Line,
) -> Option<String> {
    let (&program, args) = words.split_first()?;
    let base = program.rsplit('/').next().unwrap_or(program);
    // `env NAME=$(...) ./x`: env's settings skipped even where a value is
    // only known when it runs (its subject is partial).
    let through_env = (base == "env").then(|| {
        let owned: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        // env's options read as the one wrapper table reads them (`env -C
        // d ./x`); one it does not know: the words after the settings.
        let start = shellward_argv::runners::command_start(&owned).unwrap_or_else(|| {
            1 + args
                .iter()
                .take_while(|a| a.contains('=') || a.starts_with('-'))
                .count()
        });
        words[start.min(words.len())..].to_vec()
    });
    let run = std::iter::once(words.to_vec()).chain(through_env).chain(
        subjects
            .iter()
            .filter(|s| !s.stands_for)
            .map(|s| s.words.iter().map(String::as_str).collect()),
    );
    let mut found = run.filter_map(|words: Vec<&str>| {
        let (&program, args) = words.split_first()?;
        let base = program.rsplit('/').next().unwrap_or(program);
        runs_written(base, program, args, written, line)
    });
    let fed = || {
        crate::subject::script_runner(base)
            .then(|| {
                c.redirects
                    .iter()
                    .filter(|r| r.fd.unwrap_or(0) == 0)
                    .find_map(|r| match r.op {
                        RedirectOp::Input | RedirectOp::ReadWrite => {
                            line.find(&r.target.value, written)
                        }
                        // `exec 3< x.sh; bash <&3`: a descriptor an earlier
                        // command may have opened on a written file.
                        RedirectOp::DupInput if r.target.value != "0" => {
                            written.first().map(String::as_str)
                        }
                        _ => None,
                    })
            })
            .flatten()
    };
    let start_up = || {
        c.assignments
            .iter()
            .filter(|a| matches!(a.name.as_str(), "BASH_ENV" | "ENV"))
            .find_map(|a| line.find(&a.value.value, written))
    };
    found
        .next()
        .or_else(fed)
        .or_else(start_up)
        .map(str::to_string)
}

/// What earlier commands of a line change about where later ones find
/// files: `cd DIR` (relative names are then under DIR) and `PATH=.:...`
/// (a bare program name is then looked for in the relative entries).
#[derive(Default)]
struct Line {
    /// The directory `cd` moved to, as written, if any (`""`: where the
    /// line started).
    cwd: String,
    /// A `cd` the line cannot follow came before.
    lost: bool,
    /// The relative entries of a `PATH` the line set (`.` for an empty one).
    path: Vec<String>,
    /// A `PATH` the line set has an entry that may be where files were
    /// written (`$PWD`, an absolute directory not of the system's).
    path_elsewhere: bool,
    /// The directories the line points git's `core.hooksPath` at (`git -c
    /// core.hooksPath=d commit`, `git config core.hooksPath d`), resolved.
    hooks: Vec<String>,
    /// A word names `core.hooksPath` without a value the line shows
    /// (`GIT_CONFIG_KEY_0=core.hooksPath`): git may run any written file.
    hooks_unknown: bool,
}

impl Line {
    /// A path as the line's start sees it: under the `cd` directory when
    /// relative, single dots and doubled slashes dropped, `..` folded.
    fn resolve(&self, path: &str) -> String {
        if path.starts_with('/') || path.starts_with('~') || self.cwd.is_empty() {
            return lexical(path);
        }
        lexical(&format!("{}/{path}", self.cwd))
    }

    /// The written file `path` names, if any: under the `cd` directory, or
    /// where the line started (a `cd` inside a subshell does not last).
    /// Once the directory is lost, a relative name may be any written file
    /// with its last part.
    fn find<'w>(&self, path: &str, written: &'w [String]) -> Option<&'w str> {
        // A name only known when it runs (`x*`, find's `{}`), or a
        // descriptor that an earlier command may have opened on a written
        // file (`exec 3< x.sh; bash /dev/fd/3`): any file.
        let descriptor = ["/dev/fd/", "/proc/self/fd/", "/dev/stdin"]
            .iter()
            .any(|d| path.starts_with(d));
        if path.contains(['*', '?', '[', '$', '`']) || path.contains("{}") || descriptor {
            return written.first().map(String::as_str);
        }
        let (resolved, as_written) = (self.resolve(path), lexical(path));
        let last = |p: &str| p.rsplit('/').next().unwrap_or(p).to_string();
        // The same file spelled another way (`/abs/ws/x.sh`, `cd ..; bash
        // ws/x.sh`, through a link, copied into a directory): by its last
        // part, which errs towards asking. A written `p*` stands for the
        // files a splitter names `paa`, `pab`, ...
        let same = |w: &&String| match w.strip_suffix('*') {
            Some(prefix) => {
                resolved.starts_with(prefix) || last(&as_written).starts_with(&last(prefix))
            }
            None => **w == resolved || **w == as_written || last(w) == last(&as_written),
        };
        written.iter().find(same).map(String::as_str)
    }

    /// `cd DIR`, `pushd DIR`: later relative names are under DIR. A `cd`
    /// the line cannot follow (`cd -`, `cd "$X"`, `cd` alone) leaves the
    /// directory unknown: later names are then matched by their last part.
    fn moves(&mut self, base: &str, args: &[&str]) {
        if base == "popd" {
            self.lost = true;
            return;
        }
        if !matches!(base, "cd" | "pushd") {
            return;
        }
        let dir = args
            .iter()
            .copied()
            .find(|a| !a.starts_with('-') || *a == "-");
        match dir {
            Some(d) if !d.contains('$') && d != "-" && !d.starts_with('~') => {
                self.cwd = self.resolve(d);
            }
            _ => self.lost = true,
        }
    }

    /// The value given to `core.hooksPath` in `argv`: glued on after `=`
    /// (`-c core.hooksPath=d`) or the next word (`git config
    /// core.hooksPath d`).
    fn hooks_at(&mut self, argv: &[&str]) {
        for (i, word) in argv.iter().enumerate() {
            let lower = word.to_ascii_lowercase();
            let Some(at) = lower.find("hookspath") else {
                continue;
            };
            let after = &word[at + "hookspath".len()..];
            let value = match after.strip_prefix('=') {
                Some(v) => Some(v),
                None => argv.get(i + 1).copied(),
            };
            match value {
                Some(v) if !v.contains(['$', '`']) => self.hooks.push(self.resolve(v)),
                _ => self.hooks_unknown = true,
            }
        }
    }

    /// Whether git may run `written` as a hook: under `.git/` (a hook, the
    /// configuration), a hooks directory of common tools, or a directory
    /// the line points `core.hooksPath` at.
    fn git_runs(&self, written: &str) -> bool {
        let parent = written.rsplit_once('/').map_or("", |(dir, _)| dir);
        let last = |p: &str| p.rsplit('/').next().unwrap_or(p).to_string();
        self.hooks_unknown
            // An archive's or inline code's files may be hooks too.
            || written == "*"
            || written.ends_with("/*")
            || written
                .split('/')
                .any(|p| matches!(p, ".git" | ".githooks" | ".husky"))
            || self
                .hooks
                .iter()
                .any(|dir| parent == dir || (!parent.is_empty() && last(parent) == last(dir)))
    }

    /// `PATH=...` before a command, as a command of its own, or given to
    /// `export`/`declare`/`readonly`/`env`.
    fn assigns(&mut self, c: &SimpleCommand, argv: &[&str]) {
        self.hooks_at(argv);
        let names_hooks = |w: &str| w.to_ascii_lowercase().contains("hookspath");
        self.hooks_unknown |= c.assignments.iter().any(|a| names_hooks(&a.value.value));
        let given = argv.iter().filter_map(|w| w.strip_prefix("PATH="));
        let prefixed = c
            .assignments
            .iter()
            .filter(|a| a.name == "PATH")
            .map(|a| a.value.value.as_str());
        let values: Vec<&str> = prefixed.chain(given).collect();
        for entry in values.iter().flat_map(|v| v.split(':')) {
            if matches!(entry, "$PATH" | "${PATH}") || SYSTEM_BIN.contains(&entry) {
                continue;
            }
            // Absolute, or only known when it runs (a dynamic word's value
            // is its source: `"$(pwd)"`).
            let unknown = entry.contains(['$', '`', '"', '\'']);
            if entry.starts_with('/') || entry.starts_with('~') || unknown {
                self.path_elsewhere = true;
            } else if entry.is_empty() {
                self.path.push(".".to_string());
            } else {
                self.path.push(entry.to_string());
            }
        }
    }
}

/// Directories of the system's programs: a `PATH` entry naming one finds
/// nothing a line wrote.
#[rustfmt::skip]
const SYSTEM_BIN: &[&str] = &["/usr/local/bin", "/usr/bin", "/bin", "/usr/local/sbin", "/usr/sbin", "/sbin"];

/// `path` with `.` parts and doubled slashes dropped and `dir/..` folded
/// (as written: links are not followed, which only matters for which
/// written file a later name means).
fn lexical(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." if parts.last().is_some_and(|p| *p != "..") => {
                parts.pop();
            }
            _ => parts.push(part),
        }
    }
    let joined = parts.join("/");
    if path.starts_with('/') {
        format!("/{joined}")
    } else {
        joined
    }
}

/// A git alias set through the environment (`GIT_CONFIG_KEY_0=alias.p
/// GIT_CONFIG_VALUE_0='push --force' git p`, also given to `env`): the
/// subcommand written is a name for another.
fn git_alias_from_environment(c: &SimpleCommand) -> bool {
    let alias = |name: &str, value: &str| {
        name.starts_with("GIT_CONFIG_KEY_")
            && value.trim().to_ascii_lowercase().starts_with("alias.")
    };
    c.assignments.iter().any(|a| alias(&a.name, &a.value.value))
        || c.argv()
            .filter_map(|w| w.split_once('='))
            .any(|(name, value)| alias(name, value))
}

/// The files `c` writes: its redirections' targets and its writer's files.
fn files_written<'c>(
    c: &'c SimpleCommand,
    base: &str,
    args: &[&'c str],
) -> impl Iterator<Item = Cow<'c, str>> {
    let redirected = c.redirects.iter().filter_map(|r| {
        let writes = matches!(
            r.op,
            RedirectOp::Output
                | RedirectOp::Append
                | RedirectOp::Clobber
                | RedirectOp::ReadWrite
                | RedirectOp::OutputAll
                | RedirectOp::AppendAll
        );
        (writes && !r.target.value.starts_with("/dev/")).then_some(r.target.value.as_str())
    });
    let owned: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let unnamed =
        shellward_effects::scan::writes_unnamed_files(base, &owned).then_some(Cow::Borrowed("*"));
    redirected
        .map(Cow::Borrowed)
        .chain(by_writer(base, args))
        .chain(unnamed)
}

/// The files a [`WRITERS`] program writes, read from its arguments.
fn by_writer<'c>(base: &str, args: &[&'c str]) -> Vec<Cow<'c, str>> {
    let operands = || args.iter().copied().filter(|a| !a.starts_with('-'));
    match WRITERS.iter().find(|(name, _)| *name == base) {
        Some((_, Written::Operands)) => operands().map(Cow::Borrowed).collect(),
        Some((_, Written::InPlace)) => {
            let in_place = args.iter().any(|a| {
                a.starts_with("--in-place")
                    || (a.starts_with('-') && !a.starts_with("--") && a.contains('i'))
            });
            if in_place {
                operands().map(Cow::Borrowed).collect()
            } else {
                Vec::new()
            }
        }
        Some((_, Written::LastOperand)) => {
            let all: Vec<&str> = operands().collect();
            let Some((&dest, sources)) = all.split_last() else {
                return Vec::new();
            };
            // Into a directory (`scp host:Makefile .`, `cp a b dir/`): each
            // source's last part there.
            let into = sources.iter().filter_map(|src| {
                let name = src.rsplit(['/', ':']).next().filter(|n| !n.is_empty())?;
                Some(Cow::Owned(format!("{}/{name}", dest.trim_end_matches('/'))))
            });
            std::iter::once(Cow::Borrowed(dest)).chain(into).collect()
        }
        Some((_, Written::Decompressed(output))) => {
            let decompresses = args.iter().any(|a| {
                matches!(*a, "--decompress" | "--uncompress")
                    || (a.starts_with('-') && !a.starts_with("--") && a.contains('d'))
            });
            if !decompresses {
                return Vec::new();
            }
            let named: Vec<Cow<'c, str>> = output
                .iter()
                .flat_map(|o| short_or_long_values(args, o))
                .map(Cow::Borrowed)
                .collect();
            if !named.is_empty() {
                return named;
            }
            let all: Vec<&str> = operands().collect();
            let stems = all.iter().filter_map(|a| {
                let stem = a.rsplit_once('.').map(|(stem, _)| stem)?;
                (!stem.is_empty() && !stem.ends_with('/')).then_some(stem)
            });
            stems
                .chain(all.get(1..).and_then(|rest| rest.last()).copied())
                .map(Cow::Borrowed)
                .collect()
        }
        Some((_, Written::Extracted(extracts))) => {
            if extracts(args) {
                vec![Cow::Borrowed("*")]
            } else {
                Vec::new()
            }
        }
        Some((
            _,
            Written::Download {
                output,
                long,
                remote,
            },
        )) => downloaded(args, *output, long, *remote)
            .into_iter()
            .map(Cow::Borrowed)
            .collect(),
        Some((_, Written::Prefixed(prefix))) => args
            .iter()
            .filter_map(|a| a.strip_prefix(prefix))
            .map(Cow::Borrowed)
            .collect(),
        Some((_, Written::Values(options))) => {
            option_values(args, options).map(Cow::Borrowed).collect()
        }
        Some((_, Written::Unpacked)) => operands()
            .filter_map(|a| {
                let stem = a.rsplit_once('.').map(|(stem, _)| stem)?;
                (!stem.is_empty() && !stem.ends_with('/')).then_some(stem)
            })
            .map(Cow::Borrowed)
            .collect(),
        Some((
            _,
            Written::Split {
                prefix,
                default,
                operand,
                with_value,
            },
        )) => {
            let named = option_values(args, &[*prefix]).next();
            let placed = operand.and_then(|at| operands_past(args, with_value).nth(at));
            let prefix = named.or(placed).unwrap_or(*default);
            vec![Cow::Owned(format!("{prefix}*"))]
        }
        None => Vec::new(),
    }
}

/// tar's and bsdtar's extract mode: `x` in a first word without a dash
/// (`tar xzf a.tgz`), in a cluster (`-xzf`), or `--extract`, `--get`.
fn tar_extracts(args: &[&str]) -> bool {
    let first_bare = args
        .first()
        .is_some_and(|w| !w.starts_with('-') && w.contains('x'));
    first_bare
        || args.iter().any(|w| {
            w.starts_with("--ex") && "--extract".starts_with(w.split('=').next().unwrap_or(w))
                || *w == "--get"
                || (w.starts_with('-') && !w.starts_with("--") && w.contains('x'))
        })
}

/// The values of `option` in `args`, also where a one-letter option ends
/// a cluster (`zstd -dfo FILE`) or starts its glued value (`-oFILE`).
fn short_or_long_values<'a>(args: &[&'a str], option: &str) -> Vec<&'a str> {
    let mut out: Vec<&'a str> = option_values(args, &[option]).collect();
    if let Some(letter) = option.strip_prefix('-').filter(|l| l.len() == 1) {
        for (i, a) in args.iter().enumerate() {
            let Some(cluster) = a
                .strip_prefix('-')
                .filter(|c| !c.starts_with('-') && c.len() > 1)
            else {
                continue;
            };
            if let Some(at) = cluster.find(letter).filter(|&at| at > 0) {
                let rest = &cluster[at + 1..];
                out.extend(if rest.is_empty() {
                    args.get(i + 1).copied()
                } else {
                    Some(rest)
                });
            }
        }
    }
    out
}

/// The operands of `args`, past options and the next-word values of
/// `with_value` (`split -b 9 FILE PREFIX`: `FILE`, `PREFIX`).
fn operands_past<'a>(args: &[&'a str], with_value: &[&str]) -> impl Iterator<Item = &'a str> {
    let mut skip = false;
    let mut ended = false;
    args.iter().copied().filter(move |a| {
        if std::mem::take(&mut skip) {
            return false;
        }
        if ended || !a.starts_with('-') || *a == "-" {
            return true;
        }
        ended = *a == "--";
        skip = with_value.contains(a);
        false
    })
}

/// The values of `options` in `args`: the next word, or glued on after
/// `=` (`--output=x`) or, for a one-letter option, directly (`-ox`).
fn option_values<'a>(args: &[&'a str], options: &[&str]) -> impl Iterator<Item = &'a str> {
    args.iter().enumerate().filter_map(move |(i, a)| {
        options
            .iter()
            .filter(|o| !o.is_empty())
            .find_map(|o| glued(a, o))
            .map(|value| value.or_else(|| args.get(i + 1).copied()))?
    })
}

/// The files a downloader writes (see [`Written::Download`]).
fn downloaded<'a>(
    args: &[&'a str],
    output: char,
    long: &str,
    remote: Option<char>,
) -> Vec<&'a str> {
    let mut named = Vec::new();
    let mut by_url = remote.is_none();
    for (i, a) in args.iter().enumerate() {
        if let Some(v) = a.strip_prefix(long) {
            match v.strip_prefix('=') {
                Some(v) => named.push(v),
                None if v.is_empty() => named.extend(args.get(i + 1).copied()),
                None => {}
            }
        } else if let Some(cluster) = a.strip_prefix('-').filter(|c| !c.starts_with('-')) {
            if let Some(at) = cluster.find(output) {
                let glued = &cluster[at + output.len_utf8()..];
                named.extend(if glued.is_empty() {
                    args.get(i + 1).copied()
                } else {
                    Some(glued)
                });
            } else if remote.is_some_and(|r| cluster.contains(r)) {
                by_url = true;
            }
        } else if *a == "--remote-name" || *a == "--remote-name-all" {
            by_url = true;
        }
    }
    if named.is_empty() && by_url {
        let urls = args.iter().filter(|a| a.contains("://"));
        named.extend(
            urls.filter_map(|u| u.split(['?', '#']).next()?.rsplit('/').next())
                .filter(|n| !n.is_empty()),
        );
    }
    named
}

/// The written file a command runs, if it runs one: as its program, as
/// the script a shell or interpreter is given (`sh x.sh`, `source x`), or
/// as a recipe runner's file (`make` and a `Makefile` written before it).
fn runs_written<'w>(
    base: &str,
    program: &str,
    args: &[&str],
    written: &'w [String],
    line: &Line,
) -> Option<&'w str> {
    let find = |path: &str| line.find(path, written);
    if program.contains('/')
        && let Some(file) = find(program)
    {
        return Some(file);
    }
    // A bare name found through a relative `PATH` entry (`PATH=.:$PATH x`),
    // or through one that may name where it was written (`PATH=$PWD:$PATH
    // x`): then any written file of that name.
    if !program.contains('/') {
        let relative = line
            .path
            .iter()
            .find_map(|dir| find(&format!("{dir}/{program}")));
        // A file written into another directory by its full path (`~/.local
        // /bin/x`, `/usr/local/bin/x`) may be on the search path already.
        let elsewhere = || {
            let named = |w: &&String| w.rsplit('/').next() == Some(program);
            let placed = |w: &&String| named(w) && (w.starts_with('/') || w.starts_with('~'));
            if line.path_elsewhere {
                written.iter().find(named).map(String::as_str)
            } else {
                written.iter().find(placed).map(String::as_str)
            }
        };
        if let Some(file) = relative.or_else(elsewhere) {
            return Some(file);
        }
    }
    if crate::subject::script_runner(base)
        && let Some(file) = scripts_run(base, program, args)
            .iter()
            .find_map(|s| find(s))
    {
        return Some(file);
    }
    // git runs hooks and the programs its configuration names.
    if base == "git"
        && let Some(file) = written.iter().find(|w| line.git_runs(w))
    {
        return Some(file);
    }
    let recipe = RECIPES.iter().find(|r| r.name == base)?;
    // `make -f FILE`: the file named; else the defaults, in the directory
    // an option names (`make -C d`) or where the line is.
    if let Some(file) = option_values(args, recipe.file).next() {
        return find(file);
    }
    let dir = option_values(args, recipe.dir).last();
    recipe.files.iter().find_map(|f| match f.strip_prefix('*') {
        // `*.rs`: any written file of that suffix (a crate's module, a
        // test file), or an archive's unknown files.
        Some(suffix) => written
            .iter()
            .find(|w| w.ends_with(suffix) || w.ends_with('*'))
            .map(String::as_str),
        None => match dir {
            Some(dir) => find(&format!("{dir}/{f}")),
            None => find(f),
        },
    })
}

/// Does `base` run files of the workspace it finds itself: a recipe or
/// build runner of [`RECIPES`] (`make`, `cargo`, `pip`, `awk -f`)?
pub(crate) fn runs_workspace_files(base: &str) -> bool {
    RECIPES.iter().any(|r| r.name == base)
}

/// Does `c` write files a later command could run: a redirection, a
/// writer of [`WRITERS`], an extractor, or code whose writes have no names
/// in its words (`python3 -c`, `awk '{print > "f"}'`)?
pub(crate) fn writes_files(c: &SimpleCommand) -> bool {
    let argv: Vec<&str> = c.argv().collect();
    let Some((&program, args)) = argv.split_first() else {
        return false;
    };
    let base = program.rsplit('/').next().unwrap_or(program);
    files_written(c, base, args).next().is_some()
}

/// Options of interpreters that take a value, and what the value is: a
/// file or module the interpreter loads and runs before its script, or a
/// setting (skipped to find the script).
#[rustfmt::skip]
const LOADS: &[(&str, &str, Load)] = &[
    ("python", "-W",                    Load::Setting),
    ("python", "-X",                    Load::Setting),
    ("python", "--check-hash-based-pycs", Load::Setting),
    ("python", "-m",                    Load::Module(".py")),
    ("node",   "-r",                    Load::File),
    ("node",   "--require",             Load::File),
    ("node",   "--import",              Load::File),
    ("node",   "--loader",              Load::File),
    ("node",   "--experimental-loader", Load::File),
    ("node",   "-C",                    Load::Setting),
    ("node",   "--conditions",          Load::Setting),
    ("node",   "--title",               Load::Setting),
    ("ruby",   "-r",                    Load::Module(".rb")),
    ("ruby",   "-I",                    Load::Setting),
    ("ruby",   "-C",                    Load::Setting),
    ("perl",   "-I",                    Load::Setting),
];

/// What an interpreter option's value is (see [`LOADS`]).
#[derive(Clone, Copy)]
enum Load {
    Setting,
    File,
    /// A module name: a file of that name with this suffix, dots for
    /// slashes (`python3 -m pkg.x` runs `pkg/x.py`); its operands follow.
    Module(&'static str),
}

/// The files a script runner runs of those its words name: a shell's
/// script after its options (`bash -O extglob x.sh`) and start-up file
/// (`--rcfile x`); an interpreter's script past the values of its options,
/// and the files those load (`node -r ./x.js`, `python3 -m x`); the file
/// `source` reads.
fn scripts_run(base: &str, program: &str, args: &[&str]) -> Vec<String> {
    let first_operand = || args.iter().find(|a| !a.starts_with('-')).copied();
    if shellward_argv::runners::SHELLS.contains(&base) {
        let words: Vec<&str> = std::iter::once(program)
            .chain(args.iter().copied())
            .collect();
        let script = shellward_argv::runners::script_file(&words).map(|i| words[i]);
        let start_up = option_values(args, &["--rcfile", "--init-file"]);
        return script
            .or_else(first_operand)
            .into_iter()
            .chain(start_up)
            .map(String::from)
            .collect();
    }
    let family = base.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    // tar's operands are archives and members, not scripts: it runs the
    // programs its options name (`-I ./x.sh`, `--to-command=./x.sh`).
    if matches!(family, "tar" | "bsdtar") {
        let runs = crate::subject::options_running(family);
        return option_values(args, runs)
            .filter_map(|v| v.split_whitespace().next())
            .map(String::from)
            .collect();
    }
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&a) = args.get(i) {
        i += 1;
        if a == "--" {
            out.extend(args.get(i).map(|s| s.to_string()));
            break;
        }
        if !a.starts_with('-') || a == "-" {
            out.push(a.to_string());
            break;
        }
        let Some((value, load)) = LOADS
            .iter()
            .filter(|(name, ..)| *name == family)
            .find_map(|(_, option, load)| Some((glued(a, option)?, *load)))
        else {
            continue;
        };
        let value = match value {
            Some(v) => v,
            None => {
                i += 1;
                args.get(i - 1).copied().unwrap_or_default()
            }
        };
        match load {
            Load::Setting => {}
            Load::File => out.push(value.to_string()),
            Load::Module(suffix) => {
                out.push(value.to_string());
                out.push(format!("{}{suffix}", value.replace('.', "/")));
                if family == "python" {
                    break;
                }
            }
        }
    }
    out
}

/// Whether `word` is `option`, and its value if glued on: `Some(None)` for
/// the option alone (its value is the next word), `Some(Some(v))` for
/// `--opt=v` or a one-letter option's `-Wv`.
fn glued<'a>(word: &'a str, option: &str) -> Option<Option<&'a str>> {
    let rest = word.strip_prefix(option)?;
    if rest.is_empty() {
        Some(None)
    } else if let Some(v) = rest.strip_prefix('=') {
        Some(Some(v))
    } else {
        (option.len() == 2 && !option.starts_with("--")).then_some(Some(rest))
    }
}

fn renamed(builtin: &str) -> Effect {
    Effect {
        rule: "code.renamed-program",
        pack: Pack::Code,
        action: Action::Code,
        severity: Severity::Destructive,
        scope: Scope::Unknown,
        target: Some(builtin.to_string()),
        summary: "renames a program for the commands after it, so what runs is not what is written",
        alternative: Some("run each program by its own name"),
    }
}

fn written_then_run(file: &str) -> Effect {
    Effect {
        rule: "code.written-then-run",
        pack: Pack::Code,
        action: Action::Code,
        severity: Severity::Destructive,
        scope: Scope::Unknown,
        target: Some(file.to_string()),
        summary: "runs a file that an earlier command of the same line writes, whose content is only known when it runs",
        alternative: Some("write the file first, read it, then run it"),
    }
}
