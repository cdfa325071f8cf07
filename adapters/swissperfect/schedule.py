"""What a Swiss Perfect ``.ini`` says of the rounds besides ``Rounds``: a round robin's schedule
(every player against every other, ``Multi Games`` times), which bounds it, and the round its
windows were on when it saved (``[Desktop] Round``), kept as the program's round."""

from __future__ import annotations

from brightwell_plugin.adapters.numbers import digits
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.limits import check_round
from brightwell_plugin.model import FILE_ROUND


def robin_rounds(info, players: int, rounds: int, warnings: list[str], name: str) -> int:
    """``Rounds``, or the rounds a round robin of ``players`` plays ``Multi Games`` times over (an odd
    field adds the bye's round) when ``Rounds`` holds more (a 4-player event of the samples says 11),
    said. A smaller number stays: an event SP calls a round robin may pair groups alone (the U16
    inter-provincial sample: 18 players, 3 rounds)."""
    text = info.get("Multi Games", "1").strip() or "1"
    if not digits(text):
        raise BrightwellError(f"Multi Games '{text[:20]}' is not a whole number")
    cycles = max(int(text), 1)
    schedule = (players if players % 2 else players - 1) * cycles
    if players < 2 or schedule >= rounds:
        return rounds
    check_round(schedule, name, "[Tournament Info]")
    warnings.append(f"{name}: a round robin of {players} players{f' played {cycles} times' if cycles > 1 else ''} "
                    f"is {schedule} rounds: Rounds={rounds} passed over")
    return schedule


def desktop_round(ini) -> tuple[tuple[str, str], ...]:
    """``[Desktop] Round``, the round SP's windows show (the round last paired or entered in the
    samples), as the program's round."""
    value = ini.get("Desktop", "Round", fallback="").strip()
    return ((FILE_ROUND, str(int(value))),) if digits(value) and 0 < int(value) <= 1000 else ()
