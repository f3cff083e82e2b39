"""Settings of the server processes the multi-process, fault and load runs start (and of a
developer's private test run): the site's settings, with the CPU's readable delay and the sweeps
shortened so a test sees a whole match in seconds.

Each value can be set from the environment of the spawned process (see tests/procs.py).
"""

import os

from config.settings import *  # noqa: F403
from config.settings import DATABASES

SEVENS_CPU_DELAY = float(os.environ.get("SEVENS_CPU_DELAY", "0.05"))
SEVENS_SWEEP_SECONDS = float(os.environ.get("SEVENS_SWEEP_SECONDS", "1"))
SEVENS_STALL_SECONDS = float(os.environ.get("SEVENS_STALL_SECONDS", "1"))
SEVENS_GRACE_SECONDS = float(os.environ.get("SEVENS_GRACE_SECONDS", "30"))
SEVENS_CPU_IN_SERVER = os.environ.get("SEVENS_CPU_IN_SERVER", "1") == "1"
SEVENS_CPU_EXECUTOR = os.environ.get("SEVENS_CPU_EXECUTOR", "process")
# Load runs open hundreds of tables from one address.
RATELIMIT_ENABLE = os.environ.get("SEVENS_RATELIMIT", "off") == "on"
SEVENS_FILL_LEVEL = os.environ.get("SEVENS_FILL_LEVEL", "random")
if os.environ.get("SEVENS_WS_BUDGET"):
    SEVENS_WS_BUDGET = int(os.environ["SEVENS_WS_BUDGET"])

# Several developers share one checkout: a private SQLite test database keeps their runs apart.
if os.environ.get("SEVENS_TEST_SQLITE"):
    DATABASES["default"]["TEST"] = {"NAME": os.environ["SEVENS_TEST_SQLITE"]}

# Spawned servers serve static files from the finders: no collectstatic, no manifest.
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
