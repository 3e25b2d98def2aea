/* pyeval's driver for phevaluator's C (github:HenryRLee/PokerHandEvaluator, cpp/src), built
 * by bench/peers/build.sh from a checkout outside the repository.
 *   phe_drv FILE ROUNDS         rows of 7 card bytes -> phe_out.bin beside FILE
 *   phe_drv omaha FILE ROUNDS   rows of 4 hole then 5 board bytes: phevaluator's
 *                               evaluate_plo4_cards, linked when the checkout has
 *                               tables_plo4.c (PHE_OMAHA defined), else taken by dlopen from
 *                               the shared library named by $PHE_OMAHA_SO (any build of
 *                               phevaluator's C that exports it, e.g. the phevaluator
 *                               package's _pheval extension)
 * phevaluator ranks 1 (best) to 7462: the values written are 7463 - rank, so that higher is
 * better as in pyeval; "best RATE M/s checksum SUM" as the other drivers, CPU time. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <dlfcn.h>
#include "phevaluator/phevaluator.h"

typedef int (*plo4_fn)(int, int, int, int, int, int, int, int, int);

static plo4_fn find_plo4(void)
{
#ifdef PHE_OMAHA
    return evaluate_plo4_cards;
#else
    const char *so = getenv("PHE_OMAHA_SO");
    void *h = so ? dlopen(so, RTLD_LAZY | RTLD_LOCAL)   /* lazy: a Python extension's own Python calls stay unresolved, unused */ : NULL;
    void *f = h ? dlsym(h, "evaluate_plo4_cards") : NULL;
    if (!f) {
        fprintf(stderr, "phe_drv: no Omaha: built without tables_plo4.c and $PHE_OMAHA_SO "
                        "names no library with evaluate_plo4_cards (%s)\n", so ? dlerror() : "unset");
        exit(1);
    }
    plo4_fn fn;
    memcpy(&fn, &f, sizeof fn);
    return fn;
#endif
}

static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static uint8_t *read_all(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(1); }
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *buf = malloc(len > 0 ? (size_t)len : 1);
    if (!buf || fread(buf, 1, (size_t)len, f) != (size_t)len) { perror(path); exit(1); }
    fclose(f);
    *size = (size_t)len;
    return buf;
}

static void write_out(const char *path, const uint16_t *out, size_t n)
{
    char dst[4096];
    const char *slash = strrchr(path, '/');
    int dir = slash ? (int)(slash - path + 1) : 0;
    snprintf(dst, sizeof dst, "%.*sphe_out.bin", dir, path);
    FILE *o = fopen(dst, "wb");
    if (!o || fwrite(out, 2, n, o) != n) { perror(dst); exit(1); }
    fclose(o);
}

int main(int argc, char **argv)
{
    int omaha = argc >= 2 && strcmp(argv[1], "omaha") == 0;
    if (argc < 3 + omaha) {
        fprintf(stderr, "usage: phe_drv [omaha] FILE ROUNDS\n");
        return 2;
    }
    const char *path = argv[1 + omaha];
    int rounds = atoi(argv[2 + omaha]);
    size_t size;
    uint8_t *c = read_all(path, &size);
    size_t width = omaha ? 9 : 7, n = size / width;
    uint16_t *out = malloc(2 * (n ? n : 1));
    plo4_fn plo4 = omaha ? find_plo4() : NULL;
    double best = 0;
    for (int r = 0; r < rounds; r++) {
        double t = cpu_seconds();
        for (size_t i = 0; i < n; i++) {
            const uint8_t *h = c + width * i;
            int rank;
            if (omaha) {
                rank = plo4(h[4], h[5], h[6], h[7], h[8], h[0], h[1], h[2], h[3]);
            } else {
                rank = evaluate_7cards(h[0], h[1], h[2], h[3], h[4], h[5], h[6]);
            }
            out[i] = (uint16_t)(7463 - rank);
        }
        double rate = n / (cpu_seconds() - t) / 1e6;
        if (rate > best) best = rate;
    }
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++) sum += out[i];
    write_out(path, out, n);
    printf("phevaluator %s %zu hands best %.2f M/s checksum %llu\n", omaha ? "omaha" : "7-card",
           n, best, (unsigned long long)sum);
    return 0;
}
