"""The hint button's sentence: the Medium CPU's move for the seat, and why, in the player's language.

The engine gives a reason code and its parameters (`games.sevens.bots.reasons`); the sentences are
written again here so that they go through Django's translation machinery.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.sevens.bots import explain_hint
from games.sevens.bots.reasons import CARD_PARAMS
from rooms.narrate import card_spoken, card_text

REASONS = {
    "only_move": gettext_lazy("play %(card)s: it is the only move you have"),
    "first_seven": gettext_lazy("play %(card)s: the round opens with the 7 of diamonds"),
    "forced_pass": gettext_lazy("pass: you have no card you can play"),
    "keeps_block": gettext_lazy("keep %(card)s: you hold no %(suit)s %(side)s it"),
    "keeps_row": gettext_lazy("keep %(card)s: no %(suit)s can be played until it is on the table"),
    "saves_last_pass": gettext_lazy("play %(card)s: keep your last pass for when you cannot play"),
    "traps_player": gettext_lazy(
        "keep %(card)s: a player with no passes left may be stuck behind it"
    ),
    "runs": gettext_lazy("play %(card)s: your %(next)s can follow it"),
    "opens_way": gettext_lazy("play %(card)s: it opens the way to your %(far)s"),
    "reaches_placed": gettext_lazy(
        "play %(card)s: the row joins the placed cards and your %(next)s becomes playable"
    ),
    "sheds_end": gettext_lazy(
        "play %(card)s: nobody else holds a card beyond it, so it blocks no one"
    ),
    # Said of a lone 7 too (Chinese rules, must play): "holds back fewer cards" did not fit it.
    "least_block": gettext_lazy("play %(card)s: of your moves, it helps the other players least"),
    "race": gettext_lazy("play %(card)s: you have few cards left, so race to go out"),
    "opens_row": gettext_lazy(
        "play %(card)s: you hold %(count)s more %(suit)s, so opening the row helps you"
    ),
    "joker": gettext_lazy(
        "put the joker on %(spot)s and play %(card)s: two cards fewer in your hand"
    ),
}


def suit_names() -> dict[str, str]:
    return {"S": _("spades"), "H": _("hearts"), "D": _("diamonds"), "C": _("clubs")}


def hint_for_view(view) -> tuple[str, str, dict]:
    """`Hint: …` for the seat of `view`, which must be to act: the sentence as the page shows it
    (cards as the hand, the rows and the log write them: `8♦`), the same in words for a screen
    reader (`8 of diamonds`), and the hinted action (as a dict of the engine's `Action.to_dict`)."""
    hint = explain_hint(view)
    shown = _sentence(hint, card_text)
    return shown, _sentence(hint, card_spoken), hint.action.to_dict()


def _sentence(hint, say) -> str:
    params = dict(hint.params)
    for key in CARD_PARAMS:
        if key in params:
            params[key] = say(params[key])
    if "suit" in params:
        params["suit"] = suit_names()[params["suit"]]
    if "side" in params:
        params["side"] = _("below") if params["side"] == "below" else _("above")
    try:
        reason = str(REASONS[hint.code]) % params
    except (KeyError, TypeError, ValueError):
        reason = hint.text  # a reason this site has no sentence for yet: the engine's English
    return _("Hint: %(reason)s.") % {"reason": reason}
