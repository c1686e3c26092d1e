/* Baseline for `sprague table --from N-100 --to N 'octal[CODE]'`: fills the table of
 * Grundy values of the octal game CODE (Guy–Smith convention, e.g. 0.007 for
 * Treblecross) for heaps 0..N by the textbook definition
 *
 *   g[n] = mex { 0            if d_n has bit 1 (take the whole heap),
 *                g[n-i]       for i >= 1, n-i >= 1, d_i has bit 2 (leave one heap),
 *                g[a]^g[b]    for a + b = n-i, 1 <= a <= b, d_i has bit 4 (leave two) }
 *
 * with one pass over every option of every heap (Θ(N²) pairs) and a stamp array for the
 * mex, and prints the last 101 values (heaps N-100..N) on one line, then the sum of all
 * values g[0..N] as a checksum. No periodicity, no sparse space: the plain quadratic loop.
 *
 * Build: cc -O2 -o octal_naive octal_naive.c     Run: ./octal_naive 0.007 100000
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: octal_naive CODE N\n");
        return 2;
    }
    /* Code digits d0.d1d2…: d[0] before the point, then one per character. */
    unsigned d[64];
    int t = 0;
    const char *c = argv[1];
    d[0] = (unsigned)(*c++ - '0');
    if (*c == '.') c++;
    while (*c && t < 63) d[++t] = (unsigned)(*c++ - '0');
    uint64_t n_max = strtoull(argv[2], NULL, 10);
    if (n_max < 100) n_max = 100;

    uint32_t *g = malloc((n_max + 1) * sizeof *g);
    /* seen[v] == n + 1: some option of heap n has value v. A heap has fewer than
     * (t + 1) * (n / 2 + 1) options, so its value is below that. */
    uint64_t bound = (uint64_t)(t + 1) * (n_max / 2 + 1) + 1;
    uint32_t *seen = calloc(bound, sizeof *seen);
    if (!g || !seen) return 1;
    for (uint64_t n = 0; n <= n_max; n++) {
        uint32_t mark = (uint32_t)n + 1;
        for (int i = 0; i <= t && (uint64_t)i <= n; i++) {
            uint64_t rest = n - i;
            if ((d[i] & 1) && i >= 1 && rest == 0) seen[0] = mark;
            if ((d[i] & 2) && i >= 1 && rest >= 1) seen[g[rest]] = mark;
            if (d[i] & 4)
                for (uint64_t a = 1; a <= rest / 2; a++) seen[g[a] ^ g[rest - a]] = mark;
        }
        uint32_t v = 0;
        while (seen[v] == mark) v++;
        g[n] = v;
    }
    unsigned long long sum = 0;
    for (uint64_t n = 0; n <= n_max; n++) sum += g[n];
    for (uint64_t n = n_max - 100; n <= n_max; n++)
        printf(n == n_max - 100 ? "%u" : ",%u", g[n]);
    printf("\nchecksum: %llu\n", sum);
    free(g);
    free(seen);
    return 0;
}
