"""Table rows the pages repeat by the thousand (a 2,000-player event has 22,000 standings rows and
140,000 explanation rows), built in Python and escaped with markupsafe as the templates escape:
per row a template would pay an escape call and a lookup for every cell. The templates hold the
rest of each page; tests/web/test_publish.py checks the rows against the document they come from."""

from __future__ import annotations

from markupsafe import Markup

from brightwell_plugin.criteria.base import fmt
from brightwell_plugin.standings import rank_text

_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;"})


def escape(text: str) -> str:
    """markupsafe's escaping (the same five characters, the same entities), in one C call."""
    return text.translate(_ESCAPES)


def _num(x) -> str:
    return "" if x is None else fmt(x)  # digits, sign, point: nothing to escape


class Links:
    """Each player's name as a link to his page, escaped once, for pages at one depth."""

    def __init__(self, players: dict[int, dict], root: str):
        self.cell = {no: f'<a href="{root}players/{no}.html">{escape(p["name"])}</a>' for no, p in players.items()}


def _row_start(row: dict) -> str:
    """A standings or crosstable row up to the name: start number, place (``3=`` when shared)."""
    no = row["start_no"]
    return (f'<tr data-start-no="{no}"><td class="rank">{rank_text(row["rank"], row["shared"])}</td>')


def standings_rows(standing: dict, players: dict[int, dict], links: Links, has_fed: bool, has_rating: bool,
                   columns: list[int]) -> Markup:
    """``columns``: the indices of the tie-break values shown."""
    after = standing["after_round"]
    out = []
    for row in standing["rows"]:
        no = row["start_no"]
        p = players[no]
        marks = ""
        if p["withdrawn_after"] is not None and p["withdrawn_after"] < after:
            w = p["withdrawn_after"]
            marks += f' <span class="mark withdrawn" title="withdrew after round {w}">withdrew after R{w}</span>'
        if p["late_entry"] is not None and p["late_entry"] > 1:
            e = p["late_entry"]
            marks += f' <span class="mark late" title="entered in round {e}">from R{e}</span>'
        fed = f'<td class="fold">{escape(p["federation"] or "")}</td>' if has_fed else ""
        rating = f'<td class="fold">{p["rating"] or ""}</td>' if has_rating else ""
        values = "".join(f"<td>{_num(row['values'][i])}</td>" for i in columns)
        out.append(f'{_row_start(row)}<td class="fold">{no}</td><th scope="row" class="name">{links.cell[no]}{marks}</th>'
                   f'{fed}{rating}<td class="points">{_num(row["points"])}</td>'
                   f'<td class="fold">{row["wins"]}-{row["draws"]}-{row["losses"]}</td>{values}</tr>\n')
    return Markup("".join(out))


def crosstable_rows(standing: dict, players: dict[int, dict], links: Links) -> Markup:
    out = []
    for row in standing["rows"]:
        no = row["start_no"]
        cells = []
        for c in players[no]["rounds"]:
            against = ""
            if c["opponent"] is not None:
                against = f' against {escape(players[c["opponent"]]["name"]) if c["opponent"] in players else c["opponent"]}'
            cells.append(f'<td class="{c["kind"]}" title="round {c["round"]}: {c["kind"]}{against}">'
                         f'{escape(c["text"])}</td>')
        out.append(f'{_row_start(row)}<th scope="row" class="name">{links.cell[no]}</th>'
                   f'<td class="points">{_num(row["points"])}</td>{"".join(cells)}</tr>\n')
    return Markup("".join(out))


def round_rows(player: dict, players: dict[int, dict], links: Links) -> Markup:
    out = []
    for c in player["rounds"]:
        opponent = links.cell.get(c["opponent"], "") if c["opponent"] is not None else ""
        out.append(f'<tr class="{c["kind"]}"><td>{c["round"]}</td><td>{c["kind"]}</td>'
                   f'<td class="name">{opponent}</td><td>{escape(c["side"] or "")}</td>'
                   f'<td>{escape(c["outcome"] or "")}</td><td>{escape(c["score"] or "")}</td>'
                   f'<td>{_num(c["points"])}</td></tr>\n')
    return Markup("".join(out))


def part_rows(explanation: dict) -> Markup:
    return Markup("".join(
        f'<tr><th scope="row">{escape(part["label"])}</th>'
        f'<td>{"–" if part["value"] is None else _num(part["value"])}</td>'
        f'<td class="name">{escape(part["detail"])}</td></tr>\n' for part in explanation["parts"]))

