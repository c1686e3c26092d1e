#!/usr/bin/env bash
# Nim with 10^6 heaps read from standard input: `sprague solve -` beside
# bench/nim_stdin.c (a C program that reads through one 64 KiB buffer, parses the heap
# sizes and XORs them), alternating the two ROUNDS times so that both see the same load
# on the machine. Prints, for each, the mean and the least user + system CPU seconds,
# the peak RSS, and the ratio of the means; both must agree on the nim-value.
#
#   bench/nim_stdin.sh              # from anywhere; needs cargo, gcc, python3
#   ROUNDS=50 bench/nim_stdin.sh    # default 30
#   PIPE=1 bench/nim_stdin.sh       # standard input a pipe (cat FILE |) instead of the file
#
# The input is bench/out/nim1e6.txt, the file of bench/run.sh: `nim(a1,…,a1000000)`,
# heaps in 1..10^18 from a fixed-seed LCG (19 MB).
set -euo pipefail

cd "$(dirname "$0")/.."
OUT=bench/out
ROUNDS=${ROUNDS:-30}
mkdir -p "$OUT"

cargo build --release --quiet
SPRAGUE=target/release/sprague
gcc -O2 -o "$OUT/nim_stdin" bench/nim_stdin.c
NIM=$OUT/nim1e6.txt
if [ ! -f "$NIM" ]; then
    python3 - "$NIM" <<'EOF'
import sys
x, mask, heaps = 12345, (1 << 64) - 1, []
for _ in range(10**6):
    x = (x * 6364136223846793005 + 1442695040888963407) & mask
    heaps.append(str((x >> 4) % 10**18 + 1))
with open(sys.argv[1], "w") as f:
    f.write("nim(" + ",".join(heaps) + ")\n")
EOF
fi

# Both give the same nim-value.
c=$("$OUT/nim_stdin" <"$NIM" | sed -n 's/^nim-value: //p')
s=$("$SPRAGUE" solve - <"$NIM" | sed -n 's/^nim-value: \([0-9]*\).*/\1/p')
[ "$c" = "$s" ] || { echo "nim_stdin.sh: nim_stdin.c says $c, sprague $s" >&2; exit 1; }


# Peak RSS of each, by GNU time (a process started from Python would count Python's
# memory too).
rss() {
    if [ "${PIPE:-0}" = 1 ]; then
        cat "$NIM" | /usr/bin/time -f '%M' "$@" 2>&1 >/dev/null
    else
        /usr/bin/time -f '%M' "$@" <"$NIM" 2>&1 >/dev/null
    fi
}
RSS_C=$(rss "$OUT/nim_stdin")
RSS_S=$(rss "$SPRAGUE" solve -)

# The two programs alternate, each run timed by the kernel (wait4: user and system CPU
# to the microsecond).
python3 - "$ROUNDS" "$NIM" "${PIPE:-0}" "$OUT/nim_stdin" "$SPRAGUE" "$RSS_C" "$RSS_S" <<'EOF'
import os, subprocess, sys

rounds, nim, pipe = int(sys.argv[1]), sys.argv[2], sys.argv[3] == "1"
commands = {"C": [sys.argv[4]], "sprague": [sys.argv[5], "solve", "-"]}
cpu = {k: [] for k in commands}
rss = {"C": int(sys.argv[6]), "sprague": int(sys.argv[7])}
for _ in range(rounds):
    for name, argv in commands.items():
        with open(nim, "rb") as f, open(os.devnull, "wb") as null:
            cat = None
            if pipe:
                cat = subprocess.Popen(["cat", nim], stdout=subprocess.PIPE)
                p = subprocess.Popen(argv, stdin=cat.stdout, stdout=null)
                cat.stdout.close()
            else:
                p = subprocess.Popen(argv, stdin=f, stdout=null)
            _, status, ru = os.wait4(p.pid, 0)
            p.returncode = os.waitstatus_to_exitcode(status)
            if cat:
                cat.wait()
            assert p.returncode == 0, (name, p.returncode)
        cpu[name].append(ru.ru_utime + ru.ru_stime)
source = "a pipe (cat FILE |)" if pipe else "the file"
print(f"{rounds} rounds alternating, standard input {source}; both give the same nim-value")
for name, v in cpu.items():
    print(f"{name:<8} mean CPU {sum(v) / len(v):.4f} s (user + system), least {min(v):.4f} s, "
          f"peak RSS {rss[name] / 1024:.1f} MiB")
mean = {k: sum(v) / len(v) for k, v in cpu.items()}
print(f"ratio of the means (sprague / C): {mean['sprague'] / mean['C']:.2f}")
EOF
