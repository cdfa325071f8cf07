"""Individual chess-results.com uploads written from the upload specification's layout (Herzog's,
transcribed in Sharly-Chess's docs/technical-appendices/chess-results), the way Sharly-Chess's writer
(plugins/chess_results) fills it: ``currentround`` its current round, ``rankinground`` the round before
while that one is played, a game without its result ``reswhite="" resblack="" forfeit=""``, a zero
written blank, ``blackno`` ``-1`` the pairing-allocated bye and ``-2`` a player not paired (his points
in ``reswhite``), the rounds up to the current one. The team upload is make_fixtures.chessresults_fixture."""

from __future__ import annotations

from dataclasses import dataclass, field

PAB, NOT_PAIRED = -1, -2

# (number, "Last,First", rating, stored points as of the ranked round)
PLAYERS = [(1, "Adams,Ann", 2100, "2"), (2, "Brown,Ben", 2000, "1"), (3, "Cole,Cid", 1900, "0,5"),
           (4, "Dunn,Dee", 1800, "0,5"), (5, "Eden,Eve", 1700, "1"), (6, "Ford,Fay", 1600, "1")]
# (round, white, black or PAB / NOT_PAIRED, reswhite, resblack, forfeit)
ROUNDS = [
    (1, 1, 2, "1.0", "", ""), (1, 3, 4, "0.5", "0.5", ""), (1, 5, 6, "", "1.0", ""),  # a loss written blank
    (2, 2, 3, "1.0", "", ""), (2, 4, 1, "", "1.0", "K"), (2, 5, PAB, "1.0", "", ""), (2, 6, NOT_PAIRED, "", "", ""),
    (3, 1, 3, "", "", ""), (3, 2, 5, "0.5", "0.5", ""),  # 1-3 awaits its result
    (3, 4, NOT_PAIRED, "0.5", "", ""), (3, 6, NOT_PAIRED, "", "", ""),  # a half-point bye; player 6 not paired
]


@dataclass
class Upload:
    """An individual upload: ``rounds`` planned, ``current`` and ``ranked`` as the header says them
    (None: the attribute left out), ``state`` a player's withdrawal state (1 or 2, round robins)."""

    rounds: int = 5
    current: int | None = 3
    ranked: int | None = 2
    pairings: list[tuple] = field(default_factory=lambda: list(ROUNDS))
    state: dict[int, str] = field(default_factory=dict)
    kind: str = "3"

    def text(self) -> str:
        head = {"key": "4242", "type": self.kind, "name": "Spring Open", "rounds": self.rounds,
                "currentround": self.current, "rankinground": self.ranked, "from": "20260301", "to": "20260329",
                "tb1no": "0", "tb2no": "0", "tb3no": "0", "tb4no": "0", "tb5no": "0", "endstatus": "N"}
        players = [_element("player", no=no, id=no, lastname=name, firstname="", title="", rtg=rtg, fed="ENG",
                            board="", teamno="0", fideid="", rank=no, pts=pts, equal="N", state=self.state.get(no, ""),
                            tb1="") for no, name, rtg, pts in PLAYERS]
        pairings = [_element("playerpairing", round=r, pairing=k, board=1, whiteno=w, blackno=b, reswhite=rw,
                             resblack=rb, forfeit=code) for k, (r, w, b, rw, rb, code) in enumerate(self.pairings, 1)]
        return ('<?xml version="1.0" encoding="utf-8"?>\n<chessresults>\n<tournamentdata>\n'
                + _element("tournament", **{k: v for k, v in head.items() if v is not None})
                + "\n</tournamentdata>\n<players>\n" + "\n".join(players) + "\n</players>\n<playerpairings>\n"
                + "\n".join(pairings) + "\n</playerpairings>\n</chessresults>\n")

    def write(self, path):
        path.write_text(self.text(), encoding="utf-8")
        return path


def _element(tag: str, **attrs) -> str:
    return f"<{tag} " + " ".join(f'{k}="{v}"' for k, v in attrs.items()) + "/>"
