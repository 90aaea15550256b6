// `node --test integrations/opencode/`: the plugin loaded as OpenCode loads
// it, fed OpenCode-shaped calls, against the real shellward binary
// (SHELLWARD_BIN; the Rust test `opencode_plugin` sets it).

import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Shellward } from "./shellward.js";

const bin = process.env.SHELLWARD_BIN;
assert.ok(bin, "SHELLWARD_BIN names the shellward binary");

function workspace(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shellward-opencode-"));
  fs.mkdirSync(path.join(dir, ".git"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return fs.realpathSync(dir);
}

async function call(dir, command, env = {}, extra = {}) {
  const saved = { ...process.env };
  Object.assign(process.env, { XDG_CONFIG_HOME: path.join(dir, ".cfg") }, env);
  try {
    const hooks = await Shellward({ directory: dir, worktree: dir });
    const output = { args: { command, description: "test", ...extra } };
    await hooks["tool.execute.before"]({ tool: extra.tool ?? "bash", sessionID: "s", callID: "c" }, output);
    return output.args.command;
  } finally {
    process.env = saved;
  }
}

test("a read-only command runs unchanged", async (t) => {
  const dir = workspace(t);
  assert.equal(await call(dir, "ls -la", { SHELLWARD_BIN: bin }), "ls -la");
});

test("the guard's catastrophes are thrown to the model", async (t) => {
  const dir = workspace(t);
  await assert.rejects(call(dir, "rm -rf ~", { SHELLWARD_BIN: bin }), /guard\.catastrophic/);
  await assert.rejects(call(dir, "git push --force origin main", { SHELLWARD_BIN: bin }), /git\.push-force/);
});

test("a guard question is denied in yolo mode too", async (t) => {
  const dir = workspace(t);
  await assert.rejects(
    call(dir, "rm -rf ~", { SHELLWARD_BIN: bin, SHELLWARD_OPENCODE_MODE: "yolo" }),
    /guard\./,
  );
});

test("an ordinary write is left to OpenCode's permissions", async (t) => {
  const dir = workspace(t);
  assert.equal(await call(dir, "touch made.txt", { SHELLWARD_BIN: bin }), "touch made.txt");
});

test("a deny rule in the workspace settings throws", async (t) => {
  const dir = workspace(t);
  fs.mkdirSync(path.join(dir, ".shellward"));
  fs.writeFileSync(
    path.join(dir, ".shellward", "settings.json"),
    JSON.stringify({ permissions: { deny: ["Bash(curl:*)"] } }),
  );
  await assert.rejects(call(dir, "curl https://example.com", { SHELLWARD_BIN: bin }), /curl/);
});

test("--confine rewrites a read-only command to the sandbox", async (t) => {
  const dir = workspace(t);
  const ran = await call(dir, "cat README", { SHELLWARD_BIN: bin, SHELLWARD_OPENCODE_CONFINE: "1" });
  assert.match(ran, /sandbox --profile read-only/);
  assert.match(ran, /'cat README'/);
});

test("workdir is resolved against the project, and outside it is not the workspace", async (t) => {
  const dir = workspace(t);
  fs.mkdirSync(path.join(dir, "sub"));
  const env = { SHELLWARD_BIN: bin, SHELLWARD_OPENCODE_CONFINE: "1" };
  assert.match(await call(dir, "ls", env, { workdir: "sub" }), /sandbox --profile read-only/);
  // Run from the parent directory, `ls` reads outside the project: no
  // automatic allow, so no rewrite either.
  assert.equal(await call(dir, "ls", env, { workdir: ".." }), "ls");
});

test("other tools are not ours", async (t) => {
  const dir = workspace(t);
  assert.equal(await call(dir, "rm -rf ~", { SHELLWARD_BIN: bin }, { tool: "read" }), "rm -rf ~");
});

test("a missing binary never blocks the agent", async (t) => {
  const dir = workspace(t);
  const missing = path.join(dir, "no-such-shellward");
  assert.equal(await call(dir, "rm -rf ~", { SHELLWARD_BIN: missing }), "rm -rf ~");
});
