//! IDNA2008 (RFC 5890–5893) and Punycode (RFC 3492), for `hostname`, `idn-hostname` and
//! `idn-email`.

use regress::Regex;
use std::sync::OnceLock;

/// Whether an ASCII label starts with the ACE prefix `xn--` (in any case).
pub(super) fn has_ace_prefix(label: &str) -> bool {
    label
        .get(..4)
        .is_some_and(|prefix| prefix.eq_ignore_ascii_case("xn--"))
}

/// Decodes an ASCII `xn--` label into its U-label if it is a valid A-label: canonical
/// Punycode (it re-encodes to itself) of a valid U-label with a non-ASCII character.
pub(super) fn decode_a_label(label: &str) -> Option<Vec<char>> {
    let lower = label.to_ascii_lowercase();
    let encoded = lower.get(4..)?;
    let u_label = punycode::decode(encoded)?;
    let canonical = u_label.iter().any(|c| !c.is_ascii())
        && punycode::encode(&u_label).as_deref() == Some(encoded)
        && u_label_ok(&u_label);
    canonical.then_some(u_label)
}

/// RFC 5891 section 5.4 U-label checks, except NFC: hyphen placement, no leading
/// combining mark, and every code point PVALID or allowed by its context rule. ASCII
/// letters must already be lower-cased.
pub(super) fn u_label_ok(label: &[char]) -> bool {
    let (Some(&first), Some(&last)) = (label.first(), label.last()) else {
        return false;
    };
    if first == '-' || last == '-' || (label.get(2) == Some(&'-') && label.get(3) == Some(&'-')) {
        return false;
    }
    let Some(props) = Props::get() else {
        return false;
    };
    if props.mark.is(first) {
        return false;
    }
    label
        .iter()
        .enumerate()
        .all(|(i, &c)| match class(props, c) {
            Class::Pvalid => true,
            Class::ContextJ => context_j(props, label, i),
            Class::ContextO => context_o(props, label, i),
            Class::Disallowed => false,
        })
}

enum Class {
    Pvalid,
    ContextJ,
    ContextO,
    Disallowed,
}

/// The RFC 5892 section 3 derivation of a code point's IDNA2008 property.
fn class(props: &Props, c: char) -> Class {
    match c {
        'a'..='z' | '0'..='9' | '-' => Class::Pvalid,
        _ if c.is_ascii() => Class::Disallowed,
        // Exceptions (section 2.6).
        '\u{DF}' | '\u{3C2}' | '\u{6FD}' | '\u{6FE}' | '\u{F0B}' | '\u{3007}' => Class::Pvalid,
        '\u{B7}' | '\u{375}' | '\u{5F3}' | '\u{5F4}' | '\u{30FB}' => Class::ContextO,
        '\u{660}'..='\u{669}' | '\u{6F0}'..='\u{6F9}' => Class::ContextO,
        '\u{640}' | '\u{7FA}' | '\u{302E}' | '\u{302F}' | '\u{3031}'..='\u{3035}' => {
            Class::Disallowed
        }
        '\u{303B}' => Class::Disallowed,
        // JoinControl.
        '\u{200C}' | '\u{200D}' => Class::ContextJ,
        // LetterDigits minus Unstable, IgnorableProperties, IgnorableBlocks and
        // OldHangulJamo; unassigned code points are not LetterDigits.
        _ if props.pvalid.is(c) => Class::Pvalid,
        _ => Class::Disallowed,
    }
}

/// RFC 5892 appendix A.1 (ZERO WIDTH NON-JOINER) and A.2 (ZERO WIDTH JOINER).
fn context_j(props: &Props, label: &[char], i: usize) -> bool {
    if i > 0
        && label
            .get(i - 1)
            .is_some_and(|&c| VIRAMA.contains(&u32::from(c)))
    {
        return true;
    }
    if label.get(i) != Some(&'\u{200C}') {
        return false;
    }
    // (Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})
    let before = label[..i]
        .iter()
        .rev()
        .map(|&c| joining_type(props, c))
        .find(|&t| t != b'T');
    let after = label[i + 1..]
        .iter()
        .map(|&c| joining_type(props, c))
        .find(|&t| t != b'T');
    matches!(before, Some(b'L' | b'D')) && matches!(after, Some(b'R' | b'D'))
}

/// RFC 5892 appendix A.3 to A.9.
fn context_o(props: &Props, label: &[char], i: usize) -> bool {
    let before = i.checked_sub(1).and_then(|j| label.get(j)).copied();
    let after = label.get(i + 1).copied();
    match label.get(i).copied() {
        Some('\u{B7}') => before == Some('l') && after == Some('l'),
        Some('\u{375}') => after.is_some_and(|c| props.greek.is(c)),
        Some('\u{5F3}' | '\u{5F4}') => before.is_some_and(|c| props.hebrew.is(c)),
        Some('\u{30FB}') => label
            .iter()
            .any(|&c| c != '\u{30FB}' && props.kana_han.is(c)),
        Some('\u{660}'..='\u{669}') => !label.iter().any(|c| matches!(c, '\u{6F0}'..='\u{6F9}')),
        Some('\u{6F0}'..='\u{6F9}') => !label.iter().any(|c| matches!(c, '\u{660}'..='\u{669}')),
        _ => false,
    }
}

fn joining_type(props: &Props, c: char) -> u8 {
    let cp = u32::from(c);
    if c == '\u{200C}' || c == '\u{200D}' || JOINING_NOT_T.contains(&cp) {
        // ZWNJ is U and ZWJ is C: neither is T, L, R or D.
    } else if props.joining_t.is(c) || in_ranges(JOINING_T_EXTRA, cp) {
        return b'T';
    }
    lookup(JOINING_TABLE, cp).unwrap_or(b'U')
}

/// The Bidi_Class values that PVALID and CONTEXT code points have (`AL` as `R`).
#[derive(Clone, Copy, PartialEq, Eq)]
#[allow(clippy::upper_case_acronyms)] // the Unicode Bidi_Class value names
enum Bidi {
    L,
    R,
    EN,
    AN,
    ES,
    ON,
    BN,
    NSM,
}

fn bidi(props: &Props, c: char) -> Bidi {
    let cp = u32::from(c);
    if c.is_ascii_alphabetic() || BIDI_MARK_L.contains(&cp) {
        Bidi::L
    } else if !c.is_ascii() && props.nsm.is(c) {
        Bidi::NSM
    } else {
        lookup(BIDI_TABLE, cp).unwrap_or(Bidi::L)
    }
}

/// Whether a label contains a right-to-left character (Bidi_Class R, AL or AN),
/// which makes its domain name a Bidi domain name.
pub(super) fn has_rtl(label: &[char]) -> bool {
    Props::get().is_some_and(|props| {
        label
            .iter()
            .any(|&c| matches!(bidi(props, c), Bidi::R | Bidi::AN))
    })
}

/// RFC 5893 section 2: in a Bidi domain name every label must satisfy the Bidi rule.
pub(super) fn bidi_domain_ok(labels: &[Vec<char>]) -> bool {
    !labels.iter().any(|label| has_rtl(label)) || labels.iter().all(|label| bidi_label_ok(label))
}

/// The Bidi rule (RFC 5893 section 2, conditions 1 to 6).
pub(super) fn bidi_label_ok(label: &[char]) -> bool {
    let Some(props) = Props::get() else {
        return false;
    };
    let Some(&first) = label.first() else {
        return false;
    };
    let rtl = match bidi(props, first) {
        Bidi::R => true,
        Bidi::L => false,
        _ => return false,
    };
    let (mut en, mut an) = (false, false);
    let mut last = None;
    for &c in label {
        let class = bidi(props, c);
        let allowed = match class {
            Bidi::L => !rtl,
            Bidi::R | Bidi::AN => rtl,
            Bidi::EN | Bidi::ES | Bidi::ON | Bidi::BN | Bidi::NSM => true,
        };
        if !allowed {
            return false;
        }
        en |= class == Bidi::EN;
        an |= class == Bidi::AN;
        if class != Bidi::NSM {
            last = Some(class);
        }
    }
    if rtl {
        !(en && an) && matches!(last, Some(Bidi::R | Bidi::EN | Bidi::AN))
    } else {
        matches!(last, Some(Bidi::L | Bidi::EN))
    }
}

/// A single-code-point test against a Unicode property class of `regress`.
struct Prop(Regex);

impl Prop {
    fn new(class: &str) -> Option<Prop> {
        Regex::with_flags(&format!("^{class}$"), "u").ok().map(Prop)
    }

    fn is(&self, c: char) -> bool {
        let mut buf = [0; 4];
        self.0.find(c.encode_utf8(&mut buf)).is_some()
    }
}

/// Unicode properties taken from `regress`' tables, compiled once.
struct Props {
    pvalid: Prop,
    mark: Prop,
    nsm: Prop,
    joining_t: Prop,
    greek: Prop,
    hebrew: Prop,
    kana_han: Prop,
}

impl Props {
    fn get() -> Option<&'static Props> {
        static PROPS: OnceLock<Option<Props>> = OnceLock::new();
        PROPS
            .get_or_init(|| {
                Some(Props {
                    pvalid: Prop::new(concat!(
                        // Not Unstable, IgnorableProperties, IgnorableBlocks or
                        // OldHangulJamo ...
                        r"(?![\p{Changes_When_NFKC_Casefolded}\p{Default_Ignorable_Code_Point}",
                        r"\p{White_Space}\p{Noncharacter_Code_Point}",
                        r"\u{20D0}-\u{20FF}\u{1D100}-\u{1D24F}",
                        r"\u{1100}-\u{11FF}\u{A960}-\u{A97F}\u{D7B0}-\u{D7FF}])",
                        // ... but LetterDigits.
                        r"[\p{Ll}\p{Lu}\p{Lo}\p{Nd}\p{Lm}\p{Mn}\p{Mc}]",
                    ))?,
                    mark: Prop::new(r"\p{M}")?,
                    nsm: Prop::new(r"[\p{Mn}\p{Me}]")?,
                    joining_t: Prop::new(r"[\p{Mn}\p{Me}\p{Cf}]")?,
                    greek: Prop::new(r"\p{Script=Greek}")?,
                    hebrew: Prop::new(r"\p{Script=Hebrew}")?,
                    kana_han: Prop::new(r"[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]")?,
                })
            })
            .as_ref()
    }
}

/// Where the inclusive range `lo..=hi` lies relative to `cp`, for a binary search of
/// sorted, disjoint ranges.
fn range_order(lo: u32, hi: u32, cp: u32) -> std::cmp::Ordering {
    if hi < cp {
        std::cmp::Ordering::Less
    } else if lo > cp {
        std::cmp::Ordering::Greater
    } else {
        std::cmp::Ordering::Equal
    }
}

fn in_ranges(ranges: &[(u32, u32)], cp: u32) -> bool {
    ranges
        .binary_search_by(|&(lo, hi)| range_order(lo, hi, cp))
        .is_ok()
}

fn lookup<T: Copy>(table: &[(u32, u32, T)], cp: u32) -> Option<T> {
    table
        .binary_search_by(|&(lo, hi, _)| range_order(lo, hi, cp))
        .ok()
        .and_then(|i| table.get(i))
        .map(|&(_, _, value)| value)
}

// Tables generated from Python's `unicodedata` (Unicode 15.1) and the `idna` package's
// IDNA tables (Unicode 17.0). Code points that are not PVALID or CONTEXT are "don't
// care" and may fall inside a range.

/// Bidi_Class of the PVALID/CONTEXT code points that are neither `L` nor `NSM`
/// (`AL` folded into `R`): `(first, last, class)`, sorted.
#[rustfmt::skip]
const BIDI_TABLE: &[(u32, u32, Bidi)] = &[
    (0x2D, 0x2D, Bidi::ES), (0x30, 0x39, Bidi::EN), (0xB7, 0xB7, Bidi::ON), (0x2B9, 0x2BA, Bidi::ON),
    (0x2C6, 0x2CF, Bidi::ON), (0x2EC, 0x2EC, Bidi::ON), (0x375, 0x375, Bidi::ON), (0x5D0, 0x64A, Bidi::R),
    (0x660, 0x669, Bidi::AN), (0x66E, 0x6EF, Bidi::R), (0x6F0, 0x6F9, Bidi::EN), (0x6FA, 0x8C9, Bidi::R),
    (0x200C, 0x200D, Bidi::BN), (0x2E2F, 0x2E2F, Bidi::ON), (0x30FB, 0x30FB, Bidi::ON), (0xA67F, 0xA67F, Bidi::ON),
    (0xA717, 0xA71F, Bidi::ON), (0xA788, 0xA788, Bidi::ON), (0xFE73, 0xFE73, Bidi::R), (0x10800, 0x10D23, Bidi::R),
    (0x10D30, 0x10D39, Bidi::AN), (0x10E80, 0x10FF6, Bidi::R), (0x1E800, 0x1E959, Bidi::R),
];

/// Marks (`Mn`) whose Bidi_Class is `L` rather than `NSM`.
const BIDI_MARK_L: &[u32] = &[0xCBF, 0xCC6, 0x11A07, 0x11A08, 0x11C3F];

/// Joining_Type `D`, `R` or `L` of PVALID code points: `(first, last, type)`, sorted.
#[rustfmt::skip]
const JOINING_TABLE: &[(u32, u32, u8)] = &[
    (0x620, 0x620, b'D'), (0x622, 0x625, b'R'), (0x626, 0x626, b'D'), (0x627, 0x627, b'R'),
    (0x628, 0x628, b'D'), (0x629, 0x629, b'R'), (0x62A, 0x62E, b'D'), (0x62F, 0x632, b'R'),
    (0x633, 0x647, b'D'), (0x648, 0x648, b'R'), (0x649, 0x64A, b'D'), (0x66E, 0x66F, b'D'),
    (0x671, 0x673, b'R'), (0x679, 0x687, b'D'), (0x688, 0x699, b'R'), (0x69A, 0x6BF, b'D'),
    (0x6C0, 0x6C0, b'R'), (0x6C1, 0x6C2, b'D'), (0x6C3, 0x6CB, b'R'), (0x6CC, 0x6CC, b'D'),
    (0x6CD, 0x6CD, b'R'), (0x6CE, 0x6CE, b'D'), (0x6CF, 0x6CF, b'R'), (0x6D0, 0x6D1, b'D'),
    (0x6D2, 0x6D5, b'R'), (0x6EE, 0x6EF, b'R'), (0x6FA, 0x6FC, b'D'), (0x6FF, 0x6FF, b'D'),
    (0x710, 0x710, b'R'), (0x712, 0x714, b'D'), (0x715, 0x719, b'R'), (0x71A, 0x71D, b'D'),
    (0x71E, 0x71E, b'R'), (0x71F, 0x727, b'D'), (0x728, 0x728, b'R'), (0x729, 0x729, b'D'),
    (0x72A, 0x72A, b'R'), (0x72B, 0x72B, b'D'), (0x72C, 0x72C, b'R'), (0x72D, 0x72E, b'D'),
    (0x72F, 0x74D, b'R'), (0x74E, 0x758, b'D'), (0x759, 0x75B, b'R'), (0x75C, 0x76A, b'D'),
    (0x76B, 0x76C, b'R'), (0x76D, 0x770, b'D'), (0x771, 0x771, b'R'), (0x772, 0x772, b'D'),
    (0x773, 0x774, b'R'), (0x775, 0x777, b'D'), (0x778, 0x779, b'R'), (0x77A, 0x77F, b'D'),
    (0x7CA, 0x7EA, b'D'), (0x840, 0x840, b'R'), (0x841, 0x845, b'D'), (0x846, 0x847, b'R'),
    (0x848, 0x848, b'D'), (0x849, 0x849, b'R'), (0x84A, 0x853, b'D'), (0x854, 0x854, b'R'),
    (0x855, 0x855, b'D'), (0x856, 0x858, b'R'), (0x860, 0x860, b'D'), (0x862, 0x865, b'D'),
    (0x867, 0x867, b'R'), (0x868, 0x868, b'D'), (0x869, 0x882, b'R'), (0x886, 0x886, b'D'),
    (0x889, 0x88D, b'D'), (0x88E, 0x88E, b'R'), (0x88F, 0x8A9, b'D'), (0x8AA, 0x8AC, b'R'),
    (0x8AE, 0x8AE, b'R'), (0x8AF, 0x8B0, b'D'), (0x8B1, 0x8B2, b'R'), (0x8B3, 0x8B8, b'D'),
    (0x8B9, 0x8B9, b'R'), (0x8BA, 0x8C8, b'D'), (0x1820, 0x1878, b'D'), (0x1887, 0x18AA, b'D'),
    (0xA840, 0xA871, b'D'), (0xA872, 0xA872, b'L'), (0x10AC0, 0x10AC4, b'D'), (0x10AC5, 0x10AC5, b'R'),
    (0x10AC7, 0x10ACA, b'R'), (0x10ACD, 0x10ACD, b'L'), (0x10ACE, 0x10AD2, b'R'), (0x10AD3, 0x10AD6, b'D'),
    (0x10AD7, 0x10AD7, b'L'), (0x10AD8, 0x10ADC, b'D'), (0x10ADD, 0x10ADD, b'R'), (0x10ADE, 0x10AE0, b'D'),
    (0x10AE1, 0x10AE1, b'R'), (0x10AE4, 0x10AE4, b'R'), (0x10B80, 0x10B80, b'D'), (0x10B81, 0x10B81, b'R'),
    (0x10B82, 0x10B82, b'D'), (0x10B83, 0x10B85, b'R'), (0x10B86, 0x10B88, b'D'), (0x10B89, 0x10B89, b'R'),
    (0x10B8A, 0x10B8B, b'D'), (0x10B8C, 0x10B8C, b'R'), (0x10B8D, 0x10B8D, b'D'), (0x10B8E, 0x10B8F, b'R'),
    (0x10B90, 0x10B90, b'D'), (0x10B91, 0x10B91, b'R'), (0x10D00, 0x10D00, b'L'), (0x10D01, 0x10D21, b'D'),
    (0x10D22, 0x10D22, b'R'), (0x10D23, 0x10D23, b'D'), (0x10EC2, 0x10EC2, b'R'), (0x10EC3, 0x10EC4, b'D'),
    (0x10EC6, 0x10EC7, b'D'), (0x10F30, 0x10F32, b'D'), (0x10F33, 0x10F33, b'R'), (0x10F34, 0x10F44, b'D'),
    (0x10F70, 0x10F73, b'D'), (0x10F74, 0x10F75, b'R'), (0x10F76, 0x10FB0, b'D'), (0x10FB2, 0x10FB3, b'D'),
    (0x10FB4, 0x10FB6, b'R'), (0x10FB8, 0x10FB8, b'D'), (0x10FB9, 0x10FBA, b'R'), (0x10FBB, 0x10FBC, b'D'),
    (0x10FBD, 0x10FBD, b'R'), (0x10FBE, 0x10FBF, b'D'), (0x10FC1, 0x10FC1, b'D'), (0x10FC2, 0x10FC3, b'R'),
    (0x10FC4, 0x10FC4, b'D'), (0x1E922, 0x1E943, b'D'),
];

/// PVALID code points with Joining_Type `T` that are not `Mn`, `Me` or `Cf` in
/// Unicode 15.1.
#[rustfmt::skip]
const JOINING_T_EXTRA: &[(u32, u32)] = &[
    (0x897, 0x897), (0x1ACF, 0x1ADD), (0x1AE0, 0x1AEB), (0x10D69, 0x10D6D), (0x10EFA, 0x10EFC),
    (0x113BB, 0x113C0), (0x113CE, 0x113CE), (0x113D0, 0x113D0), (0x113D2, 0x113D2),
    (0x113E1, 0x113E2), (0x11B60, 0x11B60), (0x11B62, 0x11B64), (0x11B66, 0x11B66),
    (0x11F5A, 0x11F5A), (0x1611E, 0x16129), (0x1612D, 0x1612F), (0x1E5EE, 0x1E5EF),
    (0x1E6E3, 0x1E6E3), (0x1E6E6, 0x1E6E6), (0x1E6EE, 0x1E6EF), (0x1E6F5, 0x1E6F5),
    (0x1E94B, 0x1E94B),
];

/// Marks whose Joining_Type is not `T`.
const JOINING_NOT_T: &[u32] = &[0x1171E];

/// Code points with Canonical_Combining_Class Virama (9).
#[rustfmt::skip]
const VIRAMA: &[u32] = &[
    0x94D, 0x9CD, 0xA4D, 0xACD, 0xB4D, 0xBCD, 0xC4D, 0xCCD, 0xD3B, 0xD3C,
    0xD4D, 0xDCA, 0xE3A, 0xEBA, 0xF84, 0x1039, 0x103A, 0x1714, 0x1715, 0x1734,
    0x17D2, 0x1A60, 0x1B44, 0x1BAA, 0x1BAB, 0x1BF2, 0x1BF3, 0x2D7F, 0xA806, 0xA82C,
    0xA8C4, 0xA953, 0xA9C0, 0xAAF6, 0xABED, 0x10A3F, 0x11046, 0x11070, 0x1107F, 0x110B9,
    0x11133, 0x11134, 0x111C0, 0x11235, 0x112EA, 0x1134D, 0x11442, 0x114C2, 0x115BF, 0x1163F,
    0x116B6, 0x1172B, 0x11839, 0x1193D, 0x1193E, 0x119E0, 0x11A34, 0x11A47, 0x11A99, 0x11C3F,
    0x11D44, 0x11D45, 0x11D97, 0x11F41, 0x11F42,
];

/// Punycode (RFC 3492) with overflow checks; inputs are short host-name labels.
pub(super) mod punycode {
    const BASE: u32 = 36;
    const T_MIN: u32 = 1;
    const T_MAX: u32 = 26;
    const SKEW: u32 = 38;
    const DAMP: u32 = 700;
    const INITIAL_BIAS: u32 = 72;
    const INITIAL_N: u32 = 0x80;

    fn adapt(delta: u32, points: u32, first: bool) -> u32 {
        let mut delta = if first { delta / DAMP } else { delta / 2 };
        delta += delta / points.max(1);
        let mut k = 0;
        while delta > ((BASE - T_MIN) * T_MAX) / 2 {
            delta /= BASE - T_MIN;
            k += BASE;
        }
        k + (BASE - T_MIN + 1) * delta / (delta + SKEW)
    }

    fn threshold(k: u32, bias: u32) -> u32 {
        k.saturating_sub(bias).clamp(T_MIN, T_MAX)
    }

    fn digit_value(b: u8) -> Option<u32> {
        match b {
            b'a'..=b'z' => Some(u32::from(b - b'a')),
            b'A'..=b'Z' => Some(u32::from(b - b'A')),
            b'0'..=b'9' => Some(u32::from(b - b'0') + 26),
            _ => None,
        }
    }

    fn digit_char(d: u32) -> char {
        let d = d.min(BASE - 1) as u8;
        char::from(if d < 26 { b'a' + d } else { b'0' + d - 26 })
    }

    /// Decodes the part of an A-label after `xn--`.
    pub(in super::super) fn decode(input: &str) -> Option<Vec<char>> {
        if !input.is_ascii() {
            return None;
        }
        let (basic, extended) = input.rsplit_once('-').unwrap_or(("", input));
        let mut output: Vec<char> = basic.chars().collect();
        let (mut n, mut i, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
        let mut digits = extended.bytes();
        let mut pending = digits.len() > 0;
        while pending {
            let old_i = i;
            let mut w = 1u32;
            let mut k = BASE;
            loop {
                let digit = digit_value(digits.next()?)?;
                i = i.checked_add(digit.checked_mul(w)?)?;
                let t = threshold(k, bias);
                if digit < t {
                    break;
                }
                w = w.checked_mul(BASE - t)?;
                k = k.checked_add(BASE)?;
            }
            let points = u32::try_from(output.len() + 1).ok()?;
            bias = adapt(i - old_i, points, old_i == 0);
            n = n.checked_add(i / points)?;
            i %= points;
            let c = char::from_u32(n)?;
            output.insert(usize::try_from(i).ok()?, c);
            i += 1;
            pending = digits.len() > 0;
        }
        Some(output)
    }

    /// Encodes a label into the Punycode that follows `xn--`.
    pub(in super::super) fn encode(input: &[char]) -> Option<String> {
        let mut output: String = input.iter().filter(|c| c.is_ascii()).collect();
        let basic = u32::try_from(output.len()).ok()?;
        if basic > 0 {
            output.push('-');
        }
        let total = u32::try_from(input.len()).ok()?;
        let (mut n, mut delta, mut bias, mut handled) = (INITIAL_N, 0u32, INITIAL_BIAS, basic);
        while handled < total {
            let m = input
                .iter()
                .map(|&c| u32::from(c))
                .filter(|&c| c >= n)
                .min()?;
            delta = delta.checked_add((m - n).checked_mul(handled + 1)?)?;
            n = m;
            for &c in input {
                let c = u32::from(c);
                if c < n {
                    delta = delta.checked_add(1)?;
                }
                if c == n {
                    let mut q = delta;
                    let mut k = BASE;
                    loop {
                        let t = threshold(k, bias);
                        if q < t {
                            break;
                        }
                        output.push(digit_char(t + (q - t) % (BASE - t)));
                        q = (q - t) / (BASE - t);
                        k = k.checked_add(BASE)?;
                    }
                    output.push(digit_char(q));
                    bias = adapt(delta, handled + 1, handled == basic);
                    delta = 0;
                    handled += 1;
                }
            }
            delta = delta.checked_add(1)?;
            n = n.checked_add(1)?;
        }
        Some(output)
    }
}
