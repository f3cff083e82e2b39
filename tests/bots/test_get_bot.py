"""Levels by name, with options from the command line, and external bots by import path."""

import pytest

from games.sevens.bots import LEVELS, BotError, Hard, get_bot, parse_options


def test_it_registers_the_three_levels():
    assert {"easy", "medium", "hard"} <= set(LEVELS)


def test_it_passes_options_to_hard():
    bot = get_bot("hard:playouts=200+endgame_nodes=1000")
    assert isinstance(bot, Hard)
    assert bot.playouts == 200 and bot.endgame_nodes == 1000
    assert get_bot("hard:seconds=0.2").seconds == 0.2
    assert get_bot("hard").seconds == 0.5


def test_it_rejects_bad_options():
    with pytest.raises(BotError):
        get_bot("hard:speed=9")
    with pytest.raises(BotError):
        get_bot("hard:playouts")
    with pytest.raises(BotError):
        get_bot("easy:x=1")
    with pytest.raises(BotError):
        get_bot("nobody")
    assert parse_options("a=1+b=2") == {"a": "1", "b": "2"}


def test_it_loads_the_example_bot_by_import_path():
    bot = get_bot("games.sevens.bots.example:far_first")
    assert callable(bot)
    with pytest.raises(BotError):
        get_bot("games.sevens.bots.example:nothing")
