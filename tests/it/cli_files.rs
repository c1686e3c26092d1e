//! Files the user names and standard output, through the real binary: a file written
//! (`db build --out`, `table --checkpoint`, `sweep -o`) never replaces or follows a
//! symbolic link, a FIFO or a device; a file read (`db info`, `solve --db`,
//! `sweep --resume`) must be a regular file of a size its format can have; two runs
//! never share a checkpoint or an output; and a write to standard output that fails
//! is exit 1 with one line, quietly for a broken pipe.

use std::fs;
use std::os::unix::fs::{FileTypeExt, symlink};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A fresh directory for one test's files.
fn dir(test: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("files-{test}"));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

/// The binary with its configuration under the target directory.
fn binary() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sprague"));
    c.env(
        "XDG_CONFIG_HOME",
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("config"),
    );
    c
}

/// Runs `cmd` to its end, killing it (and failing) if it takes more than a minute: a
/// run that waits on a FIFO would otherwise hang the test.
fn finish(mut cmd: Command) -> Output {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("still running after a minute: {cmd:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.wait_with_output().unwrap()
}

/// Runs `sprague ARGS…` (see [`finish`]): exit code, standard output, standard error.
fn run(args: &[&str]) -> (i32, String, String) {
    let mut c = binary();
    c.args(args);
    let out = finish(c);
    (
        out.status.code().expect("ended by a signal"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A FIFO at `path`.
fn fifo(path: &Path) {
    let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: a valid C string; mkfifo only creates a file.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
}

/// A character device like /dev/null at `path`, when this process may make one (as
/// root).
fn device(path: &Path) -> bool {
    let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: a valid C string; mknod only creates a file (1, 3: the null device).
    unsafe { libc::mknod(c.as_ptr(), libc::S_IFCHR | 0o644, libc::makedev(1, 3)) == 0 }
}

/// The places a file may not be written: a symbolic link to a file, a FIFO, a
/// directory, and (as root) a device node; with what the message says of each.
fn not_regular(d: &Path) -> Vec<(PathBuf, &'static str)> {
    let target = d.join("target.txt");
    fs::write(&target, b"precious\n").unwrap();
    let link = d.join("link");
    symlink(&target, &link).unwrap();
    let pipe = d.join("pipe");
    fifo(&pipe);
    let folder = d.join("folder");
    fs::create_dir(&folder).unwrap();
    let mut places = vec![
        (link, "a symbolic link"),
        (pipe, "a FIFO"),
        (folder, "a directory"),
    ];
    let node = d.join("node");
    if device(&node) {
        places.push((node, "a character device"));
    }
    places
}

/// Every place of [`not_regular`] is as it was, and the file the link points to too.
fn left_alone(d: &Path) {
    assert_eq!(fs::read(d.join("target.txt")).unwrap(), b"precious\n");
    assert!(
        fs::symlink_metadata(d.join("link"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        fs::symlink_metadata(d.join("pipe"))
            .unwrap()
            .file_type()
            .is_fifo()
    );
    assert!(fs::symlink_metadata(d.join("folder")).unwrap().is_dir());
    if let Ok(m) = fs::symlink_metadata(d.join("node")) {
        assert!(m.file_type().is_char_device());
    }
    // No temporary file left beside them.
    for e in fs::read_dir(d).unwrap() {
        let name = e.unwrap().file_name().into_string().unwrap();
        assert!(
            !name.ends_with(".tmp") && !name.ends_with(".lock"),
            "{name}"
        );
    }
}

/// One line on standard error, naming `path` and what it is.
fn refused(code: i32, err: &str, path: &Path, what: &str) {
    assert_eq!(code, 2, "{}: {err}", path.display());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("sprague: ") && err.contains(path.to_str().unwrap()),
        "{err}"
    );
    assert!(
        err.contains(what) && err.contains("not a regular file"),
        "{what}: {err}"
    );
}

#[test]
fn db_build_writes_only_regular_files() {
    let d = dir("db-build");
    for (path, what) in not_regular(&d) {
        let p = path.to_str().unwrap();
        let (code, out, err) = run(&["db", "build", "domineering", "--cells", "4", "--out", p]);
        assert!(out.is_empty(), "{out}");
        refused(code, &err, &path, what);
    }
    left_alone(&d);
    // A folder that does not exist is found before the build (of minutes).
    let nowhere = d.join("no such folder").join("d.db");
    let (code, _, err) = run(&[
        "db",
        "build",
        "clobber",
        "--cells",
        "12",
        "--out",
        nowhere.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot write"), "{err}");
    // A regular file is replaced, keeping its permissions, with nothing left beside it.
    let file = d.join("d.db");
    fs::write(&file, b"old").unwrap();
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(&file, fs::Permissions::from_mode(0o640)).unwrap();
    let f = file.to_str().unwrap();
    let (code, _, err) = run(&["db", "build", "domineering", "--cells", "4", "--out", f]);
    assert_eq!(code, 0, "{err}");
    assert!(fs::read(&file).unwrap().starts_with(b"SPRAGUDB"));
    assert_eq!(
        fs::metadata(&file).unwrap().permissions().mode() & 0o777,
        0o640
    );
    left_alone(&d);
}

#[test]
fn checkpoints_are_only_regular_files() {
    let d = dir("checkpoint");
    for (path, what) in not_regular(&d) {
        let p = path.to_str().unwrap();
        let (code, out, err) = run(&["table", "--to", "100", "--checkpoint", p, "kayles"]);
        assert!(out.is_empty(), "{out}");
        refused(code, &err, &path, what);
    }
    left_alone(&d);
}

#[test]
fn sweep_outputs_are_only_regular_files() {
    let d = dir("sweep");
    for (path, what) in not_regular(&d) {
        let p = path.to_str().unwrap();
        let (code, out, err) = run(&["sweep", "--digits", "1", "--to", "100", "-o", p]);
        assert!(out.is_empty(), "{out}");
        refused(code, &err, &path, what);
    }
    left_alone(&d);
}

#[test]
fn devices_and_fifos_are_not_read() {
    let d = dir("read");
    let pipe = d.join("pipe");
    fifo(&pipe);
    let p = pipe.to_str().unwrap();
    for (args, path, what) in [
        (
            vec!["db", "info", "/dev/zero"],
            "/dev/zero",
            "a character device",
        ),
        (
            vec!["solve", "--db", "/dev/urandom", "domineering(2,2)"],
            "/dev/urandom",
            "a character device",
        ),
        (
            vec![
                "sweep",
                "--digits",
                "1",
                "--to",
                "10",
                "--resume",
                "/dev/zero",
            ],
            "/dev/zero",
            "a character device",
        ),
        (vec!["db", "info", p], p, "a FIFO"),
        (
            vec!["sweep", "--digits", "1", "--to", "10", "--resume", p],
            p,
            "a FIFO",
        ),
    ] {
        let (code, out, err) = run(&args);
        assert!(out.is_empty(), "{args:?}: {out}");
        refused(code, &err, Path::new(path), what);
    }
}

#[test]
fn reads_are_sized_by_the_format() {
    let d = dir("sized");
    // A sweep's earlier output: at most a line a game. A (sparse) file of 64 MiB is
    // not one of 1 digit, and is refused from its size.
    let big = d.join("big.csv");
    let f = fs::File::create(&big).unwrap();
    f.set_len(64 << 20).unwrap();
    let b = big.to_str().unwrap();
    for args in [
        vec!["sweep", "--digits", "1", "--to", "10", "--resume", b],
        vec!["sweep", "--digits", "1", "--to", "10", "-o", b],
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{err}");
        assert!(out.is_empty());
        assert!(
            err.contains(b) && err.contains("larger than an output"),
            "{err}"
        );
    }
    assert_eq!(
        fs::metadata(&big).unwrap().len(),
        64 << 20,
        "left as it was"
    );
    // A database whose header announces other lengths than the file's: refused from
    // its header, before the rest is read.
    let db = d.join("d.db");
    let (code, _, err) = run(&[
        "db",
        "build",
        "domineering",
        "--cells",
        "3",
        "--out",
        db.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let len = fs::metadata(&db).unwrap().len();
    let padded = fs::OpenOptions::new().write(true).open(&db).unwrap();
    padded.set_len(len + (256 << 20)).unwrap();
    let (code, _, err) = run(&["db", "info", db.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("truncated or padded"), "{err}");
}

/// Runs `sprague ARGS…` with standard output set up by `setup` in the child (after
/// fork, before exec).
fn with_stdout(
    args: &[&str],
    stdout: Stdio,
    setup: impl FnMut() -> std::io::Result<()> + Send + Sync + 'static,
) -> (Option<i32>, String) {
    let mut c = binary();
    c.args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped());
    // SAFETY: `setup` calls only async-signal-safe functions (close, setrlimit).
    unsafe {
        c.pre_exec(setup);
    }
    let out = c.output().unwrap();
    (out.status.code(), String::from_utf8(out.stderr).unwrap())
}

/// A table long enough to fill a pipe's buffer many times over.
const LONG: [&str; 4] = ["table", "--to", "200000", "sub[1,2]"];

#[test]
fn a_closed_standard_output_is_exit_1() {
    for args in [
        &["solve", "nim(1,2,3)"][..],
        &["table", "--to", "10", "kayles"],
    ] {
        let (code, err) = with_stdout(args, Stdio::inherit(), || {
            // SAFETY: closing descriptor 1 of the child, as `>&-` does.
            unsafe { libc::close(1) };
            Ok(())
        });
        assert_eq!(code, Some(1), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with("sprague: cannot write to standard output") && err.contains("closed"),
            "{err}"
        );
    }
}

#[test]
fn a_full_disk_on_standard_output_is_exit_1() {
    for args in [&["solve", "nim(1,2,3)"][..], &LONG] {
        let full = fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let (code, err) = with_stdout(args, Stdio::from(full), || Ok(()));
        assert_eq!(code, Some(1), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with("sprague: cannot write to standard output")
                && err.contains("No space left"),
            "{err}"
        );
    }
}

#[test]
fn the_file_size_limit_on_standard_output_is_exit_1() {
    let d = dir("fsize");
    let file = fs::File::create(d.join("out.txt")).unwrap();
    let (code, err) = with_stdout(&LONG, Stdio::from(file), || {
        let limit = libc::rlimit {
            rlim_cur: 4096,
            rlim_max: 4096,
        };
        // SAFETY: setrlimit is async-signal-safe.
        if unsafe { libc::setrlimit(libc::RLIMIT_FSIZE, &limit) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
        Ok(())
    });
    // Not killed by SIGXFSZ: exit 1 naming the failure.
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("sprague: cannot write to standard output") && err.contains("too large"),
        "{err}"
    );
    assert_eq!(fs::metadata(d.join("out.txt")).unwrap().len(), 4096);
}

#[test]
fn a_broken_pipe_is_exit_1_quietly() {
    for args in [&["solve", "nim(1,2,3)"][..], &LONG] {
        // A pipe whose reading end is closed before the command starts. Both ends are
        // close-on-exec: a command that another test starts meanwhile must not keep
        // the reading end open (the command is given the writing end as its stdout).
        let mut fds = [0; 2];
        // SAFETY: `fds` has room for the two descriptors.
        assert_eq!(unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) }, 0);
        // SAFETY: the descriptors were just made and are owned here.
        let writer = unsafe {
            libc::close(fds[0]);
            <std::os::fd::OwnedFd as std::os::fd::FromRawFd>::from_raw_fd(fds[1])
        };
        let (code, err) = with_stdout(args, Stdio::from(writer), || Ok(()));
        assert_eq!(code, Some(1), "{args:?}: {err}");
        assert_eq!(err, "", "nothing to say");
    }
}

/// Waits until `path` exists.
fn wait_for(path: &Path) {
    let start = Instant::now();
    while !path.exists() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{} never came",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Stops a long run with SIGINT (as Ctrl-C) and returns its exit code.
fn interrupt(child: std::process::Child) -> Option<i32> {
    // SAFETY: signalling the child started here.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    child.wait_with_output().unwrap().status.code()
}

#[test]
fn two_runs_never_share_a_checkpoint() {
    let d = dir("lock");
    let file = d.join("t.ckpt");
    let f = file.to_str().unwrap();
    let long = [
        "table",
        "--to",
        "10000000",
        "--max-states",
        "1000000000",
        "--checkpoint",
        f,
        "octal[0.007]",
    ];
    let first = binary()
        .args(long)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The empty checkpoint is written once the first run holds the lock.
    wait_for(&file);
    let (code, out, err) = run(&["table", "--to", "100", "--checkpoint", f, "octal[0.007]"]);
    let first_code = interrupt(first);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    assert_eq!(
        err.trim_end(),
        format!("sprague: checkpoint {f} is in use by another run")
    );
    assert_eq!(first_code, Some(130));
    // The first run's lock is gone with it: the checkpoint serves the next run.
    assert!(!d.join("t.ckpt.lock").exists());
    let (code, whole, _) = run(&["table", "--to", "100", "octal[0.007]"]);
    assert_eq!(code, 0);
    let (code, out, err) = run(&["table", "--to", "100", "--checkpoint", f, "octal[0.007]"]);
    assert_eq!((code, out), (0, whole), "{err}");
}

#[test]
fn two_sweeps_never_share_an_output() {
    let d = dir("sweep-lock");
    let file = d.join("s.csv");
    let f = file.to_str().unwrap();
    let first = binary()
        .args([
            "sweep",
            "--digits",
            "4",
            "--to",
            "1000000",
            "--threads",
            "1",
        ])
        .args(["--max-states", "1000000000", "-o", f])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_for(&file);
    let (code, _, err) = run(&["sweep", "--digits", "1", "--to", "100", "-o", f]);
    let first_code = interrupt(first);
    assert_eq!(code, 2, "{err}");
    assert_eq!(
        err.trim_end(),
        format!("sprague: output {f} is in use by another run")
    );
    assert_eq!(first_code, Some(130));
}

#[test]
fn every_file_read_as_input_refuses_a_fifo_without_waiting() {
    // Each command that reads a file the user names (a game file, a graph, a tree, a
    // matrix, a board, a file of positions) is given a FIFO: exit 2 at once, naming
    // it, never waiting for a writer.
    let d = dir("input-fifo");
    let pipe = d.join("pipe");
    fifo(&pipe);
    let p = pipe.to_str().unwrap();
    let cases: Vec<Vec<String>> = vec![
        vec!["nash".into(), p.into()],
        vec!["solve".into(), "--each".into(), p.into()],
        vec!["solve".into(), format!("digraph[\"{p}\"](0)")],
        vec!["solve".into(), format!("geography[\"{p}\"](0)")],
        vec!["solve".into(), format!("treestair[\"{p}\",2](1)")],
        vec!["solve".into(), format!("nullify[\"{p}\"]")],
        vec!["solve".into(), format!("grid[\"{p}\"](0,0)")],
    ];
    for args in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.contains("a FIFO (named pipe), not a regular file"),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}
