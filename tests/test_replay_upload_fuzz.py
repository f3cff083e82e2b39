"""Any uploaded file is either refused with a message or shown: a damaged log never breaks the
page (property test over random damage to real logs)."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import given, settings
from hypothesis import strategies as st

from games.sevens import RuleSet, replay_log
from history import pages
from history.forms import UploadForm
from tests.history_support import play

pytestmark = pytest.mark.pure

LOGS = [
    play(RuleSet(rounds=1), seed=5).to_log(),
    play(RuleSet(rounds=1, players=3, joker=True), seed=6).to_log(),
]
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 60),
    st.text(max_size=4),
    st.lists(st.integers(0, 3), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
)


def damage(log, path, value):
    """Replaces the node reached by following `path` (indexes taken modulo the sizes) by `value`."""
    node = log
    for step in path[:-1]:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        child = node[keys[step % len(keys)]]
        if not isinstance(child, dict | list):
            break
        node = child
    keys = list(node) if isinstance(node, dict) else list(range(len(node)))
    if keys:
        node[keys[path[-1] % len(keys)]] = value
    return log


@settings(max_examples=150, deadline=None)
@given(
    which=st.integers(0, 1), path=st.lists(st.integers(0, 200), min_size=1, max_size=6), value=JUNK
)
def test_it_refuses_or_shows_any_damaged_log(which, path, value):
    log = damage(json.loads(json.dumps(LOGS[which])), path, value)
    body = json.dumps(log).encode()
    form = UploadForm(data={}, files={"file": SimpleUploadedFile("m.json", body)})
    if form.is_valid():
        m = replay_log(form.cleaned_data["log"])
        pages.summary(m)
        for number in range(1, len(m.rounds) + 1):
            pages.viewer(m, number, 10**6)
    else:
        assert form.errors["__all__"][0]
