/* Hole-usage limits: the best five-card hand from hole + board using at least min_hole and at
 * most max_hole hole cards. It serves Tahoe (3 hole, at most 2), Crocodile (2 hole, at most
 * 1), Buffalo (at most 2 of the first 3 down cards: those three are the "hole", the rest the
 * "board"), the high-hand pool (at least 1), hold'em (0..2) and Omaha (2..2, see omaha.c for
 * the fast path). When every split is allowed and there are at most seven cards, the plain
 * evaluator answers at once; otherwise every allowed split is tried. */
#include "pyeval.h"
#include "eval_inline.h"

#define MAX_SIDE 16

uint16_t pe_best(const uint8_t *hole, int nh, const uint8_t *board, int nb,
                 int min_hole, int max_hole, int kind)
{
    if (nh < 0 || nb < 0 || nh > MAX_SIDE || nb > MAX_SIDE || kind < 0 || kind > 2) return 0;
    if (max_hole < 0 || max_hole > nh) max_hole = nh;
    if (min_hole < 0) min_hole = 0;
    if (max_hole > 5) max_hole = 5;
    if (min_hole > max_hole || nh + nb < 5) return 0;

    uint8_t c[5];
    int need = nb < 5 ? 5 - nb : 0;   /* fewest hole cards any five-card hand must use */
    if (min_hole <= need && max_hole >= (nh < 5 ? nh : 5) && nh + nb <= 7) {
        uint8_t all[7];
        for (int i = 0; i < nh; i++) all[i] = hole[i];
        for (int i = 0; i < nb; i++) all[nh + i] = board[i];
        return pe_eval_kind(all, nh + nb, kind);
    }
    uint16_t best = 0;
    for (uint32_t hm = 0; hm < (1u << nh); hm++) {
        int k = __builtin_popcount(hm);
        if (k < min_hole || k > max_hole || 5 - k > nb) continue;
        int j = 0;
        for (int i = 0; i < nh; i++) if (hm >> i & 1) c[j++] = hole[i];
        for (uint32_t bm = 0; bm < (1u << nb); bm++) {
            if (__builtin_popcount(bm) != 5 - k) continue;
            int t = k;
            for (int i = 0; i < nb; i++) if (bm >> i & 1) c[t++] = board[i];
            uint16_t v = pe_eval_kind(c, 5, kind);
            if (v > best) best = v;
        }
    }
    return best;
}

int64_t pe_best_batch(const uint8_t *hole, int nh, const uint8_t *board, int nb, int64_t n,
                      int min_hole, int max_hole, int kind, uint16_t *out, int check)
{
    if (nh < 0 || nb < 0 || nh > MAX_SIDE || nb > MAX_SIDE) return -2;
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *h = hole + i * nh, *b = board + i * nb;
        if (check) {
            uint64_t u = 0;
            if (!pe_row_ok(h, nh, &u) || !pe_row_ok(b, nb, &u)) return i;
        }
        out[i] = pe_best(h, nh, b, nb, min_hole, max_hole, kind);
    }
    return -1;
}

uint16_t pe_best_addr(uint64_t hole, int32_t nh, uint64_t board, int32_t nb,
                      int32_t min_hole, int32_t max_hole, int32_t kind)
{
    return pe_best((const uint8_t *)(uintptr_t)hole, nh, (const uint8_t *)(uintptr_t)board, nb,
                   min_hole, max_hole, kind);
}
