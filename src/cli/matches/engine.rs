//! An outside engine's process: commands written to its standard input, its output read line
//! by line by a thread into a channel, so that a wait for an answer can end at a deadline.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long an engine told to `quit` has before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(500);
/// How long to wait for an engine that closed its output to report its exit status.
const EXIT_GRACE: Duration = Duration::from_millis(200);

/// A running engine. Dropped, it is told to quit, and killed if it does not.
pub struct Engine {
    child: Child,
    /// Taken when the engine is let go, so that it reads the end of its input.
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    /// Starts `program` with `args`, its standard error left as ours.
    pub fn start(program: &str, args: &[String]) -> Result<Engine, String> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start the engine '{program}': {e}"))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("the engine '{program}' started without its pipes"));
        };
        let (send, lines) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut bytes = Vec::new();
            loop {
                bytes.clear();
                match reader.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
                // Output that is not UTF-8 is garbage to name, not a reason to stop reading.
                let line = String::from_utf8_lossy(&bytes).trim().to_string();
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Engine {
            child,
            stdin: Some(stdin),
            lines,
        })
    }

    /// Writes one command line.
    pub fn send(&mut self, command: &str) -> Result<(), String> {
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(format!(
                "cannot send '{command}': the engine's input is closed"
            ));
        };
        writeln!(stdin, "{command}")
            .and_then(|()| stdin.flush())
            .map_err(|e| format!("cannot send '{command}': {e}; {}", self.exit_status()))
    }

    /// Reads lines until one for which `wanted` holds, and returns it; an error if `wait`
    /// passes first (`what`, what was awaited, names it) or the engine's output ends.
    pub fn wait_for(
        &mut self,
        what: &str,
        wait: Duration,
        mut wanted: impl FnMut(&str) -> bool,
    ) -> Result<String, String> {
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if wanted(&line) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "no {what} within {} s (a timeout)",
                        wait.as_secs_f64()
                    ))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("no {what}: {}", self.exit_status()))
                }
            }
        }
    }

    /// Whether the process is still running.
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// How the process ended, as well as can be told: it may have closed its output and go on.
    fn exit_status(&mut self) -> String {
        let deadline = Instant::now() + EXIT_GRACE;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return format!("the engine exited ({status})"),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10))
                }
                _ => return "the engine closed its output".to_string(),
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // The end of its input too, for one that reads on (a pipeline of several programs).
        self.stdin = None;
        let deadline = Instant::now() + QUIT_GRACE;
        while self.is_running() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        // Killing one that has exited fails harmlessly; waiting reaps it either way.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
