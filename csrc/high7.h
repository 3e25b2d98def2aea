/* The compact 7-card high table: the hot data of a 7-card evaluation in 162 KB.
 *
 * Why: the general tables (tables.h) hash the rank multisets of 1..7 cards (81,000-odd)
 * into 2^17 slots of 2 bytes (256 KB) through 2^13 four-byte displacements (32 KB); with
 * the flush table that is ~306 KB, three times the 1 MiB L2's fair share beside Omaha's
 * tables and 10x the 32 KB L1. A 7-card hand only ever looks up one of the 49,205 rank
 * multisets of exactly seven cards, so this table hashes those alone into 2^16 slots (load
 * 0.75, 128 KB) through 2^13 two-byte displacements (16 KB); with the 16 KB flush table
 * and the 2 KB card keys a 7-card hand touches 162 KB. (2^12 rows would halve the
 * displacements, but then some row always holds two keys equal modulo 2^16, which no
 * displacement separates: 35 multipliers were needed before one worked, 0.85 s at import;
 * 2^13 rows work with the first.) Callgrind on 10^7 random hands: see bench/RESULTS.md ("cfast" section).
 *
 * Same key as everywhere (keys.h: sum of 5^rank plus suit counters), same values as
 * pe_high_table: only where a value sits changes. Both arrays carry one spare entry so that
 * a 4-byte SIMD gather of the last 2-byte entry stays inside them. */
#ifndef PE_HIGH7_H
#define PE_HIGH7_H
#include <stdint.h>
#include "keys.h"
#include "tables.h"

#define PE_H7_ROW_BITS 13
#define PE_H7_SLOT_BITS 16
#define PE_H7_MULT 0x9E3779B1u   /* the first multiplier phash.c tries; pe_h7_init checks it */

extern uint16_t pe_h7_disp[(1u << PE_H7_ROW_BITS) + 1];
extern uint16_t pe_h7_value[(1u << PE_H7_SLOT_BITS) + 1];

/* the high value of a 7-card key (PE_KEY_START plus seven card keys) */
static inline uint16_t pe_h7_slot_value(uint32_t rank_key)
{
    uint32_t row = (rank_key * PE_H7_MULT) >> (32 - PE_H7_ROW_BITS);
    return pe_h7_value[(uint16_t)(rank_key + pe_h7_disp[row])];
}

int pe_h7_init(void);       /* high7_table.c, after the main tables */
size_t pe_h7_bytes(void);

/* the batch loops of exactly 7 cards (high7_batch.c, high7_avx2.c, high7_avx512.c) */
int64_t pe_h7_batch_scalar(const uint8_t *cards, int64_t n, uint16_t *out, int check);
int64_t pe_h7_batch_avx2(const uint8_t *cards, int64_t n, uint16_t *out, int check);
int pe_h7_avx2_usable(void);
void pe_h7_avx2_init(void);     /* the AVX2 loop's byte tables, once (from pe_h7_init) */
int64_t pe_h7_batch_avx512(const uint8_t *cards, int64_t n, uint16_t *out, int check);
int pe_h7_avx512_usable(void);
void pe_h7_avx512_init(void);   /* the AVX-512 loop's byte tables, once (from pe_h7_init) */

#endif
