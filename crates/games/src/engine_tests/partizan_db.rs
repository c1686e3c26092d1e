//! Tests of `sprague_engine::partizan::db` on positions of the game families.

use crate::eval::ParseValue;
use sprague_engine::partizan::db::*;
use sprague_engine::partizan::{Game, GameTable};

#[test]
fn games_round_trip() {
    let mut t = GameTable::new();
    let texts = [
        "0",
        "*",
        "^",
        "v + *",
        "-3/8",
        "{2|-1/2}",
        "{1|-1}",
        "{1/2|-2}",
        "^ + ^ + *3",
        "{0,*|0}",
        "{2||1|0}",
        "12345678901234567890123",
        "*70000000000000000000",
        "{3/4|v}",
    ];
    let games: Vec<Game> = texts.iter().map(|s| t.parse_value(s).unwrap()).collect();
    let mut w = ValueWriter::new();
    let ids: Vec<u32> = games.iter().map(|&g| w.id(&mut t, g).unwrap()).collect();
    let bytes = w.bytes().to_vec();
    let v = Values::read(&bytes, w.len()).unwrap();
    // Read into a fresh table: the same games, printed the same.
    let mut u = GameTable::new();
    for (i, &id) in ids.iter().enumerate() {
        let g = v.game(&mut u, id).unwrap().unwrap();
        assert_eq!(u.show(g), t.show(games[i]), "{}", texts[i]);
    }
    assert_eq!(v.game(&mut u, w.len()).unwrap(), None);
}

#[test]
fn malformed_lists_are_errors() {
    let mut t = GameTable::new();
    let g = t.parse_value("{2|-1/2}").unwrap();
    let mut w = ValueWriter::new();
    w.id(&mut t, g).unwrap();
    let bytes = w.bytes().to_vec();
    // Every truncation, and every single byte changed, is an error or a list of
    // games (never a panic); a count too large is refused before allocating.
    for n in 0..bytes.len() {
        assert!(Values::read(&bytes[..n], w.len()).is_err(), "cut at {n}");
    }
    for i in 0..bytes.len() {
        for x in [1u8, 0x80, 0xff] {
            let mut b = bytes.clone();
            b[i] ^= x;
            if let Ok(v) = Values::read(&b, w.len()) {
                let mut u = GameTable::new();
                for id in 0..w.len() {
                    v.game(&mut u, id).unwrap();
                }
            }
        }
    }
    assert!(Values::read(&bytes, u32::MAX).is_err());
    // An option referring to itself.
    assert!(Values::read(&[1, 1, 0, 0], 1).is_err());
}
