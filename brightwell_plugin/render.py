"""What the commands show people and programs: standings as a table, CSV or JSON, explanations,
a check's differences, the listings of criteria, formats and plugins, a batch's progress."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from brightwell_plugin.criteria.base import Explanation, fmt
from brightwell_plugin.errors import one_line
from brightwell_plugin.model import LEFT_OUT
from brightwell_plugin.standings import Standings, rank_text, shared_ranks

if TYPE_CHECKING:
    from brightwell_plugin.crosstable import Crosstable


def standings_records(standings: Standings) -> list[dict]:
    """One record a player, in standings order: rank, start_no, name, then each item as written
    (each criterion's values of one type: :attr:`Criterion.whole`)."""
    return standings.as_records()


def standings_json(standings: Standings) -> str:
    import json  # on first use: CSV and text need none of it
    return json.dumps(standings_records(standings), ensure_ascii=False, indent=1) + "\n"


def standings_csv(standings: Standings) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    out = dict(standings.withdrawn)  # a column of its own where some player withdrew
    w.writerow(["rank", "start_no", "name", *standings.headings, *(["withdrawn_after"] if out else [])])
    for r in standings.rows:
        w.writerow([r.rank, r.start_no, r.name, *(fmt(v) for v in r.values),
                    *([out.get(r.start_no, "")] if out else [])])
    return buf.getvalue()


def console():
    """A rich console on stdout (rich is imported only by what prints for a terminal)."""
    from rich.console import Console
    return Console()


def _text(value: str):
    """Text from a file for a terminal table: shown as written, never read as rich markup
    (``[link=…]`` in a name would become a terminal hyperlink), control characters as escapes."""
    from rich.text import Text
    return Text(one_line(value))


def unlisted_line(standings: Standings) -> str:
    """The players the event's standings leave out, listed apart (or "")."""
    if not standings.unlisted:
        return ""
    names = ", ".join(f"#{r.start_no} {one_line(r.name)}" for r in standings.unlisted)
    return f"Not in the standings (registered, no game and no bye): {names}"


def withdrawn_line(standings: Standings) -> str:
    """The players who withdrew by the round ranked, and when (or "")."""
    if not standings.withdrawn:
        return ""
    names = {r.start_no: r.name for r in standings.rows + standings.unlisted}
    return "Withdrew: " + ", ".join(f"#{no} {one_line(names.get(no, ''))} after round {r}" for no, r in standings.withdrawn)


def partial_line(t) -> str:
    """A note when the reader left records out (``LEFT_OUT``): the standings are partial."""
    left = [v for k, v in t.metadata if k == LEFT_OUT]
    if not left:
        return ""
    return f"Partial: {len(left)} record(s) of the file left out ({one_line(left[0])}{', ...' if len(left) > 1 else ''})"


def plain(text: str):
    """Text for a terminal, never read as rich markup."""
    return _text(text)


def standings_cells(standings: Standings) -> tuple[list[str], list[list[str]]]:
    """The standings as headings and text cells; a shared rank is written ``3=``."""
    shared = shared_ranks(standings)
    rows = [[rank_text(r.rank, r.rank in shared), str(r.start_no), r.name, *(fmt(v) for v in r.values)]
            for r in standings.rows]
    return ["#", "No", "Name", *standings.headings], rows


def crosstable_cells(ct: Crosstable) -> tuple[list[str], list[list[str]]]:
    rows = [[rank_text(r.rank, r.shared), str(r.start_no), r.name, fmt(r.points), *(c.text for c in r.cells)]
            for r in ct.rows]
    return ["#", "No", "Name", "Pts", *(f"R{n}" for n in range(1, ct.after_round + 1))], rows


class Cells(NamedTuple):
    """A table as text: its title, headings, rows, the columns aligned left, notes printed after it."""

    title: str
    headings: Sequence[str]
    rows: Sequence[Sequence[str]]
    left: tuple[int, ...] = (2,)
    notes: tuple[str, ...] = ()


def table(cells: Cells, title_left: bool = False):
    """A terminal table; cells fold rather than being cut, whatever the terminal's width."""
    from rich.table import Table
    out = Table(title=_text(cells.title), title_justify="left" if title_left else "center")
    for n, heading in enumerate(cells.headings):
        out.add_column(_text(heading), justify="left" if n in cells.left else "right", overflow="fold")
    for row in cells.rows:
        out.add_row(*map(_text, row))
    return out


def aligned(cells: Cells) -> str:
    """Plain text for a file or a pipe: every cell whole, columns padded to their widest cell."""
    widths = [max([len(h), *(len(row[c]) for row in cells.rows)]) for c, h in enumerate(cells.headings)]

    def line(row):
        return "  ".join(cell.ljust(w) if c in cells.left else cell.rjust(w)
                         for c, (cell, w) in enumerate(zip(row, widths))).rstrip()
    body = [one_line(cells.title), line(cells.headings), line(["-" * w for w in widths]), *map(line, cells.rows)]
    return "\n".join([*body, *(f"  {one_line(n)}" for n in cells.notes)]) + "\n"


def show(tables: Sequence[Cells], terminal: bool, title_left: bool = False) -> str:
    """Print ``tables`` on a terminal (rich tables; returns ""), or return them as plain aligned text
    for a file or a pipe: no box drawing, no title wrapped."""
    if not terminal:
        return "\n".join(aligned(c) for c in tables)
    out = console()
    for c in tables:
        out.print(table(c, title_left))
        for note in c.notes:
            out.print(_text(f"  {note}"))
    return ""


def explanations_json(explanations: Iterable[Explanation]) -> str:
    """The explanations as JSON, a whole number written whole (``2``, not ``2.0``), as the standings' JSON."""
    import json
    return json.dumps([e.as_dict() for e in explanations], ensure_ascii=False, indent=1) + "\n"


def explanation_cells(explanations: Iterable[Explanation]) -> list[Cells]:
    """One table per criterion: its parts (label, value, how), then its notes."""
    return [Cells(f"{e.item} = {fmt(e.value)}  (#{e.start_no} {e.name})", ("part", "value", "how"),
                  [[one_line(p.label), fmt(p.value), one_line(p.detail)] for p in e.parts], (0, 2), tuple(e.notes))
            for e in explanations]


def differences_cells(title: str, rows: Sequence) -> Cells:
    """A check's rows that differ: the published rank or value beside the computed one."""
    out = []
    for r in rows:
        if r.stored_rank is not None and r.stored_rank != r.rank:
            out.append([str(r.start_no), one_line(r.name), "rank", str(r.stored_rank), str(r.rank)])
        for item, value, computed in r.published:
            if abs(value - computed) > 1e-9:
                out.append([str(r.start_no), one_line(r.name), one_line(item), fmt(value), fmt(computed)])
    return Cells(title, ("No", "Name", "", "published", "computed"), out, (1, 2))


def criteria_lines(criteria: dict, presets: Sequence) -> list[str]:
    """Every criterion with its modifiers, parameters and presets (rich markup; what plugins
    wrote is escaped)."""
    from rich.markup import escape
    by_code: dict[str, list] = {}
    for preset, owner in presets:
        by_code.setdefault(preset.criterion.upper(), []).append((preset, owner))
    lines = []
    for code, c in sorted(criteria.items()):
        lines.append(f"[bold]{escape(code)}[/bold]  {escape(c.title)}  [dim]({escape(c.source)})[/dim]")
        if c.modifiers:
            lines.append("  modifiers: " + " ".join("/" + m.replace("*", "<rating>") for m in c.modifiers))
        for p in c.parameters:
            default = f" (default {p.default})" if p.default is not None else ""
            need = " [required]" if p.required else ""
            choices = f" [{'|'.join(p.choices)}]" if p.choices else ""
            lines.append(escape(f"  {p.name}{choices}{default}{need}: {p.help}"))
        for preset, owner in by_code.get(code, ()):
            lines.append(f"  preset {escape(preset.name)}: {escape(str(preset.settings))}  "
                         f"[dim]({escape(preset.source)}; plugin {escape(owner)})[/dim]")
    return lines


def markup_free(line: str) -> str:
    """A line of rich markup (:func:`criteria_lines`) as the plain text it shows."""
    from rich.text import Text
    return Text.from_markup(line).plain


def formats_lines(formats: dict) -> list[str]:
    rows = [(name, "read" + ("/write" if f.about.can_write else ""), " ".join(f.about.suffixes), f.about.title)
            for name, f in sorted(formats.items())]
    widths = [max(len(r[c]) for r in rows) for c in range(3)]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row[:3], widths)) + "  " + row[3] for row in rows]


def plugins_lines(plugins: Sequence) -> list[str]:
    lines = []
    for info in plugins:
        what = ", ".join([*info.criteria, *(f"format {f}" for f in info.formats), *info.presets]) or "-"
        lines.append(f"{info.name}  [{info.distribution or 'built-in'}]  {what}")
    return lines


def progress_bar():
    """Files done, failures, rate and time left, on stderr."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        TextColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class Rate(ProgressColumn):
        def render(self, task):
            return Text(f"{task.speed:.0f} files/s" if task.speed else "- files/s")

    return Progress(TextColumn("[bold]re-ranking"), BarColumn(), MofNCompleteColumn(),
                    TextColumn("{task.fields[failed]} failed"), Rate(), TimeRemainingColumn(),
                    console=Console(stderr=True))
