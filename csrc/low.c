/* Ace-to-five lows (razz and 8-or-better), single hands. Batch loops live in high.c. */
#include "pyeval.h"
#include "eval_inline.h"

uint16_t pe_razz(const uint8_t *cards, int n)
{
    if (n < 1 || n > 7) return 0;
    return pe_razz_inline(cards, n);
}

uint16_t pe_low8(const uint8_t *cards, int n)
{
    if (n < 1 || n > 7) return 0;
    return pe_low8_inline(cards, n);
}

uint16_t pe_razz_addr(uint64_t addr, int32_t n) { return pe_razz((const uint8_t *)(uintptr_t)addr, n); }
uint16_t pe_low8_addr(uint64_t addr, int32_t n) { return pe_low8((const uint8_t *)(uintptr_t)addr, n); }
