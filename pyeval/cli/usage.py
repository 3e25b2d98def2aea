"""The commands' one way of reporting bad input: a usage error (the message, no traceback).

>>> import click
>>> try:
...     with usage_errors(ValueError):
...         int("ten")
... except click.UsageError as e:
...     print(e)
invalid literal for int() with base 10: 'ten'
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import click


@contextmanager
def usage_errors(*kinds: type[Exception]) -> Iterator[None]:
    """Turns an error of one of ``kinds`` raised inside into a :class:`click.UsageError`
    with its message, which click prints with the command's usage and exit status 2."""
    try:
        yield
    except kinds as e:
        raise click.UsageError(str(e)) from None
