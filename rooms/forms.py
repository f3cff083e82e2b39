"""The home page's menu: the rule options of the texts, the two presets, and how to play."""

import functools
import unicodedata

from django import forms
from django.utils.translation import gettext_lazy as _

from rooms.errors import rule_error_message

PRESET_NAMES = ("japanese", "chinese")

# The longest name a seat takes (the seat tags, the log and the 3D table have room for it).
NAME_LENGTH = 24
# The fields of the other seats' names in a game on this device: the second seat's, and on.
OTHER_NAMES = ("name2", "name3", "name4")


# The bidi controls (the marks, embeddings, overrides and isolates): in a name they turned the words
# after it on the page ("\u202eAki played 7♦." drew as ".♦7 deyalp ikA", "I am \u202eBen: show my
# hand" as "I am :neB …"). A name in Arabic or Hebrew letters needs none of them.
BIDI_CONTROLS = dict.fromkeys(
    map(ord, "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
)
# Letters that draw nothing (the Hangul fillers, the blank Braille cell): a name of them and of
# zero-width characters looked empty ("Pass the device to ", "I am : show my hand").
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def table_name(typed) -> str:
    """A name as a seat holds it: its spaces run together, without control characters (a NUL,
    an escape: PostgreSQL cannot store a NUL) or bidi controls, cut to a table name's length.
    Empty (the seat's default name) for a name that draws nothing, and for a default name of a
    seat, in any language ("CPU 2", "電腦 2", "Player 3"): a player took the computer's name, or
    another seat's, and the table showed two of it."""
    name = written_name(typed)
    if all(c in BLANK_LETTERS or unicodedata.category(c) in BLANK for c in name):
        return ""
    return "" if name_key(name) in default_names() else name


def written_name(typed) -> str:
    """A name as written: its spaces run together, without control characters or bidi controls,
    cut to a table name's length (what `table_name` keeps, before it asks whether it is one)."""
    name = " ".join(without_controls(str(typed or "")).translate(BIDI_CONTROLS).split())
    return cut(name, NAME_LENGTH).rstrip()  # no space left at the cut


def cut(text: str, length: int) -> str:
    """`text` to at most `length` code points, cut between the characters a reader sees: never
    between a letter and its marks, inside an emoji joined of several (a family, a skin tone) or
    between the two halves of a flag, which drew a stray half or a box at a long name's end."""
    if len(text) <= length:
        return text
    end = length
    # Back off while the first character left out belongs to the one before it, or the last kept
    # joins it to the next.
    while end > 0 and (_continues(text[end]) or text[end - 1] == ZWJ):
        end -= 1
    flags = len(text[:end]) - len(text[:end].rstrip(REGIONAL_INDICATORS))
    return text[: end - flags % 2]  # a flag is two regional indicators


ZWJ = "\u200d"
REGIONAL_INDICATORS = "".join(map(chr, range(0x1F1E6, 0x1F200)))


def _continues(c: str) -> bool:
    """A code point drawn as part of the character before it: a mark, a joiner, a variation
    selector, an emoji's skin tone or a tag of a subdivision flag."""
    point = ord(c)
    return (
        unicodedata.category(c) in ("Mn", "Me")
        or c == ZWJ
        or 0xFE00 <= point <= 0xFE0F
        or 0x1F3FB <= point <= 0x1F3FF
        or 0xE0020 <= point <= 0xE007F
    )


# What a name that draws nothing is made of: format characters (zero-width ones), marks, spaces.
BLANK = frozenset(("Cf", "Mn", "Me", "Zs"))


def name_key(name: str) -> str:
    """A name compared as it reads: its wide and narrow forms as one, any case, no spaces, nor
    anything that draws nothing ("Aki\u200b" reads as "Aki": a newcomer passed for the host)."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return "".join(c for c in "".join(folded.split()) if not _draws_nothing(c))


# Marks that draw nothing: the combining grapheme joiner, two Khmer vowels not to be used, the
# Mongolian variation selectors (the other variation selectors are found by their ranges).
IGNORED_MARKS = frozenset("\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f")


def _draws_nothing(c: str) -> bool:
    """Unicode's default ignorable code points (format characters such as the zero-width ones, the
    soft hyphen and the tags; the variation selectors; the Hangul fillers), and the blank Braille
    cell: a name reads the same with or without them."""
    point = ord(c)
    return (
        unicodedata.category(c) == "Cf"
        or c in BLANK_LETTERS
        or c in IGNORED_MARKS
        or 0xFE00 <= point <= 0xFE0F
        or 0xE0100 <= point <= 0xE01EF
    )


@functools.cache
def default_names() -> frozenset[str]:
    """The default names of every seat as each language of the site shows them (`name_key`)."""
    from django.conf import settings
    from django.utils import translation

    from rooms import narrate

    names = set()
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            for kind in ("cpu", "human"):
                names.update(
                    name_key(narrate.shown_name(narrate.default_name(kind, i))) for i in range(4)
                )
    return frozenset(names)


def without_controls(text: str) -> str:
    """`text` without its control characters (Unicode's Cc: C0, DEL and C1) but the spaces among
    them (a tab, a line break), which `split` takes for spaces."""
    if text.isprintable():  # the common case, at once
        return text
    return "".join(c for c in text if c.isspace() or unicodedata.category(c) != "Cc")


# How to play, as the value of the submit button pressed: mode, then the CPU level if any.
STARTS = {
    "cpu-easy": ("cpu", "easy"),
    "cpu-medium": ("cpu", "medium"),
    "cpu-hard": ("cpu", "hard"),
    "hotseat": ("hotseat", None),
    "friend": ("friend", None),
}

UNLIMITED = "unlimited"


class RulesForm(forms.Form):
    players = forms.TypedChoiceField(
        label=_("Players"),
        choices=[(3, "3"), (4, "4")],
        coerce=int,
        initial=4,
        widget=forms.RadioSelect,
    )
    rounds = forms.TypedChoiceField(
        label=_("Rounds"),
        choices=[(1, "1"), (3, "3"), (5, "5")],
        coerce=int,
        initial=3,
        widget=forms.RadioSelect,
    )
    pass_limit = forms.ChoiceField(
        label=_("Passes per round"),
        choices=[*((str(n), str(n)) for n in range(1, 6)), (UNLIMITED, _("Unlimited"))],
        initial="3",
    )
    pass_when_playable = forms.BooleanField(
        label=_("Pass even when you can play"), required=False, initial=True
    )
    joker = forms.BooleanField(label=_("Joker (1 card)"), required=False, initial=False)
    ends = forms.ChoiceField(
        label=_("A and K"),
        choices=[
            ("none", _("Not connected")),
            ("connect", _("Connect A and K")),
            ("tunnel", _("Continue from the other end")),
        ],
        initial="none",
    )
    sevens = forms.ChoiceField(
        label=_("The 7s"),
        choices=[
            ("laid_out", _("All 7s laid out after the deal")),
            ("played", _("7s played in turn, 7♦ first")),
        ],
        initial="laid_out",
    )
    ace = forms.ChoiceField(
        label=_("Rows"),
        choices=[("low", _("A…7…K (ace low)")), ("high", _("2…7…A (ace high)"))],
        initial="low",
    )
    round_end = forms.ChoiceField(
        label=_("A round ends"),
        choices=[
            ("last_player", _("When one player is left")),
            ("first_out", _("When the first player goes out")),
        ],
        initial="last_player",
    )
    scoring = forms.ChoiceField(
        label=_("Points"),
        choices=[
            ("rank_points", _("Places: 3-2-1-0 (3 players: 2-1-0)")),
            ("cards_left", _("Losers pay 1 point per card left")),
        ],
        initial="rank_points",
    )
    name = forms.CharField(label=_("Your name"), max_length=NAME_LENGTH, required=False)
    # The other seats' names in a game on this device (empty: "Player 2" and so on).
    name2 = forms.CharField(label=_("Second player"), max_length=NAME_LENGTH, required=False)
    name3 = forms.CharField(label=_("Third player"), max_length=NAME_LENGTH, required=False)
    name4 = forms.CharField(label=_("Fourth player"), max_length=NAME_LENGTH, required=False)
    start = forms.ChoiceField(choices=[(key, key) for key in STARTS])

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # "A and K" names the ends of rows A…7…K; in rows 2…7…A (the Chinese game) the K is next
        # to the A anyway and the ends are the A and the 2. The menu names the rows' ends as the
        # rules chosen lay them out, here and, when the rows are changed, in the browser (panel.js).
        words = {
            "low": (str(_("A and K")), str(_("Connect A and K"))),
            "high": (str(_("A and 2")), str(_("Connect A and 2"))),
        }
        ends = self.fields["ends"]
        for ace, (label, connect) in words.items():
            ends.widget.attrs[f"data-label-{ace}"] = label
            ends.widget.attrs[f"data-connect-{ace}"] = connect
        ace = self["ace"].value()
        if ace == "high":
            ends.label, connect = words["high"]
            ends.choices = [(v, connect if v == "connect" else t) for v, t in ends.choices]

    def rules(self) -> dict:
        """The rule set as `RuleSet.to_dict()`; call only once the form is valid."""
        data = self.cleaned_data
        limit = data["pass_limit"]
        return {
            "players": data["players"],
            "sevens": data["sevens"],
            "ace": data["ace"],
            "pass_limit": None if limit == UNLIMITED else int(limit),
            "pass_when_playable": data["pass_when_playable"],
            "joker": data["joker"],
            "ends": data["ends"],
            "round_end": data["round_end"],
            "scoring": data["scoring"],
            "rounds": data["rounds"],
        }

    def mode(self) -> tuple[str, str | None]:
        return STARTS[self.cleaned_data["start"]]

    def other_names(self) -> list[str]:
        """The names typed for the second seat on, as many as the players (a game on this device
        names them all)."""
        return [
            self.cleaned_data[field] for field in OTHER_NAMES[: self.cleaned_data["players"] - 1]
        ]

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        if data["pass_limit"] == UNLIMITED and data["pass_when_playable"]:
            # Everyone could hold back for ever: unlimited passes come with "must play when able".
            self.add_error(
                "pass_limit",
                _("Unlimited passes need “Pass even when you can play” turned off."),
            )
            return data
        from games.sevens import RuleError, RuleSet

        try:
            RuleSet.from_dict(self.rules()).validate()
        except RuleError as error:
            field = error.option if error.option in self.fields else None
            self.add_error(field, rule_error_message(error))
        return data


def preset_initial(name: str) -> dict:
    """The form's initial values for a preset of the engine (`japanese` or `chinese`)."""
    from games.sevens import RuleSet

    rules = RuleSet.preset(name).to_dict()
    return rules_initial({**rules, "rounds": RulesForm.base_fields["rounds"].initial})


def rules_initial(rules: dict) -> dict:
    """The form's initial values for a rule set (`RulesForm.rules()`, `RuleSet.to_dict()`)."""
    limit = rules["pass_limit"]
    return {**rules, "pass_limit": UNLIMITED if limit is None else str(limit)}


def remembered_initial(saved) -> dict | None:
    """The form's initial values from the rules and name a browser last started a game with (kept
    in its session by `views.create`, with the names typed for the other seats of a game on this
    device); None when there are none, or they no longer make a valid form (an option since
    removed, say)."""
    if not isinstance(saved, dict) or not isinstance(saved.get("rules"), dict):
        return None
    others = saved.get("others") if isinstance(saved.get("others"), list) else []
    try:
        initial = {**rules_initial(saved["rules"]), "name": str(saved.get("name") or "")}
    except (KeyError, TypeError):
        return None
    for field, other in zip(OTHER_NAMES, others, strict=False):
        initial[field] = str(other or "")
    check = RulesForm({**initial, "start": next(iter(STARTS))})
    return initial if check.is_valid() else None
