"""Errors the room services return: a stable code and a translated message for the player."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext

# The engine's IllegalAction codes, said the way the site says them (the engine's own messages are
# English-only, and the engine cannot import Django's translation machinery).
MESSAGES = {
    "round_over": _("The round is over."),
    "not_your_turn": _("It is not your turn."),
    "malformed": _("That move could not be read."),
    "not_in_hand": _("That card is not in your hand."),
    "row_not_open": _("This row is not open yet: play the 7 first."),
    "not_next_to_row": _("That card does not connect: play the card next to the row."),
    "beyond_placed_card": _(
        "That card lies beyond a card of an eliminated player: the row must reach it first."
    ),
    "side_closed": _("This side of the row is closed: it continues from the other end."),
    "must_play": _(
        "You can still play a card: in this game you may pass only when you cannot play."
    ),
    "no_passes_left": _("You have no passes left."),
    "first_play_must_be_7D": _("The first play must be the 7 of diamonds."),
    "joker_alone": _("The joker cannot be played alone: choose the card to play after it."),
    "joker_not_held": _("You do not hold the joker."),
    "joker_bad_spot": _("The joker cannot go on that spot."),
    "joker_holds_spot_card": _("You hold the card for that spot: play it instead of the joker."),
    "needs_joker": _("That card can only follow the joker now: choose the joker too, then Play."),
    "joker_no_card_beyond": _(
        "There is no card of yours beyond that spot to play after the joker."
    ),
    # The site's own codes.
    "joker_card": _(
        "That card cannot follow the joker now: the joker fills the next spot of a row, and the "
        "card played with it is the one just beyond that spot."
    ),
    "joker_which_spot": _("The joker could go on more than one spot: choose which one."),
    "stale": _("The table changed before your move arrived; here it is again."),
    "no_room": _("This room does not exist."),
    "room_closed": _("This room is closed."),
    "not_playing": _("The game is not in play right now."),
    "not_your_seat": _("You do not hold that seat."),
    "seat_taken": _("That seat is already taken."),
    "already_seated": _("You already have a seat at this table."),
    "name_taken": _("A player at this table already has that name: type another."),
    "no_such_seat": _("There is no such seat."),
    "not_creator": _("Only the player who opened the room can do that."),
    "start_from_seat": _("Only a player seated at the table can start the game."),
    "not_between_rounds": _("The next round cannot be dealt yet."),
    "not_finished": _("A new match can start only when this one is over."),
    "not_waiting": _("The game has already started."),
    "bad_rules": _("These rules cannot be played."),
    "bad_mode": _("Choose how to play: the computer, this device, or a friend."),
    "bad_level": _("Choose the computer's level: easy, medium or hard."),
    "reveal_first": _("Show your hand first: press the button on the curtain."),
    "too_many": _("Too many messages: the connection is closed. Reload the page to continue."),
    "too_big": _("That message is too large: the connection is closed. Reload the page."),
    "unknown": _("That request could not be understood."),
}


# The engine's RuleError for a combination of options (`RuleSet.validate`), by the option it names.
# The menus offer only allowed values, so a combination is the one thing a player can get wrong.
RULE_MESSAGES = {
    "joker": _("The joker is played only when all the 7s are laid out after the deal."),
}


def rule_error_message(error) -> str:
    """A `games.sevens.RuleError` said the way the site says it: the engine's own message is
    English-only."""
    return str(RULE_MESSAGES.get(error.option, MESSAGES["bad_rules"]))


# Said instead when the engine names the cards that would do (`params`).
CARD_MESSAGES = {
    "not_next_to_row": _("%(card)s does not connect yet: that row needs %(next)s first."),
}


class RoomError(Exception):
    """A refused request: `code` is stable, `message` is for the player (translated on use);
    `params`, the engine's cards behind the reason, make it precise where the site can say them."""

    def __init__(self, code: str, message: str | None = None, params: dict | None = None):
        super().__init__(code)
        self.code = code
        self._message = message
        self.params = params or {}

    @property
    def message(self) -> str:
        return self._say(spoken=False)

    @property
    def spoken(self) -> str:
        """The message with its cards in words, for a screen reader."""
        return self._say(spoken=True)

    def _say(self, *, spoken: bool) -> str:
        if self.code in CARD_MESSAGES and self.params.get("card") and self.params.get("next"):
            from rooms import narrate

            say = narrate.card_spoken if spoken else narrate.card_text
            # A row has a next card at each end at most: "6♠ or 8♠".
            between = pgettext("between two cards, either of which would do", " or ")
            text = str(CARD_MESSAGES[self.code]) % {
                "card": say(self.params["card"]),
                "next": between.join(say(c) for c in self.params["next"]),
            }
            # A sentence that opens with a card in words opens with a capital: "Ace of spades…".
            return text[:1].upper() + text[1:]
        if self.code in MESSAGES:
            return str(MESSAGES[self.code])
        return self._message or str(MESSAGES["unknown"])

    def __repr__(self) -> str:
        return f"RoomError({self.code!r})"


class StaleVersion(RoomError):
    """The request was made against an older version of the table: the client must resync."""

    def __init__(self) -> None:
        super().__init__("stale")
