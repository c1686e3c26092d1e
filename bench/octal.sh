#!/usr/bin/env bash
# Runs sprague and the public octal-game solvers on the same game and number of heaps,
# one after the other, and prints CPU seconds (user + system), wall seconds and peak RSS
# side by side, as `/usr/bin/time -f '%U %S %M %e'` reports them (the wall time counts on
# a quiet machine only: it is how two threads are compared with one).
#
#   bench/octal.sh GAME N [N...]      # GAME: grundy, or an octal code such as 0.354
#   bench/octal.sh 0.354 262144 1048576
#   REPEAT=3 bench/octal.sh grundy 262144    # each program 3 times
#   MAX_STATES=N bench/octal.sh ...          # sprague's --max-states (default 10^12)
#
# N is the number of heaps: every program computes the values of heaps 0..N-1.
# sprague runs twice, with --threads 1 and --threads 2 (`solve` of heap N-1).
#
# The peers are optional; each runs when its binary exists (paths below, relative to
# $SPRAGUE_PEERS, default $HOME/sprague-peers, or set one by one):
#   TCZAJKA  tczajka/octal-games, `old/` C++ analyzer `analyze` (-O2), at
#            commit 57e893a908ed2c0b1b2baa0e83a5a2a7698316ec. It runs until it proves a
#            period or reaches 2^28 heaps; the benchmark expects a build whose limit is read
#            from the environment variable MAXN (one line of analyze_exec.cc: the constant
#            `maxn`), so that it stops after N heaps. It prints statistics at every power
#            of 2 (largest value, rare mask, number of rare heaps, last rare heap).
#   ROGALSKI rogalski-wmii-uni-lodz-pl/octal (Rust, release build),
#            at commit 9841c1ed7eeabecab2ffbdca5798fb175bd0172d: `octal CODE N`.
#            Octal codes only.
#   OGSOLVE  beling/impartial-games, `ogsolve` (Rust, release), at commit
#            07a34e68e2f298d2bb8905167d61777cdbdfb9cf: `ogsolve CODE -m rc -n N-1`.
#            Octal codes only.
# The last column is the value of heap N-1 where the program prints it (a check that the
# programs computed the same game).
set -euo pipefail

cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: bench/octal.sh GAME N [N...]" >&2; exit 2; }
GAME=$1
shift
REPEAT=${REPEAT:-1}
PEERS=${SPRAGUE_PEERS:-$HOME/sprague-peers}
TCZAJKA=${TCZAJKA:-$PEERS/tczajka-octal-games/old/bin/analyze}
ROGALSKI=${ROGALSKI:-$PEERS/rogalski-octal/target/release/octal}
OGSOLVE=${OGSOLVE:-$PEERS/beling-impartial-games/target/release/ogsolve}
SPRAGUE=${SPRAGUE:-target/release/sprague}
MAX_STATES=${MAX_STATES:-1000000000000}   # sprague's --max-states: no limit by default

if [ "$SPRAGUE" = target/release/sprague ]; then
    cargo build --release --quiet
fi

case $GAME in
    grundy) FAMILY=grundy_game ;;
    [04].[0-7]* | .[0-7]*) FAMILY="octal[$GAME]" ;;
    *) echo "bench/octal.sh: GAME must be grundy or an octal code such as 0.354" >&2; exit 2 ;;
esac
OCTAL=1
[ "$GAME" = grundy ] && OCTAL=0

OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

# run NAME CMD...: runs CMD under /usr/bin/time, prints one row; the value of heap N-1
# is read from the program's output by the awk program in $LAST.
run() {
    local name=$1
    shift
    local i
    for i in $(seq "$REPEAT"); do
        if ! /usr/bin/time -o "$OUT/time" -f '%U %S %M %e' "$@" >"$OUT/out" 2>"$OUT/err"; then
            printf '%-22s %10s\n' "$name" "failed (see below)"
            tail -3 "$OUT/err" >&2
            continue
        fi
        local last
        last=$(awk "$LAST" "$OUT/out" | tail -1)
        read -r user sys rss wall <"$OUT/time"
        printf '%-22s %9.2f %9.2f %9.2f %9.2f %10.1f   %s\n' "$name" "$user" "$sys" \
            "$(echo "$user + $sys" | bc)" "$wall" "$(echo "scale=1; $rss / 1024" | bc)" "${last:--}"
    done
}

for N in "$@"; do
    M=$((N - 1))
    echo "== $GAME, heaps 0..$M ($N heaps) =="
    printf '%-22s %9s %9s %9s %9s %10s   %s\n' program user_s sys_s cpu_s wall_s peak_MiB "G($M)"
    # `solve` computes the values of heaps 0..M once (`table --to M` also looks up to
    # about twice as far for a period proof).
    LAST='/^nim-value:/ {print $2}'
    run "sprague --threads 1" "$SPRAGUE" solve --threads 1 --max-states "$MAX_STATES" "$FAMILY($M)"
    run "sprague --threads 2" "$SPRAGUE" solve --threads 2 --max-states "$MAX_STATES" "$FAMILY($M)"
    if [ -x "$TCZAJKA" ]; then
        LAST='BEGIN {print "-"}'
        run "tczajka analyze" env MAXN="$N" "$TCZAJKA" "$GAME"
    fi
    if [ "$OCTAL" = 1 ] && [ -x "$ROGALSKI" ]; then
        LAST='match($0, /G\([0-9]+\) = [0-9]+/) {s = substr($0, RSTART, RLENGTH); sub(/.*= /, "", s); print s}'
        run "rogalski octal" "$ROGALSKI" "$GAME" "$N"
    fi
    if [ "$OCTAL" = 1 ] && [ -x "$OGSOLVE" ]; then
        LAST='/nimber of [0-9]+:/ {print $4}'
        run "ogsolve -m rc" "$OGSOLVE" "$GAME" -m rc -n "$M"
    fi
done
