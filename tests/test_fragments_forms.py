"""The panel's forms speak the socket's language: what htmx 2 sends for each ws-send form (its
fields, the pressed button, a HEADERS key) is a message the consumer's parser accepts."""

import json
from html.parser import HTMLParser

import pytest
from sample_views import finished_state, fragment, played_state, table_for, view

from rooms.protocol import parse

pytestmark = pytest.mark.pure


class Forms(HTMLParser):
    """Collects each ws-send form's fields and submit buttons."""

    def __init__(self):
        super().__init__()
        self.forms: list[dict] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and "ws-send" in a:
            self.forms.append({"fields": {}, "buttons": []})
        elif self.forms and tag == "input" and a.get("type") == "hidden":
            self.forms[-1]["fields"][a["name"]] = a.get("value", "")
        elif self.forms and tag == "button" and a.get("type") == "submit":
            self.forms[-1]["buttons"].append((a.get("name"), a.get("value")))


def sent(html: str) -> list[dict]:
    """Every message htmx would send: one per submit button, with the chosen card when needed."""
    parser = Forms()
    parser.feed(html)
    messages = []
    for form in parser.forms:
        for name, value in form["buttons"]:
            body = dict(form["fields"])
            if name:
                body[name] = value
            if body.get("action") == "play":
                body["card"] = "6D"  # panel.js adds the chosen card
            body["HEADERS"] = {"HX-Request": "true", "HX-Current-URL": "http://localhost/room/x/"}
            messages.append(body)
    return messages


def test_it_sends_play_pass_hint_and_fast_forward_the_parser_accepts():
    state = played_state()
    t = table_for(view(state, state.turn, version=12), state.turn)
    messages = sent(fragment(t, "controls"))
    assert {m["action"] for m in messages} == {"play", "pass", "hint", "fast_forward"}
    for body in messages:
        body["version"] = str(t["version"])  # panel.js sends the version the page shows
        message = parse(json.dumps(body))
        assert message.action == body["action"]
        assert message.version == 12 and message.seat == state.turn


def test_it_sends_the_curtains_reveal_the_parser_accepts():
    state = played_state()
    t = table_for(view(state, None, mode="hotseat"), None, mode="hotseat", curtain_for=state.turn)
    [body] = sent(fragment(t, "hand"))
    message = parse(json.dumps(body))
    assert message.action == "reveal" and message.seat == state.turn


def test_it_sends_the_rematch_the_parser_accepts():
    t = table_for(view(finished_state(rounds=1), 0, version=31), 0, status="finished")
    [body] = sent(fragment(t, "settlement"))
    message = parse(json.dumps(body))
    assert message.action == "rematch" and message.version == 31


def test_it_sends_the_next_round_the_parser_accepts():
    t = table_for(view(finished_state(rounds=3), 0, version=30), 0, status="between_rounds")
    [body] = sent(fragment(t, "settlement"))
    message = parse(json.dumps(body))
    assert message.action == "next_round" and message.version == 30
