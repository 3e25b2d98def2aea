/* Batch loops over (n, k) arrays of cards: one Python call evaluates millions of hands.
 * Each loop is specialised per hand size (the switch below) so that the compiler unrolls the
 * card loop, and per `check`, so that the unchecked loop carries no validation at all. */
#include "pyeval.h"
#include "eval_inline.h"

#define BATCH_LOOP(EVAL, K)                                                    \
    for (int64_t i = 0; i < n; i++) {                                          \
        const uint8_t *row = cards + i * (K);                                  \
        if (check) { uint64_t u = 0; if (!pe_row_ok(row, (K), &u)) return i; } \
        out[i] = EVAL(row, (K));                                               \
    }                                                                          \
    return -1;

#define BATCH_BY_SIZE(EVAL)                          \
    switch (k) {                                     \
    case 1: { BATCH_LOOP(EVAL, 1) }                  \
    case 2: { BATCH_LOOP(EVAL, 2) }                  \
    case 3: { BATCH_LOOP(EVAL, 3) }                  \
    case 4: { BATCH_LOOP(EVAL, 4) }                  \
    case 5: { BATCH_LOOP(EVAL, 5) }                  \
    case 6: { BATCH_LOOP(EVAL, 6) }                  \
    case 7: { BATCH_LOOP(EVAL, 7) }                  \
    default: return -2;                              \
    }

/* the checked high loop: one vector sum gives the key and the row check together */
#define HIGH_CHECKED(K)                                                  \
    for (int64_t i = 0; i < n; i++) {                                    \
        const uint8_t *row = cards + i * (K);                            \
        pe_v2 s = pe_kb_sum(row, (K));                                   \
        if (__builtin_popcountll(s[1]) != (K)) return i;                 \
        out[i] = pe_high_from_key(row, (K), s[0] + PE_KEY_START);        \
    }                                                                    \
    return -1;

/* 7 cards through the general tables: the loop pe_high_batch ran before the compact
 * 7-card table (high7_batch.c path 3, for A/B measurement and cross-checks) */
int64_t pe_h7_general(const uint8_t *cards, int64_t n, uint16_t *out, int check);
int64_t pe_h7_general(const uint8_t *cards, int64_t n, uint16_t *out, int check)
{
    if (check) { HIGH_CHECKED(7) }
    const int check_ = 0;
    { const int check = check_; BATCH_LOOP(pe_high_inline, 7) }
}

int64_t pe_high_batch(const uint8_t *cards, int64_t n, int k, uint16_t *out, int check)
{
    if (k == 7) return pe_h7_batch(cards, n, out, check);
    if (check) {
        switch (k) {
        case 5: { HIGH_CHECKED(5) }
        case 6: { HIGH_CHECKED(6) }
        case 7: { HIGH_CHECKED(7) }
        default: BATCH_BY_SIZE(pe_high_inline)
        }
    }
    const int check_ = 0;
    { const int check = check_; BATCH_BY_SIZE(pe_high_inline) }
}

int64_t pe_razz_batch(const uint8_t *cards, int64_t n, int k, uint16_t *out, int check)
{
    if (check) { BATCH_BY_SIZE(pe_razz_inline) }
    else { const int check = 0; BATCH_BY_SIZE(pe_razz_inline) }
}

int64_t pe_low8_batch(const uint8_t *cards, int64_t n, int k, uint16_t *out, int check)
{
    if (check) { BATCH_BY_SIZE(pe_low8_inline) }
    else { const int check = 0; BATCH_BY_SIZE(pe_low8_inline) }
}

