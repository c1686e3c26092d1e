// The bench's own stand-ins for the parts of CGSuite that MisereSolver uses outside its
// package: a ruleset of heaps (here: octal games 0.d1d2d3…) and the exception the
// solver throws when interrupted. Not part of CGSuite.
package org.cgsuite.core.misere.solver;

import java.util.ArrayList;
import java.util.List;

/** A heap game: the options of a heap, each a list of heap sizes (zeros left out). */
interface HeapRuleset {
    List<int[]> heapOptions(int heap);
}

/** Thrown by the solver when its thread is interrupted. */
class TimeoutException extends RuntimeException {}

/** An octal game 0.d1d2d3…: digit dk says what may be left when k tokens are taken
 *  from a heap: bit 1 nothing, bit 2 one non-empty heap, bit 4 two non-empty heaps. */
final class Octal implements HeapRuleset {
    private final int[] digits;
    private final String code;

    Octal(String code) {
        if (!code.startsWith("0.")) throw new IllegalArgumentException("an octal code 0.ddd: " + code);
        this.code = code;
        digits = new int[code.length() - 1];
        for (int k = 1; k < digits.length; k++) digits[k] = code.charAt(k + 1) - '0';
    }

    public List<int[]> heapOptions(int n) {
        List<int[]> out = new ArrayList<>();
        for (int k = 1; k < digits.length && k <= n; k++) {
            int d = digits[k], r = n - k;
            if ((d & 1) != 0 && r == 0) out.add(new int[0]);
            if ((d & 2) != 0 && r > 0) out.add(new int[] {r});
            if ((d & 4) != 0) for (int a = 1; 2 * a <= r; a++) out.add(new int[] {a, r - a});
        }
        return out;
    }

    @Override public String toString() { return code; }
}
