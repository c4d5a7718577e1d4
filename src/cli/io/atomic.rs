//! Output files that appear whole or not at all.
//!
//! A file is written under a name no other process uses (a hidden temporary file beside it)
//! and renamed onto its own name only once the command has written all of it, as git does
//! with `index.lock`. Two commands writing one name then leave one whole output, the last to
//! finish, never a mix; a command that fails or is stopped leaves the name as it was, and
//! its temporary file is removed. Standard output (`-`) and existing devices or pipes such
//! as `/dev/null`, which a rename would replace with a plain file, are written in place.

use anyhow::{Context, Result};
use std::fs::File;
use std::io::{BufWriter, Stdout, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use tempfile::NamedTempFile;

/// An `-o FILE` output; [`OutputFile::finish`] gives the file its name.
pub struct OutputFile {
    sink: Sink,
    /// Whether a stopping signal ends the writing (the file is then never named).
    abandoned_on_signal: bool,
}

enum Sink {
    Stdout(BufWriter<Stdout>),
    InPlace(BufWriter<File>, PathBuf),
    Staged {
        out: BufWriter<NamedTempFile>,
        target: PathBuf,
    },
}

impl OutputFile {
    /// Opens the output `path` names; `-` is standard output.
    pub fn create(path: &Path) -> Result<OutputFile> {
        let sink = match staged_target(path)? {
            None if path.as_os_str() == "-" => Sink::Stdout(BufWriter::new(std::io::stdout())),
            None => {
                let file = std::fs::OpenOptions::new()
                    .write(true)
                    .open(path)
                    .with_context(|| format!("cannot open {}", path.display()))?;
                Sink::InPlace(BufWriter::new(file), path.to_path_buf())
            }
            Some(target) => Sink::Staged {
                out: BufWriter::new(temporary_beside(&target)?),
                target,
            },
        };
        Ok(OutputFile {
            sink,
            abandoned_on_signal: false,
        })
    }

    /// Makes every write after a stopping signal fail, for an output that has no use half
    /// written (a constructed tour): the command then ends at once and its temporary file is
    /// removed, where one that stopped writing at the signal would leave it behind.
    pub fn abandoned_on_signal(mut self) -> OutputFile {
        self.abandoned_on_signal = true;
        self
    }

    /// Flushes the output and, for a file, renames it onto its name.
    pub fn finish(self) -> Result<()> {
        match self.sink {
            Sink::Stdout(mut out) => Ok(out.flush()?),
            Sink::InPlace(mut out, path) => out
                .flush()
                .with_context(|| format!("cannot write {}", path.display())),
            Sink::Staged { out, target } => {
                let shown = target.display().to_string();
                let temp = out
                    .into_inner()
                    .map_err(std::io::IntoInnerError::into_error)
                    .with_context(|| format!("cannot write {shown}"))?;
                temp.persist(&target)
                    .map_err(|e| e.error)
                    .with_context(|| format!("cannot put {shown} in place"))?;
                Ok(())
            }
        }
    }

    /// The file the output will be, for messages.
    fn shown(&self) -> String {
        match &self.sink {
            Sink::Stdout(_) => "standard output".into(),
            Sink::InPlace(_, path) | Sink::Staged { target: path, .. } => {
                path.display().to_string()
            }
        }
    }

    fn named(&self, err: std::io::Error) -> std::io::Error {
        std::io::Error::new(err.kind(), format!("{}: {err}", self.shown()))
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.abandoned_on_signal && crate::cli::io::signals::exit_code().is_some() {
            return Err(self.named(std::io::Error::other(
                "stopped by a signal before the whole file was written; nothing was kept",
            )));
        }
        let written = match &mut self.sink {
            Sink::Stdout(out) => out.write(buf),
            Sink::InPlace(out, _) => out.write(buf),
            Sink::Staged { out, .. } => out.write(buf),
        };
        written.map_err(|e| self.named(e))
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let flushed = match &mut self.sink {
            Sink::Stdout(out) => out.flush(),
            Sink::InPlace(out, _) => out.flush(),
            Sink::Staged { out, .. } => out.flush(),
        };
        flushed.map_err(|e| self.named(e))
    }
}

/// The file a staged output is renamed onto (through any symbolic link, so that the link
/// stays a link), or `None` for standard output and existing non-files.
fn staged_target(path: &Path) -> Result<Option<PathBuf>> {
    if path.as_os_str() == "-" {
        return Ok(None);
    }
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => Ok(None),
        Ok(_) => {
            Ok(Some(std::fs::canonicalize(path).with_context(|| {
                format!("cannot resolve {}", path.display())
            })?))
        }
        Err(_) => Ok(Some(path.to_path_buf())),
    }
}

/// A new, uniquely named hidden file in `target`'s directory: `.NAME.XXXXXX.part`.
fn temporary_beside(target: &Path) -> Result<NamedTempFile> {
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let name = target
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    use std::os::unix::fs::PermissionsExt as _;
    // The mode a plain `File::create` gives (0o666 less the umask), not a temporary file's
    // private 0o600: the finished output is an ordinary file.
    tempfile::Builder::new()
        .permissions(std::fs::Permissions::from_mode(0o666))
        .prefix(&format!(".{name}."))
        .suffix(".part")
        .tempfile_in(dir)
        .map_err(|err| anyhow::anyhow!("cannot write {}: {}", target.display(), why(dir, &err)))
}

/// Why no file could be made in `dir`, in words that name what the user gave: the temporary
/// file's own name, which the error carries, means nothing to them.
fn why(dir: &Path, err: &std::io::Error) -> String {
    match std::fs::metadata(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            format!("the directory {} does not exist", dir.display())
        }
        Err(e) => format!("{}: {e}", dir.display()),
        Ok(meta) if !meta.is_dir() => format!("{} is not a directory", dir.display()),
        Ok(_) => std::io::Error::from(err.kind()).to_string(),
    }
}

/// An [`OutputFile`] that several writers (threads) share; [`SharedOutput::finish`] gives
/// the file its name once every other handle is gone.
#[derive(Clone)]
pub struct SharedOutput(Arc<Mutex<OutputFile>>);

impl SharedOutput {
    pub fn new(file: OutputFile) -> Self {
        SharedOutput(Arc::new(Mutex::new(file)))
    }

    /// [`OutputFile::finish`]; the last handle must call it.
    pub fn finish(self) -> Result<()> {
        let Ok(file) = Arc::try_unwrap(self.0) else {
            anyhow::bail!("internal error: an output is finished while still shared");
        };
        file.into_inner()
            .map_err(|_| anyhow::anyhow!("internal error: a writer failed mid-write"))?
            .finish()
    }

    fn lock(&self) -> std::io::Result<std::sync::MutexGuard<'_, OutputFile>> {
        self.0
            .lock()
            .map_err(|_| std::io::Error::other("a writer failed mid-write"))
    }
}

impl Write for SharedOutput {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.lock()?.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.lock()?.flush()
    }
}

/// Writes `bytes` as the whole of `path`, staged as any output is.
pub fn write_whole(path: &Path, bytes: impl AsRef<[u8]>) -> Result<()> {
    let mut out = OutputFile::create(path)?;
    out.write_all(bytes.as_ref())?;
    out.finish()
}

/// Refuses, unless `force`, an output that would replace the command's own input `input`
/// (`dimacs M.toml -o M.toml`).
pub fn refuse_input(output: &Path, input: Option<&Path>, force: bool) -> Result<()> {
    let Some(input) = input else {
        return Ok(());
    };
    let same = match (std::fs::canonicalize(output), std::fs::canonicalize(input)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    anyhow::ensure!(
        force || !same,
        "-o {}: that is the input {}; choose another file, or pass --force to replace it",
        output.display(),
        input.display()
    );
    Ok(())
}

/// Refuses, unless `force`, an output file that already exists (a job file that runs and
/// results may depend on).
pub fn refuse_existing(output: &Path, force: bool) -> Result<()> {
    let exists = std::fs::metadata(output).is_ok_and(|m| m.is_file());
    anyhow::ensure!(
        force || !exists,
        "-o {}: the file exists; choose another name, or pass --force to replace it",
        output.display()
    );
    Ok(())
}
