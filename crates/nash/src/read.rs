//! Reading a game from JSON (SPEC §5):
//!
//! ```json
//! { "rows": ["quiet", "confess"], "cols": ["quiet", "confess"],
//!   "row_payoffs": [[-1, -20], [0, -8]], "col_payoffs": [[-1, 0], [-20, -8]] }
//! ```
//!
//! Payoffs are JSON numbers or strings holding an integer, a decimal or a fraction
//! `"p/q"`; numbers are read exactly from their text, never through `f64`. Other
//! fields are ignored. Every error gives the line and column of the offending value
//! and its place in the document, such as `row_payoffs[1][0]`.

use super::game::{GameError, names_key};
use super::number;
use super::{Bimatrix, Player, Rational};
use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;
use std::fmt;

/// Why a text is not a game, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// Line of the offending value (1-based).
    pub line: usize,
    /// Column of the offending value (1-based, in characters).
    pub column: usize,
    /// What is wrong, naming the value's place (e.g. `row_payoffs[1][0]: …`).
    pub message: String,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ReadError {}

/// Reads a game from the text of its JSON file.
///
/// ```
/// use sprague_nash::read_game;
/// let g = read_game(r#"{"rows": ["a"], "cols": ["x", "y"],
///                       "row_payoffs": [[1, "3/4"]], "col_payoffs": [[0.5, -2e1]]}"#).unwrap();
/// assert_eq!(g.payoffs(0, 1).0.to_string(), "3/4");
/// assert_eq!(g.payoffs(0, 1).1.to_string(), "-20");
///
/// let e = read_game("{\"rows\": [\"a\"], \"cols\": [\"x\"],\n \"row_payoffs\": [[\"x\"]], \"col_payoffs\": [[1]]}")
///     .unwrap_err();
/// assert_eq!((e.line, e.column), (2, 19));
/// assert!(e.message.starts_with("row_payoffs[0][0]: \"x\" is not a number"));
/// ```
pub fn read_game(text: &str) -> Result<Bimatrix, ReadError> {
    let doc = Doc { text };
    let fields: Fields = serde_json::from_str(text).map_err(|e| doc.syntax(&e))?;
    let field = |key: &str| {
        doc.field(
            &fields,
            key,
            "a game has rows, cols, row_payoffs and col_payoffs",
        )
    };
    let rows = doc.names(field("rows")?, "rows")?;
    let cols = doc.names(field("cols")?, "cols")?;
    let row_raw = doc.table(field("row_payoffs")?, "row_payoffs")?;
    let col_raw = doc.table(field("col_payoffs")?, "col_payoffs")?;
    let values = |t: &Table| t.iter().map(|r| r.1.clone()).collect::<Vec<_>>();
    Bimatrix::new(
        rows.iter().map(|r| r.1.clone()).collect(),
        cols.iter().map(|r| r.1.clone()).collect(),
        values(&row_raw),
        values(&col_raw),
    )
    .map_err(|e| {
        let names = |p: Player| if p == Player::Row { &rows } else { &cols };
        let place: &str = match &e {
            GameError::NoStrategies(p) => field(names_key(*p)).map(|r| r.get()).unwrap_or(text),
            GameError::Shape { player, row, .. } => {
                let (whole, t) = if *player == Player::Row {
                    (field("row_payoffs"), &row_raw)
                } else {
                    (field("col_payoffs"), &col_raw)
                };
                match row {
                    Some(i) => t[*i].0,
                    None => whole.map(|r| r.get()).unwrap_or(text),
                }
            }
            GameError::DuplicateName { player, index, .. }
            | GameError::EmptyName { player, index } => names(*player)[*index].0,
        };
        doc.at(place, e.to_string())
    })
}

/// A table as read: each row's text (for positions) and its numbers.
type Table<'a> = Vec<(&'a str, Vec<Rational>)>;

/// The top-level object, as its fields in order (repeated keys kept, to reject them).
pub(crate) struct Fields<'a>(pub(crate) Vec<(String, &'a RawValue)>);

impl<'de> Deserialize<'de> for Fields<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(FieldsVisitor)
    }
}

struct FieldsVisitor;

impl<'de> Visitor<'de> for FieldsVisitor {
    type Value = Fields<'de>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "a JSON object with the fields rows, cols, row_payoffs and col_payoffs"
        )
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut fields = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            let value: &'de RawValue = map.next_value()?;
            fields.push((key, value));
        }
        Ok(Fields(fields))
    }
}

/// The document being read, to turn a value's text back into a line and column.
pub(crate) struct Doc<'a> {
    pub(crate) text: &'a str,
}

impl<'a> Doc<'a> {
    /// An error located at `place`, a slice of the document.
    pub(crate) fn at(&self, place: &str, message: String) -> ReadError {
        let offset = (place.as_ptr() as usize)
            .checked_sub(self.text.as_ptr() as usize)
            .filter(|&o| o <= self.text.len())
            .unwrap_or(0);
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        ReadError {
            line,
            column,
            message,
        }
    }

    /// The value of field `key` of the document's `fields`: an error at the start of
    /// the document when it is missing (`fields_are` saying what a game has), at the
    /// second when it is given twice.
    pub(crate) fn field(
        &self,
        fields: &Fields<'a>,
        key: &str,
        fields_are: &str,
    ) -> Result<&'a RawValue, ReadError> {
        let mut found = fields.0.iter().filter(|(k, _)| k == key);
        let first = found.next().ok_or_else(|| {
            self.at(
                self.text.trim_start(),
                format!("missing field {key} ({fields_are})"),
            )
        })?;
        if let Some((_, again)) = found.next() {
            return Err(self.at(again.get(), format!("{key} is given twice")));
        }
        Ok(first.1)
    }

    /// An error of serde_json in reading `part`, a slice of the document, located in
    /// the whole document.
    fn nested(&self, part: &str, e: &serde_json::Error, path: &str) -> ReadError {
        // serde_json counts lines from 1 and columns in bytes from 1.
        let line_start: usize = part
            .split_inclusive('\n')
            .take(e.line().saturating_sub(1))
            .map(str::len)
            .sum();
        let mut offset = (line_start + e.column().saturating_sub(1)).min(part.len());
        while !part.is_char_boundary(offset) {
            offset -= 1;
        }
        let full = e.to_string();
        let suffix = format!(" at line {} column {}", e.line(), e.column());
        let message = full.strip_suffix(&suffix).unwrap_or(&full);
        self.at(&part[offset..], format!("{path}: {message}"))
    }

    /// A JSON syntax (or top-level type) error from serde_json.
    pub(crate) fn syntax(&self, e: &serde_json::Error) -> ReadError {
        let full = e.to_string();
        let suffix = format!(" at line {} column {}", e.line(), e.column());
        let message = full.strip_suffix(&suffix).unwrap_or(&full);
        let message = match e.classify() {
            serde_json::error::Category::Eof => format!("malformed JSON: {message}"),
            serde_json::error::Category::Syntax => format!("malformed JSON: {message}"),
            _ => message.to_string(),
        };
        ReadError {
            line: e.line().max(1),
            column: e.column().max(1),
            message,
        }
    }

    /// The elements of an array, or an error naming `path` and what it expected.
    pub(crate) fn array(
        &self,
        raw: &'a RawValue,
        path: &str,
        expected: &str,
    ) -> Result<Vec<&'a RawValue>, ReadError> {
        let text: &'a str = raw.get();
        if !text.starts_with('[') {
            return Err(self.at(
                text,
                format!("{path}: expected {expected}, found {}", kind(text)),
            ));
        }
        serde_json::from_str::<Vec<&'a RawValue>>(text).map_err(|e| self.nested(text, &e, path))
    }

    /// A player's strategy names, each with its text.
    pub(crate) fn names(
        &self,
        raw: &'a RawValue,
        key: &str,
    ) -> Result<Vec<(&'a str, String)>, ReadError> {
        let items = self.array(raw, key, "an array of strategy names")?;
        items
            .into_iter()
            .enumerate()
            .map(|(i, item)| {
                let text = item.get();
                if !text.starts_with('"') {
                    return Err(self.at(
                        text,
                        format!(
                            "{key}[{i}]: expected a strategy name (a string), found {}",
                            kind(text)
                        ),
                    ));
                }
                let name: String = serde_json::from_str(text)
                    .map_err(|e| self.nested(text, &e, &format!("{key}[{i}]")))?;
                Ok((text, name))
            })
            .collect()
    }

    /// A payoff table: an array of rows, each an array of numbers.
    fn table(&self, raw: &'a RawValue, key: &str) -> Result<Table<'a>, ReadError> {
        let rows = self.array(raw, key, "an array of rows (one per row strategy)")?;
        rows.into_iter()
            .enumerate()
            .map(|(i, row)| {
                let path = format!("{key}[{i}]");
                let entries =
                    self.array(row, &path, "an array of payoffs (one per column strategy)")?;
                let values = entries
                    .into_iter()
                    .enumerate()
                    .map(|(j, entry)| self.number(entry, &format!("{path}[{j}]")))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok((row.get(), values))
            })
            .collect()
    }

    /// One payoff: a JSON number, or a string holding a number or a fraction.
    pub(crate) fn number(&self, raw: &'a RawValue, path: &str) -> Result<Rational, ReadError> {
        let text = raw.get();
        let literal = match text.as_bytes()[0] {
            b'-' | b'0'..=b'9' => text.to_string(),
            b'"' => {
                serde_json::from_str::<String>(text).map_err(|e| self.nested(text, &e, path))?
            }
            _ => {
                return Err(self.at(
                    text,
                    format!("{path}: expected a payoff (a number or a string such as \"3/4\"), found {}", kind(text)),
                ));
            }
        };
        number::parse(&literal).map_err(|e| {
            let shown = if text.chars().count() > 40 {
                format!("{}…", text.chars().take(40).collect::<String>())
            } else {
                text.to_string()
            };
            self.at(text, format!("{path}: {shown} is not a number: {e}"))
        })
    }
}

/// What kind of JSON value a text is, in words.
fn kind(text: &str) -> &'static str {
    match text.as_bytes().first() {
        Some(b'{') => "an object",
        Some(b'[') => "an array",
        Some(b'"') => "a string",
        Some(b't') | Some(b'f') => "a boolean",
        Some(b'n') => "null",
        _ => "a number",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        read_game(text).unwrap_err().to_string()
    }

    const OK: &str = r#"{"rows": ["a", "b"], "cols": ["x"], "row_payoffs": [[1], [2]], "col_payoffs": [[3], [4]]}"#;

    #[test]
    fn reads_a_game() {
        let g = read_game(OK).unwrap();
        assert_eq!(g.names(Player::Row), ["a", "b"]);
        assert_eq!(g.payoffs(1, 0).1.to_string(), "4");
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(
            err(""),
            "line 1, column 1: malformed JSON: EOF while parsing a value"
        );
        assert!(err("{\"rows\": [\"a\",]}").starts_with("line 1, column 15: malformed JSON: "));
        assert_eq!(
            err("[1]"),
            "line 1, column 1: invalid type: sequence, expected a JSON object with the fields rows, cols, row_payoffs and col_payoffs"
        );
        assert!(err(r#"{"rows": ["a"]}"#).contains("missing field cols"));
        assert_eq!(
            err(&OK.replace(r#"[[1], [2]]"#, r#"[[1], [2], [3]]"#)),
            "line 1, column 52: row_payoffs has 3 rows, but rows names 2 strategies"
        );
        assert_eq!(
            err(&OK.replace(r#"[[3], [4]]"#, r#"[[3], [4, 5]]"#)),
            "line 1, column 85: col_payoffs[1] has 2 entries, but cols names 1 strategy"
        );
        assert!(
            err(&OK.replace(r#"[[3], [4]]"#, r#"[[3], [null]]"#))
                .contains("col_payoffs[1][0]: expected a payoff")
        );
        assert!(
            err(&OK.replace(r#"[[3], [4]]"#, r#"[[3], ["1/0"]]"#))
                .contains("col_payoffs[1][0]: \"1/0\" is not a number: the denominator is zero")
        );
        assert!(
            err(&OK.replace(r#"["x"]"#, r#"[]"#))
                .contains("empty game: the column player has no strategy")
        );
        assert!(
            err(&OK.replace(r#"["a", "b"]"#, r#"["a", "a"]"#))
                .contains("rows[1] repeats the name of rows[0]")
        );
        assert!(
            err(&OK.replace(r#"["a", "b"]"#, r#"["a", 2]"#))
                .contains("rows[1]: expected a strategy name")
        );
        assert!(
            err(&OK.replace(r#""cols": ["x"]"#, r#""cols": ["x"], "cols": ["y"]"#))
                .contains("cols is given twice")
        );
    }
}
