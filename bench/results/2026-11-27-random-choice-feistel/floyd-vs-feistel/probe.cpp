// The measurement behind removing Floyd's small-sample path: Floyd's ordered sample
// (small_sample.cpp as of commit 1ddcb4c, which the Feistel choice replaced) and the Feistel
// choice's host evaluation (feistel_choice.h), k = 100 and 4096 from 2^16, 2^20 and 2^24,
// alternating in one process; the medians of 41 calls each, the samples only (no array around
// them).
#include "feistel_choice.h"
#include "small_sample.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
using namespace gpucc::random::detail;
int main() {
    for (long long n : {1LL << 16, 1LL << 20, 1LL << 24}) {
        for (long long k : {100LL, 4096LL}) {
            std::vector<double> tf, tp;
            std::vector<std::int64_t> y(k);
            for (int r = 0; r < 41; ++r) {
                auto t0 = std::chrono::steady_clock::now();
                auto s = floyd_sample(7, r * 4096, n, k);
                auto t1 = std::chrono::steady_clock::now();
                auto key = feistel_choice_key(7, r * 4, n);
                host_feistel_choice(key, y.data(), k);
                auto t2 = std::chrono::steady_clock::now();
                tf.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
                tp.push_back(std::chrono::duration<double, std::micro>(t2 - t1).count());
            }
            std::sort(tf.begin(), tf.end());
            std::sort(tp.begin(), tp.end());
            printf("n=2^%d k=%lld: floyd %.2f us, feistel %.2f us (medians of 41)\n",
                   __builtin_ctzll(n), k, tf[20], tp[20]);
        }
    }
}
