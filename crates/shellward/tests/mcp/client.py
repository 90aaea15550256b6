"""End-to-end test of `shellward mcp` with the official Python MCP SDK client.

Usage: client.py SHELLWARD_BINARY WORKSPACE STATE_DB
Run by crates/shellward/tests/mcp.rs (which installs the SDK into a virtualenv).
Each check prints one line; the first failure raises and exits non-zero.
"""

import asyncio
import json
import os
import sys
import time

import mcp.types as types
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

BIN, WS, STATE = sys.argv[1], sys.argv[2], sys.argv[3]


def ok(what):
    print(f"ok - {what}", flush=True)


def text_of(result):
    return "".join(c.text for c in result.content if getattr(c, "type", "") == "text")


def server(mode, *extra):
    env = dict(os.environ)
    env["SHELLWARD_STATE_DB"] = STATE
    env["XDG_CONFIG_HOME"] = os.path.join(WS, ".no-user-config")
    return StdioServerParameters(command=BIN, args=["mcp", "--workspace", WS, "--mode", mode, *extra], env=env)


class Answers:
    """An elicitation callback that answers from a queue and records the questions."""

    def __init__(self):
        self.queue = []
        self.asked = []

    async def __call__(self, context, params):
        self.asked.append(params.message)
        action, answer = self.queue.pop(0)
        if action == "accept":
            return types.ElicitResult(action="accept", content={"always": answer == "always"})
        return types.ElicitResult(action=action)


async def build_mode():
    answers = Answers()
    logs = []

    async def on_log(params):
        logs.append(params.data)

    async with stdio_client(server("build")) as (read, write):
        async with ClientSession(read, write, elicitation_callback=answers, logging_callback=on_log) as s:
            await s.initialize()
            tools = {t.name: t for t in (await s.list_tools()).tools}
            assert set(tools) == {"Bash", "TaskOutput", "TaskStop"}, tools
            bash = tools["Bash"]
            assert bash.input_schema["additionalProperties"] is False
            assert set(bash.input_schema["required"]) == {"command"}, bash.input_schema
            assert "moves to the background" in bash.description, bash.description
            assert "task_id" in tools["TaskOutput"].input_schema["properties"]
            ok("initialize, list tools, schemas and descriptions")

            r = await s.call_tool("Bash", {"command": "echo hello; ls"})
            assert not r.is_error and text_of(r).startswith("hello\n"), r
            assert answers.asked == []
            cap = r.meta["shellward/capability"]
            assert cap == {"readOnly": True, "needsApproval": False, "riskLevel": "low", "sideEffectScope": "none"}, r.meta
            assert r.meta["shellward/rule"] == "mode.build.readOnly", r.meta
            ok("a read-only call runs without asking; _meta carries its capability fields")

            answers.queue.append(("accept", "once"))
            r = await s.call_tool("Bash", {"command": "touch once.txt"})
            assert not r.is_error, r
            assert os.path.exists(os.path.join(WS, "once.txt"))
            assert len(answers.asked) == 1 and "touch once.txt" in answers.asked[0]
            ok("a writing call asks; accepted once, it runs")

            answers.queue.append(("decline", None))
            r = await s.call_tool("Bash", {"command": "touch declined.txt"})
            assert r.is_error and "declined" in text_of(r), r
            assert not os.path.exists(os.path.join(WS, "declined.txt"))
            effects = r.meta["shellward/effects"]
            assert [e["rule"] for e in effects] == ["fs.touch"] and effects[0]["scope"] == "workspace", r.meta
            assert r.meta["shellward/capability"]["needsApproval"] is True, r.meta
            ok("declined: it does not run, and the model is told; _meta lists its effects")

            answers.queue.append(("decline", None))
            r = await s.call_tool("Bash", {"command": "git push --force origin main"})
            assert r.is_error, r
            assert "force-pushes" in answers.asked[-1] and "--force-with-lease" in answers.asked[-1], answers.asked[-1]
            assert r.meta["shellward/capability"]["riskLevel"] == "critical", r.meta
            ok("the question says what will happen and the safer way")

            answers.queue.append(("accept", "always"))
            r = await s.call_tool("Bash", {"command": "mkdir -p made/a"})
            assert not r.is_error, r
            with open(os.path.join(WS, ".shellward", "settings.local.json")) as f:
                saved = json.load(f)
            assert "mkdir:*" in saved["permissions"]["allow"], saved
            asked = len(answers.asked)
            r = await s.call_tool("Bash", {"command": "mkdir -p made/b"})
            assert not r.is_error and len(answers.asked) == asked, r
            assert os.path.isdir(os.path.join(WS, "made", "b"))
            ok("always: the rule is saved and the next call runs without asking")

            r = await s.call_tool("Bash", {"command": "ls", "colour": "blue"})
            assert r.is_error and "unknown field" in text_of(r), r
            r = await s.call_tool("Bash", {"command": "ls", "timeout": -5})
            assert r.is_error and "negative" in text_of(r), r
            r = await s.call_tool("Bash", {"command": "echo still here"})
            assert text_of(r) == "still here\n", r
            ok("malformed arguments get a clear error and the server lives on")

            progress = []

            async def on_progress(value, total, message):
                progress.append((value, message))

            answers.queue.append(("accept", "once"))
            r = await s.call_tool(
                "Bash", {"command": "echo working; sleep 3.5; echo done", "timeout": 20000}, progress_callback=on_progress
            )
            assert text_of(r) == "working\ndone\n", r
            assert len(progress) >= 1 and "working" in progress[0][1], progress
            ok(f"progress notifications ({len(progress)}) while it runs")

            answers.queue.append(("accept", "once"))
            start = time.monotonic()
            r = await s.call_tool("Bash", {"command": "echo early; sleep 2; echo late", "timeout": 500})
            assert time.monotonic() - start < 1.8, "returned at the deadline"
            t = text_of(r)
            assert "Command running in background with ID:" in t, t
            task = t.split("ID: ")[1].split(".")[0]
            r = await s.call_tool("TaskOutput", {"task_id": task, "block": "false"})
            assert "<status>not_ready</status>" in text_of(r), r
            r = await s.call_tool("TaskOutput", {"task_id": task, "timeout": "10000"})
            assert "<status>done</status>" in text_of(r) and "early\nlate\n" in text_of(r), r
            ok("a timeout moves the command to the background; TaskOutput reads it")

            for _ in range(50):
                if logs:
                    break
                await asyncio.sleep(0.1)
            assert any(task in json.dumps(l) for l in logs), logs
            ok("the completion arrived as a notification")

            answers.queue.append(("accept", "once"))
            r = await s.call_tool("Bash", {"command": "echo up; sleep 30", "run_in_background": "yes"})
            task = text_of(r).split("ID: ")[1].split(".")[0]
            r = await s.call_tool("KillShell", {"shell_id": task})
            assert "killed" in text_of(r), r
            r = await s.call_tool("BashOutput", {"task_id": task})
            assert "stopped by you" in text_of(r), r
            ok("TaskStop (by its alias) stops a background task")

            answers.queue.append(("accept", "once"))
            r = await s.call_tool("Bash", {"command": "echo lingering; sleep 60", "run_in_background": True})
            lingering = text_of(r).split("ID: ")[1].split(".")[0]
    # The connection is closed: its tasks are stopped.
    import sqlite3

    for _ in range(100):
        row = sqlite3.connect(STATE).execute("select status, stopped_by from tasks where id = ?", (lingering,)).fetchone()
        if row and row[0] != "running":
            break
        await asyncio.sleep(0.1)
    assert row == ("killed", "session_closed"), row
    ok("closing the connection stops its background tasks")


async def plan_mode():
    async with stdio_client(server("plan")) as (read, write):
        async with ClientSession(read, write) as s:
            await s.initialize()
            r = await s.call_tool("Bash", {"command": "touch planned.txt"})
            assert r.is_error and "mode.plan.nonReadOnly" in text_of(r), r
            assert not os.path.exists(os.path.join(WS, "planned.txt"))
            r = await s.call_tool("Bash", {"command": "git --version"})
            assert not r.is_error, r
            ok("plan mode denies a writing call and runs a read-only one")


async def no_elicitation():
    async with stdio_client(server("build")) as (read, write):
        async with ClientSession(read, write) as s:
            await s.initialize()
            r = await s.call_tool("Bash", {"command": "touch nope.txt"})
            t = text_of(r)
            assert r.is_error and "needs the user's approval" in t and "touch:*" in t, t
            assert not os.path.exists(os.path.join(WS, "nope.txt"))
            ok("without elicitation, an ask is an error naming the rule that would allow it")


async def budget_and_limits():
    async with stdio_client(server("yolo", "--blocking-budget", "1000")) as (read, write):
        async with ClientSession(read, write) as s:
            await s.initialize()
            start = time.monotonic()
            r = await s.call_tool("Bash", {"command": "echo early; sleep 3; echo late", "timeout": 600000})
            took = time.monotonic() - start
            t = text_of(r)
            assert took < 2.5 and "Command running in background with ID:" in t, (took, t)
            ok(f"the blocking budget moves a long call to the background ({took:.1f} s)")
            r = await s.call_tool("Bash", {"command": "echo " + "a" * (2 * 1024 * 1024)})
            assert r.is_error and "over the limit" in text_of(r), text_of(r)[:200]
            assert len(text_of(r)) < 1000
            ok("a command over the size limit is refused without being echoed")
    async with stdio_client(server("build")) as (read, write):
        async with ClientSession(read, write) as s:
            await s.initialize()
            long = "touch x " + "y" * 50000
            r = await s.call_tool("Bash", {"command": long})
            t = text_of(r)
            assert r.is_error and "needs the user's approval" in t and len(t) < 5000, len(t)
            ok(f"an approval text echoes at most 1,000 characters of a long command ({len(t)} in all)")


async def main():
    await build_mode()
    await plan_mode()
    await no_elicitation()
    await budget_and_limits()
    print("all passed", flush=True)


asyncio.run(main())
