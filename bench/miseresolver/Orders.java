// Prints the order of the misère quotient of an octal game at each heap up to a bound,
// one line "heap order P-portion", by MisereSolver's own `next()`. Not part of CGSuite.
package org.cgsuite.core.misere.solver;

public final class Orders {
    public static void main(String[] args) {
        MisereSolver ms = new MisereSolver(new Octal(args[0]));
        int to = Integer.parseInt(args[1]);
        while (ms.p.prefn.size() <= to) {
            ms.next();
            System.out.println((ms.p.prefn.size() - 1) + " " + ms.p.quotient.monoid.size()
                + " " + ms.p.quotient.pPortionSize());
        }
    }
}
