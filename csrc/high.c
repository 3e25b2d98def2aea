/* High hands: single hands and the Numba entry points. */
#include "pyeval.h"
#include "eval_inline.h"

uint16_t pe_flush_value(const uint8_t *c, int n, uint64_t flush_bits)
{
    /* each card's bit 16 * suit + rank (none for a byte above 51), ORed: no branch per card */
    int s = __builtin_ctzll(flush_bits >> PE_SUIT_SHIFT) >> 2;
    uint64_t m = 0;
    for (int i = 0; i < n; i++) m |= pe_card_srm[c[i]];
    return pe_flush_table[(m >> (16 * s)) & 0x1FFFu];
}

uint16_t pe_high(const uint8_t *cards, int n)
{
    if (n < 1 || n > 7) return 0;
    return pe_high_inline(cards, n);
}

uint16_t pe_high7v(uint32_t c0, uint32_t c1, uint32_t c2, uint32_t c3, uint32_t c4,
                   uint32_t c5, uint32_t c6)
{
    const uint8_t c[7] = {(uint8_t)c0, (uint8_t)c1, (uint8_t)c2, (uint8_t)c3,
                          (uint8_t)c4, (uint8_t)c5, (uint8_t)c6};
    return pe_high_inline(c, 7);
}

uint16_t pe_high_addr(uint64_t addr, int32_t n)
{
    return pe_high((const uint8_t *)(uintptr_t)addr, n);
}
