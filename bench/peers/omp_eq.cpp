// pyeval's driver for OMPEval's EquityCalculator (github:zekyll/OMPEval), built by
// bench/peers/build.sh. One thread (threadCount = 1), hands as OMPEval range text:
//   omp_eq mc ROUNDS DEALS HAND...      Monte Carlo, stopped by its callback once DEALS are
//                                       dealt: prints "best RATE M/s" (deals per CPU second)
//   omp_eq exact ROUNDS 0 HAND...       full enumeration: prints "best MS ms" (CPU time)
// and the equities of the last round. CPU time of the process, from start() to wait().
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>
#include "omp/EquityCalculator.h"

static double cpu_seconds()
{
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv)
{
    if (argc < 6) {
        fprintf(stderr, "usage: omp_eq mc|exact ROUNDS DEALS HAND HAND...\n");
        return 2;
    }
    bool exact = strcmp(argv[1], "exact") == 0;
    int rounds = atoi(argv[2]);
    double deals = atof(argv[3]);
    std::vector<omp::CardRange> ranges;
    for (int i = 4; i < argc; i++) ranges.emplace_back(std::string(argv[i]));
    double best_rate = 0, best_ms = 1e300;
    omp::EquityCalculator::Results r;
    for (int k = 0; k < rounds; k++) {
        omp::EquityCalculator eq;
        auto stop = [&](const omp::EquityCalculator::Results &res) {
            if (!exact && res.hands >= deals) eq.stop();
        };
        double t = cpu_seconds();
        eq.start(ranges, 0, 0, exact, 0, stop, 0.005, 1);
        eq.wait();
        double dt = cpu_seconds() - t;
        r = eq.getResults();
        if (r.hands / dt / 1e6 > best_rate) best_rate = r.hands / dt / 1e6;
        if (dt * 1e3 < best_ms) best_ms = dt * 1e3;
    }
    printf("OMPEval %s deals %llu", exact ? "exact" : "mc", (unsigned long long)r.hands);
    printf(" equity");
    for (size_t i = 0; i < ranges.size(); i++) printf(" %.6f", r.equity[i]);
    if (exact) printf(" best %.3f ms\n", best_ms);
    else printf(" best %.2f M/s\n", best_rate);
    return 0;
}
