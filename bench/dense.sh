#!/usr/bin/env bash
# Treblecross (octal[0.007]), a game without a sparse space: sprague's value of heap N
# (which computes the table of heaps 0..N) next to bench/octal_naive.c, the textbook
# O(N²) loop (`cc -O2`), in the same run, after checking that both give the same value.
#
#   bench/dense.sh                       # N = 10^5 and 2·10^5, 3 runs each
#   RUNS=5 SIZES="100000" bench/dense.sh
#   CODE=0.6 bench/dense.sh              # another octal code
#
# The programs alternate in one loop so that both see the same load; prints, for each N
# and program, the mean CPU time (user + system) and the best wall time of the runs.
# sprague runs with --threads 1 and --threads 2.
set -euo pipefail

cd "$(dirname "$0")/.."
OUT=bench/out
RUNS=${RUNS:-3}
SIZES=${SIZES:-"100000 200000"}
CODE=${CODE:-0.007}
mkdir -p "$OUT"

cargo build --release --quiet
SPRAGUE=target/release/sprague
cc -O2 -o "$OUT/octal_naive" bench/octal_naive.c

# One timed run: prints "user+sys wall".
timed() {
    local t
    t=$({ /usr/bin/time -f '%U %S %e' "$@" >/dev/null; } 2>&1 | tail -1)
    awk '{printf "%.3f %.3f\n", $1 + $2, $3}' <<<"$t"
}

printf '%-9s %-22s %12s %12s\n' N program "mean cpu s" "best wall s"
for n in $SIZES; do
    # Enough work for the table of heaps 0..n (a split compared counts a quarter).
    states=$(( n * n / 64 + 1000000 ))
    run_s() { "$SPRAGUE" solve --json --threads "$1" --max-states "$states" "octal[$CODE]($n)"; }
    want=$("$OUT/octal_naive" "$CODE" "$n" | head -1 | tr ',' '\n' | tail -1)
    got=$(run_s 1 | python3 -c 'import json,sys; print(json.load(sys.stdin)["grundy"])')
    [ "$want" = "$got" ] || { echo "dense.sh: heap $n: C says $want, sprague $got" >&2; exit 1; }
    declare -A cpu=() wall=()
    for _ in $(seq "$RUNS"); do
        for prog in c t1 t2; do
            case $prog in
                c) r=$(timed "$OUT/octal_naive" "$CODE" "$n") ;;
                t1) r=$(timed "$SPRAGUE" solve --threads 1 --max-states "$states" "octal[$CODE]($n)") ;;
                t2) r=$(timed "$SPRAGUE" solve --threads 2 --max-states "$states" "octal[$CODE]($n)") ;;
            esac
            read -r c w <<<"$r"
            cpu[$prog]=$(awk -v a="${cpu[$prog]:-0}" -v b="$c" 'BEGIN {print a + b}')
            if [ -z "${wall[$prog]:-}" ] || awk -v a="$w" -v b="${wall[$prog]}" 'BEGIN {exit !(a < b)}'; then
                wall[$prog]=$w
            fi
        done
    done
    for prog in c t1 t2; do
        case $prog in
            c) name="octal_naive.c" ;;
            t1) name="sprague --threads 1" ;;
            t2) name="sprague --threads 2" ;;
        esac
        printf '%-9s %-22s %12.2f %12.2f\n' "$n" "$name" \
            "$(awk -v a="${cpu[$prog]}" -v r="$RUNS" 'BEGIN {print a / r}')" "${wall[$prog]}"
    done
    unset cpu wall
done
