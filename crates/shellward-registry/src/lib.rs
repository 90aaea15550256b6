//! shellward-registry: which words of a command are its *action*.
//!
//! A compact command tree generated from the Fig autocomplete specs
//! (`@withfig/autocomplete` 2.692.3) by `scripts/registry/generate.mjs`,
//! committed as `data/registry.jsonl` and embedded in the binary. For each
//! command: its names, its options (whether they take an argument, glued or
//! not, and whether they persist into subcommands), its subcommands, and
//! what its arguments are (a command, a module, a file ...). The permission
//! layer walks it to turn `git -C sub commit -m x` into the stable prefix
//! `git commit`.
//!
//! Nothing is loaded up front: a lookup binary-searches the sorted lines of
//! the embedded text, and parses that one line the first time (large trees
//! are split into a line per subcommand by the generator, so no lookup
//! parses much). Measured figures are in `docs/benchmarks.md`.

use std::sync::OnceLock;

use serde::Deserialize;
use serde_json::value::RawValue;

/// The generated data: a header line, then one `[key, node]` line per
/// command name, sorted by key.
const DATA: &str = include_str!("../data/registry.jsonl");

/// Option flags (`Opt::flags`).
pub mod opt {
    /// The option takes an argument.
    pub const TAKES_ARG: u8 = 1;
    /// Its argument is optional.
    pub const ARG_OPTIONAL: u8 = 2;
    /// The argument must be joined with `=` (`--opt=value`).
    pub const REQUIRES_SEPARATOR: u8 = 4;
    /// The option applies to subcommands too.
    pub const PERSISTENT: u8 = 8;
    /// Its argument is a command (`python3 -m`, as the spec says).
    pub const ARG_COMMAND: u8 = 16;
    /// Its argument is a module (`python -m`).
    pub const ARG_MODULE: u8 = 32;
}

/// Argument flags (`Node::args`).
pub mod arg {
    /// A command to run.
    pub const COMMAND: u8 = 1;
    /// A module to run.
    pub const MODULE: u8 = 2;
    /// Repeats.
    pub const VARIADIC: u8 = 4;
    /// May be left out.
    pub const OPTIONAL: u8 = 8;
    /// Marked dangerous in the spec.
    pub const DANGEROUS: u8 = 16;
    /// A file.
    pub const FILE: u8 = 32;
    /// A folder.
    pub const FOLDER: u8 = 64;
}

/// An option of a command.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(from = "(Vec<String>, u8)")]
pub struct Opt {
    /// Every spelling (`-m`, `--message`).
    pub names: Vec<String>,
    /// [`opt`] flags.
    pub flags: u8,
}

impl From<(Vec<String>, u8)> for Opt {
    fn from((names, flags): (Vec<String>, u8)) -> Opt {
        Opt { names, flags }
    }
}

impl Opt {
    /// The option takes an argument (possibly optional).
    pub fn takes_arg(&self) -> bool {
        self.flags & opt::TAKES_ARG != 0
    }
}

/// A command or subcommand. Its subcommands stay unparsed JSON (borrowed
/// from the embedded data) until first asked for, so looking up `aws` does
/// not parse every AWS service.
#[derive(Debug, Deserialize, Default)]
pub struct Node {
    /// Names and aliases.
    #[serde(rename = "n")]
    pub names: Vec<String>,
    /// Options (those that take an argument; see the generator).
    #[serde(rename = "o", default)]
    pub options: Vec<Opt>,
    /// Flags of each positional argument, in order ([`arg`]).
    #[serde(rename = "a", default)]
    pub args: Vec<u8>,
    #[serde(rename = "s", default, borrow)]
    subs: Option<&'static RawValue>,
    /// Where this node's own line is, when it was split out of its parent.
    #[serde(rename = "k", default)]
    key: Option<String>,
    #[serde(skip)]
    parsed: OnceLock<Vec<Node>>,
}

impl Node {
    /// Subcommands (parsed on first use).
    pub fn subcommands(&self) -> &[Node] {
        if let Some(key) = &self.key {
            return parsed(key).map_or(&[], Node::subcommands);
        }
        self.parsed.get_or_init(|| {
            self.subs
                .and_then(|raw| serde_json::from_str(raw.get()).ok())
                .unwrap_or_default()
        })
    }

    /// The options of this node (from its own line when it was split out).
    pub fn own_options(&self) -> &[Opt] {
        match &self.key {
            Some(key) => parsed(key).map_or(&[], |n| n.options.as_slice()),
            None => &self.options,
        }
    }

    /// Whether the node has subcommands.
    pub fn has_subcommands(&self) -> bool {
        self.key.is_some() || self.subs.is_some_and(|raw| raw.get() != "[]")
    }

    /// The subcommand called `name`.
    pub fn subcommand(&self, name: &str) -> Option<&Node> {
        self.subcommands()
            .iter()
            .find(|s| s.names.iter().any(|n| n == name))
    }

    /// The option spelled `name` here.
    pub fn option(&self, name: &str) -> Option<&Opt> {
        self.own_options()
            .iter()
            .find(|o| o.names.iter().any(|n| n == name))
    }
}

/// The header line of the data.
#[derive(Debug, Clone, Deserialize)]
pub struct Header {
    /// The npm package the data was generated from.
    pub package: String,
    /// Its version.
    pub version: String,
    /// sha256 of the spec files read, in order.
    pub sha256: String,
    /// How many keys (command names) there are.
    pub keys: usize,
}

/// The header line and the sorted lines after it.
fn split_data() -> (&'static str, &'static str) {
    DATA.split_once('\n').unwrap_or((DATA, ""))
}

/// The key of a data line (`["key",...`); keys never need escaping (the
/// generator checks).
fn key_of(line: &str) -> &str {
    let rest = line.strip_prefix("[\"").unwrap_or("");
    rest.find('"').map_or("", |end| &rest[..end])
}

/// The line for `key`: a binary search over the sorted lines of the
/// embedded text itself, so there is nothing to load or index first.
fn find_line(key: &str) -> Option<&'static str> {
    let data = split_data().1;
    let (mut lo, mut hi) = (0, data.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let start = data[..mid].rfind('\n').map_or(0, |i| i + 1).max(lo);
        let end = data[start..].find('\n').map_or(data.len(), |i| start + i);
        let line = &data[start..end];
        match key_of(line).cmp(key) {
            std::cmp::Ordering::Equal => return Some(line),
            std::cmp::Ordering::Less => lo = end + 1,
            std::cmp::Ordering::Greater => hi = start,
        }
    }
    None
}

/// The header of the embedded data.
pub fn header() -> Option<Header> {
    serde_json::from_str(split_data().0).ok()
}

/// Every key in the registry (command names, aliases, and the paths of
/// split-out subtrees such as `aws s3`), in order.
pub fn keys() -> impl Iterator<Item = &'static str> {
    split_data().1.lines().map(key_of)
}

/// Parsed trees, each parsed once and kept for the life of the process
/// (bounded by the number of keys).
fn parsed(key: &str) -> Option<&'static Node> {
    use std::collections::HashMap;
    use std::sync::Mutex;
    static CACHE: OnceLock<Mutex<HashMap<String, Option<&'static Node>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut cache = cache
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(hit) = cache.get(key) {
        return *hit;
    }
    let node = find_line(key).and_then(|line| {
        let (_, value) = serde_json::from_str::<(&str, &RawValue)>(line).ok()?;
        if value.get().starts_with('"') {
            // An alias line (`["hub","git"]`): followed once; aliases point
            // at file keys, which are tree lines.
            let target: String = serde_json::from_str(value.get()).ok()?;
            let line = find_line(&target)?;
            let (_, value) = serde_json::from_str::<(&str, &RawValue)>(line).ok()?;
            return (!value.get().starts_with('"'))
                .then(|| serde_json::from_str::<Node>(value.get()).ok())
                .flatten()
                .map(|node| &*Box::leak(Box::new(node)));
        }
        serde_json::from_str::<Node>(value.get())
            .ok()
            .map(|node| &*Box::leak(Box::new(node)))
    });
    // Unknown names are remembered too, but only up to a bound: a model can
    // invent any number of them.
    if node.is_some() || cache.len() < 4096 {
        cache.insert(key.to_string(), node);
    }
    node
}

/// The command tree for `name` (a command name, alias or spec file name).
/// Every answer, a miss included, is remembered (see [`parsed`]).
pub fn lookup(name: &str) -> Option<&'static Node> {
    parsed(name)
}

/// The registry's tree is what [`shellward_argv::spec`] reads argvs with.
impl shellward_argv::spec::Spec for Node {
    type Opt = Opt;
    fn option(&self, word: &str) -> Option<&Opt> {
        Node::option(self, word)
    }
}

impl shellward_argv::spec::SpecOption for Opt {
    fn takes_value(&self) -> bool {
        self.takes_arg()
    }
    fn value_optional(&self) -> bool {
        self.flags & opt::ARG_OPTIONAL != 0
    }
    fn requires_separator(&self) -> bool {
        self.flags & opt::REQUIRES_SEPARATOR != 0
    }
    fn persistent(&self) -> bool {
        self.flags & opt::PERSISTENT != 0
    }
}
