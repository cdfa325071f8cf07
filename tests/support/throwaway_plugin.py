"""A throwaway plugin module, registered only on private hosts: a format (``scores-test``, one
``.scores`` file an event) and a criterion (``ODD``: odd start numbers first). Importable by name,
so that a batch's worker processes can make the host again from its pickle."""

from __future__ import annotations

from pathlib import Path

from brightwell_plugin.adapters.base import Format, ReadResult
from brightwell_plugin.builder import TournamentBuilder
from brightwell_plugin.criteria.base import Criterion
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.plugins.hookspecs import hookimpl
from brightwell_plugin.limits import read_input

MAGIC = b"#scores-test\n"


class ScoresFormat(Format):
    """``#scores-test``, then ``round first second score score`` a line; players are ``P<n>``."""

    name = "scores-test"
    title = "a game a line (test)"
    suffixes = (".scores",)
    can_write = True

    def sniff(self, path, head):
        return head.startswith(MAGIC)

    def read(self, path: Path, *, encoding=None):
        text = read_input(path).decode(encoding or "ascii")
        if not text.startswith(MAGIC.decode()):
            raise BrightwellError("no #scores-test line", file=str(path), place="line 1")
        games = []
        for n, line in enumerate(text.splitlines()[1:], 2):
            try:
                r, first, second, a, b = map(int, line.split())
            except ValueError:
                raise BrightwellError(f"expected five whole numbers, not {line!r}", file=str(path),
                                      place=f"line {n}") from None
            games.append((r, first, second, a, b))
        rounds = max((g[0] for g in games), default=0)
        builder = TournamentBuilder(path.stem, rounds=rounds, board=64, game="othello")
        for no in sorted({no for g in games for no in g[1:3]}):
            builder.player(no, f"P{no}")
        for r, first, second, a, b in games:
            builder.game(r, first, second, a, b)
        return ReadResult(builder.build())

    def dumps(self, t):
        games = sorted((r, p.start_no, e.opponent, e.score, e.opp_score) for p in t.players
                       for r, e in enumerate(p.rounds, 1) if e.is_game and p.start_no < e.opponent)
        return MAGIC + "".join(f"{r} {a} {b} {x:g} {y:g}\n" for r, a, b, x, y in games).encode()


class Odd(Criterion):
    name = "ODD"
    title = "Odd start numbers first (test)"

    def compute(self, ctx, opts, groups=()):
        return [float(p.start_no % 2) for p in ctx.t.players]


@hookimpl
def brightwell_register_formats(register):
    register(ScoresFormat())


@hookimpl
def brightwell_register_criteria(register):
    register(Odd())


def write_event(path: Path) -> Path:
    """A four-player, two-round event in the throwaway format."""
    path.write_bytes(MAGIC + b"1 1 2 40 24\n1 3 4 30 34\n2 1 4 33 31\n2 2 3 32 32\n")
    return path
