//! Tool inputs: `Bash`, `TaskOutput`, `TaskStop`, strict objects with the
//! leniency models need (numeric strings for numbers, `"yes"`/`"on"`/`"1"`
//! for booleans), and their JSON Schemas.

use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer};

/// The tools, by the names and aliases hosts use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    /// Run a command.
    Bash,
    /// Read a background task's output.
    TaskOutput,
    /// Stop a background task.
    TaskStop,
}

impl Tool {
    /// The tool a name refers to.
    pub fn from_name(name: &str) -> Option<Tool> {
        match name {
            "Bash" => Some(Tool::Bash),
            "TaskOutput" | "AgentOutputTool" | "BashOutputTool" | "AgentOutput" | "BashOutput" => {
                Some(Tool::TaskOutput)
            }
            "TaskStop" | "KillShell" | "KillBash" => Some(Tool::TaskStop),
            _ => None,
        }
    }
}

/// A non-negative number of milliseconds, also written as a string (`"5000"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Millis(pub u64);

impl<'de> Deserialize<'de> for Millis {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Millis, D::Error> {
        use serde::de::Error;
        match serde_json::Value::deserialize(d)? {
            serde_json::Value::Number(n) => {
                if let Some(v) = n.as_u64() {
                    Ok(Millis(v))
                } else if n.as_i64().is_some_and(|v| v < 0) || n.as_f64().is_some_and(|v| v < 0.0) {
                    Err(D::Error::custom(format!("must not be negative (got {n})")))
                } else if let Some(f) = n.as_f64().filter(|f| f.is_finite() && f.fract() == 0.0) {
                    Ok(Millis(f as u64))
                } else {
                    Err(D::Error::custom(format!(
                        "must be a whole number of milliseconds (got {n})"
                    )))
                }
            }
            serde_json::Value::String(s) => {
                let t = s.trim();
                if t.starts_with('-') {
                    return Err(D::Error::custom(format!(
                        "must not be negative (got {s:?})"
                    )));
                }
                t.parse::<u64>()
                    .map(Millis)
                    .map_err(|_| D::Error::custom(format!("expected milliseconds, got {s:?}")))
            }
            other => Err(D::Error::custom(format!(
                "expected milliseconds, got {other}"
            ))),
        }
    }
}

impl JsonSchema for Millis {
    fn schema_name() -> Cow<'static, str> {
        "Millis".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "Milliseconds: a non-negative integer, or a string of digits.",
            "anyOf": [
                {"type": "integer", "minimum": 0},
                {"type": "string", "pattern": "^\\s*[0-9]+\\s*$"}
            ]
        })
    }
}

/// A boolean, also written `"true" "yes" "1" "on"` / `"false" "no" "0" "off"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Flag(pub bool);

impl<'de> Deserialize<'de> for Flag {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Flag, D::Error> {
        use serde::de::Error;
        match serde_json::Value::deserialize(d)? {
            serde_json::Value::Bool(b) => Ok(Flag(b)),
            serde_json::Value::Number(n) if n.as_u64() == Some(1) => Ok(Flag(true)),
            serde_json::Value::Number(n) if n.as_u64() == Some(0) => Ok(Flag(false)),
            serde_json::Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
                "true" | "yes" | "1" | "on" => Ok(Flag(true)),
                "false" | "no" | "0" | "off" => Ok(Flag(false)),
                _ => Err(D::Error::custom(format!("expected a boolean, got {s:?}"))),
            },
            other => Err(D::Error::custom(format!("expected a boolean, got {other}"))),
        }
    }
}

impl JsonSchema for Flag {
    fn schema_name() -> Cow<'static, str> {
        "Flag".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A boolean; the strings true/yes/1/on and false/no/0/off are accepted.",
            "anyOf": [
                {"type": "boolean"},
                {"type": "string", "enum": ["true", "yes", "1", "on", "false", "no", "0", "off"]}
            ]
        })
    }
}

/// Input of the `Bash` tool.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BashInput {
    /// The command to run.
    pub command: String,
    /// Timeout in milliseconds (default 120000, at most 600000; 0 means the default).
    /// A foreground command still running then moves to the background.
    #[serde(default)]
    pub timeout: Option<Millis>,
    /// What the command does, in a few words ("List files", "Run the tests").
    #[serde(default)]
    pub description: Option<String>,
    /// Run detached: the call returns a task id at once; read the output later.
    #[serde(default)]
    pub run_in_background: Flag,
    /// Accepted for compatibility; it does not disable any sandbox.
    #[serde(default, rename = "dangerouslyDisableSandbox")]
    pub dangerously_disable_sandbox: Flag,
    /// Working directory for this call (OpenCode's `workdir`), relative to the session's.
    #[serde(default)]
    pub workdir: Option<String>,
}

fn default_block() -> Flag {
    Flag(true)
}

fn default_wait() -> Millis {
    Millis(30_000)
}

/// Input of the `TaskOutput` tool.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TaskOutputInput {
    /// The task id a background command returned.
    pub task_id: String,
    /// Wait for the task to finish (default true).
    #[serde(default = "default_block")]
    pub block: Flag,
    /// How long to wait, in milliseconds (default 30000, at most 600000).
    #[serde(default = "default_wait")]
    pub timeout: Millis,
}

/// Input of the `TaskStop` tool.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TaskStopInput {
    /// The task to stop.
    #[serde(default)]
    pub task_id: Option<String>,
    /// Former name of `task_id`.
    #[serde(default)]
    pub shell_id: Option<String>,
}

impl TaskStopInput {
    /// The task id, from either field.
    pub fn id(&self) -> Option<&str> {
        self.task_id.as_deref().or(self.shell_id.as_deref())
    }
}

/// An input that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid {tool} input: {message}")]
pub struct InputError {
    /// The tool.
    pub tool: &'static str,
    /// What is wrong.
    pub message: String,
}

fn parse<T: for<'de> Deserialize<'de>>(
    tool: &'static str,
    value: &serde_json::Value,
) -> Result<T, InputError> {
    T::deserialize(value).map_err(|e| InputError {
        tool,
        message: e.to_string(),
    })
}

impl BashInput {
    /// Read a `Bash` call's arguments.
    pub fn from_json(value: &serde_json::Value) -> Result<BashInput, InputError> {
        parse("Bash", value)
    }
}

impl TaskOutputInput {
    /// Read a `TaskOutput` call's arguments.
    pub fn from_json(value: &serde_json::Value) -> Result<TaskOutputInput, InputError> {
        parse("TaskOutput", value)
    }
}

impl TaskStopInput {
    /// Read a `TaskStop` call's arguments.
    pub fn from_json(value: &serde_json::Value) -> Result<TaskStopInput, InputError> {
        let input: TaskStopInput = parse("TaskStop", value)?;
        if input.id().is_none() {
            return Err(InputError {
                tool: "TaskStop",
                message: "missing field `task_id`".into(),
            });
        }
        Ok(input)
    }
}

/// The JSON Schemas of the three tools' inputs, by tool name.
pub fn schemas() -> Vec<(&'static str, serde_json::Value)> {
    let s = |schema: Schema| serde_json::to_value(schema).unwrap_or_default();
    vec![
        ("Bash", s(schemars::schema_for!(BashInput))),
        ("TaskOutput", s(schemars::schema_for!(TaskOutputInput))),
        ("TaskStop", s(schemars::schema_for!(TaskStopInput))),
    ]
}
