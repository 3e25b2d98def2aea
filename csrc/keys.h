/* The additive card key: how a hand of any size becomes one 64-bit number by addition.
 *
 * bits  0..31  rank key = sum over cards of 5^rank. Read in base 5, digit r counts the cards
 *              of rank r; a legal hand holds at most 4 of a rank, so digits never carry and
 *              the rank key names the hand's rank multiset exactly (5^13 < 2^31, and even
 *              seven cards of one rank, 7 * 5^12 < 2^32, cannot spill into the suit bits).
 * bits 32..47  four 4-bit suit counters, suit s at bit 32 + 4s.
 *
 * A hand starts from PE_KEY_START, whose counters each hold 3: after adding at most 7 cards a
 * counter reaches 8 (bit 3 set) exactly when its suit has 5 cards or more, so one AND with
 * PE_FLUSH_BITS tells whether there is a flush and which suit it is in. Omaha uses the same
 * counters with other starting values (see omaha.c).
 *
 * The table has 256 entries so that any byte indexes it; bytes above 51 have key 0.
 */
#ifndef PE_KEYS_H
#define PE_KEYS_H
#include <stdint.h>

#define PE_SUIT_SHIFT 32
#define PE_KEY_START (0x3333ull << PE_SUIT_SHIFT)
#define PE_FLUSH_BITS (0x8888ull << PE_SUIT_SHIFT)

extern uint64_t pe_card_key[256];
extern uint16_t pe_card_lowbit[256];  /* 1 << ace-low rank (A=0, 2=1, .., K=12); 0 past 51 */
extern uint32_t pe_pow5[14];
extern uint64_t pe_card_bit[256];    /* 1 << card, 0 past 51 (an illegal byte adds no bit) */
extern uint8_t pe_card_rank[256];    /* rank, 0 past 51: safe to index a 13-wide table */
extern uint64_t pe_card_srm[256];    /* 1 << (16 * suit + rank), 0 past 51: OR them for
                                        * each suit's 13-bit rank mask (Numba kernels) */

static inline int pe_rank(uint8_t c) { return c >> 2; }
static inline int pe_suit(uint8_t c) { return c & 3; }
/* ace-low rank: A=0, 2=1, ..., K=12 */
static inline int pe_low_rank(int rank) { return rank == 12 ? 0 : rank + 1; }

/* Each card's key and bit side by side in one 16-byte vector, so that one vector addition
 * per card sums both. The summed bits show a repeated card for free: adding a power of two
 * that is already present carries, so seven cards are seven distinct legal cards exactly
 * when their summed bits have seven bits set (a byte above 51 adds nothing). */
typedef uint64_t pe_v2 __attribute__((vector_size(16)));
extern pe_v2 pe_card_kb[256];

void pe_keys_init(void);

#endif
