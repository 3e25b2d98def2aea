"""The director's workbench: a local web app (``pyeval serve``) to edit a tournament
structure, check it as you type, simulate it, print its blind sheet and run its clock.

Needs the ``web`` extra (``pip install "pyeval[web]"``, Flask); nothing else in pyeval
imports this package. The app is built by :func:`pyeval.web.app.create_app`; the
structure form by :mod:`pyeval.web.editing`; simulations in the background by
:mod:`pyeval.web.jobs`.

Example:
    >>> from pyeval.web.editing import structure_form
    >>> from pyeval.tournament import load_structure
    >>> structure_form(load_structure("club_3000"))["levels"][1]
    {'small_blind': 50, 'big_blind': 100, 'ante': 0, 'length': 20, 'unit': 'minutes', 'ante_by': 'each'}
"""
