/* The 7-card high batch, eight hands at a time in AVX2 (chosen at run time, high7_batch.c).
 *
 * Row-wise: each 256-bit register holds four hands, one 8-byte group each (the seven cards,
 * then a pad byte 0xFF), so that PSADBW, which sums the eight bytes of a group, adds up a
 * hand's cards in one instruction:
 *   1. Load: two 16-byte loads and one PSHUFB spread four rows of 7 bytes into groups of 8.
 *   2. Check (when asked): a byte compare with the row rotated by 1, 2, 3 and 4 places
 *      within its group finds any repeated card (the 21 pairs of 7 cards); an unsigned max
 *      finds cards above 51.
 *   3. Rank key (sum of 5^rank) without a card table: each of the four bytes of 5^rank is
 *      a 16-entry PSHUFB table indexed by rank, summed per hand by PSADBW, and the four
 *      sums are shifted into place. The suit counters the same way (two PSHUFB tables read
 *      by the card's low nibble, whose low two bits are the suit), started at 3 so that
 *      bit 3 of a counter is set by five cards of its suit (keys.h).
 *   4. The perfect hash of high7.h: a multiply and a shift, one gather for the eight
 *      displacements, then eight scalar loads of the values (the value table is 128 KB, so
 *      those loads miss L1; separate loads let each finish on its own, where a gather
 *      waits for its slowest lane: 7-9 % faster measured side by side).
 * A hand with a flush (one in 33) is finished afterwards through the flush table, lane by
 * lane, with the suit read from the vector counters. Rows are read 16 bytes at a time, up
 * to two bytes past row 7, so the last block runs in the scalar loop. Before (a transpose
 * to "card j of hands 0..7", 5^rank by VPERMD, two gathers): 28.5 instructions a hand and
 * no faster than the scalar loop. Measured: bench/RESULTS.md ("cfast" and "issue 15,
 * round 2" sections). */
#include "pyeval.h"
#include "eval_inline.h"
#include "high7.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

int pe_h7_avx2_usable(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

#define AVX2 __attribute__((target("avx2")))

/* 16 bytes: f(j) for j = 0..15 in both 128-bit lanes */
#define LANES16(f) _mm256_setr_epi8(f(0), f(1), f(2), f(3), f(4), f(5), f(6), f(7), f(8), f(9), \
    f(10), f(11), f(12), f(13), f(14), f(15), f(0), f(1), f(2), f(3), f(4), f(5), f(6), f(7),    \
    f(8), f(9), f(10), f(11), f(12), f(13), f(14), f(15))
#define SPREAD(j) ((j) == 7 || (j) == 15 ? -1 : (j) < 7 ? (j) : (j) - 1)
#define ROT1(j) (((j) & 8) + (((j) + 1) & 7))
#define ROT2(j) (((j) & 8) + (((j) + 2) & 7))
#define ROT3(j) (((j) & 8) + (((j) + 3) & 7))
#define PAD(j) ((j) == 7 || (j) == 15 ? -1 : 0)
#define SUIT01(j) ((j) % 4 == 0 ? 1 : (j) % 4 == 1 ? 16 : 0)
#define SUIT23(j) ((j) % 4 == 2 ? 1 : (j) % 4 == 3 ? 16 : 0)

typedef struct {
    __m256i t[4];          /* byte b of 5^rank, rank 0..12 (13..15: 0) */
    __m256i spread, pad, rot1, rot2, rot3, suit01, suit23, c51, low4;
} rowwise_consts;

/* Four rows of 7 cards (28 bytes at p; reads 30) as four 8-byte groups: the seven cards
 * then 0xFF. Sets *ok_range to 0xFF for every byte at most 51 (the pad counts as fine). */
AVX2 static inline __m256i four_rows(const uint8_t *p, const rowwise_consts *k, __m256i *ok_range)
{
    __m256i raw = _mm256_loadu2_m128i((const __m128i *)(p + 14), (const __m128i *)p);
    __m256i y0 = _mm256_shuffle_epi8(raw, k->spread);   /* pad bytes 0 */
    *ok_range = _mm256_cmpeq_epi8(_mm256_max_epu8(y0, k->c51), k->c51);
    return _mm256_or_si256(y0, k->pad);
}

/* bytes set where a card equals another card of its row (0xFF pads never match a card
 * that passed the range check) */
AVX2 static inline __m256i repeats(__m256i y, const rowwise_consts *k)
{
    __m256i e = _mm256_cmpeq_epi8(y, _mm256_shuffle_epi8(y, k->rot1));
    e = _mm256_or_si256(e, _mm256_cmpeq_epi8(y, _mm256_shuffle_epi8(y, k->rot2)));
    e = _mm256_or_si256(e, _mm256_cmpeq_epi8(y, _mm256_shuffle_epi8(y, k->rot3)));
    return _mm256_or_si256(e, _mm256_cmpeq_epi8(y, _mm256_shuffle_epi32(y, 0xB1)));
}

/* the rank key (sum of 5^rank) of each row, in the low 32 bits of its 64-bit lane: each
 * byte of 5^rank is looked up by PSHUFB and summed over the row by PSADBW (the pad's rank
 * index is 15, whose entries are 0) */
AVX2 static inline __m256i rank_keys(__m256i y, const rowwise_consts *k)
{
    const __m256i z = _mm256_setzero_si256();
    __m256i r = _mm256_and_si256(_mm256_srli_epi16(y, 2), k->low4);
    __m256i s0 = _mm256_sad_epu8(_mm256_shuffle_epi8(k->t[0], r), z);
    __m256i s1 = _mm256_sad_epu8(_mm256_shuffle_epi8(k->t[1], r), z);
    __m256i s2 = _mm256_sad_epu8(_mm256_shuffle_epi8(k->t[2], r), z);
    __m256i s3 = _mm256_sad_epu8(_mm256_shuffle_epi8(k->t[3], r), z);
    return _mm256_add_epi32(_mm256_add_epi32(s0, _mm256_slli_epi64(s1, 8)),
                            _mm256_add_epi32(_mm256_slli_epi64(s2, 16), _mm256_slli_epi64(s3, 24)));
}

/* the four suit counters of each row as nibbles (suit s at bit 4s), in its 64-bit lane;
 * PSHUFB reads the low 4 bits of a card byte, 4 * (rank & 3) + suit, and the pad (0xFF)
 * gives 0 */
AVX2 static inline __m256i suit_counts(__m256i y, const rowwise_consts *k)
{
    const __m256i z = _mm256_setzero_si256();
    __m256i a = _mm256_sad_epu8(_mm256_shuffle_epi8(k->suit01, y), z);
    __m256i b = _mm256_sad_epu8(_mm256_shuffle_epi8(k->suit23, y), z);
    return _mm256_add_epi64(a, _mm256_slli_epi64(b, 8));
}

/* the bytes of 5^rank, filled once by pe_h7_avx2_init (from pe_h7_init): filled in every
 * call, as before, they cost about 100 ns a call (a cffi call of 16 rows: 290 ns against
 * the scalar loop's 200; bench/RESULTS.md, "round 4") */
static uint8_t avx2_pow5[4][32] __attribute__((aligned(32)));

void pe_h7_avx2_init(void)
{
    for (int b = 0; b < 4; b++)
        for (int j = 0; j < 32; j++)
            avx2_pow5[b][j] = (j & 15) < 13 ? (uint8_t)(pe_pow5[j & 15] >> (8 * b)) : 0;
}

AVX2 int64_t pe_h7_batch_avx2(const uint8_t *cards, int64_t n, uint16_t *out, int check)
{
    rowwise_consts k;
    for (int b = 0; b < 4; b++) k.t[b] = _mm256_load_si256((const __m256i *)avx2_pow5[b]);
    k.spread = LANES16(SPREAD);
    k.pad = LANES16(PAD);
    k.rot1 = LANES16(ROT1);
    k.rot2 = LANES16(ROT2);
    k.rot3 = LANES16(ROT3);
    k.suit01 = LANES16(SUIT01);
    k.suit23 = LANES16(SUIT23);
    k.c51 = _mm256_set1_epi8(51);
    k.low4 = _mm256_set1_epi8(15);
    const __m256i mult = _mm256_set1_epi32((int)PE_H7_MULT), low16 = _mm256_set1_epi32(0xFFFF);
    const __m256i suit_start = _mm256_set1_epi64x(0x3333), flush_bits = _mm256_set1_epi64x(0x8888);
    const int *disp = (const int *)(const void *)pe_h7_disp;
    int64_t i = 0;
    for (; i + 9 <= n; i += 8) {   /* reads bytes 7i .. 7i + 57 < 7n */
        const uint8_t *p = cards + 7 * i;
        __m256i ok_a, ok_b;
        __m256i ya = four_rows(p, &k, &ok_a), yb = four_rows(p + 28, &k, &ok_b);
        __m256i ok = _mm256_and_si256(ok_a, ok_b);
        if (check) {
            __m256i bad = _mm256_or_si256(repeats(ya, &k), repeats(yb, &k));
            bad = _mm256_or_si256(bad, _mm256_xor_si256(ok, _mm256_set1_epi8(-1)));
            if (!_mm256_testz_si256(bad, bad)) {
                int64_t rc = pe_h7_batch_scalar(p, n - i, out + i, 1);
                return rc < 0 ? rc : rc + i;
            }
        } else if ((unsigned)_mm256_movemask_epi8(ok) != 0xFFFFFFFFu) {
            /* a byte that is no card adds nothing (as in the general loop): these 8 rows
             * go through the general tables, which hold the keys of fewer cards */
            pe_h7_batch_scalar(p, 8, out + i, 0);
            continue;
        }
        /* keys of hands 0 1 4 5 | 2 3 6 7 as eight dwords */
        __m256i key = _mm256_castps_si256(_mm256_shuffle_ps(
            _mm256_castsi256_ps(rank_keys(ya, &k)), _mm256_castsi256_ps(rank_keys(yb, &k)), 0x88));
        __m256i row = _mm256_srli_epi32(_mm256_mullo_epi32(key, mult), 32 - PE_H7_ROW_BITS);
        __m256i d = _mm256_i32gather_epi32(disp, row, 2);
        uint32_t slot[8];
        _mm256_storeu_si256((__m256i *)slot, _mm256_and_si256(_mm256_add_epi32(key, d), low16));
        out[i + 0] = pe_h7_value[slot[0]];   /* lanes hold hands 0 1 4 5 2 3 6 7 */
        out[i + 1] = pe_h7_value[slot[1]];
        out[i + 4] = pe_h7_value[slot[2]];
        out[i + 5] = pe_h7_value[slot[3]];
        out[i + 2] = pe_h7_value[slot[4]];
        out[i + 3] = pe_h7_value[slot[5]];
        out[i + 6] = pe_h7_value[slot[6]];
        out[i + 7] = pe_h7_value[slot[7]];
        __m256i fa = _mm256_and_si256(_mm256_add_epi64(suit_counts(ya, &k), suit_start), flush_bits);
        __m256i fb = _mm256_and_si256(_mm256_add_epi64(suit_counts(yb, &k), suit_start), flush_bits);
        unsigned flush = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(
                             _mm256_cmpeq_epi64(fa, _mm256_setzero_si256())))
                       | (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(
                             _mm256_cmpeq_epi64(fb, _mm256_setzero_si256()))) << 4;
        flush = ~flush & 0xFFu;
        if (flush) {   /* about one block in five: the flush table from each lane's suit bits */
            uint64_t fl[8];
            _mm256_storeu_si256((__m256i *)fl, fa);
            _mm256_storeu_si256((__m256i *)(fl + 4), fb);
            do {
                int j = __builtin_ctz(flush);
                flush &= flush - 1;
                out[i + j] = pe_flush_value(p + 7 * j, 7, fl[j] << PE_SUIT_SHIFT);
            } while (flush);
        }
    }
    int64_t rc = pe_h7_batch_scalar(cards + 7 * i, n - i, out + i, check);
    return rc < 0 ? rc : rc + i;
}

#else   /* not x86-64 with GCC/Clang: the scalar loop only */

int pe_h7_avx2_usable(void) { return 0; }

void pe_h7_avx2_init(void) {}

int64_t pe_h7_batch_avx2(const uint8_t *cards, int64_t n, uint16_t *out, int check)
{
    return pe_h7_batch_scalar(cards, n, out, check);
}

#endif
