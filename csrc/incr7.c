/* The incremental 7-card table: pyeval.numba_hand's hands, one card added at a time.
 *
 * Why a table of its own: the nested loops of an enumeration add one card per level and
 * evaluate each 7-card hand once; what a hand costs there is the chain from its key to its
 * value. The compact table (high7.h) hashes base-5 keys by a multiply, a shift and two masks;
 * here the key is made small enough to be cut into rows by a shift alone:
 *
 *   rank key  = sum of mult[rank] over the cards (gen_incr7.py finds the multipliers: every
 *               7-card rank multiset, at most four of a rank, has its own sum, all below 2^23)
 *   row       = rank key >> PE_I7_SHIFT                (3,959 rows)
 *   value     = values[(uint32)(rank key + offsets[row])]
 *
 * The offsets come from a row-offset perfect hash (first-fit decreasing, Tarjan and Yao's
 * "row displacement" as Czech, Havas and Majewski describe it): rows are placed largest
 * first at the lowest offset where every key of the row finds a free slot. Keys close in a
 * row stay close in the table. The ace gets multiplier 0 and the deuce the largest: in an
 * ascending enumeration the inner loops deal the high cards, and their keys then share
 * rows and cache lines. (Measured against the other order and other shifts: no difference
 * beyond the noise, bench/RESULTS.md, "incremental hands, round 3"; the loop is bound by
 * its instructions and branches, not by these lookups.)
 *
 * The key's bits 32..47 are the suit counters of keys.h (start 3, bit 3 of a counter set
 * at five of a suit). The mask has bit (48 - 16 * suit) + rank per card, so that the flush
 * suit's 13 ranks are mask >> ((4 * clz64(key & flush bits)) & 63): clz is 28 - 4 * suit,
 * times 4 is 112 - 16 * suit, which is 48 - 16 * suit modulo 64. The flush table is the
 * main one (pe_flush_table).
 *
 * Built on first use (pe_incr7_tables), not by pe_init: `import pyeval` does not pay for
 * it. Values are the main table's (pe_high_table), so they equal pyeval.high. */
#include <stdlib.h>
#include <string.h>
#include "pyeval.h"
#include "tables.h"

#define PE_I7_SHIFT 11
#define PE_I7_KEYS 49205u

/* gen_incr7.py's multipliers, reversed: index = rank (0 deuce .. 12 ace) */
static const uint32_t MULT[13] = {0x174a57, 0xa2f3d, 0x3d12a, 0x1929a, 0x7867, 0x241c, 0x8c7,
                                  0x209, 0x70, 0x18, 0x5, 0x1, 0x0};
#define PE_I7_MAX_KEY (4u * 0x174a57u + 3u * 0xa2f3du)
#define PE_I7_ROWS ((PE_I7_MAX_KEY >> PE_I7_SHIFT) + 1)

#define PE_I7_SIX 18395u          /* rank multisets of six cards */
#define PE_I7_SIX_ROWS (((4u * 0x174a57u + 2u * 0xa2f3du) >> PE_I7_SHIFT) + 1)

static uint64_t card_key[256], card_mask[256], card_after6[256];
static uint32_t *offsets, *six_offsets;
static uint16_t *values, *six_index, *after6;
static uint32_t n_values, n_six_slots;
static pe_incr7_t view;

typedef struct { uint32_t key, pow5; } rank_set;

/* every rank multiset of `left` more cards from rank r up (at most four of a rank) */
static void multisets(rank_set *out, size_t *n, int r, int left, uint32_t key, uint32_t pow5)
{
    if (r == 13) {
        if (left == 0) { out[*n].key = key; out[*n].pow5 = pow5; (*n)++; }
        return;
    }
    for (int k = 0; k <= 4 && k <= left; k++)
        multisets(out, n, r + 1, left - k, key + (uint32_t)k * MULT[r],
                  pow5 + (uint32_t)k * pe_pow5[r]);
}

static int by_key(const void *a, const void *b)
{
    uint32_t x = ((const rank_set *)a)->key, y = ((const rank_set *)b)->key;
    return (x > y) - (x < y);
}

/* the first free slot at or after s: free_at[s] is s while slot s is free, else a later
 * slot to look from (paths are halved as they are walked) */
static uint32_t next_free(uint32_t *free_at, uint32_t s)
{
    while (free_at[s] != s) {
        free_at[s] = free_at[free_at[s]];
        s = free_at[s];
    }
    return s;
}

/* places every row (first-fit decreasing); returns the image size, 0 on failure */
static uint32_t place(const rank_set *sets, size_t n, uint32_t rows, uint32_t *off,
                      uint32_t *slot_of, uint32_t cap)
{
    uint32_t *count = calloc(rows + 1, sizeof *count);
    uint32_t *start = calloc(rows + 1, sizeof *start);
    uint32_t *fill = calloc(rows, sizeof *fill);
    uint32_t *byrow = malloc(n * sizeof *byrow);     /* column of each key, by row */
    uint32_t *order = malloc(rows * sizeof *order);
    uint8_t *used = calloc(cap, 1);
    uint32_t *free_at = malloc((cap + 1) * sizeof *free_at);
    uint32_t top = 0;
    if (!count || !start || !fill || !byrow || !order || !used || !free_at) goto done;
    for (uint32_t i = 0; i <= cap; i++) free_at[i] = i;
    for (size_t i = 0; i < n; i++) count[sets[i].key >> PE_I7_SHIFT]++;
    for (uint32_t r = 0; r < rows; r++) start[r + 1] = start[r] + count[r];
    /* the keys are sorted (build), so each row's columns come in increasing order */
    for (size_t i = 0; i < n; i++) {
        uint32_t r = sets[i].key >> PE_I7_SHIFT;
        byrow[start[r] + fill[r]++] = sets[i].key & ((1u << PE_I7_SHIFT) - 1);
    }
    uint32_t maxc = 0, k = 0, least = 0;
    for (uint32_t r = 0; r < rows; r++) if (count[r] > maxc) maxc = count[r];
    for (uint32_t c = maxc; c >= 1; c--)
        for (uint32_t r = 0; r < rows; r++) if (count[r] == c) order[k++] = r;
    memset(off, 0, rows * sizeof *off);
    for (uint32_t oi = 0; oi < k; oi++) {
        uint32_t r = order[oi], *cols = byrow + start[r], m = count[r];
        /* the lowest base (slot of column 0) that leaves every column's slot free */
        int64_t base;
        for (uint32_t s0 = least;; s0++) {
            uint32_t i = 1;
            s0 = next_free(free_at, s0);     /* column 0 only ever lands on a free slot */
            base = (int64_t)s0 - cols[0];
            if (base + cols[m - 1] >= cap) { top = 0; goto done; }
            while (i < m && !used[base + cols[i]]) i++;
            if (i == m) break;
        }
        for (uint32_t i = 0; i < m; i++) {
            used[base + cols[i]] = 1;
            free_at[base + cols[i]] = (uint32_t)(base + cols[i] + 1);
            if (base + cols[i] + 1 > top) top = (uint32_t)(base + cols[i] + 1);
        }
        /* slot = key + off[row] (mod 2^32) = column + base */
        off[r] = (uint32_t)(base - ((int64_t)r << PE_I7_SHIFT));
        while (least < cap && used[least]) least++;
    }
    for (size_t i = 0; i < n; i++)
        slot_of[i] = sets[i].key + off[sets[i].key >> PE_I7_SHIFT];
done:
    free(count); free(start); free(fill); free(byrow); free(order); free(used); free(free_at);
    return top;
}

/* The six-card tables, for a hand made ready for its seventh card (numba_hand.ready6):
 * the six cards' rank key, hashed like the seven-card keys (the same multipliers keep six-card
 * multisets apart: the ace's multiplier is 0, so a six-card multiset and the same plus an
 * ace share the sums of the other ranks, which are distinct for up to seven cards), gives the
 * multiset's number i, and after6[13 * i + rank] is the value with one card of that rank
 * added (0 where that would be a fifth of the rank). An enumeration dealing the seventh card
 * innermost then pays one lookup per six cards and one load per hand, reading 13 adjacent
 * entries per six cards (bench/RESULTS.md, "incremental hands, round 3"). */
static int build_six(void)
{
    size_t n = 0;
    rank_set *sets = malloc(PE_I7_SIX * sizeof *sets);
    uint32_t *slot_of = malloc(PE_I7_SIX * sizeof *slot_of);
    uint32_t *off = malloc(PE_I7_SIX_ROWS * sizeof *off);
    uint32_t cap = 4 * PE_I7_SIX + (1u << PE_I7_SHIFT), top = 0;
    uint16_t *idx = NULL, *after = NULL;
    int rc = -1;
    if (!sets || !slot_of || !off) goto done;
    multisets(sets, &n, 0, 6, 0, 0);
    if (n != PE_I7_SIX) goto done;
    qsort(sets, n, sizeof *sets, by_key);
    top = place(sets, n, PE_I7_SIX_ROWS, off, slot_of, cap);
    if (top == 0) goto done;
    idx = calloc(top, sizeof *idx);
    after = calloc(13 * (size_t)n, sizeof *after);
    if (!idx || !after) goto done;
    for (size_t i = 0; i < n; i++) {
        idx[slot_of[i]] = (uint16_t)i;
        for (int r = 0; r < 13; r++) {
            if ((sets[i].pow5 / pe_pow5[r]) % 5 == 4) continue;   /* four already */
            after[13 * i + r] = pe_high_table[pe_main_slot(sets[i].pow5 + pe_pow5[r])];
        }
    }
    six_offsets = off;
    six_index = idx;
    after6 = after;
    n_six_slots = top;
    off = NULL;
    idx = after = NULL;
    rc = 0;
done:
    free(sets); free(slot_of); free(off); free(idx); free(after);
    return rc;
}

static int build(void)
{
    if (pe_init() != 0) return -1;
    size_t n = 0;
    rank_set *sets = malloc(PE_I7_KEYS * sizeof *sets);
    uint32_t *slot_of = malloc(PE_I7_KEYS * sizeof *slot_of);
    uint32_t *off = malloc(PE_I7_ROWS * sizeof *off);
    uint32_t cap = 4 * PE_I7_KEYS + (1u << PE_I7_SHIFT);
    int rc = -1;
    if (!sets || !slot_of || !off) goto done;
    multisets(sets, &n, 0, 7, 0, 0);
    if (n != PE_I7_KEYS) goto done;
    qsort(sets, n, sizeof *sets, by_key);
    uint32_t top = place(sets, n, PE_I7_ROWS, off, slot_of, cap);
    if (top == 0) goto done;
    uint16_t *val = calloc(top, sizeof *val);
    if (!val) goto done;
    for (size_t i = 0; i < n; i++) val[slot_of[i]] = pe_high_table[pe_main_slot(sets[i].pow5)];
    if (build_six() != 0) { free(val); goto done; }
    for (int c = 0; c < 52; c++) {
        int rank = pe_rank((uint8_t)c), suit = pe_suit((uint8_t)c);
        card_key[c] = MULT[rank] + (1ull << (PE_SUIT_SHIFT + 4 * suit));
        card_mask[c] = 1ull << (48 - 16 * suit + rank);
        card_after6[c] = (uint64_t)rank + (1ull << (PE_SUIT_SHIFT + 4 * suit));
    }
    offsets = off;
    off = NULL;
    values = val;
    n_values = top;
    view = (pe_incr7_t){card_key, card_mask, offsets, values, pe_flush_table, PE_KEY_START,
                        PE_FLUSH_BITS, PE_I7_SHIFT, PE_I7_ROWS, top,
                        six_offsets, six_index, after6, card_after6, PE_I7_SIX_ROWS,
                        n_six_slots, PE_I7_SIX};
    rc = 0;
done:
    free(sets); free(slot_of); free(off);
    return rc;
}

const pe_incr7_t *pe_incr7_tables(void)
{
    if (!values && build() != 0) return NULL;
    return &view;
}

size_t pe_incr7_bytes(void)
{
    return values ? sizeof card_key + sizeof card_mask + sizeof card_after6 +
                    (PE_I7_ROWS + PE_I7_SIX_ROWS) * sizeof *offsets +
                    ((size_t)n_values + n_six_slots + 13 * PE_I7_SIX) * sizeof *values : 0;
}
