"""The site's table rows as Jinja templates, the plain way that brightwell_plugin.web.fragments
replaces: the same markup, every cell escaped by the template engine. bench_tricks.py renders the
site both ways and compares the bytes."""

from __future__ import annotations

from jinja2 import Environment, StrictUndefined
from markupsafe import Markup

from brightwell_plugin.criteria.base import fmt
from brightwell_plugin.standings import rank_text

_NAME = '<a href="{{ root }}players/{{ no }}.html">{{ players[no].name }}</a>'
_START = '<tr data-start-no="{{ no }}"><td class="rank">{{ rank_text(row.rank, row.shared) }}</td>'

STANDINGS = (
    '{% for row in standing.rows %}{% set no = row.start_no %}{% set p = players[no] %}' + _START +
    '<td class="fold">{{ no }}</td><th scope="row" class="name">' + _NAME +
    '{% if p.withdrawn_after is not none and p.withdrawn_after < standing.after_round %}'
    ' <span class="mark withdrawn" title="withdrew after round {{ p.withdrawn_after }}">'
    'withdrew after R{{ p.withdrawn_after }}</span>{% endif %}'
    '{% if p.late_entry is not none and p.late_entry > 1 %}'
    ' <span class="mark late" title="entered in round {{ p.late_entry }}">from R{{ p.late_entry }}</span>{% endif %}'
    '</th>{% if has_fed %}<td class="fold">{{ p.federation or "" }}</td>{% endif %}'
    '{% if has_rating %}<td class="fold">{{ p.rating or "" }}</td>{% endif %}'
    '<td class="points">{{ row.points|num }}</td><td class="fold">{{ row.wins }}-{{ row.draws }}-{{ row.losses }}</td>'
    '{% for i in columns %}<td>{{ row["values"][i]|num }}</td>{% endfor %}</tr>\n{% endfor %}')

CROSSTABLE = (
    '{% for row in standing.rows %}{% set no = row.start_no %}' + _START +
    '<th scope="row" class="name">' + _NAME + '</th><td class="points">{{ row.points|num }}</td>'
    '{% for c in players[no].rounds %}<td class="{{ c.kind }}" title="round {{ c.round }}: {{ c.kind }}'
    '{% if c.opponent is not none %} against '
    '{{ players[c.opponent].name if c.opponent in players else c.opponent }}{% endif %}">'
    '{{ c.text }}</td>{% endfor %}</tr>\n{% endfor %}')

ROUNDS = (
    '{% for c in player.rounds %}<tr class="{{ c.kind }}"><td>{{ c.round }}</td><td>{{ c.kind }}</td>'
    '<td class="name">{% if c.opponent is not none and c.opponent in players %}{% set no = c.opponent %}'
    + _NAME + '{% endif %}</td><td>{{ c.side or "" }}</td><td>{{ c.outcome or "" }}</td>'
    '<td>{{ c.score or "" }}</td><td>{{ c.points|num }}</td></tr>\n{% endfor %}')

PARTS = (
    '{% for part in explanation.parts %}<tr><th scope="row">{{ part.label }}</th>'
    '<td>{{ "–" if part.value is none else part.value|num }}</td>'
    '<td class="name">{{ part.detail }}</td></tr>\n{% endfor %}')


def _templates():
    env = Environment(autoescape=True, undefined=StrictUndefined, keep_trailing_newline=True)
    env.filters["num"] = lambda x: "" if x is None else fmt(x)
    env.globals["rank_text"] = rank_text
    return {name: env.from_string(text) for name, text in
            (("standings", STANDINGS), ("crosstable", CROSSTABLE), ("rounds", ROUNDS), ("parts", PARTS))}


def use_templates() -> None:
    """Make brightwell_plugin.web.fragments render its rows with the templates above."""
    from brightwell_plugin.web import fragments
    t = _templates()

    class Links(fragments.Links):
        def __init__(self, players, root):
            super().__init__(players, root)
            self.root, self.players = root, players

    fragments.Links = Links
    fragments.standings_rows = lambda standing, players, links, has_fed, has_rating, columns: Markup(
        t["standings"].render(standing=standing, players=players, root=links.root, has_fed=has_fed,
                              has_rating=has_rating, columns=columns))
    fragments.crosstable_rows = lambda standing, players, links: Markup(t["crosstable"].render(
        standing=standing, players=players, root=links.root))
    fragments.round_rows = lambda player, players, links: Markup(t["rounds"].render(
        player=player, players=players, root=links.root))
    fragments.part_rows = lambda explanation: Markup(t["parts"].render(explanation=explanation))
