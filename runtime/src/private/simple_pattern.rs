//! A matcher for the simple patterns schemas use most (`^\d+\.\d+$`, `^[a-z][a-z0-9_]*$`,
//! `^[A-Z]{2}$`), without a regex engine.
//!
//! A pattern qualifies when it is a sequence of single-character atoms (a literal, an
//! escaped punctuation character, `.`, `\d`, `\D`, `\w`, `\W`, or a character class
//! without nested escapes other than `\d`, `\w` and escaped punctuation), each with an
//! optional greedy quantifier (`?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}`), optionally anchored
//! by `^` and `$`; and when every repeated atom's characters are disjoint from those of the
//! atoms that may follow it, up to the first one that must match at least once. Then
//! taking as many characters as possible at each atom (no backtracking) finds a match at a
//! position exactly when ECMA-262's backtracking search does, so the result equals
//! `regress`'s. Any other pattern is left to `regress` ([`crate::__private::regex`]).

/// A set of characters: ranges, or their complement.
#[derive(Debug, Clone, PartialEq)]
struct CharSet {
    ranges: Vec<(char, char)>,
    negated: bool,
}

impl CharSet {
    fn one(c: char) -> CharSet {
        CharSet {
            ranges: vec![(c, c)],
            negated: false,
        }
    }

    fn contains(&self, c: char) -> bool {
        self.ranges.iter().any(|&(lo, hi)| lo <= c && c <= hi) != self.negated
    }

    /// Whether no character is in both sets (`false` when unsure).
    fn disjoint(&self, other: &CharSet) -> bool {
        match (self.negated, other.negated) {
            (false, false) => self
                .ranges
                .iter()
                .all(|&(a, b)| other.ranges.iter().all(|&(c, d)| b < c || d < a)),
            // `other` is a complement: disjoint when `self` lies inside `other`'s ranges.
            (false, true) => covered(&self.ranges, &other.ranges),
            (true, false) => covered(&other.ranges, &self.ranges),
            (true, true) => false,
        }
    }
}

/// Whether every range of `inner` lies within one range of `outer`.
fn covered(inner: &[(char, char)], outer: &[(char, char)]) -> bool {
    inner
        .iter()
        .all(|&(a, b)| outer.iter().any(|&(c, d)| c <= a && b <= d))
}

const DIGIT: &[(char, char)] = &[('0', '9')];
const WORD: &[(char, char)] = &[('0', '9'), ('A', 'Z'), ('_', '_'), ('a', 'z')];
/// What `.` does not match (ECMA-262 line terminators).
const LINE_TERMINATORS: &[(char, char)] = &[('\n', '\n'), ('\r', '\r'), ('\u{2028}', '\u{2029}')];

#[derive(Debug, Clone, PartialEq)]
struct Atom {
    set: CharSet,
    /// The ASCII characters of `set`, bit `b` for byte `b`: a match tests a byte, not a
    /// decoded character against ranges, where the input is ASCII.
    ascii: u128,
    min: u32,
    max: Option<u32>,
}

impl Atom {
    fn new(set: CharSet, min: u32, max: Option<u32>) -> Atom {
        let ascii = (0u8..128)
            .filter(|&b| set.contains(char::from(b)))
            .fold(0u128, |bits, b| bits | 1 << b);
        Atom {
            set,
            ascii,
            min,
            max,
        }
    }
}

/// A compiled simple pattern.
#[derive(Debug, Clone, PartialEq)]
pub struct SimplePattern {
    start: bool,
    end: bool,
    atoms: Vec<Atom>,
}

const SYNTAX: &str = "^$\\.*+?()[]{}|/";

fn escape_set(c: char) -> Option<CharSet> {
    let set = |ranges: &[(char, char)], negated| CharSet {
        ranges: ranges.to_vec(),
        negated,
    };
    match c {
        'd' => Some(set(DIGIT, false)),
        'D' => Some(set(DIGIT, true)),
        'w' => Some(set(WORD, false)),
        'W' => Some(set(WORD, true)),
        // Escaped punctuation stands for itself (with the `u` flag, only syntax
        // characters may be escaped).
        c if SYNTAX.contains(c) || c == '-' => Some(CharSet::one(c)),
        _ => None,
    }
}

fn parse_class(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) -> Option<CharSet> {
    let mut negated = false;
    if chars.peek() == Some(&'^') {
        chars.next();
        negated = true;
    }
    let mut ranges = Vec::new();
    let mut first = true;
    loop {
        let c = chars.next()?;
        if c == ']' && !first {
            break;
        }
        first = false;
        let lo = match c {
            '[' => return None,
            '\\' => {
                let e = chars.next()?;
                match e {
                    'd' => {
                        ranges.extend_from_slice(DIGIT);
                        continue;
                    }
                    'w' => {
                        ranges.extend_from_slice(WORD);
                        continue;
                    }
                    e if SYNTAX.contains(e) || e == '-' => e,
                    _ => return None,
                }
            }
            c => c,
        };
        // A range `lo-hi` (a `-` before `]` is a literal).
        let mut ahead = chars.clone();
        if ahead.next() == Some('-') && !matches!(ahead.peek(), Some(']') | None) {
            chars.next();
            let hi = match chars.next()? {
                '\\' => {
                    let e = chars.next()?;
                    if SYNTAX.contains(e) || e == '-' {
                        e
                    } else {
                        return None;
                    }
                }
                '[' => return None,
                h => h,
            };
            if hi < lo {
                return None;
            }
            ranges.push((lo, hi));
        } else {
            ranges.push((lo, lo));
        }
    }
    Some(CharSet { ranges, negated })
}

fn parse_number(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) -> Option<u32> {
    let mut n: u32 = 0;
    let mut any = false;
    while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
        chars.next();
        n = n.checked_mul(10)?.checked_add(d)?;
        any = true;
    }
    any.then_some(n)
}

impl SimplePattern {
    /// Compiles `pattern` if it is simple (see the module docs); `None` otherwise.
    pub fn new(pattern: &str) -> Option<SimplePattern> {
        let mut chars = pattern.chars().peekable();
        let start = chars.peek() == Some(&'^');
        if start {
            chars.next();
        }
        let mut atoms = Vec::new();
        let mut end = false;
        while let Some(c) = chars.next() {
            if end {
                return None;
            }
            let set = match c {
                '$' => {
                    end = true;
                    continue;
                }
                '\\' => escape_set(chars.next()?)?,
                '[' => parse_class(&mut chars)?,
                '.' => CharSet {
                    ranges: LINE_TERMINATORS.to_vec(),
                    negated: true,
                },
                c if SYNTAX.contains(c) && c != '/' => return None,
                c => CharSet::one(c),
            };
            let (min, max) = match chars.peek() {
                Some('?') => (0, Some(1)),
                Some('*') => (0, None),
                Some('+') => (1, None),
                Some('{') => {
                    chars.next();
                    let n = parse_number(&mut chars)?;
                    let q = match chars.next()? {
                        '}' => (n, Some(n)),
                        ',' => {
                            if chars.peek() == Some(&'}') {
                                chars.next();
                                (n, None)
                            } else {
                                let m = parse_number(&mut chars)?;
                                if chars.next()? != '}' || m < n {
                                    return None;
                                }
                                (n, Some(m))
                            }
                        }
                        _ => return None,
                    };
                    // Lazy or possessive-looking suffixes are not simple.
                    if matches!(chars.peek(), Some('?' | '+' | '*' | '{')) {
                        return None;
                    }
                    atoms.push(Atom::new(set, q.0, q.1));
                    continue;
                }
                _ => (1, Some(1)),
            };
            if max != Some(1) || min != 1 {
                chars.next();
                if matches!(chars.peek(), Some('?' | '+' | '*' | '{')) {
                    return None;
                }
            }
            atoms.push(Atom::new(set, min, max));
        }
        let p = SimplePattern { start, end, atoms };
        p.greedy_is_exact().then_some(p)
    }

    /// Whether taking as much as possible at each atom finds every match backtracking
    /// finds: each repeated atom is disjoint from the atoms that may follow it, up to the
    /// first that must match.
    fn greedy_is_exact(&self) -> bool {
        self.atoms.iter().enumerate().all(|(i, a)| {
            if a.max == Some(a.min) {
                return true;
            }
            for b in &self.atoms[i + 1..] {
                if !a.set.disjoint(&b.set) {
                    return false;
                }
                if b.min > 0 {
                    break;
                }
            }
            true
        })
    }

    /// Whether the atoms match at `s` (greedily); the rest of the input after the match.
    fn match_at<'s>(&self, s: &'s str) -> Option<&'s str> {
        let bytes = s.as_bytes();
        // `at` moves by whole characters, so it is always a character boundary of `s`.
        let mut at = 0;
        for a in &self.atoms {
            let mut n = 0u32;
            while a.max.is_none_or(|m| n < m) {
                let Some(&b) = bytes.get(at) else { break };
                if b.is_ascii() {
                    if (a.ascii >> b) & 1 == 0 {
                        break;
                    }
                    at += 1;
                } else {
                    match s.get(at..).and_then(|rest| rest.chars().next()) {
                        Some(c) if a.set.contains(c) => at += c.len_utf8(),
                        _ => break,
                    }
                }
                n += 1;
            }
            if n < a.min {
                return None;
            }
        }
        s.get(at..)
    }

    /// Whether `s` contains a match.
    pub fn is_match(&self, s: &str) -> bool {
        let ok = |rest: &str| !self.end || rest.is_empty();
        if self.start {
            return self.match_at(s).is_some_and(ok);
        }
        let mut at = 0;
        loop {
            if self.match_at(&s[at..]).is_some_and(ok) {
                return true;
            }
            match s[at..].chars().next() {
                Some(c) => at += c.len_utf8(),
                None => return false,
            }
        }
    }
}
