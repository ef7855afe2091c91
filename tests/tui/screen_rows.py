"""The rows a Pilot test's screen shows, read from its screenshot: each terminal row's
text runs joined, top to bottom (what the GM reads, dialogs over the dashboard included)."""

from __future__ import annotations

import html
import re
from typing import Any

RUN = re.compile(r'<text [^>]*?y="([0-9.]+)"[^>]*clip-path="url\(#[^)]*-line-([0-9]+)\)"[^>]*>([^<]*)</text>')


def screen_rows(app: Any) -> list[str]:
    """Row ``i`` of the terminal as drawn (a blank row is an empty string)."""
    rows = [""] * app.size.height
    for _, line, text in RUN.findall(app.export_screenshot()):
        if int(line) < len(rows):
            rows[int(line)] += html.unescape(text).replace("\xa0", " ")
    return rows


def rows_above(rows: list[str], marker: str) -> list[str]:
    """The rows above the first one holding ``marker`` (a dialog's top border)."""
    top = next(i for i, row in enumerate(rows) if marker in row)
    return rows[:top]
