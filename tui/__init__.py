"""Skirmish Desk's terminal dashboard (Textual). ``tui.launch`` starts it; ``tui.app`` is the App."""
