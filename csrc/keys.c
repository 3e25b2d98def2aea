/* Fills the card key tables described in keys.h. */
#include "keys.h"

uint64_t pe_card_key[256];
uint16_t pe_card_lowbit[256];
uint32_t pe_pow5[14];
uint8_t pe_card_rank[256];
uint64_t pe_card_bit[256];
uint64_t pe_card_srm[256];
pe_v2 pe_card_kb[256] __attribute__((aligned(16)));

void pe_keys_init(void)
{
    pe_pow5[0] = 1;
    for (int i = 1; i < 14; i++) pe_pow5[i] = pe_pow5[i - 1] * 5u;
    for (int c = 0; c < 256; c++) {
        if (c < 52) {
            int r = c >> 2, s = c & 3;
            pe_card_key[c] = (uint64_t)pe_pow5[r] | (1ull << (PE_SUIT_SHIFT + 4 * s));
            pe_card_lowbit[c] = (uint16_t)(1u << pe_low_rank(r));
            pe_card_rank[c] = (uint8_t)r;
            pe_card_bit[c] = 1ull << c;
            pe_card_srm[c] = 1ull << (16 * s + r);
        } else {
            pe_card_key[c] = 0;
            pe_card_lowbit[c] = 0;
            pe_card_rank[c] = 0;
            pe_card_bit[c] = 0;
            pe_card_srm[c] = 0;
        }
        pe_card_kb[c][0] = pe_card_key[c];
        pe_card_kb[c][1] = pe_card_bit[c];
    }
}
