/* Baseline for `sprague table --from N-100 --to N 'sub[1,3,4]'`: fills the table
 * of Grundy values of the subtraction game S = {1,3,4} for heaps 0..N by the
 * definition g[n] = mex{ g[n-s] : s in S, s <= n } and prints the last 101 values
 * (heaps N-100..N) on one line, then their sum as a checksum.
 *
 * No periodicity is used: this is the straightforward table.
 *
 * Build: gcc -O2 -o sub134_table sub134_table.c      Run: ./sub134_table [N]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    uint64_t n_max = argc > 1 ? strtoull(argv[1], NULL, 10) : 100000000ULL;
    if (n_max < 100) n_max = 100;
    uint8_t *g = malloc(n_max + 1);
    if (!g) return 1;
    static const unsigned moves[3] = {1, 3, 4};
    for (uint64_t n = 0; n <= n_max; n++) {
        unsigned seen = 0; /* bit v set: some option has value v (values are < 4) */
        for (int k = 0; k < 3; k++)
            if (moves[k] <= n) seen |= 1u << g[n - moves[k]];
        unsigned v = 0;
        while (seen & (1u << v)) v++;
        g[n] = (uint8_t)v;
    }
    unsigned long sum = 0;
    for (uint64_t n = n_max - 100; n <= n_max; n++) {
        printf(n == n_max - 100 ? "%u" : ",%u", g[n]);
        sum += g[n];
    }
    printf("\nchecksum: %lu\n", sum);
    free(g);
    return 0;
}
