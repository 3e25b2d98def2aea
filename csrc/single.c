/* One hand from Python, checked here: the count (1..7), every card below 52, no card twice,
 * by one OR of the cards' bits and a popcount (a byte above 51 has no bit). Each returns
 * the hand's value, or a negative code when the hand is not one these fast paths take
 * (pyeval/evaluate.py then runs its general path, which reads everything else and words
 * the error). Values carry PE_CARD0 / PE_CARD1 when card 0 / 1 is among the cards: a
 * Python False / True read as a card would be that card, so only then does Python look
 * for a bool (which the general path refuses). */
#include <string.h>
#include "pyeval.h"
#include "eval_inline.h"

static inline int32_t value_checked(const uint8_t *c, int n, int kind)
{
    if (n < 1 || n > 7) return PE_ONE_COUNT;
    uint64_t m = 0;
    for (int i = 0; i < n; i++) m |= pe_card_bit[c[i]];
    if (__builtin_popcountll(m) != n) return PE_ONE_CARDS;
    return (int32_t)pe_eval_kind(c, n, kind) | ((m & 1u) ? PE_CARD0 : 0) | ((m & 2u) ? PE_CARD1 : 0);
}

int32_t pe_one(const char *cards, int n, int kind)
{
    return value_checked((const uint8_t *)cards, n, kind);
}

static inline int32_t seven_checked(int kind, int32_t c0, int32_t c1, int32_t c2, int32_t c3,
                                    int32_t c4, int32_t c5, int32_t c6)
{
    /* an int outside 0..51 (negative ones too, as unsigned) fails here, not as a byte */
    if (((uint32_t)c0 > 51) | ((uint32_t)c1 > 51) | ((uint32_t)c2 > 51) | ((uint32_t)c3 > 51) |
        ((uint32_t)c4 > 51) | ((uint32_t)c5 > 51) | ((uint32_t)c6 > 51))
        return PE_ONE_CARDS;
    const uint8_t c[7] = {(uint8_t)c0, (uint8_t)c1, (uint8_t)c2, (uint8_t)c3,
                          (uint8_t)c4, (uint8_t)c5, (uint8_t)c6};
    return value_checked(c, 7, kind);
}

int32_t pe_high7_checked(int32_t c0, int32_t c1, int32_t c2, int32_t c3, int32_t c4,
                         int32_t c5, int32_t c6)
{
    return seven_checked(0, c0, c1, c2, c3, c4, c5, c6);
}

int32_t pe_razz7_checked(int32_t c0, int32_t c1, int32_t c2, int32_t c3, int32_t c4,
                         int32_t c5, int32_t c6)
{
    return seven_checked(1, c0, c1, c2, c3, c4, c5, c6);
}

int32_t pe_low87_checked(int32_t c0, int32_t c1, int32_t c2, int32_t c3, int32_t c4,
                         int32_t c5, int32_t c6)
{
    return seven_checked(2, c0, c1, c2, c3, c4, c5, c6);
}

/* where ch stands among the n characters of chars, -1 if nowhere */
static inline int index_in(const char *chars, size_t n, unsigned char ch)
{
    const char *p = memchr(chars, ch, n);
    return p ? (int)(p - chars) : -1;
}

/* rank of an ASCII character as pyeval.cards reads it (2-9, T J Q K A in either case),
 * -1 otherwise; suit likewise (c d h s in either case) */
static inline int rank_of(unsigned char ch)
{
    int i = index_in("23456789TJQKAtjqka", 18, ch);   /* lower case t..a: ranks 8..12 */
    return i < 13 ? i : i - 5;
}

static inline int suit_of(unsigned char ch)
{
    int i = index_in("cdhsCDHS", 8, ch);
    return i < 0 ? -1 : i & 3;
}

static inline int separator(unsigned char ch)
{
    return ch == ' ' || ch == ',' || ch == ';' || (ch >= '\t' && ch <= '\r') ||
           (ch >= 0x1C && ch <= 0x1F);   /* what Python's \s matches in ASCII */
}

/* the cards written in text[0..len) into c[0..max), ASCII only: their count, or
 * PE_ONE_TEXT (not cards as pyeval.cards.tokens reads ASCII) or PE_ONE_COUNT (more than max) */
static int read_text(const char *text, int len, uint8_t *c, int max)
{
    const unsigned char *s = (const unsigned char *)text;
    int n = 0, i = 0;
    while (i < len) {
        if (separator(s[i])) { i++; continue; }
        int rank;
        if (s[i] == '1' && i + 1 < len && s[i + 1] == '0') { rank = 8; i += 2; }
        else if ((rank = rank_of(s[i])) >= 0) i++;
        else return PE_ONE_TEXT;
        int suit = i < len ? suit_of(s[i]) : -1;
        if (suit < 0) return PE_ONE_TEXT;
        i++;
        if (n == max) return PE_ONE_COUNT;
        c[n++] = (uint8_t)(4 * rank + suit);
    }
    return n;
}

int32_t pe_one_text(const char *text, int len, int kind)
{
    uint8_t c[7];
    int n = read_text(text, len, c, 7);
    if (n < 0) return n;
    int32_t v = value_checked(c, n, kind);
    return v < 0 ? v : v & 0xFFFF;
}

/* Omaha: 4-6 hole cards and 3-5 board cards, no card twice among them all */
static inline int32_t omaha_checked(const uint8_t *h, int nh, const uint8_t *b, int nb, int low)
{
    if (nh < 4 || nh > 6 || nb < 3 || nb > 5) return PE_ONE_COUNT;
    uint64_t m = 0;
    for (int i = 0; i < nh; i++) m |= pe_card_bit[h[i]];
    for (int i = 0; i < nb; i++) m |= pe_card_bit[b[i]];
    if (__builtin_popcountll(m) != nh + nb) return PE_ONE_CARDS;
    int32_t v = low ? pe_omaha_low8(h, nh, b, nb) : pe_omaha_high(h, nh, b, nb);
    return v | ((m & 1u) ? PE_CARD0 : 0) | ((m & 2u) ? PE_CARD1 : 0);
}

int32_t pe_omaha_one(const char *hole, int nh, const char *board, int nb, int low)
{
    return omaha_checked((const uint8_t *)hole, nh, (const uint8_t *)board, nb, low);
}

int32_t pe_omaha_one_text(const char *hole, int hl, const char *board, int bl, int low)
{
    uint8_t h[6], b[5];
    int nh = read_text(hole, hl, h, 6);
    if (nh < 0) return nh;
    int nb = read_text(board, bl, b, 5);
    if (nb < 0) return nb;
    int32_t v = omaha_checked(h, nh, b, nb, low);
    return v < 0 ? v : v & 0xFFFF;
}
