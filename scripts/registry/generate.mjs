#!/usr/bin/env node
// Generates crates/shellward-registry/data/registry.jsonl from the Fig
// autocomplete specs, @withfig/autocomplete at exactly 2.692.3.
//
//   node scripts/registry/generate.mjs            # regenerate the committed file
//   node scripts/registry/generate.mjs --check    # regenerate into a temp dir, compare byte for byte
//
// The package is fetched with `npm pack` (the npm registry is the only
// network this needs) into a temporary directory and never installed.
//
// Output: a header line, then one line per key, sorted: `["key",NODE]`, or
// `["alias","key"]` for a name that shares another key's tree. A large
// tree's subcommands have lines of their own (`["aws s3",NODE]`), and the
// parent holds `{"n":["s3"],"k":"aws s3"}` in their place.
// Keys are every root spec's file name (`git`, `@capgo/cli`, `az`) and the
// names and aliases the spec declares (`hub` is its own file; a name that
// is also a file name keeps the file's spec). NODE is
//   {"n":[names], "o":[[[option names], flags]], "a":[arg flags], "s":[NODE]}
// pruned to what can change a command's prefix: options that take an
// argument (the only ones a prefix walk must know, to skip that argument),
// subcommands, and argument kinds. `loadSpec` references are resolved, so
// `aws s3 ls` and `docker compose up` are in the tree; versioned specs
// (`az`, `heroku`, ...) load their newest version with its diffs applied.
//
// Deliberate corrections of the specs (FIXES below), each from the tool's manual:
// - terraform plan `-out`: declared without an argument; it takes a path.
//   (`plan` is a leaf, so pruning drops its options again: the fix matters
//   only if a later spec gives `plan` subcommands. Kept so it is not lost.)
// - make `-j` (declared with two arguments, a number and a target) and `-l`:
//   an optional argument, glued or as the next word when numeric; marked
//   optional so a walk takes the next word only when it is a number (the
//   Rust side does that).
// - make `-B` (--always-make) and `-e` (--environment-overrides): declared
//   with a "target" argument; they take none.
// python's `-m` is `isModule` and python3's `isCommand`: both are kept as
// flags; the suggestion code treats `python* -m MODULE` as a fixed depth.

import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL, fileURLToPath } from "node:url";

const PACKAGE = "@withfig/autocomplete";
const VERSION = "2.692.3";
const MAX_BYTES = 3 * 1024 * 1024;
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");
const target = path.join(repo, "crates/shellward-registry/data/registry.jsonl");

const OPT = { TAKES_ARG: 1, ARG_OPTIONAL: 2, REQUIRES_SEPARATOR: 4, PERSISTENT: 8, ARG_COMMAND: 16, ARG_MODULE: 32 };
const ARG = { COMMAND: 1, MODULE: 2, VARIADIC: 4, OPTIONAL: 8, DANGEROUS: 16, FILE: 32, FOLDER: 64 };

// [root key, subcommand path, option name, flags to set, flags to clear]
const FIXES = [
  ["terraform", ["plan"], "-out", OPT.TAKES_ARG, 0],
  ["make", [], "-j", OPT.TAKES_ARG | OPT.ARG_OPTIONAL, 0],
  ["make", [], "-l", OPT.TAKES_ARG | OPT.ARG_OPTIONAL, 0],
  ["make", [], "-B", 0, OPT.TAKES_ARG | OPT.ARG_OPTIONAL],
  ["make", [], "-e", 0, OPT.TAKES_ARG | OPT.ARG_OPTIONAL],
];

function fetchPackage() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shellward-fig-"));
  const tgz = execFileSync("npm", ["pack", `${PACKAGE}@${VERSION}`, "--silent", "--pack-destination", dir], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }).trim().split("\n").pop();
  execFileSync("tar", ["xzf", path.join(dir, tgz), "-C", dir]);
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package/package.json"), "utf8"));
  if (pkg.name !== PACKAGE || pkg.version !== VERSION) {
    throw new Error(`expected ${PACKAGE}@${VERSION}, got ${pkg.name}@${pkg.version}`);
  }
  return { dir, build: path.join(dir, "package/build") };
}

const list = (x) => (x === undefined || x === null ? [] : Array.isArray(x) ? x : [x]);
const names = (x) => list(x.name).filter((n) => typeof n === "string");

function semverCompare(a, b) {
  const pa = a.split(/[.-]/).map((x) => (/^\d+$/.test(x) ? Number(x) : x));
  const pb = b.split(/[.-]/).map((x) => (/^\d+$/.test(x) ? Number(x) : x));
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? 0, y = pb[i] ?? 0;
    if (x === y) continue;
    if (typeof x === "number" && typeof y === "number") return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return 0;
}

// Merge a version diff into a spec: arrays of named things merge by first
// name (`remove: true` deletes), other fields are replaced.
function mergeSpec(base, diff) {
  if (!diff) return base;
  const out = { ...base };
  for (const [key, value] of Object.entries(diff)) {
    if (key === "subcommands" || key === "options") out[key] = mergeNamed(list(base[key]), list(value));
    else if (key !== "name") out[key] = value;
  }
  return out;
}
function mergeNamed(base, diffs) {
  const out = base.slice();
  for (const d of diffs) {
    const key = names(d)[0];
    const i = out.findIndex((b) => names(b)[0] === key);
    if (d.remove) {
      if (i >= 0) out.splice(i, 1);
    } else if (i >= 0) out[i] = mergeSpec(out[i], d);
    else out.push(d);
  }
  return out;
}

const inputs = new Map(); // module path -> sha256 of its file
async function importModule(build, modulePath) {
  const file = path.join(build, `${modulePath}.js`);
  const indexFile = path.join(build, modulePath, "index.js");
  const real = fs.existsSync(file) ? file : fs.existsSync(indexFile) ? indexFile : null;
  if (!real) return null;
  const rel = path.relative(build, real);
  if (!inputs.has(rel)) inputs.set(rel, createHash("sha256").update(fs.readFileSync(real)).digest("hex"));
  return import(pathToFileURL(real).href);
}

// Load a spec module: a plain spec, or a versioned folder whose default
// export picks the version file.
async function loadSpecModule(build, modulePath) {
  const m = await importModule(build, modulePath);
  if (!m) return null;
  let spec = m.default;
  if (typeof spec === "function") {
    const picked = await spec(undefined);
    if (!picked || typeof picked.versionedSpecPath !== "string") return null;
    const v = await importModule(build, picked.versionedSpecPath);
    if (!v) return null;
    spec = v.default;
    const versions = v.versions || {};
    for (const key of Object.keys(versions).sort(semverCompare)) spec = mergeSpec(spec, versions[key]);
  }
  return spec && typeof spec === "object" ? spec : null;
}

let resolvedLoadSpecs = 0;
async function compact(build, spec, depth, seen) {
  if (depth > 64) throw new Error("spec nesting deeper than 64");
  let node = spec;
  if (typeof spec.loadSpec === "string" && !seen.has(spec.loadSpec)) {
    const loaded = await loadSpecModule(build, spec.loadSpec);
    if (loaded) {
      resolvedLoadSpecs++;
      seen = new Set(seen).add(spec.loadSpec);
      node = { ...loaded, name: spec.name };
    }
  }
  const out = { n: names(node) };
  const options = [];
  for (const o of list(node.options)) {
    if (!o || typeof o !== "object") continue;
    const args = list(o.args).filter((a) => a && typeof a === "object");
    let flags = 0;
    if (args.length) flags |= OPT.TAKES_ARG;
    if (args.length && args.every((a) => a.isOptional)) flags |= OPT.ARG_OPTIONAL;
    if (o.requiresSeparator || o.requiresEquals) flags |= OPT.REQUIRES_SEPARATOR;
    if (o.isPersistent) flags |= OPT.PERSISTENT;
    if (args.some((a) => a.isCommand)) flags |= OPT.ARG_COMMAND;
    if (args.some((a) => a.isModule)) flags |= OPT.ARG_MODULE;
    const n = names(o);
    if (n.length) options.push([n, flags]);
  }
  const args = list(node.args).filter((a) => a && typeof a === "object").map((a) => {
    let f = 0;
    if (a.isCommand) f |= ARG.COMMAND;
    if (a.isModule) f |= ARG.MODULE;
    if (a.isVariadic) f |= ARG.VARIADIC;
    if (a.isOptional) f |= ARG.OPTIONAL;
    if (a.isDangerous) f |= ARG.DANGEROUS;
    const t = list(a.template);
    if (t.includes("filepaths")) f |= ARG.FILE;
    if (t.includes("folders")) f |= ARG.FOLDER;
    return f;
  });
  const subs = [];
  for (const s of list(node.subcommands)) {
    if (!s || typeof s !== "object" || !names(s).length) continue;
    subs.push(await compact(build, s, depth + 1, seen));
  }
  return { out, options, args, subs };
}

function applyFixes(key, tree) {
  for (const [root, sub, option, set, clear] of FIXES) {
    if (root !== key) continue;
    let node = tree;
    for (const s of sub) node = node && node.subs.find((c) => c.out.n.includes(s));
    if (!node) throw new Error(`fix for ${root} ${sub.join(" ")}: subcommand not found`);
    const o = node.options.find(([n]) => n.includes(option));
    if (!o) throw new Error(`fix for ${root} ${sub.join(" ")} ${option}: option not found`);
    o[1] = (o[1] | set) & ~clear;
  }
}

// The pruned JSON form. Options are kept where a prefix walk can meet them
// before the last word of a prefix: on the root, on nodes with
// subcommands, and on `run`/`task` nodes (whose argument is part of the
// prefix, `npm run SCRIPT`); and only options that take an argument (a
// walk skips any other option alone anyway). A leaf's options cannot
// change a prefix: that is most of `aws` (an option per API field).
const KEEPS_OPTIONS = new Set(["run", "task", "run-script"]);
function prune(tree, isRoot = true) {
  const out = { n: tree.out.n };
  if (isRoot || tree.subs.length || tree.out.n.some((n) => KEEPS_OPTIONS.has(n))) {
    const o = tree.options.filter(([, f]) => f & OPT.TAKES_ARG);
    if (o.length) out.o = o;
  }
  if (tree.args.some((f) => f !== 0)) out.a = tree.args;
  const s = tree.subs.map((sub) => prune(sub, false));
  if (s.length) out.s = s;
  return out;
}

async function generate() {
  const { dir, build } = fetchPackage();
  try {
    const index = await importModule(build, "index");
    const all = index.default;
    // Roots: modules no other module reaches only through loadSpec, i.e.
    // those without a `/` (or scoped `@x/y`, or a versioned folder).
    const roots = all.filter((m) => {
      const parts = m.split("/");
      if (m.startsWith("@")) return parts.length === 2 || fs.existsSync(path.join(build, m, "index.js"));
      return parts.length === 1;
    });
    const keyed = new Map();
    const aliases = [];
    for (const root of roots) {
      const spec = await loadSpecModule(build, root);
      if (!spec) continue;
      const tree = await compact(build, spec, 0, new Set([root]));
      applyFixes(root, tree);
      const node = prune(tree);
      keyed.set(root, node);
      for (const n of names(spec)) if (n !== root) aliases.push([n, root]);
    }
    // An alias line names the key whose tree it shares: `["hub","git"]`.
    for (const [n, root] of aliases) if (!keyed.has(n)) keyed.set(n, root);
    // Large trees are split so that no line a lookup parses is large: the
    // subcommands of a node over SPLIT_BYTES get lines of their own, keyed by
    // their path (`aws s3`), and the parent keeps `{"n":[...],"k":"aws s3"}`.
    const SPLIT_BYTES = 16 * 1024;
    const split = (key, node) => {
      if (typeof node === "string" || !node.s || JSON.stringify(node).length <= SPLIT_BYTES) return;
      node.s = node.s.map((sub) => {
        const subKey = `${key} ${sub.n[0]}`;
        if (keyed.has(subKey)) throw new Error(`duplicate key ${subKey}`);
        keyed.set(subKey, sub);
        split(subKey, sub);
        return { n: sub.n, k: subKey };
      });
    };
    for (const [key, node] of [...keyed.entries()]) split(key, node);
    const keys = [...keyed.keys()].sort();
    for (const k of keys) if (!/^[\x21-\x7e][\x20-\x7e]*$/.test(k) || /["\\]/.test(k)) throw new Error(`key is not plain printable ASCII: ${k}`);
    const hash = createHash("sha256");
    for (const rel of [...inputs.keys()].sort()) hash.update(`${rel}\0${inputs.get(rel)}\n`);
    const header = {
      package: PACKAGE,
      version: VERSION,
      sha256: hash.digest("hex"),
      keys: keys.length,
      modules: all.length,
      roots: roots.length,
      spec_files_read: inputs.size,
      load_specs_resolved: resolvedLoadSpecs,
    };
    let text = JSON.stringify(header) + "\n";
    for (const k of keys) text += JSON.stringify([k, keyed.get(k)]) + "\n";
    const bytes = Buffer.byteLength(text);
    if (bytes > MAX_BYTES) throw new Error(`registry is ${bytes} bytes, above the ${MAX_BYTES} limit`);
    return { text, header, bytes };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const check = process.argv.includes("--check");
const { text, header, bytes } = await generate();
if (check) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "shellward-registry-check-"));
  const fresh = path.join(tmp, "registry.jsonl");
  fs.writeFileSync(fresh, text);
  const committed = fs.existsSync(target) ? fs.readFileSync(target) : Buffer.alloc(0);
  const same = Buffer.compare(committed, fs.readFileSync(fresh)) === 0;
  fs.rmSync(tmp, { recursive: true, force: true });
  if (!same) {
    console.error(`registry: ${path.relative(repo, target)} differs from a fresh generation; run node scripts/registry/generate.mjs`);
    process.exit(1);
  }
  console.error(`registry: up to date (${header.keys} keys, ${bytes} bytes, sha256 ${header.sha256.slice(0, 12)})`);
} else {
  fs.writeFileSync(target, text);
  console.error(`registry: wrote ${path.relative(repo, target)}: ${header.keys} keys from ${header.roots} roots, ${header.load_specs_resolved} loadSpec resolved, ${bytes} bytes`);
}
