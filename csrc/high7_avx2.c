/* The 7-card high batch, eight hands at a time in AVX2 (chosen at run time, high7_batch.c).
 *
 * Why it is faster: the scalar loop spends ~34 instructions a hand, most of them the seven
 * card-key loads and adds. Here eight hands share each instruction:
 *   1. Transpose: four 16-byte loads cover rows 0-7 (two rows each); PSHUFB and two rounds
 *      of unpacks turn them into "card j of hands 0..7" as eight bytes, for j = 0..6.
 *   2. Check (when asked) on those bytes: 12 byte compares find any repeated card among
 *      the 21 pairs of eight hands at once, and an unsigned max finds cards above 51.
 *   3. Rank key without a table: 5^rank comes from two in-register permutes (VPERMD, ranks
 *      0-7 and 8-12) and a blend; suit counters are one byte per suit (1 << 8 * suit,
 *      starting at 3, so bit 3 of a byte is set by five cards of its suit).
 *   4. The perfect hash of high7.h as a multiply, a shift and two gathers (displacement,
 *      value) from the compact 7-card table.
 * A hand with a flush (one in 33) is finished by the scalar code afterwards, lane by lane.
 * Rows are read 16 bytes at a time, up to two bytes past row 7, so the last block runs in
 * the scalar loop. Measured: bench/RESULTS.md ("cfast" section). */
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

/* scalar value of one row of 7 cards (the lanes with a flush) */
static uint16_t one_row(const uint8_t *row)
{
    return pe_high_inline(row, 7);
}

AVX2 static inline __m256i widen(__m128i v)   /* the low 8 bytes as 8 dwords */
{
    return _mm256_cvtepu8_epi32(v);
}

/* bit i set when hand i of the block holds a repeated card or a card above 51 */
AVX2 static inline unsigned bad_rows(__m128i a, __m128i b, __m128i c, __m128i d)
{
#define SW(x) _mm_shuffle_epi32((x), 0x4E)
    __m128i e = _mm_or_si128(_mm_cmpeq_epi8(a, SW(a)), _mm_cmpeq_epi8(b, SW(b)));
    e = _mm_or_si128(e, _mm_cmpeq_epi8(c, SW(c)));
    e = _mm_or_si128(e, _mm_or_si128(_mm_cmpeq_epi8(a, b), _mm_cmpeq_epi8(a, SW(b))));
    e = _mm_or_si128(e, _mm_or_si128(_mm_cmpeq_epi8(a, c), _mm_cmpeq_epi8(a, SW(c))));
    e = _mm_or_si128(e, _mm_or_si128(_mm_cmpeq_epi8(b, c), _mm_cmpeq_epi8(b, SW(c))));
    e = _mm_or_si128(e, _mm_or_si128(_mm_cmpeq_epi8(a, d), _mm_cmpeq_epi8(b, d)));
    e = _mm_or_si128(e, _mm_cmpeq_epi8(c, d));
#undef SW
    const __m128i top = _mm_set1_epi8(51);
    __m128i mx = _mm_max_epu8(_mm_max_epu8(a, b), _mm_max_epu8(c, d));
    __m128i ok = _mm_cmpeq_epi8(_mm_max_epu8(mx, top), top);
    unsigned m = (unsigned)_mm_movemask_epi8(_mm_andnot_si128(ok, _mm_set1_epi8(-1)) | e);
    return (m | (m >> 8)) & 0xFFu;
}

/* whether any of the block's cards is above 51 */
AVX2 static inline int above_51(__m128i a, __m128i b, __m128i c, __m128i d)
{
    const __m128i top = _mm_set1_epi8(51);
    __m128i mx = _mm_max_epu8(_mm_max_epu8(a, b), _mm_max_epu8(c, d));
    return _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(mx, top), top)) != 0xFFFF;
}

AVX2 int64_t pe_h7_batch_avx2(const uint8_t *cards, int64_t n, uint16_t *out, int check)
{
    const __m128i pair = _mm_setr_epi8(0, 7, 1, 8, 2, 9, 3, 10, 4, 11, 5, 12, 6, 13, -1, -1);
    __m256i pow_lo = _mm256_setr_epi32((int)pe_pow5[0], (int)pe_pow5[1], (int)pe_pow5[2],
                                       (int)pe_pow5[3], (int)pe_pow5[4], (int)pe_pow5[5],
                                       (int)pe_pow5[6], (int)pe_pow5[7]);
    __m256i pow_hi = _mm256_setr_epi32((int)pe_pow5[8], (int)pe_pow5[9], (int)pe_pow5[10],
                                       (int)pe_pow5[11], (int)pe_pow5[12], 0, 0, 0);
    const __m256i one = _mm256_set1_epi32(1), suit_start = _mm256_set1_epi32(0x03030303);
    const __m256i flush_bits = _mm256_set1_epi32(0x08080808), mult = _mm256_set1_epi32((int)PE_H7_MULT);
    const __m256i three = _mm256_set1_epi32(3);
    const int *disp = (const int *)(const void *)pe_h7_disp;
    const int *vals = (const int *)(const void *)pe_h7_value;
    int64_t i = 0;
    for (; i + 9 <= n; i += 8) {   /* reads bytes 7i .. 7i + 57 < 7n */
        const uint8_t *p = cards + 7 * i;
        __m128i p0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 0)), pair);
        __m128i p1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 14)), pair);
        __m128i p2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 28)), pair);
        __m128i p3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 42)), pair);
        __m128i ql = _mm_unpacklo_epi16(p0, p1), qh = _mm_unpackhi_epi16(p0, p1);
        __m128i rl = _mm_unpacklo_epi16(p2, p3), rh = _mm_unpackhi_epi16(p2, p3);
        __m128i c01 = _mm_unpacklo_epi32(ql, rl), c23 = _mm_unpackhi_epi32(ql, rl);
        __m128i c45 = _mm_unpacklo_epi32(qh, rh), c6 = _mm_unpackhi_epi32(qh, rh);
        if (check) {
            unsigned bad = bad_rows(c01, c23, c45, _mm_unpacklo_epi64(c6, c6));
            if (bad) {
                int64_t rc = pe_h7_batch_scalar(p, n - i, out + i, 1);
                return rc < 0 ? rc : rc + i;
            }
        } else if (above_51(c01, c23, c45, c6)) {
            /* a byte that is no card adds nothing (as in the general loop): these 8 rows
             * go through the general tables, which hold the keys of fewer cards */
            pe_h7_batch_scalar(p, 8, out + i, 0);
            continue;
        }
        __m256i cs[7] = {widen(c01), widen(_mm_srli_si128(c01, 8)), widen(c23),
                         widen(_mm_srli_si128(c23, 8)), widen(c45),
                         widen(_mm_srli_si128(c45, 8)), widen(c6)};
        __m256i key = _mm256_setzero_si256(), suits = suit_start;
        for (int j = 0; j < 7; j++) {
            __m256i r = _mm256_srli_epi32(cs[j], 2);
            __m256i lo = _mm256_permutevar8x32_epi32(pow_lo, r);
            __m256i hi = _mm256_permutevar8x32_epi32(pow_hi, r);
            __m256i k = _mm256_castps_si256(_mm256_blendv_ps(
                _mm256_castsi256_ps(lo), _mm256_castsi256_ps(hi),
                _mm256_castsi256_ps(_mm256_slli_epi32(r, 28))));
            key = _mm256_add_epi32(key, k);
            __m256i sh = _mm256_slli_epi32(_mm256_and_si256(cs[j], three), 3);
            suits = _mm256_add_epi32(suits, _mm256_sllv_epi32(one, sh));
        }
        __m256i row = _mm256_srli_epi32(_mm256_mullo_epi32(key, mult), 32 - PE_H7_ROW_BITS);
        __m256i d = _mm256_i32gather_epi32(disp, row, 2);
        __m256i slot = _mm256_and_si256(_mm256_add_epi32(key, d), _mm256_set1_epi32(0xFFFF));
        __m256i v = _mm256_and_si256(_mm256_i32gather_epi32(vals, slot, 2),
                                     _mm256_set1_epi32(0xFFFF));
        __m128i packed = _mm_packus_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
        _mm_storeu_si128((__m128i *)(out + i), packed);
        __m256i fl = _mm256_cmpeq_epi32(_mm256_and_si256(suits, flush_bits), _mm256_setzero_si256());
        unsigned flush = ~(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(fl)) & 0xFFu;
        while (flush) {
            int j = __builtin_ctz(flush);
            flush &= flush - 1;
            out[i + j] = one_row(p + 7 * j);
        }
    }
    int64_t rc = pe_h7_batch_scalar(cards + 7 * i, n - i, out + i, check);
    return rc < 0 ? rc : rc + i;
}

#else   /* not x86-64 with GCC/Clang: the scalar loop only */

int pe_h7_avx2_usable(void) { return 0; }

int64_t pe_h7_batch_avx2(const uint8_t *cards, int64_t n, uint16_t *out, int check)
{
    return pe_h7_batch_scalar(cards, n, out, check);
}

#endif
