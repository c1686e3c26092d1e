"""Shared helpers: the command-line binary whose JSON the package must match."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def binary() -> str:
    """The `sprague` binary: $SPRAGUE_BIN, else the checkout's release build."""
    path = os.environ.get("SPRAGUE_BIN") or str(ROOT / "target" / "release" / "sprague")
    if not os.path.exists(path):
        pytest.fail(f"{path} is missing: run `cargo build --release` first (or set SPRAGUE_BIN)")
    return path


def cli_json(*args: str, stdin: str = None) -> dict:
    """`sprague ARGS --json` parsed; the command must succeed."""
    out = subprocess.run(
        [binary(), *args], input=stdin, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def cli_error(*args: str) -> "tuple[int, str]":
    """The exit code and the stderr line of a failing `sprague ARGS`."""
    out = subprocess.run([binary(), *args], capture_output=True, text=True, timeout=120)
    assert out.returncode != 0
    return out.returncode, out.stderr.strip()
