"""The npm package ``tiebreak`` 0.4.0 (MIT, Marcel Juenemann), an independent implementation of the
Buchholz family under FIDE's rules of 2009 (``FIDE_2009``: a virtual opponent) and of 2023
(``FIDE_2023``), run under Node as an oracle. (Its sources define Sonneborn-Berger too; the 0.4.0
build it publishes computes none: its ``tiebreak("SB")`` is undefined.)

``.ci/run`` installs it into a scratch folder (never the repository) and names it to the tests by
``BRIGHTWELL_NPM_TIEBREAK`` (the package's folder); else a ``node_modules/tiebreak`` under
``/tmp/brightwell-npm``. Without Node or the package the tests that need it skip, saying so.

Its events: Swiss only, scores 1, ½, 0; its unplayed rounds: a pairing ``forfeited``, a
pairing-allocated bye (a full point), a half-point bye, or no record ("unpaired": 0 points).
:func:`as_results` writes an event so, or says why it cannot (:class:`Unsupported`).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from brightwell_plugin.model import Kind, Result, Side

VERSION = "0.4.0"
CODES = ("BH", "BH-C1", "BH-C2", "BH-M1", "BH-M2")  # its Tiebreak values its build computes
OURS = {"BH": "BH", "BH-C1": "BH/C1", "BH-C2": "BH/C2", "BH-M1": "BH/M1", "BH-M2": "BH/M2"}
_POINTS = {Result.WIN: 1, Result.DRAW: 0.5, Result.LOSS: 0}

# the driver, written to a temporary folder: reads the events as JSON on standard input, writes
# each one's values {adjustment: {player: [value of each code]}} on standard output
DRIVER = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const lib = await import(pathToFileURL(process.argv[2]).href);
const events = JSON.parse(readFileSync(0, "utf8"));
const out = events.map((ev) => {
  const results = new lib.Results(lib.TournamentType.SWISS, ev.rounds);
  const values = {};
  for (const adjustment of ev.adjustments) {
    const tb = new lib.Tiebreaker(results, lib.UnplayedRoundsAdjustment[adjustment]);
    values[adjustment] = {};
    for (const p of ev.players) values[adjustment][p] = ev.codes.map((c) => {
      const v = tb.tiebreak(c, p, ev.round);
      if (typeof v !== "number") throw new Error(`no value of ${c} for ${p}`);
      return v;
    });
  }
  return values;
});
process.stdout.write(JSON.stringify(out));
"""


class Unsupported(Exception):
    """An event the package cannot hold (its reason)."""


def package() -> Path:
    """The installed package's entry (build/index.js), or a visible skip."""
    if shutil.which("node") is None:
        pytest.skip("Node is not installed: the npm tiebreak oracle cannot run (.ci/run installs it)")
    named = os.environ.get("BRIGHTWELL_NPM_TIEBREAK")
    folder = Path(named) if named else Path("/tmp/brightwell-npm/node_modules/tiebreak")
    entry = folder / "build" / "index.js"
    if not entry.exists():
        pytest.skip(f"npm tiebreak {VERSION} is not installed (BRIGHTWELL_NPM_TIEBREAK, or npm install --prefix "
                    f"/tmp/brightwell-npm tiebreak@{VERSION}; .ci/run does it)")
    version = json.loads((folder / "package.json").read_text())["version"]
    if version != VERSION:
        pytest.skip(f"npm tiebreak {version} is installed, the oracle is {VERSION}")
    return entry


def as_results(t, k: int) -> dict:
    """The package's ``RoundResults`` of ``t``'s first ``k`` rounds (players by start number)."""
    s = t.scoring
    if (s.win, s.draw, s.loss, s.absent) != (1, 0.5, 0, 0) or s.pab not in (None, 1):
        raise Unsupported("its scoring is not 1, ½, 0")
    if any(p.bonus or p.more_games for p in t.players):
        raise Unsupported("points outside the rounds, or more than one game in a round")
    rounds = []
    for r in range(k):
        pairings, allocated, half = [], [], []
        for p in t.players:
            e = p.rounds[r] if r < len(p.rounds) else None
            if e is None or e.kind in (Kind.ABSENT, Kind.ZERO_BYE):
                continue  # no record: unpaired, 0 points
            if e.kind is Kind.PAIRED:
                raise Unsupported(f"a pairing awaiting its result in round {r + 1}")
            if e.opponent is not None and e.kind in (Kind.GAME, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS):
                if e.side is Side.SECOND or (e.side is None and e.opponent < p.start_no):
                    continue  # written once, from White's side
                pairings.append(_pairing(t, p, e, r))
            elif e.kind in (Kind.PAB, Kind.FULL_BYE, Kind.FORFEIT_WIN):
                allocated.append(p.start_no)
            elif e.kind is Kind.HALF_BYE:
                half.append(p.start_no)
            elif e.kind is not Kind.FORFEIT_LOSS:  # a forfeit loss without an opponent: unpaired, 0 points
                raise Unsupported(f"a round of kind {e.kind.value}")
        rounds.append({"pairings": pairings, "pairingAllocatedByes": allocated, "halfPointByes": half})
    return {"rounds": rounds, "players": [p.start_no for p in t.players], "round": k}


def _pairing(t, p, e, r: int) -> dict:
    other = next(q for q in t.players if q.start_no == e.opponent).rounds[r]
    if e.kind is Kind.GAME:
        mine, theirs = _POINTS[e.result], _POINTS[e.result.reverse]
    else:
        mine, theirs = (1 if e.kind is Kind.FORFEIT_WIN else 0), (1 if other.kind is Kind.FORFEIT_WIN else 0)
    return {"white": p.start_no, "black": e.opponent, "scoreWhite": mine, "scoreBlack": theirs,
            "forfeited": e.kind is not Kind.GAME}


def values(entry: Path, events: list[dict], adjustments=("FIDE_2009", "FIDE_2023"), workdir: Path | None = None):
    """Each event's values {adjustment: {start number: [value of each of CODES]}}, one Node run for all."""
    folder = workdir or Path(os.environ.get("TMPDIR", "/tmp"))
    driver = folder / "npm_tiebreak_driver.mjs"
    driver.write_text(DRIVER)
    data = json.dumps([{**ev, "adjustments": list(adjustments), "codes": list(CODES)} for ev in events])
    out = subprocess.run(["node", str(driver), str(entry)], input=data, capture_output=True, text=True, timeout=300)
    if out.returncode:
        raise AssertionError(f"node failed: {out.stderr.strip()[-2000:]}")
    return [{adj: {int(no): v for no, v in by.items()} for adj, by in ev.items()} for ev in json.loads(out.stdout)]
