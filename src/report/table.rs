//! The answer of `sprague table`: the values of a heap family, OEIS style, with their
//! period (SPEC §3).

use super::{Failure, json};
use crate::games;
use crate::impartial::family::Limits;
use crate::impartial::heap::{TableFamily, TableReport};
use crate::nat::Nat;
use std::fmt::Write as _;

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

/// Computes the table of the family `text` for heaps `from..=to`, with each value's
/// derivation when `explain` is set.
///
/// ```
/// use sprague::impartial::family::Limits;
/// use sprague::report::table::table;
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
    let family = games::table_family(text)?;
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

impl Tabled {
    /// The last heap.
    pub fn to(&self) -> usize {
        self.from + self.report.values.len().saturating_sub(1)
    }

    /// The JSON document of `table --json` (SPEC §3), with a final newline.
    pub fn json(&self) -> String {
        let mut out = String::new();
        out.push_str("{\"family\":");
        json::string(&mut out, &self.family);
        let _ = write!(out, ",\"from\":{},\"values\":[", self.from);
        for (i, v) in self.report.values.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            json::nat(&mut out, v);
        }
        out.push_str("],\"period\":");
        match &self.report.period {
            Some((p, proved)) => {
                let _ = write!(
                    out,
                    "{{\"preperiod\":{},\"period\":{},\"proved\":{proved}}}",
                    p.preperiod, p.period
                );
            }
            None => out.push_str("null"),
        }
        if let Some(derivations) = &self.derivations {
            out.push_str(",\"explanation\":");
            json::strings(&mut out, derivations);
        }
        out.push_str("}\n");
        out
    }

    /// The plain-text table of `table`: ten values a line, then the period.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{}: Sprague–Grundy values for heaps {}..{}",
            self.family,
            self.from,
            self.to()
        );
        if let Some(derivations) = &self.derivations {
            for d in derivations {
                let _ = writeln!(out, "{d}");
            }
        } else {
            for (row, chunk) in self.report.values.chunks(10).enumerate() {
                let start = self.from + row * 10;
                let vals: Vec<String> = chunk.iter().map(Nat::to_string).collect();
                let _ = writeln!(out, "{:>8}: {}", start, vals.join(" "));
            }
        }
        match &self.report.period {
            Some((p, proved)) => {
                let _ = writeln!(
                    out,
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
            None => {
                let _ = writeln!(out, "period: none found in the computed range");
            }
        }
        out
    }
}
