"""Bundled rule systems; importing this package registers them."""
from . import sanctum_mortalis  # noqa: F401
