"""OpenGotha tournament files generated from a seed, in OpenGotha's own layout (the elements and
attributes ``ExternalDocument.generateXMLFile`` writes), to put OpenGotha's own code and this
project side by side on what no sample shows: pairings without a result, direct confrontation in
incomplete and cyclic groups, negative ratings, the half-point setting, categories, exploits,
players who never play, both-win and both-lose, byes, absences, unfinished events."""

from __future__ import annotations

import random
from xml.sax.saxutils import quoteattr

SURNAMES = ["Kato", "Weber", "Novak", "Dupont", "Rossi", "Ivanov", "Lee", "Kim", "Smith", "Garcia", "Müller", "Öztürk",
            "de Vries", "van Dam", "Nagy", "Popescu", "Horvat", "Silva", "Wang", "Sato", "Berg", "Lund", "Moreau", "Costa"]
FIRST = ["Ann", "Bob", "Cem", "Dan", "Eva", "Fay", "Gil", "Hao", "Ida", "Jan", "Kai", "Léa"]
LISTS = [
    ["MMS", "SOSM", "SOSOSM"], ["NBW", "SOSW", "SOSOSW"], ["CAT", "NBW", "EXT", "EXR"], ["NBW", "DC", "SOSW"],
    ["MMS", "DC", "SOSM", "SOSOSM"], ["NBW", "SDC", "SOSW"], ["MMS", "SOSM-1", "SOSM-2", "SODOSM"],
    ["NBW", "SOSW-1", "SOSW-2", "SODOSW", "CUSSW"], ["STS", "SOSTS", "MMS"], ["CPS", "NBW"], ["MMS", "CUSSM", "Rank"],
    ["NBW", "Rating", "SOSW"], ["CAT", "MMS", "DC", "SDC", "SOSM"], ["NBW", "DC"], ["MMS", "SDC", "DC", "SOSOSM"],
]
# the parameter sets OpenGotha's import requires (it reads their attributes without a test)
HANDICAP = '<HandicapParameterSet hdBasedOnMMS="true" hdCeiling="9" hdCorrection="1" hdNoHdRankThreshold="1D"/>'
PAIRING = ('<PairingParameterSet paiMaAdditionalPlacementCritSystem1="Rating" paiMaAdditionalPlacementCritSystem2="Rating"'
           ' paiMaSeedSystem1="SPLITANDRANDOM" paiMaSeedSystem2="SPLITANDFOLD"/>')
RANKS = [f"{k}K" for k in range(25, 0, -1)] + [f"{d}D" for d in range(1, 8)]


def _player(i: int, rnd: random.Random, rounds: int) -> dict[str, str]:
    part = "".join("0" if rnd.random() < 0.12 else "1" for _ in range(rounds)) + "1" * (20 - rounds)
    p = {"agaExpirationDate": "", "agaId": "", "club": rnd.choice(["Par", "Lyo", ""]), "country": rnd.choice(["FR", "DE", ""]),
         "egfPin": "", "ffgLicence": "", "ffgLicenceStatus": "", "firstName": FIRST[i % len(FIRST)],
         "name": SURNAMES[i % len(SURNAMES)] + ("" if i < len(SURNAMES) else f" {i}"), "participating": part,
         "rank": rnd.choice(RANKS), "ratingOrigin": "INI", "grade": "", "registeringStatus": "FIN",
         "smmsCorrection": str(rnd.choice([0, 0, 0, 1, -1, 2]))}
    if rnd.random() < 0.85:
        p["rating"] = str(rnd.choice([rnd.randint(-900, 2949), rnd.randint(-300, 0), 0]))
    return p


def _key(p) -> str:
    return (p["name"] + p["firstName"]).upper().replace(" ", "")


def generated(seed: int) -> str:
    """An OpenGotha file: random players, settings, criteria and results; some rounds unplayed."""
    rnd = random.Random(seed)
    planned = rnd.randint(2, 7)
    n = rnd.randint(4, 22)
    players = [_player(i, rnd, planned) for i in range(n)]
    idle = set(rnd.sample(range(n), k=rnd.choice([0, 0, 1, 2]))) if n > 5 else set()  # never paired
    played = rnd.randint(1, planned)
    games, byes = [], []
    for r in range(played):
        here = [i for i in range(n) if players[i]["participating"][r] == "1" and i not in idle]
        rnd.shuffle(here)
        if len(here) % 2 and rnd.random() < 0.8:
            byes.append((r, here.pop()))
        if rnd.random() < 0.2 and len(here) >= 4:
            here = here[:-2]  # two participants left unpaired
        last = r == played - 1
        for t in range(len(here) // 2):
            w, b = here[2 * t], here[2 * t + 1]
            result = rnd.choices(["RESULT_WHITEWINS", "RESULT_BLACKWINS", "RESULT_EQUAL", "RESULT_UNKNOWN",
                                  "RESULT_BOTHWIN", "RESULT_BOTHLOSE"],
                                 [40, 40, 4, 30 if last else 3, 2, 2])[0]
            if result != "RESULT_UNKNOWN" and rnd.random() < 0.07:
                result += "_BYDEF"
            hd = rnd.choice([0] * 6 + list(range(1, 10)))
            games.append((r, t, w, b, hd, result))
    criteria = rnd.choice(LISTS)
    cats = rnd.choice([1, 1, 2, 3])
    general = {"bInternet": "false", "basicTime": "60", "beginDate": "2026-03-01", "canByoYomiTime": "300",
               "complementaryTimeSystem": "STDBYOYOMI", "director": "", "endDate": "2026-03-02", "fischerTime": "10",
               "genCountNotPlayedGamesAsHalfPoint": rnd.choice(["false", "false", "true"]),
               "genMMBar": rnd.choice(["9D", "4D", "2D", "1K"]), "genMMFloor": rnd.choice(["30K", "20K", "15K"]),
               "genMMS2ValueAbsent": str(rnd.randint(0, 2)), "genMMS2ValueBye": str(rnd.randint(0, 2)),
               "genMMZero": rnd.choice(["30K", "30K", "20K"]), "genNBW2ValueAbsent": str(rnd.randint(0, 2)),
               "genNBW2ValueBye": str(rnd.randint(0, 2)), "genRoundDownNBWMMS": rnd.choice(["true", "false"]),
               "komi": "7.5", "location": "Here", "name": f"Generated {seed}", "nbMovesCanTime": "15",
               "numberOfCategories": str(cats), "numberOfRounds": str(planned), "shortName": f"gen{seed}",
               "size": "19", "stdByoYomiTime": "30"}
    for k in list(general):
        if k.startswith("gen") and rnd.random() < 0.08:
            del general[k]  # an older file without the attribute: OpenGotha's import default applies
    out = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
           '<Tournament dataVersion="201" externalIPAddress="" fullVersionNumber="3.51.02" runningMode="SAL" '
           'saveDT="20260301120000">', "<Players>"]
    out += ["<Player " + " ".join(f"{k}={quoteattr(v)}" for k, v in sorted(p.items())) + "/>" for p in players]
    out += ["</Players>", "<Games>"]
    out += [f'<Game blackPlayer={quoteattr(_key(players[b]))} handicap="{hd}" knownColor="true" result="{res}" '
            f'roundNumber="{r + 1}" tableNumber="{t + 1}" whitePlayer={quoteattr(_key(players[w]))}/>'
            for r, t, w, b, hd, res in games]
    out += ["</Games>", "<ByePlayers>"]
    out += [f'<ByePlayer player={quoteattr(_key(players[i]))} roundNumber="{r + 1}"/>' for r, i in byes]
    out += ["</ByePlayers>", "<TournamentParameterSet>",
            "<GeneralParameterSet " + " ".join(f"{k}={quoteattr(v)}" for k, v in sorted(general.items())) + ">",
            "<Categories>"]
    limits = sorted(rnd.sample(range(len(RANKS)), cats - 1), reverse=True)  # strongest category first
    out += [f'<Category lowerLimit="{RANKS[lim]}" number="{c + 1}"/>' for c, lim in enumerate(limits)
            if rnd.random() < 0.9]
    out += ["</Categories>", "</GeneralParameterSet>",
            HANDICAP, "<PlacementParameterSet>", "<PlacementCriteria>"]
    out += [f'<PlacementCriterion name="{c}" number="{k + 1}"/>' for k, c in enumerate(criteria)]
    out += [f'<PlacementCriterion name="NULL" number="{k + 1}"/>' for k in range(len(criteria), 6)]
    out += ["</PlacementCriteria>", "</PlacementParameterSet>", PAIRING,
            f'<DPParameterSet displayNPPlayers="{rnd.choice(["false", "false", "true"])}" gameFormat="short" '
            'playerSortType="name"/>', "</TournamentParameterSet>", "</Tournament>"]
    return "\n".join(out) + "\n"


def dense(seed: int) -> str:
    """Few players, many rounds, no draws, a direct confrontation in the list: groups tied on wins in
    which some never met and some beat each other in a circle."""
    rnd = random.Random(seed)
    n, rounds = rnd.randint(4, 8), rnd.randint(3, 6)
    names = SURNAMES[:n]
    key = [f"{name.upper().replace(' ', '')}X" for name in names]
    players = ["<Player " + " ".join(f"{k}={quoteattr(v)}" for k, v in sorted({
        "name": name, "firstName": "X", "rank": rnd.choice(["5K", "3K", "1D"]), "rating": str(rnd.randint(-50, 50)),
        "participating": "1" * 20, "registeringStatus": "FIN", "country": "FR", "club": ""}.items())) + "/>"
        for name in names]
    games = []
    for r in range(rounds):
        order = list(range(n))
        rnd.shuffle(order)
        for t in range(n // 2):
            w, b = order[2 * t], order[2 * t + 1]
            games.append(f'<Game blackPlayer="{key[b]}" handicap="0" knownColor="true" '
                         f'result="{rnd.choice(["RESULT_WHITEWINS", "RESULT_BLACKWINS"])}" roundNumber="{r + 1}" '
                         f'tableNumber="{t + 1}" whitePlayer="{key[w]}"/>')
    criteria = rnd.choice([["NBW", "DC", "SOSW"], ["NBW", "DC"], ["NBW", "SDC", "SOSW"], ["NBW", "DC", "SDC", "SOSOSW"],
                           ["MMS", "DC", "SOSM"], ["NBW", "SOSW", "DC"]])
    out = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
           '<Tournament dataVersion="201" fullVersionNumber="3.51.02" runningMode="SAL" saveDT="20260301120000">',
           "<Players>", *players, "</Players>", "<Games>", *games, "</Games>", "<TournamentParameterSet>",
           f'<GeneralParameterSet genNBW2ValueBye="2" name="Dense {seed}" numberOfRounds="{rounds}" '
           f'shortName="dense{seed}"/>', HANDICAP, "<PlacementParameterSet>", "<PlacementCriteria>"]
    out += [f'<PlacementCriterion name="{c}" number="{k + 1}"/>' for k, c in enumerate(criteria)]
    out += ["</PlacementCriteria>", "</PlacementParameterSet>", PAIRING, "</TournamentParameterSet>", "</Tournament>"]
    return "\n".join(out) + "\n"
