"""Suite-wide settings.

Hypothesis: no per-example deadline. The machines that run the suite are shared and
noisy; a property is about what an example does, not how fast it runs on a busy box
(speed is measured by the scripts in ``bench/``).

Saves: a test that gives no folder of its own writes to a temporary one for its test
process, never to the user's saves folder, and two pytest-xdist workers never share one.
"""

from collections.abc import Iterator

import pytest
from hypothesis import settings

settings.register_profile("skirmish", deadline=None)
settings.load_profile("skirmish")


@pytest.fixture(scope="session", autouse=True)
def default_saves_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """``$SKIRMISH_SAVES`` for the session: a temporary folder of this test process (a
    test's own ``monkeypatch`` still overrides it)."""
    mp = pytest.MonkeyPatch()
    mp.setenv("SKIRMISH_SAVES", str(tmp_path_factory.mktemp("default-saves")))
    yield
    mp.undo()
