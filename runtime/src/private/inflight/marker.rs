//! The message of an error raised in flight: it names the error by its sequence number,
//! so that a stale one is told apart, and its first bytes ([`Head`]) are read back without
//! allocating: an error is known by them.

use std::fmt;

/// The message of an error raised in flight: `envgen in-flight error N`.
pub(super) struct Marker(pub(super) u64);

const MARKER: &str = "envgen in-flight error ";

impl fmt::Display for Marker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Sixteen hex digits, written at once (no integer formatting on this path).
        let mut buf = [0u8; MARKER.len() + 16];
        buf[..MARKER.len()].copy_from_slice(MARKER.as_bytes());
        for (i, b) in buf[MARKER.len()..].iter_mut().enumerate() {
            let nibble = (self.0 >> (60 - 4 * i)) & 0xf;
            *b = b"0123456789abcdef"[nibble as usize];
        }
        f.write_str(std::str::from_utf8(&buf).unwrap_or(MARKER))
    }
}

/// How many bytes of a message [`Head`] keeps: the marker and its 16 digits, and the
/// start of a failure's own message, by which `judge` knows the same failure again above it.
const HEAD: usize = 64;

/// The first bytes of a message, on the stack: writing stops (with an error) once full,
/// so the formatting of the rest (" at line L column C") stops at its first write.
pub(super) struct Head {
    pub(super) buf: [u8; HEAD],
    pub(super) len: usize,
}

impl Head {
    pub(super) fn new() -> Self {
        Head {
            buf: [0; HEAD],
            len: 0,
        }
    }

    /// The first bytes of `message`'s text.
    pub(super) fn of(message: &dyn fmt::Display) -> Self {
        let mut head = Head::new();
        let _ = fmt::write(&mut head, format_args!("{message}"));
        head
    }

    /// The bytes kept.
    pub(super) fn bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

impl fmt::Write for Head {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let room = self.buf.len() - self.len;
        let n = s.len().min(room);
        self.buf[self.len..self.len + n].copy_from_slice(&s.as_bytes()[..n]);
        self.len += n;
        if n < s.len() {
            Err(fmt::Error)
        } else {
            Ok(())
        }
    }
}

/// `i` in decimal, in `buf`.
pub(super) fn itoa(mut i: usize, buf: &mut [u8; 20]) -> &str {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (i % 10) as u8;
        i /= 10;
        if i == 0 {
            break;
        }
    }
    std::str::from_utf8(&buf[at..]).unwrap_or_default()
}
