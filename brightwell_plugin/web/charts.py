"""Charts as inline SVG: a player's place after each round, and the parts of a Brightwell quotient."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from brightwell_plugin.criteria.base import fmt

WIDTH, HEIGHT, PAD = 360, 160, 28
SUMMARY_LABELS = ("game scores", "opponents' strength", "substitutes")  # BQ's totals, drawn as one bar


def place_chart(places: Sequence[int], players: int, name: str) -> str:
    """A line of the player's place after each round (first place at the top)."""
    if not places:
        return ""
    worst = max(players, 2)
    step = (WIDTH - 2 * PAD) / max(len(places) - 1, 1)

    def y(place):
        return PAD + (place - 1) * (HEIGHT - 2 * PAD) / (worst - 1)
    points = [(PAD + r * step, y(p)) for r, p in enumerate(places)]
    path = " ".join(f"{x:.1f},{yy:.1f}" for x, yy in points)
    dots = "".join(f'<circle cx="{x:.1f}" cy="{yy:.1f}" r="3"><title>after round {r + 1}: place {p}</title></circle>'
                   f'<text x="{x:.1f}" y="{yy - 7:.1f}" text-anchor="middle">{p}</text>'
                   for r, ((x, yy), p) in enumerate(zip(points, places)))
    labels = "".join(f'<text x="{x:.1f}" y="{HEIGHT - 6}" text-anchor="middle">R{r + 1}</text>'
                     for r, (x, _) in enumerate(points))
    return (f'<svg class="chart place" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
            f'aria-label="{escape(name)}: place after each round">'
            f'<line x1="{PAD}" y1="{PAD}" x2="{WIDTH - PAD}" y2="{PAD}" class="axis"/>'
            f'<text x="4" y="{PAD + 4}">1</text><text x="4" y="{HEIGHT - PAD + 4}">{worst}</text>'
            f'<polyline points="{path}"/>{dots}{labels}</svg>')


def parts_chart(item: str, parts: Sequence[dict]) -> str:
    """BQ's parts drawn: a bar a round (counted games and substitutes told apart) and its totals
    (game scores, C x opponents' strength, substitutes) as one stacked bar. Other criteria's
    parts are a plain sum the table shows: no chart."""
    summary = [p for p in parts if p["round"] is None and p["label"] in SUMMARY_LABELS and p["value"] is not None]
    if not summary:
        return ""
    rounds = [p for p in parts if p["round"] is not None and p["value"] is not None]
    out = []
    if rounds:
        top = max(max(abs(p["value"]) for p in rounds), 1e-9)
        bar_w = (WIDTH - 2 * PAD) / len(rounds)
        zero = HEIGHT / 2 if any(p["value"] < 0 for p in rounds) else HEIGHT - PAD
        scale = (zero - PAD) / top
        bars = []
        width = f"{max(bar_w - 4, 1):.1f}"
        for n, p in enumerate(rounds):  # the table beside the chart says how each part was obtained
            value = p["value"]
            h = abs(value) * scale
            x = PAD + n * bar_w + 2
            kind = "substitute" if "substitute" in p["detail"] else "counted"
            bars.append(f'<rect class="{kind}" x="{x:.1f}" y="{zero - h if value >= 0 else zero:.1f}" width="{width}" '
                        f'height="{h:.1f}"><title>round {p["round"]}: {fmt(value)}</title></rect>'
                        f'<text x="{x + bar_w / 2 - 2:.1f}" y="{HEIGHT - 6}" text-anchor="middle">{p["round"]}</text>')
        out.append(f'<svg class="chart rounds" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
                   f'aria-label="{escape(item)}: each round\'s part">'
                   f'<line x1="{PAD}" y1="{zero:.1f}" x2="{WIDTH - PAD}" y2="{zero:.1f}" class="axis"/>'
                   f'{"".join(bars)}</svg>')
    positive = [p for p in summary if p["value"] > 0]
    total = sum(p["value"] for p in positive)
    if total > 0:
        x, segs = float(PAD), []
        for n, p in enumerate(positive):
            w = p["value"] / total * (WIDTH - 2 * PAD)
            segs.append(f'<rect class="part{n}" x="{x:.1f}" y="8" width="{w:.1f}" height="22">'
                        f'<title>{escape(p["label"])}: {fmt(p["value"])}</title></rect>'
                        f'<text x="{x + 2:.1f}" y="46">{escape(p["label"])} {fmt(p["value"])}</text>'
                        if w > 40 else
                        f'<rect class="part{n}" x="{x:.1f}" y="8" width="{w:.1f}" height="22">'
                        f'<title>{escape(p["label"])}: {fmt(p["value"])}</title></rect>')
            x += w
        out.append(f'<svg class="chart parts" viewBox="0 0 {WIDTH} 56" role="img" '
                   f'aria-label="{escape(item)}: its parts">{"".join(segs)}</svg>')
    return "".join(out)
