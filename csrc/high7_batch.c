/* The 7-card high batch, scalar form (any CPU), and the choice of loop at run time.
 *
 * The checked scalar loop is the general one (eval_inline.h) over the compact 7-card
 * table (high7.h): 1.30 L1 misses a hand instead of 1.65 (callgrind, 10^6 random hands).
 * Tried and dropped: reading each row as one 8-byte load and taking the cards out by
 * shifts. It saves six loads a hand but costs a shift and a mask per card: 54.3 / 45.4
 * instructions a hand (checked / unchecked) against 45.3 / 32.3 with byte loads, and no
 * timing showed it ahead on this loaded machine. The AVX2 loop reads rows 16 bytes at a
 * time instead, where the shuffles that take the cards apart serve eight hands at once.
 *
 * Paths: 1 this scalar loop, 2 the AVX2 loop (high7_avx2.c), 3 the general loop over the
 * big tables (batch.c, kept for A/B measurement and as a cross-check), 4 the AVX-512 loop
 * (high7_avx512.c). 0 = automatic: the path pe_h7_set_auto names (pyeval/h7_loop.py times
 * every path the CPU can run and names the fastest: flags alone chose the AVX-512 loop on a
 * Zen 5 where it was the slowest), else, until then, AVX-512 when the CPU has it, else AVX2,
 * else scalar (__builtin_cpu_supports). All paths give the same values; tests force each one. */
#include <string.h>
#include "pyeval.h"
#include "eval_inline.h"
#include "high7.h"

static inline uint16_t value_of_key(const uint8_t *row, uint64_t key)
{
    uint64_t fl = key & PE_FLUSH_BITS;
    if (__builtin_expect(fl != 0, 0)) return pe_flush_value(row, 7, fl);
    return pe_h7_slot_value((uint32_t)key);
}

int64_t pe_h7_batch_scalar(const uint8_t *cards, int64_t n, uint16_t *out, int check)
{
    if (check) {
        for (int64_t i = 0; i < n; i++) {
            const uint8_t *row = cards + 7 * i;
            pe_v2 s = pe_kb_sum(row, 7);
            if (__builtin_popcountll(s[1]) != 7) return i;
            out[i] = value_of_key(row, s[0] + PE_KEY_START);
        }
    } else {
        /* unchecked: the general tables, which keep a promise the compact one cannot: a
         * byte above 51 adds nothing, so a row with one gives the value of its real cards
         * (a 6-card key, absent from the 7-card table) */
        for (int64_t i = 0; i < n; i++) out[i] = pe_high_inline(cards + 7 * i, 7);
    }
    return -1;
}

static int forced;     /* 0 automatic, else the path forced by pe_h7_set_path */
static int measured;   /* 0 until pe_h7_set_auto names the fastest path on this machine */

static int usable(int path)
{
    return path == 1 || path == 3 || (path == 2 && pe_h7_avx2_usable()) ||
           (path == 4 && pe_h7_avx512_usable());
}

static int auto_path(void)
{
    if (measured) return measured;
    return pe_h7_avx512_usable() ? 4 : pe_h7_avx2_usable() ? 2 : 1;
}

int pe_h7_set_path(int path)
{
    if (path == 0) { forced = 0; return auto_path(); }
    if (usable(path)) { forced = path; return path; }
    return -1;
}

int pe_h7_set_auto(int path)
{
    if (path == 0) { measured = 0; return auto_path(); }
    if (usable(path)) { measured = path; return path; }
    return -1;
}

int pe_h7_forced(void)
{
    return forced;
}

int pe_h7_path(void)
{
    return forced ? forced : auto_path();
}

int64_t pe_h7_general(const uint8_t *cards, int64_t n, uint16_t *out, int check);  /* batch.c */

int64_t pe_h7_batch(const uint8_t *cards, int64_t n, uint16_t *out, int check)
{
    switch (pe_h7_path()) {
    case 2: return pe_h7_batch_avx2(cards, n, out, check);
    case 3: return pe_h7_general(cards, n, out, check);
    case 4: return pe_h7_batch_avx512(cards, n, out, check);
    default: return pe_h7_batch_scalar(cards, n, out, check);
    }
}
