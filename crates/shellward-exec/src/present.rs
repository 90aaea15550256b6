//! What a finished foreground command returns to the model: its output
//! (text, an image, a summary of binary output, or a preview with the
//! full file kept), what its exit status means, the notes a session
//! needs, and the working directory it leaves.

use super::*;

/// How a foreground command ended, for [`Executor::complete`].
pub(crate) struct Ending<'a> {
    pub(crate) exit: &'a Exit,
    pub(crate) aborted: bool,
    /// A plain foreground command killed at its deadline.
    pub(crate) timed_out: bool,
    pub(crate) timeout: Duration,
    pub(crate) pid: i32,
    pub(crate) started_ms: i64,
}

/// The output as the model reads it.
struct Presented {
    content: Vec<Content>,
    text: String,
    raw: Option<String>,
    kept: Option<PathBuf>,
    size: u64,
}

impl Executor {
    /// The result of a finished foreground command.
    pub(crate) fn complete(
        &self,
        session: &Session,
        prepared: &Prepared,
        files: &process::Files,
        selection: &shell::Selection,
        call: &Call,
        ending: &Ending<'_>,
    ) -> Result<Completed, ExecError> {
        let Presented {
            mut content,
            text,
            raw,
            kept,
            size,
        } = self.present(prepared, files);
        let (is_error, prefix, mut notes) = self.status(prepared, ending);
        self.session_notes(session, prepared, selection, &mut notes);
        let cwd = self.carry_cwd(session, files, ending, &mut notes)?;
        files.remove_side_files();
        // Read-file state: not for images, aborted or failed results.
        if let Some(state) = call.read_state.as_deref()
            && content.is_empty()
            && !is_error
        {
            if kept.is_none() {
                let (analysis, now) = (&prepared.analysis, store::now_ms());
                readstate::backfill(state, analysis, ending.exit.code, &prepared.cwd, now);
            }
            let command = &prepared.input.command;
            if let Some(notice) = readstate::stale_notice(state, command, ending.started_ms) {
                notes.push(notice);
            }
        }
        if let Some(reminder) =
            output::gh_rate_limit_reminder(&prepared.analysis, &text, store::now_ms())
        {
            notes.push(reminder.into());
        }
        assemble(&mut content, prefix, text, notes);
        Ok(Completed {
            exit_code: ending.exit.code,
            signal: ending.exit.signal,
            aborted: ending.aborted,
            timed_out: ending.timed_out,
            content,
            is_error,
            output_path: kept,
            output_bytes: size,
            raw_output: raw,
            cwd,
            pid: ending.pid,
        })
    }

    /// The output file as the model reads it: an image, a summary of
    /// binary output, a preview of a long one (the file kept), or the text
    /// (the file removed); secrets masked when the session says so.
    fn present(&self, prepared: &Prepared, files: &process::Files) -> Presented {
        let limits = &self.limits;
        let (head, size) =
            output::read_head(&files.output, limits.max_output as u64).unwrap_or_default();
        let image = if size <= limits.max_image_bytes && head.starts_with(b"data:image/") {
            let (all, _) =
                output::read_head(&files.output, limits.max_image_bytes).unwrap_or_default();
            output::data_url_image(&all, limits.max_image_side)
        } else {
            None
        };
        let mut shown = Presented {
            content: Vec::new(),
            text: String::new(),
            raw: None,
            kept: None,
            size,
        };
        if let Some(image) = image {
            shown.content.push(Content::Image(image));
            let _ = std::fs::remove_file(&files.output);
        } else if size >= 512 && output::is_binary(&head) {
            // A few odd bytes are shown as text; a binary stream is summed up.
            shown.text = output::binary_summary(&head, size, &files.output);
            shown.kept = Some(files.output.clone());
        } else if size > limits.max_output as u64 {
            let head_text = output::text(&head);
            let preview = output::first_chars(&head_text, limits.preview_chars);
            shown.text = output::persisted_envelope(&files.output, size, preview);
            shown.kept = Some(files.output.clone());
        } else {
            shown.text = output::text(&head);
            shown.raw = Some(shown.text.clone());
            let _ = std::fs::remove_file(&files.output);
        }
        if prepared.mask_secrets {
            let parent = parent_env();
            shown.text = env::mask(&shown.text, &parent);
            shown.raw = shown.raw.map(|r| env::mask(&r, &parent));
        }
        shown
    }

    /// What the exit status means: an error or not, the line before the
    /// output, and the notes after it.
    fn status(&self, prepared: &Prepared, ending: &Ending<'_>) -> (bool, String, Vec<String>) {
        let (exit, mut is_error) = (ending.exit, false);
        let (mut prefix, mut notes) = (String::new(), Vec::new());
        match (exit.code, exit.signal) {
            (Some(0), _) => {}
            (Some(code), _) => match output::exit_meaning(&prepared.analysis, code) {
                Some(meaning) => notes.push(format!("(exit code {code}: {meaning})")),
                None => {
                    is_error = true;
                    prefix = format!("Exit code {code}\n");
                }
            },
            (None, Some(sig)) if !ending.aborted && !ending.timed_out => {
                is_error = true;
                prefix = match exit.killed_by.as_deref() {
                    Some("output_limit") => {
                        let cap = self.limits.output_cap;
                        format!("Killed: the output exceeded {cap} bytes\n")
                    }
                    _ => format!("Killed by signal {sig}\n"),
                };
            }
            _ => {}
        }
        if ending.timed_out {
            is_error = true;
            notes.push(format!(
                "<error>Command timed out after {} ms and was killed</error>",
                ending.timeout.as_millis()
            ));
        }
        if ending.aborted {
            is_error = true;
            notes.push("<error>Command was aborted before completion</error>".into());
        }
        (is_error, prefix, notes)
    }

    /// Notes the session needs once: the sandbox's, the kernel's gaps, a
    /// shell that changed.
    fn session_notes(
        &self,
        session: &Session,
        prepared: &Prepared,
        selection: &shell::Selection,
        notes: &mut Vec<String>,
    ) {
        if let Some(note) = &prepared.sandbox_note {
            notes.push(note.clone());
        }
        if lock(&self.unconfined_pending).remove(&session.id) {
            notes.push(format!(
                "Note: this kernel cannot enforce all of the OS sandbox; not enforced: {}. Only shellward's verdict protects against those.",
                sandbox::features().gaps().join("; ")
            ));
        }
        if let shell::Selection::Fallback { now, was } = selection {
            notes.push(format!(
                "Note: this session's shell {} is no longer available; commands now run with {}.",
                was.display(),
                now.display()
            ));
        }
    }

    /// Working directory carry-over: only after success, only for the
    /// main session, and only inside the workspace (else back to its root).
    fn carry_cwd(
        &self,
        session: &Session,
        files: &process::Files,
        ending: &Ending<'_>,
        notes: &mut Vec<String>,
    ) -> Result<PathBuf, ExecError> {
        let cwd = self.session_cwd(session)?;
        let succeeded = ending.exit.code == Some(0) && !session.subagent && !ending.aborted;
        let Some((_, Some(new))) = succeeded
            .then(|| process::read_status(&files.status))
            .flatten()
        else {
            return Ok(cwd);
        };
        // Compared and kept canonical: `$PWD` is the logical path, and a
        // symlink inside the workspace may lead out of it.
        let new = new.canonicalize().unwrap_or(new);
        let inside = session
            .workspace
            .canonicalize()
            .is_ok_and(|w| new.starts_with(w));
        if !inside {
            self.set_session_cwd(session, &session.workspace)?;
            notes.push(format!(
                "Shell cwd was reset to {}",
                session.workspace.display()
            ));
            return Ok(session.workspace.clone());
        }
        if new != cwd {
            self.set_session_cwd(session, &new)?;
        }
        Ok(new)
    }
}

/// The content: the text with its prefix and notes, or after an image,
/// the notes as text.
fn assemble(content: &mut Vec<Content>, prefix: String, text: String, notes: Vec<String>) {
    if !content.is_empty() {
        if !prefix.is_empty() || !notes.is_empty() {
            content.push(Content::Text(format!("{prefix}{}", notes.join("\n"))));
        }
        return;
    }
    let mut full = prefix;
    full.push_str(&text);
    for note in notes {
        if !full.is_empty() && !full.ends_with('\n') {
            full.push('\n');
        }
        full.push_str(&note);
    }
    content.push(Content::Text(full));
}
