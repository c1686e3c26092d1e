"""Ctrl-C: SIGINT to a Python process running a long computation must raise
KeyboardInterrupt within a couple of seconds, stop the engine's thread (no more CPU
spent, the next call answered at once) and leave the interpreter usable."""

import os
import signal
import subprocess
import sys
import time

import pytest

SCRIPT = r"""
import signal, sys, time
import sprague
# Python's own Ctrl-C handler, even when started with SIGINT ignored (as commands
# started in the background by a shell are).
signal.signal(signal.SIGINT, signal.default_int_handler)
start = time.monotonic()
try:
    print("ready", flush=True)
    {call}
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted %.2f" % (time.monotonic() - start), flush=True)
    # The interpreter goes on working, and the engine's threads are free: a small
    # solve and a small canonical form (on the partizan engine's own thread) are
    # answered at once.
    t = time.monotonic()
    print("after", sprague.solve("nim(3,4,5)").grundy, flush=True)
    print("partizan", sprague.value("{{1|-1}} + *").canonical, flush=True)
    print("next %.2f" % (time.monotonic() - t), flush=True)
    # And the computation stopped: the process is idle.
    time.sleep(0.3)
    c = time.process_time()
    time.sleep(1.0)
    print("busy %.2f" % (time.process_time() - c), flush=True)
"""

CALLS = {
    # Grundy's game: a long table (minutes for 10^6 heaps).
    "table": "sprague.table('grundy_game', to=3_000_000, max_states=10**12)",
    # Deciding one huge heap of Grundy's game needs its table up to that heap.
    "solve": "sprague.solve('grundy_game(3000000)', max_states=10**12)",
    # The partizan engine: 6×6 Domineering takes minutes.
    "value": "sprague.value('domineering(6,6)', max_states=10**9)",
    # Vertex enumeration of a 24×24 game: millions of bases.
    "nash": "import random; random.seed(7); "
    "A = [[random.randint(-9, 9) for _ in range(24)] for _ in range(24)]; "
    "B = [[random.randint(-9, 9) for _ in range(24)] for _ in range(24)]; "
    "sprague.nash(A, B, max_pairs=10**9)",
    # The partizan search of a blue-green stalk of 600 edges: every node generates
    # options of hundreds of edges each (the signal was looked at every 4 096
    # nodes, minutes of work).
    "solve_partizan": "sprague.solve('hackenbush(\"' + 'BG' * 300 + '\")', max_states=10**12)",
    # Exact arithmetic on payoffs of 1 500 digits: each pair of supports costs
    # long eliminations of huge integers.
    "nash_digits": "import random; random.seed(7); "
    "A = [[random.randint(10**1499, 10**1500) for _ in range(8)] for _ in range(8)]; "
    "B = [[random.randint(10**1499, 10**1500) for _ in range(8)] for _ in range(8)]; "
    "sprague.nash(A, B, max_pairs=10**9)",
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
        out, err = p.communicate(timeout=30)
        elapsed = time.monotonic() - sent
        # The interrupt itself came at once.
        assert "interrupted " in out, (out, err)
        assert float(out.split("interrupted ")[1].split()[0]) < 1.0 + 2.0, out
    finally:
        if p.poll() is None:
            p.kill()
    assert "interrupted" in out, (out, err)
    assert "after 2" in out, (out, err)
    assert "partizan " in out, (out, err)
    # The next calls did not wait for the stopped computation.
    assert float(out.split("next ")[1].split()[0]) < 2.0, out
    busy = float(out.split("busy ")[1].split()[0])
    assert busy < 0.3, out
    assert elapsed < 10.0, elapsed  # the interrupt, the idle check and the exit
