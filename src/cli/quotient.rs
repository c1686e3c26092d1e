//! `sprague quotient`: the misère quotient of a heap game's heaps up to a bound.

use super::{Failure, LimitArgs, read_expr};
use std::io::Write as _;

#[derive(clap::Args)]
pub struct QuotientArgs {
    /// The heap family, e.g. 'kayles', 'octal[0.75]', 'sub[1,2]'; '-' reads it from
    /// standard input.
    #[arg(value_name = "FAMILY", allow_hyphen_values = true)]
    family: String,
    /// The largest heap of the closure (heaps 1 to N).
    #[arg(long, value_name = "N")]
    to: usize,
    /// Print one JSON document: family, to, order, generators, relations, elements,
    /// p_portion, heaps, stable_from, table.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

pub fn run(a: &QuotientArgs) -> Result<(), Failure> {
    let text = read_expr(&a.family)?;
    if a.to == 0 {
        return Err(Failure::Input("--to must be at least 1".into()));
    }
    let q = sprague::report::quotient::compute(&text, a.to, &a.limits.limits())?;
    let out = if a.json {
        sprague::report::quotient::json(&q)
    } else {
        sprague::report::quotient::text(&q)
    };
    super::stdout::stdout().lock().write_all(out.as_bytes())?;
    Ok(())
}
