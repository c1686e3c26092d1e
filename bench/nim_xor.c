/* Baseline for `sprague solve -` on a Nim position: reads `nim(a1,a2,...,an)` from
 * standard input, XORs the heap sizes and prints the nim-sum and the outcome
 * (P when the nim-sum is 0, N otherwise).
 *
 * It reads all of stdin with fread, parses decimal numbers (each must fit in 64
 * bits; `_` between digits is skipped as in the expression syntax) and does nothing
 * else: no syntax check, no winning moves. This is the cost floor of the task.
 *
 * Build: gcc -O2 -o nim_xor nim_xor.c
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    size_t cap = 1 << 20, len = 0, got;
    char *buf = malloc(cap);
    if (!buf) return 1;
    while ((got = fread(buf + len, 1, cap - len, stdin)) > 0) {
        len += got;
        if (len == cap) {
            cap *= 2;
            char *nb = realloc(buf, cap);
            if (!nb) return 1;
            buf = nb;
        }
    }
    if (ferror(stdin)) return 1;

    uint64_t x = 0, cur = 0;
    size_t heaps = 0;
    int in_num = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)buf[i];
        if (c >= '0' && c <= '9') {
            uint64_t d = (uint64_t)(c - '0');
            if (cur > (UINT64_MAX - d) / 10) {
                fprintf(stderr, "nim_xor: heap size beyond 2^64 at byte %zu\n", i + 1);
                return 2;
            }
            cur = cur * 10 + d;
            in_num = 1;
        } else if (c == '_' && in_num) {
            continue;
        } else if (in_num) {
            x ^= cur;
            cur = 0;
            in_num = 0;
            heaps++;
        }
    }
    if (in_num) {
        x ^= cur;
        heaps++;
    }
    free(buf);
    printf("heaps: %zu\nnim-value: %" PRIu64 "\noutcome: %s\n", heaps, x, x ? "N" : "P");
    return 0;
}
