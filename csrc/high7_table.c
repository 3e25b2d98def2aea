/* Builds the compact 7-card table of high7.h from the main tables: every rank multiset of
 * exactly seven cards (at most four of a rank) is enumerated, hashed perfectly (phash.h)
 * into 2^16 slots, and given the value the main table already holds for it. */
#include <string.h>
#include <stdlib.h>
#include "pyeval.h"
#include "high7.h"

uint16_t pe_h7_disp[(1u << PE_H7_ROW_BITS) + 1];
uint16_t pe_h7_value[(1u << PE_H7_SLOT_BITS) + 1];

static void seven(uint32_t *keys, size_t *n, int r, int left, uint32_t key)
{
    if (r == 13) {
        if (left == 0) keys[(*n)++] = key;
        return;
    }
    for (int k = 0; k <= 4 && k <= left; k++)
        seven(keys, n, r + 1, left - k, key + (uint32_t)k * pe_pow5[r]);
}

int pe_h7_init(void)
{
    uint32_t *keys = malloc(50000 * sizeof *keys);
    uint32_t *disp32 = malloc((1u << PE_H7_ROW_BITS) * sizeof *disp32);
    if (!keys || !disp32) { free(keys); free(disp32); return -1; }
    size_t n = 0;
    seven(keys, &n, 0, 7, 0);
    pe_phash h = {0, PE_H7_ROW_BITS, PE_H7_SLOT_BITS, disp32};
    int rc = pe_phash_build(&h, keys, n);
    if (rc == 0 && h.mult != PE_H7_MULT) rc = -5;   /* the inlined constant must be the one */
    if (rc == 0) {
        /* a displacement only matters modulo the table size, so two bytes hold it */
        for (uint32_t r = 0; r < (1u << PE_H7_ROW_BITS); r++)
            pe_h7_disp[r] = (uint16_t)(disp32[r] & ((1u << PE_H7_SLOT_BITS) - 1));
        memset(pe_h7_value, 0, sizeof pe_h7_value);
        for (size_t i = 0; i < n; i++) {
            uint32_t row = (keys[i] * PE_H7_MULT) >> (32 - PE_H7_ROW_BITS);
            uint32_t slot = (uint16_t)(keys[i] + pe_h7_disp[row]);
            pe_h7_value[slot] = pe_high_table[pe_main_slot(keys[i])];
        }
    }
    free(keys);
    free(disp32);
    pe_h7_avx2_init();      /* after keys.c's pe_pow5, which pe_init fills first */
    pe_h7_avx512_init();
    return rc;
}

size_t pe_h7_bytes(void)
{
    return sizeof pe_h7_disp + sizeof pe_h7_value;
}
