//! `sprague roots`: the outcome and nim-value of a tree game for every choice of root.

use super::{Failure, LimitArgs, json, read_expr};
use sprague::games;
use sprague::nat::Nat;
use std::fmt::Write as _;
use std::io::Write as _;

#[derive(clap::Args)]
pub struct RootsArgs {
    /// The tree family without a root, e.g. 'treestair["t.txt",2]'; '-' reads it from standard input.
    #[arg(value_name = "FAMILY", allow_hyphen_values = true)]
    family: String,
    /// Print one JSON document: family, outcomes (one letter per root), grundy (one value per root).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

pub fn run(a: &RootsArgs) -> Result<(), Failure> {
    let text = read_expr(&a.family)?;
    let family = games::tree_family(&text)?;
    let values = family.all_roots(&a.limits.limits())?;
    let name = sprague::impartial::family::Family::name(&family);
    let outcomes: String = values
        .iter()
        .map(|&v| if v == 0 { 'P' } else { 'N' })
        .collect();
    let mut out = String::with_capacity(values.len() * 8 + 64);
    if a.json {
        out.push_str("{\"family\":");
        json::string(&mut out, &name);
        out.push_str(",\"outcomes\":");
        json::string(&mut out, &outcomes);
        out.push_str(",\"grundy\":[");
        for (i, &v) in values.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            json::nat(&mut out, &Nat::from_big(v.into()));
        }
        out.push_str("]}\n");
    } else {
        let _ = writeln!(
            out,
            "{name}: for each root, who wins (N: the player to move, P: the other) and the nim-value"
        );
        for (r, &v) in values.iter().enumerate() {
            let _ = writeln!(out, "root {r}: {} {v}", if v == 0 { 'P' } else { 'N' });
        }
    }
    super::stdout::stdout().lock().write_all(out.as_bytes())?;
    Ok(())
}
