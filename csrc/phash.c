/* Builds the displacements of phash.h: rows are placed largest first, each at the first
 * displacement whose slots are all free, searching from a point scattered per row. Largest
 * first matters: a big row needs many free slots at once, which only an empty table offers. */
#include <stdlib.h>
#include <string.h>
#include "phash.h"

/* odd multipliers (from the golden ratio and friends); the first that separates every row's
 * keys modulo the table size is kept */
static const uint32_t MULTS[] = {0x9E3779B1u, 0x85EBCA77u, 0xC2B2AE3Du, 0x27D4EB2Fu,
                                 0x165667B1u, 0xD3A2646Cu | 1u, 0xFD7046C5u, 0xB55A4F09u};

static int try_build(pe_phash *h, const uint32_t *keys, size_t n)
{
    const uint32_t nrows = 1u << h->row_bits, nslots = 1u << h->slot_bits, mask = nslots - 1;
    uint32_t *count = calloc(nrows + 1, sizeof *count);
    uint32_t *start = calloc(nrows + 1, sizeof *start);
    uint32_t *bykey = malloc(n * sizeof *bykey);
    uint32_t *order = malloc(nrows * sizeof *order);
    uint8_t *used = calloc(nslots, 1);
    uint32_t *seen = calloc(nslots, sizeof *seen);   /* per-row stamp: row's own collisions */
    int ok = count && start && bykey && order && used && seen;
    if (ok) {
        for (size_t i = 0; i < n; i++) count[(keys[i] * h->mult) >> (32 - h->row_bits)]++;
        for (uint32_t r = 0; r < nrows; r++) start[r + 1] = start[r] + count[r];
        uint32_t *fill = calloc(nrows, sizeof *fill);
        ok = fill != NULL;
        for (size_t i = 0; ok && i < n; i++) {
            uint32_t r = (keys[i] * h->mult) >> (32 - h->row_bits);
            bykey[start[r] + fill[r]++] = keys[i];
        }
        free(fill);
        /* rows by size, largest first (counting sort, stable) */
        uint32_t maxc = 0;
        for (uint32_t r = 0; r < nrows; r++) if (count[r] > maxc) maxc = count[r];
        uint32_t k = 0;
        for (uint32_t c = maxc; ok && c >= 1; c--)
            for (uint32_t r = 0; r < nrows; r++) if (count[r] == c) order[k++] = r;
        for (uint32_t r = 0; r < nrows; r++) h->disp[r] = 0;
        for (uint32_t oi = 0; ok && oi < k; oi++) {
            uint32_t r = order[oi], *rk = bykey + start[r], m = count[r];
            /* two keys of one row equal modulo the table size can never be separated */
            for (uint32_t i = 0; i < m; i++) {
                uint32_t s = rk[i] & mask;
                if (seen[s] == r + 1) { ok = 0; break; }
                seen[s] = r + 1;
            }
            for (uint32_t i = 0; i < m; i++) seen[rk[i] & mask] = 0;
            if (!ok) break;
            /* start each row's search at a scattered point, so that the late small rows do
             * not all walk the same crowded stretch of the table */
            uint32_t d = 0, t, d0 = (r * 0x9E3779B1u) & mask;
            for (t = 0; t < nslots; t++) {
                uint32_t i;
                d = (d0 + t) & mask;
                for (i = 0; i < m; i++) if (used[(rk[i] + d) & mask]) break;
                if (i == m) break;
            }
            if (t == nslots) { ok = 0; break; }
            for (uint32_t i = 0; i < m; i++) used[(rk[i] + d) & mask] = 1;
            h->disp[r] = d;
        }
    }
    free(count); free(start); free(bykey); free(order); free(used); free(seen);
    return ok ? 0 : -1;
}

int pe_phash_build_one(pe_phash *h, const uint32_t *keys, size_t n)
{
    return try_build(h, keys, n);
}

int pe_phash_build(pe_phash *h, const uint32_t *keys, size_t n)
{
    for (size_t i = 0; i < sizeof MULTS / sizeof MULTS[0]; i++) {
        h->mult = MULTS[i];
        if (try_build(h, keys, n) == 0) return 0;
    }
    return -1;
}
