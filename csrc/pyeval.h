/* pyeval C core: the public functions, as declared to cffi (pyeval/_build_ffi.py).
 *
 * Cards are bytes: index = 4 * rank + suit, rank 0..12 = 2..A, suit 0..3 = c,d,h,s.
 * Every evaluator returns an unsigned 16-bit value: higher is better, equal is a tie.
 *   high  : value >> 12 is the category (1 high card .. 9 straight flush), see values.h.
 *   razz  : ace-to-five low, every hand has a value.
 *   low8  : ace-to-five low with the 8-or-better qualifier: 0 = no low, 1..56 (56 = A-2-3-4-5).
 *
 * Single-hand functions trust their input (the Python layer checks it); they never read
 * outside a table whatever bytes they get. Batch functions check each row when `check` is 1
 * and return the index of the first bad row (a card above 51 or a repeated card), or -1.
 */
#ifndef PYEVAL_H
#define PYEVAL_H
#include <stdint.h>
#include <stddef.h>

/* Only these functions leave the shared library (it is built with -fvisibility=hidden): the
 * tables stay internal, so the code reaches them by direct PC-relative addressing instead of
 * through the global offset table, about 10% faster in the batch loops. */
#if defined(__GNUC__)
#define PE_API __attribute__((visibility("default")))
#else
#define PE_API
#endif

PE_API int pe_init(void);                                   /* build all tables; 0 on success */
PE_API size_t pe_table_bytes(void);                         /* memory held by the lookup tables */

PE_API uint16_t pe_high(const uint8_t *cards, int n);       /* n = 1..7 */
PE_API uint16_t pe_razz(const uint8_t *cards, int n);       /* n = 1..7 */
PE_API uint16_t pe_low8(const uint8_t *cards, int n);       /* n = 1..7 */
PE_API uint16_t pe_omaha_high(const uint8_t *hole, int nh, const uint8_t *board, int nb);
PE_API uint16_t pe_omaha_low8(const uint8_t *hole, int nh, const uint8_t *board, int nb);
/* best hand of hole + board using between min_hole and max_hole hole cards;
 * kind 0 = high, 1 = razz, 2 = low8. Returns 0 when no 5-card hand can be formed. */
PE_API uint16_t pe_best(const uint8_t *hole, int nh, const uint8_t *board, int nb,
                 int min_hole, int max_hole, int kind);
/* the same, by the plain loop over every 2 + 3 choice: the reference the fast path is tested
 * and benchmarked against */
PE_API uint16_t pe_omaha_high_loop(const uint8_t *hole, int nh, const uint8_t *board, int nb);
PE_API uint16_t pe_omaha_low8_loop(const uint8_t *hole, int nh, const uint8_t *board, int nb);

/* the plain-loop reference over arrays, for benchmarks of the fast path against it */
PE_API int64_t pe_omaha_batch_loop(const uint8_t *hole, int nh, const uint8_t *board, int nb,
                                   int64_t n, uint16_t *out_high, uint16_t *out_low8);

/* batch loops over C-contiguous (n, k) uint8 arrays */
PE_API int64_t pe_high_batch(const uint8_t *cards, int64_t n, int k, uint16_t *out, int check);
PE_API int64_t pe_razz_batch(const uint8_t *cards, int64_t n, int k, uint16_t *out, int check);
PE_API int64_t pe_low8_batch(const uint8_t *cards, int64_t n, int k, uint16_t *out, int check);
PE_API int64_t pe_omaha_batch(const uint8_t *hole, int nh, const uint8_t *board, int nb, int64_t n,
                       uint16_t *out_high, uint16_t *out_low8, int check);
PE_API int64_t pe_best_batch(const uint8_t *hole, int nh, const uint8_t *board, int nb, int64_t n,
                      int min_hole, int max_hole, int kind, uint16_t *out, int check);

/* 7-card high batch (high7_batch.c): which loop pe_high_batch runs for k = 7.
 * path 1 scalar, 2 AVX2, 3 the general tables, 4 AVX-512 (F, BW, VBMI); 0 automatic.
 * Automatic is the path named by pe_h7_set_auto (pyeval/h7_loop.py measures them and names
 * the fastest), or before that AVX-512 when the CPU has it, else AVX2, else scalar.
 * pe_h7_set_path forces a path (0: back to automatic) and pe_h7_set_auto names the automatic
 * one; both return the path now in effect for their setting, or -1 (nothing changed) when the
 * CPU cannot run it. pe_h7_forced is the forced path, 0 when automatic. All paths give
 * identical values. */
PE_API int pe_h7_set_path(int path);
PE_API int pe_h7_set_auto(int path);
PE_API int pe_h7_forced(void);
PE_API int pe_h7_path(void);
PE_API int64_t pe_h7_batch(const uint8_t *cards, int64_t n, uint16_t *out, int check);

/* One hand from Python, checked in C (single.c): the value (0..65535, with PE_CARD0 and
 * PE_CARD1 added when card 0 / 1 is among the cards, for pe_one and the 7-int forms; any
 * flag makes it at least PE_LOW_CARDS), or a negative
 * code: PE_ONE_COUNT (not 1..7 cards), PE_ONE_CARDS (a card outside 0..51 or a repeat),
 * PE_ONE_TEXT (text that is not plain ASCII cards). kind 0 high, 1 razz, 2 low8. */
enum { PE_ONE_COUNT = -1, PE_ONE_CARDS = -2, PE_ONE_TEXT = -3, PE_LOW_CARDS = 65536,
       PE_CARD0 = 65536, PE_CARD1 = 131072 };
PE_API int32_t pe_one(const char *cards, int n, int kind);
PE_API int32_t pe_one_text(const char *text, int len, int kind);
PE_API int32_t pe_high7_checked(int32_t c0, int32_t c1, int32_t c2, int32_t c3, int32_t c4,
                                int32_t c5, int32_t c6);
/* Omaha (kind: 0 high, 1 the 8-or-better low) of 4-6 hole and 3-5 board cards, checked
 * alike (no card twice among hole and board), as bytes or as ASCII text */
PE_API int32_t pe_omaha_one(const char *hole, int nh, const char *board, int nb, int low);
PE_API int32_t pe_omaha_one_text(const char *hole, int hl, const char *board, int bl, int low);
PE_API int32_t pe_razz7_checked(int32_t c0, int32_t c1, int32_t c2, int32_t c3, int32_t c4,
                                int32_t c5, int32_t c6);
PE_API int32_t pe_low87_checked(int32_t c0, int32_t c1, int32_t c2, int32_t c3, int32_t c4,
                                int32_t c5, int32_t c6);

/* decoding values back to ranks, for descriptions */
PE_API uint32_t pe_high_code(uint16_t value);   /* 0 if not a value; see values.h for the code layout */
PE_API uint32_t pe_razz_code(uint16_t value);
PE_API uint32_t pe_low8_code(uint16_t value);

/* by-value and by-address entry points for Numba (symbol-named external functions) */
PE_API uint16_t pe_high7v(uint32_t c0, uint32_t c1, uint32_t c2, uint32_t c3, uint32_t c4,
                   uint32_t c5, uint32_t c6);
PE_API uint16_t pe_high_addr(uint64_t addr, int32_t n);
PE_API uint16_t pe_razz_addr(uint64_t addr, int32_t n);
PE_API uint16_t pe_low8_addr(uint64_t addr, int32_t n);
PE_API uint16_t pe_omaha_high_addr(uint64_t hole, int32_t nh, uint64_t board, int32_t nb);
PE_API uint16_t pe_omaha_low8_addr(uint64_t hole, int32_t nh, uint64_t board, int32_t nb);
PE_API uint16_t pe_best_addr(uint64_t hole, int32_t nh, uint64_t board, int32_t nb,
                      int32_t min_hole, int32_t max_hole, int32_t kind);

/* raw table access, so Numba kernels can inline the lookups (see pyeval/numba_ext.py) */
typedef struct {
    const uint64_t *card_key;      /* [256] rank key | suit counters, 0 for bytes > 51 */
    const uint32_t *hash_disp;     /* [1 << PE_ROW_BITS] displacement per row */
    const uint16_t *high_table;    /* [1 << PE_SLOT_BITS] non-flush high values by slot */
    const uint16_t *razz_table;    /* [1 << PE_SLOT_BITS] razz values by slot */
    const uint16_t *flush_table;   /* [8192] best flush / straight flush by suit rank mask */
    const uint16_t *low8_mask;     /* [256] low8 value by mask of distinct A..8 ranks */
    const uint16_t *razz_mask;     /* [8192] razz value by ace-low rank mask (>= 5 bits) */
    const uint16_t *card_lowbit;   /* [256] 1 << ace-low rank, 0 for bytes > 51 */
    uint32_t hash_mult, row_bits, slot_bits, suit_shift;
    /* added for the Numba evaluation layer (pyeval/numba_ext.py): every card table and
     * every constant a kernel needs, so that none is written down twice */
    const uint64_t *card_bit;      /* [256] 1 << card, 0 for bytes > 51 */
    const uint64_t *card_srm;      /* [256] suit-rank bit 1 << (16 * suit + rank), 0 past 51 */
    uint64_t key_start, flush_bits; /* keys.h: PE_KEY_START, PE_FLUSH_BITS */
    /* Omaha (omaha.c): board row of om_high found through a perfect hash of the board's
     * rank key: row = board_id[slot] * n_pairs, slot = (key + board_disp[(key * board_mult)
     * >> (32 - board_row_bits)]) & ((1 << board_slot_bits) - 1) */
    const uint32_t *board_disp;    /* [1 << board_row_bits] */
    const uint16_t *board_id;      /* [1 << board_slot_bits] board number by slot */
    const uint16_t *om_high;       /* [n_boards * n_pairs] best non-flush value */
    const uint8_t *om_low8;        /* [65536] best 8-or-better low by board << 8 | hole masks */
    const uint8_t *pair_id;        /* [169] index of an unordered pair of ranks, r1 * 13 + r2 */
    uint32_t board_mult, board_row_bits, board_slot_bits, n_boards, n_pairs;
    uint64_t om_board_start, om_hole_start;  /* suit counters' starting values (omaha.c) */
} pe_tables_t;
PE_API const pe_tables_t *pe_tables(void);

/* The incremental 7-card table (incr7.c), for pyeval.numba_hand, built on the first call
 * (NULL if that failed). A hand is key = key_start + sum of card_key[card] and mask = OR of
 * card_mask[card]. Seven cards: if key & flush_bits, flush[(mask >> ((4 * clz64(key &
 * flush_bits)) & 63)) & 0x1FFF]; otherwise values[(uint32_t)((uint32_t)key +
 * offsets[(uint32_t)key >> shift])]. */
typedef struct {
    const uint64_t *card_key;      /* [256] rank multiplier | suit counter bit, 0 past 51 */
    const uint64_t *card_mask;     /* [256] 1 << (48 - 16 * suit + rank), 0 past 51 */
    const uint32_t *offsets;       /* [n_rows] row offsets (modulo 2^32) */
    const uint16_t *values;        /* [n_values] high value by slot */
    const uint16_t *flush;         /* [8192] best flush by 13-bit rank mask */
    uint64_t key_start, flush_bits;
    uint32_t shift, n_rows, n_values;
    /* six cards made ready for a seventh (incr7.c, build_six): i = six_index[(uint32_t)(
     * key6 + six_offsets[key6 >> shift])] for the six cards' rank key key6, and the value
     * with a card of rank r added is after6[13 * i + r] unless that makes a flush */
    const uint32_t *six_offsets;   /* [n_six_rows] */
    const uint16_t *six_index;     /* [n_six_slots] number of the six-card multiset */
    const uint16_t *after6;        /* [13 * n_six] */
    const uint64_t *card_after6;   /* [256] rank | suit counter bit, 0 past 51 */
    uint32_t n_six_rows, n_six_slots, n_six;
} pe_incr7_t;
PE_API const pe_incr7_t *pe_incr7_tables(void);
PE_API size_t pe_incr7_bytes(void);   /* 0 until pe_incr7_tables has built them */


#endif
