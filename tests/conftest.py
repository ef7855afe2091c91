"""Suite-wide settings.

Hypothesis: no per-example deadline. The machines that run the suite are shared and
noisy; a property is about what an example does, not how fast it runs on a busy box
(speed is measured by the scripts in ``bench/``).
"""

from hypothesis import settings

settings.register_profile("skirmish", deadline=None)
settings.load_profile("skirmish")
