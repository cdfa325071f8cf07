"""A team TRF as heltour reads it (``trf-heltour``, chosen with ``--input-format``): heltour, the league
manager behind lichess's team leagues, imports a TRF16 team event (tournament_core/trf16_converter.py
``_parse_team_round_data_v2``, ``add_bye``) taking a team none of whose players has a game in a round
(each ``0000 - -``, a forfeit without an opponent, or nothing) to have had a bye worth a drawn match:
a draw's match points and half the boards' game points. The TRF reading (``trf``) reads such a round
as the players' records say: no match, no points."""

from __future__ import annotations

from dataclasses import replace

from brightwell_plugin.adapters.base import ReadOptions, ReadResult
from brightwell_plugin.adapters.trf.format import TrfFormat
from brightwell_plugin.plugin import BrightwellError, hookimpl, Kind, Match


class HeltourTrfFormat(TrfFormat):
    name = "trf-heltour"
    about = replace(TrfFormat.about, suffixes=(), can_write=False, named_only=True,
                    title="FIDE TRF of a team event, read as heltour reads it (a team round without a game a bye worth "
                          "a draw)")

    def sniff(self, path, head):
        return False

    def read(self, options: ReadOptions) -> ReadResult:
        path = options.path
        read = super().read(options)
        t = read.tournament
        if t.teams is None:
            raise BrightwellError("not a team event: heltour's reading is of teams' rounds", file=str(path))
        section = t.teams
        by_no = {p.start_no: p for p in t.players}
        boards = max((len(m.boards) for m in section.matches), default=0)
        played = max((m.round for m in section.matches), default=0)
        taken = {(m.round, team) for m in section.matches for team in (m.first, m.second) if team is not None}
        byes = []
        for r in range(1, played + 1):
            for team in section.teams:
                if (r, team.number) in taken or not team.members:
                    continue
                if any(by_no[no].entry(r).kind in (Kind.GAME, Kind.PAIRED) or by_no[no].entry(r).opponent is not None
                       for no in team.members if no in by_no):
                    continue
                byes.append(Match(r, team.number, None, bye="pab", first_points=boards * t.scoring.draw))
        if not byes:
            return read
        matches = tuple(sorted(section.matches + tuple(byes), key=lambda m: m.round))
        said = f"{path}: {len(byes)} team round(s) without a game read as heltour reads them: a bye worth a drawn " \
               f"match ({', '.join(f'team {m.first} in round {m.round}' for m in byes[:3])}{' …' if len(byes) > 3 else ''})"
        return ReadResult(replace(t, teams=replace(section, matches=matches)), read.warnings + (said,))


@hookimpl
def brightwell_register_formats(register):
    register(HeltourTrfFormat())
