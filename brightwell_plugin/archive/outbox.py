"""A batch written as one archive (``--out reranked.zip``, or a tar): its outputs are written into a
staging folder beside the archive (on a cluster's shared file system, where the workers write),
packed when the run ends and put in place whole, and the folder removed. An interrupted run
leaves no archive and no folder."""

from __future__ import annotations

import os
import shutil
from dataclasses import replace
from pathlib import Path

from brightwell_plugin.archive.packed import TAR_SUFFIXES, archive_suffix
from brightwell_plugin.errors import BrightwellError

_MODES = {".tar": "w", ".tar.gz": "w:gz", ".tgz": "w:gz", ".tar.bz2": "w:bz2", ".tbz2": "w:bz2", ".tbz": "w:bz2",
          ".tar.xz": "w:xz", ".txz": "w:xz"}
_RUN_FILES = (".brightwell-",)  # the output folder's tag and journal: of the run, not of its outputs


def is_archive_out(text: str) -> bool:
    """Whether ``--out`` names an archive to write (by its suffix)."""
    return archive_suffix(os.path.basename(text.rstrip("/" + os.sep))) is not None and not text.endswith(("/", os.sep))


def staging(target: Path) -> Path:
    """The folder the outputs are written into before they are packed into ``target``."""
    return target.with_name(f".{target.name}.{os.getpid()}.staging")


def named(result, folder: Path, target: Path):
    """``result`` with its output named inside the archive (``reranked.zip!2019/woc.elo``)."""
    if result.target is None or not result.target.startswith(str(folder) + os.sep):
        return result
    return replace(result, target=f"{target}!{Path(result.target).relative_to(folder).as_posix()}")


def pack(folder: Path, target: Path) -> int:
    """Pack every output under ``folder`` into ``target`` (staged beside it, then renamed into
    place); the folder is removed. How many files were packed."""
    import tarfile  # on first use: --out names an archive
    import zipfile
    files = sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.startswith(_RUN_FILES))
    staged = target.with_name(f".{target.name}.{os.getpid()}-0.tmp")  # as atomic writes stage: cleaned if left
    suffix = archive_suffix(target.name)
    try:
        if suffix in TAR_SUFFIXES:
            with tarfile.open(staged, _MODES[suffix]) as tar:
                for p in files:
                    tar.add(p, arcname=p.relative_to(folder).as_posix(), recursive=False)
        else:
            with zipfile.ZipFile(staged, "w", zipfile.ZIP_DEFLATED) as zf:
                for p in files:
                    zf.write(p, p.relative_to(folder).as_posix())
        os.replace(staged, target)
    except OSError as exc:
        staged.unlink(missing_ok=True)
        raise BrightwellError(f"cannot write the archive: {exc.strerror or exc}", file=str(target)) from None
    finally:
        discard(folder)
    return len(files)


def discard(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)
