//! Checkpoints of a heap-game table: the values computed so far, written so that a
//! long computation can stop and later go on from where it was.
//!
//! # Format
//!
//! A short text header, the values, and a checksum:
//!
//! ```text
//! sprague table checkpoint 1
//! family octal[0.007]
//! heaps 1000000
//! width 1
//!
//! ```
//!
//! Each header line ends with a newline, and an empty line ends the header. Then come
//! `heaps` values, for heaps 0, 1, 2, …, each an unsigned little-endian integer of
//! `width` bytes (1, 2 or 4: the fewest that hold the largest value). Last come 4
//! bytes: the CRC-32 (the IEEE polynomial, as in zip and PNG) of every byte before
//! them, little-endian. The family is written in normalised form, as `table` prints it.
//!
//! # Keyed checkpoints
//!
//! The CRC catches accidental damage, but anyone can recompute it after changing a
//! value. A checkpoint written with a secret [`Key`] (version 2: first line
//! [`MAGIC_KEYED`]) has two more header lines, `key` and the key's name ([`Key::id`]),
//! and `nonce` and 32 hexadecimal digits (16 random bytes), and 32 more bytes between
//! the values and the CRC: the HMAC-SHA-256
//! (RFC 2104, FIPS 180-4) of every byte before them (the header, with the family's
//! canonical text, and all the values) under a key derived for this file,
//! HMAC-SHA-256(secret, "sprague checkpoint file key" ‖ nonce). Reading it with the
//! same secret checks every value at the cost of one pass of hashing; a change
//! anywhere, even with the CRC recomputed, is caught unless the secret is known.
//! A reader holding another key (another user's file) reads the values
//! unauthenticated, as it reads version-1 files.
//!
//! ```
//! use sprague_engine::impartial::checkpoint;
//! use sprague_engine::impartial::store::ValueSlice;
//! let mut file = Vec::new();
//! checkpoint::write(&mut file, "kayles", ValueSlice::U16(&[0, 1, 2, 3, 1])).unwrap();
//! assert!(file.starts_with(b"sprague table checkpoint 1\nfamily kayles\nheaps 5\n"));
//! let size = file.len() as u64;
//! let values = checkpoint::read(&mut &file[..], size, "kayles", 1000).unwrap();
//! assert_eq!(values.slice(), vec![0, 1, 2, 3, 1]);
//! assert!(checkpoint::read(&mut &file[..], size, "dawson", 1000).is_err());
//! ```

use super::cell::Cell;
use super::store::{ValueSlice, ValueStore};
use sha2::{Digest, Sha256};
use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Write};

/// The first line of every checkpoint (the number is the format's version).
pub const MAGIC: &str = "sprague table checkpoint 1";

/// The first line of a keyed checkpoint (see [Keyed checkpoints](self#keyed-checkpoints)).
pub const MAGIC_KEYED: &str = "sprague table checkpoint 2";

/// Bytes of the keyed digest of a version-2 checkpoint.
const DIGEST: usize = 32;

/// A secret key (32 bytes) that keyed checkpoints are signed with.
#[derive(Clone)]
pub struct Key(pub [u8; 32]);

impl fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Key(…)")
    }
}

/// HMAC-SHA-256 (RFC 2104), fed in pieces.
struct Mac {
    inner: Sha256,
    outer_pad: [u8; 64],
}

impl Mac {
    fn new(key: &[u8]) -> Mac {
        let mut block = [0u8; 64];
        if key.len() > 64 {
            block[..32].copy_from_slice(&Sha256::digest(key));
        } else {
            block[..key.len()].copy_from_slice(key);
        }
        let mut inner = Sha256::new();
        inner.update(block.map(|b| b ^ 0x36));
        Mac {
            inner,
            outer_pad: block.map(|b| b ^ 0x5c),
        }
    }

    fn update(&mut self, bytes: &[u8]) {
        self.inner.update(bytes);
    }

    fn finish(self) -> [u8; 32] {
        let mut outer = Sha256::new();
        outer.update(self.outer_pad);
        outer.update(self.inner.finalize());
        outer.finalize().into()
    }
}

impl Key {
    /// The key's name written in keyed checkpoints (16 hexadecimal digits of
    /// HMAC-SHA-256(secret, "sprague checkpoint key id")): a reader holding another key
    /// knows the digest is not its to check.
    pub fn id(&self) -> String {
        let mut m = Mac::new(&self.0);
        m.update(b"sprague checkpoint key id");
        hex(&m.finish()[..8])
    }
}

/// The key of one file: HMAC-SHA-256(secret, "sprague checkpoint file key" ‖ nonce).
fn file_key(key: &Key, nonce: &[u8; 16]) -> [u8; 32] {
    let mut m = Mac::new(&key.0);
    m.update(b"sprague checkpoint file key");
    m.update(nonce);
    m.finish()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex16(text: &str) -> Option<[u8; 16]> {
    if text.len() != 32 || !text.bytes().all(|c| matches!(c, b'0'..=b'9' | b'a'..=b'f')) {
        return None;
    }
    let mut out = [0u8; 16];
    for (i, o) in out.iter_mut().enumerate() {
        *o = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}

/// A checkpoint read: its values, and whether its keyed digest was checked.
#[derive(Debug)]
pub struct Loaded {
    /// The values of heaps `0..values.len()` (two bytes each unless the file's are
    /// four).
    pub values: ValueStore,
    /// Whether a keyed digest under the reader's key covered every value.
    pub authenticated: bool,
}

/// Most bytes a header may take (the family name is the only long part).
pub const MAX_HEADER: u64 = 4096;

/// Values encoded or decoded at a time.
const CHUNK: usize = 1 << 14;

/// What is wrong with a checkpoint that cannot be used.
#[derive(Debug)]
pub enum CheckpointError {
    /// The file could not be read.
    Io(io::Error),
    /// The first line is not [`MAGIC`].
    NotCheckpoint,
    /// A header line is missing or malformed.
    Header(String),
    /// The file is shorter than its header says.
    Truncated {
        /// Bytes the header announces (values and checksum included).
        expected: u64,
        /// Bytes the file has.
        found: u64,
    },
    /// The file is longer than its header says.
    TooLong {
        /// Bytes the header announces.
        expected: u64,
        /// Bytes the file has.
        found: u64,
    },
    /// The checksum does not match the contents.
    Checksum,
    /// The keyed digest does not match the contents: a value was changed.
    Digest,
    /// The checkpoint is of another family.
    OtherFamily {
        /// The family it is of.
        found: String,
        /// The family asked for.
        wanted: String,
    },
    /// The checkpoint holds more heaps than the state bound allows.
    TooLarge {
        /// The heaps it holds.
        heaps: u64,
    },
}

impl fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckpointError::Io(e) => write!(f, "cannot be read: {e}"),
            CheckpointError::NotCheckpoint => write!(
                f,
                "is not a table checkpoint (its first line is not '{MAGIC}')"
            ),
            CheckpointError::Header(m) => write!(f, "has a damaged header: {m}"),
            CheckpointError::Truncated { expected, found } => write!(
                f,
                "is truncated: its header announces {expected} bytes, the file has {found}"
            ),
            CheckpointError::TooLong { expected, found } => write!(
                f,
                "is corrupted: its header announces {expected} bytes, the file has {found}"
            ),
            CheckpointError::Checksum => {
                write!(f, "is corrupted: its checksum does not match its contents")
            }
            CheckpointError::Digest => write!(
                f,
                "was changed after it was written: its keyed digest does not match its values"
            ),
            CheckpointError::OtherFamily { found, wanted } => {
                write!(f, "is a table of {found}, not of {wanted}")
            }
            CheckpointError::TooLarge { heaps } => {
                write!(
                    f,
                    "holds {heaps} heaps, more than the bound on positions allows"
                )
            }
        }
    }
}

impl std::error::Error for CheckpointError {}

/// The width in bytes of each value: the fewest of 1, 2, 4 that hold them all.
fn width_for(values: ValueSlice<'_>) -> usize {
    match values.max() {
        0..=0xff => 1,
        0x100..=0xffff => 2,
        _ => 4,
    }
}

/// Calls `each` with the values encoded `width` bytes each, little-endian, a chunk
/// at a time.
fn encode_values<C: Cell>(
    values: &[C],
    width: usize,
    mut each: impl FnMut(&[u8]) -> io::Result<()>,
) -> io::Result<()> {
    let mut buf = Vec::with_capacity(CHUNK * width);
    for chunk in values.chunks(CHUNK) {
        buf.clear();
        for &v in chunk {
            buf.extend_from_slice(&v.get().to_le_bytes()[..width]);
        }
        each(&buf)?;
    }
    Ok(())
}

/// [`encode_values`] at the values' width.
fn encode_slice(
    values: ValueSlice<'_>,
    width: usize,
    each: impl FnMut(&[u8]) -> io::Result<()>,
) -> io::Result<()> {
    match values {
        ValueSlice::U16(v) => encode_values(v, width, each),
        ValueSlice::U32(v) => encode_values(v, width, each),
    }
}

/// Writes the checkpoint of `family` with the values of heaps `0..values.len()`.
pub fn write(out: &mut impl Write, family: &str, values: ValueSlice<'_>) -> io::Result<()> {
    write_with(out, family, values, None)
}

/// [`write`] with a keyed digest under `key`, for a file with this `nonce` (16 random
/// bytes, a new one for each file written).
pub fn write_keyed(
    out: &mut impl Write,
    family: &str,
    values: ValueSlice<'_>,
    key: &Key,
    nonce: [u8; 16],
) -> io::Result<()> {
    write_with(out, family, values, Some((key, nonce)))
}

fn write_with(
    out: &mut impl Write,
    family: &str,
    values: ValueSlice<'_>,
    keyed: Option<(&Key, [u8; 16])>,
) -> io::Result<()> {
    let width = width_for(values);
    let header = match keyed {
        None => format!(
            "{MAGIC}\nfamily {family}\nheaps {}\nwidth {width}\n\n",
            values.len()
        ),
        Some((key, nonce)) => format!(
            "{MAGIC_KEYED}\nfamily {family}\nheaps {}\nwidth {width}\nkey {}\nnonce {}\n\n",
            values.len(),
            key.id(),
            hex(&nonce)
        ),
    };
    let mut mac = keyed.map(|(key, nonce)| Mac::new(&file_key(key, &nonce)));
    let mut crc = crc32fast::Hasher::new();
    crc.update(header.as_bytes());
    if let Some(m) = mac.as_mut() {
        m.update(header.as_bytes());
    }
    out.write_all(header.as_bytes())?;
    encode_slice(values, width, |buf| {
        crc.update(buf);
        if let Some(m) = mac.as_mut() {
            m.update(buf);
        }
        out.write_all(buf)
    })?;
    if let Some(m) = mac {
        let digest = m.finish();
        crc.update(&digest);
        out.write_all(&digest)?;
    }
    out.write_all(&crc.finalize().to_le_bytes())?;
    out.flush()
}

/// One header line `key value`, without its newline; `None` at the end of the header.
fn header_line(
    input: &mut impl BufRead,
    used: &mut u64,
    crc: &mut crc32fast::Hasher,
) -> Result<Option<String>, CheckpointError> {
    let mut line = Vec::new();
    let left = MAX_HEADER.saturating_sub(*used);
    input
        .take(left)
        .read_until(b'\n', &mut line)
        .map_err(CheckpointError::Io)?;
    *used += line.len() as u64;
    crc.update(&line);
    if line.last() != Some(&b'\n') {
        return Err(if *used >= MAX_HEADER {
            CheckpointError::Header(format!("no end within {MAX_HEADER} bytes"))
        } else {
            CheckpointError::Header("it ends before the values".into())
        });
    }
    line.pop();
    if line.is_empty() {
        return Ok(None);
    }
    String::from_utf8(line)
        .map(Some)
        .map_err(|_| CheckpointError::Header("a line is not UTF-8 text".into()))
}

/// The value of the header line `key value` that must come next.
fn field(
    input: &mut impl BufRead,
    used: &mut u64,
    crc: &mut crc32fast::Hasher,
    key: &str,
) -> Result<String, CheckpointError> {
    let line = header_line(input, used, crc)?
        .ok_or_else(|| CheckpointError::Header(format!("the line '{key} …' is missing")))?;
    line.strip_prefix(key)
        .and_then(|rest| rest.strip_prefix(' '))
        .map(str::to_string)
        .ok_or_else(|| CheckpointError::Header(format!("expected '{key} …', found '{line}'")))
}

/// Reads a checkpoint of `size` bytes and returns its values, checking that it is
/// whole (length and checksum), of the family named `family`, and of at most
/// `max_heaps` heaps.
pub fn read(
    input: &mut impl Read,
    size: u64,
    family: &str,
    max_heaps: u64,
) -> Result<ValueStore, CheckpointError> {
    read_keyed(input, size, family, max_heaps, None).map(|l| l.values)
}

/// [`read`], also checking the keyed digest of a version-2 checkpoint when `key` is
/// given: a digest that does not match is [`CheckpointError::Digest`].
pub fn read_keyed(
    input: &mut impl Read,
    size: u64,
    family: &str,
    max_heaps: u64,
    key: Option<&Key>,
) -> Result<Loaded, CheckpointError> {
    let mut input = BufReader::with_capacity(1 << 16, input);
    let mut crc = crc32fast::Hasher::new();
    let mut used = 0u64;
    let keyed = match header_line(&mut input, &mut used, &mut crc) {
        Ok(Some(line)) if line == MAGIC => false,
        Ok(Some(line)) if line == MAGIC_KEYED => true,
        Err(CheckpointError::Io(e)) => return Err(CheckpointError::Io(e)),
        _ => return Err(CheckpointError::NotCheckpoint),
    };
    let name = field(&mut input, &mut used, &mut crc, "family")?;
    let heaps: u64 = field(&mut input, &mut used, &mut crc, "heaps")?
        .parse()
        .map_err(|_| CheckpointError::Header("the number of heaps is not a number".into()))?;
    let width: u64 = match field(&mut input, &mut used, &mut crc, "width")?.as_str() {
        "1" => 1,
        "2" => 2,
        "4" => 4,
        w => {
            return Err(CheckpointError::Header(format!(
                "width {w} is not 1, 2 or 4"
            )));
        }
    };
    let key_id = if keyed {
        field(&mut input, &mut used, &mut crc, "key")?
    } else {
        String::new()
    };
    let nonce = if keyed {
        let text = field(&mut input, &mut used, &mut crc, "nonce")?;
        Some(unhex16(&text).ok_or_else(|| {
            CheckpointError::Header("the nonce is not 32 lower-case hexadecimal digits".into())
        })?)
    } else {
        None
    };
    if let Some(line) = header_line(&mut input, &mut used, &mut crc)? {
        return Err(CheckpointError::Header(format!(
            "expected an empty line, found '{line}'"
        )));
    }
    let trailer = if keyed { DIGEST as u64 + 4 } else { 4 };
    let expected = heaps
        .checked_mul(width)
        .and_then(|b| b.checked_add(used + trailer))
        .unwrap_or(u64::MAX);
    if size < expected {
        return Err(CheckpointError::Truncated {
            expected,
            found: size,
        });
    }
    if size > expected {
        return Err(CheckpointError::TooLong {
            expected,
            found: size,
        });
    }
    if heaps > max_heaps {
        return Err(CheckpointError::TooLarge { heaps });
    }
    let truncated = |e: io::Error| {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            CheckpointError::Truncated {
                expected,
                found: size,
            }
        } else {
            CheckpointError::Io(e)
        }
    };
    let width = width as usize;
    // The file has been seen to hold every value announced: room for them all at once,
    // two bytes each unless the file's take four.
    let values = if width <= 2 {
        ValueStore::U16(read_values(&mut input, heaps, width, &mut crc, truncated)?)
    } else {
        ValueStore::U32(read_values(&mut input, heaps, width, &mut crc, truncated)?)
    };
    let mut digest = [0u8; DIGEST];
    if keyed {
        input.read_exact(&mut digest).map_err(truncated)?;
        crc.update(&digest);
    }
    let mut sum = [0u8; 4];
    input.read_exact(&mut sum).map_err(truncated)?;
    if u32::from_le_bytes(sum) != crc.finalize() {
        return Err(CheckpointError::Checksum);
    }
    if name != family {
        return Err(CheckpointError::OtherFamily {
            found: name,
            wanted: family.to_string(),
        });
    }
    let authenticated = match (key, nonce) {
        (Some(key), Some(nonce)) if key.id() == key_id => {
            // The header as read (it was checked line by line above), then the values.
            let mut m = Mac::new(&file_key(key, &nonce));
            m.update(
                format!(
                    "{MAGIC_KEYED}\nfamily {name}\nheaps {heaps}\nwidth {width}\nkey {key_id}\nnonce {}\n\n",
                    hex(&nonce)
                )
                .as_bytes(),
            );
            encode_slice(values.slice(), width, |buf| {
                m.update(buf);
                Ok(())
            })
            .map_err(CheckpointError::Io)?;
            if m.finish() != digest {
                return Err(CheckpointError::Digest);
            }
            true
        }
        _ => false,
    };
    Ok(Loaded {
        values,
        authenticated,
    })
}

/// The `heaps` values of `width` bytes each that come next in `input`, in a `Vec<C>`
/// (`width` at most `C::BYTES`).
fn read_values<C: Cell>(
    input: &mut impl Read,
    heaps: u64,
    width: usize,
    crc: &mut crc32fast::Hasher,
    truncated: impl Fn(io::Error) -> CheckpointError,
) -> Result<Vec<C>, CheckpointError> {
    let mut values: Vec<C> = Vec::new();
    values
        .try_reserve_exact(usize::try_from(heaps).unwrap_or(usize::MAX))
        .map_err(|_| CheckpointError::TooLarge { heaps })?;
    let mut buf = vec![0u8; CHUNK * width];
    let mut left = heaps;
    while left > 0 {
        let n = left.min(CHUNK as u64) as usize;
        let bytes = &mut buf[..n * width];
        input.read_exact(bytes).map_err(&truncated)?;
        crc.update(bytes);
        values.extend(bytes.chunks_exact(width).map(|b| {
            let mut le = [0u8; 4];
            le[..width].copy_from_slice(b);
            // At most `C::BYTES` bytes were read: the value fits.
            C::new(u32::from_le_bytes(le)).unwrap_or_default()
        }));
        left -= n as u64;
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encode(family: &str, values: &[u32]) -> Vec<u8> {
        let mut out = Vec::new();
        write(&mut out, family, ValueSlice::U32(values)).unwrap();
        out
    }

    fn decode(file: &[u8], family: &str) -> Result<Vec<u32>, CheckpointError> {
        read(&mut &file[..], file.len() as u64, family, 1 << 30).map(|s| s.slice().to_vec())
    }

    #[test]
    fn hmac_sha256_matches_rfc_4231() {
        // RFC 4231, test cases 1 and 2.
        let mut m = Mac::new(&[0x0b; 20]);
        m.update(b"Hi There");
        assert_eq!(
            hex(&m.finish()),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        );
        let mut m = Mac::new(b"Jefe");
        m.update(b"what do ya want ");
        m.update(b"for nothing?");
        assert_eq!(
            hex(&m.finish()),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }

    #[test]
    fn keyed_files_match_an_independent_hmac() {
        // The same file made by Python's hmac and hashlib modules (HMAC-SHA-256 as the
        // module documentation describes it), then the CRC-32 of zlib.
        let mut file = Vec::new();
        let nonce: [u8; 16] = std::array::from_fn(|i| i as u8);
        write_keyed(
            &mut file,
            "kayles",
            ValueSlice::U16(&[0, 1, 2, 3, 1]),
            &Key([42; 32]),
            nonce,
        )
        .unwrap();
        let text = "sprague table checkpoint 2\nfamily kayles\nheaps 5\nwidth 1\n\
                    key bc2a206f032f4d64\nnonce 000102030405060708090a0b0c0d0e0f\n\n";
        assert_eq!(&file[..text.len()], text.as_bytes());
        assert_eq!(
            hex(&file[text.len()..]),
            // The values, the digest, the CRC.
            "0001020301\
             e87b73d7ac39feca57ab3732459c5dcea2f4445fc8c806a19513ffb25572388f\
             38539a65"
        );
    }

    #[test]
    fn keyed_checkpoints_catch_any_changed_byte() {
        let key = Key([7; 32]);
        let values: Vec<u32> = (0..5000).map(|n| n % 300).collect();
        let mut file = Vec::new();
        write_keyed(&mut file, "kayles", ValueSlice::U32(&values), &key, [1; 16]).unwrap();
        let size = file.len() as u64;
        let read = |f: &[u8], k: Option<&Key>| read_keyed(&mut &f[..], size, "kayles", 1 << 20, k);
        let l = read(&file, Some(&key)).unwrap();
        assert!(l.authenticated);
        assert_eq!(l.values.slice(), values);
        // Another key, or none: read, but not authenticated.
        assert!(!read(&file, Some(&Key([8; 32]))).unwrap().authenticated);
        assert!(!read(&file, None).unwrap().authenticated);
        let start = file.windows(2).position(|w| w == b"\n\n").unwrap() + 2;
        for k in [start, start + 5000, size as usize - 37, size as usize - 5] {
            let mut bad = file.clone();
            bad[k] ^= 1;
            let n = bad.len() - 4;
            let crc = crc32fast::hash(&bad[..n]);
            bad[n..].copy_from_slice(&crc.to_le_bytes());
            assert!(
                matches!(read(&bad, Some(&key)), Err(CheckpointError::Digest)),
                "byte {k}"
            );
        }
    }

    #[test]
    fn values_of_every_width_come_back() {
        let mut x: u32 = 7;
        for top in [0u32, 1, 255, 256, 65_535, 65_536, u32::MAX] {
            let values: Vec<u32> = (0..40_000)
                .map(|_| {
                    x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                    if top == u32::MAX { x } else { x % (top + 1) }
                })
                .chain([top])
                .collect();
            let file = encode("octal[0.007]", &values);
            assert_eq!(decode(&file, "octal[0.007]").unwrap(), values);
            // Read back in the narrowest width, whichever width they were written from.
            let narrow = ValueStore::from(values.clone());
            let mut again = Vec::new();
            write(&mut again, "octal[0.007]", narrow.slice()).unwrap();
            assert_eq!(again, file);
            let store = read(&mut &file[..], file.len() as u64, "octal[0.007]", 1 << 30).unwrap();
            assert_eq!(
                store.width(),
                if top <= 65_535 { 2 } else { 4 },
                "top {top}"
            );
        }
        assert_eq!(
            decode(&encode("nim", &[]), "nim").unwrap(),
            Vec::<u32>::new()
        );
    }

    #[test]
    fn the_width_is_the_smallest_that_fits() {
        let file = encode("f", &[3, 300, 2]);
        let header = b"sprague table checkpoint 1\nfamily f\nheaps 3\nwidth 2\n\n";
        assert!(file.starts_with(header));
        assert_eq!(file.len(), header.len() + 3 * 2 + 4);
        assert_eq!(file[header.len()..header.len() + 2], [3, 0]);
    }

    #[test]
    fn every_damage_is_named() {
        let file = encode("kayles", &(0..1000).map(|n| n % 9).collect::<Vec<_>>());
        // Any one byte changed, anywhere.
        for i in (0..file.len()).step_by(7) {
            let mut bad = file.clone();
            bad[i] ^= 0x20;
            assert!(decode(&bad, "kayles").is_err(), "byte {i}");
        }
        // Cut anywhere.
        for cut in (0..file.len()).step_by(13) {
            assert!(decode(&file[..cut], "kayles").is_err(), "cut at {cut}");
        }
        let cut = &file[..file.len() - 10];
        assert!(matches!(
            decode(cut, "kayles"),
            Err(CheckpointError::Truncated { .. })
        ));
        let mut long = file.clone();
        long.push(0);
        assert!(matches!(
            decode(&long, "kayles"),
            Err(CheckpointError::TooLong { .. })
        ));
        let mut flipped = file.clone();
        let k = flipped.len() - 20;
        flipped[k] ^= 1;
        assert!(matches!(
            decode(&flipped, "kayles"),
            Err(CheckpointError::Checksum)
        ));
        assert!(matches!(
            decode(&file, "dawson"),
            Err(CheckpointError::OtherFamily { found, .. }) if found == "kayles"
        ));
        assert!(matches!(
            decode(b"hello\n", "kayles"),
            Err(CheckpointError::NotCheckpoint)
        ));
        assert!(matches!(
            decode(&[0xff; 10_000], "kayles"),
            Err(CheckpointError::NotCheckpoint)
        ));
        let endless = format!("{MAGIC}\nfamily {}", "x".repeat(10_000));
        assert!(matches!(
            decode(endless.as_bytes(), "kayles"),
            Err(CheckpointError::Header(_))
        ));
        assert!(matches!(
            read(&mut &file[..], file.len() as u64, "kayles", 999),
            Err(CheckpointError::TooLarge { heaps: 1000 })
        ));
    }

    #[test]
    fn a_huge_heap_count_is_caught_before_anything_is_allocated() {
        let file = format!("{MAGIC}\nfamily f\nheaps 18446744073709551615\nwidth 4\n\n");
        assert!(matches!(
            decode(file.as_bytes(), "f"),
            Err(CheckpointError::Truncated { .. })
        ));
    }

    #[test]
    fn messages_say_what_is_wrong() {
        let e = CheckpointError::OtherFamily {
            found: "kayles".into(),
            wanted: "dawson".into(),
        };
        assert_eq!(e.to_string(), "is a table of kayles, not of dawson");
        assert!(CheckpointError::Checksum.to_string().contains("corrupted"));
    }
}
