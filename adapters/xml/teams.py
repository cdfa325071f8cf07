"""The ``teams`` element of the native XML (format-version 2): a team event's teams, its matches
round by round with their boards, the match scoring and the teams' own tie-break list, read into
and written from :class:`~brightwell_plugin.teams.model.TeamSection`. The parts must agree: a team
names players who exist, on one team each; a match names teams that exist, and its boards players
of those teams."""

from __future__ import annotations

from brightwell_plugin.adapters.xml.values import sensible as number
from brightwell_plugin.adapters.xml.values import whole
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Tournament
from brightwell_plugin.teams.model import Board, Match, MatchScoring, Team, TeamSection

NS = "urn:brightwell-plugin:tournament:1"
_Q = "{%s}" % NS


def read_teams(el, t: Tournament, path) -> TeamSection:
    """The section an XML ``teams`` element holds, its parts checked against each other."""

    def fail(node, message: str) -> BrightwellError:
        return BrightwellError(message, file=str(path), place=f"line {node.sourceline}")

    a = el.attrib
    scoring = MatchScoring(number(a.get("win", "2")), number(a.get("draw", "1")), number(a.get("loss", "0")),
                           number(a.get("pab-match-points")), number(a.get("pab-game-points")))
    known, team_of, teams = {p.start_no for p in t.players}, {}, []
    for node in el.iterchildren(_Q + "team"):
        b = node.attrib
        team = Team(whole(b["number"]), b["name"], b.get("short-name"), number(b.get("strength")),
                    tuple(whole(x) for x in b.get("members", "").split()), number(b.get("match-points")),
                    number(b.get("game-points")), whole(b.get("rank")),
                    number(b.get("bonus-match-points", "0")), number(b.get("bonus-game-points", "0")))
        if any(other.number == team.number for other in teams):
            raise fail(node, f"team number {team.number} is given twice")
        for no in team.members:
            if no not in known:
                raise fail(node, f"team {team.number} names player {no}, who does not exist")
            if no in team_of:
                raise fail(node, f"player {no} is on two teams: {team_of[no]} and {team.number}")
            team_of[no] = team.number
        teams.append(team)
    numbers = {team.number for team in teams}
    matches = tuple(_match(node, numbers, team_of, fail) for node in el.iterchildren(_Q + "match"))
    return TeamSection(tuple(teams), matches, scoring, a.get("colours"), whole(a.get("boards")),
                       tuple(node.text or "" for node in el.iterchildren(_Q + "tiebreak")))


def _match(node, numbers, team_of, fail) -> Match:
    a = node.attrib
    r, first, second = whole(a["round"]), whole(a["first"]), whole(a.get("second"))
    for team in (first, second):
        if team is not None and team not in numbers:
            raise fail(node, f"a match of round {r} names team {team}, which does not exist")
    if (second is None) != ("bye" in a):
        raise fail(node, f"a match of round {r}: a team alone is a bye (and a bye is a team alone)")
    boards = []
    for b in node.iterchildren(_Q + "board"):
        board = Board(whole(b.get("n")), whole(b.get("first")), whole(b.get("second")),
                      number(b.get("first-points", "0")), number(b.get("second-points", "0")))
        for no, team in ((board.first, first), (board.second, second)):
            if no is not None and team_of.get(no, team) != team:  # one on no roster: a substitute it fields
                raise fail(b, f"board {board.number} of the round {r} match: player {no} is on team {team_of[no]}, "
                              f"not team {team}")
        boards.append(board)
    return Match(r, first, second, tuple(boards), number(a.get("first-points", "0")),
                 number(a.get("second-points", "0")), a.get("forfeit"), a.get("bye"),
                 a.get("played", "true").strip() in ("true", "1"))


def write_teams(section: TeamSection, attrs, element) -> list[str]:
    """The ``teams`` element's lines (``attrs``, ``element``: the writer's escaping helpers)."""
    s = section.scoring
    out = ["  <teams", attrs((("win", s.win), ("draw", s.draw), ("loss", s.loss), ("pab-match-points", s.pab_match_points),
                              ("pab-game-points", s.pab_game_points), ("colours", section.board_colours),
                              ("boards", section.size)), "the teams"), ">\n"]
    for item in section.tiebreaks:
        out += ("    ", element("tiebreak", (), item, "the teams' tie-break"), "\n")
    for team in section.teams:
        out += ("    <team", attrs((
            ("number", team.number), ("name", team.name), ("short-name", team.short_name), ("strength", team.strength),
            ("members", " ".join(map(str, team.members)) or None), ("match-points", team.stored_match_points),
            ("game-points", team.stored_game_points), ("rank", team.stored_rank),
            ("bonus-match-points", team.bonus_match_points or None),
            ("bonus-game-points", team.bonus_game_points or None)), f"team {team.number}"), "/>\n")
    for m in section.matches:
        out += ("    <match", attrs((
            ("round", m.round), ("first", m.first), ("second", m.second), ("first-points", m.first_points),
            ("second-points", m.second_points), ("forfeit", m.forfeit), ("bye", m.bye),
            ("played", None if m.played else "false")), f"a match of round {m.round}"))
        if not m.boards:
            out.append("/>\n")
            continue
        out.append(">\n")
        for b in m.boards:
            out += ("      <board", attrs((("n", b.number), ("first", b.first), ("second", b.second),
                                           ("first-points", b.first_points), ("second-points", b.second_points)),
                                          f"a board of round {m.round}"), "/>\n")
        out.append("    </match>\n")
    out.append("  </teams>\n")
    return out
