"""A Sharly-Chess event file (``.sce``, an SQLite database) opened as untrusted: its bytes read once,
within the input limit, into a database in memory (SQLite never opens the file, nor a -wal or
-journal beside it, so nothing is written beside the input); only reads of tables are authorised (no
ATTACH, no PRAGMA, no function the file's schema could name), lengths are bounded and each statement
is stopped after a bounded amount of work."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

from brightwell_plugin.errors import BrightwellError

MAGIC = b"SQLite format 3\x00"
_STEPS = 1000  # the progress handler runs every this many virtual-machine instructions
_MAX_CALLS = 200_000  # ... and stops a statement after this many runs (200 million instructions)
_LIMITS = (("SQLITE_LIMIT_LENGTH", 1_000_000), ("SQLITE_LIMIT_ATTACHED", 0), ("SQLITE_LIMIT_EXPR_DEPTH", 100),
           ("SQLITE_LIMIT_COMPOUND_SELECT", 10), ("SQLITE_LIMIT_SQL_LENGTH", 100_000))
_READS = {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ}
_FAILURES = (sqlite3.Error, OverflowError, MemoryError, ValueError)


class Database:
    """An event file's database in memory, read by :meth:`rows` alone."""

    def __init__(self, data: bytes, file: str):
        self.file = file
        if not data.startswith(MAGIC):
            raise BrightwellError("not an SQLite database (a Sharly-Chess .sce file is one)", file=file)
        body = bytearray(data)
        if body[18:20] == b"\x02\x02":  # write-ahead logging: the database file is read as it stands
            body[18:20] = b"\x01\x01"
        self._con = sqlite3.connect(":memory:", isolation_level=None)
        try:
            self._con.deserialize(bytes(body))
            self._con.execute("PRAGMA trusted_schema = OFF")
            self._con.execute("PRAGMA query_only = ON")
            for name, value in _LIMITS:
                self._con.setlimit(getattr(sqlite3, name), value)
        except _FAILURES as exc:
            self._con.close()
            raise BrightwellError(f"not a readable SQLite database ({_line(exc)})", file=file) from None
        self._con.set_authorizer(_authorise)
        self._calls = 0
        self._con.set_progress_handler(self._progress, _STEPS)
        self.columns: dict[str, frozenset[str]] = {}

    def _progress(self) -> int:
        self._calls += 1
        return self._calls > _MAX_CALLS  # true: the statement stops

    def close(self) -> None:
        self._con.close()

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def rows(self, sql: str, what: str, params=()) -> Iterator[tuple]:
        """The rows of a statement (``what`` names them): SQLite's failures, a malformed database among
        them, and a statement stopped for its work, each as one line naming the file."""
        self._calls = 0
        try:
            yield from self._con.execute(sql, params)
        except _FAILURES as exc:
            reason = "more work than any event needs: stopped" if "interrupt" in str(exc) else _line(exc)
            raise BrightwellError(f"{what} cannot be read: {reason}", file=self.file) from None

    def tables(self) -> dict[str, frozenset[str]]:
        """Each ordinary table's name and its columns' names (not a view, nor a virtual table), kept
        as :attr:`columns`."""
        names = [name for name, sql in self.rows("SELECT name, sql FROM sqlite_master WHERE type = 'table'", "the schema")
                 if isinstance(name, str) and isinstance(sql, str) and not sql.lstrip()[:14].upper().startswith("CREATE VIRTUAL")]
        found = {}
        for name in names:
            self._calls = 0
            try:
                cursor = self._con.execute(f"SELECT * FROM {quoted(name)} LIMIT 0")
                found[name] = frozenset(d[0] for d in cursor.description or ())
            except _FAILURES as exc:
                raise BrightwellError(f"table {name[:40]!r} cannot be read: {_line(exc)}", file=self.file) from None
        self.columns = found
        return found


def quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _authorise(action, arg1, arg2, db_name, trigger) -> int:
    return sqlite3.SQLITE_OK if action in _READS else sqlite3.SQLITE_DENY


def _line(exc: BaseException) -> str:
    text = str(exc).splitlines()[0][:200] if str(exc).strip() else ""
    return text or type(exc).__name__
