"""Player models: parameters, named presets, and how a field mixes them.

A :class:`PlayerModel` is a handful of numbers (see ``docs/simulation.md`` for what each
does at the table). A *field* says which model each entrant plays: one model for all, a
mapping of models to weights (each entrant draws a model, seeded per tournament), a
list with one model per entrant, or a *field file* (a ``.toml`` path: :func:`load_field`,
written by ``pyeval sim fit``; ``--field FILE.toml`` of ``pyeval tournament simulate`` and
``tune``).

Example:
    >>> m = MODELS["tight_aggressive"]
    >>> m.kind, m.loose < 1 < MODELS["loose_passive"].loose
    ('ranges', True)
    >>> [x.name for x in resolve_field({"push_fold": 1, "balanced": 3}, 4)[0]]
    ['push_fold', 'balanced']
"""
from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any, Union

import numpy as np

from pyeval.sim.kernel import layout as lay

KINDS = ("push_fold", "ranges", "limper", "station")
DEPTHS = ("bb", "m")

#: the push-or-fold shove share at depth d with n players behind is the heads-up chip-EV
#: equilibrium's share at d (:func:`pyeval.sim.players.nash.shove_shares`, computed from exact
#: equities) times n**-0.8: exact for the small blind with only the big blind behind, and
#: for more players behind the approximation of published no-ante ranges (about 11 % under
#: the gun at 10 big blinds with eight behind, where the equilibrium's 58 % x 8**-0.8 = 11 %).
PUSH_BEHIND_EXP = 0.8
#: opening shares by players behind (0: the big blind, 1: small blind, 2: button, ...)
OPEN_BY_BEHIND = (1.0, 0.40, 0.42, 0.27, 0.21, 0.17, 0.15, 0.13, 0.12, 0.11)


@dataclass(frozen=True)
class PlayerModel:
    """How one simulated player plays (see ``docs/simulation.md``).

    ``kind``: ``"push_fold"`` (all-in or fold before the flop) or ``"ranges"`` (open, call,
    three-bet and continue by position; push-or-fold at or below ``push_depth``).
    ``loose``: multiplies every range deeper than push-or-fold (0.7 tight, 1.4 loose). ``aggression``: 0 passive to 1
    aggressive (three-bets, bets and raises more). ``depth``: ``"bb"`` measures the stack in
    big blinds, ``"m"`` as 1.5 x M so antes widen the ranges. ``call_margin``: calls an
    all-in when its equity is at least the price times this. ``open_size``: open raise in
    big blinds. ``cbet``: chance of a continuation bet without a hand. ``push_dev``: how
    far the shoving ranges stray from the equilibrium, -1 to 1: above 0 the player also
    shoves that share of the hands the equilibrium folds (0.2: a fifth of them), below 0
    it drops that share of the hands the equilibrium shoves (calls stray by
    ``call_margin``).

    Example:
        >>> PlayerModel("push_fold", loose=1.2).row()[:3].tolist()
        [0.0, 1.2, 0.5]
    """

    kind: str = "ranges"
    loose: float = 1.0
    aggression: float = 0.5
    push_depth: float = 12.0
    depth: str = "m"
    call_margin: float = 1.0
    open_size: float = 2.5
    cbet: float = 0.6
    push_dev: float = 0.0
    name: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown model kind {self.kind!r}; allowed: {', '.join(KINDS)}")
        if self.depth not in DEPTHS:
            raise ValueError(f"depth must be one of {', '.join(DEPTHS)}, got {self.depth!r}")
        if not 0.1 <= self.loose <= 5:
            raise ValueError(f"loose must be between 0.1 and 5, got {self.loose}")
        if not 0 <= self.aggression <= 1:
            raise ValueError(f"aggression must be between 0 and 1, got {self.aggression}")
        if not 0 < self.call_margin <= 3:
            raise ValueError(f"call_margin must be above 0 and at most 3, got {self.call_margin}")
        if not -1 <= self.push_dev <= 1:
            raise ValueError(f"push_dev must be between -1 and 1, got {self.push_dev}")
        if self.push_depth < 0 or self.open_size < 1 or not 0 <= self.cbet <= 1:
            raise ValueError("push_depth >= 0, open_size >= 1 and 0 <= cbet <= 1 are required")

    def row(self) -> np.ndarray:
        """The model as the kernel reads it (``MP_*`` columns)."""
        r = np.zeros(lay.MP_COLS)
        r[lay.MP_KIND] = KINDS.index(self.kind)
        r[lay.MP_LOOSE] = self.loose
        r[lay.MP_AGGR] = self.aggression
        r[lay.MP_PUSH_DEPTH] = self.push_depth
        r[lay.MP_DEPTH_M] = 1.0 if self.depth == "m" else 0.0
        r[lay.MP_CALL_MARGIN] = self.call_margin
        r[lay.MP_OPEN_SIZE] = self.open_size
        r[lay.MP_CBET] = self.cbet
        return r

    def push_table(self) -> np.ndarray:
        """Shove share by players behind (0..9) and depth index (depth x 4): the
        equilibrium's (see :data:`PUSH_BEHIND_EXP`) moved by ``push_dev``.

        Example:
            >>> t = PlayerModel("push_fold").push_table()
            >>> round(float(t[1, 40]), 2), round(float(t[8, 40]), 2)      # 10 big blinds
            (0.58, 0.11)
            >>> round(float(PlayerModel("push_fold", push_dev=0.5).push_table()[1, 40]), 2)
            0.79
        """
        from pyeval.sim.players.nash import shove_shares

        nb = np.maximum(np.arange(lay.PUSH_BEHIND), 1).astype(float)
        d = (np.arange(lay.PUSH_DEPTH_STEPS) + 0.5) / 4.0
        r = shove_shares(d)[None, :] * nb[:, None] ** -PUSH_BEHIND_EXP
        if self.push_dev >= 0:
            r = r + self.push_dev * (1.0 - r)
        else:
            r = r * (1.0 + self.push_dev)
        return np.minimum(r, 1.0)

    def open_table(self) -> np.ndarray:
        """Opening share by players behind (0..9)."""
        return np.minimum(np.array(OPEN_BY_BEHIND) * self.loose, 1.0)


#: presets named for populations (targets and sources: :mod:`pyeval.sim.players.presets`,
#: ``docs/players.md``), the default ``balanced`` (the online regular), and the older style
#: presets. The regular's ``call_margin`` 1.1: the fit of the shared online hands asks for
#: 1.25-1.5 (fewer called all-ins), Nash push/fold for 1.0 (it prices every push-or-fold
#: call); 1.1 meets every target and calls 24-33 % of shoves at 8-12 BB (docs/players.md)
ONLINE_REGULAR = PlayerModel("ranges", 1.35, 0.6, call_margin=1.1, name="online_regular")
MODELS: dict[str, PlayerModel] = {
    "online_regular": ONLINE_REGULAR,
    "live_recreational": PlayerModel("limper", 0.92, 0.3, call_margin=0.9, push_dev=0.15,
                                     name="live_recreational"),
    "nit": PlayerModel("ranges", 0.6, 0.5, call_margin=1.15, push_dev=-0.3, name="nit"),
    "maniac": PlayerModel("ranges", 2.75, 1.0, open_size=3.0, call_margin=0.8, push_dev=0.4,
                          name="maniac"),
    "calling_station": PlayerModel("station", 1.1, 0.1, call_margin=0.8, push_dev=-0.2,
                                   name="calling_station"),
    "push_fold": PlayerModel("push_fold", name="push_fold"),
    "balanced": replace(ONLINE_REGULAR, name="balanced"),
    "tight_passive": PlayerModel("ranges", 0.7, 0.2, call_margin=1.1, push_dev=-0.3,
                                 name="tight_passive"),
    "tight_aggressive": PlayerModel("ranges", 0.75, 0.8, push_dev=-0.1, name="tight_aggressive"),
    "loose_passive": PlayerModel("ranges", 1.5, 0.2, call_margin=0.85, push_dev=0.1,
                                 name="loose_passive"),
    "loose_aggressive": PlayerModel("ranges", 1.4, 0.85, call_margin=0.9, push_dev=0.25,
                                    name="loose_aggressive"),
}

ModelLike = Union[str, PlayerModel]
FieldLike = Union[ModelLike, Mapping[ModelLike, float], Sequence[ModelLike], "os.PathLike[str]"]


def get_model(m: ModelLike) -> PlayerModel:
    """A model by preset name, or the model itself.

    Example:
        >>> get_model("nit").loose
        0.6
    """
    if isinstance(m, PlayerModel):
        return m if m.name else replace(m, name=f"{m.kind}")
    if isinstance(m, str):
        if m not in MODELS:
            raise ValueError(f"unknown player model {m!r}; presets: {', '.join(MODELS)} (a field "
                             f"may also be home_game, club_night, online or a .toml field file)")
        return MODELS[m]
    raise TypeError(f"a player model is a preset name or a PlayerModel, not {type(m).__name__}")


#: the ``format`` value of a field file, and its version
FIELD_FORMAT = "pyeval-field"
FIELD_VERSION = 1
#: the parameters a field file's model may set (those of :class:`PlayerModel`)
MODEL_KEYS = tuple(f.name for f in fields(PlayerModel))


def is_field_file(field: object) -> bool:
    """True when ``field`` names a field file (a path ending in ``.toml``).

    Example:
        >>> is_field_file("club.toml"), is_field_file("balanced")
        (True, False)
    """
    return isinstance(field, (str, os.PathLike)) and str(field).lower().endswith(".toml")


def field_from_dict(data: Mapping[str, Any], where: str = "field file") -> dict[PlayerModel, float]:
    """The field (``{model: weight}``) of a parsed field file (see :func:`load_field`).

    Example:
        >>> f = field_from_dict({"format": "pyeval-field", "version": 1, "model": [
        ...     {"preset": "nit", "weight": 1},
        ...     {"name": "mine", "kind": "limper", "loose": 1.2, "weight": 3}]})
        >>> [(m.name, m.kind, m.loose, w) for m, w in f.items()]
        [('nit', 'ranges', 0.6, 1.0), ('mine', 'limper', 1.2, 3.0)]
    """
    if data.get("format") != FIELD_FORMAT or data.get("version") != FIELD_VERSION:
        raise ValueError(f"{where}: not a pyeval field file (it needs format = "
                         f"\"{FIELD_FORMAT}\" and version = {FIELD_VERSION})")
    entries = data.get("model")
    if not isinstance(entries, list) or not entries:
        raise ValueError(f"{where}: a field file needs at least one [[model]] table")
    out: dict[PlayerModel, float] = {}
    for i, e in enumerate(entries, 1):
        if not isinstance(e, Mapping):
            raise ValueError(f"{where}: model {i} is not a table")
        extra = set(e) - set(MODEL_KEYS) - {"preset", "weight"}
        if extra:
            raise ValueError(f"{where}: model {i}: unknown key {sorted(extra)[0]!r}; allowed: "
                             f"preset, weight, {', '.join(MODEL_KEYS)}")
        w = e.get("weight", 1.0)
        if isinstance(w, bool) or not isinstance(w, (int, float)) or not (
                math.isfinite(w) and w >= 0):
            raise ValueError(f"{where}: model {i}: weight must be a number >= 0, got {w!r}")
        base = get_model(e["preset"]) if "preset" in e else PlayerModel()
        params = {k: e[k] for k in MODEL_KEYS if k in e}
        try:
            m = replace(base, **params)
        except (TypeError, ValueError) as err:
            raise ValueError(f"{where}: model {i}: {err}") from None
        if not m.name:
            m = replace(m, name=f"{m.kind}_{i}")
        out[m] = out.get(m, 0.0) + float(w)
    if sum(out.values()) <= 0:
        raise ValueError(f"{where}: the weights of the models are all zero")
    return out


def load_field(path: str | os.PathLike[str]) -> dict[PlayerModel, float]:
    """The field of a field file: TOML with ``format = "pyeval-field"``, ``version = 1``,
    optional ``name`` and ``description``, and one ``[[model]]`` table per model: a
    ``weight`` (default 1), optionally a ``preset`` to start from, and any
    :class:`PlayerModel` parameter (``kind``, ``loose``, ...). Other tables (``[fit]``,
    written by ``pyeval sim fit``) are notes and not read.

    Example:
        >>> import tempfile
        >>> d = tempfile.mkdtemp()
        >>> p = write_field(Path(d) / "f.toml", {PlayerModel("limper", 1.2, name="a"): 2,
        ...                                      "nit": 1}, name="club")
        >>> [(m.name, w) for m, w in load_field(p).items()]
        [('a', 2.0), ('nit', 1.0)]
    """
    import tomllib

    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise ValueError(f"cannot read the field file {p}: {e.strerror or e}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ValueError(f"{p}: not TOML: {e}") from None
    return field_from_dict(data, str(p))


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(float(v)) if isinstance(v, float) else str(v)
    if isinstance(v, str):
        # JSON's string escapes are TOML's (control characters as \uXXXX); DEL too
        return json.dumps(v, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, Mapping):
        return "{ " + ", ".join(f"{k} = {_toml_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {type(v).__name__} to a field file")


def field_toml(field: Mapping[ModelLike, float], *, name: str = "", description: str = "",
               notes: Mapping[str, Any] | None = None) -> str:
    """The text of a field file for ``{model: weight}`` (see :func:`load_field`); every
    parameter of each model is written; ``notes`` go to a ``[fit]`` table.

    Example:
        >>> print(field_toml({"nit": 1}, name="nits").splitlines()[4])
        name = "nits"
    """
    lines = ["# pyeval field file: player models and their weights.",
             "# Use: pyeval tournament simulate|tune ... --field THIS_FILE.toml",
             f'format = "{FIELD_FORMAT}"', f"version = {FIELD_VERSION}"]
    if name:
        lines.append(f"name = {_toml_value(name)}")
    if description:
        lines.append(f"description = {_toml_value(description)}")
    for m, w in field.items():
        pm = get_model(m)
        lines += ["", "[[model]]", f"weight = {_toml_value(float(w))}"]
        lines += [f"{k} = {_toml_value(getattr(pm, k))}" for k in MODEL_KEYS]
    if notes:
        lines += ["", "[fit]"] + [f"{k} = {_toml_value(v)}" for k, v in notes.items()]
    return "\n".join(lines) + "\n"


def write_field(path: str | os.PathLike[str], field: Mapping[ModelLike, float],
                **kw: Any) -> Path:
    """Write :func:`field_toml` to ``path`` (a ``.toml`` name); returns the path."""
    p = Path(path)
    if not is_field_file(p):
        raise ValueError(f"a field file's name ends in .toml, got {p.name!r}")
    p.write_text(field_toml(field, **kw), encoding="utf-8")
    return p


def resolve_field(field: FieldLike, players: int) -> tuple[list[PlayerModel], np.ndarray, np.ndarray]:
    """``(models, assign, cumulative weights)`` for the kernel.

    ``assign[p]`` is the model of entrant ``p``, or -1 when it is drawn from the weights. A
    ``.toml`` path is a field file (:func:`load_field`); the name of a mixed field of
    :data:`pyeval.sim.players.presets.FIELDS` (``"home_game"``, ``"club_night"``, ``"online"``) is
    its mix.

    Example:
        >>> models, assign, w = resolve_field(["push_fold", "balanced", "push_fold"], 3)
        >>> [m.name for m in models], assign.tolist()
        (['push_fold', 'balanced'], [0, 1, 0])
        >>> [m.name for m in resolve_field("home_game", 10)[0]]
        ['live_recreational', 'calling_station', 'nit']
    """
    if isinstance(field, os.PathLike) or (isinstance(field, str) and is_field_file(field)):
        if not is_field_file(field):
            raise ValueError(f"a field file's name ends in .toml, got {os.fspath(field)!r}")
        loaded: dict[ModelLike, float] = dict(load_field(field).items())
        return resolve_field(loaded, players)
    if isinstance(field, str) and field not in MODELS:
        from pyeval.sim.players.presets import FIELDS as MIXES

        if field in MIXES:                    # a mixed field by name: "home_game", ...
            return resolve_field(MIXES[field], players)
    if isinstance(field, (str, PlayerModel)):
        return [get_model(field)], np.zeros(players, np.int64), np.ones(1)
    if isinstance(field, Mapping):
        if not field:
            raise ValueError("the field mapping is empty: give at least one model and weight")
        drawn = [get_model(m) for m in field]
        w = np.array([float(v) for v in field.values()])
        if (w < 0).any() or w.sum() <= 0:
            raise ValueError("model weights must be non-negative and not all zero")
        cum = np.cumsum(w / w.sum())
        cum[-1] = 1.0
        return drawn, np.full(players, -1, np.int64), cum
    seq = list(field)
    if len(seq) != players:
        raise ValueError(f"a field list needs one model per entrant: {players}, got {len(seq)}")
    models: list[PlayerModel] = []
    names: dict[PlayerModel, int] = {}
    assign = np.empty(players, np.int64)
    for i, m in enumerate(seq):
        pm = get_model(m)
        if pm not in names:
            names[pm] = len(models)
            models.append(pm)
        assign[i] = names[pm]
    return models, assign, np.ones(len(models))
