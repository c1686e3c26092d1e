//! `sprague table`: the values of a heap family, OEIS style, with their period.

use super::{Failure, LimitArgs, json, read_expr};
use sprague::games;
use sprague::nat::Nat;
use std::fmt::Write as _;
use std::io::Write as _;

#[derive(clap::Args)]
pub struct TableArgs {
    /// The heap family, e.g. 'sub[1,3,4]', 'bash[3]', 'nim'; '-' reads it from standard input.
    #[arg(value_name = "FAMILY", allow_hyphen_values = true)]
    family: String,
    /// First heap size.
    #[arg(long, value_name = "A", default_value_t = 0)]
    from: usize,
    /// Last heap size.
    #[arg(long, value_name = "N")]
    to: usize,
    /// Print one JSON document: family, from, values, period.
    #[arg(long)]
    json: bool,
    /// Show each value's derivation: sg(5) = mex{sg(4), sg(2), sg(1)} = mex{2, 0, 1} = 3.
    #[arg(long)]
    explain: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

pub fn run(a: &TableArgs) -> Result<(), Failure> {
    let text = read_expr(&a.family)?;
    let family = games::table_family(&text)?;
    let limits = a.limits.limits();
    let report = family.report(a.from, a.to, &limits)?;
    let mut derivations = Vec::new();
    if a.explain {
        for n in a.from..=a.to {
            derivations.push(family.derivation(&Nat::from(n), &limits)?);
        }
    }
    let mut out = String::new();
    if a.json {
        out.push_str("{\"family\":");
        json::string(&mut out, &family.name());
        let _ = write!(out, ",\"from\":{},\"values\":[", a.from);
        for (i, v) in report.values.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            json::nat(&mut out, v);
        }
        out.push_str("],\"period\":");
        match report.period {
            Some((p, proved)) => {
                let _ = write!(
                    out,
                    "{{\"preperiod\":{},\"period\":{},\"proved\":{proved}}}",
                    p.preperiod, p.period
                );
            }
            None => out.push_str("null"),
        }
        if a.explain {
            out.push_str(",\"explanation\":[");
            for (i, d) in derivations.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                json::string(&mut out, d);
            }
            out.push(']');
        }
        out.push_str("}\n");
    } else {
        let _ = writeln!(
            out,
            "{}: Sprague–Grundy values for heaps {}..{}",
            family.name(),
            a.from,
            a.to
        );
        if a.explain {
            for d in &derivations {
                let _ = writeln!(out, "{d}");
            }
        } else {
            for (row, chunk) in report.values.chunks(10).enumerate() {
                let start = a.from + row * 10;
                let vals: Vec<String> = chunk.iter().map(Nat::to_string).collect();
                let _ = writeln!(out, "{:>8}: {}", start, vals.join(" "));
            }
        }
        match report.period {
            Some((p, proved)) => {
                let _ = writeln!(
                    out,
                    "period: {} from heap {} ({})",
                    p.period,
                    p.preperiod,
                    if proved {
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
    }
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    lock.write_all(out.as_bytes())?;
    lock.flush()?;
    Ok(())
}
