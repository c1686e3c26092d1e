/* Baseline for `sprague solve -` on a Nim position read from standard input:
 * reads `nim(a1,a2,...,an)` through one 64 KiB buffer (the input is never held
 * whole), parses the decimal heap sizes (each must fit in 64 bits; `_` between
 * digits is skipped as in the expression syntax), XORs them and prints the heap
 * count, the nim-sum and the outcome (P when the nim-sum is 0, N otherwise).
 *
 * No syntax check, no winning moves: the cost floor of the task, in constant memory.
 *
 * Build: gcc -O2 -o nim_stdin nim_stdin.c
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
    static char buf[1 << 16];
    uint64_t x = 0, cur = 0, offset = 0;
    size_t heaps = 0;
    int in_num = 0;
    ssize_t got;
    while ((got = read(0, buf, sizeof buf)) != 0) {
        if (got < 0) {
            perror("nim_stdin: read");
            return 1;
        }
        for (ssize_t i = 0; i < got; i++) {
            unsigned char c = (unsigned char)buf[i];
            if (c >= '0' && c <= '9') {
                uint64_t d = (uint64_t)(c - '0');
                if (cur > (UINT64_MAX - d) / 10) {
                    fprintf(stderr, "nim_stdin: heap size beyond 2^64 at byte %" PRIu64 "\n",
                            offset + (uint64_t)i + 1);
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
        offset += (uint64_t)got;
    }
    if (in_num) {
        x ^= cur;
        heaps++;
    }
    printf("heaps: %zu\nnim-value: %" PRIu64 "\noutcome: %s\n", heaps, x, x ? "N" : "P");
    return 0;
}
