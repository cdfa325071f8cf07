"""Build the bundled sample and the fixtures with this project's own writer.

Run ``python tests/support/make_fixtures.py`` after changing a builder below; the tests check that the
committed files equal what these builders produce.
"""

from __future__ import annotations

import json
from pathlib import Path

from brightwell_plugin.adapters.xml.format import XmlFormat
from brightwell_plugin.builder import TournamentBuilder
from brightwell_plugin.model import Kind, Side, Tournament

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "brightwell_plugin" / "samples" / "othello_open.xml"
FIXTURES = ROOT / "fixtures"


def othello_open() -> Tournament:
    """9 players, 5 rounds, 64 squares: draws, a bye each round while odd, a withdrawal after round 3."""
    b = TournamentBuilder("Riverside Othello Open 2026", rounds=5, board=64, game="othello",
                          start_date="2026-05-16", metadata=(("city", "Riverside"), ("arbiter", "J. Doe")))
    names = ["Ada Lindqvist", "Bruno Okafor", "Chen Wei", "Dana Moravec", "Emil Sato",
             "Fay Gallagher", "Gus Petrov", "Hana Kovac", "Ivo Brandt"]
    feds = ["SWE", "NGA", "CHN", "CZE", "JPN", "IRL", "BUL", "SVK", "GER"]
    for no, (name, fed) in enumerate(zip(names, feds), 1):
        b.player(no, name, federation=fed, rating=2000 - 40 * no)
    b.game(1, 1, 6, 40, 24).game(1, 7, 2, 32, 32).game(1, 3, 8, 28, 36).game(1, 4, 9, 45, 19).bye(1, 5)
    b.game(2, 8, 1, 30, 34).game(2, 5, 4, 33, 31).game(2, 2, 3, 38, 26).game(2, 6, 9, 20, 44).bye(2, 7)
    b.game(3, 1, 5, 37, 27).game(3, 9, 8, 32, 32).game(3, 4, 2, 25, 39).game(3, 3, 7, 35, 29).bye(3, 6)
    b.game(4, 2, 1, 31, 33).game(4, 8, 5, 40, 24).game(4, 7, 4, 22, 42).game(4, 6, 3, 30, 34)
    b.game(5, 1, 4, 29, 35).game(5, 5, 3, 40, 24).game(5, 2, 8, 32, 32).game(5, 6, 7, 33, 31)
    b.withdraw(9, 3)
    return b.build()


def papp_event() -> Tournament:
    """The Othello sample as Papp records it: byes are 40-24 wins."""
    from dataclasses import replace

    t = othello_open()
    players = tuple(replace(p, rounds=tuple(
        replace(e, score=40, opp_score=24) if e.kind is Kind.PAB else e for e in p.rounds)) for p in t.players)
    return replace(t, players=players, tiebreaks=("PTS", "BQ:preset=papp", "DISCS"))


def scrabble_day() -> Tournament:
    """A Scrabble division as tsh keeps it: byes credited +50 spread, a forfeit, who went first."""
    b = TournamentBuilder("Fixture Club Day", rounds=4, game="scrabble")
    for no, name in enumerate(["Ashby, Ann", "Bryce, Ben", "Chen, Cara", "Dunn, Dev", "Evans, Éli"], 1):
        b.player(no, name, rating=1900 - 50 * no)
    b.game(1, 1, 4, 420, 350).game(1, 2, 5, 377, 360).bye(1, 3, "full-bye", 50, 0)
    b.game(2, 3, 1, 412, 388).game(2, 4, 2, 390, 402).bye(2, 5, "full-bye", 50, 0)
    b.game(3, 5, 3, 410, 366).game(3, 1, 2, 355, 402).bye(3, 4, "forfeit-loss", 0, 50)
    b.game(4, 2, 3, 355, 390).game(4, 5, 1, 377, 401)
    return b.build()


def german_example() -> Tournament:
    """brightwell.md 5.1: A after 5 of 11 rounds; opponents B 3, C 4, E 5 points; D withdrew."""
    b = TournamentBuilder("BQ worked example 5.1", rounds=11, board=64, game="othello")
    for no, name in [(1, "A"), (2, "B"), (3, "C"), (4, "D"), (5, "E")]:
        b.player(no, name)
    for k in range(12):
        b.player(10 + k, f"Filler {k + 1}")
    filler = iter(range(10, 22))
    b.game(1, 1, 2, 40, 24).game(2, 1, 3, 30, 34).game(3, 1, 4, 50, 14).bye(4, 1, "full-bye").game(5, 1, 5, 20, 44)
    b.withdraw(4, 3)
    for r, won in ((2, True), (3, True), (4, True), (5, False)):  # B: 3 points
        b.game(r, 2, next(filler), 40 if won else 20, 24 if won else 44)
    for r, won in ((1, True), (3, True), (4, True), (5, False)):  # C: 1 + 3 = 4 points
        b.game(r, 3, next(filler), 40 if won else 20, 24 if won else 44)
    for r in (1, 2, 3, 4):  # E: 4 + 1 = 5 points
        b.game(r, 5, next(filler), 40, 24)
    return b.build()


def papp_manual() -> Tournament:
    """brightwell.md 5.4: A beats B 33-31, then has a bye; B wins round 2."""
    b = TournamentBuilder("Papp manual example", rounds=2, board=64, game="othello")
    b.player(1, "A").player(2, "B").player(3, "C")
    b.game(1, 1, 2, 33, 31).bye(1, 3).bye(2, 1).game(2, 2, 3, 40, 24)
    return b.build()


def _line_001(no, sex, title, name, rating, fed, fide, birth, points, rank, blocks):
    head = f"001 {no:4d} {sex:1}{title:>3} {name:<33} {rating:>4} {fed:<3} {fide:>11} {birth:<10} {points:>4} {rank:>4}"
    return head + "  " + "  ".join(blocks)


def quirks_trf() -> str:
    """TRF with the forms real files use: lowercase titles, short birth dates, a forfeit with colour
    '-', a double forfeit, byes as 0000 - + / 0000 - = and lichess's blank-opponent H U -, rank 0
    for a withdrawn player, a team record, an unknown record and a comment."""
    lines = [
        "012 Quirks Open", "042 2025/05/03", "092 Individual: Swiss-System", "XXR 3", "202 BH/C1,BH",
        "013 Quirks Team                         0001 0002", "ZZZ an unknown record, kept verbatim",
        "### a comment line",
        _line_001(1, "w", "g", "Alpha, Ann", 2400, "ESP", "12345678", "1978", "1.5", 2,
                  ["   2 w 1", "   3 b =", "   5 w 0"]),
        _line_001(2, "m", "m", "Beta, Bob", 2300, "FRA", "", "1990/01/02", "1.0", 5,
                  ["   1 b 0", "   5 w -", "   6 w 1"]),
        _line_001(3, "m", "", "Gamma, Gil", 2200, "GER", "", "", "1.5", 3,
                  ["   4 - +", "   1 w =", "0000 - Z"]),
        _line_001(4, "m", "", "Delta, Dan", 0, "ITA", "", "", "0.5", 0,
                  ["   3 - -", "0000 - =", "       -"]),
        _line_001(5, "w", "wm", "Epsilon, Eve", 2100, "NED", "", "", "2.0", 1,
                  ["0000 - +", "   2 b -", "   1 b 1"]),
        _line_001(6, "w", "", "Zeta, Zoë", 2000, "SWE", "", "", "1.5", 4,
                  ["       H", "       U", "   2 b 0"]),
    ]
    return "\n".join(lines) + "\n"


def ftd_json(awaiting: int = 0) -> str:
    """The Othello sample as FlipTheDisc JSON (first player's discs only; bye = id -1; the standings
    in their order), with the published mbq of the players whose ftd values are checked by hand in
    tests/criteria/test_criteria.py. ``awaiting``: the last rounds paired, started and not finished, their
    games without results (``result`` and ``score`` null), as FlipTheDisc shows a round in play."""
    import json

    t = othello_open()
    hand = {5: 348, 7: 293, 8: 362, 9: 140}

    def person(p):
        first, surname = p.name.split(" ", 1)
        return {"id": p.start_no, "surname": surname, "name": first, "country_code": p.federation}

    rounds = []
    for r in range(1, t.rounds_played + 1):
        pairing = []
        for p in t.players:
            e = p.entry(r)
            if e.kind is Kind.PAB:
                pairing.append([{**person(p), "score": None, "result": None, "left": None},
                                {"id": -1, "surname": None, "name": None, "country_code": None, "left": None}])
            elif e.is_game and e.side is Side.FIRST:
                o = t.player(e.opponent)
                played = r <= t.rounds_played - awaiting
                pairing.append([{**person(p), "score": e.score if played else None,
                                 "result": {"win": 2, "draw": 1, "loss": 0}[e.result.value] if played else None,
                                 "left": None}, {**person(o), "left": None}])
        rounds.append({"round": t.rounds_played, "currentRound": r, "started": True,
                       "finished": r <= t.rounds_played - awaiting, "pairing": pairing})
    players = [{**person(p), "wof_id": None, "rating": p.rating, "left_after_round": p.withdrawn_after,
                "team": None} for p in t.players]
    from brightwell_plugin.api import rank  # FlipTheDisc lists its standings in their order
    order = [t.player(r.start_no) for r in rank(t, "PTS,BQ:preset=ftd").rows]
    standings = [{"player_id": p.start_no, "score": sum(t.scoring.points(e) for e in p.rounds),
                  "mbq": hand.get(p.start_no)} for p in order]
    info = {"id": 1, "name": t.name, "rounds": t.rounds, "current_round": t.rounds_played, "mbq_coef": None,
            "start_date": "2026-05-16T09:00:00.000Z", "end_date": "2026-05-17T18:00:00.000Z"}
    return json.dumps({"players_list": players, "standings": standings, "rounds": rounds, "info": info},
                      indent=1, ensure_ascii=False) + "\n"


def opengotha_xml() -> str:
    """A small OpenGotha file: a jigo, a forfeit (_BYDEF), a both-lose, a bye, an absence."""
    players = [("Alpha", "Ann", "2D", "CZ"), ("Beta", "Bob", "1K", "UA"), ("Gamma", "Gil", "3K", "GB"),
               ("Delta", "Dan", "5K", "FR"), ("Epsilon", "Eve", "8K", "DE")]
    player = ('<Player club="Club" country="{3}" egfPin="1000{i}" firstName="{1}" name="{0}" '
              'participating="11111111111111111111" rank="{2}" rating="{r}" registeringStatus="FIN"/>')
    lines = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
             '<Tournament dataVersion="201" fullVersionNumber="3.51" runningMode="SAL" saveDT="20260101120000">',
             "<Players>"]
    lines += [player.format(*p, i=i, r=2100 - 100 * i) for i, p in enumerate(players)]
    lines += ["</Players>", "<Games>"]
    games = [(1, "ALPHAANN", "BETABOB", "RESULT_WHITEWINS"), (1, "GAMMAGIL", "DELTADAN", "RESULT_EQUAL"),
             (2, "DELTADAN", "ALPHAANN", "RESULT_BLACKWINS_BYDEF"), (2, "BETABOB", "EPSILONEVE", "RESULT_BOTHLOSE")]
    lines += [f'<Game blackPlayer="{b}" handicap="0" knownColor="true" result="{res}" roundNumber="{r}" '
              f'tableNumber="{i}" whitePlayer="{w}"/>' for i, (r, w, b, res) in enumerate(games, 1)]
    lines += ["</Games>", "<ByePlayers>", '<ByePlayer player="EPSILONEVE" roundNumber="1"/>', "</ByePlayers>",
              "<TournamentParameterSet>",
              '<GeneralParameterSet beginDate="2026-01-10" genNBW2ValueAbsent="0" genNBW2ValueBye="2" '
              'name="Fixture Go Cup" numberOfRounds="2" shortName="fixture"/>',
              "<PlacementParameterSet><PlacementCriteria>",
              '<PlacementCriterion name="NBW" number="1"/>', '<PlacementCriterion name="SOSW" number="2"/>',
              '<PlacementCriterion name="MMS" number="3"/>', '<PlacementCriterion name="SODOSW" number="4"/>',
              '<PlacementCriterion name="NULL" number="5"/>',
              "</PlacementCriteria></PlacementParameterSet>", "</TournamentParameterSet>", "</Tournament>"]
    return "\n".join(lines) + "\n"


def mcmahon_xml() -> str:
    """A McMahon event (bar 1D, floor 10K, absences and byes rounded down): a handicap game, a bye,
    an absence (participating '101'), a both-win, a jigo. tests/formats/go/test_go.py gives its values by hand."""
    players = [("Alpha", "Ann", "3D"), ("Beta", "Bob", "1K"), ("Gamma", "Gil", "5K"), ("Delta", "Dan", "8K"),
               ("Epsilon", "Eve", "15K"), ("Zeta", "Zoe", "12K")]
    lines = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
             '<Tournament dataVersion="201" fullVersionNumber="3.51" runningMode="SAL" saveDT="20260101120000">',
             "<Players>"]
    lines += [f'<Player club="Club" country="FR" firstName="{f}" name="{n}" participating="'
              f'{"101" if n == "Zeta" else "111"}" rank="{r}" rating="0" registeringStatus="FIN"/>'
              for n, f, r in players]
    lines += ["</Players>", "<Games>"]
    games = [(1, "ALPHAANN", "BETABOB", "RESULT_WHITEWINS", 0), (1, "GAMMAGIL", "DELTADAN", "RESULT_BLACKWINS", 2),
             (1, "EPSILONEVE", "ZETAZOE", "RESULT_BOTHWIN", 0),
             (2, "ALPHAANN", "DELTADAN", "RESULT_WHITEWINS", 0), (2, "BETABOB", "GAMMAGIL", "RESULT_BLACKWINS", 0),
             (3, "ALPHAANN", "GAMMAGIL", "RESULT_EQUAL", 0), (3, "BETABOB", "EPSILONEVE", "RESULT_WHITEWINS", 0),
             (3, "DELTADAN", "ZETAZOE", "RESULT_BLACKWINS", 0)]
    lines += [f'<Game blackPlayer="{b}" handicap="{h}" knownColor="true" result="{res}" roundNumber="{r}" '
              f'tableNumber="{i}" whitePlayer="{w}"/>' for i, (r, w, b, res, h) in enumerate(games, 1)]
    lines += ["</Games>", "<ByePlayers>", '<ByePlayer player="EPSILONEVE" roundNumber="2"/>', "</ByePlayers>",
              "<TournamentParameterSet>",
              '<GeneralParameterSet beginDate="2026-02-07" endDate="2026-02-08" genMMBar="1D" genMMFloor="10K" genMMZero="30K" '
              'genMMS2ValueAbsent="1" genMMS2ValueBye="2" genNBW2ValueAbsent="0" genNBW2ValueBye="2" '
              'genRoundDownNBWMMS="true" name="Fixture McMahon" numberOfRounds="3" shortName="mcmahon"/>',
              "<PlacementParameterSet><PlacementCriteria>",
              '<PlacementCriterion name="MMS" number="1"/>', '<PlacementCriterion name="SOSM" number="2"/>',
              '<PlacementCriterion name="SOSOSM" number="3"/>', '<PlacementCriterion name="NULL" number="4"/>',
              "</PlacementCriteria></PlacementParameterSet>", "</TournamentParameterSet>", "</Tournament>"]
    return "\n".join(lines) + "\n"


# The same event as OpenGotha exports it for the EGD (ExternalDocument.generateH9File's layout), its
# values worked out by hand: MMS, SOS and SOSOS after round 3 (tests/formats/go/test_go.py shows the sums).
MCMAHON_H9 = """; CL[D]
; EV[Fixture McMahon]
; PC[,FR, Fixture Town]
; DT[2026-02-07,2026-02-07]
; KM[7.5]
; TM[60]
; CM[Standard byo-yomi]
; Generated by OpenGotha 3.51
;
; Pl Name                            Rk Co Club  MMS  SOSSOSOS
   1 Alpha Ann                       3D FR Club  32½  79½ 247½ 0    2+/w0    4+/w0    3=/w0
   2 Beta Bob                        1K FR Club   30   81  239 0    1-/b0    3-/w0    5+/w0
   3 Gamma Gil                       5K FR Club  26½  87½ 239½ 0    4-/w2    2+/b0    1=/b0
   4 Delta Dan                       8K FR Club   23   79  232 0    3+/b2    1-/b0    6-/w0
   5 Epsilon Eve                    15K FR Club   22   72  206 0    6+/w0       0+    2-/b0
   6 Zeta Zoe                       12K FR Club   22   65  211 0    5+/b0       0=    4+/b0
"""

# The same event in the French federation's .tou (OpenGotha's generateTouFile layout).
# MacMahon 3.9 XML in the MacMahon program's own layout (the Tournament element holds the participants and
# the rounds): the bar at 1d, the floor at 20k, a super-bar member, a bye, a jigo, a result by the referee,
# both players losing, a pairing without a result, a round not played; Black's score first.
MACMAHON39 = """<?xml version="1.0" encoding="UTF-8"?>
<Tournament typeversion="3.9">
  <Name>Fixture MacMahon Cup</Name>
  <NumberOfRounds>4</NumberOfRounds>
  <CurrentRoundNumber>4</CurrentRoundNumber>
  <UpperMacMahonBar>true</UpperMacMahonBar><UpperMacMahonBarLevel>1d</UpperMacMahonBarLevel>
  <LowerMacMahonBar>true</LowerMacMahonBar><LowerMacMahonBarLevel>20k</LowerMacMahonBarLevel>
  <Walllist><Criterion><ShortName>Score</ShortName></Criterion><Criterion><ShortName>SOS</ShortName></Criterion>
    <Criterion><ShortName>SOSOS</ShortName></Criterion></Walllist>
  <IndividualParticipant><Id>11</Id><PreliminaryRegistration>false</PreliminaryRegistration>
    <SuperBarMember>false</SuperBarMember>
    <GoPlayer><FirstName>Ann</FirstName><Surname>Alpha</Surname><Club>Lyon</Club><Country>FR</Country>
      <GoLevel>3d</GoLevel><Rating>2250</Rating><EgdPin>11111111</EgdPin></GoPlayer></IndividualParticipant>
  <IndividualParticipant><Id>12</Id><PreliminaryRegistration>false</PreliminaryRegistration>
    <SuperBarMember>true</SuperBarMember>
    <GoPlayer><FirstName>Bob</FirstName><Surname>Beta</Surname><Club>Lyon</Club><Country>FR</Country>
      <GoLevel>1d</GoLevel><Rating>2080</Rating></GoPlayer></IndividualParticipant>
  <IndividualParticipant><Id>13</Id><PreliminaryRegistration>false</PreliminaryRegistration>
    <SuperBarMember>false</SuperBarMember>
    <GoPlayer><FirstName>Cid</FirstName><Surname>Gamma</Surname><Club>Bonn</Club><Country>DE</Country>
      <GoLevel>5k</GoLevel><Rating>1600</Rating></GoPlayer></IndividualParticipant>
  <IndividualParticipant><Id>14</Id><PreliminaryRegistration>false</PreliminaryRegistration>
    <SuperBarMember>false</SuperBarMember><NotPlayingInRound>4</NotPlayingInRound>
    <GoPlayer><FirstName>Dee</FirstName><Surname>Delta</Surname><Club>Graz</Club><Country>AT</Country>
      <GoLevel>25k</GoLevel><Rating>100</Rating></GoPlayer></IndividualParticipant>
  <IndividualParticipant><Id>15</Id><PreliminaryRegistration>false</PreliminaryRegistration>
    <SuperBarMember>false</SuperBarMember>
    <GoPlayer><FirstName>Eve</FirstName><Surname>Epsilon</Surname><Club>Graz</Club><Country>AT</Country>
      <GoLevel>12k</GoLevel><Rating>900</Rating></GoPlayer></IndividualParticipant>
  <TournamentRound><RoundNumber>1</RoundNumber>
    <Pairing><BoardNumber>1</BoardNumber><PairingWithBye>false</PairingWithBye><Black>12</Black><White>11</White>
      <Handicap>0</Handicap><Result>1-0</Result><ResultByReferee>false</ResultByReferee></Pairing>
    <Pairing><BoardNumber>2</BoardNumber><PairingWithBye>false</PairingWithBye><Black>14</Black><White>13</White>
      <Handicap>9</Handicap><Result>0-1</Result><ResultByReferee>false</ResultByReferee></Pairing>
    <Pairing><BoardNumber>0</BoardNumber><PairingWithBye>true</PairingWithBye><Black>15</Black><White>0</White>
      <Handicap>0</Handicap><Result>1-0</Result><ResultByReferee>false</ResultByReferee></Pairing>
  </TournamentRound>
  <TournamentRound><RoundNumber>2</RoundNumber>
    <Pairing><BoardNumber>1</BoardNumber><PairingWithBye>false</PairingWithBye><Black>13</Black><White>11</White>
      <Handicap>0</Handicap><Result>½-½</Result><ResultByReferee>false</ResultByReferee></Pairing>
    <Pairing><BoardNumber>2</BoardNumber><PairingWithBye>false</PairingWithBye><Black>15</Black><White>12</White>
      <Handicap>0</Handicap><Result>1-0!</Result><ResultByReferee>false</ResultByReferee></Pairing>
    <Pairing><BoardNumber>0</BoardNumber><PairingWithBye>true</PairingWithBye><Black>14</Black><White>0</White>
      <Handicap>0</Handicap><Result>1-0</Result><ResultByReferee>false</ResultByReferee></Pairing>
  </TournamentRound>
  <TournamentRound><RoundNumber>3</RoundNumber>
    <Pairing><BoardNumber>1</BoardNumber><PairingWithBye>false</PairingWithBye><Black>11</Black><White>15</White>
      <Handicap>0</Handicap><Result>0-1</Result><ResultByReferee>false</ResultByReferee></Pairing>
    <Pairing><BoardNumber>2</BoardNumber><PairingWithBye>false</PairingWithBye><Black>14</Black><White>12</White>
      <Handicap>0</Handicap><Result>0-0</Result><ResultByReferee>true</ResultByReferee></Pairing>
    <Pairing><BoardNumber>0</BoardNumber><PairingWithBye>true</PairingWithBye><Black>13</Black><White>0</White>
      <Handicap>0</Handicap><Result>1-0</Result><ResultByReferee>false</ResultByReferee></Pairing>
  </TournamentRound>
  <TournamentRound><RoundNumber>4</RoundNumber>
    <Pairing><BoardNumber>1</BoardNumber><PairingWithBye>false</PairingWithBye><Black>11</Black><White>12</White>
      <Handicap>0</Handicap><Result>?-?</Result><ResultByReferee>false</ResultByReferee></Pairing>
    <Pairing><BoardNumber>2</BoardNumber><PairingWithBye>false</PairingWithBye><Black>15</Black><White>13</White>
      <Handicap>0</Handicap><Result>1-0</Result><ResultByReferee>false</ResultByReferee></Pairing>
  </TournamentRound>
</Tournament>
"""
MCMAHON_TOU = """;name=mcmahon
;date=07/02/2026
;vill=Fixture Town
;comm=Fixture McMahon
;prog=OpenGotha 3.51
;size=19
;komi=7.5
; Generated by OpenGotha 3.51
;Num Nom Prenom               Niv Licence Club
   1 Alpha Ann                 3D 0100001 Club    2+w0    4+w0    3=w0
   2 Beta Bob                  1K         Club    1-b0    3-w0    5+w0
   3 Gamma Gil                 5K 0100003 Club    4-w2    2+b0    1=b0
   4 Delta Dan                 8K 0100004 Club    3+b2    1-b0    6-w0
   5 Epsilon Eve              15K 0100005 Club    6+w0      0+    2-b0
   6 Zeta Zoe                 12K 0100006 Club    5+b0      0=    4+b0
"""


# One small ELO file per dialect of the WOF rating archive (tests/formats/papp/test_papp_dialects.py says what
# each must read as). Written to the grammar of the programs that write them (Papp's src/elo.c for
# 1.32 and later), not copied from any archive file.
PAPP_DIALECTS = {
    # Papp 1.28: '%%Round: n', results without discs, no player list but a new-players block
    "papp128.elo": """%%Tournament: Fixture Cup 1.28
%%Country: Belgium
%%Date: 10/01/2004
%%Sender: brightwell-plugin fixtures

%%Creator: PAPP 1.28
%%CreationDate: 2004/01/10 18:00

% New players :
%
%%   201 ALPHA Ann {B}
%%   205 ECHO Ed {NL}
%
% End of new players


%%Round: 1

201 > 202
203 < 204

%%Round: 2

205 > 201
202 = 203

%%Round: 3

201 > 204
205 <  203
""",
    # the archive's back-filled events: stages by letter, games under RR without rounds, an unknown
    # id, '?' countries, points with a decimal point, no colour letter; the totals include the play-off
    "archive_rr.elo": """%%Tournament: Fixture WOC 1979
%%Country: World
%%Date: 01/11/1979
%%Sender: brightwell-plugin fixtures (the archive's back-filled layout)

%_%   9001, ONE, ann, ?, 4.0, 147
%_%   9002, TWO, bob, ?, 2.0, 130
%_% ??????, THREE, cy, ?, 1.0, 99
%_%   9004, FOUR, di, ?, 0.0, 72

%Round PO
   9001 (34)>(30)    9002 

%Round RR
   9001 (40)>(24)    9002 
   9001 (33)>(31)  ?????? 
   9001 (40)>(24)    9004 
   9002 (36)>(28)  ?????? 
   9002 (40)>(24)    9004 
 ?????? (40)>(24)    9004 
""",
    # Papp 1.33: a heading, a new player's '+', integer and decimal points, byes credited 40-24, a
    # withdrawal, and an added result (a final)
    "papp133.elo": """%%Tournament: Fixture Open 1.33
%%Country: France
%%Date: 05/03/2026
%%Sender: brightwell-plugin fixtures

%%Creator: PAPP 1.33
%%CreationDate: 2026/03/05 18:00

%        ID, NAME, Firstname, COUNTRY, score, disc-count
%_%     101, ALPHA, Ann, FRA,  3, 125
%_%     102, BRAVO, Ben, BEL,  1.5, 92
%_%     105, ECHO, Ed, GBR,  1.5, 72
%_%     104, DELTA, Di, FRA,  1, 93
%_% +   103, CHARLIE, Cy, FRA,  1, 82


%Round: 1

   101 (40)>(24)    102 B
   103 (30)<(34)    104 B


%Round: 2

   102 (32)=(32)    105 B
   101 (33)>(31)    104 B


%Round: 3

   101 (52)>(12)    103 B
   102 (36)>(28)    104 B


%%Added results
   101 (35)>(29)    102 B
""",
    # Papp 1.36 / FlipTheDisc: a rating column ('-' or a trailing comma when there is none), a line
    # without a country, 'W' (the first player had White), '%Round n' without a colon, '%Finals: n'
    # the archive's other shapes (docs/wof-archive.md): one player line each, stage comments, a game
    # behind '%' that the totals count, a separate team event, round markers of every spelling
    "archive_shapes.elo": """%%Tournament: Fixture Archive Shapes
%%Country: Nowhere
%%Date: 12/04/2019

%        ID, NAME, Firstname, COUNTRY, score, disc-count, rating
%_% +301, ALPHA, Ann, {FRANCE}, 3 pts, [110], 1900
%_%   303, BETA, Bob, NL,\u00a0 2, 115-77, -100, 1850, 12
%_%   306, DELTA, Di, BEL,  1.5+1, 106
%_%   302, GAMMA, Cy, , DE, 1,5, 94 %Champion
%_%   304, EPSILON, Ed, SWE 1?, 107
%_%   305, ZETA, Zo

%round1:
   301 (40)>(24)    302 B
   303 (33)>(31)    304 B
   305 (20)<(44)    306 B

%Rround 2
   301 (36)>(28)    303 B
   306 (32)=(32)    302 B
   304 (50)>(14)    305 B

% Round 3
   306 (30)<(34)    301 B
   302 (38)>(26)    304 B
%    305 (10)<(54)    303 B

%Semi-finals
   301 (40)>(24)    302 B
   303 (35)>(29)    306 B
%3/4 Playoff
   306 (33)>(31)    302 B
%Final
   301 (36)>(28)    303 B

%%Team competition
   301 (30)<(34)    304 B
   302 (33)>(31)    305 B
""",
    # the Swiss games listed player by player, each under both players, with no round marker
    "archive_by_player.elo": """%%Tournament: Fixture By Player
%%Date: 01/02/2003

%_%   11, ONE, Al, FRA, 2, 76
%_%   12, TWO, Bo, FRA, 1, 70
%_%   13, THREE, Cy, FRA, 1, 60
%_%   14, FOUR, Di, FRA, 0, 46

%% 2 rounds
% ONE
    11 (40)>(24)    12 B
    11 (36)>(28)    13 B
% TWO
    11 (40)>(24)    12 B
    12 (46)>(18)    14 B
% THREE
    13 (32)>(28)    14 B
    11 (36)>(28)    13 B
% FOUR
    12 (46)>(18)    14 B
    13 (32)>(28)    14 B
""",
    "papp136.elo": """%%Tournament: Fixture Cup 1.36
%%Creator: PAPP 1.36

%        ID, NAME, Firstname, COUNTRY, score, disc-count, rating
%_%      11, MÜLLER, Jörg, DEU,  2, 80, 1650
%_%      12, DUPRÉ, Françoise, FRA,  1, 70, -
%_%      13, SMITH, Al, 1, 56,
%_% +    14, NOVAK, Iva, CZE,  0, 50, 0

%Round 1
    11 (36)>(28)     12 W
    13 (36)>(28)     14 W

%Round 2
    11 (44)>(20)     13 W
    12 (42)>(22)     14 W

%Finals: 1
    11 (40)>(24)     12 W
""",
}

PAPP_WORKFILE = """#########################################
# PAPP 1.37.1, Jan  4 2026
#########################################
#_Nom-Tournoi   = "Fixture Papp Cup" ;
#_Nombre-Rondes = 2 ;
#_BQ-double = 6.000000 ;
#_Date = "04/01/2026" ;
#########################################

% Inscrits pour la ronde 1

& +000001 +000002 +000003 +000004 +000005;

% Resultats de la ronde 1

raz-couplage;
(000001 40    000002 24);
(000003 30    000004 34);
ronde-suivante;

% Inscrits pour la ronde 2

& +000001 +000002 +000003 -000004 +000005;

% Resultats de la ronde 2

raz-couplage;
(000005 33    000001 31);
(000002 32    000003 32);
ronde-suivante;

"""
PAPP_CFG = "# fixture configuration\nScore-bip   = 24/64;\n"
PAPP_PLAYERS = "pays = FRA\n1 DUPONT, Anne {FRA} <1800>\n2 MARTIN, Paul {FRA} <1750>\n" \
               "3 DURAND, Luc {BEL} <1700>\n4 PETIT, Eva {FRA}\n5 ROUX, Marc {CHE} <1600>\n"

TSH_CONFIG = """# tsh configuration for the fixture division
division a a.t
config max_rounds = 4
config event_name = "Fixture Club Day"
config bye_spread = 50
config standings_spread_cap = [60, 60, 60, 60]
"""

def as_tourney_js(t_text: str, division: str) -> dict:
    """A division of a .t file as tsh publishes it in tourney.js."""
    players = [None]
    for no, line in enumerate((ln for ln in t_text.splitlines() if ln.strip()), 1):
        head, scores, *tags = [part.strip() for part in line.split(";")]
        words = head.split()
        name, opps = " ".join(words[:2]), [int(w) for w in words[3:] if w != "00"]  # 00: not paired
        etc = {tag.split()[0]: [int(v) if v.lstrip("-").isdigit() else v for v in tag.split()[1:]] for tag in tags if tag}
        players.append({"id": no, "name": name, "rating": 0,
                        "pairings": opps, "scores": [int(s) for s in scores.split() if s != "00"], "etc": etc})
    return {"name": division, "players": players}


def last_round_awaiting(text: str) -> str:
    """A .t file's text (fixtures/tsh/a.t) with its last round paired and not yet entered, as tsh keeps
    it: each line's last score left out (its opponent stays, past the scores); a line not paired in it
    (00) loses its 00s."""
    lines = []
    for line in text.splitlines():
        head, scores, tags = line.split(";")
        if head.endswith(" 00"):
            head, tags = head[:-3], tags[:-3]
        lines.append(";".join((head, " " + " ".join(scores.split()[:-1]) + " ", tags)))
    return "\n".join(lines) + "\n"


def tourney_js() -> str:
    """fixtures/tsh/a.t as tsh's tourney.js, written as tsh writes it (undefined for what it has not)."""
    from brightwell_plugin.adapters.tsh.format import TshFormat
    a = TshFormat().dumps(scrabble_day()).decode("latin-1")
    division = as_tourney_js(a, "A")
    for p in division["players"][1:]:
        p.update(newr=None, photo=None, photomood=None)
    return _support("tsh_js_text").tourney_js({"config": {"currency_symbol": None, "max_rounds": 4}, "divisions": [division],
                                      "esb": {"message": {"mode": "reveal", "text": ""}}, "profile": None})


def sp_text_export() -> str:
    """The Othello sample as Swiss Perfect's tab-separated text export."""
    t = othello_open()
    codes = {Kind.FULL_BYE: "0:W", Kind.PAB: "0:W", Kind.HALF_BYE: "0:D", Kind.ZERO_BYE: "0:-", Kind.ABSENT: ""}
    lines = ["\t".join(["No", "Name", "Rtg", "Feder", "Total", *map(str, range(1, t.rounds + 1))])]
    for p in t.players:
        cells = [codes[e.kind] if e.opponent is None else
                 f"{e.opponent}:{'+' if e.kind is Kind.FORFEIT_WIN else '-' if e.kind is Kind.FORFEIT_LOSS else e.result.value[0].upper()}"
                 for e in p.rounds]
        cells += [""] * (t.rounds - len(cells))
        lines.append("\t".join([str(p.start_no), p.name, str(p.rating or ""), p.federation or "",
                                f"{t.scoring.total(p.rounds) + p.bonus:g}", *cells]))
    return "\n".join(lines) + "\n"


def team_fixture() -> str:
    """A team Swiss in TRF-2026: four teams of three, three rounds; a board won by forfeit, a
    match forfeited (every board, and the 330 record that declares it), 3/1/0 match points."""
    try:
        from support.team_events import team_trf
    except ModuleNotFoundError:  # run as a script, from tests/support
        from team_events import team_trf
    from brightwell_plugin.model import Result
    w, d, lost = (Kind.GAME, Result.WIN), (Kind.GAME, Result.DRAW), (Kind.GAME, Result.LOSS)
    fw, fl = (Kind.FORFEIT_WIN, None), (Kind.FORFEIT_LOSS, None)
    rosters = [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]
    rounds = [[(1, 4, *w), (5, 2, *d), (3, 6, *w), (7, 10, *lost), (11, 8, *fw), (9, 12, *d)],
              [(1, 7, *d), (8, 2, *w), (3, 9, *w), (4, 10, *w), (11, 5, *d), (6, 12, *lost)],
              [(1, 10, *w), (11, 2, *lost), (3, 12, *d), (7, 4, *fw), (5, 8, *fl), (9, 6, *fw)]]
    return team_trf("Team Swiss", rosters, rounds, (3, 1, 0), "WBW", forfeits=(("+-", 3, 3, 2),)).decode("latin-1")  # team 3 beat team 2


def chessresults_fixture() -> str:
    """A team double round robin as Swiss-Manager uploads it to chess-results.com: two teams of two
    boards, a board with no result (nothing scored), decimal commas, a tie marked equal."""
    player = ('<player no="{no}" id="{no}" lastname="{name}" firstname="" title="" rtg="{rtg}" fed="GER" '
              'board="{board}" teamno="{team}" fideid="" rank="{rank}" pts="{pts}" tb1="" tb2="" tb3="" equal="N"/>')
    players = [player.format(no=no, name=name, rtg=rtg, board=board, team=team, rank=rank, pts=pts)
               for no, name, rtg, board, team, rank, pts in (
                   (1, "Adler,Anna", 1900, 1, 1, 2, "1,0"), (2, "Berg,Bruno", 1700, 2, 1, 1, "2,0"),
                   (3, "Claus,Clara", 1850, 1, 2, 3, "0,0"), (4, "Dorn,Dieter", 1650, 2, 2, 3, "0,0"))]
    pairing = '<playerpairing round="{r}" pairing="1" board="{b}" whiteno="{w}" blackno="{k}" reswhite="{rw}" resblack="{rb}" forfeit=""/>'
    pairings = [pairing.format(r=r, b=b, w=w, k=k, rw=rw, rb=rb) for r, b, w, k, rw, rb in (
        (1, 1, 1, 3, "", ""), (1, 2, 4, 2, "0.0", "1.0"), (2, 1, 3, 1, "0.0", "1.0"), (2, 2, 2, 4, "1.0", "0.0"))]
    teams = ['<team no="1" teamname="Adler SC" teamshort="Adler" rank="1" points="4" tb1="4" tb2="3,0" '
             'equal="N" rtg_average="1800"/>',
             '<team no="2" teamname="Claus SV" teamshort="Claus" rank="2" points="0" tb1="0" tb2="0,0" '
             'equal="N" rtg_average="1750"/>']
    team_pairings = ['<teampairing round="1" pairing="1" no1="1" no2="2" res1="1,0" res2="0,0"/>',
                     '<teampairing round="2" pairing="1" no1="2" no2="1" res1="0,0" res2="2,0"/>']
    return ("<?xml version=\"1.0\"?>\n<chessresults>\n<tournamentdata>\n"
            '<tournament key="1" type="2" name="Two Clubs" rounds="2" currentround="2" from="20250905" '
            'to="20250926" tb1no="13" tb2no="1" tb3no="52" tb4no="0" tb5no="0" playerperteam="2"/>\n'
            "</tournamentdata>\n<players>\n" + "\n".join(players) + "\n</players>\n<teams>\n" + "\n".join(teams)
            + "\n</teams>\n<playerpairings>\n" + "\n".join(pairings) + "\n</playerpairings>\n<teampairings>\n"
            + "\n".join(team_pairings) + "\n</teampairings>\n</chessresults>\n")


TEXT_FIXTURES = {FIXTURES / "teams.trf": team_fixture, FIXTURES / "chessresults_team.xml": chessresults_fixture, FIXTURES / "papp" / "papp-internal-workfile.txt": lambda: PAPP_WORKFILE,
                 FIXTURES / "papp" / "papp.cfg": lambda: PAPP_CFG, FIXTURES / "papp" / "joueurs": lambda: PAPP_PLAYERS,
                 FIXTURES / "quirks.trf": quirks_trf, FIXTURES / "fixture_go.opengotha.xml": opengotha_xml, FIXTURES / "othello_open.ftd.json": ftd_json,
                 FIXTURES / "go" / "mcmahon.opengotha.xml": mcmahon_xml, FIXTURES / "go" / "mcmahon.h9": lambda: MCMAHON_H9,
                 FIXTURES / "go" / "mcmahon.tou": lambda: MCMAHON_TOU, FIXTURES / "go" / "macmahon39.xml": lambda: MACMAHON39,
                 FIXTURES / "tsh" / "tourney.js": tourney_js, FIXTURES / "sp" / "othello_open.txt": sp_text_export,
                 FIXTURES / "pairgoth" / "club.tour": lambda: _support("pairgoth_files").club(),
                 **{FIXTURES / "papp" / "dialects" / name: (lambda text=text: text) for name, text in PAPP_DIALECTS.items()
                    if name != "papp136.elo"}}
# Swiss-Manager's and Swiss-Chess's binaries, written from their layouts (tests/support/swissmanager_files.py,
# swisschess_files.py)
BINARY_FIXTURES = {FIXTURES / "swissmanager" / "club.TUNX": lambda: _support("swissmanager_files").club_swiss().dumps(),
                   FIXTURES / "swissmanager" / "league.TUMX": lambda: _support("swissmanager_files").club_league().dumps(),
                   FIXTURES / "sharly" / "club.sce": lambda: _support("sharly_files").event_file("m081"),
                   FIXTURES / "swisschess" / "club.SWT": lambda: _support("swisschess_files").club_swiss().dumps(),
                   FIXTURES / "swisschess" / "league.SWT": lambda: _support("swisschess_files").club_league().dumps(),
                   FIXTURES / "tsh" / "club.tsh": lambda: tsh_archive(),
                   FIXTURES / "aupair" / "club.tou": lambda: aupair_fixture(),
                   FIXTURES / "papi" / "club.papi": lambda: _support("papi_files").papi_file(_support("papi_files").club_event())}


def tsh_archive() -> bytes:
    """fixtures/tsh/a.t twice, as divisions A and B of a tsh archive (NASPA's .tsh), Latin-1 as a.t."""
    from brightwell_plugin.adapters.tsh.format import TshFormat
    division = TshFormat().dumps(scrabble_day())
    head = (b"# tsh archive file\ndivision A a.t\ndivision B b.t\nconfig event_name = \"Fixture Club Day\"\n"
            b"config max_rounds = 4\n# config bye_spread = 50\n")
    return head + b"".join(b"#begin_file name=%s.t\n%s#end_file name=%s.t\n" % (n, division, n) for n in (b"a", b"b"))


def aupair_fixture() -> bytes:
    """The fixture Scrabble division as AUPAIR writes it (its byes and forfeit paired with the player himself)."""
    from dataclasses import replace

    from brightwell_plugin.adapters.aupair import AupairFormat
    return AupairFormat().dumps(replace(scrabble_day(), start_date="2026-03-07"))


# written as Papp writes them on Windows: Latin-1
LATIN1_FIXTURES = {FIXTURES / "papp" / "dialects" / "papp136.elo": lambda: PAPP_DIALECTS["papp136.elo"]}

def team_event() -> Tournament:
    """The team fixture's event (teams.trf) as the native XML holds it: teams, matches, boards."""
    from dataclasses import replace

    from brightwell_plugin import api
    t = api.load_bytes(team_fixture().encode(), name="teams.trf").tournament
    return replace(t, metadata=(), origin=None)


BUILDERS = {
    SAMPLE: othello_open,
    FIXTURES / "teams.xml": team_event,
    FIXTURES / "othello_open.xml": othello_open,
    FIXTURES / "german_example.xml": german_example,
    FIXTURES / "papp_manual.xml": papp_manual,
}


def sp_fixture_files() -> dict[Path, bytes]:
    """The Othello sample as a Swiss Perfect trio (fixtures/sp/othello_open.ini/.trn/.sco)."""
    from dataclasses import replace

    from brightwell_plugin.adapters.swissperfect.writer import files_for
    t = replace(othello_open(), game=None, tiebreaks=("PTS", "BQ:coef=6", "DISCS", "BH"))
    return files_for(t, FIXTURES / "sp" / "othello_open.trn")


def papp_elo_fixture() -> bytes:
    """The Papp event as Papp exports it: players listed in their final order."""
    from brightwell_plugin import api
    from brightwell_plugin.adapters.papp.writer import render
    t = papp_event()
    return render(api.with_standings(t, api.rank(t)))


def wthor_files(folder: Path = FIXTURES / "wthor", tournaments=("Open A", "Cup B"), players=("Ann", "Bob", "Cy"),
                games: int = 3) -> dict[Path, bytes]:
    """A WTHOR database (fixtures/wthor), written from the format's grammar: a 16-byte header (date,
    counts, the games' year, board size 8), then records of a fixed size."""
    import struct

    def header(game_count: int, records: int, year: int) -> bytes:
        return bytes([20, 24, 6, 1]) + struct.pack("<IHH", game_count, records, year) + bytes([8, 0, 22, 0])
    trn = header(0, len(tournaments), 0) + b"".join(t.encode("latin-1").ljust(26, b"\0") for t in tournaments)
    jou = header(0, len(players), 0) + b"".join(p.encode("latin-1").ljust(20, b"\0") for p in players)
    moves = bytes([56, 64, 65] + [0] * 57)
    wtb = header(games, 0, 2024) + b"".join(struct.pack("<HHHBB", g % 2, 0, 1, 40, 40) + moves for g in range(games))
    return {folder / "WTHOR.TRN": trn, folder / "WTHOR.JOU": jou, folder / "WTH_2024.wtb": wtb}


def chess_json_fixture() -> bytes:
    """The quirks TRF's event (forfeits with and without a colour, a double forfeit, byes of every
    kind, a withdrawn player) as Chess-JSON."""
    from brightwell_plugin import api
    from brightwell_plugin.adapters.chessjson.format import ChessJsonFormat
    return ChessJsonFormat().dumps(api.load_bytes(quirks_trf().encode(), name="quirks.trf").tournament)


def othello_chess_json_fixture() -> bytes:
    """The Papp fixture's Othello event as Chess-JSON: discs, credited byes and a withdrawal in
    this project's ``other.brightwell`` objects."""
    from brightwell_plugin import api
    from brightwell_plugin.adapters.chessjson.format import ChessJsonFormat
    return ChessJsonFormat().dumps(api.load_bytes(papp_elo_fixture(), name="othello_open.elo").tournament)


def _support(name: str):
    """A test-support module, whether this file is imported by the tests or run as a script
    (python tests/support/make_fixtures.py)."""
    import importlib
    try:
        return importlib.import_module(f"support.{name}")
    except ImportError:
        return importlib.import_module(name)


def main() -> None:
    for path, build in BUILDERS.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(XmlFormat().dumps(build()))
        print(f"wrote {path.relative_to(ROOT)}")
    for path, text in TEXT_FIXTURES.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text(), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    for path, text in LATIN1_FIXTURES.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text().encode("latin-1"))
        print(f"wrote {path.relative_to(ROOT)}")
    for path, data in BINARY_FIXTURES.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data())
        print(f"wrote {path.relative_to(ROOT)}")
    from brightwell_plugin.adapters.tsh.format import TshFormat
    (FIXTURES / "tsh").mkdir(exist_ok=True)
    (FIXTURES / "tsh" / "a.t").write_bytes(TshFormat().dumps(scrabble_day()))
    (FIXTURES / "tsh" / "config.tsh").write_text(TSH_CONFIG, encoding="latin-1")
    print("wrote fixtures/tsh/a.t, config.tsh")
    (FIXTURES / "othello_open.elo").write_bytes(papp_elo_fixture())
    print("wrote fixtures/othello_open.elo")
    (FIXTURES / "quirks.jch").write_bytes(chess_json_fixture())
    (FIXTURES / "othello_open.jch").write_bytes(othello_chess_json_fixture())
    print("wrote fixtures/quirks.jch, othello_open.jch")
    for path, data in [*sp_fixture_files().items(), *wthor_files().items()]:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
