/* A perfect hash for the rank keys of keys.h ("hash and displace").
 *
 * The rank keys of every legal hand of 1..7 cards (81,000-odd of them) are spread thinly
 * over 2^31, so they cannot index a table directly. Each key first picks a row by
 * multiplicative hashing (row = key * mult >> (32 - row_bits)), which spreads keys evenly
 * over the rows whatever their base-5 structure. Each row then gets one displacement,
 * chosen when the tables are built, such that slot = (key + disp[row]) & mask lands every
 * key of every row in a slot of its own. A lookup is a multiply, a shift, one load of the
 * small displacement table, an add, a mask and the load of the value: no probing, no
 * comparison, and any 32-bit key, legal or not, lands inside the table.
 */
#ifndef PE_PHASH_H
#define PE_PHASH_H
#include <stdint.h>
#include <stddef.h>

typedef struct {
    uint32_t mult;
    int row_bits;
    int slot_bits;
    uint32_t *disp;           /* 1 << row_bits entries */
} pe_phash;

static inline uint32_t pe_phash_slot(const pe_phash *h, uint32_t key)
{
    uint32_t row = (key * h->mult) >> (32 - h->row_bits);
    return (key + h->disp[row]) & ((1u << h->slot_bits) - 1u);
}

/* Builds h->disp for the n distinct keys (h->disp must hold 1 << row_bits entries).
 * Tries the multipliers in order until one works; returns 0 on success. */
int pe_phash_build(pe_phash *h, const uint32_t *keys, size_t n);
/* the same with h->mult only; 0 on success */
int pe_phash_build_one(pe_phash *h, const uint32_t *keys, size_t n);

#endif
