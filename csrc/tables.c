/* pe_init(): builds every table from first principles in a few milliseconds.
 *
 * 1. Enumerate every rank multiset of 1..7 cards (at most 4 of a rank): 81,000-odd of them.
 * 2. Give each its best high code (ignoring flushes) and its best ace-to-five code.
 * 3. Give every 13-bit suit mask of 5+ ranks its flush / straight flush code.
 * 4. Rank the codes densely (values.h) and hash the rank keys perfectly (phash.h) to slots.
 * Nothing is pasted: the tables are whatever this code computes. */
#include <stdlib.h>
#include <string.h>
#include "pyeval.h"
#include "tables.h"
#include "values.h"
#include "high7.h"

uint32_t pe_main_mult;
uint32_t pe_main_disp[1u << PE_ROW_BITS];
uint16_t pe_high_table[1u << PE_SLOT_BITS];
uint16_t pe_razz_table[1u << PE_SLOT_BITS];
uint16_t pe_flush_table[8192];
uint16_t pe_low8_mask_table[256];
uint16_t pe_razz_mask_table[8192];

/* sorted distinct codes, for ranking and for decoding values back */
static uint32_t *high_codes, *razz_codes;
static uint32_t n_high_codes, n_razz_codes;
static uint32_t high_cat_start[11];
static uint32_t low8_codes[56];
static int initialised;

typedef struct {
    uint32_t key;       /* rank key */
    uint32_t high;      /* best high code, flushes ignored */
    uint32_t razz;      /* best ace-to-five code */
} multiset_t;

static multiset_t *ms;
static size_t n_ms;

static void enumerate(uint8_t cnt[13], int r, int n, uint32_t key)
{
    if (r == 13) {
        if (n == 0) return;
        uint8_t lcnt[13];
        for (int i = 0; i < 13; i++) lcnt[pe_low_rank(i)] = cnt[i];
        ms[n_ms].key = key;
        ms[n_ms].high = pe_code_high_counts(cnt, n);
        ms[n_ms].razz = pe_code_razz_counts(lcnt, n);
        n_ms++;
        return;
    }
    for (int k = 0; k <= 4 && n + k <= 7; k++) {
        cnt[r] = (uint8_t)k;
        enumerate(cnt, r + 1, n + k, key + (uint32_t)k * pe_pow5[r]);
    }
    cnt[r] = 0;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static uint32_t sort_unique(uint32_t *v, uint32_t n)
{
    if (n == 0) return 0;
    qsort(v, n, sizeof *v, cmp_u32);
    uint32_t k = 1;
    for (uint32_t i = 1; i < n; i++) if (v[i] != v[k - 1]) v[k++] = v[i];
    return k;
}

static uint32_t position(const uint32_t *v, uint32_t n, uint32_t code)
{
    uint32_t lo = 0, hi = n;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (v[mid] < code) lo = mid + 1; else hi = mid;
    }
    return lo;
}

static uint16_t high_value(uint32_t code)
{
    uint32_t cat = code >> 20, pos = position(high_codes, n_high_codes, code);
    return (uint16_t)(cat << PE_CAT_SHIFT | (pos - high_cat_start[cat]));
}

static uint16_t razz_value(uint32_t code)
{
    return (uint16_t)(n_razz_codes - position(razz_codes, n_razz_codes, code));
}

static int build(void)
{
    pe_keys_init();
    ms = malloc(90000 * sizeof *ms);
    if (!ms) return -1;
    uint8_t cnt[13] = {0};
    n_ms = 0;
    enumerate(cnt, 0, 0, 0);

    /* rank the high codes: every multiset's plus every flush mask's */
    high_codes = malloc((n_ms + 8192) * sizeof *high_codes);
    razz_codes = malloc(n_ms * sizeof *razz_codes);
    if (!high_codes || !razz_codes) return -1;
    uint32_t k = 0;
    for (size_t i = 0; i < n_ms; i++) high_codes[k++] = ms[i].high;
    for (uint32_t m = 0; m < 8192; m++)
        if (__builtin_popcount(m) >= 5) high_codes[k++] = pe_code_flush(m);
    n_high_codes = sort_unique(high_codes, k);
    memset(high_cat_start, 0, sizeof high_cat_start);
    for (uint32_t cat = 1; cat <= 10; cat++)
        high_cat_start[cat] = position(high_codes, n_high_codes, cat << 20);
    for (uint32_t cat = 1; cat <= 9; cat++)   /* each category must fit its 12 bits */
        if (high_cat_start[cat + 1] - high_cat_start[cat] > (1u << PE_CAT_SHIFT)) return -2;

    for (size_t i = 0; i < n_ms; i++) razz_codes[i] = ms[i].razz;
    n_razz_codes = sort_unique(razz_codes, (uint32_t)n_ms);

    /* hash the rank keys and fill the slot tables */
    uint32_t *keys = malloc(n_ms * sizeof *keys);
    if (!keys) return -1;
    for (size_t i = 0; i < n_ms; i++) keys[i] = ms[i].key;
    pe_phash h = {0, PE_ROW_BITS, PE_SLOT_BITS, pe_main_disp};
    int rc = pe_phash_build(&h, keys, n_ms);
    free(keys);
    if (rc || h.mult != PE_MAIN_MULT) return -3;
    pe_main_mult = h.mult;
    memset(pe_high_table, 0, sizeof pe_high_table);
    memset(pe_razz_table, 0, sizeof pe_razz_table);
    for (size_t i = 0; i < n_ms; i++) {
        uint32_t s = pe_main_slot(ms[i].key);
        pe_high_table[s] = high_value(ms[i].high);
        pe_razz_table[s] = razz_value(ms[i].razz);
    }
    free(ms);
    ms = NULL;

    for (uint32_t m = 0; m < 8192; m++)
        pe_flush_table[m] = __builtin_popcount(m) >= 5 ? high_value(pe_code_flush(m)) : 0;

    /* razz by ace-low rank mask: with five distinct ranks the five lowest make the low */
    for (uint32_t m = 0; m < 8192; m++) {
        pe_razz_mask_table[m] = __builtin_popcount(m) < 5
                                    ? 0 : razz_value(pe_code_low5(pe_lowest_bits(m, 5)));
    }

    /* 8-or-better: the 56 five-rank sets of A..8, best first */
    k = 0;
    for (uint32_t m = 0; m < 256; m++)
        if (__builtin_popcount(m) == 5) low8_codes[k++] = pe_code_low5(m);
    sort_unique(low8_codes, k);
    for (uint32_t m = 0; m < 256; m++) {
        uint32_t code = pe_code_low5(pe_lowest_bits(m, 5));
        pe_low8_mask_table[m] = __builtin_popcount(m) < 5
                                    ? 0 : (uint16_t)(56 - position(low8_codes, 56, code));
    }
    int orc = pe_omaha_init();
    return orc ? orc : pe_h7_init();
}

int pe_init(void)
{
    if (initialised) return 0;
    int rc = build();
    if (rc == 0) initialised = 1;
    return rc;
}

size_t pe_table_bytes(void)
{
    return sizeof pe_card_key + sizeof pe_card_lowbit + sizeof pe_card_srm + sizeof pe_card_bit +
           sizeof pe_card_kb + sizeof pe_card_rank + sizeof pe_main_disp +
           sizeof pe_high_table + sizeof pe_razz_table + sizeof pe_flush_table +
           sizeof pe_low8_mask_table + sizeof pe_razz_mask_table +
           (n_high_codes + n_razz_codes) * sizeof(uint32_t) + sizeof low8_codes +
           pe_omaha_bytes() + pe_h7_bytes();
}

uint32_t pe_high_code(uint16_t value)
{
    uint32_t cat = value >> PE_CAT_SHIFT, idx = value & ((1u << PE_CAT_SHIFT) - 1);
    if (!initialised || cat < 1 || cat > 9) return 0;
    if (high_cat_start[cat] + idx >= high_cat_start[cat + 1]) return 0;
    return high_codes[high_cat_start[cat] + idx];
}

uint32_t pe_razz_code(uint16_t value)
{
    if (!initialised || value < 1 || value > n_razz_codes) return 0;
    return razz_codes[n_razz_codes - value];
}

uint32_t pe_low8_code(uint16_t value)
{
    if (value < 1 || value > 56) return 0;
    return low8_codes[56 - value];
}

static pe_tables_t view;

const pe_tables_t *pe_tables(void)
{
    view.card_key = pe_card_key;
    view.hash_disp = pe_main_disp;
    view.high_table = pe_high_table;
    view.razz_table = pe_razz_table;
    view.flush_table = pe_flush_table;
    view.low8_mask = pe_low8_mask_table;
    view.razz_mask = pe_razz_mask_table;
    view.card_lowbit = pe_card_lowbit;
    view.hash_mult = pe_main_mult;
    view.row_bits = PE_ROW_BITS;
    view.slot_bits = PE_SLOT_BITS;
    view.suit_shift = PE_SUIT_SHIFT;
    view.card_bit = pe_card_bit;
    view.card_srm = pe_card_srm;
    view.key_start = PE_KEY_START;
    view.flush_bits = PE_FLUSH_BITS;
    pe_omaha_view(&view);
    return &view;
}
