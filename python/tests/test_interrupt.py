"""Ctrl-C: SIGINT to a Python process running a long computation must raise
KeyboardInterrupt within a couple of seconds, and leave the interpreter usable."""

import os
import signal
import subprocess
import sys
import time

import pytest

SCRIPT = r"""
import sys, time
import sprague
print("ready", flush=True)
start = time.monotonic()
try:
    {call}
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted %.2f" % (time.monotonic() - start), flush=True)
    # The interpreter goes on working.
    print("after", sprague.solve("nim(3,4,5)").grundy, flush=True)
"""

CALLS = {
    # Grundy's game: a long table (minutes for 10^6 heaps).
    "table": "sprague.table('grundy_game', to=3_000_000)",
    # A heap game defined in Python with a slow rule.
    "python_rules": "sprague.heap_game('slowsub', lambda n: (time.sleep(0.001), [n - 1] if n else [])[1]); "
    "sprague.table('slowsub', to=1_000_000)",
}


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("what", sorted(CALLS))
def test_sigint_raises_keyboard_interrupt(what):
    p = subprocess.Popen(
        [sys.executable, "-c", SCRIPT.format(call=CALLS[what])],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert p.stdout.readline().strip() == "ready"
        time.sleep(1.0)
        assert p.poll() is None, "the computation ended before the signal"
        sent = time.monotonic()
        os.kill(p.pid, signal.SIGINT)
        out, err = p.communicate(timeout=10)
        elapsed = time.monotonic() - sent
    finally:
        if p.poll() is None:
            p.kill()
    assert "interrupted" in out, (out, err)
    assert "after 2" in out, (out, err)
    assert elapsed < 3.0, elapsed
