/* Omaha: exactly two hole cards and three board cards, without trying all 60/100/150 choices.
 *
 * High, without flushes. The best hand from a hole pair and a five-card board depends only on
 * the two hole ranks (91 unordered pairs) and the board's rank multiset (6,175 of them). One
 * table holds, for every board multiset, the best non-flush value for each of the 91 pairs,
 * a row of 91 values (182 bytes) per board: a hand finds its board row once, through a small
 * perfect hash of the board's rank key, then reads one entry per hole pair from that row, which
 * stays within three cache lines. 4 hole cards cost 6 reads, 5 cost 10, 6 cost 15.
 *
 * Flushes. A flush needs three board cards and two hole cards of one suit. The suit counters of
 * keys.h do the test in one AND: the board's counters start at 5 (bit 3 set from three cards)
 * and the hole's at 6 (bit 3 set from two). Only then is the slow path taken, which tries the
 * suited pairs against the suited board triples in the flush table.
 *
 * Low (8 or better). The best low depends only on the set of distinct ranks A..8 on the board
 * and in the hand: any two distinct low hole ranks are two hole cards, and the best three board
 * ranks to join them are the three lowest not among them. One byte per (board set, hole set):
 * a single lookup whatever the number of hole cards.
 */
#include <stdlib.h>
#include <string.h>
#include "pyeval.h"
#include "eval_inline.h"
#include "values.h"

#define N_BOARDS 6175           /* rank multisets of five cards, at most four of a rank */
#define N_PAIRS 91
#define BOARD_ROW_BITS 11
#define BOARD_SLOT_BITS 14
#define OM_BOARD_START (0x5555ull << PE_SUIT_SHIFT)
#define OM_HOLE_START (0x6666ull << PE_SUIT_SHIFT)

static uint8_t pair_id[13 * 13];
#define BOARD_MULT 0x9E3779B1u   /* the first multiplier phash.c tries; checked at init */
static uint32_t board_disp[1u << BOARD_ROW_BITS];
static pe_phash board_hash = {0, BOARD_ROW_BITS, BOARD_SLOT_BITS, board_disp};

static inline uint32_t board_slot(uint32_t key)
{
    uint32_t row = (key * BOARD_MULT) >> (32 - BOARD_ROW_BITS);
    return (key + board_disp[row]) & ((1u << BOARD_SLOT_BITS) - 1u);
}
static uint16_t board_id[1u << BOARD_SLOT_BITS];
static uint16_t om_high[N_BOARDS * N_PAIRS];
static uint8_t om_low8[256 * 256];
/* The board's low ranks A..8 (om_low8's row), by board id: a board's rank multiset fixes them,
 * so the batch reads one byte from the id it already found for the high row, instead of five
 * card loads (callgrind: 10 instructions a hand fewer). A board with fewer than three low ranks
 * gets row 0, which is all zeros like its own row: those boards (about 4 in 10 at random) all
 * read the same 256 bytes, which stay in L1, and no branch is taken on them. */
static uint8_t board_low[N_BOARDS];

void pe_omaha_view(void *v)
{
    pe_tables_t *t = v;
    t->board_disp = board_disp;
    t->board_id = board_id;
    t->om_high = om_high;
    t->om_low8 = om_low8;
    t->pair_id = pair_id;
    t->board_mult = BOARD_MULT;
    t->board_row_bits = BOARD_ROW_BITS;
    t->board_slot_bits = BOARD_SLOT_BITS;
    t->n_boards = N_BOARDS;
    t->n_pairs = N_PAIRS;
    t->om_board_start = OM_BOARD_START;
    t->om_hole_start = OM_HOLE_START;
}

size_t pe_omaha_bytes(void)
{
    return sizeof pair_id + sizeof board_disp + sizeof board_id + sizeof om_high + sizeof om_low8 +
           sizeof board_low;
}

static int boards_of(uint8_t cnt[13], int r, int n, uint8_t (*out)[5], uint32_t *keys, int *k)
{
    if (n == 5) {
        int j = 0;
        for (int q = 0; q < 13; q++)
            for (int t = 0; t < cnt[q]; t++) out[*k][j++] = (uint8_t)q;
        uint32_t key = 0;
        for (int i = 0; i < 5; i++) key += pe_pow5[out[*k][i]];
        keys[*k] = key;
        (*k)++;
        return 0;
    }
    if (r == 13) return 0;
    for (int c = 0; c <= 4 && n + c <= 5; c++) {
        cnt[r] = (uint8_t)c;
        boards_of(cnt, r + 1, n + c, out, keys, k);
    }
    cnt[r] = 0;
    return 0;
}

int pe_omaha_init(void)
{
    int p = 0;
    for (int a = 0; a < 13; a++)
        for (int b = a; b < 13; b++) { pair_id[a * 13 + b] = pair_id[b * 13 + a] = (uint8_t)p++; }

    uint8_t (*boards)[5] = malloc(N_BOARDS * sizeof *boards);
    uint32_t *keys = malloc(N_BOARDS * sizeof *keys);
    if (!boards || !keys) { free(boards); free(keys); return -1; }
    uint8_t cnt[13] = {0};
    int nb = 0;
    boards_of(cnt, 0, 0, boards, keys, &nb);
    if (nb != N_BOARDS || pe_phash_build(&board_hash, keys, N_BOARDS) || board_hash.mult != BOARD_MULT) {
        free(boards); free(keys); return -4;
    }
    memset(board_id, 0, sizeof board_id);
    for (int i = 0; i < N_BOARDS; i++) board_id[board_slot(keys[i])] = (uint16_t)i;

    static const uint8_t TRIPLES[10][3] = {{0,1,2},{0,1,3},{0,1,4},{0,2,3},{0,2,4},
                                           {0,3,4},{1,2,3},{1,2,4},{1,3,4},{2,3,4}};
    for (int i = 0; i < N_BOARDS; i++) {
        uint8_t bc[13] = {0};
        uint32_t lowb = 0;
        for (int j = 0; j < 5; j++) {
            bc[boards[i][j]]++;
            lowb |= boards[i][j] == 12 ? 1u : (1u << (boards[i][j] + 1)) & PE_LOW8_BITS;
        }
        board_low[i] = (uint8_t)(__builtin_popcount(lowb) >= 3 ? lowb : 0);
        for (int a = 0; a < 13; a++)
            for (int b = a; b < 13; b++) {
                uint16_t best = 0;
                /* a pair that would make a fifth card of a rank is not a real hand */
                if (bc[a] + 1 + (a == b) <= 4 && bc[b] + 1 + (a == b) <= 4) {
                    for (int t = 0; t < 10; t++) {
                        uint32_t key = pe_pow5[a] + pe_pow5[b];
                        for (int j = 0; j < 3; j++) key += pe_pow5[boards[i][TRIPLES[t][j]]];
                        uint16_t v = pe_high_table[pe_main_slot(key)];
                        if (v > best) best = v;
                    }
                }
                om_high[i * N_PAIRS + pair_id[a * 13 + b]] = best;
            }
    }
    free(boards);
    free(keys);

    for (uint32_t B = 0; B < 256; B++)
        for (uint32_t H = 0; H < 256; H++) {
            uint16_t best = 0;
            for (uint32_t h1 = H; h1; h1 &= h1 - 1)
                for (uint32_t h2 = h1 & (h1 - 1); h2; h2 &= h2 - 1) {
                    uint32_t pair = (h1 & -h1) | (h2 & -h2), rest = B & ~pair;
                    if (__builtin_popcount(rest) < 3) continue;
                    uint16_t v = pe_low8_mask_table[pair | pe_lowest_bits(rest, 3)];
                    if (v > best) best = v;
                }
            om_low8[B << 8 | H] = (uint8_t)best;
        }
    return 0;
}

/* the flush slow path: suited hole pairs against suited board triples. The board's suit mask
 * is an OR of the cards' suit-rank bits (no test per card), and its three-card subsets are
 * listed by dropping zero, one or two of its 3-5 bits instead of walking all 2^5 sub-masks:
 * 226 -> 179 instructions a call, 70,494 calls in 10^6 random hands (callgrind). The same triples and
 * pairs as before, so the same maximum. */
static uint16_t omaha_flush(const uint8_t *hole, int nh, const uint8_t *board, int s)
{
    uint64_t srm = (pe_card_srm[board[0]] | pe_card_srm[board[1]]) |
                   (pe_card_srm[board[2]] | pe_card_srm[board[3]]) | pe_card_srm[board[4]];
    uint32_t bm = (uint32_t)(srm >> (16 * s)) & 0x1FFFu, best = 0;
    int nbits = __builtin_popcount(bm);
    if (nbits < 3) return 0;
    uint32_t trip[10];
    int nt = 0;
    if (nbits == 3)
        trip[nt++] = bm;
    else
        for (uint32_t x = bm; x; x &= x - 1) {
            uint32_t a = bm ^ (x & -x);
            if (nbits == 4)
                trip[nt++] = a;
            else
                for (uint32_t y = x & (x - 1); y; y &= y - 1) trip[nt++] = a ^ (y & -y);
        }
    uint8_t hr[8];
    int k = 0;
    for (int i = 0; i < nh && k < 8; i++)
        if (hole[i] < 52 && (hole[i] & 3) == s) hr[k++] = hole[i] >> 2;
    for (int i = 0; i < k; i++)
        for (int j = i + 1; j < k; j++) {
            uint32_t p = 1u << hr[i] | 1u << hr[j];
            for (int t = 0; t < nt; t++) {
                uint16_t v = pe_flush_table[(trip[t] | p) & 0x1FFFu];
                if (v > best) best = v;
            }
        }
    return (uint16_t)best;
}

/* the board's id (its row of om_high), from the board's key (one hash of its rank part) */
static inline uint32_t board_id_of(uint64_t bk)
{
    return board_id[board_slot((uint32_t)bk)];
}

static inline uint64_t board_key(const uint8_t *board)
{
    return OM_BOARD_START + ((pe_card_key[board[0]] + pe_card_key[board[1]]) +
                             (pe_card_key[board[2]] + pe_card_key[board[3]])) +
           pe_card_key[board[4]];
}

static inline uint64_t hole_key(const uint8_t *hole, int nh)
{
    uint64_t hk = OM_HOLE_START;
    for (int i = 0; i < nh; i++) hk += pe_card_key[hole[i]];
    return hk;
}

/* the best of the hole pairs within the board's row, and the flush test (board and hole keys) */
static inline uint16_t omaha_high_row(const uint8_t *hole, int nh, const uint8_t *board,
                                      const uint16_t *row, uint64_t bk, uint64_t hk)
{
    uint32_t r[8];
    for (int i = 0; i < nh; i++) r[i] = pe_card_rank[hole[i]];
    uint16_t best = 0;
    for (int i = 0; i < nh; i++)
        for (int j = i + 1; j < nh; j++) {
            uint16_t v = row[pair_id[r[i] * 13 + r[j]]];
            best = v > best ? v : best;
        }
    uint64_t fl = bk & hk & PE_FLUSH_BITS;
    if (__builtin_expect(fl != 0, 0)) {
        uint16_t v = omaha_flush(hole, nh, board, __builtin_ctzll(fl >> PE_SUIT_SHIFT) >> 2);
        best = v > best ? v : best;
    }
    return best;
}

static inline uint16_t omaha_high5(const uint8_t *hole, int nh, const uint8_t *board)
{
    uint64_t bk = board_key(board);
    return omaha_high_row(hole, nh, board, om_high + board_id_of(bk) * N_PAIRS, bk, hole_key(hole, nh));
}

/* the hole's low ranks A..8 */
static inline uint32_t hole_low(const uint8_t *hole, int nh)
{
    uint32_t H = 0;
    for (int i = 0; i < nh; i++) H |= pe_card_lowbit[hole[i]];
    return H & PE_LOW8_BITS;
}

static inline uint16_t omaha_low8_masks(const uint8_t *hole, int nh, const uint8_t *board, int nb)
{
    uint32_t B = 0;
    for (int i = 0; i < nb; i++) B |= pe_card_lowbit[board[i]];
    return om_low8[(B & PE_LOW8_BITS) << 8 | hole_low(hole, nh)];
}

uint16_t pe_omaha_high(const uint8_t *hole, int nh, const uint8_t *board, int nb)
{
    if (nh < 2 || nh > 8 || nb < 3 || nb > 5) return 0;
    if (nb == 5) return omaha_high5(hole, nh, board);
    return pe_best(hole, nh, board, nb, 2, 2, 0);
}

uint16_t pe_omaha_low8(const uint8_t *hole, int nh, const uint8_t *board, int nb)
{
    if (nh < 2 || nh > 8 || nb < 3 || nb > 5) return 0;
    return omaha_low8_masks(hole, nh, board, nb);
}

static uint16_t omaha_loop(const uint8_t *hole, int nh, const uint8_t *board, int nb, int kind)
{
    uint16_t best = 0;
    uint8_t c[5];
    for (int i = 0; i < nh; i++)
        for (int j = i + 1; j < nh; j++)
            for (int a = 0; a < nb; a++)
                for (int b = a + 1; b < nb; b++)
                    for (int d = b + 1; d < nb; d++) {
                        c[0] = hole[i]; c[1] = hole[j]; c[2] = board[a]; c[3] = board[b]; c[4] = board[d];
                        uint16_t v = pe_eval_kind(c, 5, kind);
                        if (v > best) best = v;
                    }
    return best;
}

uint16_t pe_omaha_high_loop(const uint8_t *hole, int nh, const uint8_t *board, int nb)
{
    return omaha_loop(hole, nh, board, nb, 0);
}

uint16_t pe_omaha_low8_loop(const uint8_t *hole, int nh, const uint8_t *board, int nb)
{
    return omaha_loop(hole, nh, board, nb, 2);
}

int64_t pe_omaha_batch_loop(const uint8_t *hole, int nh, const uint8_t *board, int nb,
                            int64_t n, uint16_t *out_high, uint16_t *out_low8)
{
    if (nh < 2 || nh > 8 || nb < 3 || nb > 5) return -2;
    for (int64_t i = 0; i < n; i++) {
        if (out_high) out_high[i] = omaha_loop(hole + i * nh, nh, board + i * nb, nb, 0);
        if (out_low8) out_low8[i] = omaha_loop(hole + i * nh, nh, board + i * nb, nb, 2);
    }
    return -1;
}

/* Batch loop. The board rows live in a 1.1 MB table, beyond the core's own cache, and a row's
 * address is known only after two dependent loads (hash row, board id). So the loop runs in
 * blocks: first it finds and prefetches the rows of a whole block of hands, then it evaluates
 * them, by which time the rows have arrived. */
#define OM_BLOCK 16

/* Hi/lo over a block (4 + 5 checked, callgrind: 170.3 -> 155.9 instructions a hand; 151.7 with
 * the flush path above): the check pass keeps the hole key of its vector sum for the flush
 * test, and the board id it finds gives both the high row and the board's low row (board_low),
 * looked up there with the hole's low ranks, so the board's cards are read once. */
typedef struct {
    const uint16_t *rows[OM_BLOCK];
    uint64_t bks[OM_BLOCK], hks[OM_BLOCK];
} om_block;

/* first pass over a block of 5-card boards: check, keys, board id, the low, and the row's
 * prefetch; the index of a bad row, or -1 */
static inline __attribute__((always_inline)) int64_t
omaha_block_keys(const uint8_t *h0, int nh, const uint8_t *b0, int m, int64_t i0,
                 om_block *k, uint16_t *out_low8, int check)
{
    for (int t = 0; t < m; t++) {
        const uint8_t *h = h0 + t * nh, *b = b0 + t * 5;
        if (check) {
            /* the vector sums of keys and card bits (keys.h) give the board and hole keys and
             * the row check together: hole and board bits summed show any card dealt twice */
            pe_v2 vb = pe_kb_sum(b, 5), vh = pe_kb_sum(h, nh);
            if (__builtin_popcountll(vb[1] + vh[1]) != nh + 5) return i0 + t;
            k->bks[t] = vb[0] + OM_BOARD_START;
            k->hks[t] = vh[0] + OM_HOLE_START;
        } else {
            k->bks[t] = board_key(b);
            k->hks[t] = hole_key(h, nh);
        }
        uint32_t id = board_id_of(k->bks[t]);
        k->rows[t] = om_high + id * N_PAIRS;
        if (out_low8) out_low8[i0 + t] = om_low8[(uint32_t)board_low[id] << 8 | hole_low(h, nh)];
        __builtin_prefetch(k->rows[t]);
        __builtin_prefetch(k->rows[t] + 32);
        __builtin_prefetch(k->rows[t] + 64);
    }
    return -1;
}

static inline __attribute__((always_inline)) int64_t
omaha_batch(const uint8_t *hole, int nh, const uint8_t *board, int nb, int64_t n,
            uint16_t *out_high, uint16_t *out_low8, int check)
{
    if (out_high && nb == 5) {
        /* software-pipelined: the keys of block j + 1 (and their rows' prefetches) are found
         * before block j is evaluated, so a row has a whole block's evaluation to arrive */
        om_block kb[2];
        int pm = 0;
        for (int64_t i0 = 0, j = 0;; i0 += OM_BLOCK, j++) {
            int m = i0 >= n ? 0 : n - i0 < OM_BLOCK ? (int)(n - i0) : OM_BLOCK;
            om_block *cur = &kb[j & 1], *prev = &kb[(j & 1) ^ 1];
            int64_t bad = omaha_block_keys(hole + i0 * nh, nh, board + i0 * 5, m, i0, cur,
                                           out_low8, check);
            if (bad >= 0) return bad;
            if (j > 0) {
                int64_t p0 = i0 - OM_BLOCK;
                for (int t = 0; t < pm; t++)
                    out_high[p0 + t] = omaha_high_row(hole + (p0 + t) * nh, nh, board + (p0 + t) * 5,
                                                      prev->rows[t], prev->bks[t], prev->hks[t]);
            }
            if (m == 0) return -1;
            pm = m;
        }
    }
    for (int64_t i0 = 0; i0 < n; i0 += OM_BLOCK) {
        int m = n - i0 < OM_BLOCK ? (int)(n - i0) : OM_BLOCK;
        const uint8_t *h0 = hole + i0 * nh, *b0 = board + i0 * nb;
        if (check)
            for (int t = 0; t < m; t++) {
                uint64_t u = 0;
                if (!pe_row_ok(h0 + t * nh, nh, &u) || !pe_row_ok(b0 + t * nb, nb, &u))
                    return i0 + t;
            }
        if (out_high)
            for (int t = 0; t < m; t++)
                out_high[i0 + t] = pe_best(h0 + t * nh, nh, b0 + t * nb, nb, 2, 2, 0);
        if (out_low8)
            for (int t = 0; t < m; t++)
                out_low8[i0 + t] = omaha_low8_masks(h0 + t * nh, nh, b0 + t * nb, nb);
    }
    return -1;
}

/* The loop with the hole and board sizes as constants for Omaha 4 + 5 (the compiler unrolls
 * the per-card and per-pair loops: about 40 % fewer instructions a hand by callgrind), and
 * as variables for the others. */
int64_t pe_omaha_batch(const uint8_t *hole, int nh, const uint8_t *board, int nb, int64_t n,
                       uint16_t *out_high, uint16_t *out_low8, int check)
{
    if (nh < 2 || nh > 8 || nb < 3 || nb > 5) return -2;
    if (nh == 4 && nb == 5 && out_high) {
        /* check and low as constants too: no test of them per hand */
        if (check)
            return out_low8 ? omaha_batch(hole, 4, board, 5, n, out_high, out_low8, 1)
                            : omaha_batch(hole, 4, board, 5, n, out_high, NULL, 1);
        return out_low8 ? omaha_batch(hole, 4, board, 5, n, out_high, out_low8, 0)
                        : omaha_batch(hole, 4, board, 5, n, out_high, NULL, 0);
    }
    return omaha_batch(hole, nh, board, nb, n, out_high, out_low8, check);
}

uint16_t pe_omaha_high_addr(uint64_t hole, int32_t nh, uint64_t board, int32_t nb)
{
    return pe_omaha_high((const uint8_t *)(uintptr_t)hole, nh, (const uint8_t *)(uintptr_t)board, nb);
}

uint16_t pe_omaha_low8_addr(uint64_t hole, int32_t nh, uint64_t board, int32_t nb)
{
    return pe_omaha_low8((const uint8_t *)(uintptr_t)hole, nh, (const uint8_t *)(uintptr_t)board, nb);
}
