/* The evaluators' inner steps, inlined into the single-hand, batch, Omaha and hole-limit
 * loops alike. Each reads only tables indexed by a byte or by a masked slot, so any input,
 * legal or not, stays inside the tables. */
#ifndef PE_EVAL_INLINE_H
#define PE_EVAL_INLINE_H
#include <stdint.h>
#include "tables.h"

/* ranks (as a 13-bit mask) of the cards of suit s */
static inline uint32_t pe_suit_mask(const uint8_t *c, int n, int s)
{
    uint32_t m = 0;
    for (int i = 0; i < n; i++)
        if (c[i] < 52 && (c[i] & 3) == s) m |= 1u << (c[i] >> 2);
    return m;
}

/* The flush slow path, out of line: keeping it apart lets the hot loop forget the cards as
 * soon as their keys are summed (it re-reads them here, about one hand in thirty). */
uint16_t pe_flush_value(const uint8_t *c, int n, uint64_t flush_bits);

/* Sum of the card keys as a balanced tree, so that the additions do not form one long chain
 * of dependent instructions. */
static inline uint64_t pe_key_sum(const uint8_t *c, int n, uint64_t start)
{
    switch (n) {
    case 7: return start + ((pe_card_key[c[0]] + pe_card_key[c[1]]) + (pe_card_key[c[2]] + pe_card_key[c[3]])) +
                   ((pe_card_key[c[4]] + pe_card_key[c[5]]) + pe_card_key[c[6]]);
    case 6: return start + ((pe_card_key[c[0]] + pe_card_key[c[1]]) + (pe_card_key[c[2]] + pe_card_key[c[3]])) +
                   (pe_card_key[c[4]] + pe_card_key[c[5]]);
    case 5: return start + ((pe_card_key[c[0]] + pe_card_key[c[1]]) + (pe_card_key[c[2]] + pe_card_key[c[3]])) +
                   pe_card_key[c[4]];
    default: {
        uint64_t key = start;
        for (int i = 0; i < n; i++) key += pe_card_key[c[i]];
        return key;
    }
    }
}

/* key and card bits of n cards summed together (see pe_card_kb in keys.h) */
static inline pe_v2 pe_kb_sum(const uint8_t *c, int n)
{
    const pe_v2 *t = pe_card_kb;
    switch (n) {
    case 7: return ((t[c[0]] + t[c[1]]) + (t[c[2]] + t[c[3]])) + ((t[c[4]] + t[c[5]]) + t[c[6]]);
    case 6: return ((t[c[0]] + t[c[1]]) + (t[c[2]] + t[c[3]])) + (t[c[4]] + t[c[5]]);
    case 5: return ((t[c[0]] + t[c[1]]) + (t[c[2]] + t[c[3]])) + t[c[4]];
    default: {
        pe_v2 s = t[c[0]];
        for (int i = 1; i < n; i++) s += t[c[i]];
        return s;
    }
    }
}

/* the high value once the key is summed */
static inline uint16_t pe_high_from_key(const uint8_t *c, int n, uint64_t key)
{
    uint64_t fl = key & PE_FLUSH_BITS;
    if (__builtin_expect(fl != 0, 0)) return pe_flush_value(c, n, fl);
    return pe_high_table[pe_main_slot((uint32_t)key)];
}

/* High value of n <= 7 cards. With five or more cards of one suit among at most seven, no
 * full house or four of a kind is possible (they would need eight cards), so the flush
 * table's answer is final; otherwise the rank multiset decides. */
static inline uint16_t pe_high_inline(const uint8_t *c, int n)
{
    return pe_high_from_key(c, n, pe_key_sum(c, n, PE_KEY_START));
}

/* Razz: with five distinct ranks the five lowest make the best low and a 13-bit mask of the
 * ranks finds it; paired hands (and hands under five cards) go through the perfect hash. */
static inline uint16_t pe_razz_inline(const uint8_t *c, int n)
{
    uint32_t m = 0;
    for (int i = 0; i < n; i++) m |= pe_card_lowbit[c[i]];
    uint16_t v = pe_razz_mask_table[m & 0x1FFFu];
    if (__builtin_expect(v != 0, 1)) return v;
    uint32_t key = 0;
    for (int i = 0; i < n; i++) key += (uint32_t)pe_card_key[c[i]];
    return pe_razz_table[pe_main_slot(key)];
}

/* 8-or-better: only the set of distinct ranks A..8 matters. */
static inline uint16_t pe_low8_inline(const uint8_t *c, int n)
{
    uint32_t m = 0;
    for (int i = 0; i < n; i++) m |= pe_card_lowbit[c[i]];
    return pe_low8_mask_table[m & PE_LOW8_BITS];
}

static inline uint16_t pe_eval_kind(const uint8_t *c, int n, int kind)
{
    return kind == 0 ? pe_high_inline(c, n) : kind == 1 ? pe_razz_inline(c, n)
                                                       : pe_low8_inline(c, n);
}

/* A row of k cards is legal when every card is below 52 and none repeats: OR the cards'
 * bits (bytes above 51 have none) and count them. *used carries the cards of earlier rows of
 * the same hand (hole then board). */
static inline int pe_row_ok(const uint8_t *c, int k, uint64_t *used)
{
    uint64_t m = *used;
    int want = __builtin_popcountll(m) + k;
    for (int i = 0; i < k; i++) m |= pe_card_bit[c[i]];
    *used = m;
    return __builtin_popcountll(m) == want;
}

#endif
