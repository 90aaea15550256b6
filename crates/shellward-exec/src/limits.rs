//! The numbers, and the environment variables that change them.
//!
//! | limit | default | variable | bounds |
//! | --- | --- | --- | --- |
//! | foreground timeout | 120000 ms | `BASH_DEFAULT_TIMEOUT_MS` | > 0 |
//! | timeout ceiling | 600000 ms | `BASH_MAX_TIMEOUT_MS` | never below the default |
//! | inline output | 30000 bytes | `BASH_MAX_OUTPUT_LENGTH` | 1..=150000 |
//! | task output for the model | 32000 chars | `TASK_MAX_OUTPUT_LENGTH` | 1..=160000 |
//! | background output cap | 5 GB | `SHELLWARD_BACKGROUND_OUTPUT_CAP` (bytes) | > 0 |
//!
//! A value that is not a positive integer is ignored (with a warning) and
//! the default used.

use std::time::Duration;

/// Execution limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Timeout when the call gives none.
    pub default_timeout: Duration,
    /// The largest timeout a call may ask for.
    pub max_timeout: Duration,
    /// Bytes of output returned inline.
    pub max_output: usize,
    /// Characters of a task's output returned by `TaskOutput`.
    pub task_max_output: usize,
    /// Bytes a command may write before it is killed.
    pub output_cap: u64,
    /// Between SIGTERM and SIGKILL.
    pub kill_grace: Duration,
    /// Added to the timeout for the executor's own watchdog.
    pub watchdog_grace: Duration,
    /// Characters of preview in a `<persisted-output>` envelope.
    pub preview_chars: usize,
    /// A subagent's background task is cancelled after this long.
    pub subagent_task_lifetime: Duration,
    /// How long `TaskStop` waits for the task to end.
    pub stop_timeout: Duration,
    /// Bytes of a running task's output `TaskOutput` returns (from the start).
    pub running_task_head: u64,
    /// Bytes of a finished task's output `TaskOutput` reads (from the end).
    pub finished_task_tail: u64,
    /// Bytes a host UI may read of a task's output (from the end).
    pub ui_tail: u64,
    /// Bytes of a persisted image output read at most.
    pub max_image_bytes: u64,
    /// Largest side of an image returned to the model.
    pub max_image_side: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            default_timeout: Duration::from_millis(120_000),
            max_timeout: Duration::from_millis(600_000),
            max_output: 30_000,
            task_max_output: 32_000,
            output_cap: 5_000_000_000,
            kill_grace: Duration::from_secs(3),
            watchdog_grace: Duration::from_millis(6_000),
            preview_chars: 2_000,
            subagent_task_lifetime: Duration::from_millis(3_600_000),
            stop_timeout: Duration::from_millis(10_000),
            running_task_head: 30_000,
            finished_task_tail: 8 * 1024 * 1024,
            ui_tail: 8_192,
            max_image_bytes: 20 * 1024 * 1024,
            max_image_side: 2_000,
        }
    }
}

fn env_u64(name: &str) -> Option<u64> {
    let raw = std::env::var(name).ok()?;
    match raw.trim().parse::<u64>() {
        Ok(v) if v > 0 => Some(v),
        _ => {
            tracing::warn!(variable = name, value = %raw, "not a positive integer; using the default");
            None
        }
    }
}

impl Limits {
    /// The defaults, changed by the environment variables above.
    pub fn from_env() -> Limits {
        let mut l = Limits::default();
        if let Some(v) = env_u64("BASH_DEFAULT_TIMEOUT_MS") {
            l.default_timeout = Duration::from_millis(v);
        }
        if let Some(v) = env_u64("BASH_MAX_TIMEOUT_MS") {
            l.max_timeout = Duration::from_millis(v);
        }
        l.max_timeout = l.max_timeout.max(l.default_timeout);
        if let Some(v) = env_u64("BASH_MAX_OUTPUT_LENGTH") {
            l.max_output = usize::try_from(v.min(150_000)).unwrap_or(150_000);
        }
        if let Some(v) = env_u64("TASK_MAX_OUTPUT_LENGTH") {
            l.task_max_output = usize::try_from(v.min(160_000)).unwrap_or(160_000);
        }
        if let Some(v) = env_u64("SHELLWARD_BACKGROUND_OUTPUT_CAP") {
            l.output_cap = v;
        }
        l
    }

    /// The timeout for a call: the requested one (0 means none given) or the
    /// default, capped at the ceiling.
    pub fn timeout(&self, requested_ms: Option<u64>) -> Duration {
        match requested_ms.filter(|&ms| ms > 0) {
            Some(ms) => Duration::from_millis(ms).min(self.max_timeout),
            None => self.default_timeout.min(self.max_timeout),
        }
    }
}
