"""What every ``brightwell`` command shares: modules imported on first use, exit statuses, and
:func:`handled`, which turns every error into one line. Click is not imported here: the quick
path of ``brightwell rank`` (launch.py) runs without it."""

from __future__ import annotations

import codecs
import errno
import functools
import os
import sys

from brightwell_plugin.errors import BrightwellError, one_line
from brightwell_plugin.lazy import module

api = module("brightwell_plugin.api")
render = module("brightwell_plugin.render")
fileio = module("brightwell_plugin.fileio")
limits = module("brightwell_plugin.limits")

EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 3
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a tool whose reader left
# what a write to standard output fails with when its file cannot take it (a full disk, a quota,
# the file size limit, a failing device): files named by options report their own
OUTPUT_FAILURES = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


def plugin_host():
    """The process-wide plugin host, which the CLI hands to everything it calls."""
    return _host_module.get_host()


_host_module = module("brightwell_plugin.plugins.host")


_pending: list[str] = []  # the warnings of the command running, said once it has done its work


def warn(warnings) -> None:
    """Say these warnings about the input when the command ends: after its work, or not at all if
    it fails (its one error line is then all it says)."""
    _pending.extend(f"brightwell: warning: {one_line(str(w))}" for w in warnings)


def echo(text: str, nl: bool = True, err: bool = False) -> None:
    """``click.echo(text, nl=nl, err=err)`` without importing click: the text and a newline written
    and flushed. Click's own when it would change what is written (ANSI codes it strips off a pipe, a
    stream it finds misconfigured as ASCII)."""
    stream = sys.stderr if err else sys.stdout
    if stream is None:
        return
    if "\x1b" in text or _ascii(getattr(stream, "encoding", None)):
        import click
        click.echo(text, nl=nl, err=err)
        return
    stream.write(f"{text}\n" if nl else text)
    stream.flush()


def _ascii(encoding) -> bool:
    """Click's test of a misconfigured stream (``click._compat.is_ascii_encoding``)."""
    try:
        return codecs.lookup(encoding or "ascii").name == "ascii"
    except LookupError:
        return False


def _say_pending() -> None:
    for line in _pending:
        echo(line, err=True)
    _pending.clear()


def _fail(message: str, code: int = EXIT_BAD_INPUT):
    _pending.clear()
    echo(f"brightwell: error: {one_line(message)}", err=True)
    sys.exit(code)


def handled(func):
    """Report input errors on one line (exit 2) and never show a traceback. The plugins are loaded
    first: a plugin that fails or clashes is named before any argument is looked at."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        _pending.clear()
        try:
            plugin_host()
            result = func(*args, **kwargs)
            sys.stdout.flush()  # a failed write of what is still buffered is said here, not lost at exit
            _say_pending()
            return result
        except BrightwellError as exc:
            _fail(str(exc))
        except KeyboardInterrupt:  # Ctrl-C before anything was done (batch reports its own)
            _pending.clear()
            echo("brightwell: interrupted", err=True)
            sys.exit(EXIT_INTERRUPTED)
        except SystemExit as exc:  # a command's own status (check: 1 when ranks differ): its work is done
            if exc.code in (None, 0, 1):
                sys.stdout.flush()
                _say_pending()
            raise
        except BrokenPipeError:  # the reader left (``| head``): stop quietly, as the shell's own tools do
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing more to flush at exit
            sys.exit(EXIT_BROKEN_PIPE)
        except OSError as exc:  # files named by options say their own errors: this is standard output
            if exc.errno not in OUTPUT_FAILURES:
                _internal(exc)
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing more to flush at exit
            _fail(f"cannot write the output (standard output): {exc.strerror}; what was written is incomplete")
        except Exception as exc:  # a bug of ours: still one line, unless debugging
            if _click_exit(exc):
                raise
            _internal(exc)

    return wrapper


def _click_exit(exc: Exception) -> bool:
    """Whether ``exc`` is click's to handle (its exit or usage error): raised only once click is loaded."""
    click = sys.modules.get("click")
    return click is not None and isinstance(exc, (click.exceptions.Exit, click.ClickException))


def _internal(exc: Exception):
    """A bug of ours: one line, exit 3; the traceback with ``BRIGHTWELL_DEBUG``."""
    if os.environ.get("BRIGHTWELL_DEBUG"):
        raise exc
    _fail(f"internal error ({type(exc).__name__}: {exc}); set BRIGHTWELL_DEBUG=1 for details", EXIT_INTERNAL)
