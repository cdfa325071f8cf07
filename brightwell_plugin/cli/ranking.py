"""The work of ``brightwell rank`` and the pieces the commands that read one event share, without
click: the click command and the launcher's quick path (launch.py) run the same code."""

from __future__ import annotations

import sys
from contextlib import contextmanager

from brightwell_plugin.cli.common import api, echo, fileio, limits, render, warn
from brightwell_plugin.errors import BrightwellError, UnknownFormat, one_line


@contextmanager
def format_hint():
    """The commands that read one file can be told its format: their error says how."""
    try:
        yield
    except UnknownFormat as exc:
        raise UnknownFormat(f"{exc.message}; use --input-format", file=exc.file, place=exc.place) from None


@contextmanager
def about(file):
    """Errors found while ranking name the file they are about."""
    try:
        yield
    except BrightwellError as exc:
        raise exc.at(file=(api.STDIN if file == "-" else str(file)) if file else None) from None


def load(file, sample, input_format, encoding, division=None, strict=False, cut_short=False, withdrawn=None):
    """The event of FILE (``-``: standard input) or the sample, its warnings said at the end."""
    if sample and file:
        raise BrightwellError("give a FILE or --sample, not both")
    if not file and not sample:
        raise BrightwellError("no tournament file given (or use --sample for the bundled Othello event)")
    with format_hint():
        withdrawn = withdrawn or "count"
        if file == "-":  # standard input: the one input that is not a regular file
            data = limits.read_stream(sys.stdin.buffer, api.STDIN)
            loaded = api.load_bytes(data, api.STDIN, input_format, encoding, part=division, withdrawn=withdrawn)
        else:
            loaded = api.load(api.sample_path() if sample else file, input_format, encoding, part=division,
                              cut_short=bool(cut_short), withdrawn=withdrawn)
    warn(loaded.warnings)
    if strict:
        api.refuse_partial(loaded.tournament, api.STDIN if file == "-" else str(file or api.sample_path()))
    return loaded


def edition(text: str | None) -> int | str | None:
    from brightwell_plugin.editions import edition_value
    return edition_value(text)


def ranked(t, boards: bool):
    """What the command ranks: a team event's teams (:func:`api.view`), or with --boards its players
    (:func:`api.players_view`). --boards of an individual event, which changes nothing, is said (its
    players are what is ranked)."""
    view = api.players_view(t) if boards else api.view(t)
    if boards and view is t:
        warn([f"--boards ranks a team event's players; {t.name} is an individual event: its players are ranked "
              "as they are"])
    return view


def note_playoffs(t) -> None:
    if t.playoffs:
        echo(one_line(f"brightwell: note: {len(t.playoffs)} game(s) after the Swiss rounds (play-offs, side "
                      f"events) are kept apart, not in these standings: {'; '.join(api.describe_playoffs(t))}"),
             err=True)


def rules_note(view, spec, edition_text, file):
    """The rules for unplayed rounds ``view`` (api.view) is ranked by; warned once when only for want of a date."""
    used = api.rules_used(view, spec, edition(edition_text))
    if used is not None and used.by_default:
        warn([used.warning(api.STDIN if file == "-" else str(file or api.sample_path()))])
    return used


def rank(file, sample, input_format, encoding, division, spec, after_round, edition_text, output_format, output,
         follow_symlinks, crosstable, boards, strict=False, cut_short=False, withdrawn=None):
    """Rank FILE (or the sample) and print or write the standings (of a team event: the teams')."""
    if crosstable and output_format != "table":
        raise BrightwellError("--crosstable prints with --output-format table")
    loaded = load(file, sample, input_format, encoding, division, strict, cut_short, withdrawn)
    t = loaded.tournament
    view = ranked(t, boards)
    if view.ranks_teams and crosstable:
        raise BrightwellError("--crosstable is the players' (add --boards); a team crosstable is not printed yet")
    with about(file):
        standings = api.rank(view, spec, after_round, edition=edition(edition_text))
    rules_note(view, spec, edition_text, file)
    if output_format == "table":
        text = _table(t, standings, crosstable, output is None and sys.stdout.isatty())
    elif output_format == "csv":
        text = render.standings_csv(standings)
    else:
        text = render.standings_json(standings)
    if output:
        if file and file != "-":
            api.refuse_inputs([output], [file])
        fileio.atomic_write(output, text.encode("utf-8"), follow_symlinks=follow_symlinks)
    elif text:
        echo(text, nl=False)
    note_playoffs(loaded.tournament)


def _table(t, standings, crosstable: bool, terminal: bool) -> str:
    """The standings (and crosstable) as text; on a terminal the players set apart are printed here."""
    title = f"{t.name} - {api.progress(t).title(standings.after_round)}"
    tables = [render.Cells(title, *render.standings_cells(standings))]
    if crosstable:
        tables.append(render.Cells(f"{t.name} - crosstable", *render.crosstable_cells(api.crosstable(t, standings))))
    apart = "\n".join(x for x in (render.withdrawn_line(standings), render.unlisted_line(standings),
                                  render.partial_line(t)) if x)
    text = render.show(tables, terminal)  # a file or a pipe: plain aligned text, nothing cut
    if terminal and apart:
        render.console().print(render.plain(apart))
    elif apart:
        text += f"{apart}\n"
    return text
