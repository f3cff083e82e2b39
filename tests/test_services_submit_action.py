"""submit_action: the one path every move takes — checked, applied once, versioned, logged."""

import pytest

from games.sevens import RuleSet, replay_round
from rooms.models import Room
from rooms.services import submit_action
from tests.live_support import fresh, hotseat_room, legal, new_session

pytestmark = pytest.mark.django_db


def test_it_applies_a_legal_move_logs_it_and_bumps_the_version():
    aki = new_session()
    room = hotseat_room(aki)
    seat, move = room.turn, legal(room)[0]
    result = submit_action(room.slug, seat, move, room.version, aki)
    assert result.ok and result.version == 2
    room = fresh(room)
    assert room.version == 2
    events = room.match.rounds.get().events
    assert events[0] == {"seat": seat, **move}
    assert room.turn != seat or room.status != Room.Status.PLAYING


def test_it_refuses_an_illegal_move_with_the_engines_code_and_changes_nothing():
    aki = new_session()
    room = hotseat_room(aki)
    # "You can only play a card that is the same suit as a card in the layout and the next rank
    # further out from the 7": a king never connects at the first move.
    hand = room.match.rounds.get().hands[room.turn]
    king = next((c for c in hand if c[0] == "K"), None) or "KS"
    result = submit_action(room.slug, room.turn, {"type": "play", "card": king}, 1, aki)
    assert not result.ok
    assert result.error.code in {"not_next_to_row", "not_in_hand"}
    assert result.error.message
    room = fresh(room)
    assert room.version == 1 and room.match.rounds.get().events == []


def test_it_refuses_a_move_out_of_turn():
    aki = new_session()
    room = hotseat_room(aki)
    other = (room.turn + 1) % 4
    result = submit_action(room.slug, other, {"type": "pass"}, 1, aki)
    assert result.error.code == "not_your_turn"
    assert fresh(room).version == 1


def test_it_answers_a_stale_version_with_a_resync_marker():
    aki = new_session()
    room = hotseat_room(aki)
    result = submit_action(room.slug, room.turn, legal(room)[0], 0, aki)
    assert result.stale and result.error.code == "stale"
    assert fresh(room).version == 1


def test_a_move_made_on_the_table_before_a_round_ended_is_answered_as_stale():
    """The round ended (or the match) after the page drew its table: the page is told its table
    was old and gets the one of now, not "not in play"."""
    aki = new_session()
    room = hotseat_room(aki)
    move = legal(room)[0]
    Room.objects.filter(pk=room.pk).update(
        status=Room.Status.BETWEEN_ROUNDS, version=2, game_version=2
    )
    result = submit_action(room.slug, room.turn, move, 1, aki)
    assert result.stale and result.error.code == "stale"
    # On the table of now, it is not in play.
    result = submit_action(room.slug, room.turn, move, 2, aki)
    assert not result.stale and result.error.code == "not_playing"


def test_it_refuses_a_session_that_does_not_hold_the_seat():
    aki, ben = new_session(), new_session()
    room = hotseat_room(aki)
    result = submit_action(room.slug, room.turn, legal(room)[0], 1, ben)
    assert result.error.code == "not_your_seat"
    result = submit_action(room.slug, room.turn, legal(room)[0], 1, None)
    assert result.error.code == "not_your_seat"
    assert fresh(room).version == 1


def test_it_lets_the_server_act_only_for_cpu_seats_and_forced_passes():
    aki = new_session()
    room = hotseat_room(aki)
    while legal(room) == [{"type": "pass"}]:  # a rare deal: the first seat has to pass
        room = hotseat_room(aki)
    moves = legal(room)
    result = submit_action(room.slug, room.turn, moves[0], 1, None, by_server=True)
    assert result.error.code == "not_your_seat"


def test_it_refuses_unknown_cards_and_shapes_as_malformed():
    aki = new_session()
    room = hotseat_room(aki)
    for bad in ({"type": "play", "card": "1Z"}, {"type": "fly"}, {"type": "joker"}, "play"):
        result = submit_action(room.slug, room.turn, bad, 1, aki)
        assert result.error.code == "malformed"
    assert fresh(room).version == 1


def test_its_stored_log_replays_to_the_same_position():
    aki = new_session()
    room = hotseat_room(aki)
    for _ in range(10):
        room = fresh(room)
        submit_action(room.slug, room.turn, legal(room)[0], room.version, aki)
    room = fresh(room)
    rnd = room.match.rounds.get()
    state = replay_round(RuleSet.from_dict(room.rules), rnd.hands, rnd.dealer, rnd.events)
    assert len(rnd.events) >= 10
    assert state.log_events() == rnd.events
    assert state.turn == room.turn


def test_a_pass_refused_while_a_card_can_be_played_says_the_rule_behind_it():
    """With "pass even when you can play" off, a pass is refused while a card can be played; the
    reason named no rule ("You still have a card you must play.") and read as a bug to a player
    who had passed while able in another game."""
    aki = new_session()
    room = hotseat_room(aki, pass_when_playable=False)
    assert {"type": "pass"} not in legal(room)  # hotseat_room: the first seat has a card to play
    result = submit_action(room.slug, room.turn, {"type": "pass"}, room.version, aki)
    assert result.error.code == "must_play"
    assert result.error.message == (
        "You can still play a card: in this game you may pass only when you cannot play."
    )
    assert fresh(room).version == room.version
