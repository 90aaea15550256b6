//! The embedded registry: generated from the pinned package, sorted (the
//! lookup binary-searches it), `loadSpec` and versioned specs resolved,
//! and the deliberate spec corrections present.

#![allow(clippy::panic, clippy::unwrap_used)]

use shellward_registry::{Node, arg, header, keys, lookup, opt};

fn path(words: &[&str]) -> &'static Node {
    let mut node = lookup(words[0]).unwrap_or_else(|| panic!("no {}", words[0]));
    for w in &words[1..] {
        node = node
            .subcommand(w)
            .unwrap_or_else(|| panic!("no {w} in {words:?}"));
    }
    node
}

#[test]
fn header_names_the_pinned_package() {
    let h = header().unwrap();
    assert_eq!(
        (h.package.as_str(), h.version.as_str()),
        ("@withfig/autocomplete", "2.692.3")
    );
    assert_eq!(h.sha256.len(), 64);
    assert_eq!(h.keys, keys().count());
}

#[test]
fn keys_are_sorted_and_unique_and_all_resolve() {
    let all: Vec<&str> = keys().collect();
    assert!(
        all.windows(2).all(|w| w[0] < w[1]),
        "data lines must be strictly sorted"
    );
    for key in all {
        assert!(lookup(key).is_some(), "{key} does not resolve");
    }
    assert!(lookup("no-such-command-xyz").is_none());
}

#[test]
fn load_spec_and_versioned_specs_are_resolved() {
    path(&["aws", "s3", "ls"]);
    path(&["aws", "ec2", "describe-instances"]);
    path(&["docker", "compose", "up"]);
    path(&["gcloud", "compute", "instances", "list"]);
    path(&["az", "vm", "list"]);
    path(&["dotnet", "build"]);
    path(&["git", "stash", "pop"]);
}

#[test]
fn names_and_aliases_are_keys() {
    // `hub` is its own spec file whose spec is named `git`; `kubecolor` likewise for kubectl.
    assert_eq!(lookup("hub").unwrap().names, vec!["git"]);
    assert_eq!(lookup("kubecolor").unwrap().names, vec!["kubectl"]);
    assert!(lookup("git").unwrap().subcommand("commit").is_some());
}

#[test]
fn option_facts() {
    let git = lookup("git").unwrap();
    assert!(git.option("-C").unwrap().takes_arg());
    let python3 = lookup("python3").unwrap();
    assert_ne!(python3.option("-m").unwrap().flags & opt::ARG_COMMAND, 0);
    let python = lookup("python").unwrap();
    assert_ne!(python.option("-m").unwrap().flags & opt::ARG_MODULE, 0);
    // Corrections (see the generator's FIXES).
    // `terraform plan -out` is corrected to take an argument, but `plan` is a
    // leaf: a leaf's options cannot change a prefix, so they are pruned.
    assert!(path(&["terraform", "plan"]).options.is_empty());
    let make = lookup("make").unwrap();
    assert_ne!(make.option("-j").unwrap().flags & opt::ARG_OPTIONAL, 0);
    assert!(
        make.option("-B").is_none(),
        "-B takes no argument, so it is pruned"
    );
    // Argument kinds are kept.
    assert!(
        lookup("sudo")
            .unwrap()
            .args
            .iter()
            .any(|f| f & arg::COMMAND != 0)
    );
}
