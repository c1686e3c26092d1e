#!/usr/bin/env bash
# MCGS (Folkersen, Müller and Du's minimax solver for sums of combinatorial games,
# github.com/ualberta-mueller-group/MCGS) and `sprague solve` side by side on MCGS's own
# test files, for the rulesets both programs have: the same positions and sums, every
# outcome checked against the file's expected result and between the two programs,
# and the CPU time and peak RSS of each, as `/usr/bin/time -f '%e %U %S %M'` gives them
# (user and system CPU seconds, peak RSS in MiB; MCGS's system time is mostly the
# clearing of its transposition table, 2^28 entries by default, done at every start).
#
#   MCGS_BIN=/path/to/MCGS MCGS_INPUT=/path/to/MCGS/input bench/mcgs.sh [FILE_PATTERN…]
#
# MCGS_BIN is the MCGS binary (v1.5: `make DEBUG=0 MCGS`, no database file), MCGS_INPUT
# its `input/` directory; the files read are those of `$MCGS_INPUT/${MCGS_SET:-autotests}`
# whose path contains one of the FILE_PATTERNs (all of them without one). From each file
# the sums are kept whose every game has a sprague counterpart and that have a Black
# (`B`) or White (`W`) solve command; impartial sections (`[impartial …]`), `{N …}` and
# winning-moves commands are left out. The kept sums are written to a new file for MCGS
# (one process per file, `--file`) and, one distinct sum per line, to sprague (one
# process per file too, `solve --each --json --max-moves 0`; a sprague answer decides
# both players, so a sum MCGS solves once for B and once for W is given once).
#
# Translation (MCGS's Black is sprague's Left, White its Right, in every ruleset):
#   clobber_1xn, clobber S   -> clobber("S")        (X Left, O Right)
#   domineering S            -> domineering("S")    (Black places vertically = Left)
#   amazons S                -> amazons("S'")       (X -> L, O -> R, # burnt)
#   fission S                -> fission("S")        (Black splits vertically = Left)
#   nogo_1xn, nogo S         -> nogo("S")           (X Black = Left)
#   toppling_dominoes S      -> toppling("S'")      (X -> L, O -> R, # green -> G)
#   gen_toads a,b,j,0:S      -> toads[a,b,j]("S'")  (X -> T moving right, O -> F;
#                                                    friendly jumps (4th parameter 1) are
#                                                    not in sprague: left out)
#   kayles n -> kayles(n); integer_game n -> n; dyadic_rational p/q -> p/q;
#   nimber n -> *n; switch_game (a, b) -> {a|b}; up_star (n *) -> n ups (^, or v for
#   n < 0) plus *.
# Not in sprague: elephants, sheep (their sums are left out).
#
# Each run stops after $TIMEOUT seconds (default 600; per file, for both programs).
# The machine this runs on may be shared: the user CPU seconds are the steady figure.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ -z "${MCGS_BIN:-}" ] || [ -z "${MCGS_INPUT:-}" ]; then
  echo "bench/mcgs.sh: set MCGS_BIN to the MCGS binary and MCGS_INPUT to its input/ directory"
  echo "  (e.g. MCGS_BIN=/work/peers/mcgs-v1.5/MCGS MCGS_INPUT=/work/peers/mcgs-v1.5/input bench/mcgs.sh)"
  exit 0
fi
S=${SPRAGUE:-target/release/sprague}
[ -x "$S" ] || cargo build --release --quiet
export SPRAGUE_BIN=$S
exec python3 - "$@" <<'PY'
import os, re, subprocess, sys, tempfile

MCGS = os.environ["MCGS_BIN"]
ROOT = os.path.join(os.environ["MCGS_INPUT"], os.environ.get("MCGS_SET", "autotests"))
SPRAGUE = os.environ["SPRAGUE_BIN"]
TIMEOUT = os.environ.get("TIMEOUT", "600")
PATTERNS = sys.argv[1:]


def tokens(text):
    """MCGS's input tokens: comments dropped; [section], (game), {commands}, words."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
            continue
        close = {"[": "]", "(": ")", "{": "}"}.get(c)
        if close:
            j = text.index(close, i)
            yield c, text[i + 1 : j].strip()
            i = j + 1
        else:
            j = i
            while j < n and not text[j].isspace():
                j += 1
            yield "w", text[i:j]
            i = j


def cases(path):
    """(games, commands) of each command block of a file: games are (section, text)."""
    section, games, out = None, [], []
    for kind, t in tokens(open(path).read()):
        if kind == "[":
            section = " ".join(t.split())
        elif kind in "(w":
            games.append((section, t))
        elif kind == "{":
            cmds = [" ".join(c.split()) for c in t.split(",") if c.strip()]
            if cmds and cmds[0].startswith("version"):
                continue
            out.append((games, cmds))
            games = []
    return out


def ups(n, star):
    parts = ["^" if n > 0 else "v"] * abs(n) + (["*"] if star else [])
    return " + ".join(parts) if parts else "0"


def frac(s):
    s = "".join(s.split())
    if not re.fullmatch(r"-?\d+(/\d+)?", s):
        raise ValueError(s)
    return s


def translate(section, text):
    """The sprague expression of one MCGS game, or None if sprague lacks its ruleset."""
    tr = lambda s, m: s.translate(str.maketrans(m))
    if section in ("clobber_1xn", "clobber"):
        return f'clobber("{text}")'
    if section == "domineering":
        return f'domineering("{text}")'
    if section == "amazons":
        return f'amazons("{tr(text, {"X": "L", "O": "R"})}")'
    if section == "fission":
        return f'fission("{text}")'
    if section in ("nogo_1xn", "nogo"):
        return f'nogo("{text}")'
    if section == "toppling_dominoes":
        return f'toppling("{tr(text, {"X": "L", "O": "R", "#": "G"})}")'
    if section == "gen_toads":
        params, board = text.split(":")
        a, b, j, f = [int(x) for x in params.split(",")]
        if f != 0:
            return None
        return f'toads[{a},{b},{j}]("{tr(board, {"X": "T", "O": "F"})}")'
    if section == "kayles":
        return f"kayles({int(text)})"
    if section == "integer_game":
        return str(int(text))
    if section == "dyadic_rational":
        return frac(text)
    if section == "nimber":
        n = int(text)
        return f"*{n}" if n else "0"
    if section == "switch_game":
        a, b = [x for x in re.split(r"[,\s]+", re.sub(r"\s*/\s*", "/", text)) if x]
        return "{" + frac(a) + "|" + frac(b) + "}"
    if section == "up_star":
        items = text.replace(",", " ").split()
        star = "*" in items
        n = sum(int(x) for x in items if x != "*")
        return ups(n, star)
    return None


def family_files():
    for d, _, fs in sorted(os.walk(ROOT)):
        for f in sorted(fs):
            p = os.path.join(d, f)
            if f.endswith(".test") and (not PATTERNS or any(x in p for x in PATTERNS)):
                yield p


def timed(cmd, stdout):
    tf = tempfile.NamedTemporaryFile("r", suffix=".time")
    subprocess.run(["/usr/bin/time", "-o", tf.name, "-f", "%e %U %S %M"] + cmd,
                   stdout=stdout, stderr=subprocess.DEVNULL)
    e, u, s, m = tf.read().split()[-4:]
    return float(e), float(u), float(s), int(m)


def run_sprague(exprs):
    """sprague on the given sums, one process (`solve --each`): times and the (Left
    wins first, Right wins first) answer of each sum in order (None where it gave none:
    a run stops at a sum it cannot decide within its bounds)."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as inp, \
         tempfile.NamedTemporaryFile("w+", suffix=".json") as out:
        inp.write("".join(e + "\n" for e in exprs))
        inp.flush()
        t = timed(["timeout", TIMEOUT, SPRAGUE, "solve", "--each", "--json",
                   "--max-moves", "0", inp.name], out)
        out.seek(0)
        answers = []
        for line in out:
            o = __import__("json").loads(line)["outcome"]
            answers.append((o in "LN", o in "RN"))
        answers += [None] * (len(exprs) - len(answers))
        return t, answers


def run_mcgs(blocks):
    """MCGS on a file of the given (games, commands) blocks: times and the win/loss of
    each B/W command in order (None if it did not answer)."""
    with tempfile.NamedTemporaryFile("w", suffix=".test") as f, \
         tempfile.NamedTemporaryFile("w+", suffix=".out") as out:
        f.write("{version 1.5}\n")
        for games, cmds in blocks:
            for sec, g in games:
                f.write(f"[{sec}] ({g})\n")
            f.write("{" + ", ".join(cmds) + "}\n")
        f.flush()
        t = timed(["timeout", TIMEOUT, MCGS, "--file", f.name], out)
        out.seek(0)
        text = out.read()
    return t, text


def main():
    print(f"{'':63}{'MCGS':-^22}  {'sprague':-^22}")
    print(f"{'file':52} {'sums':>5} {'skip':>4}  {'user s':>7} {'sys s':>6} {'MiB':>6}  "
          f"{'user s':>7} {'sys s':>6} {'MiB':>6}  agreement")
    f0, _ = run_mcgs([([], ["B"])])
    s0, _ = run_sprague(["0"])
    print(f"start-up, one run on the empty sum: MCGS {f0[1]:.2f} user s + {f0[2]:.2f} sys s, "
          f"{f0[3] / 1024:.0f} MiB; sprague {s0[1]:.2f} + {s0[2]:.2f} s, {s0[3] / 1024:.0f} MiB")
    findings = []
    for path in family_files():
        rel = os.path.relpath(path, ROOT)
        kept, skipped = [], 0
        for games, cmds in cases(path):
            pcmds = [c for c in cmds if re.fullmatch(r"[BW]( (win|loss))?", c)]
            if not pcmds:
                continue
            exprs = [translate(s, g) if s else None for s, g in games]
            if not games or None in exprs:
                skipped += 1
                continue
            kept.append((games, pcmds, " + ".join(exprs)))
        if not kept:
            continue
        mt, mtext = run_mcgs([(g, c) for g, c, _ in kept])
        mans = parse_mcgs(mtext)
        unique = list(dict.fromkeys(e for _, _, e in kept))
        st, sans = run_sprague(unique)
        sans = [dict(zip(unique, sans))[e] for _, _, e in kept]
        agree = mcgs_bad = spr_bad = 0
        k = 0
        for (games, cmds, expr), sa in zip(kept, sans):
            for c in cmds:
                player, *exp = c.split()
                ma = mans[k] if k < len(mans) else None
                k += 1
                sw = None if sa is None else sa[0 if player == "B" else 1]
                expw = None if not exp else exp[0] == "win"
                if ma is not None and sw is not None and ma == sw:
                    agree += 1
                else:
                    findings.append((rel, expr, player, exp, ma, sw))
                if expw is not None and ma != expw:
                    mcgs_bad += 1
                if expw is not None and sw != expw:
                    spr_bad += 1
        total = sum(len(c) for _, c, _ in kept)
        note = f"{agree}/{total} agree"
        if mcgs_bad or spr_bad:
            note += f"; vs file: MCGS {mcgs_bad} off, sprague {spr_bad} off"
        print(f"{rel:52} {len(kept):5} {skipped:4}  {mt[1]:7.2f} {mt[2]:6.2f} "
              f"{mt[3] / 1024:6.0f}  {st[1]:7.2f} {st[2]:6.2f} "
              f"{st[3] / 1024:6.0f}  {note}", flush=True)
        for rel, expr, player, exp, ma, sw in findings:
            short = expr if len(expr) < 120 else expr[:117] + "..."
            print(f"  DIFFER {player} first: file {' '.join(exp) or '-'}, MCGS {ma}, "
                  f"sprague {sw}: {short}", flush=True)
        findings.clear()


def parse_mcgs(text):
    """Win (True) or loss (False) of each test case MCGS printed, in order; None where
    it printed no result."""
    out = []
    for case in text.split("Test type:")[1:]:
        m = re.search(r"^Got: (Win|Loss)$", case, flags=re.M)
        out.append(None if m is None else m.group(1) == "Win")
    return out


main()
PY
