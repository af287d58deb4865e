//! `format` predicates: Dates, times and durations (RFC 3339).

/// `date-time`: RFC 3339 `date-time` (`full-date "T" full-time`, `T` and `Z` in either
/// case; see [`is_time`] for leap seconds).
pub fn is_date_time(s: &str) -> bool {
    let b = s.as_bytes();
    match (b.get(..10), b.get(10), b.get(11..)) {
        (Some(date), Some(b'T' | b't'), Some(time)) => full_date(date) && full_time(time),
        _ => false,
    }
}

/// `date`: RFC 3339 `full-date` (`YYYY-MM-DD`, a real Gregorian calendar day).
pub fn is_date(s: &str) -> bool {
    full_date(s.as_bytes())
}

/// `time`: RFC 3339 `full-time` (`HH:MM:SS[.frac]` and a required `Z` or `±HH:MM`
/// offset). Second `60` is accepted only when the UTC time is `23:59`.
pub fn is_time(s: &str) -> bool {
    full_time(s.as_bytes())
}

/// The value of an all-ASCII-digit byte string (at most four digits are ever passed).
pub(super) fn decimal(b: &[u8]) -> Option<u32> {
    if b.is_empty() || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(b.iter().fold(0, |n, d| n * 10 + u32::from(d - b'0')))
}

pub(super) fn full_date(b: &[u8]) -> bool {
    let [y0, y1, y2, y3, b'-', m0, m1, b'-', d0, d1] = b else {
        return false;
    };
    let (Some(year), Some(month), Some(day)) = (
        decimal(&[*y0, *y1, *y2, *y3]),
        decimal(&[*m0, *m1]),
        decimal(&[*d0, *d1]),
    ) else {
        return false;
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
}

pub(super) fn full_time(b: &[u8]) -> bool {
    let [h0, h1, b':', m0, m1, b':', s0, s1, rest @ ..] = b else {
        return false;
    };
    let (Some(hour), Some(minute), Some(second)) = (
        decimal(&[*h0, *h1]),
        decimal(&[*m0, *m1]),
        decimal(&[*s0, *s1]),
    ) else {
        return false;
    };
    // time-secfrac = "." 1*DIGIT
    let rest = match rest {
        [b'.', frac @ ..] => {
            let digits = frac.iter().take_while(|d| d.is_ascii_digit()).count();
            if digits == 0 {
                return false;
            }
            &frac[digits..]
        }
        _ => rest,
    };
    // time-offset = "Z" / time-numoffset; the offset in minutes east of UTC.
    let offset: i64 = match rest {
        [b'Z' | b'z'] => 0,
        [sign @ (b'+' | b'-'), oh0, oh1, b':', om0, om1] => {
            let (Some(oh), Some(om)) = (decimal(&[*oh0, *oh1]), decimal(&[*om0, *om1])) else {
                return false;
            };
            if oh > 23 || om > 59 {
                return false;
            }
            let minutes = i64::from(oh * 60 + om);
            if *sign == b'-' {
                -minutes
            } else {
                minutes
            }
        }
        _ => return false,
    };
    if hour > 23 || minute > 59 || second > 60 {
        return false;
    }
    if second == 60 {
        let utc = (i64::from(hour * 60 + minute) - offset).rem_euclid(24 * 60);
        return utc == 23 * 60 + 59;
    }
    true
}

/// `duration`: RFC 3339 appendix A ISO 8601 duration, e.g. `P1Y2M3DT4H5M6S`, `PT36H`,
/// `P2W` (weeks stand alone; components are contiguous and in order; no fractions).
pub fn is_duration(s: &str) -> bool {
    let Some(rest) = s.strip_prefix('P') else {
        return false;
    };
    let (date, time) = match rest.split_once('T') {
        Some((date, time)) => (date, Some(time)),
        None => (rest, None),
    };
    if time.is_none() {
        if let Some(weeks) = date.strip_suffix('W') {
            return decimal_digits(weeks);
        }
    }
    let Some(date_parts) = duration_components(date, b"YMD") else {
        return false;
    };
    match time {
        None => date_parts > 0,
        Some(time) => duration_components(time, b"HMS").is_some_and(|n| n > 0),
    }
}

pub(super) fn decimal_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Parses `1*DIGIT unit` components whose units form a contiguous run of `units` in
/// order (`Y`, `YM`, `YMD`, `M`, `MD`, `D`); returns how many there are.
pub(super) fn duration_components(s: &str, units: &[u8]) -> Option<usize> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut count = 0;
    let mut next_unit: Option<usize> = None;
    while i < b.len() {
        let digits = b[i..].iter().take_while(|d| d.is_ascii_digit()).count();
        if digits == 0 {
            return None;
        }
        i += digits;
        let unit = units.iter().position(|u| Some(u) == b.get(i))?;
        if next_unit.is_some_and(|expected| expected != unit) {
            return None;
        }
        next_unit = Some(unit + 1);
        count += 1;
        i += 1;
    }
    Some(count)
}
