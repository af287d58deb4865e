//! [`Timestamp`]: a UTC time in the one form section 4.2 allows,
//! `YYYY-MM-DDTHH:MM:SS[.sss]Z`.
//!
//! The fraction, when present, is exactly three digits (milliseconds): the spec writes
//! `[.sss]` as it writes `YYYY`, one letter per digit. `T` and `Z` are upper case; no
//! offset other than `Z`; the date must exist (leap years included); hours 00–23,
//! minutes and seconds 00–59 (no leap second).

use super::ContractError;
use std::time::{SystemTime, UNIX_EPOCH};

/// A timestamp in the section 4.2 form. The only ways to get one check the form.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp(String);

impl Timestamp {
    /// Accepts `text` if it is `YYYY-MM-DDTHH:MM:SS[.sss]Z` and a real UTC time.
    pub fn parse(text: &str) -> Result<Timestamp, ContractError> {
        match check(text) {
            Ok(()) => Ok(Timestamp(text.to_owned())),
            Err(reason) => Err(ContractError::Timestamp {
                value: text.to_owned(),
                reason: reason.to_owned(),
            }),
        }
    }

    /// The current time, with milliseconds.
    pub fn now() -> Timestamp {
        Timestamp::from_system_time(SystemTime::now())
    }

    /// `time` in UTC, with milliseconds (truncated). Times before 1970 or after 9999
    /// are clamped to those years' bounds.
    pub fn from_system_time(time: SystemTime) -> Timestamp {
        let millis = match time.duration_since(UNIX_EPOCH) {
            Ok(d) => i64::try_from(d.as_millis()).unwrap_or(i64::MAX),
            Err(_) => 0,
        };
        Timestamp::from_unix_millis(millis)
    }

    /// Milliseconds since 1970-01-01T00:00:00Z, clamped to 1970..=9999.
    pub fn from_unix_millis(millis: i64) -> Timestamp {
        const MAX: i64 = 253_402_300_799_999; // 9999-12-31T23:59:59.999Z
        let millis = millis.clamp(0, MAX);
        let (secs, ms) = (millis.div_euclid(1000), millis.rem_euclid(1000));
        let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
        let (y, m, d) = civil_from_days(days);
        Timestamp(format!(
            "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{ms:03}Z",
            rem / 3600,
            rem / 60 % 60,
            rem % 60
        ))
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The date as `YYYYMMDD` (the prefix of a [`run_id`](super::run_id)).
    pub fn compact_date(&self) -> String {
        self.0[..10].replace('-', "")
    }
}

impl std::fmt::Display for Timestamp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn check(text: &str) -> Result<(), &'static str> {
    let b = text.as_bytes();
    if !text.ends_with('Z') {
        return Err("it must end in an upper-case 'Z' (UTC; no other offset)");
    }
    if !(b.len() == 20 || b.len() == 24) {
        if b.get(19) == Some(&b'.') {
            return Err("fractional seconds must be exactly three digits (.sss)");
        }
        return Err("expected 20 characters, or 24 with .sss milliseconds");
    }
    let digits = |range: std::ops::Range<usize>| -> Result<u32, &'static str> {
        let mut n = 0u32;
        for &c in &b[range] {
            if !c.is_ascii_digit() {
                return Err("a digit is expected where the form has Y, M, D, H, M, S or s");
            }
            n = n * 10 + u32::from(c - b'0');
        }
        Ok(n)
    };
    let at = |i: usize, c: u8, what: &'static str| {
        if b[i] == c {
            Ok(())
        } else {
            Err(what)
        }
    };
    let year = digits(0..4)?;
    at(4, b'-', "expected '-' after the year")?;
    let month = digits(5..7)?;
    at(7, b'-', "expected '-' after the month")?;
    let day = digits(8..10)?;
    at(10, b'T', "expected an upper-case 'T' between date and time")?;
    let hour = digits(11..13)?;
    at(13, b':', "expected ':' after the hour")?;
    let minute = digits(14..16)?;
    at(16, b':', "expected ':' after the minutes")?;
    let second = digits(17..19)?;
    if b.len() == 24 {
        at(
            19,
            b'.',
            "expected '.' and three digits of milliseconds, or 'Z'",
        )?;
        digits(20..23)?;
    }
    if !(1..=12).contains(&month) {
        return Err("the month is not 01-12");
    }
    if day == 0 || day > days_in_month(year, month) {
        return Err("the day does not exist in that month");
    }
    if hour > 23 {
        return Err("the hour is not 00-23");
    }
    if minute > 59 {
        return Err("the minutes are not 00-59");
    }
    if second > 59 {
        return Err("the seconds are not 00-59");
    }
    Ok(())
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// (year, month, day) of a day count since 1970-01-01 (H. Hinnant's algorithm).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unix_millis_format_as_utc() {
        assert_eq!(
            Timestamp::from_unix_millis(0).as_str(),
            "1970-01-01T00:00:00.000Z"
        );
        // 2026-02-18T14:30:45.123Z
        assert_eq!(
            Timestamp::from_unix_millis(1_771_425_045_123).as_str(),
            "2026-02-18T14:30:45.123Z"
        );
        // 2024-02-29T23:59:59.999Z, a leap day
        assert_eq!(
            Timestamp::from_unix_millis(1_709_251_199_999).as_str(),
            "2024-02-29T23:59:59.999Z"
        );
        assert_eq!(
            Timestamp::from_unix_millis(i64::MAX).as_str(),
            "9999-12-31T23:59:59.999Z"
        );
        assert_eq!(
            Timestamp::from_unix_millis(-5).as_str(),
            "1970-01-01T00:00:00.000Z"
        );
    }

    #[test]
    fn every_generated_timestamp_parses() {
        let mut ms: i64 = 0;
        while ms < 253_402_300_799_999 {
            let t = Timestamp::from_unix_millis(ms);
            assert_eq!(Timestamp::parse(t.as_str()), Ok(t.clone()), "{t}");
            ms += 7_777_777_777; // about 90 days, varying time of day
        }
    }
}
