/* How many rounds the Feistel choice needs (runtime/src/random/feistel_choice.h): the network with
 * R rounds on a high-bit and c low-bit halves, the round function of feistel_choice.h (f(v) =
 * hi32 ^ lo32 of (v ^ key) * 0xD2511F53, even rounds L ^= f(R), odd rounds R ^= f(L), each masked
 * to its half), each of `keys` draws with R independent uniform 32-bit round keys (xorshift64*).
 * Over the draws, chi-square against a uniform random permutation's exact probabilities of
 * pi(1) - pi(0) mod N and pi(0) xor pi(1) (N - 1 equally likely values), pi(0) and pi(N - 1)
 * (N values), printed as z = (chi-square - degrees of freedom) / sqrt(2 degrees of freedom).
 * Usage: feistel_rounds R a c keys */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t state = 88172645463325252ull;
static uint64_t next_random(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state * 0x2545F4914F6CDD1Dull;
}

static int rounds, high, low;
static uint32_t keys[64];
static uint64_t high_mask, low_mask;

static uint64_t f(uint64_t v, uint32_t key) {
    const uint64_t p = (uint64_t)((uint32_t)v ^ key) * 0xD2511F53u;
    return (p >> 32) ^ p;
}

static uint64_t network(uint64_t x) {
    uint64_t left = x >> low, right = x & low_mask;
    for (int r = 0; r < rounds; r++) {
        if (r % 2 == 0) {
            left ^= f(right, keys[r]) & high_mask;
        } else {
            right ^= f(left, keys[r]) & low_mask;
        }
    }
    return (left << low) | right;
}

int main(int argc, char** argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: feistel_rounds R a c keys\n");
        return 2;
    }
    rounds = atoi(argv[1]);
    high = atoi(argv[2]);
    low = atoi(argv[3]);
    const long draws = atol(argv[4]);
    high_mask = (1ull << high) - 1;
    low_mask = (1ull << low) - 1;
    const uint64_t n = 1ull << (high + low);
    double* difference = calloc(n, sizeof(double));
    double* xor_counts = calloc(n, sizeof(double));
    double* first = calloc(n, sizeof(double));
    double* last = calloc(n, sizeof(double));
    for (long t = 0; t < draws; t++) {
        for (int r = 0; r < rounds; r++) {
            keys[r] = (uint32_t)next_random();
        }
        const uint64_t a = network(0), b = network(1);
        difference[(b - a) & (n - 1)] += 1;
        xor_counts[a ^ b] += 1;
        first[a] += 1;
        last[network(n - 1)] += 1;
    }
    const double even = (double)draws / n, even_nonzero = (double)draws / (n - 1);
    double c_difference = 0, c_xor = 0, c_first = 0, c_last = 0;
    for (uint64_t i = 0; i < n; i++) {
        double d;
        if (i != 0) {
            d = difference[i] - even_nonzero;
            c_difference += d * d / even_nonzero;
            d = xor_counts[i] - even_nonzero;
            c_xor += d * d / even_nonzero;
        } else if (difference[0] != 0 || xor_counts[0] != 0) {
            printf("not a bijection\n");
            return 1;
        }
        d = first[i] - even;
        c_first += d * d / even;
        d = last[i] - even;
        c_last += d * d / even;
    }
    const double df = (double)(n - 1), sd = sqrt(2 * df), df1 = df - 1, sd1 = sqrt(2 * df1);
    printf("R=%d halves %d+%d keys=%ld: z difference %.1f xor %.1f pi(0) %.1f pi(N-1) %.1f\n", rounds,
           high, low, draws, (c_difference - df1) / sd1, (c_xor - df1) / sd1, (c_first - df) / sd,
           (c_last - df) / sd);
    return 0;
}
