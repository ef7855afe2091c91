"""Bundled rule systems; importing this package registers them."""
from . import saga  # noqa: F401
from . import sanctum_mortalis  # noqa: F401
from . import star_quest  # noqa: F401
from . import xk6  # noqa: F401
