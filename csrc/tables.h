/* The lookup tables every evaluator reads, built once by pe_init() (tables.c). */
#ifndef PE_TABLES_H
#define PE_TABLES_H
#include <stdint.h>
#include "keys.h"
#include "phash.h"

#define PE_ROW_BITS 13
#define PE_SLOT_BITS 17
#define PE_SLOT_MASK ((1u << PE_SLOT_BITS) - 1u)

/* The multiplier of the main hash: the first that phash.c tries. Being a constant lets the
 * compiler fold it into the hot loop; pe_init() fails loudly if it ever stopped working. */
#define PE_MAIN_MULT 0x9E3779B1u
extern uint32_t pe_main_mult;
extern uint32_t pe_main_disp[1u << PE_ROW_BITS];
extern uint16_t pe_high_table[1u << PE_SLOT_BITS];   /* non-flush high value by slot */
extern uint16_t pe_razz_table[1u << PE_SLOT_BITS];   /* razz value by slot */
extern uint16_t pe_flush_table[8192];                /* by 13-bit suit mask */
extern uint16_t pe_low8_mask_table[256];             /* by mask of distinct A..8 ranks */
extern uint16_t pe_razz_mask_table[8192];            /* by ace-low rank mask, 5+ bits */

/* slot of a rank key in the main perfect hash (phash.h, with constants inlined) */
static inline uint32_t pe_main_slot(uint32_t rank_key)
{
    uint32_t row = (rank_key * PE_MAIN_MULT) >> (32 - PE_ROW_BITS);
    return (rank_key + pe_main_disp[row]) & PE_SLOT_MASK;
}

/* the low8 mask (bits 0..7 = A..8) of an ace-low rank mask */
#define PE_LOW8_BITS 0xFFu

int pe_omaha_init(void);     /* omaha.c */
size_t pe_omaha_bytes(void);
void pe_omaha_view(void *view);   /* fills the Omaha fields of a pe_tables_t (omaha.c) */

#endif
