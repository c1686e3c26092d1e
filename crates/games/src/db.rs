//! A database of the canonical values of the small regions of a ruleset, built once
//! and stored in a file: the search of [`super::partizan`] looks a small region up
//! there before valuing it from its game tree.
//!
//! # The file
//!
//! All numbers little-endian; varints as in [`sprague_engine::partizan::db`].
//!
//! | bytes | what |
//! |---|---|
//! | 8 | magic `SPRAGUDB` |
//! | 2 | format version ([`VERSION`]) |
//! | 8 | checksum: FNV-1a (64 bits) of every byte after this field |
//! | 1 + n | the ruleset's name (a length byte, then the name) |
//! | 1 + n | which regions, in words (e.g. `regions of at most 10 squares`) |
//! | 1 | layers of a board (1 or 2) |
//! | 4 | number of distinct values |
//! | 4 | number of regions |
//! | 4 | bytes of the values |
//! | 4 | bytes of the regions |
//! | … | the values: canonical games as a DAG of options ([`sprague_engine::partizan::db`]) |
//! | … | the regions, by increasing key: the rows and columns (a byte each), the layers (`layers · rows · cols` bits, little-endian, in whole bytes), the id of the value (a varint) |
//!
//! A region is stored in the normal form in which its ruleset splits boards
//! ([`crate::partizan::stored`]), so the search finds it as it meets it.
//!
//! # Reading
//!
//! [`Db::read`] checks everything before it trusts it: the magic, the version, the
//! checksum, the ruleset (one that a database can store, with its number of layers),
//! that every length fits in the file (nothing is allocated beyond the file's size),
//! that regions are valid boards in increasing order and every value id exists, and
//! that nothing follows. Any fault is an error saying what is wrong.

use crate::partizan::component::Position;
use crate::partizan::stored;
use crate::partizan::stored::{Key, Progress, Sizes, Stored, StoredVisitor};
use sprague_core::{Bound, Limits, SolveError};
use sprague_engine::partizan::db::{Bytes, ValueWriter, Values, put_varint};
use sprague_engine::partizan::{Game, GameTable, TreeValues};
use sprague_engine::search::partizan::Component;
use std::fmt;
use std::io::Read;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

/// The first bytes of a database file.
pub const MAGIC: &[u8; 8] = b"SPRAGUDB";

/// The version of the format written.
pub const VERSION: u16 = 1;

/// The largest database file read, in bytes.
pub const MAX_FILE_BYTES: u64 = 1 << 30;

/// The most bytes a header takes: magic, version, checksum, two names of at most 255
/// bytes with their lengths, the layers and four counts.
const MAX_HEADER: u64 = 8 + 2 + 8 + 2 * 256 + 1 + 4 * 4;

/// The bytes of the header at the start of `data` (a prefix of a file), and the bytes
/// of values and regions it says follow it; an error for a file that is not a
/// database of this version.
fn announced(data: &[u8]) -> Result<(u64, u64), String> {
    if data.len() < 10 || &data[..8] != MAGIC {
        return Err("not a sprague database (no SPRAGUDB magic at its start)".into());
    }
    let version = u16::from_le_bytes([data[8], data[9]]);
    if version != VERSION {
        return Err(format!(
            "database format version {version}, this sprague reads version {VERSION}"
        ));
    }
    let mut b = Bytes::new(&data[10..]);
    b.take(8)?;
    let n = b.byte()? as usize;
    b.take(n)?;
    let n = b.byte()? as usize;
    b.take(n)?;
    b.byte()?;
    let mut body = 0u64;
    b.take(8)?;
    for _ in 0..2 {
        body += u64::from(u32::from_le_bytes(b.take(4)?.try_into().expect("4 bytes")));
    }
    Ok(((data.len() - 10 - b.left()) as u64 + 10, body))
}

/// The memory counted for each region while a database is built (its key in the set,
/// its sorted key and value id, its share of the table of values).
pub const BUILD_BYTES_PER_REGION: u64 = 256;

/// FNV-1a, 64 bits.
fn checksum(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A database of region values, read and checked.
pub struct Db {
    name: String,
    ruleset: &'static str,
    layers: usize,
    sizes: String,
    keys: Vec<Key>,
    ids: Vec<u32>,
    values: Values,
    bytes: usize,
    key_of: fn(&dyn Component) -> Option<Key>,
    is_of: fn(&dyn Component) -> bool,
    hits: AtomicU64,
}

impl fmt::Debug for Db {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Db({}, {}, {} regions, {} values)",
            self.ruleset,
            self.sizes,
            self.keys.len(),
            self.values.len()
        )
    }
}

/// The key of a component that is a position of `R`.
fn key_of<R: Stored>(c: &dyn Component) -> Option<Key> {
    let p = c.as_any().downcast_ref::<Position<R>>()?;
    stored::key::<R>(p.position())
}

/// Whether a component is a position of `R`.
fn is_of<R: Stored>(c: &dyn Component) -> bool {
    c.as_any().is::<Position<R>>()
}

/// The ruleset of a database, as a type.
struct Meta {
    name: &'static str,
    layers: usize,
    key_of: fn(&dyn Component) -> Option<Key>,
    is_of: fn(&dyn Component) -> bool,
}

impl StoredVisitor for Meta {
    type Out = Meta;
    fn visit<R: Stored>(self) -> Meta {
        Meta {
            name: R::NAME,
            layers: R::LAYERS,
            key_of: key_of::<R>,
            is_of: is_of::<R>,
        }
    }
}

impl Db {
    /// Reads a database from its bytes; on error, what is wrong (one line).
    pub fn read(data: &[u8]) -> Result<Db, String> {
        if data.len() < 10 || &data[..8] != MAGIC {
            return Err("not a sprague database (no SPRAGUDB magic at its start)".into());
        }
        let version = u16::from_le_bytes([data[8], data[9]]);
        if version != VERSION {
            return Err(format!(
                "database format version {version}, this sprague reads version {VERSION}"
            ));
        }
        let mut b = Bytes::new(&data[10..]);
        let sum = u64::from_le_bytes(b.take(8)?.try_into().expect("8 bytes"));
        let body = &data[18..];
        if checksum(body) != sum {
            return Err("checksum mismatch: the file is damaged".into());
        }
        let n = b.byte()? as usize;
        let name = String::from_utf8_lossy(b.take(n)?).into_owned();
        let placeholder = Meta {
            name: "",
            layers: 0,
            key_of: |_| None,
            is_of: |_| false,
        };
        let Some(meta) = stored::visit_stored(&name, placeholder) else {
            return Err(format!(
                "ruleset '{name}' is not one a database stores ({})",
                stored::STORED.join(", ")
            ));
        };
        let (ruleset, layers) = (meta.name, meta.layers);
        let n = b.byte()? as usize;
        let sizes = String::from_utf8_lossy(b.take(n)?).into_owned();
        let l = b.byte()? as usize;
        if l != layers {
            return Err(format!(
                "{l} layers a board, but {ruleset} boards have {layers}"
            ));
        }
        let word = |b: &mut Bytes| -> Result<u32, String> {
            Ok(u32::from_le_bytes(b.take(4)?.try_into().expect("4 bytes")))
        };
        let n_values = word(&mut b)?;
        let n_regions = word(&mut b)?;
        let values_len = word(&mut b)? as usize;
        let regions_len = word(&mut b)? as usize;
        if values_len.saturating_add(regions_len) != b.left() {
            return Err(format!(
                "truncated or padded: the header says {} bytes of values and regions, {} follow it",
                values_len as u64 + regions_len as u64,
                b.left()
            ));
        }
        let values =
            Values::read(b.take(values_len)?, n_values).map_err(|e| format!("values: {e}"))?;
        let mut r = Bytes::new(b.take(regions_len)?);
        // Every region takes at least three bytes.
        if n_regions as usize > regions_len / 3 {
            return Err(format!(
                "{n_regions} regions cannot fit in {regions_len} bytes"
            ));
        }
        let mut keys = Vec::with_capacity(n_regions as usize);
        let mut ids = Vec::with_capacity(n_regions as usize);
        for i in 0..n_regions {
            let rows = r.byte()? as usize;
            let cols = r.byte()? as usize;
            let bits = rows * cols * layers;
            if rows == 0 || cols == 0 || rows * cols > 64 || bits > stored::KEY_BITS {
                return Err(format!("region {i} has a board of {rows}x{cols} squares"));
            }
            let raw = r.take(bits.div_ceil(8))?;
            let mut packed = 0u128;
            for (j, &x) in raw.iter().enumerate() {
                packed |= u128::from(x) << (8 * j);
            }
            if packed >> bits != 0 {
                return Err(format!("region {i} has squares off its board"));
            }
            let key = (rows as u128) << 120 | (cols as u128) << 112 | packed;
            let id = r.count(u64::from(n_values.saturating_sub(1)), "a value id")?;
            if n_values == 0 {
                return Err(format!("region {i} has a value, but there are no values"));
            }
            if keys.last().is_some_and(|&k| k >= key) {
                return Err(format!("region {i} is out of order"));
            }
            keys.push(key);
            ids.push(id as u32);
        }
        Ok(Db {
            name: "the database".into(),
            ruleset,
            layers,
            sizes,
            keys,
            ids,
            values,
            bytes: data.len(),
            key_of: meta.key_of,
            is_of: meta.is_of,
            hits: AtomicU64::new(0),
        })
    }

    /// Reads the database in the file `path`; on error, the file and what is wrong. A
    /// file that is not a regular file (a FIFO, a device, a directory) is refused
    /// before anything is read.
    pub fn load(path: &Path) -> Result<Db, String> {
        use std::os::unix::fs::OpenOptionsExt as _;
        let name = path.display();
        let cannot = |e: std::io::Error| format!("cannot read {name}: {e}");
        let regular = |m: &std::fs::Metadata| {
            if m.is_file() {
                Ok(())
            } else {
                Err(format!("cannot read {name}: it is not a regular file"))
            }
        };
        regular(&std::fs::metadata(path).map_err(cannot)?)?;
        // Non-blocking, so that a FIFO put there meanwhile is not waited on.
        let mut f = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(path)
            .map_err(cannot)?;
        let meta = f.metadata().map_err(cannot)?;
        regular(&meta)?;
        let mut db = Db::read_from(&mut f, meta.len()).map_err(|e| format!("{name}: {e}"))?;
        db.name = name.to_string();
        Ok(db)
    }

    /// Reads a database of `len` bytes from `input` (a regular file of that length):
    /// the header first, then, once the lengths it announces are found to make `len`
    /// (at most [`MAX_FILE_BYTES`]), the rest; then [`Db::read`].
    pub fn read_from(input: &mut impl std::io::Read, len: u64) -> Result<Db, String> {
        if len > MAX_FILE_BYTES {
            return Err(format!(
                "{len} bytes: a database file has at most {MAX_FILE_BYTES} bytes"
            ));
        }
        let cannot = |e: std::io::Error| format!("cannot be read: {e}");
        let mut data = Vec::new();
        input
            .by_ref()
            .take(MAX_HEADER.min(len))
            .read_to_end(&mut data)
            .map_err(cannot)?;
        let (header, body) = announced(&data)?;
        if header.saturating_add(body) != len {
            return Err(format!(
                "truncated or padded: the header says {body} bytes of values and regions, {} follow it",
                len.saturating_sub(header)
            ));
        }
        data.try_reserve_exact((len as usize).saturating_sub(data.len()))
            .map_err(|_| format!("{len} bytes cannot be allocated"))?;
        // One byte more than announced is read, to see a file that grew meanwhile.
        input
            .take(len + 1 - data.len() as u64)
            .read_to_end(&mut data)
            .map_err(cannot)?;
        if data.len() as u64 != len {
            return Err(format!(
                "changed while it was read: {len} bytes, then {}",
                data.len()
            ));
        }
        Db::read(&data)
    }

    /// Names the database in messages (its file), as [`Db::load`] does.
    pub fn set_name(&mut self, name: String) {
        self.name = name;
    }

    /// The error for a position without a term of its ruleset.
    pub fn no_term(&self) -> String {
        format!(
            "{} holds {} regions, and the position has no {} term",
            self.name, self.ruleset, self.ruleset
        )
    }

    /// The ruleset whose regions it holds.
    pub fn ruleset(&self) -> &'static str {
        self.ruleset
    }

    /// Which regions it holds, in words.
    pub fn sizes(&self) -> &str {
        &self.sizes
    }

    /// How many regions it holds.
    pub fn regions(&self) -> usize {
        self.keys.len()
    }

    /// How many distinct canonical games its values take (with their options).
    pub fn values(&self) -> usize {
        self.values.len()
    }

    /// Its size in bytes.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// Layers of a board of its ruleset.
    pub fn layers(&self) -> usize {
        self.layers
    }

    /// Whether `c` is a position of its ruleset (whether it may hold `c`).
    pub fn applies(&self, c: &dyn Component) -> bool {
        (self.is_of)(c)
    }

    /// The value of the region `c` in `t`, if the database holds it.
    pub fn value(&self, c: &dyn Component, t: &mut GameTable) -> Result<Option<Game>, SolveError> {
        let Some(key) = (self.key_of)(c) else {
            return Ok(None);
        };
        match self.keys.binary_search(&key) {
            Ok(i) => {
                self.hits.fetch_add(1, Ordering::Relaxed);
                self.values.game(t, self.ids[i])
            }
            Err(_) => Ok(None),
        }
    }

    /// How many values it has given ([`Db::value`] finding the region).
    pub fn hits(&self) -> u64 {
        self.hits.load(Ordering::Relaxed)
    }

    /// Every region it holds, as a key and the id of its value.
    pub fn entries(&self) -> impl Iterator<Item = (Key, u32)> + '_ {
        self.keys.iter().copied().zip(self.ids.iter().copied())
    }

    /// The value of id `id` in `t`.
    pub fn value_of(&self, id: u32, t: &mut GameTable) -> Result<Option<Game>, SolveError> {
        self.values.game(t, id)
    }
}

impl sprague_engine::search::partizan::RegionValues for Db {
    fn value(&self, c: &dyn Component, t: &mut GameTable) -> Result<Option<Game>, SolveError> {
        Db::value(self, c, t)
    }
}

/// The canonical value of the small region `c`: from `db` when it holds it, else from
/// the game tree ([`Component::value`]). The search calls this for every small region
/// it meets.
pub fn value(db: Option<&Db>, c: &dyn Component, t: &mut GameTable) -> Result<Game, SolveError> {
    if let Some(db) = db
        && let Some(g) = db.value(c, t)?
    {
        return Ok(g);
    }
    c.value(t)
}

/// Builds a database of the regions of `ruleset` that `sizes` names, within `limits`
/// (`--max-states` bounds the boards looked at, the regions and the games of the
/// values; `--max-memory` the regions held, [`BUILD_BYTES_PER_REGION`] bytes each); the bytes of the file, or `Ok(None)` if
/// `progress` stopped it.
pub fn build(
    ruleset: &str,
    sizes: &Sizes,
    limits: &Limits,
    progress: &mut dyn Progress,
) -> Result<Option<Vec<u8>>, SolveError> {
    struct Build<'a> {
        sizes: &'a Sizes,
        limits: &'a Limits,
        progress: &'a mut dyn Progress,
    }
    impl StoredVisitor for Build<'_> {
        type Out = Result<Option<Vec<u8>>, SolveError>;
        fn visit<R: Stored>(self) -> Self::Out {
            build_for::<R>(self.sizes, self.limits, self.progress)
        }
    }
    stored::visit_stored(
        ruleset,
        Build {
            sizes,
            limits,
            progress,
        },
    )
    .unwrap_or_else(|| {
        Err(SolveError::Input(format!(
            "a database stores the regions of {}, not of '{ruleset}'",
            stored::STORED.join(" or ")
        )))
    })
}

fn build_for<R: Stored>(
    sizes: &Sizes,
    limits: &Limits,
    progress: &mut dyn Progress,
) -> Result<Option<Vec<u8>>, SolveError> {
    let by_memory = limits.max_memory / BUILD_BYTES_PER_REGION;
    let bound = if by_memory < limits.max_states {
        (by_memory, Bound::Memory)
    } else {
        (limits.max_states, Bound::States)
    };
    let Some(keys) = stored::regions::<R>(sizes, bound, progress)? else {
        return Ok(None);
    };
    let rules = R::default();
    let mut t = GameTable::with_limit(limits.max_states);
    let mut tree = TreeValues::new();
    let mut writer = ValueWriter::new();
    let mut regions = Vec::new();
    let total = keys.len() as u64;
    for (i, &key) in keys.iter().enumerate() {
        if i % 256 == 0 && !progress.report("values", i as u64, total) {
            return Ok(None);
        }
        let (rows, cols, layers) = stored::unpack(key, R::LAYERS);
        let p = R::from_board(rows, cols, layers).expect("a key made from a position");
        let g = tree.region(&mut t, &rules, &p)?;
        let id = writer.id(&mut t, g)?;
        regions.push(rows as u8);
        regions.push(cols as u8);
        let bits = rows * cols * R::LAYERS;
        let packed = key & ((1u128 << bits) - 1);
        regions.extend_from_slice(&packed.to_le_bytes()[..bits.div_ceil(8)]);
        put_varint(&mut regions, u64::from(id));
    }
    progress.report("values", total, total);
    let too_big = |what: &str| SolveError::Input(format!("the database has more than 2^32 {what}"));
    let mut body = Vec::new();
    body.push(R::NAME.len() as u8);
    body.extend_from_slice(R::NAME.as_bytes());
    let words = sizes.to_string();
    if words.len() > 255 {
        return Err(SolveError::Input(
            "too many shapes: their list takes more than 255 bytes".into(),
        ));
    }
    body.push(words.len() as u8);
    body.extend_from_slice(words.as_bytes());
    body.push(R::LAYERS as u8);
    body.extend_from_slice(&writer.len().to_le_bytes());
    let n = u32::try_from(keys.len()).map_err(|_| too_big("regions"))?;
    body.extend_from_slice(&n.to_le_bytes());
    for len in [writer.bytes().len(), regions.len()] {
        let len = u32::try_from(len).map_err(|_| too_big("bytes"))?;
        body.extend_from_slice(&len.to_le_bytes());
    }
    body.extend_from_slice(writer.bytes());
    body.extend_from_slice(&regions);
    let mut out = Vec::with_capacity(body.len() + 18);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&checksum(&body).to_le_bytes());
    out.extend_from_slice(&body);
    Ok(Some(out))
}
