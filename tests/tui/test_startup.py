"""Start-up stays light: the first screen needs only Textual and the record base class
(``engine.records``); the rules engine, the saves and the dashboard load in the opening
worker."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_importing_the_app_loads_no_engine_saves_or_dashboard():
    code = "import tui.app, tui.launch, sys; print('\\n'.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    mods = set(out.stdout.split()) - {"engine", "engine.records"}  # the package (empty) and the record base
    for heavy in ("engine", "saves", "tinydb", "tui.systems.sanctum_mortalis.screen", "tui.session"):
        assert not any(m == heavy or m.startswith(heavy + ".") for m in mods), heavy


def test_opening_a_battle_and_its_dashboard_imports_no_rule_procedures(tmp_path: Path):
    """Replaying the log and the modules the dashboard draws from need the reducers and
    the state, not the commands' rule procedures (imported on the first command)."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from long_battle import long_battle
    finally:
        sys.path.remove(str(ROOT / "bench"))
    battle = long_battle(300)
    saved = tmp_path / "battle.json"
    saved.write_text(json.dumps({"header": battle.header, "entries": [e.to_dict() for e in battle.entries]}))
    code = (
        "import json, sys; from engine.battle import Battle; "
        f"data = json.loads(open({str(saved)!r}).read()); "
        "replayed = Battle(data['header'], data['entries']); assert len(replayed.entries) > 300; "
        "import tui.systems.sanctum_mortalis.screen; "
        "print('\\n'.join(sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    mods = set(out.stdout.split())
    assert "engine.rulesets.sanctum_mortalis.evolve" in mods
    for deferred in ("procedures", "combat", "turn", "activation", "view"):
        name = f"engine.rulesets.sanctum_mortalis.{deferred}"
        assert not any(m == name or m.startswith(name + ".") for m in mods), name


async def test_the_last_battle_is_noted_once_the_battle_is_on_its_way_to_the_screen(make_app, saves_dir, monkeypatch):
    """The note of the last battle is an fsync'd write (1-40 ms here): the opening worker
    writes it after handing the battle to the screen, not before."""
    import saves
    import tui.opening
    from tui.messages import BattleOpened

    from .conftest import battle_ready

    order: list[str] = []
    remember = tui.opening.remember

    def noted(directory: Path, path: Path) -> None:
        order.append("noted")
        remember(directory, path)

    monkeypatch.setattr(tui.opening, "remember", noted)
    app = make_app()
    post = app.post_message

    def posted(message: object) -> bool:
        if isinstance(message, BattleOpened):
            order.append("opened")
        return post(message)  # type: ignore[arg-type]

    monkeypatch.setattr(app, "post_message", posted)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await battle_ready(pilot)
        await app.workers.wait_for_complete()
        assert order == ["opened", "noted"]
        assert saves.last_battle(saves_dir) == screen.session.path
