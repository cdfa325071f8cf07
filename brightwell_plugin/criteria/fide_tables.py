"""FIDE Rating Regulations B.02 (effective 1 March 2024), tables 8.1.1 and 8.1.2."""

from __future__ import annotations

from bisect import bisect_left

# 8.1.1: dp for a fractional score p = 0.50 ... 1.00 (p below 0.50: -dp of 1 - p).
_DP_UPPER = [0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
             166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
             383, 401, 422, 444, 470, 501, 538, 589, 677, 800]


def dp(p_hundredths: int) -> int:
    """dp for a score percentage 0..100 (integer hundredths of a point per game)."""
    if p_hundredths >= 50:
        return _DP_UPPER[p_hundredths - 50]
    return -_DP_UPPER[50 - p_hundredths]


# 8.1.2: the higher-rated player's expected score PD by rating difference: the upper bound of
# each band of differences, for PD = 0.50, 0.51, ... 0.99; beyond 735, 1.00.
_PD_BANDS = [3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162,
             170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374,
             391, 411, 432, 456, 484, 517, 559, 619, 735]


def pd_hundredths(diff: int) -> int:
    """Expected score (in hundredths) of a player rated ``diff`` points above his opponent."""
    d = abs(diff)
    pd = 50 + bisect_left(_PD_BANDS, d) if d <= _PD_BANDS[-1] else 100
    return pd if diff >= 0 else 100 - pd
