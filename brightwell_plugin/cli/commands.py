"""The ``brightwell`` command: a thin layer over :mod:`brightwell_plugin.api`."""

from __future__ import annotations

import os
import sys

import click

from brightwell_plugin import __version__
from brightwell_plugin.cli import common, ranking
from brightwell_plugin.cli.batch import batch
from brightwell_plugin.cli.common import api, handled, plugin_host, render
from brightwell_plugin.cli.study import study
from brightwell_plugin.editions import NAMES
from brightwell_plugin.errors import BrightwellError, one_line
from brightwell_plugin.leaving import WAYS
from brightwell_plugin.limits import digits
from brightwell_plugin.model import LIST_GUESSED
from brightwell_plugin.progress import ROUND_WORDS


def _warn(warnings) -> None:
    common.warn(warnings)  # said when the command has done its work: a failure is its one error line alone


_format_hint, _about = ranking.format_hint, ranking.about
_ranked, _note_playoffs, _rules_note, _edition = (ranking.ranked, ranking.note_playoffs, ranking.rules_note,
                                                  ranking.edition)


def _reading(meta) -> dict:
    """What the reading options (--strict, --cut-short, --withdrawn) left in the context's meta."""
    return dict(strict=bool(meta.get("strict reading")), cut_short=bool(meta.get("cut short")),
                withdrawn=meta.get("withdrawn"))


def _load(file, sample, input_format, encoding, division=None):
    context_ = click.get_current_context(silent=True)
    reading = _reading(context_.meta) if context_ is not None else {}
    return ranking.load(file, sample, input_format, encoding, division, **reading)


def _strict_reading(ctx, param, value):
    ctx.meta["strict reading"] = value


def _withdrawn(ctx, param, value):
    ctx.meta["withdrawn"] = value


withdrawn_option = click.option(
    "--withdrawn", type=click.Choice(WAYS), default="count", expose_value=False, callback=_withdrawn,
    help="A round robin's player who withdrew or was expelled having played fewer than half his games: 'count' "
         "his games (the default), or 'annul' them as FIDE's Tournament Rules (C.06 art. V.4) do; docs/rounds.md.")


strict_reading = click.option("--strict", is_flag=True, expose_value=False, callback=_strict_reading,
                              help="Refuse a file whose reader had to leave a record out (a player against "
                                   "himself, discs over the board); without it the record is left out, with a warning.")


def _cut_short_reading(ctx, param, value):
    ctx.meta["cut short"] = value


cut_short_reading = click.option("--cut-short", is_flag=True, expose_value=False, callback=_cut_short_reading,
                                 help="Rank a file that declares more than it holds (cut short) as it stands, with "
                                      "a warning; without it such a file is refused.")


class RoundChoice(click.ParamType):
    """A round number, or one of the words of ``ROUND_WORDS`` (progress.py)."""

    name = "round"

    def convert(self, value, param, ctx):
        words = ROUND_WORDS
        if isinstance(value, int) or value in words:
            return value
        if digits(value):
            return int(value)
        self.fail(f"'{value}' is not a round number, nor one of {', '.join(words)}", param, ctx)


source_options = [  # how to read the input: every command that reads one event
    click.option("--input-format", "input_format", help="Force the input format (see 'brightwell formats')."),
    click.option("--encoding", help="Text encoding of the input file."),
    click.option("--division", help="The division or tournament to read, of a file that holds several (tsh tourney.js, Sharly-Chess .sce)."),
]
ranking_options = [  # how to rank it: rank, explain, check
    click.option("-t", "--tiebreaks", "spec", help="Criteria, e.g. 'PTS,BQ:preset=woc,DISCS' (default: the file's)."),
    click.option("--after-round", type=RoundChoice(), help="Standings after this round: a number, 'played' (the "
                 "default: the last round with a result), 'paired' (the last round paired), 'current' (the round "
                 "in progress, as OpenGotha's standings window) or 'planned' (every planned round, as OpenGotha's "
                 "exports); docs/rounds.md."),
    click.option("--edition", type=click.Choice(["2009", "2024", "2026", "icu"]),
                 help="Rules for unplayed rounds of the items that name none: FIDE's of 2009-2022 (a virtual "
                 "opponent), C.07 of 2024 or of 2026, or the Irish federation's program's (icu) (default: by the "
                 "event's date; an undated event: 2026, with a warning)."),
]
sample_option = click.option("--sample", is_flag=True, help="Use the Othello sample tournament shipped with the package.")


def options(*groups):
    """Decorate a command with option groups, in the order given."""
    def decorate(func):
        for option in reversed([o for group in groups for o in group]):
            func = option(func)
        return func
    return decorate


with_input = options([sample_option], source_options, [strict_reading, cut_short_reading, withdrawn_option],
                     ranking_options)


class _OneLineGroup(click.Group):
    """The command group whose usage errors (a bad option value, a missing argument) are one line on
    stderr, exit 2, as every other error (click prints three)."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, False, **extra)
        except getattr(click.exceptions, "NoArgsIsHelpError", ()) as exc:  # a bare command: its help
            exc.show()
            sys.exit(0)
        except click.UsageError as exc:
            click.echo(f"brightwell: error: {one_line(exc.format_message())}", err=True)
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except click.exceptions.Abort:
            click.echo("Aborted!", err=True)
            sys.exit(1)
        sys.exit(rv if isinstance(rv, int) else 0)


@click.group(cls=_OneLineGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="brightwell")
def main():
    """Rank Swiss tournaments by points, the Brightwell quotient and other tie-breaks."""


@main.command()
@click.argument("file", required=False, type=click.Path(readable=False))
@with_input
@click.option("--output-format", type=click.Choice(["table", "csv", "json"]), default="table")
@click.option("-o", "--output", type=click.Path(readable=False), help="Write to this file (atomically).")
@click.option("--follow-symlinks", is_flag=True, help="Write through a symbolic link (replace the file it points to) "
              "instead of refusing it.")
@click.option("--crosstable", is_flag=True, help="Also print the crosstable (opponents by rank, side, result, score).")
@click.option("--boards", is_flag=True, help="In a team event, rank the players (the board standings), not the teams.")
@handled
def rank(file, sample, input_format, encoding, division, spec, after_round, edition, output_format, output,
         follow_symlinks, crosstable, boards):
    """Rank FILE (or --sample) and print the standings (of a team event: the teams')."""
    ranking.rank(file, sample, input_format, encoding, division, spec, after_round, edition, output_format, output,
                 follow_symlinks, crosstable, boards, **_reading(click.get_current_context().meta))


@main.command()
@click.argument("args", nargs=-1, required=True, metavar="[FILE] PLAYER")
@with_input
@click.option("--json", "as_json", is_flag=True, help="Print the explanation as JSON.")
@click.option("--boards", is_flag=True, help="In a team event, PLAYER is a player (else a team: number or name).")
@handled
def explain(args, sample, input_format, encoding, division, spec, after_round, edition, as_json, boards):
    """Show how PLAYER's value for each criterion was obtained (start number or name; in a team
    event, a team's)."""
    if len(args) != (1 if sample else 2):
        raise BrightwellError("usage: brightwell explain FILE PLAYER (or --sample PLAYER)")
    file, player = (None, args[0]) if sample else args
    loaded = _load(file, sample, input_format, encoding, division)
    ranked = _ranked(loaded.tournament, boards)
    with _about(file):
        explanations = api.explain(ranked, player, spec, after_round, edition=_edition(edition))
    _rules_note(ranked, spec, edition, file)
    if as_json:
        click.echo(render.explanations_json(explanations), nl=False)
        return
    click.echo(render.show(render.explanation_cells(explanations), sys.stdout.isatty(), title_left=True), nl=False)


@main.command()
@click.argument("file", type=click.Path(readable=False))
@options(source_options, [strict_reading, cut_short_reading, withdrawn_option], ranking_options)
@click.option("--boards", is_flag=True, help="In a team event, check the players' ranks, not the teams'.")
@click.option("--order", "orders", multiple=True, metavar="SPEC",
              help="Say whether the stored order follows SPEC (repeatable) instead of comparing ranks.")
@handled
def check(file, input_format, encoding, division, spec, after_round, edition, orders, boards):
    """Compare the ranks and tie-break values FILE publishes with those computed; exit 1 if any differ.

    With --order, say which of the given tie-break lists the file's stored order follows."""
    loaded = _load(file, False, input_format, encoding, division)
    t = loaded.tournament
    ranked = _ranked(t, boards)
    if orders:
        with _about(file):
            follows = [_order_lines(t, ranked, spec, after_round, edition) for spec in orders]
        _note_playoffs(t)
        sys.exit(0 if any(follows) else 1)
    guessed = any(k == LIST_GUESSED for k, _ in t.metadata)  # a list its reader gave, not its program's
    if not spec and (guessed or not _declares_a_list(t)) and any(p.stored_rank is not None for p in t.players):
        raise BrightwellError("the file stores places but declares no tie-break list they follow: give one with -t, "
                              "or lists with --order to find the one its order follows", file=str(file))
    with _about(file):  # of a team event, the team records' ranks and totals unless --boards
        standings, rows = api.check(ranked, spec, after_round, edition=_edition(edition))
    used = _rules_note(ranked, spec, edition, file)
    differ = [r for r in rows if r.differs]
    unranked = sum(1 for r in rows if r.stored_rank is None and not r.published)  # nothing to compare
    if differ:
        title = f"{file}: what differs under {','.join(standings.headings)}"
        click.echo(render.show([render.differences_cells(title, differ)], sys.stdout.isatty()), nl=False)
    note = f"; {unranked} with nothing published to compare" if unranked else ""
    click.echo(f"{len(differ)} of {len(rows)} {'teams' if standings.ranks_teams else 'players'} differ{note}")
    if differ and used is not None:  # the rules of another time, or of its program?
        click.echo(f"ranked under {used}")
        if edition is None:
            with _about(file):
                for other in _others_agreeing(ranked, spec, after_round, used.edition):
                    click.echo(f"none differ under {NAMES[other]} (--edition {other})")
    sys.exit(1 if differ else 0)


def _declares_a_list(t) -> bool:
    """Whether the file declares a tie-break list: its players' or its teams' (a team view's list)."""
    return bool(t.tiebreaks or api.view(t).tiebreaks)


def _others_agreeing(ranked, spec, after_round, tried) -> list:
    """The other rules for unplayed rounds under which no rank or value the file publishes differs."""
    from brightwell_plugin.editions import RULE_SETS  # on first use
    return [other for other in RULE_SETS if other != tried
            and not any(r.differs for r in api.check(ranked, spec, after_round, edition=other)[1])]


def _order_lines(t, ranked, spec: str, after_round, edition) -> bool:
    """Say whether the stored order of ``ranked`` (api.view of the event ``t``) follows ``spec``: under
    ``--edition``, else under the rules of the event's date and, where it does not, under which
    other rules the project knows it does."""
    names = {p.start_no: p.name for p in t.players}
    used = api.rules_used(ranked, spec, _edition(edition))
    r = api.check_order(ranked, [spec], after_round, edition=_edition(edition))[0]
    under = f" under {used}" if used is not None else ""
    if r.error:
        click.echo(f"cannot rank by {r.spec}: {r.error}")
    elif r.follows:
        click.echo(f"follows {r.spec}{under}")
    else:
        a, b = r.inversions[0]
        click.echo(f"does not follow {r.spec}{under}: {len(r.inversions)} pair(s) out of order, first "
                   f"#{a} {names[a]} listed above #{b} {names[b]}")
    if r.follows or r.error or used is None or edition is not None:
        return r.follows
    from brightwell_plugin.checking import order_followed  # on first use
    others = [(other, c) for other, c in order_followed(ranked, spec, after_round, plugin_host())
              if other != used.edition and c.error is None]
    found = [other for other, c in others if c.follows]
    for other in found:
        click.echo(f"follows {spec} under {NAMES[other]} (--edition {other})")
    if not found:
        click.echo("follows it under none of the other rules: " + ", ".join(
            f"{other} {len(c.inversions)} pair(s) out of order" for other, c in others))
    return bool(found)


@main.command()
@handled
def criteria():
    """List every criterion with its parameters and presets."""
    lines = render.criteria_lines(api.criteria(), api.presets())
    if not sys.stdout.isatty():  # a pipe or a file: the lines as they are, never wrapped
        click.echo("".join(f"{render.markup_free(line)}\n" for line in lines), nl=False)
        return
    console = render.console()
    for line in lines:
        console.print(line, highlight=False)


@main.command()
@handled
def formats():
    """List the registered file formats."""
    for line in render.formats_lines(api.formats()):
        click.echo(line)


@main.command()
@handled
def plugins():
    """List the loaded plugins and what each registers."""
    for line in render.plugins_lines(api.plugins()):
        click.echo(line)


def _web():
    """The web extra's modules, or a one-line error saying how to install them."""
    try:
        import jinja2  # noqa: F401
    except ImportError:
        raise BrightwellError("this command needs the web extra (Starlette, Jinja2): pip install 'brightwell-plugin[web]' "
                              "(from a checkout of the project: pip install '.[web]')") from None


@main.command()
@click.argument("file", required=False, type=click.Path(readable=False))
@with_input
@click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False, writable=False),
              help="The site's folder: created, or replaced at once if it holds a published site.")
@click.option("--compare", metavar="SPEC", help="A second tie-break list: a page shows who moves under it.")
@click.option("--watch", is_flag=True, help="Publish again each time FILE is saved; open pages refresh themselves.")
@handled
def publish(file, sample, input_format, encoding, division, spec, after_round, edition, out_dir, compare, watch):
    """Publish FILE (or --sample) as a static site: standings after each round, crosstable, a page
    per player with each tie-break explained, a comparison, standings.json."""
    _web()
    if file is None and not sample:
        raise BrightwellError("usage: brightwell publish FILE --out DIR (or --sample --out DIR)")
    file = str(api.sample_path()) if sample else file
    # the web extra, on first use (benchmarks/bench_start.py: brightwell rank loads none of it)
    from brightwell_plugin.web import publish as site
    settings = dict(spec=spec, compare=compare, after_round=after_round, input_format=input_format,
                    encoding=encoding, division=division, edition=_edition(edition),
                    strict=bool(click.get_current_context().meta.get("strict reading")), host=plugin_host())

    def report(line):
        click.echo(one_line(f"brightwell: {line}"), err=True)
    if watch:
        click.echo(f"watching {file}; Ctrl-C stops", err=True)
        site.watch(file, out_dir, report, **settings)
        return
    with _format_hint():
        count = site.publish(file, out_dir, report=report, **settings)
    click.echo(f"published {count} files to {out_dir} (open {os.path.join(out_dir, 'index.html')})")


@main.command()
@click.argument("path", required=False, type=click.Path(readable=False))
@click.option("--port", type=int, default=8000, show_default=True)
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; anywhere but 127.0.0.1 the app asks for the access token it prints.")
@click.option("--public", is_flag=True, help="Serve the folder's published standings to anyone, read-only: no "
              "upload, no settings, no download of the files, no token.")
@handled
def serve(path, port, host, public):
    """A local web app: open or upload an event, choose tie-breaks, see standings, explanations and
    comparisons, download the event in any writable format. PATH: a file or a folder of events."""
    _web()
    # the web extra, on first use (benchmarks/bench_start.py: brightwell rank loads none of it)
    from brightwell_plugin.web import app
    app.run(path, host, port, lambda line: click.echo(one_line(f"brightwell: {line}"), err=True), public,
            plugin_host=plugin_host())


@main.command()
@click.argument("source", type=click.Path(readable=False))
@click.argument("target", type=click.Path(readable=False))
@click.option("--to", "to", help="Output format name (default: from the suffix).")
@options(source_options)
@click.option("--strict", type=click.Choice(["standings", "all"]), is_flag=False, flag_value="standings",
              default=None, help="Refuse when the target loses what changes the standings (--strict=all: "
              "metadata too).")
@click.option("--renumber", is_flag=True, help="Number the players 1..n when the target cannot hold their numbers.")
@click.option("--follow-symlinks", is_flag=True, help="Write through a symbolic link (replace the file it points to) "
              "instead of refusing it.")
@click.option("--keep", is_flag=True, help="Write the points and ranks as the source stores them: none computed "
              "where it stores none.")
@handled
def convert(source, target, to, input_format, encoding, division, strict, renumber, follow_symlinks, keep):
    """Convert SOURCE to TARGET between registered formats."""
    with _format_hint():
        loaded, report = api.convert(source, target, to, input_format, strict, encoding, part=division,
                                     renumber=renumber, follow_symlinks=follow_symlinks, keep=keep)
    _warn(loaded.warnings)
    if report.filled:
        click.echo(f"brightwell: note: {report.filled}; --keep writes them as they were", err=True)
    for item in report.standings_lost:
        click.echo(f"brightwell: changes the standings: {item}", err=True)
    for item in report.metadata_lost:
        click.echo(f"brightwell: not carried (metadata): {item}", err=True)


main.add_command(batch)
main.add_command(study)
