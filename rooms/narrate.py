"""Words for cards, seats and moves: what the panel shows and what the live region reads out."""

import functools
import re

from django.utils.translation import get_language, gettext_lazy, ngettext, pgettext
from django.utils.translation import gettext as _

SUITS = {
    "S": ("♠", gettext_lazy("spades")),
    "H": ("♥", gettext_lazy("hearts")),
    "D": ("♦", gettext_lazy("diamonds")),
    "C": ("♣", gettext_lazy("clubs")),
}
RANK_TEXT = {"T": "10"}
RANK_WORDS = {
    "A": gettext_lazy("ace"),
    "J": gettext_lazy("jack"),
    "Q": gettext_lazy("queen"),
    "K": gettext_lazy("king"),
}
JOKER = "JK"

SEAT_COLOURS = [
    ("red", gettext_lazy("Red")),
    ("blue", gettext_lazy("Blue")),
    ("green", gettext_lazy("Green")),
    ("yellow", gettext_lazy("Yellow")),
]

LEVELS = {
    "easy": gettext_lazy("Easy"),
    "medium": gettext_lazy("Medium"),
    "hard": gettext_lazy("Hard"),
    "random": gettext_lazy("Random"),
}


# Languages whose sentences run on without a space: their full stop (。) and colon (：) are wide
# and carry their own room.
UNSPACED = ("ja", "zh")


def sentence_space() -> str:
    """What goes between two sentences, and after a label's colon, in the active language."""
    return "" if (get_language() or "").split("-")[0] in UNSPACED else " "


def card_text(card: str) -> str:
    """The short face of a card: `10♦`, `A♠`, or `JK` for the joker."""
    if card == JOKER:
        return _("Joker")
    rank, suit = card[0], card[1]
    return RANK_TEXT.get(rank, rank) + SUITS[suit][0]


def card_spoken(card: str) -> str:
    """A card in words, for screen readers: `10 of diamonds`."""
    if card == JOKER:
        return _("the joker")
    rank, suit = card[0], card[1]
    rank_name = RANK_WORDS.get(rank) or RANK_TEXT.get(rank, rank)
    return _("%(rank)s of %(suit)s") % {"rank": rank_name, "suit": SUITS[suit][1]}


def card_label(card: str) -> str:
    """A card button's name: its words, led by the face as printed when the words do not hold it
    (`A♠, ace of spades`; `8 of diamonds` as it is). A voice-control user says what the button
    shows (WCAG 2.5.3, Label in Name); a screen reader still hears the card in words."""
    words = card_spoken(card)
    face = card_text(card)
    rank = face if card == JOKER else face[:-1]
    # As a word of its own: the "a" of "ace" is not the face's A, the A of "黑桃A" is.
    if re.search(rf"(?<![a-z0-9]){re.escape(rank)}(?![a-z0-9])", words, re.IGNORECASE):
        return words
    # The face and the words are two names of one card, said as a list is ("A♠、スペードのエース").
    return face + pgettext("between the names of a list", ", ") + words


def card(card: str) -> dict:
    """A card's face and words in the active language (a fresh dict: callers may extend it)."""
    return dict(_card(card, get_language()))


@functools.lru_cache(maxsize=1024)
def _card(card: str, language: str) -> dict:
    return {
        "code": card,
        "text": card_text(card),
        "spoken": card_spoken(card),
        "label": card_label(card),
        "red": card != JOKER and card[1] in "HD",
        "joker": card == JOKER,
    }


# A seat nobody named is stored as "CPU 2" or "Player 2" (`default_name`), whatever the language of
# the browser that opened the room, and shown in the language of each viewer.
DEFAULT_NAME = re.compile(r"^(CPU|Player) ([1-4])$")


def default_name(kind: str, index: int) -> str:
    """The stored name of seat `index` when nobody typed one: "CPU 2", "Player 2"."""
    return f"{'CPU' if kind == 'cpu' else 'Player'} {index + 1}"


def shown_name(name: str) -> str:
    """A seat's name as the viewer reads it: a default name in the active language."""
    found = DEFAULT_NAME.match(name or "")
    if not found:
        return name
    number = int(found.group(2))
    if found.group(1) == "CPU":
        return _("CPU %(n)d") % {"n": number}
    return _("Player %(n)d") % {"n": number}


def is_default_cpu_name(name: str) -> bool:
    found = DEFAULT_NAME.match(name or "")
    return bool(found) and found.group(1) == "CPU"


def shown_names(names: list[str]) -> list[str]:
    return [shown_name(name) for name in names]


def seat_colour(index: int) -> tuple[str, str]:
    key, label = SEAT_COLOURS[index % len(SEAT_COLOURS)]
    return key, str(label)


def unranked(round_end: str, scoring: str) -> bool:
    """Whether the seats still holding cards at a round's end go without a place: when the first
    seat out ends the round and the others pay for their cards (the Chinese game, seed 002), only
    the winner is ranked. The engine still orders them (fewest cards first, `docs/rules.md` 16)
    for the log and the match's tie-break; the site does not show that order as places."""
    return round_end == "first_out" and scoring == "cards_left"


def event_sentence(
    event: dict, names: list[str], *, rules: dict | None, spoken: bool = False
) -> str | None:
    """One sentence for a public event of the round, or None for events nobody needs to hear.
    `rules` (the rule set as a dict) says how a finish reads: where the first out wins the round
    and the others pay for their cards, there are no places to name; None (rules unknown, as in a
    log's error) names the place."""
    say = card_spoken if spoken else card_text
    seat = event.get("seat")
    name = names[seat] if seat is not None and seat < len(names) else ""
    kind = event.get("type")
    if kind == "play":
        return _("%(name)s played %(card)s.") % {"name": name, "card": say(event["card"])}
    if kind == "pass":
        return _("%(name)s passed.") % {"name": name}
    if kind == "joker":
        return _("%(name)s put the joker on %(spot)s and played %(card)s.") % {
            "name": name,
            "spot": say(event["spot"]),
            "card": say(event["card"]),
        }
    if kind == "redeem":
        return _("%(name)s played %(card)s in the joker's place and took the joker.") % {
            "name": name,
            "card": say(event["card"]),
        }
    if kind == "eliminate":
        if event.get("joker_removed"):
            # Translators: said three times in the move's update (last move, log, live region),
            # the largest update of a round: keep it short (a move's update stays under 1.5 kB).
            return _(
                "%(name)s is out of passes and cannot play: their cards go to the layout, "
                "and their joker leaves the game."
            ) % {"name": name}
        # Translators: said three times in the move's update (last move, log, live region), the
        # largest update of a round: keep it short (a move's update stays under 1.5 kB).
        return _("%(name)s is out of passes and cannot play: their cards go to the layout.") % {
            "name": name
        }
    if kind == "drop_out":
        return _("%(name)s has only the joker left and drops out.") % {"name": name}
    if kind == "finish":
        if rules is not None and unranked(rules["round_end"], rules["scoring"]):
            return _("%(name)s is out of cards and wins the round.") % {"name": name}
        return _("%(name)s is out of cards: place %(place)s.") % {
            "name": name,
            "place": event.get("place"),
        }
    if kind == "sevens_laid":
        # The seat that held the 7 of diamonds plays first (rules.md): say who, and why.
        first = next(
            (int(s) for s, held in (event.get("cards") or {}).items() if "7D" in held), None
        )
        if first is not None and first < len(names):
            return _("The 7s are laid out. %(name)s held the %(card)s and starts.") % {
                "name": names[first],
                "card": say("7D"),
            }
        return _("The 7s are laid out.")
    if kind == "round_end":
        return _("The round is over.")
    return None


def rules_items(rules: dict) -> list[str]:
    """The rule set as short phrases, in the order of the menu, for the one-line rules card."""
    items = [_("%(count)s players") % {"count": rules["players"]}]
    if rules["sevens"] == "laid_out":
        items.append(_("7s laid out after the deal"))
    else:
        items.append(_("7s played in turn, 7♦ first"))
    items.append(_("rows A…7…K") if rules["ace"] == "low" else _("rows 2…7…A"))
    if rules["pass_limit"] is None:
        items.append(_("unlimited passes"))
    else:
        limit = rules["pass_limit"]
        items.append(
            ngettext("%(count)s pass a round", "%(count)s passes a round", limit) % {"count": limit}
        )
    if rules["pass_when_playable"]:
        items.append(_("pass even when you can play"))
    else:
        items.append(_("must play when able"))
    items.append(_("joker") if rules["joker"] else _("no joker"))
    if rules["ace"] == "high":
        # Rows 2…7…A: the K is next to the A anyway; the ends that may join are the A and the 2.
        ends = {"none": _("A and 2 not connected"), "connect": _("A and 2 connect")}
    else:
        ends = {"none": _("A and K not connected"), "connect": _("A and K connect")}
    ends["tunnel"] = _("at an end, continue from the other end")
    items.append(ends[rules["ends"]])
    if rules["round_end"] == "first_out":
        items.append(_("first out wins the round"))
    if rules["scoring"] == "cards_left":
        items.append(_("a point per card left"))
    else:
        items.append(_("points by place"))
    rounds = rules["rounds"]
    items.append(ngettext("%(count)s round", "%(count)s rounds", rounds) % {"count": rounds})
    return items
