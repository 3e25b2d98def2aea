"""The limits every structure file stays within, so no total can overflow or hang a reader.

Example:
    >>> MAX_AMOUNT == 10**15, MAX_ENTRANTS
    (True, 1000000)
"""

from __future__ import annotations

#: Arrays and inline tables nest at most this deep (a structure needs 3).
MAX_NESTING = 16
#: Every whole number in a file, and every total of chips or money a field can put in play,
#: stays at or below this: 10^15 is exact as a float64 and leaves a margin of over 9,000 to
#: the int64 the simulator counts in.
MAX_AMOUNT = 10**15
#: The largest field a structure may name.
MAX_ENTRANTS = 1_000_000
#: Rebuys counted per player for the totals when a structure allows unlimited rebuys.
UNLIMITED_REBUYS_COUNTED = 100
