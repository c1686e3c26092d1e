//! Reads arbitrary bytes as a table checkpoint. Reading must never panic and errors
//! display on one line; a checkpoint that reads writes back to the same bytes; and
//! values given to a family to go on from are accepted only when the rules give them
//! (a subtraction game, Kayles and Grundy's game, whose loaded values are re-derived in full at
//! these lengths; the values of the rules are computed once, by plain mex over every
//! option, so that an input costs only the code under test). Keyed checkpoints are read
//! with a fixed key; the seed corpus (`corpus/checkpoint`) holds keyed and plain files.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::games::table_family;
use sprague::impartial::checkpoint::{self, Key};
use std::sync::OnceLock;

const FAMILIES: [&str; 3] = ["sub[1,3,4]", "kayles", "grundy_game"];

/// The nonce of a keyed checkpoint that read: its `nonce` header line.
fn nonce_of(body: &[u8]) -> [u8; 16] {
    let text = String::from_utf8_lossy(&body[..body.len().min(4096)]).into_owned();
    let hex = text
        .lines()
        .find_map(|l| l.strip_prefix("nonce "))
        .expect("a keyed checkpoint has a nonce");
    let mut out = [0u8; 16];
    for (i, o) in out.iter_mut().enumerate() {
        *o = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap();
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let name = FAMILIES[pick as usize % FAMILIES.len()];
    // As a file: whatever it holds, read with a fixed key.
    let key = Key([42; 32]);
    match checkpoint::read_keyed(&mut &body[..], body.len() as u64, name, 1 << 16, Some(&key)) {
        Ok(loaded) => {
            let mut out = Vec::new();
            if body.starts_with(checkpoint::MAGIC_KEYED.as_bytes()) {
                // Written again under the same key and nonce, an authenticated file
                // comes back as it was (one under another key cannot be signed again).
                if loaded.authenticated {
                    let nonce = nonce_of(body);
                    checkpoint::write_keyed(&mut out, name, loaded.values.slice(), &key, nonce).unwrap();
                    assert_eq!(out, body, "a keyed checkpoint is written back as it was");
                }
            } else {
                assert!(!loaded.authenticated);
                checkpoint::write(&mut out, name, loaded.values.slice()).unwrap();
                assert_eq!(
                    out, body,
                    "a checkpoint that reads is written back as it was"
                );
            }
        }
        Err(e) => assert!(!e.to_string().contains('\n'), "{e}"),
    }
    // As values (one byte each) resumed by the family: accepted only if right.
    let values: Vec<u32> = body.iter().take(300).map(|&b| u32::from(b % 8)).collect();
    let family = table_family(name).unwrap();
    let accepted = family.resume(values.clone().into()).is_ok();
    let truth = &truths()[pick as usize % FAMILIES.len()];
    let right = values.iter().zip(truth).all(|(&v, &t)| v == t);
    assert_eq!(accepted, right, "{name}: {values:?}");
});

/// The values of heaps 0..300 of each family, straight from the rules by the mex of
/// every option (computed once: an independent check that costs nothing per input).
fn truths() -> &'static [Vec<u32>; 3] {
    static TRUTHS: OnceLock<[Vec<u32>; 3]> = OnceLock::new();
    TRUTHS.get_or_init(|| {
        let mex = |seen: &[u32]| (0..).find(|v| !seen.contains(v)).unwrap();
        let table = |options: &dyn Fn(&[u32], usize) -> Vec<u32>| {
            let mut g: Vec<u32> = Vec::new();
            for n in 0..300 {
                let o = options(&g, n);
                g.push(mex(&o));
            }
            g
        };
        // sub[1,3,4]: take 1, 3 or 4.
        let sub = table(&|g, n| {
            [1, 3, 4]
                .iter()
                .filter(|&&s| s <= n)
                .map(|&s| g[n - s])
                .collect()
        });
        // Kayles (0.77): knock down 1 or 2 adjacent pins, from an end or the middle.
        let kayles = table(&|g, n| {
            let mut o = Vec::new();
            for i in [1, 2] {
                if i <= n {
                    let rest = n - i;
                    for a in 0..=rest {
                        o.push(g[a] ^ g[rest - a]);
                    }
                }
            }
            o
        });
        // Grundy's game: split a heap into two unequal non-empty heaps.
        let grundy = table(&|g, n| {
            (1..n)
                .filter(|&a| 2 * a != n)
                .map(|a| g[a] ^ g[n - a])
                .collect()
        });
        [sub, kayles, grundy]
    })
}
