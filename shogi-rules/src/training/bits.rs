//! Bit streams of 256 bits: the order in which HCP and PackedSfen store
//! their codes. Bit `n` of the stream is bit `n % 8` (least significant
//! first) of byte `n / 8`.

/// The number of bits in a packed position.
pub(super) const STREAM_BITS: usize = 256;

/// A code: `len` bits, the first written in bit 0 of `bits`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Code {
    pub(super) bits: u16,
    pub(super) len: u8,
}

impl Code {
    /// The code written as `0` and `1` characters in the order they are
    /// stored.
    pub(super) const fn parse(text: &str) -> Code {
        let bytes = text.as_bytes();
        let mut bits = 0u16;
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'1' {
                bits |= 1 << i;
            }
            i += 1;
        }
        Code {
            bits,
            len: bytes.len() as u8,
        }
    }

    /// This code followed by one more bit.
    pub(super) const fn then(self, bit: bool) -> Code {
        Code {
            bits: self.bits | (bit as u16) << self.len,
            len: self.len + 1,
        }
    }
}

/// Writes codes into 32 bytes.
pub(super) struct BitWriter {
    bytes: [u8; 32],
    pos: usize,
}

impl BitWriter {
    pub(super) fn new() -> BitWriter {
        BitWriter {
            bytes: [0; 32],
            pos: 0,
        }
    }

    /// Appends the `len` low bits of `value`, least significant first.
    /// The callers count their bits beforehand: writing past bit 256 is
    /// a bug, and the excess bits are dropped rather than panicking.
    pub(super) fn write(&mut self, value: u32, len: u8) {
        for i in 0..len {
            if let Some(byte) = self.bytes.get_mut(self.pos / 8) {
                if value >> i & 1 != 0 {
                    *byte |= 1 << (self.pos % 8);
                }
            }
            self.pos += 1;
        }
    }

    pub(super) fn code(&mut self, code: Code) {
        self.write(u32::from(code.bits), code.len);
    }

    pub(super) fn position(&self) -> usize {
        self.pos
    }

    pub(super) fn finish(self) -> [u8; 32] {
        self.bytes
    }
}

/// Reads codes from 32 bytes.
pub(super) struct BitReader<'a> {
    bytes: &'a [u8; 32],
    pos: usize,
}

impl<'a> BitReader<'a> {
    pub(super) fn new(bytes: &'a [u8; 32]) -> BitReader<'a> {
        BitReader { bytes, pos: 0 }
    }

    /// The bit at `at`, 0 past the end.
    fn bit(&self, at: usize) -> u16 {
        self.bytes
            .get(at / 8)
            .map_or(0, |byte| u16::from(byte >> (at % 8) & 1))
    }

    /// The next 16 bits without consuming them, the first in bit 0; bits
    /// past the end read as 0.
    pub(super) fn peek16(&self) -> u16 {
        (0..16).fold(0, |acc, i| acc | self.bit(self.pos + i) << i)
    }

    /// Reads `len` bits (at most 16), the first in bit 0.
    pub(super) fn read(&mut self, len: u8) -> u16 {
        let value = self.peek16() & mask(len);
        self.pos += usize::from(len);
        value
    }

    /// The position of the next bit.
    pub(super) fn position(&self) -> usize {
        self.pos
    }

    pub(super) fn skip(&mut self, len: u8) {
        self.pos += usize::from(len);
    }
}

/// The `len` low bits set.
pub(super) const fn mask(len: u8) -> u16 {
    if len >= 16 {
        u16::MAX
    } else {
        (1u16 << len) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_bits_are_read_back_least_significant_first() {
        let mut w = BitWriter::new();
        w.write(1, 1);
        w.code(Code::parse("0011"));
        w.write(0x7f, 7);
        assert_eq!(w.position(), 12);
        let bytes = w.finish();
        assert_eq!(bytes[0], 0b1111_1001);
        assert_eq!(bytes[1], 0b0000_1111);
        let mut r = BitReader::new(&bytes);
        assert_eq!(r.read(1), 1);
        assert_eq!(r.read(4), 0b1100);
        assert_eq!(r.read(7), 0x7f);
        assert_eq!(r.position(), 12);
    }

    #[test]
    fn a_code_grows_by_one_bit_at_its_end() {
        assert_eq!(Code::parse("10").then(true), Code::parse("101"));
        assert_eq!(Code::parse("").then(false), Code { bits: 0, len: 1 });
    }

    #[test]
    fn reading_past_the_end_gives_zeros() {
        let bytes = [0xff; 32];
        let mut r = BitReader::new(&bytes);
        r.skip(250);
        assert_eq!(r.peek16(), 0x3f);
    }
}
