// pyeval's driver for OMPEval (github:zekyll/OMPEval), built by bench/peers/build.sh from a
// checkout outside the repository. Protocol (bench/peers_high7.py):
//   omp_drv FILE ROUNDS   rows of 7 card bytes (4 * rank + suit) -> values as uint16 in
//                         omp_out.bin beside FILE; prints "... best RATE M/s checksum SUM"
//   omp_drv enum ROUNDS   all 133,784,560 hands in nested loops, one card added per level
// Each hand is built card by card (Hand::empty() + Hand(c) ...), as OMPEval's users do.
// Rates are hands per CPU second of the process, the best of ROUNDS.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>
#include "omp/HandEvaluator.h"

using omp::Hand;

static double cpu_seconds()
{
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int enumerate_all(const omp::HandEvaluator &ev, int rounds)
{
    double best = 0;
    uint64_t sum = 0;
    for (int r = 0; r < rounds; r++) {
        uint64_t total = 0, count = 0;
        double t = cpu_seconds();
        for (unsigned c0 = 0; c0 < 52; c0++) {
            Hand h0 = Hand::empty() + Hand(c0);
            for (unsigned c1 = c0 + 1; c1 < 52; c1++) {
                Hand h1 = h0 + Hand(c1);
                for (unsigned c2 = c1 + 1; c2 < 52; c2++) {
                    Hand h2 = h1 + Hand(c2);
                    for (unsigned c3 = c2 + 1; c3 < 52; c3++) {
                        Hand h3 = h2 + Hand(c3);
                        for (unsigned c4 = c3 + 1; c4 < 52; c4++) {
                            Hand h4 = h3 + Hand(c4);
                            for (unsigned c5 = c4 + 1; c5 < 52; c5++) {
                                Hand h5 = h4 + Hand(c5);
                                for (unsigned c6 = c5 + 1; c6 < 52; c6++) {
                                    total += ev.evaluate(h5 + Hand(c6));
                                    count++;
                                }
                            }
                        }
                    }
                }
            }
        }
        double rate = count / (cpu_seconds() - t) / 1e6;
        if (rate > best) best = rate;
        sum = total;
    }
    printf("OMPEval enum best %.2f M/s checksum %llu\n", best, (unsigned long long)sum);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: omp_drv FILE|enum ROUNDS\n");
        return 2;
    }
    omp::HandEvaluator ev;
    int rounds = atoi(argv[2]);
    if (strcmp(argv[1], "enum") == 0) return enumerate_all(ev, rounds);
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 1; }
    std::vector<uint8_t> cards;
    uint8_t buf[1 << 16];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0) cards.insert(cards.end(), buf, buf + got);
    fclose(f);
    size_t n = cards.size() / 7;
    std::vector<uint16_t> out(n);
    double best = 0;
    for (int r = 0; r < rounds; r++) {
        double t = cpu_seconds();
        for (size_t i = 0; i < n; i++) {
            const uint8_t *c = &cards[7 * i];
            Hand h = Hand::empty() + Hand(c[0]) + Hand(c[1]) + Hand(c[2]) + Hand(c[3]) +
                     Hand(c[4]) + Hand(c[5]) + Hand(c[6]);
            out[i] = ev.evaluate(h);
        }
        double rate = n / (cpu_seconds() - t) / 1e6;
        if (rate > best) best = rate;
    }
    uint64_t sum = 0;
    for (uint16_t v : out) sum += v;
    std::string path(argv[1]);
    size_t slash = path.rfind('/');
    std::string dst = (slash == std::string::npos ? std::string() : path.substr(0, slash + 1)) + "omp_out.bin";
    FILE *o = fopen(dst.c_str(), "wb");
    if (!o || fwrite(out.data(), 2, n, o) != n) { perror(dst.c_str()); return 1; }
    fclose(o);
    printf("OMPEval %zu hands best %.2f M/s checksum %llu\n", n, best, (unsigned long long)sum);
    return 0;
}
