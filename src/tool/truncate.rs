//! The framework truncator (ToolResponse spec, section 2, "ObservationTruncator"): before
//! a tool's output goes into the history, an output over the line or byte limit is
//! replaced by a fixed wrapper whose `data` is [`TruncatedData`], and the full output is
//! saved to `tool-output/tool_YYYYMMDD_HHMMSS_<Tool>.json`.
//!
//! * The output measured and previewed is the response serialized as pretty-printed JSON
//!   ([`ObservationTruncator::truncate`]), or a rendering the caller gives
//!   ([`ObservationTruncator::truncate_rendered`]); the saved file always holds the full
//!   response as pretty-printed JSON.
//! * An output at the limits (lines `<= max_lines` and bytes `<= max_bytes`) is kept as is;
//!   so is a response with `context.truncation_skip: true`.
//! * The wrapper's status is `partial`, or `error` (with its `error` kept) when the original
//!   was `error`; `stats` and `context` are the original's.
//! * `head` keeps the first lines, `tail` the last; the byte limit then cuts the boundary
//!   line at a character boundary, never inside a UTF-8 sequence. A line is a run of text
//!   ending in `\n` or at the end; a cut line counts as kept.
//! * The file name always has the ToolResponse spec's form
//!   `tool_YYYYMMDD_HHMMSS_<Tool>.json` ([`is_output_path`]): `<Tool>` is the tool's name
//!   in ASCII letters and digits, each word capitalized (`read_file` → `ReadFile`, `Tool`
//!   when nothing is left).
//! * The file is written to a temporary file in `tool-output/` and then linked to its
//!   final name, which fails rather than replace an existing file; on a clash the next
//!   second is tried (`…_143046_Read.json` after `…_143045_Read.json`), so the name keeps
//!   the ToolResponse spec's pattern and its time is never earlier than the truncation's.
//!   Where hard links are unsupported, a rename to a name checked free just before is
//!   used instead.
//! * Timestamps are UTC, from an injectable [`Clock`].

use super::error_code::{ErrorCode, ToolFailure};
use crate::tool_data::truncation::{
    TruncatedData, TruncatedDataTruncated, Truncation, TruncationDirection,
};
use crate::tool_response::{ToolResponse, ToolResponseStatus};
use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// The directory, under the output root, that full outputs are written to.
pub const OUTPUT_DIR: &str = "tool-output";

/// The limits of an observation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// At most this many lines are kept.
    pub max_lines: u64,
    /// At most this many bytes (UTF-8) are kept.
    pub max_bytes: u64,
    /// Which end is kept.
    pub direction: TruncationDirection,
}

impl Limits {
    /// The ToolResponse spec's example limits: 2000 lines, 51200 bytes, head.
    pub const DEFAULT: Limits = Limits {
        max_lines: 2000,
        max_bytes: 51200,
        direction: TruncationDirection::Head,
    };
}

impl Default for Limits {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// The time source for output file names.
pub trait Clock {
    /// The current time.
    fn now(&self) -> SystemTime;
}

/// The system clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> SystemTime {
        SystemTime::now()
    }
}

/// A clock stopped at one instant (for tests and replays).
#[derive(Debug, Clone, Copy)]
pub struct FixedClock(pub SystemTime);

impl Clock for FixedClock {
    fn now(&self) -> SystemTime {
        self.0
    }
}

/// What the truncator made of a response.
#[derive(Debug, Clone, PartialEq)]
pub enum Observation<D> {
    /// Within the limits, or `truncation_skip` set: the response, unchanged.
    Kept(ToolResponse<D>),
    /// Over a limit: the wrapper (the full output is at
    /// `data.truncation.full_output_path`).
    Truncated(ToolResponse<TruncatedData>),
}

/// The framework truncator: limits, the root that `tool-output/` is created under, and
/// a clock.
#[derive(Debug, Clone)]
pub struct ObservationTruncator<C = SystemClock> {
    limits: Limits,
    output_root: PathBuf,
    clock: C,
}

impl ObservationTruncator<SystemClock> {
    /// A truncator writing full outputs under `output_root/tool-output/`, with the system
    /// clock.
    pub fn new(output_root: impl Into<PathBuf>, limits: Limits) -> Self {
        Self {
            limits,
            output_root: output_root.into(),
            clock: SystemClock,
        }
    }
}

impl<C: Clock> ObservationTruncator<C> {
    /// The same truncator with another clock.
    pub fn with_clock<C2: Clock>(self, clock: C2) -> ObservationTruncator<C2> {
        ObservationTruncator {
            limits: self.limits,
            output_root: self.output_root,
            clock,
        }
    }

    /// The limits.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Truncates `response` of the tool named `tool`, measuring its pretty-printed JSON.
    /// Fails (`EXECUTION_ERROR` or the I/O error's code) only when the response cannot be
    /// serialized or the full output cannot be written.
    pub fn truncate<D: serde::Serialize>(
        &self,
        tool: &str,
        response: ToolResponse<D>,
    ) -> Result<Observation<D>, ToolFailure> {
        let rendered = to_json(&response)?;
        self.truncate_rendered(tool, response, &rendered)
    }

    /// Truncates `response`, measuring and previewing `rendered` (the tool's output text
    /// as the history would hold it).
    pub fn truncate_rendered<D: serde::Serialize>(
        &self,
        tool: &str,
        response: ToolResponse<D>,
        rendered: &str,
    ) -> Result<Observation<D>, ToolFailure> {
        if response.context.truncation_skip == Some(true) || self.fits(rendered) {
            return Ok(Observation::Kept(response));
        }
        let cut = cut(rendered, self.limits);
        let full = to_json(&response)?;
        let full_output_path = self.save(tool, &full)?;
        let truncation = Truncation {
            direction: self.limits.direction,
            max_lines: self.limits.max_lines,
            max_bytes: self.limits.max_bytes,
            original_lines: count_lines(rendered),
            original_bytes: len(rendered),
            kept_lines: count_lines(cut),
            kept_bytes: len(cut),
            full_output_path,
        };
        let text = wrapper_text(&response, &truncation);
        let (status, error) = match response.status {
            ToolResponseStatus::Error => (ToolResponseStatus::Error, response.error),
            _ => (
                ToolResponseStatus::Partial,
                response.error.filter(|e| e.is_none()),
            ),
        };
        Ok(Observation::Truncated(ToolResponse {
            status,
            data: TruncatedData {
                truncated: TruncatedDataTruncated::True,
                truncation,
                preview: cut.to_owned(),
            },
            text,
            error,
            stats: response.stats,
            context: response.context,
        }))
    }

    fn fits(&self, rendered: &str) -> bool {
        count_lines(rendered) <= self.limits.max_lines && len(rendered) <= self.limits.max_bytes
    }

    /// Writes `full` to a new file in `tool-output/`; returns its path relative to the
    /// output root, POSIX.
    fn save(&self, tool: &str, full: &str) -> Result<String, ToolFailure> {
        let dir = self.output_root.join(OUTPUT_DIR);
        fs::create_dir_all(&dir)
            .map_err(|e| ToolFailure::io(format!("creating '{}'", dir.display()), &e))?;
        let tool_part = tool_name(tool);
        let temp = write_temp(&dir, &format!("tool_{tool_part}"), full)?;
        let claimed = claim(&dir, self.clock.now(), &tool_part, &temp);
        let _ = fs::remove_file(&temp); // a leftover temp file only wastes space
        let name = claimed
            .map_err(|e| ToolFailure::io(format!("saving the full output of {tool}"), &e))?;
        Ok(format!("{OUTPUT_DIR}/{name}"))
    }
}

fn to_json<T: serde::Serialize>(value: &T) -> Result<String, ToolFailure> {
    serde_json::to_string_pretty(value).map_err(|e| {
        ToolFailure::new(
            ErrorCode::ExecutionError,
            format!("cannot serialize the tool output: {e}"),
        )
    })
}

fn len(text: &str) -> u64 {
    u64::try_from(text.len()).unwrap_or(u64::MAX)
}

/// Lines: runs ending in `\n`, plus a final run without one. `""` has 0 lines.
pub fn count_lines(text: &str) -> u64 {
    u64::try_from(text.split_inclusive('\n').count()).unwrap_or(u64::MAX)
}

/// The kept part of `text` under `limits`: whole lines from the kept end while both limits
/// allow, then as much of the next line as the byte limit allows, cut at a character
/// boundary.
pub fn cut(text: &str, limits: Limits) -> &str {
    let max_bytes = usize::try_from(limits.max_bytes).unwrap_or(usize::MAX);
    let mut lines_left = limits.max_lines;
    let mut kept = 0usize; // bytes
    let head = limits.direction == TruncationDirection::Head;
    let mut pieces: Box<dyn Iterator<Item = &str>> = if head {
        Box::new(text.split_inclusive('\n'))
    } else {
        Box::new(text.split_inclusive('\n').rev())
    };
    while lines_left > 0 {
        let Some(line) = pieces.next() else { break };
        let room = max_bytes.saturating_sub(kept);
        if line.len() <= room {
            kept += line.len();
            lines_left -= 1;
            continue;
        }
        kept += if head {
            floor_boundary(line, room)
        } else {
            line.len() - ceil_boundary(line, line.len() - room)
        };
        break;
    }
    if head {
        text.get(..kept).unwrap_or("")
    } else {
        text.get(text.len() - kept..).unwrap_or("")
    }
}

/// The largest char boundary `<= at`.
fn floor_boundary(s: &str, at: usize) -> usize {
    (0..=at.min(s.len()))
        .rev()
        .find(|&i| s.is_char_boundary(i))
        .unwrap_or(0)
}

/// The smallest char boundary `>= at`.
fn ceil_boundary(s: &str, at: usize) -> usize {
    (at..=s.len())
        .find(|&i| s.is_char_boundary(i))
        .unwrap_or(s.len())
}

fn wrapper_text<D>(response: &ToolResponse<D>, t: &Truncation) -> String {
    let end = match t.direction {
        TruncationDirection::Head => "first",
        TruncationDirection::Tail => "last",
    };
    let failed = match response.error.as_ref().and_then(Option::as_ref) {
        Some(e) if response.status == ToolResponseStatus::Error => {
            format!(" The tool failed: Error {}: {}.", e.code, e.message)
        }
        _ => String::new(),
    };
    format!(
        "⚠️ Output too large, truncated: kept the {end} {} of {} lines ({} of {} bytes).{failed} \
         The full output is in {}. Read that file in pages, or narrow the request.",
        t.kept_lines, t.original_lines, t.kept_bytes, t.original_bytes, t.full_output_path
    )
}

/// `tool` as the `<Tool>` part of the file name: its ASCII letters and digits, each run
/// (word) starting with an upper-case letter (`read_file` → `ReadFile`, `Grep` → `Grep`),
/// at most 64 characters; `Tool` when none is left.
fn tool_name(tool: &str) -> String {
    let mut name = String::new();
    for word in tool.split(|c: char| !c.is_ascii_alphanumeric()) {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            name.push(first.to_ascii_uppercase());
            name.extend(chars);
        }
    }
    name.truncate(64);
    if name.is_empty() {
        "Tool".to_owned()
    } else {
        name
    }
}

/// Whether `path` has the ToolResponse spec's form
/// `tool-output/tool_YYYYMMDD_HHMMSS_<Tool>.json`, `<Tool>` one or more ASCII letters and
/// digits.
pub fn is_output_path(path: &str) -> bool {
    let Some(rest) = path
        .strip_prefix(OUTPUT_DIR)
        .and_then(|r| r.strip_prefix("/tool_"))
    else {
        return false;
    };
    let Some(rest) = rest.strip_suffix(".json") else {
        return false;
    };
    let b = rest.as_bytes();
    let digits =
        |r: std::ops::Range<usize>| b.get(r).is_some_and(|d| d.iter().all(u8::is_ascii_digit));
    b.len() > 16
        && digits(0..8)
        && b[8] == b'_'
        && digits(9..15)
        && b[15] == b'_'
        && b[16..].iter().all(u8::is_ascii_alphanumeric)
}

/// `YYYYMMDD_HHMMSS` in UTC (times before 1970 read as 1970-01-01).
pub fn timestamp(time: SystemTime) -> String {
    let secs = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    let rem = secs % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}{m:02}{d:02}_{:02}{:02}{:02}",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// Days since 1970-01-01 to a proleptic Gregorian date (H. Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

/// Writes `content` to a new temporary file in `dir` and syncs it.
fn write_temp(dir: &Path, stem: &str, content: &str) -> Result<PathBuf, ToolFailure> {
    loop {
        let n = TEMP_COUNTER.fetch_add(1, Ordering::Relaxed);
        let temp = dir.join(format!(".{stem}.{}.{n}.tmp", std::process::id()));
        let mut file = match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
        {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => {
                return Err(ToolFailure::io(
                    format!("creating '{}'", temp.display()),
                    &e,
                ))
            }
        };
        let written = file
            .write_all(content.as_bytes())
            .and_then(|()| file.sync_all());
        if let Err(e) = written {
            let _ = fs::remove_file(&temp);
            return Err(ToolFailure::io(format!("writing '{}'", temp.display()), &e));
        }
        return Ok(temp);
    }
}

/// How many seconds after the truncation [`claim`] looks for a free name.
const MAX_CLAIM_SECONDS: u64 = 86_400;

/// Gives `temp` the first free name `tool_<time>_<tool>.json`, `time` from `now` on in
/// steps of a second, never replacing an existing file; returns the name.
fn claim(dir: &Path, now: SystemTime, tool: &str, temp: &Path) -> io::Result<String> {
    for second in 0..MAX_CLAIM_SECONDS {
        let at = now + std::time::Duration::from_secs(second);
        let name = format!("tool_{}_{tool}.json", timestamp(at));
        let target = dir.join(&name);
        match fs::hard_link(temp, &target) {
            Ok(()) => return Ok(name),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(_) => {
                // No hard links here: rename to a name that is free now.
                if fs::symlink_metadata(&target).is_ok() {
                    continue;
                }
                fs::rename(temp, &target)?;
                return Ok(name);
            }
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        "no free output file name",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn limits(max_lines: u64, max_bytes: u64, direction: TruncationDirection) -> Limits {
        Limits {
            max_lines,
            max_bytes,
            direction,
        }
    }

    #[test]
    fn timestamp_is_utc_yyyymmdd_hhmmss() {
        let t = UNIX_EPOCH + Duration::from_secs(1_771_425_045); // 2026-02-18 14:30:45 UTC
        assert_eq!(timestamp(t), "20260218_143045");
        assert_eq!(timestamp(UNIX_EPOCH), "19700101_000000");
        let leap = UNIX_EPOCH + Duration::from_secs(951_782_400); // 2000-02-29
        assert_eq!(timestamp(leap), "20000229_000000");
    }

    #[test]
    fn cut_keeps_whole_lines_then_a_char_boundary_prefix() {
        let head = TruncationDirection::Head;
        let tail = TruncationDirection::Tail;
        assert_eq!(cut("a\nb\nc\n", limits(2, 100, head)), "a\nb\n");
        assert_eq!(cut("a\nb\nc\n", limits(2, 100, tail)), "b\nc\n");
        assert_eq!(cut("héllo", limits(9, 2, head)), "h");
        assert_eq!(cut("héllo", limits(9, 3, head)), "hé");
        assert_eq!(cut("héllo", limits(9, 4, tail)), "llo");
        assert_eq!(cut("abc", limits(0, 100, head)), "");
        assert_eq!(cut("", limits(5, 5, head)), "");
    }

    #[test]
    fn line_count_counts_a_final_unterminated_line() {
        assert_eq!(count_lines(""), 0);
        assert_eq!(count_lines("a"), 1);
        assert_eq!(count_lines("a\n"), 1);
        assert_eq!(count_lines("a\nb"), 2);
    }

    #[test]
    fn tool_names_are_sanitized_for_file_names() {
        assert_eq!(tool_name("Grep"), "Grep");
        assert_eq!(tool_name("read_file"), "ReadFile");
        assert_eq!(tool_name("../x y"), "XY");
        assert_eq!(tool_name("é"), "Tool");
        assert_eq!(tool_name(""), "Tool");
    }

    #[test]
    fn output_paths_follow_the_seed_pattern() {
        assert!(is_output_path("tool-output/tool_20260218_143045_Read.json"));
        for bad in [
            "tool-output/tool_20260218_143045_Read_2.json",
            "tool-output/tool_20260218_143045_read_file.json",
            "tool-output/tool_20260218_143045_.json",
            "tool-output/tool_2026021_143045_Read.json",
            "out/tool_20260218_143045_Read.json",
            "tool-output/tool_20260218_143045_Read.txt",
        ] {
            assert!(!is_output_path(bad), "{bad}");
        }
    }
}
