//! Conway's genus and the misère canonical form of impartial positions
//! ([`sprague_engine::impartial::misere_form`]): the table of `table --genus` and the
//! lines of `solve --misere --explain`.

use super::{Failure, json};
use sprague_core::nat::Nat;
use sprague_core::{Bound, Limits, SolveError};
use sprague_engine::impartial::family::Pos;
use sprague_engine::impartial::misere_form::{FormId, Genus, MisereTable, PositionForms};
use sprague_engine::impartial::position::{Components, Position};
use std::collections::HashMap;
use std::fmt::Write as _;

/// Characters of a misère canonical form printed at most (then `…`).
pub const FORM_CHARS: usize = 400;

/// Components whose genus `solve --explain` shows.
const SHOWN: usize = 12;

/// One heap of a genus table.
pub struct GenusRow {
    /// The heap size.
    pub heap: usize,
    /// Its genus.
    pub genus: Genus,
    /// Its misère canonical form, at most [`FORM_CHARS`] characters.
    pub form: String,
}

/// The genus of each heap of a family, as *Winning Ways* (ch. 13) tables them.
pub struct GenusTable {
    /// The family, normalised.
    pub family: String,
    /// The first heap.
    pub from: usize,
    /// One row a heap, from `from` on.
    pub rows: Vec<GenusRow>,
}

/// The genus and misère canonical form of heaps `from..=to` of the heap family `text`.
///
/// ```
/// use sprague_core::Limits;
/// use sprague_report::genus::genus_table;
/// let t = genus_table("kayles", 0, 5, &Limits::default()).unwrap();
/// assert_eq!(t.rows[5].genus.to_string(), "4^146");
/// assert!(t.json().starts_with("{\"family\":\"kayles\",\"from\":0,\"genus\":[\"0^120\",\"1^031\",\"2^20\","));
/// ```
pub fn genus_table(
    text: &str,
    from: usize,
    to: usize,
    limits: &Limits,
) -> Result<GenusTable, Failure> {
    if to < from {
        return Err(Failure::Input(format!("heap {from} is after heap {to}")));
    }
    let family = sprague_games::table_family(text)?;
    let name = family.name();
    let first = sprague_games::components(&format!("{name}(0)"))?
        .into_iter()
        .next()
        .ok_or_else(|| Failure::Input(format!("{name} has no heap of 0")))?;
    let family = first.family;
    let mut table = MisereTable::new();
    let mut forms = PositionForms::new();
    let mut rows = Vec::with_capacity(to - from + 1);
    for heap in from..=to {
        let mut pos = Pos::new();
        pos.push(Nat::from(heap as u64));
        family.check(&pos)?;
        let f = forms.form(&mut table, &*family, &pos, limits)?;
        rows.push(GenusRow {
            heap,
            genus: table.genus(f).clone(),
            form: table.text(f, FORM_CHARS),
        });
    }
    Ok(GenusTable {
        family: name,
        from,
        rows,
    })
}

impl GenusTable {
    /// One line a heap: `5  4^146  *[…]`.
    pub fn text(&self) -> String {
        let mut out = format!(
            "genus of {}, heaps {}..{} (g^γ₀γ₁…: g the nim-value, γₖ the misère nim-value with k heaps of 2 added), then the misère canonical form\n",
            self.family,
            self.from,
            self.from + self.rows.len().saturating_sub(1)
        );
        let heap_width = self.rows.last().map_or(1, |r| r.heap.to_string().len());
        let genus_width = self
            .rows
            .iter()
            .map(|r| r.genus.to_string().len())
            .max()
            .unwrap_or(1);
        for r in &self.rows {
            let _ = writeln!(
                out,
                "{:>hw$}  {:<gw$}  {}",
                r.heap,
                r.genus.to_string(),
                r.form,
                hw = heap_width,
                gw = genus_width
            );
        }
        out
    }

    /// `{"family":…,"from":…,"genus":["0^120",…],"misere":[1,…],"normal":[0,…],
    /// "forms":["0",…]}`, with a final newline.
    pub fn json(&self) -> String {
        let mut out = String::from("{\"family\":");
        json::string(&mut out, &self.family);
        let _ = write!(out, ",\"from\":{},\"genus\":[", self.from);
        for (i, r) in self.rows.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            json::string(&mut out, &r.genus.to_string());
        }
        out.push_str("],\"misere\":[");
        let misere: Vec<String> = self
            .rows
            .iter()
            .map(|r| r.genus.misere().to_string())
            .collect();
        out.push_str(&misere.join(","));
        out.push_str("],\"normal\":[");
        let normal: Vec<String> = self
            .rows
            .iter()
            .map(|r| r.genus.normal.to_string())
            .collect();
        out.push_str(&normal.join(","));
        out.push_str("],\"forms\":[");
        for (i, r) in self.rows.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            json::string(&mut out, &r.form);
        }
        out.push_str("]}\n");
        out
    }
}

/// The genus and misère canonical form of one component, or of a whole sum.
pub struct GenusOf {
    /// The component (or the sum) in expression syntax.
    pub expr: String,
    /// Its genus.
    pub genus: Genus,
    /// Its misère canonical form, at most [`FORM_CHARS`] characters.
    pub form: String,
}

/// The genus and misère canonical form of every component of `components`, then of
/// their sum when there are several.
///
/// ```
/// use sprague_core::Limits;
/// let p = sprague_games::position("nim(1,1)").unwrap();
/// let g = sprague_report::genus::genera(&p, &Limits::default()).unwrap();
/// assert_eq!(g[0].genus.to_string(), "1^031");
/// // *1 + *1 = 0 in misère play.
/// assert_eq!((g[2].genus.to_string(), g[2].form.as_str()), ("0^120".to_string(), "0"));
/// ```
pub fn genera(components: &Position, limits: &Limits) -> Result<Vec<GenusOf>, SolveError> {
    let mut table = MisereTable::new();
    let mut memo: HashMap<String, PositionForms> = HashMap::new();
    let mut out = Vec::new();
    let mut sum = FormId::ZERO;
    for c in components.each() {
        // A Nim heap is its own simplest form.
        let f = match c.family.nim_heap(&c.pos) {
            Some(n) => {
                let n = n
                    .to_u64()
                    .and_then(|n| u32::try_from(n).ok())
                    .ok_or_else(|| {
                        limits.states_exceeded("the misère canonical form of so large a Nim heap")
                    })?;
                table.nimber(n, limits)?
            }
            None => memo
                .entry(c.family.name())
                .or_default()
                .form(&mut table, &*c.family, &c.pos, limits)?,
        };
        sum = table.add(sum, f, limits)?;
        out.push(GenusOf {
            expr: c.expr(),
            genus: table.genus(f).clone(),
            form: table.text(f, FORM_CHARS),
        });
    }
    if out.len() > 1 {
        let mut expr = String::new();
        components.write(&mut expr);
        out.push(GenusOf {
            expr,
            genus: table.genus(sum).clone(),
            form: table.text(sum, FORM_CHARS),
        });
    }
    Ok(out)
}

/// The lines of `solve --misere --explain` on the genus: one a component (at most
/// [`SHOWN`] components), then the sum's; a line saying why when a bound stops them
/// (a stop signal still stops the command).
pub fn explain_lines(components: &Position, limits: &Limits) -> Result<Vec<String>, Failure> {
    if components.count() > SHOWN {
        return Ok(vec![format!(
            "The genus of each component is shown for sums of at most {SHOWN} components."
        )]);
    }
    match genera(components, limits) {
        Ok(g) => {
            let mut lines = Vec::new();
            let n = g.len();
            for (i, x) in g.into_iter().enumerate() {
                let what = if n > 1 && i == n - 1 {
                    "the sum".to_string()
                } else {
                    x.expr
                };
                lines.push(format!(
                    "{what}: genus {}, misère canonical form {}",
                    x.genus, x.form
                ));
            }
            lines.push("Genus g^γ₀γ₁… (Conway): g is the normal nim-value, γₖ the misère nim-value with k heaps of 2 added (the last two repeat for ever); γ₀ = 0 exactly when the player to move loses.".into());
            Ok(lines)
        }
        Err(
            e @ SolveError::Limit {
                bound: Bound::Time, ..
            },
        ) => Err(e.into()),
        Err(SolveError::Limit { what, .. }) | Err(SolveError::Input(what)) => Ok(vec![format!(
            "The genus and misère canonical form are not computed: {what}."
        )]),
    }
}
