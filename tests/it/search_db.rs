//! The database of small regions (`sprague::games::db`): its values are those of the
//! game tree, the search answers the same with it and without it, and a damaged file
//! is refused. Expected values come from the rules through the game tree
//! (`TreeValues`), never from the database code.

use sprague::core::{Bound, Limits, SolveError};
use sprague::games::db::{self, Db};
use sprague::games::partizan::clobber::{Clobber, ClobberBoard};
use sprague::games::partizan::component::Position;
use sprague::games::partizan::domineering::{Board, Domineering};
use sprague::games::partizan::stored::{self, Progress, Sizes, Stored};
use sprague::partizan::{GameTable, TreeValues};
use sprague::search::partizan::{Config, Part, Search, Sum, SumSearch};
use std::sync::Arc;

struct Quiet;
impl Progress for Quiet {
    fn report(&mut self, _: &str, _: u64, _: u64) -> bool {
        true
    }
}

fn limits() -> Limits {
    Limits {
        max_states: 50_000_000,
        ..Limits::default()
    }
}

fn build(ruleset: &str, sizes: Sizes) -> Vec<u8> {
    db::build(ruleset, &sizes, &limits(), &mut Quiet)
        .unwrap()
        .unwrap()
}

/// Every `sample`-th region of the database valued from the game tree equals the value
/// the database gives.
fn values_agree<R: Stored>(db: &Db, sample: usize) {
    let mut t = GameTable::with_limit(50_000_000);
    let mut tree = TreeValues::new();
    let mut checked = 0;
    for (key, id) in db.entries().step_by(sample) {
        let (rows, cols, layers) = stored::unpack(key, R::LAYERS);
        let p = R::from_board(rows, cols, layers).unwrap();
        let want = tree.region(&mut t, &R::default(), &p).unwrap();
        let got = db.value_of(id, &mut t).unwrap().unwrap();
        assert_eq!(t.show(got), t.show(want), "{}", R::default().show(&p));
        // Looked up as the search looks it up: the same game.
        let c = Position::new(R::default(), p);
        assert_eq!(db.value(&c, &mut t).unwrap(), Some(want));
        checked += 1;
    }
    assert!(checked > 50, "{checked} regions checked");
}

#[test]
fn domineering_values_are_those_of_the_game_tree() {
    let db = Db::read(&build("domineering", Sizes::Cells(9))).unwrap();
    assert_eq!(db.ruleset(), "domineering");
    values_agree::<Domineering>(&db, 7);
    // Published values (REFERENCES: Winning Ways ch. 2; cgt, pycgt and CGSuite agree),
    // looked up as the search meets the boards.
    let mut t = GameTable::new();
    for (board, want) in [((2, 3), "{2|-1/2}"), ((2, 2), "±1"), ((3, 2), "{1/2|-2}")] {
        let c = Position::new(Domineering, Board::empty(board.0, board.1).unwrap());
        let g = db.value(&c, &mut t).unwrap().unwrap();
        assert_eq!(t.show(g), want);
    }
}

#[test]
fn clobber_values_are_those_of_the_game_tree() {
    let db = Db::read(&build("clobber", Sizes::Cells(6))).unwrap();
    values_agree::<Clobber>(&db, 5);
    let strips = Db::read(&build("clobber", Sizes::Shapes(vec![(1, 10)]))).unwrap();
    values_agree::<Clobber>(&strips, 11);
    // XO is * (each player's only move leaves a lone stone: {0|0}).
    let mut t = GameTable::new();
    let c = Position::new(Clobber, Clobber::parse("XO").unwrap());
    let g = strips.value(&c, &mut t).unwrap().unwrap();
    assert_eq!(t.show(g), "*");
}

#[test]
fn building_twice_gives_the_same_bytes_and_reads_back() {
    let a = build("domineering", Sizes::Cells(7));
    let b = build("domineering", Sizes::Cells(7));
    assert_eq!(a, b);
    let db = Db::read(&a).unwrap();
    assert_eq!(db.bytes(), a.len());
    assert!(db.regions() > 100 && db.values() > 10);
    assert_eq!(db.sizes(), "regions of at most 7 squares");
    // Every region once, in increasing order.
    let keys: Vec<_> = db.entries().map(|(k, _)| k).collect();
    assert!(keys.windows(2).all(|w| w[0] < w[1]));
}

/// A sum of one Domineering board.
fn one_board(b: Board) -> Sum {
    Sum {
        parts: vec![Part::Position(Box::new(Position::new(Domineering, b)))],
    }
}

/// Every board of `rows × cols` squares with the empty squares of `mask`.
fn board(rows: usize, cols: usize, mask: u64) -> Board {
    Board::from_parts(rows, cols, mask).unwrap()
}

#[test]
fn the_search_with_the_database_answers_as_the_canonical_form() {
    // Every Domineering board of up to 12 squares (every shape below, every set of
    // empty squares): the outcome of the search with the database (regions of at most
    // 8 squares) equals that of the canonical value from the game tree.
    let db = Arc::new(Db::read(&build("domineering", Sizes::Cells(8))).unwrap());
    let mut t = GameTable::with_limit(50_000_000);
    let mut tree = TreeValues::new();
    let mut want = Vec::new();
    for (r, c) in [(3, 4), (4, 3), (2, 6), (1, 12), (3, 3)] {
        for mask in 0..1u64 << (r * c) {
            let b = board(r, c, mask);
            let g = tree.value(&mut t, &Domineering, &b).unwrap();
            want.push((b, t.outcome(g).unwrap()));
        }
    }
    let config = Config {
        db: Some(db.clone()),
        ..Config::new(&limits())
    };
    let mut s = Search::with_config(&mut t, &limits(), config);
    for (b, o) in &want {
        assert_eq!(s.outcome(&one_board(b.clone())).unwrap(), *o, "{b:?}");
    }
    assert!(db.hits() > 100, "the database was used: {}", db.hits());
}

#[test]
fn clobber_boards_with_the_database_answer_as_the_canonical_form() {
    // Every Clobber board of 2 × 4 and 1 × 8 squares (each square X, O or empty).
    let db = Arc::new(Db::read(&build("clobber", Sizes::Cells(5))).unwrap());
    let mut t = GameTable::with_limit(50_000_000);
    let mut tree = TreeValues::new();
    let config = Config {
        db: Some(db.clone()),
        ..Config::new(&limits())
    };
    let mut cases = Vec::new();
    for (r, c) in [(2, 4), (1, 8)] {
        let n = r * c;
        for mut code in 0..3u64.pow(n as u32) {
            let mut layers = [0u64; 2];
            for sq in 0..n {
                match code % 3 {
                    1 => layers[0] |= 1 << sq,
                    2 => layers[1] |= 1 << sq,
                    _ => {}
                }
                code /= 3;
            }
            let b: ClobberBoard = Clobber::from_board(r, c, layers).unwrap();
            let g = tree.value(&mut t, &Clobber, &b).unwrap();
            cases.push((b, t.outcome(g).unwrap()));
        }
    }
    let mut s = Search::with_config(&mut t, &limits(), config);
    for (b, o) in &cases {
        let sum = Sum {
            parts: vec![Part::Position(Box::new(Position::new(Clobber, *b)))],
        };
        assert_eq!(s.outcome(&sum).unwrap(), *o, "{}", Clobber::board_text(b));
    }
    assert!(db.hits() > 100, "the database was used: {}", db.hits());
}

#[test]
fn damaged_files_are_refused() {
    let bytes = build("domineering", Sizes::Cells(5));
    // Every truncation.
    for n in 0..bytes.len() {
        assert!(Db::read(&bytes[..n]).is_err(), "cut at {n}");
    }
    // Every byte changed (the checksum covers all but the magic and version, which are
    // checked themselves; a change in the checksum field is a mismatch).
    for i in 0..bytes.len() {
        let mut b = bytes.clone();
        b[i] ^= 0x21;
        assert!(Db::read(&b).is_err(), "byte {i} changed");
    }
    // A byte added.
    let mut b = bytes.clone();
    b.push(0);
    assert!(Db::read(&b).is_err());
    let magic = {
        let mut b = bytes.clone();
        b[0] = b'X';
        Db::read(&b).unwrap_err()
    };
    assert!(magic.contains("magic"), "{magic}");
    let version = {
        let mut b = bytes.clone();
        b[8] = 9;
        Db::read(&b).unwrap_err()
    };
    assert!(version.contains("version 9"), "{version}");
}

/// FNV-1a of 64 bits (the file's checksum, as its documentation states it).
fn fnv(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// `bytes` with its checksum made right again.
fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
    let sum = fnv(&bytes[18..]);
    bytes[10..18].copy_from_slice(&sum.to_le_bytes());
    bytes
}

#[test]
fn wrong_rulesets_and_inconsistent_headers_are_refused() {
    let bytes = build("domineering", Sizes::Cells(5));
    assert!(Db::read(&resealed(bytes.clone())).is_ok());
    // The name "domineering" (11 bytes) at byte 19 after its length: another name.
    assert_eq!(&bytes[19..30], b"domineering");
    let mut b = bytes.clone();
    b[19..30].copy_from_slice(b"domineerinx");
    let e = Db::read(&resealed(b)).unwrap_err();
    assert!(e.contains("ruleset 'domineerinx'"), "{e}");
    // Clobber's name in the same length: "clobber" has 7 letters; with the length byte
    // changed too, the layers (1) disagree with Clobber's (2).
    let mut b = bytes[..18].to_vec();
    b.push(7);
    b.extend_from_slice(b"clobber");
    b.extend_from_slice(&bytes[30..]);
    let e = Db::read(&resealed(b)).unwrap_err();
    assert!(e.contains("layers"), "{e}");
    // Counts larger than the file: refused before anything is allocated.
    let at = 30 + 1 + bytes[30] as usize + 1;
    for field in 0..4 {
        let mut b = bytes.clone();
        b[at + 4 * field..at + 4 * field + 4].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(Db::read(&resealed(b)).is_err(), "field {field}");
    }
}

#[test]
fn the_bounds_end_a_build() {
    let small = Limits {
        max_states: 1000,
        ..Limits::default()
    };
    let e = db::build("domineering", &Sizes::Cells(10), &small, &mut Quiet).unwrap_err();
    assert!(
        matches!(
            e,
            SolveError::Limit {
                bound: Bound::States,
                ..
            }
        ),
        "{e}"
    );
    let little_memory = Limits {
        max_memory: 1 << 16,
        ..Limits::default()
    };
    let e = db::build("clobber", &Sizes::Cells(8), &little_memory, &mut Quiet).unwrap_err();
    assert!(
        matches!(
            e,
            SolveError::Limit {
                bound: Bound::Memory,
                ..
            }
        ),
        "{e}"
    );
    assert!(db::build("nim", &Sizes::Cells(3), &limits(), &mut Quiet).is_err());
    // Stopped by its progress: nothing is built.
    struct Stop;
    impl Progress for Stop {
        fn report(&mut self, _: &str, _: u64, _: u64) -> bool {
            false
        }
    }
    assert_eq!(
        db::build("domineering", &Sizes::Cells(6), &limits(), &mut Stop).unwrap(),
        None
    );
}
