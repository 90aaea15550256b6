// shellward for OpenCode: a plugin that asks `shellward hook opencode`
// before the `bash` tool runs, and denies what shellward denies.
//
// Install: copy this file to `.opencode/plugins/shellward.js` (one project)
// or `~/.config/opencode/plugins/shellward.js` (every project), or run
// `shellward install opencode`. OpenCode loads plugins from those folders
// at start-up (packages/web/src/content/docs/plugins.mdx, anomalyco/opencode).
//
// The plugin API (packages/plugin/src/index.ts): `tool.execute.before`
// gets `{tool, sessionID, callID}` and `{args}`; a plugin denies by
// throwing (the message reaches the model as the tool's error) and
// rewrites by changing `output.args`. It cannot ask a person
// (`permission.ask` is declared but not called since about 1.3:
// anomalyco/opencode#7006), so shellward answers `deny` for what its guard
// would ask about (`rm -rf ~`, `git push --force`), `allow` for what it
// would run without asking, and `none` for the rest, which OpenCode's own
// `permission` settings then decide.
//
// Settings, from the environment OpenCode runs in:
//   SHELLWARD_BIN              the shellward binary (default: `shellward` on PATH)
//   SHELLWARD_OPENCODE_MODE    build (default), plan, edit or yolo
//   SHELLWARD_OPENCODE_CONFINE 1: run read-only commands under `shellward sandbox`
//
// shellward's own failure (not installed, a crash, a timeout) never blocks
// the agent: one line on stderr, and OpenCode's flow goes on.

import { spawn } from "node:child_process";
import path from "node:path";

const TIMEOUT_MS = 10_000;
// `shellward install opencode` writes the binary's absolute path here.
const DEFAULT_BIN = "shellward";

/** Runs `shellward hook opencode` with `request` on stdin; its JSON answer, or null. */
function ask(request, env) {
  const bin = env.SHELLWARD_BIN || DEFAULT_BIN;
  const args = ["hook", "opencode"];
  if (env.SHELLWARD_OPENCODE_CONFINE === "1") args.push("--confine");
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(bin, args, { stdio: ["pipe", "pipe", "pipe"] });
    } catch (e) {
      console.error(`shellward: cannot run ${bin}: ${e.message}`);
      return resolve(null);
    }
    let out = "";
    let err = "";
    const timer = setTimeout(() => {
      console.error(`shellward: no answer in ${TIMEOUT_MS} ms`);
      child.kill("SIGKILL");
    }, TIMEOUT_MS);
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", (e) => {
      clearTimeout(timer);
      console.error(`shellward: cannot run ${bin}: ${e.message}`);
      resolve(null);
    });
    child.on("close", () => {
      clearTimeout(timer);
      if (err.trim()) console.error(err.trim());
      try {
        resolve(out.trim() ? JSON.parse(out) : null);
      } catch (e) {
        console.error(`shellward: unreadable answer: ${e.message}`);
        resolve(null);
      }
    });
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify(request));
  });
}

/** The plugin: `tool.execute.before` for the `bash` tool. */
export const Shellward = async ({ directory, worktree }) => {
  const env = process.env;
  const base = directory || worktree || process.cwd();
  return {
    "tool.execute.before": async (input, output) => {
      if (input?.tool !== "bash") return;
      const args = output?.args ?? {};
      if (typeof args.command !== "string") return;
      const cwd = typeof args.workdir === "string" ? path.resolve(base, args.workdir) : base;
      const mode = env.SHELLWARD_OPENCODE_MODE || "build";
      const answer = await ask({ command: args.command, cwd, project: base, mode }, env);
      if (!answer) return;
      if (answer.decision === "deny") throw new Error(answer.reason);
      if (answer.decision === "allow" && typeof answer.command === "string") {
        args.command = answer.command;
      }
    },
  };
};

export default Shellward;
