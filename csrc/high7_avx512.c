/* The 7-card high batch, sixteen hands at a time in AVX-512 (F, BW, VBMI; chosen at run
 * time, high7_batch.c, path 4).
 *
 * The AVX2 loop's row-wise plan (high7_avx2.c) on 512 bits: each register holds eight
 * hands, one 8-byte group each (seven cards, then a pad byte 0xFF):
 *   1. Load: one masked 56-byte load (no read past the rows, so no scalar tail beyond the
 *      last 16 rows) and one VPERMB, with the pad bytes merged in as 0xFF by its mask.
 *   2. Check (when asked): cards above 51 by an unsigned compare into a mask; repeats by
 *      comparing the row with itself rotated 1, 2, 3 and 4 places in its group.
 *   3. Rank key: VPERMB indexes a 64-byte table by the card itself (no shift and mask to a
 *      rank first; the pad, 0xFF, reads entry 63, which is 0) for each byte of 5^rank;
 *      PSADBW sums each hand's bytes. The suit counters likewise from two tables.
 *   4. The hash of high7.h on the sixteen keys of two registers packed into one: a
 *      multiply and a shift, one 16-lane gather of the displacements, then sixteen scalar
 *      loads of the values (the 128 KB value table misses L1: separate loads each finish
 *      on their own; the AVX2 loop measured 7-9 % for that).
 * A hand with a flush (one in 33) is finished afterwards through the flush table: its row
 * number waits in a buffer (a compress of the block's flush lanes) and a batch of them is
 * finished at a time. Measured: bench/RESULTS.md ("AVX-512" section). */
#include "pyeval.h"
#include "eval_inline.h"
#include "high7.h"

#if defined(__x86_64__) && (defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 8))
#include <immintrin.h>

int pe_h7_avx512_usable(void)
{
    __builtin_cpu_init();   /* libgcc also checks that the OS saves the AVX-512 state */
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vbmi");
}

#define AVX512 __attribute__((target("avx512f,avx512bw,avx512vbmi")))

#define PE_CARD_BYTES 0x7F7F7F7F7F7F7F7Full   /* the seven card bytes of each 8-byte group */

typedef struct {
    __m512i t[4];               /* byte b of 5^(card >> 2) for card 0..51, else 0 */
    __m512i suit01, suit23;     /* 1 or 16 per card of suit 0 / 1 (2 / 3), else 0 */
    __m512i spread, rot1, rot2, rot3, pad;
} avx512_consts;

/* Eight rows of 7 cards (56 bytes at p) as eight 8-byte groups, pads 0xFF. */
AVX512 static inline __m512i eight_rows(const uint8_t *p, const avx512_consts *k)
{
    __m512i raw = _mm512_maskz_loadu_epi8(0x00FFFFFFFFFFFFFFull, p);
    return _mm512_mask_permutexvar_epi8(k->pad, PE_CARD_BYTES, k->spread, raw);
}

/* ok narrowed to the card bytes of y that differ from every other card of their group:
 * the row against itself rotated 1, 2, 3 and 4 places within each 8-byte group (all 21
 * pairs; a pad, 0xFF, never equals a card that passed the range check, and no rotation
 * puts a pad on itself). Each compare takes the previous mask as its write mask, so the
 * chain stays in mask registers (ORing separate masks cost a KMOV and an OR each). */
AVX512 static inline __mmask64 no_repeats(__mmask64 ok, __m512i y, const avx512_consts *k)
{
    ok = _mm512_mask_cmpneq_epi8_mask(ok, y, _mm512_shuffle_epi8(y, k->rot1));
    ok = _mm512_mask_cmpneq_epi8_mask(ok, y, _mm512_shuffle_epi8(y, k->rot2));
    ok = _mm512_mask_cmpneq_epi8_mask(ok, y, _mm512_shuffle_epi8(y, k->rot3));
    return _mm512_mask_cmpneq_epi8_mask(ok, y, _mm512_shuffle_epi32(y, _MM_PERM_CDAB));
}

/* sum of 5^rank per group, in the low 32 bits of its 64-bit lane */
AVX512 static inline __m512i rank_keys(__m512i y, const avx512_consts *k)
{
    const __m512i z = _mm512_setzero_si512();
    __m512i s0 = _mm512_sad_epu8(_mm512_permutexvar_epi8(y, k->t[0]), z);
    __m512i s1 = _mm512_sad_epu8(_mm512_permutexvar_epi8(y, k->t[1]), z);
    __m512i s2 = _mm512_sad_epu8(_mm512_permutexvar_epi8(y, k->t[2]), z);
    __m512i s3 = _mm512_sad_epu8(_mm512_permutexvar_epi8(y, k->t[3]), z);
    return _mm512_add_epi64(_mm512_add_epi64(s0, _mm512_slli_epi64(s1, 8)),
                            _mm512_add_epi64(_mm512_slli_epi64(s2, 16), _mm512_slli_epi64(s3, 24)));
}

/* the suit counters of keys.h (suit s at bits 4s, started at 3) ANDed with 0x8888: nonzero
 * exactly for a hand with five or more cards of one suit, the set bit naming the suit */
AVX512 static inline __m512i flush_bits(__m512i y, const avx512_consts *k)
{
    const __m512i z = _mm512_setzero_si512();
    __m512i a = _mm512_sad_epu8(_mm512_permutexvar_epi8(y, k->suit01), z);
    __m512i b = _mm512_sad_epu8(_mm512_permutexvar_epi8(y, k->suit23), z);
    __m512i c = _mm512_add_epi64(_mm512_add_epi64(a, _mm512_slli_epi64(b, 8)), _mm512_set1_epi64(0x3333));
    return _mm512_and_si512(c, _mm512_set1_epi64(0x8888));
}

/* The byte tables of avx512_consts, filled once by pe_h7_avx512_init (from pe_h7_init,
 * at pe_init): filling them in every call, as before, cost about 220 ns a call, so that the
 * automatic path ran batches below about 200 rows slower than the scalar loop (one cffi
 * call of 16 rows: 350 ns against 163 ns; bench/RESULTS.md, "round 4"). */
static uint8_t avx512_tables[10][64] __attribute__((aligned(64)));

void pe_h7_avx512_init(void)
{
    uint32_t pow5[13];
    pow5[0] = 1;
    for (int r = 1; r < 13; r++) pow5[r] = pow5[r - 1] * 5u;
    for (int j = 0; j < 64; j++) {
        for (int b = 0; b < 4; b++) avx512_tables[b][j] = j < 52 ? (uint8_t)(pow5[j >> 2] >> (8 * b)) : 0;
        avx512_tables[4][j] = j >= 52 ? 0 : j % 4 == 0 ? 1 : j % 4 == 1 ? 16 : 0;   /* suit01 */
        avx512_tables[5][j] = j >= 52 ? 0 : j % 4 == 2 ? 1 : j % 4 == 3 ? 16 : 0;   /* suit23 */
        avx512_tables[6][j] = (uint8_t)(7 * (j / 8) + (j % 8 < 7 ? j % 8 : 0));      /* spread */
        avx512_tables[7][j] = (uint8_t)((j & 8) + ((j + 1) & 7));   /* PSHUFB: within each 16-byte lane */
        avx512_tables[8][j] = (uint8_t)((j & 8) + ((j + 2) & 7));
        avx512_tables[9][j] = (uint8_t)((j & 8) + ((j + 3) & 7));
    }
}

AVX512 static void fill_consts(avx512_consts *k)
{
    for (int b = 0; b < 4; b++) k->t[b] = _mm512_load_si512(avx512_tables[b]);
    k->suit01 = _mm512_load_si512(avx512_tables[4]);
    k->suit23 = _mm512_load_si512(avx512_tables[5]);
    k->spread = _mm512_load_si512(avx512_tables[6]);
    k->rot1 = _mm512_load_si512(avx512_tables[7]);
    k->rot2 = _mm512_load_si512(avx512_tables[8]);
    k->rot3 = _mm512_load_si512(avx512_tables[9]);
    k->pad = _mm512_set1_epi8(-1);
}

/* the values of 16 hands with no flush into out[0..15]: ka holds hands 0-7, kb 8-15 */
AVX512 static inline void values16(__m512i ka, __m512i kb, uint16_t *out)
{
    const int *disp = (const int *)(const void *)pe_h7_disp;
    /* dword lanes: hand 0, hand 8, hand 1, hand 9, ... (the high halves of ka are 0) */
    __m512i key = _mm512_or_si512(ka, _mm512_slli_epi64(kb, 32));
    __m512i row = _mm512_srli_epi32(_mm512_mullo_epi32(key, _mm512_set1_epi32((int)PE_H7_MULT)),
                                    32 - PE_H7_ROW_BITS);
    __m512i d = _mm512_i32gather_epi32(row, disp, 2);
    uint32_t slot[16];
    _mm512_storeu_si512(slot, _mm512_and_si512(_mm512_add_epi32(key, d), _mm512_set1_epi32(0xFFFF)));
    /* read the slots back from memory: left alone, GCC takes them out of the register by
     * 16 VPEXTRDs and 6 extracts (two uops each on Zen 4) instead of 16 plain loads */
    __asm__("" : "+m"(slot));
    for (int j = 0; j < 8; j++) {
        out[j] = pe_h7_value[slot[2 * j]];
        out[8 + j] = pe_h7_value[slot[2 * j + 1]];
    }
}

/* The flush hands waiting for the flush table: their row numbers, gathered branch-free by
 * a compress of each block's flush lanes and finished a batch at a time by flush_rest.
 * Finishing them in the block loop (a call per flush hand, in two blocks of five) made GCC
 * keep the loop's constants in memory across the calls and reload them every block, and
 * cost a mispredicted branch in most flush blocks. */
#define PE_FLUSH_WAIT 1024

static void flush_rest(const uint8_t *cards, uint16_t *out, const uint32_t *rows, int count)
{
    for (int j = 0; j < count; j++) {
        const uint8_t *row = cards + 7 * (int64_t)rows[j];
        uint64_t key = pe_key_sum(row, 7, PE_KEY_START);
        out[rows[j]] = pe_flush_value(row, 7, key & PE_FLUSH_BITS);
    }
}

AVX512 int64_t pe_h7_batch_avx512(const uint8_t *cards, int64_t n, uint16_t *out, int check)
{
    avx512_consts k;
    fill_consts(&k);
    uint32_t waiting[PE_FLUSH_WAIT + 16];
    int count = 0;
    /* the block's row numbers as dwords, counted from row base (reset with the buffer, at
     * least every 2^30 rows, so that they fit) */
    const __m512i iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512i sixteen = _mm512_set1_epi32(16);
    __m512i rows = iota;
    int64_t i = 0, base = 0;
    for (; i + 16 <= n; i += 16, rows = _mm512_add_epi32(rows, sixteen)) {
        const uint8_t *p = cards + 7 * i;
        __m512i ya = eight_rows(p, &k), yb = eight_rows(p + 56, &k);
        const __m512i c51 = _mm512_set1_epi8(51);
        /* a bit for each card position at most 51 in both registers */
        __mmask64 ok = _mm512_mask_cmple_epu8_mask(_mm512_cmple_epu8_mask(ya, c51) & PE_CARD_BYTES, yb, c51);
        if (check) {
            ok = no_repeats(no_repeats(ok, ya, &k), yb, &k);
            if (ok != PE_CARD_BYTES) {
                flush_rest(cards + 7 * base, out + base, waiting, count);
                int64_t rc = pe_h7_batch_scalar(p, n - i, out + i, 1);
                return rc < 0 ? rc : rc + i;
            }
        } else if (ok != PE_CARD_BYTES) {
            /* a byte that is no card adds nothing (as in the general loop): these 16 rows
             * go through the general tables, which hold the keys of fewer cards */
            pe_h7_batch_scalar(p, 16, out + i, 0);
            continue;
        }
        values16(rank_keys(ya, &k), rank_keys(yb, &k), out + i);
        __m512i fa = flush_bits(ya, &k), fb = flush_bits(yb, &k);
        __mmask16 flush = (__mmask16)(_mm512_test_epi64_mask(fa, fa) |
                                      (unsigned)_mm512_test_epi64_mask(fb, fb) << 8);
        /* compress to a register and store: a compress straight to memory is microcoded
         * on Zen 4 */
        _mm512_storeu_si512(waiting + count, _mm512_maskz_compress_epi32(flush, rows));
        count += __builtin_popcount(flush);
        if (count > PE_FLUSH_WAIT || i - base >= (1 << 30)) {
            flush_rest(cards + 7 * base, out + base, waiting, count);
            count = 0;
            base = i + 16;
            rows = _mm512_sub_epi32(iota, sixteen);   /* the loop's step adds 16 */
        }
    }
    flush_rest(cards + 7 * base, out + base, waiting, count);
    int64_t rc = pe_h7_batch_scalar(cards + 7 * i, n - i, out + i, check);
    return rc < 0 ? rc : rc + i;
}

#else   /* a compiler without AVX-512 intrinsics, or not x86-64: never chosen */

int pe_h7_avx512_usable(void) { return 0; }

void pe_h7_avx512_init(void) {}

int64_t pe_h7_batch_avx512(const uint8_t *cards, int64_t n, uint16_t *out, int check)
{
    return pe_h7_batch_scalar(cards, n, out, check);
}

#endif
