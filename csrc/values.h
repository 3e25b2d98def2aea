/* What a hand value means, and the "codes" it is ranked from.
 *
 * A code spells a hand class as digits, most significant first, so that comparing codes as
 * integers compares the hands: code = category << 20 | d1 << 16 | d2 << 12 | d3 << 8 |
 * d4 << 4 | d5, where d1..d5 are ranks + 1 in order of significance (0 = no such card).
 *
 *   high: rank 0..12 = 2..A; categories 1 High Card, 2 Pair, 3 Two Pair, 4 Three of a Kind,
 *         5 Straight, 6 Flush, 7 Full House, 8 Four of a Kind, 9 Straight Flush. A larger
 *         code is a better hand. Kings and nines with a jack: 3<<20 | 12<<16 | 8<<12 | 10<<8.
 *   razz: ace-low rank 0..12 = A,2..K; categories 1 no pair, 2 Pair, 3 Two Pair, 4 Trips,
 *         5 Full House, 6 Quads (straights and flushes do not count). A smaller code is a
 *         better low.
 *   low8: five distinct ace-low ranks 0..7 (A..8), highest first, category 1. Smaller is better.
 *
 * Values are codes ranked densely so that they fit 16 bits and larger is always better:
 *   high value = category << 12 | position of the code among that category's codes;
 *   razz value = number of razz codes - position of the code (best = largest);
 *   low8 value = 56 - position (56 = A-2-3-4-5, 1 = 8-7-6-5-4), 0 = no qualifying low.
 * Codes of partial hands (1..4 cards, such as stud up cards) are ranked with the rest, so
 * values of hands of the same size compare correctly; sizes should not be mixed.
 */
#ifndef PE_VALUES_H
#define PE_VALUES_H
#include <stdint.h>

#define PE_CAT_SHIFT 12

/* best high code of a non-flush rank multiset: cnt[r] cards of rank r, n cards in all */
uint32_t pe_code_high_counts(const uint8_t cnt[13], int n);
/* best flush or straight flush code within a 13-bit suit mask of 5+ ranks */
uint32_t pe_code_flush(uint32_t mask);
/* best ace-to-five code of an ace-low rank multiset (best five of n, or all if n < 5) */
uint32_t pe_code_razz_counts(const uint8_t lcnt[13], int n);
/* code of the low made by five distinct ace-low ranks given as a mask (bits 0..12) */
uint32_t pe_code_low5(uint32_t mask);

int pe_straight_top(uint32_t mask);

/* the k lowest set bits of m (all of them if m has fewer) */
static inline uint32_t pe_lowest_bits(uint32_t m, int k)
{
    uint32_t out = 0;
    for (int i = 0; i < k && m; i++) { out |= m & -m; m &= m - 1; }
    return out;
}   /* top rank of the best straight in mask, -1 if none */

#endif
