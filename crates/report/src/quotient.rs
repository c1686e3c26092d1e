//! The answer of `sprague quotient`: the misère quotient of a heap game's heaps up to
//! a bound (Plambeck–Siegel), in text and as JSON.

use super::{Failure, json};
use sprague_core::Limits;
use sprague_engine::impartial::quotient::{Quotient, generator_name, word_text};
use std::fmt::Write as _;

/// Multiplication tables are printed for quotients of at most this order.
pub const TABLE_ORDER: usize = 64;

/// The misère quotient of the heaps `1..=to` of the heap family written `family`
/// (e.g. `kayles`, `octal[0.75]`, `sub[1,2]`).
///
/// ```
/// let q = sprague_report::quotient::compute("octal[0.75]", 10, &Default::default()).unwrap();
/// assert_eq!(q.order(), 8);
/// ```
pub fn compute(family: &str, to: usize, limits: &Limits) -> Result<Quotient, Failure> {
    let g = sprague_games::grid_family(family)?;
    if !g.heaps || !g.family.is_numbered_heap() {
        return Err(Failure::Input(format!(
            "misère quotients are for heap games such as kayles or octal[0.75]; {} is not one",
            g.family.name()
        )));
    }
    if to == 0 {
        return Err(Failure::Input(
            "a quotient needs at least one heap: the last heap must be at least 1".into(),
        ));
    }
    Ok(Quotient::compute(&*g.family, to, limits)?)
}

/// Each element's word, by index.
fn words(q: &Quotient) -> Vec<String> {
    q.presentation()
        .words
        .iter()
        .map(|w| word_text(w))
        .collect()
}

/// The relations written `a² = 1`.
fn relations(q: &Quotient) -> Vec<String> {
    q.presentation()
        .relations
        .iter()
        .map(|(l, r)| format!("{} = {}", word_text(l), word_text(r)))
        .collect()
}

/// The plain-text answer: order, presentation, P-portion, each heap's element, and the
/// multiplication table when the order is at most [`TABLE_ORDER`].
pub fn text(q: &Quotient) -> String {
    let w = words(q);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "misère quotient of {} heaps 1 to {} (Plambeck–Siegel)",
        q.family(),
        q.bound()
    );
    let _ = writeln!(out, "order: {}", q.order());
    let gens: Vec<String> = q
        .generators()
        .iter()
        .enumerate()
        .map(|(i, h)| format!("{} = heap {h}", generator_name(i)))
        .collect();
    let names: Vec<String> = (0..q.generators().len()).map(generator_name).collect();
    let _ = writeln!(
        out,
        "presentation: ⟨{} | {}⟩",
        names.join(", "),
        relations(q).join(", ")
    );
    let _ = writeln!(out, "generators: {}", gens.join(", "));
    let p: Vec<&str> = q
        .p_portion()
        .iter()
        .map(|&e| w[e as usize].as_str())
        .collect();
    let _ = writeln!(out, "P-portion: {{{}}}", p.join(", "));
    let _ = writeln!(
        out,
        "stable over heaps {} to {}: heaps 1 to {} generate it (nothing is claimed beyond heap {})",
        q.stable_from(),
        q.bound(),
        q.stable_from(),
        q.bound()
    );
    let _ = writeln!(out, "verified on {} states of sums", q.checked_states());
    out.push_str("heaps:");
    for n in 1..=q.bound() as u64 {
        let e = q.heap(n).unwrap_or(0);
        let _ = write!(out, " {n}:{}", w[e as usize]);
    }
    out.push('\n');
    if q.order() <= TABLE_ORDER {
        out.push_str("multiplication:\n");
        let width = w.iter().map(|s| s.chars().count()).max().unwrap_or(1);
        let pad = |s: &str| format!("{s}{}", " ".repeat(width - s.chars().count()));
        let _ = write!(out, "{} |", pad(""));
        for s in &w {
            let _ = write!(out, " {}", pad(s));
        }
        out.push('\n');
        for a in 0..q.order() as u32 {
            let _ = write!(out, "{} |", pad(&w[a as usize]));
            for b in 0..q.order() as u32 {
                let _ = write!(out, " {}", pad(&w[q.mul(a, b) as usize]));
            }
            out.push('\n');
        }
    }
    out
}

/// The JSON document: family, to, order, generators (heap sizes), relations,
/// elements (words), p_portion (words), heaps (the word of heaps 1 to `to`),
/// stable_from, and table (rows of element indices) when the order is at most
/// [`TABLE_ORDER`], else null.
pub fn json(q: &Quotient) -> String {
    let w = words(q);
    let mut out = String::new();
    out.push_str("{\"family\":");
    json::string(&mut out, q.family());
    let _ = write!(
        out,
        ",\"to\":{},\"order\":{},\"generators\":[",
        q.bound(),
        q.order()
    );
    for (i, h) in q.generators().iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{h}");
    }
    out.push_str("],\"relations\":");
    json::strings(&mut out, relations(q));
    out.push_str(",\"elements\":");
    json::strings(&mut out, &w);
    out.push_str(",\"p_portion\":");
    json::strings(
        &mut out,
        q.p_portion().iter().map(|&e| w[e as usize].as_str()),
    );
    out.push_str(",\"heaps\":");
    json::strings(
        &mut out,
        (1..=q.bound() as u64).map(|n| w[q.heap(n).unwrap_or(0) as usize].as_str()),
    );
    let _ = write!(out, ",\"stable_from\":{},\"table\":", q.stable_from());
    if q.order() <= TABLE_ORDER {
        out.push('[');
        for a in 0..q.order() as u32 {
            if a > 0 {
                out.push(',');
            }
            out.push('[');
            for b in 0..q.order() as u32 {
                if b > 0 {
                    out.push(',');
                }
                let _ = write!(out, "{}", q.mul(a, b));
            }
            out.push(']');
        }
        out.push(']');
    } else {
        out.push_str("null");
    }
    out.push_str("}\n");
    out
}
