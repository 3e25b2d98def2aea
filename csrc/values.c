/* Hand classes as codes (see values.h): plain, obviously correct logic, run once at start-up
 * over every rank multiset to fill the lookup tables. Nothing here is on a hot path. */
#include "values.h"

static uint32_t make_code(int cat, const int *d, int nd)
{
    uint32_t code = (uint32_t)cat << 20;
    for (int i = 0; i < nd && i < 5; i++) code |= (uint32_t)(d[i] + 1) << (16 - 4 * i);
    return code;
}

int pe_straight_top(uint32_t mask)
{
    for (int top = 12; top >= 4; top--) {
        uint32_t run = 0x1Fu << (top - 4);
        if ((mask & run) == run) return top;
    }
    if ((mask & 0x100Fu) == 0x100Fu) return 3;   /* A-2-3-4-5: the five is the top */
    return -1;
}

/* ranks with cnt >= need, highest first, skipping up to two excluded ranks */
static int ranks_with(const uint8_t cnt[13], int need, int ex1, int ex2, int *out, int max)
{
    int k = 0;
    for (int r = 12; r >= 0 && k < max; r--)
        if (cnt[r] >= need && r != ex1 && r != ex2) out[k++] = r;
    return k;
}

uint32_t pe_code_high_counts(const uint8_t cnt[13], int n)
{
    int d[5], q[1] = {0}, t[1] = {0}, p[2] = {0, 0}, k;
    uint32_t present = 0;
    for (int r = 0; r < 13; r++) if (cnt[r]) present |= 1u << r;

    if (ranks_with(cnt, 4, -1, -1, q, 1)) {                     /* four of a kind */
        d[0] = q[0];
        k = ranks_with(cnt, 1, q[0], -1, d + 1, 1);
        return make_code(8, d, 1 + k);
    }
    int has_t = ranks_with(cnt, 3, -1, -1, t, 1);
    if (n >= 5 && has_t && ranks_with(cnt, 2, t[0], -1, p, 1)) {    /* full house */
        d[0] = t[0]; d[1] = p[0];
        return make_code(7, d, 2);
    }
    int st = n >= 5 ? pe_straight_top(present) : -1;
    if (st >= 0) { d[0] = st; return make_code(5, d, 1); }      /* straight */
    if (has_t) {                                                 /* three of a kind */
        d[0] = t[0];
        k = ranks_with(cnt, 1, t[0], -1, d + 1, 2);
        return make_code(4, d, 1 + k);
    }
    int np = ranks_with(cnt, 2, -1, -1, p, 2);
    if (np == 2) {                                               /* two pair */
        d[0] = p[0]; d[1] = p[1];
        k = ranks_with(cnt, 1, p[0], p[1], d + 2, 1);
        return make_code(3, d, 2 + k);
    }
    if (np == 1) {                                               /* one pair */
        d[0] = p[0];
        k = ranks_with(cnt, 1, p[0], -1, d + 1, 3);
        return make_code(2, d, 1 + k);
    }
    k = ranks_with(cnt, 1, -1, -1, d, 5);                        /* high card */
    return make_code(1, d, k);
}

uint32_t pe_code_flush(uint32_t mask)
{
    int d[5], k = 0, st = pe_straight_top(mask);
    if (st >= 0) { d[0] = st; return make_code(9, d, 1); }
    for (int r = 12; r >= 0 && k < 5; r--) if (mask >> r & 1) d[k++] = r;
    return make_code(6, d, k);
}

/* ace-to-five code of at most five cards given as ace-low counts */
static uint32_t razz_code5(const uint8_t c[13])
{
    int d[5], nd = 0, quads = -1, trips = -1, pairs[2], np = 0;
    for (int r = 12; r >= 0; r--) {
        if (c[r] == 4) quads = r;
        else if (c[r] == 3) trips = r;
        else if (c[r] == 2 && np < 2) pairs[np++] = r;
    }
    int cat;
    if (quads >= 0) { cat = 6; d[nd++] = quads; }
    else if (trips >= 0 && np) { cat = 5; d[nd++] = trips; d[nd++] = pairs[0]; }
    else if (trips >= 0) { cat = 4; d[nd++] = trips; }
    else if (np == 2) { cat = 3; d[nd++] = pairs[0]; d[nd++] = pairs[1]; }
    else if (np == 1) { cat = 2; d[nd++] = pairs[0]; }
    else cat = 1;
    if (cat != 5)   /* kickers: the single cards, highest first */
        for (int r = 12; r >= 0; r--) if (c[r] == 1) d[nd++] = r;
    return make_code(cat, d, nd);
}

/* best (smallest) code over the five-card sub-multisets of c, chosen from rank r upward */
static uint32_t razz_best(uint8_t c[13], uint8_t pick[13], int r, int left)
{
    if (left == 0) return razz_code5(pick);
    if (r == 13) return 0xFFFFFFFFu;
    uint32_t best = 0xFFFFFFFFu;
    for (int k = 0; k <= c[r] && k <= left; k++) {
        pick[r] = (uint8_t)k;
        uint32_t v = razz_best(c, pick, r + 1, left - k);
        if (v < best) best = v;
    }
    pick[r] = 0;
    return best;
}

uint32_t pe_code_razz_counts(const uint8_t lcnt[13], int n)
{
    uint8_t c[13], pick[13] = {0};
    uint32_t present = 0;
    for (int r = 0; r < 13; r++) { c[r] = lcnt[r]; if (c[r]) present |= 1u << r; }
    if (n <= 5) return razz_code5(c);
    if (__builtin_popcount(present) >= 5)         /* five distinct ranks: the lowest five */
        return pe_code_low5(pe_lowest_bits(present, 5));
    return razz_best(c, pick, 0, 5);              /* paired: try every choice of five */
}

uint32_t pe_code_low5(uint32_t mask)
{
    int d[5], k = 0;
    for (int r = 12; r >= 0 && k < 5; r--) if (mask >> r & 1) d[k++] = r;
    return make_code(1, d, k);
}
