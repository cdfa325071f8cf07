"""The project's contract for a format, as checks a plugin author runs in his own tests:

>>> from brightwell_plugin import testing
>>> testing.check_format(MyFormat(), tournament, tmp_path)      # doctest: +SKIP

* **round trip**: what the format writes, its own reader reads back (through the host, as
  ``brightwell`` reads it) into the same event: the same players and the same standings, or a
  loss the format names (``cannot_carry``) that explains the difference;
* **bad input refused**: the written file cut short, emptied, or with bytes changed is read or
  refused with a :class:`~brightwell_plugin.errors.BrightwellError` — never another exception;
* **one-line errors**: each refusal is one line that names the file.

Each check raises ``AssertionError`` saying what broke, so it works under any test runner.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from brightwell_plugin import api, conversion
from brightwell_plugin.adapters.base import Format, changes_standings
from brightwell_plugin.errors import BrightwellError, CannotCarry
from brightwell_plugin.model import Tournament
from brightwell_plugin.plugins.hookspecs import hookimpl
from brightwell_plugin.plugins.host import Host

__all__ = ["check_format", "check_refusals", "check_round_trip", "host_with"]


def host_with(fmt: Format) -> Host:
    """A private host with the built-ins and ``fmt``."""

    class _Plugin:
        @hookimpl
        def brightwell_register_formats(self, register):
            register(fmt)
    host = Host(external=False)
    if fmt.name not in host.formats:
        host.register(_Plugin(), name=f"{fmt.name} (under test)")
    return host


def check_round_trip(fmt: Format, t: Tournament, folder: Path, host: Host | None = None) -> Path:
    """Convert ``t`` to ``fmt`` in ``folder`` as ``brightwell convert`` does (points and ranks filled
    in where the format needs them, the written file read back by its own reader and ranked by the
    event's list) and read it again through the host; the path written. An event whose list needs
    what the format names in ``cannot_carry`` (game scores for BQ) is refused by the conversion,
    saying so, as the contract allows: its round trip is then checked ranked by points alone."""
    host = host or host_with(fmt)
    Path(folder).mkdir(parents=True, exist_ok=True)
    target = fmt.output_name(Path(folder) / "event")
    try:
        report = conversion.convert(t, fmt, target, host=host)
    except CannotCarry:
        if not any(map(changes_standings, fmt.cannot_carry(t))):
            raise
        t = replace(t, tiebreaks=("PTS",))
        report = conversion.convert(t, fmt, target, host=host)
    missing = [p for p in fmt.output_files(target) if not p.is_file()]
    assert not missing, f"{fmt.name}: output_files names {missing[0].name}, which writing did not make"
    named = any(map(changes_standings, report.lost))
    if report.moved:
        assert named, f"{fmt.name}: {'; '.join(report.standings_lost)}, and cannot_carry names nothing that explains it"
    back = api.load(target, fmt.name, host=host)
    listed = [p for p in t.players if p.listed]
    assert len(back.tournament.players) in (len(t.players), len(listed)) or named, \
        f"{fmt.name}: {len(t.players)} players written, {len(back.tournament.players)} read back, and no loss says why"
    return target


def _damaged(data: bytes, seed: int) -> Iterator[tuple[str, bytes]]:
    """The file cut at several places, emptied, with bytes changed, and with its lines shuffled."""
    rng = random.Random(seed)
    yield "empty", b""
    for cut in sorted({1, len(data) // 3, len(data) // 2, max(len(data) - 1, 0)}):
        yield f"cut to {cut} bytes", data[:cut]
    for n in range(8):
        if not data:
            break
        changed = bytearray(data)
        for _ in range(1 + n):
            changed[rng.randrange(len(changed))] = rng.choice(b"\x00\xff-0123456789 \n;:<>\"{}")
        yield f"bytes changed ({n + 1})", bytes(changed)
    lines = data.splitlines(keepends=True)
    if len(lines) > 2:
        rng.shuffle(lines)
        yield "lines shuffled", b"".join(lines)


def check_refusals(fmt: Format, path: Path, folder: Path, seed: int = 0, host: Host | None = None) -> int:
    """Read damaged copies of ``path`` (the main file of a written event) in ``folder``: each is read,
    or refused in one line that names the file. How many were refused."""
    host = host or host_with(fmt)
    path, refused = Path(path), 0
    files = {p: p.read_bytes() for p in host.formats.event_files(path)}
    for n, (what, data) in enumerate(_damaged(files[path], seed)):
        where = Path(folder) / f"damaged-{n}"
        where.mkdir(parents=True)
        for p, content in files.items():
            (where / p.name).write_bytes(data if p == path else content)
        copy = where / path.name
        try:
            api.load(copy, fmt.name, host=host)
        except BrightwellError as exc:
            text = str(exc)
            assert "\n" not in text, f"{fmt.name}, {what}: the error is not one line: {text!r}"
            assert any(str(where / p.name) in text for p in files), \
                f"{fmt.name}, {what}: the error names no file of the event: {text}"
            refused += 1
        except Exception as exc:  # noqa: BLE001 - the contract: no other exception
            raise AssertionError(f"{fmt.name}, {what}: {type(exc).__name__}: {exc} (a reader raises "
                                 "BrightwellError for bad input, naming the file)") from exc
    return refused


def check_format(fmt: Format, t: Tournament, folder: Path, seed: int = 0) -> None:
    """:func:`check_round_trip`, then :func:`check_refusals` on what it wrote."""
    host = host_with(fmt)
    written = check_round_trip(fmt, t, Path(folder) / "round-trip", host)
    check_refusals(fmt, written, Path(folder) / "refusals", seed, host)
