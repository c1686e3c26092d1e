//! Helpers of the tests of `sprague nash` on Gambit's files.

use super::sprague;
use std::path::PathBuf;

/// The path of a game under `tests/data/nash/`.
pub fn data(name: &str) -> String {
    format!("{}/tests/data/nash/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Writes `text` to a fresh file `name` in this process's folder for `tag` under
/// the temporary folder, and returns its path.
pub fn temp_file(tag: &str, name: &str, text: &[u8]) -> String {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("sprague-nash-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// The standard output of a run of `sprague` that must succeed.
pub fn stdout(args: &[&str]) -> String {
    let out = sprague().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}
