"""Published standings: a static site (``brightwell publish``) and a local web app (``brightwell serve``).

Needs the ``web`` extra: ``pip install 'brightwell-plugin[web]'`` (from a checkout: ``pip install '.[web]'``).
"""
