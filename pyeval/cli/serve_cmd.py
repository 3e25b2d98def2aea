"""``pyeval serve``: the director's workbench in the browser (needs ``pyeval[web]``).

Example: pyeval serve --port 8765
"""

from __future__ import annotations

import importlib.util

import click

#: served on this machine only unless --host says otherwise
DEFAULT_HOST = "127.0.0.1"


@click.command("serve")
@click.option("--port", type=click.IntRange(1, 65535), default=8765, show_default=True, help="port to serve on")
@click.option("--host", default=DEFAULT_HOST, show_default=True,
              help="address to listen on (127.0.0.1: this machine only)")
def serve(port: int, host: str) -> None:
    """Open the workbench: edit a structure, simulate it, print its blind sheet, run the clock.

    Example: pyeval serve --port 8765, then open http://127.0.0.1:8765/
    """
    if importlib.util.find_spec("flask") is None:
        raise click.ClickException("pyeval serve needs Flask: pip install 'pyeval[web]'")
    from werkzeug.serving import make_server

    from pyeval.web.app import create_app

    try:
        server = make_server(host, port, create_app(), threaded=True)
    except OSError as err:
        raise click.ClickException(f"cannot serve on {host}:{port}: {err.strerror or err}; "
                                   "try another --port") from None
    click.echo(f"pyeval workbench on http://{host}:{port}/ (Ctrl+C stops it)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        click.echo("stopped")
