"""The 13x13 grid of two-card starting hands: pairs on the diagonal, suited hands above
it, offsuit hands below it; aces first.

Row ``i`` and column ``j`` run over the ranks A, K, ..., 2. The cell ``(i, j)`` holds the
pair when ``i == j``, the suited hand of ranks ``i`` and ``j`` when ``i < j`` (``AKs`` is
``(0, 1)``) and the offsuit hand when ``i > j`` (``AKo`` is ``(1, 0)``). A cell's weight is
the mean weight of its combinations (absent ones count 0), so a full cell is 1.

>>> CELLS[0][1], CELLS[1][0], CELLS[12][12], CELLS[0].index("AKs")
('AKs', 'AKo', '22', 1)
>>> cell_of(51, 47), len(cell_combos("AKo"))
((0, 1), 12)
>>> print(grid_text(parse_range("QQ+, AKs")).splitlines()[1])
A  AA  AKs .   .   .   .   .   .   .   .   .   .   .
"""
from __future__ import annotations

import html
from collections.abc import Sequence

import numpy as np

from pyeval.cards import RANKS
from pyeval.equity.ranges import COMBOS, Range, RangeError, combo_index, parse_range

__all__ = ["CELLS", "CELL_COMBOS", "LABELS", "cell_combos", "cell_index", "cell_of",
           "from_grid", "grid_html", "grid_png", "grid_text", "grid_weights"]

_ORDER = RANKS[::-1]                       # "AKQJT98765432"
#: labels of the 169 cells, CELLS[row][col]
CELLS: tuple[tuple[str, ...], ...] = tuple(
    tuple(_ORDER[i] * 2 if i == j else
          (_ORDER[i] + _ORDER[j] + "s" if i < j else _ORDER[j] + _ORDER[i] + "o")
          for j in range(13)) for i in range(13))
#: the 169 labels, row by row
LABELS: tuple[str, ...] = tuple(lab for row in CELLS for lab in row)


def cell_of(a: int, b: int) -> tuple[int, int]:
    """Grid cell (row, col) of the combination of cards ``a`` and ``b``."""
    ra, rb = 12 - (max(a, b) >> 2), 12 - (min(a, b) >> 2)
    if ra == rb:
        return ra, ra
    if (a & 3) == (b & 3):
        return ra, rb
    return rb, ra


def _cell_table() -> np.ndarray:
    out = np.zeros(1326, dtype=np.int64)
    for k, (a, b) in enumerate(COMBOS.tolist()):
        i, j = cell_of(a, b)
        out[k] = 13 * i + j
    return out


#: cell index (13 * row + col) of each of the 1,326 combinations, by combo_index
CELL_OF_COMBO = _cell_table()
#: combination indices of each of the 169 cells
CELL_COMBOS: tuple[np.ndarray, ...] = tuple(np.flatnonzero(c == CELL_OF_COMBO)
                                            for c in range(169))


def cell_index(label: str) -> int:
    """Index 13 * row + col of a cell label such as ``"AKs"``, ``"T9o"`` or ``"22"``."""
    try:
        return LABELS.index(label)
    except ValueError:
        raise RangeError(f"{label!r} is not a grid cell: cells are pairs (AA), suited (AKs) "
                         f"or offsuit (AKo) hands") from None


def cell_combos(label: str) -> list[tuple[int, int]]:
    """The combinations (higher card first) of one cell."""
    return [tuple(int(x) for x in COMBOS[k]) for k in CELL_COMBOS[cell_index(label)]]  # type: ignore[misc]


def combo_cells(r: Range) -> np.ndarray:
    """Cell index of each combination of a range."""
    idx = np.array([combo_index(int(a), int(b)) for a, b in r.cards], dtype=np.int64)
    return CELL_OF_COMBO[idx] if len(idx) else idx


def grid_weights(r: Range, values: Sequence[float] | np.ndarray | None = None) -> np.ndarray:
    """13x13 array: each cell's weight (the mean over its combinations, absent ones 0), or
    with ``values`` (one per combination of ``r``) each cell's mean value weighted by the
    combinations' weights (NaN where the cell is empty).

    >>> grid_weights(parse_range("AA, 0.5(AKs)"))[0, :2].tolist()
    [1.0, 0.5]
    """
    cells = combo_cells(r)
    w = np.bincount(cells, weights=r.weights, minlength=169) if len(r) else np.zeros(169)
    if values is None:
        size = np.array([len(c) for c in CELL_COMBOS], dtype=np.float64)
        return (w / size).reshape(13, 13)
    v = np.asarray(values, dtype=np.float64)
    if v.shape != (len(r),):
        raise ValueError(f"values: one per combination ({len(r)}), got shape {v.shape}")
    num = np.bincount(cells, weights=r.weights * v, minlength=169) if len(r) else w
    with np.errstate(invalid="ignore", divide="ignore"):
        out = np.where(w > 0, num / np.where(w > 0, w, 1.0), np.nan)
    return out.reshape(13, 13)


def _fmt(x: float) -> str:
    return f"{x:.3g}".lstrip("0") if 0 < x < 1 else f"{x:g}"


def labelled(rows: Sequence[Sequence[str]], width: int) -> str:
    """13 rows of 13 cell texts under a header of the column ranks, each row after its
    rank (the layout of every text grid)."""
    head = "   " + " ".join(rank.ljust(width) for rank in _ORDER)
    body = [_ORDER[i] + "  " + " ".join(s.ljust(width) for s in row)
            for i, row in enumerate(rows)]
    return "\n".join(line.rstrip() for line in [head, *body])


def grid_text(r: Range) -> str:
    """The grid as text: a header of the column ranks, then 13 rows, each after its rank;
    a full cell shows its label, an empty one ``.``, a partly weighted one
    ``label:weight`` (readable back by :func:`from_grid`)."""
    g = grid_weights(r)
    rows = [["." if g[i, j] == 0 else (CELLS[i][j] if abs(g[i, j] - 1) < 1e-12 else
                                        f"{CELLS[i][j]}:{_fmt(float(g[i, j]))}")
             for j in range(13)] for i in range(13)]
    return labelled(rows, max(3, max(len(s) for row in rows for s in row)))


def _grid_rows(text: str) -> list[list[str]]:
    """The 13 rows of 13 cells of a text grid, without its rank labels when it has them."""
    rows = [ln.split() for ln in text.strip().splitlines() if ln.strip()]
    if len(rows) == 14 and rows[0] == list(_ORDER):
        rows = rows[1:]
        if all(len(r) == 14 and r[0] == _ORDER[i] for i, r in enumerate(rows)):
            rows = [r[1:] for r in rows]
    if len(rows) != 13 or any(len(r) != 13 for r in rows):
        raise RangeError(f"a grid is 13 lines of 13 cells (with or without a header of "
                         f"ranks and a rank before each line); got {len(rows)} lines of "
                         f"{sorted({len(r) for r in rows})} cells")
    return rows


def from_grid(grid: str | Sequence[Sequence[float]] | np.ndarray) -> Range:
    """A range from a grid: the text of :func:`grid_text` (13 lines of 13 cells, each
    ``.``/``-``/``0`` for empty, a label, ``label:weight`` or a bare weight; the rank
    labels optional), or a 13x13 array of cell weights in [0, 1].

    >>> from_grid(grid_text(parse_range("KK+, 0.5(AKs)"))).cells()
    {'AA': 1.0, 'AKs': 0.5, 'KK': 1.0}
    """
    if isinstance(grid, str):
        rows = _grid_rows(grid)
        weights = np.zeros((13, 13))
        for i, row in enumerate(rows):
            for j, cell in enumerate(row):
                weights[i, j] = _cell_weight(cell, CELLS[i][j])
    else:
        weights = np.asarray(grid, dtype=np.float64)
        if weights.shape != (13, 13):
            raise RangeError(f"a grid is a 13x13 array, not shape {weights.shape}")
    if not np.all(np.isfinite(weights)) or weights.min() < 0:
        raise RangeError("grid weights must be finite and at least 0")
    flat = weights.reshape(169)
    idx = [k for c in range(169) if flat[c] > 0 for k in CELL_COMBOS[c].tolist()]
    if not idx:
        raise RangeError("the grid is empty: no cell has a weight")
    w = np.array([flat[CELL_OF_COMBO[k]] for k in idx])
    return Range(COMBOS[np.array(idx)], w, "grid")


def _cell_weight(cell: str, label: str) -> float:
    if cell in (".", "-", "0"):
        return 0.0
    name, _, wt = cell.partition(":")
    if name not in (label, "") and wt == "" and name.replace(".", "", 1).isdigit():
        wt, name = name, label
    if name != label:
        raise RangeError(f"grid cell {cell!r} stands where {label!r} belongs")
    try:
        x = 1.0 if wt == "" else float(wt)
    except ValueError:
        raise RangeError(f"cannot read the weight of grid cell {cell!r}") from None
    if not 0 <= x <= 1e6 or x != x:
        raise RangeError(f"grid cell {cell!r}: the weight must be a number >= 0")
    return x


def _colour(x: float) -> str:
    """White (0) to dark green (1); NaN grey."""
    if x != x:
        return "#dddddd"
    x = min(max(x, 0.0), 1.0)
    r, g, b = (int(255 + (c - 255) * x) for c in (26, 140, 60))
    return f"#{r:02x}{g:02x}{b:02x}"


def grid_html(r: Range, values: Sequence[float] | np.ndarray | None = None, title: str = "") -> str:
    """An HTML table of the grid, cells shaded by weight (or by ``values``, e.g. each
    combination's equity, averaged per cell)."""
    g = grid_weights(r) if values is None else grid_weights(r, values)
    out = ["<table class='pyeval-grid' style='border-collapse:collapse;"
           "font-family:monospace;font-size:12px'>"]
    if title:
        out.append(f"<caption>{html.escape(title)}</caption>")
    for i in range(13):
        out.append("<tr>")
        for j in range(13):
            x = float(g[i, j])
            txt = CELLS[i][j] if x != x else f"{CELLS[i][j]}<br>{100 * x:.0f}%"
            out.append(f"<td style='background:{_colour(x)};border:1px solid #999;"
                       f"padding:3px;text-align:center'>{txt}</td>")
        out.append("</tr>")
    out.append("</table>")
    return "\n".join(out)


def grid_png(r: Range, path: str, values: Sequence[float] | np.ndarray | None = None,
             title: str = "") -> str:
    """A PNG heatmap of the grid (matplotlib, imported here: a clear error when it is not
    installed). Returns ``path``."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise RuntimeError("the PNG grid needs matplotlib, which is not installed: "
                           "pip install matplotlib (the text and HTML grids need "
                           "nothing)") from None
    g = grid_weights(r) if values is None else grid_weights(r, values)
    fig, ax = plt.subplots(figsize=(7, 7))
    ax.imshow(np.nan_to_num(g, nan=0.0), cmap="Greens", vmin=0, vmax=1)
    for i in range(13):
        for j in range(13):
            x = float(g[i, j])
            sub = "" if x != x else f"\n{100 * x:.0f}"
            ax.text(j, i, CELLS[i][j] + sub, ha="center", va="center", fontsize=6.5,
                    color="white" if x == x and x > 0.6 else "black")
    ax.set_xticks([])
    ax.set_yticks([])
    if title:
        ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


_ = parse_range        # re-exported for the doctests above
