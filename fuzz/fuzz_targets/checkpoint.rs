//! Reads arbitrary bytes as a table checkpoint. Reading must never panic and errors
//! display on one line; a checkpoint that reads writes back to the same bytes; and
//! values given to a family to go on from are accepted only when the rules give them
//! (a subtraction game, Kayles and Grundy's game, whose loaded values are re-derived in full at
//! these lengths).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::games::table_family;
use sprague::impartial::checkpoint;
use sprague::impartial::family::Limits;

const FAMILIES: [&str; 3] = ["sub[1,3,4]", "kayles", "grundy_game"];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let name = FAMILIES[pick as usize % FAMILIES.len()];
    // As a file: whatever it holds.
    match checkpoint::read(&mut &body[..], body.len() as u64, name, 1 << 16) {
        Ok(values) => {
            let mut out = Vec::new();
            checkpoint::write(&mut out, name, &values).unwrap();
            assert_eq!(out, body, "a checkpoint that reads is written back as it was");
        }
        Err(e) => assert!(!e.to_string().contains('\n'), "{e}"),
    }
    // As values (one byte each) resumed by the family: accepted only if right.
    let values: Vec<u32> = body.iter().take(300).map(|&b| u32::from(b % 8)).collect();
    let family = table_family(name).unwrap();
    let accepted = family.resume(values.clone()).is_ok();
    if !values.is_empty() {
        let fresh = table_family(name).unwrap();
        let truth = fresh
            .report(0, values.len() - 1, &Limits::default())
            .unwrap()
            .values;
        let right = truth
            .iter()
            .zip(&values)
            .all(|(t, &v)| *t == sprague::nat::Nat::from(v));
        assert_eq!(accepted, right, "{name}: {values:?}");
    }
});
