//! The answer of `sprague table`: the values of a heap family, OEIS style, with their
//! period (SPEC §3).
//!
//! Two ways to the same document: [`table`] builds it whole ([`Tabled`], for the web
//! page and Python, which ask for small ranges), and [`write_table`] writes it as it
//! goes, heap by heap from the family's table, so that a long range costs no memory
//! beyond the values the computation keeps (the command line).

use super::{Failure, json};
use sprague_core::Limits;
use sprague_core::nat::Nat;
use sprague_engine::impartial::heap::{TableFamily, TableReport};
use sprague_engine::impartial::period::Period;
use std::fmt::Write as _;
use std::io::Write;
use std::ops::RangeInclusive;

/// The values of a heap family for heaps `from..=to`, with their period and, when
/// asked for, each value's derivation.
pub struct Tabled {
    /// The family's name, normalised.
    pub family: String,
    /// The first heap.
    pub from: usize,
    /// The values and the period.
    pub report: TableReport,
    /// The derivation of each value, when asked for.
    pub derivations: Option<Vec<String>>,
}

/// The forms of the document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Ten values a line, then the period (or one derivation a line).
    Text,
    /// One JSON document (SPEC §3).
    Json,
    /// `heap,value` lines under that header.
    Csv,
}

/// Computes the table of the family `text` for heaps `from..=to`, with each value's
/// derivation when `explain` is set.
///
/// ```
/// use sprague_core::Limits;
/// use sprague_report::table::table;
/// let t = table("sub[1,3,4]", 0, 9, false, &Limits::default()).unwrap();
/// assert_eq!(t.json(), "{\"family\":\"sub[1,3,4]\",\"from\":0,\"values\":[0,1,0,1,2,3,2,0,1,0],\"period\":{\"preperiod\":0,\"period\":7,\"proved\":true}}\n");
/// ```
pub fn table(
    text: &str,
    from: usize,
    to: usize,
    explain: bool,
    limits: &Limits,
) -> Result<Tabled, Failure> {
    let family = sprague_games::table_family(text)?;
    let report = family.report(from, to, limits)?;
    tabled(&*family, from, to, report, explain, limits)
}

/// The document of a table computed already (e.g. watched, with checkpoints).
pub fn tabled(
    family: &dyn TableFamily,
    from: usize,
    to: usize,
    report: TableReport,
    explain: bool,
    limits: &Limits,
) -> Result<Tabled, Failure> {
    let derivations = if explain {
        let mut d = Vec::new();
        for n in from..=to {
            d.push(family.derivation(&Nat::from(n), limits)?);
        }
        Some(d)
    } else {
        None
    };
    Ok(Tabled {
        family: family.name(),
        from,
        report,
        derivations,
    })
}

/// Writes the document of heaps `heaps` (`from..=to`) of `family` to `out` in
/// `format`, as it goes: after [`TableFamily::prepare_watched`] has computed what the values need
/// (it returned `period`), each value is read from the family's table when it is
/// written, and each derivation (with `explain`) is made when it is written. The
/// bytes are those of [`Tabled::text`], [`Tabled::json`] and [`Tabled::csv`].
pub fn write_table(
    out: &mut dyn Write,
    family: &dyn TableFamily,
    heaps: RangeInclusive<usize>,
    period: Option<(Period, bool)>,
    explain: bool,
    format: Format,
    limits: &Limits,
) -> Result<(), Failure> {
    let (from, to) = heaps.into_inner();
    let name = family.name();
    let mut value = |n: usize| {
        family
            .value_at(n)
            .ok_or_else(|| Failure::from(limits.states_exceeded("this table")))
    };
    let mut derive =
        |n: usize| -> Result<String, Failure> { Ok(family.derivation(&Nat::from(n), limits)?) };
    let doc = Doc {
        family: &name,
        from,
        to,
        period,
    };
    let derivations: Option<&mut dyn FnMut(usize) -> Result<String, Failure>> =
        explain.then_some(&mut derive);
    doc.write(out, format, &mut value, derivations)
}

impl Tabled {
    /// The last heap.
    pub fn to(&self) -> usize {
        self.from + self.report.values.len().saturating_sub(1)
    }

    /// The document in `format`.
    pub fn document(&self, format: Format) -> String {
        let mut out = Vec::new();
        let mut value = |n: usize| Ok(self.report.values[n - self.from].clone());
        let mut derive = |n: usize| {
            Ok(self
                .derivations
                .as_ref()
                .map(|d| d[n - self.from].clone())
                .unwrap_or_default())
        };
        let derivations: Option<&mut dyn FnMut(usize) -> Result<String, Failure>> =
            self.derivations.is_some().then_some(&mut derive);
        let doc = Doc {
            family: &self.family,
            from: self.from,
            to: self.to(),
            period: self.report.period,
        };
        if self.report.values.is_empty() {
            // No heap at all (not made by `table`): the document's frame only.
            return doc.empty(format);
        }
        // Writing to memory fails only if a value is missing, which cannot happen here.
        let _ = doc.write(&mut out, format, &mut value, derivations);
        String::from_utf8(out).unwrap_or_default()
    }

    /// The JSON document of `table --json` (SPEC §3), with a final newline.
    pub fn json(&self) -> String {
        self.document(Format::Json)
    }

    /// The plain-text table of `table`: ten values a line, then the period.
    pub fn text(&self) -> String {
        self.document(Format::Text)
    }

    /// The CSV of `table --csv`: the header `heap,value`, then one line a heap.
    pub fn csv(&self) -> String {
        self.document(Format::Csv)
    }
}

/// The parts of a table document known before its values.
struct Doc<'a> {
    family: &'a str,
    from: usize,
    to: usize,
    period: Option<(Period, bool)>,
}

/// Bytes gathered before they are written out.
const FLUSH_AT: usize = 1 << 16;

/// A value function: the value of heap `n`.
type ValueOf<'f> = dyn FnMut(usize) -> Result<Nat, Failure> + 'f;
/// A derivation function: the derivation of heap `n`.
type DerivationOf<'f> = dyn FnMut(usize) -> Result<String, Failure> + 'f;

impl Doc<'_> {
    /// Writes the document, the values of heaps `from..=to` from `value`, the lines of
    /// derivations (text and JSON) from `derivation` when given.
    fn write(
        &self,
        out: &mut dyn Write,
        format: Format,
        value: &mut ValueOf<'_>,
        mut derivation: Option<&mut DerivationOf<'_>>,
    ) -> Result<(), Failure> {
        let mut buf = String::with_capacity(FLUSH_AT + 1024);
        let flush = |buf: &mut String, out: &mut dyn Write| -> Result<(), Failure> {
            out.write_all(buf.as_bytes())?;
            buf.clear();
            Ok(())
        };
        match format {
            Format::Text => {
                self.text_head(&mut buf);
                if let Some(derive) = derivation.as_mut() {
                    for n in self.from..=self.to {
                        buf.push_str(&derive(n)?);
                        buf.push('\n');
                        if buf.len() >= FLUSH_AT {
                            flush(&mut buf, out)?;
                        }
                    }
                } else {
                    for n in self.from..=self.to {
                        let k = n - self.from;
                        if k.is_multiple_of(10) {
                            if k > 0 {
                                buf.push('\n');
                            }
                            let _ = write!(buf, "{n:>8}:");
                        }
                        buf.push(' ');
                        value(n)?.write_decimal(&mut buf);
                        if buf.len() >= FLUSH_AT {
                            flush(&mut buf, out)?;
                        }
                    }
                    buf.push('\n');
                }
                self.text_period(&mut buf);
            }
            Format::Json => {
                self.json_head(&mut buf);
                for n in self.from..=self.to {
                    if n > self.from {
                        buf.push(',');
                    }
                    json::nat(&mut buf, &value(n)?);
                    if buf.len() >= FLUSH_AT {
                        flush(&mut buf, out)?;
                    }
                }
                self.json_period(&mut buf);
                if let Some(derive) = derivation.as_mut() {
                    buf.push_str(",\"explanation\":[");
                    for n in self.from..=self.to {
                        if n > self.from {
                            buf.push(',');
                        }
                        json::string(&mut buf, &derive(n)?);
                        if buf.len() >= FLUSH_AT {
                            flush(&mut buf, out)?;
                        }
                    }
                    buf.push(']');
                }
                buf.push_str("}\n");
            }
            Format::Csv => {
                buf.push_str("heap,value\n");
                let mut heap = itoa::Buffer::new();
                for n in self.from..=self.to {
                    buf.push_str(heap.format(n));
                    buf.push(',');
                    value(n)?.write_decimal(&mut buf);
                    buf.push('\n');
                    if buf.len() >= FLUSH_AT {
                        flush(&mut buf, out)?;
                    }
                }
            }
        }
        flush(&mut buf, out)?;
        out.flush()?;
        Ok(())
    }

    /// The document with no value (a report of no heap).
    fn empty(&self, format: Format) -> String {
        let mut buf = String::new();
        match format {
            Format::Text => {
                self.text_head(&mut buf);
                self.text_period(&mut buf);
            }
            Format::Json => {
                self.json_head(&mut buf);
                self.json_period(&mut buf);
                buf.push_str("}\n");
            }
            Format::Csv => buf.push_str("heap,value\n"),
        }
        buf
    }

    fn text_head(&self, buf: &mut String) {
        let _ = writeln!(
            buf,
            "{}: Sprague–Grundy values for heaps {}..{}",
            self.family, self.from, self.to
        );
    }

    fn text_period(&self, buf: &mut String) {
        match &self.period {
            Some((p, proved)) => {
                let _ = writeln!(
                    buf,
                    "period: {} from heap {} ({})",
                    p.period,
                    p.preperiod,
                    if *proved {
                        "proved: the rules guarantee the pattern continues forever"
                    } else {
                        "seen in the computed range, not proved"
                    }
                );
            }
            None => buf.push_str("period: none found in the computed range\n"),
        }
    }

    fn json_head(&self, buf: &mut String) {
        buf.push_str("{\"family\":");
        json::string(buf, self.family);
        let _ = write!(buf, ",\"from\":{},\"values\":[", self.from);
    }

    fn json_period(&self, buf: &mut String) {
        buf.push_str("],\"period\":");
        match &self.period {
            Some((p, proved)) => {
                let _ = write!(
                    buf,
                    "{{\"preperiod\":{},\"period\":{},\"proved\":{proved}}}",
                    p.preperiod, p.period
                );
            }
            None => buf.push_str("null"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The document written as it goes equals the one built whole, in every format,
    /// with and without derivations, on families with a closed form, a proved
    /// period, an unproved one, and none.
    #[test]
    fn written_as_it_goes_equals_built_whole() {
        let limits = Limits::default();
        for (family, from, to) in [
            ("sub[1,3,4]", 0, 40),
            ("sub[1,3,4]", 5, 5),
            ("kayles", 0, 200),
            ("kayles", 150, 400),
            ("grundy_game", 3, 120),
            ("bash[3]", 10, 33),
            ("nim", 0, 12),
            ("lasker", 0, 25),
            ("andnim", 0, 70),
            ("octal[0.007]", 0, 99),
        ] {
            for explain in [false, true] {
                let whole = table(family, from, to, explain, &limits).unwrap();
                for format in [Format::Text, Format::Json, Format::Csv] {
                    let f = sprague_games::table_family(family).unwrap();
                    let period = f
                        .prepare_watched(
                            from,
                            to,
                            &limits,
                            &mut sprague_engine::impartial::watch::Unwatched,
                        )
                        .unwrap();
                    let mut out = Vec::new();
                    let explained = explain && format != Format::Csv;
                    write_table(&mut out, &*f, from..=to, period, explained, format, &limits)
                        .unwrap();
                    let want = if explained {
                        whole.document(format)
                    } else {
                        Tabled {
                            derivations: None,
                            family: whole.family.clone(),
                            from: whole.from,
                            report: whole.report.clone(),
                        }
                        .document(format)
                    };
                    assert_eq!(
                        String::from_utf8(out).unwrap(),
                        want,
                        "{family} {from}..{to} {format:?} explain {explain}"
                    );
                }
            }
        }
    }

    #[test]
    fn text_rows_hold_ten_values() {
        let t = table("sub[1,3,4]", 0, 20, false, &Limits::default()).unwrap();
        assert_eq!(
            t.text(),
            "sub[1,3,4]: Sprague–Grundy values for heaps 0..20\n       0: 0 1 0 1 2 3 2 0 1 0\n      10: 1 2 3 2 0 1 0 1 2 3\n      20: 2\nperiod: 7 from heap 0 (proved: the rules guarantee the pattern continues forever)\n"
        );
        assert_eq!(
            table("sub[1,3,4]", 3, 5, false, &Limits::default())
                .unwrap()
                .csv(),
            "heap,value\n3,1\n4,2\n5,3\n"
        );
    }
}
