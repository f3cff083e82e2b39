"""docs/deploy.md "lists every setting": each environment variable the site reads is in its table,
with the default the code falls back on, and each variable the table names is read somewhere."""

import re
from pathlib import Path

import pytest
from django.conf import settings

pytestmark = pytest.mark.pure  # reads files only: the second pass need not repeat it

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ["config", "rooms", "history", "stats", "games"]

# os.environ.get("NAME", "default") / os.environ["NAME"] / env_bool("NAME", default), and the
# live knobs' code defaults: getattr(settings, "NAME", default), setting("NAME", d), limit("NAME", d)
ENVIRON = re.compile(r'os\.environ(?:\.get\(|\[)\s*"([A-Z][A-Z0-9_]+)"(?:,\s*"([^"]*)")?')
ENV_BOOL = re.compile(r'env_bool\(\s*"([A-Z][A-Z0-9_]+)",\s*(True|False)')
KNOB = re.compile(
    r'(?:getattr\(settings,|setting\(|limit\()\s*"([A-Z][A-Z0-9_]+)",\s*([0-9.]+|"[^"]*"|True|False)'
)


def code_files():
    for folder in SOURCES:
        for path in (ROOT / folder).rglob("*.py"):
            if "migrations" not in path.parts:
                yield path


def read_in_code() -> dict[str, set[str]]:
    """Every variable read from the environment, with the defaults the code gives it."""
    found: dict[str, set[str]] = {"DATABASE_URL": set()}  # read by dj_database_url.config()
    for name in settings.LIVE_KNOBS:
        found.setdefault(name, set())
    for path in code_files():
        text = path.read_text()
        for name, default in ENVIRON.findall(text):
            found.setdefault(name, set()).add(default)
        for name, default in ENV_BOOL.findall(text):
            found.setdefault(name, set()).add(default)
        for name, default in KNOB.findall(text):
            if name in settings.LIVE_KNOBS:
                found[name].add(default.strip('"'))
    for values in found.values():
        values.discard("")
    return found


def documented() -> dict[str, str]:
    """The table of docs/deploy.md's "Environment variables": name -> its default cell."""
    text = (ROOT / "docs" / "deploy.md").read_text()
    section = text.split("## Environment variables", 1)[1].split("\n## ", 1)[0]
    table: dict[str, str] = {}
    for line in section.splitlines():
        if not line.startswith("| `"):
            continue
        cells = [c.strip() for c in line.strip("|").split(" | ")]
        names = re.findall(r"`([A-Z][A-Z0-9_]+)`", cells[0])
        defaults = [d.strip() for d in cells[1].split(", ")] if len(names) > 1 else [cells[1]]
        for i, name in enumerate(names):
            table[name] = defaults[i] if len(defaults) == len(names) else cells[1]
    return table


def shown(default: str) -> set[str]:
    """How a code default may be written in the table's default cell."""
    if default in ("True", "1"):
        return {"on", "1"}
    if default == "False":
        return {"off", "0"}
    try:
        number = float(default)
    except ValueError:
        return {default}
    return {f"{number:.0f}"} if number.is_integer() else {f"{number:g}"}


def test_it_lists_every_variable_the_code_reads():
    missing = sorted(set(read_in_code()) - set(documented()))
    assert not missing, f"read by the code but not in docs/deploy.md: {missing}"


def test_it_lists_no_variable_the_code_does_not_read():
    code = "\n".join(path.read_text() for path in code_files())
    read = set(read_in_code())
    stale = sorted(name for name in documented() if name not in read and f'"{name}"' not in code)
    assert not stale, f"in docs/deploy.md but read nowhere: {stale}"


def test_it_gives_the_default_the_code_falls_back_on():
    table = documented()
    wrong = []
    for name, defaults in read_in_code().items():
        cell = table.get(name, "")
        words = set(re.findall(r"[A-Za-z0-9_./,\[\]:]+", cell.replace("`", " ")))
        words |= {w.rstrip(",") for w in words}
        for default in defaults:
            if default == "127.0.0.1,localhost,[::1]" and default in cell:
                continue
            if not shown(default) & words:
                wrong.append(f"{name}: code {default!r}, docs {cell!r}")
    assert not wrong, "defaults that differ:\n" + "\n".join(wrong)
