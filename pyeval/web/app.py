"""The Flask app of ``pyeval serve``: start page, structure editor, simulation, blind sheet
and tournament clock. Structures being edited ("drafts") live in the app's memory.

Example:
    >>> client = create_app().test_client()
    >>> client.post("/new", data={"example": "club_3000"}).status_code
    302
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Mapping
from typing import Any, NamedTuple

from flask import Flask, Response, abort, jsonify, redirect, render_template, request, url_for

from pyeval.tournament.errors import StructureError
from pyeval.tournament.sheet import blind_sheet, level_label
from pyeval.tournament.structure import EXAMPLES_DIR, example_names, parse_structure
from pyeval.tournament.timetext import hhmm
from pyeval.tournament.tournament_structure import TournamentStructure

from .editing import check_form, structure_form
from .jobs import MAX_RUNS, Jobs
from .reports import default_setting, tune_proposal
from .seats import Room, move_text

#: drafts kept in memory, oldest dropped first
MAX_DRAFTS = 200
#: the largest structure file accepted
MAX_UPLOAD_BYTES = 1_000_000
#: a simulation's defaults on the editor page
DEFAULT_RUNS, DEFAULT_SEED = 300, 1
#: tuning's defaults: tournaments per field for the finalists, likely fields
TUNE_RUNS, TUNE_FIELDS = 100, 4
#: the most tournaments per field and likely fields one press of "tune" asks for
MAX_TUNE_RUNS, MAX_TUNE_FIELDS = 2_000, 12
#: the template's starting values on the start page
TEMPLATE_DEFAULTS = {"players": 25, "chips": 5000, "level_minutes": 20, "start": "19:00"}


class Draft(NamedTuple):
    """A structure being edited: its file name and its last valid TOML text."""

    file: str
    text: str


class Drafts:
    """The drafts by id (a random token), thread-safe."""

    def __init__(self) -> None:
        self._drafts: dict[str, Draft] = {}
        self._lock = threading.Lock()

    def add(self, draft: Draft) -> str:
        key = secrets.token_urlsafe(8)
        with self._lock:
            self._drafts[key] = draft
            while len(self._drafts) > MAX_DRAFTS:
                del self._drafts[next(iter(self._drafts))]
        return key

    def put(self, key: str, draft: Draft) -> None:
        with self._lock:
            self._drafts[key] = draft

    def get(self, key: str) -> Draft:
        with self._lock:
            draft = self._drafts.get(key)
        if draft is None:
            abort(404, description=f"no structure {key!r} here (the server was restarted?): start again")
        return draft

    def structure(self, key: str) -> tuple[Draft, TournamentStructure]:
        """The draft of that id and its structure."""
        draft = self.get(key)
        return draft, parse_structure(draft.text, draft.file)


def clock_levels(s: TournamentStructure) -> list[dict[str, Any]]:
    """The levels as the clock page's script reads them (break minutes after each level).

    Example:
        >>> from pyeval.tournament import load_structure
        >>> clock_levels(load_structure("club_3000"))[1]
        {'number': 2, 'label': '50/100', 'minutes': 20, 'hands': None, 'break_after': 10}
    """
    breaks = {b.after_level: b.minutes for b in s.breaks}
    return [{"number": lv.number, "label": level_label(lv), "minutes": lv.minutes, "hands": lv.hands,
             "break_after": breaks.get(lv.number, 0)} for lv in s.levels]


def _json_body() -> Mapping[str, Any]:
    body = request.get_json(silent=True)
    if not isinstance(body, Mapping):
        abort(400, description="send a JSON object")
    return body


def _int_arg(body: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = body.get(key, default)
    try:
        number = int(str(value).strip())
    except ValueError:
        abort(400, description=f"{key} must be a whole number, got {value!r}")
    if not low <= number <= high:
        abort(400, description=f"{key} must be {low} to {high:,}, got {number}")
    return number


def _setting_arg(body: Mapping[str, Any]) -> str | None:
    from pyeval.sim.settings import SETTINGS

    value = body.get("setting") or None
    if value is not None and value not in SETTINGS:
        abort(400, description=f"setting must be one of {', '.join(SETTINGS)}, got {value!r}")
    return value


def _start_arg(body: Mapping[str, Any]) -> str | None:
    from pyeval.tournament.timetext import parse_clock

    value = str(body.get("start") or "").strip() or None
    if value is not None:
        try:
            parse_clock(value)
        except ValueError as err:
            abort(400, description=str(err))
    return value


def create_app() -> Flask:
    """The app (``app.run`` or a WSGI server serves it; ``pyeval serve`` on 127.0.0.1)."""
    app = Flask(__name__)
    app.config["MAX_CONTENT_LENGTH"] = MAX_UPLOAD_BYTES
    drafts, jobs = Drafts(), Jobs()
    _start_routes(app, drafts)
    _edit_routes(app, drafts)
    _work_routes(app, drafts, jobs)
    _night_routes(app, drafts)
    return app


def _start_routes(app: Flask, drafts: Drafts) -> None:
    """The start page: a template, an example or the director's file."""

    def start_page(error: str = "", template: Mapping[str, Any] = TEMPLATE_DEFAULTS) -> str:
        examples = [(name, parse_structure((EXAMPLES_DIR / f"{name}.toml").read_text("utf-8"), name).name)
                    for name in example_names()]
        return render_template("start.html", examples=examples, error=error, template=template)

    def from_template(form: Mapping[str, str]) -> Any:
        from pyeval.tournament.template import structure_template

        values = {key: form.get(key, str(default)).strip() for key, default in TEMPLATE_DEFAULTS.items()}
        try:
            numbers = {}
            for key in ("players", "chips", "level_minutes"):
                if not values[key].replace(",", "").isdigit():
                    raise ValueError(f"{key.replace('_', ' ')}: a whole number, got {values[key]!r}")
                numbers[key] = int(values[key].replace(",", ""))
            text = structure_template(players=numbers["players"], starting=numbers["chips"],
                                      level_minutes=numbers["level_minutes"], start=values["start"] or None,
                                      name=form.get("name", "").strip() or None)
        except ValueError as err:
            return start_page(str(err), values), 400
        return redirect(url_for("edit", key=drafts.add(Draft("structure.toml", text))))

    @app.get("/")
    def start() -> str:
        return start_page()

    @app.post("/new")
    def new() -> Any:
        if request.form.get("source") == "template":
            return from_template(request.form)
        upload = request.files.get("file")
        if upload is not None and upload.filename:
            file = upload.filename.rsplit("/", 1)[-1]
            try:
                text = upload.read().decode("utf-8")
                parse_structure(text, file)
            except UnicodeDecodeError:
                return start_page(f"{file} is not UTF-8 text; TOML files are UTF-8: save it as UTF-8"), 400
            except StructureError as err:
                return start_page(str(err)), 400
        else:
            name = request.form.get("example", "")
            if name not in example_names():
                abort(400, description=f"unknown example {name!r}; choose one of: " + ", ".join(example_names()))
            file, text = f"{name}.toml", (EXAMPLES_DIR / f"{name}.toml").read_text("utf-8")
        return redirect(url_for("edit", key=drafts.add(Draft(file, text))))



def _edit_routes(app: Flask, drafts: Drafts) -> None:
    """The editor page, its check as you type and the download."""

    @app.get("/edit/<key>")
    def edit(key: str) -> str:
        draft, s = drafts.structure(key)
        from pyeval.sim.settings import SETTINGS

        return render_template("edit.html", key=key, file=draft.file, s=s, form=structure_form(s),
                               runs=DEFAULT_RUNS, seed=DEFAULT_SEED, settings=SETTINGS.values(),
                               setting=default_setting(s), tune_runs=TUNE_RUNS, tune_fields=TUNE_FIELDS)

    @app.post("/api/check/<key>")
    def check(key: str) -> Response:
        draft = drafts.get(key)
        result = check_form(draft.text, _json_body(), draft.file)
        if result.structure is None:
            return jsonify(ok=False, message=result.message, field=result.field)
        drafts.put(key, Draft(draft.file, result.text))
        s = result.structure
        end = s.clock()[-1].end if s.clock() else None
        return jsonify(ok=True, message=f"{draft.file}: valid", field="",
                       summary=f"{len(s.levels)} levels, {len(s.breaks)} breaks"
                       + (f", {hhmm(end)} to the end of level {len(s.levels)}" if end is not None else ""))

    @app.get("/download/<key>")
    def download(key: str) -> Response:
        draft = drafts.get(key)
        return Response(draft.text, mimetype="application/toml",
                        headers={"Content-Disposition": f'attachment; filename="{draft.file}"'})



def _work_routes(app: Flask, drafts: Drafts, jobs: Jobs) -> None:
    """Simulate and tune in the background, their progress, taking a proposal."""

    @app.post("/api/simulate/<key>")
    def simulate(key: str) -> Response:
        _, s = drafts.structure(key)
        body = _json_body()
        players = _int_arg(body, "players", s.entrants.maximum, 2, s.entrants.maximum)
        runs = _int_arg(body, "runs", DEFAULT_RUNS, 1, MAX_RUNS)
        seed = _int_arg(body, "seed", DEFAULT_SEED, 0, 2**63 - 1)
        setting = _setting_arg(body)
        start = _start_arg(body)
        return jsonify(job=jobs.simulate(s, n=runs, seed=seed, players=players, setting=setting,
                                         compare=bool(body.get("compare", True)), start=start))

    @app.post("/api/tune/<key>")
    def tune(key: str) -> Any:
        from pyeval.sim.tune.files import DirectorFile

        draft, s = drafts.structure(key)
        body = _json_body()
        targets = body.get("targets", [])
        if not isinstance(targets, list) or not all(isinstance(t, str) for t in targets):
            abort(400, description="targets: a list of sentences like 'done by 4:15 with 90%'")
        targets = [t for t in targets if t.strip()]
        start = _start_arg(body)
        options: dict[str, Any] = dict(targets=targets, start=start, setting=_setting_arg(body),
                       n=_int_arg(body, "runs", TUNE_RUNS, 10, MAX_TUNE_RUNS),
                       fields=_int_arg(body, "fields", TUNE_FIELDS, 1, MAX_TUNE_FIELDS),
                       seed=_int_arg(body, "seed", DEFAULT_SEED, 0, 2**63 - 1),
                       players=_int_arg(body, "players", s.entrants.maximum, 2, 100_000),
                       keep_length=bool(body.get("keep_length", True)),
                       keep_first_blinds=bool(body.get("keep_first_blinds", True)),
                       source=DirectorFile(draft.text, draft.file))
        try:                                   # a bad target is refused now, not in the thread
            from pyeval.sim.tune import parse_goals
            if not parse_goals(targets, start)[0]:
                raise ValueError("give a target about time, e.g. 'done by 4:15 with 90%'")
        except ValueError as err:
            return jsonify(error=str(err)), 400
        return jsonify(job=jobs.run(1, lambda advance, say: tune_proposal(s, say=say, **options)))

    @app.post("/api/tune/<key>/take")
    def take_proposal(key: str) -> Response:
        draft = drafts.get(key)
        body = _json_body()
        try:
            job = jobs.get(str(body.get("job", "")))
        except KeyError as err:
            abort(404, description=str(err.args[0]))
        if job.result is None or "toml" not in job.result:
            abort(400, description="that tuning has no proposal (still running, or it failed)")
        drafts.put(key, Draft(draft.file, job.result["toml"]))
        return jsonify(url=url_for("edit", key=key))

    @app.get("/api/job/<job_id>")
    def job(job_id: str) -> Response:
        try:
            return jsonify(jobs.get(job_id).state())
        except KeyError as err:
            abort(404, description=str(err.args[0]))



def _night_routes(app: Flask, drafts: Drafts) -> None:
    """The blind sheet, the clock and its seats."""

    @app.get("/sheet/<key>")
    def sheet(key: str) -> Any:
        _, s = drafts.structure(key)
        start = request.args.get("start") or None
        try:
            rows = blind_sheet(s, start)
        except ValueError as err:
            abort(400, description=str(err))
        return render_template("sheet.html", key=key, s=s, rows=rows, start=start or "")

    rooms: dict[str, Room] = {}

    @app.post("/api/seats/<key>/draw")
    def seats_draw(key: str) -> Response:
        _, s = drafts.structure(key)
        body = _json_body()
        players = _int_arg(body, "players", s.entrants.maximum, 2, s.entrants.maximum)
        room = Room(s.tables, players=players, seed=_int_arg(body, "seed", DEFAULT_SEED, 0, 2**63 - 1))
        rooms[key] = room
        return jsonify(moves=[], **room.state())

    @app.post("/api/seats/<key>/bust")
    def seats_bust(key: str) -> Any:
        drafts.get(key)
        room = rooms.get(key)
        if room is None:
            abort(400, description="draw the seats first")
        body = _json_body()
        player = _int_arg(body, "player", 0, 1, 10**6)
        raw = body.get("buttons", {})
        try:
            buttons = {int(t): int(seat) for t, seat in (raw.items() if isinstance(raw, Mapping) else ())}
            moves = room.bust(player, buttons)
        except ValueError as err:
            return jsonify(error=str(err)), 400
        return jsonify(moves=[move_text(m) for m in moves], **room.state())

    @app.get("/clock/<key>")
    def clock(key: str) -> str:
        _, s = drafts.structure(key)
        return render_template("clock.html", key=key, s=s, levels=clock_levels(s),
                               players=s.entrants.maximum)
