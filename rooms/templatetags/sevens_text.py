"""Template filters for the site's texts."""

import re
import unicodedata

from django import template
from django.utils.html import conditional_escape, escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

register = template.Library()

# The games' own names, and the language they are written in.
GAME_NAMES = (("七並べ", "ja"), ("排七", "zh"))


@register.filter
def game_names(text) -> str:
    """A translated text with the games' own names marked with their language (`lang`), where the
    page is in another one, so a screen reader says them in that language rather than spelling
    them out in the page's voice."""
    page = (get_language() or "").lower()
    text = escape(text)
    for name, lang in GAME_NAMES:
        if not page.startswith(lang):
            text = text.replace(name, f'<span lang="{lang}">{name}</span>')
    return mark_safe(text)  # noqa: S308  (escaped above; only our own markup added)


@register.filter
def name_unit(name) -> str:
    """A player's name set in a sentence as one unit, which goes to the next line whole: in
    "端末を プレイヤー 2 に渡してください" the line broke between "プレイヤー" and "2" (site.css)."""
    return format_html('<span class="name-unit">{}</span>', name)


@register.filter
def isolated(name) -> str:
    """A player's name set apart from the words around it (<bdi>) where it holds right-to-left
    letters (Hebrew, Arabic): it took the number after it into its own order ("שלום: 3 points"
    drew as "3 :שלום points"). Another name reads in the pages' order (all left to right) as is."""
    if not right_to_left(str(name)):
        return conditional_escape(name)
    return format_html("<bdi>{}</bdi>", name)


@register.filter
def lobby_tag(seat) -> str:
    """A seat of a friend room's lobby as its tag says it (`rooms.table.lobby_tag`)."""
    from rooms.table import lobby_tag as tag

    return tag(seat, html=True)


@register.filter
def isolated_list(names, separator) -> str:
    """Names joined by `separator`, each `isolated`: two names in Hebrew or Arabic letters side by
    side swapped places ("שלום, محمد" drew as "محمد ,שלום")."""
    joined = conditional_escape(separator).join(isolated(name) for name in names)
    return mark_safe(joined)  # noqa: S308  (each name and the separator escaped)


def right_to_left(text: str) -> bool:
    return any(unicodedata.bidirectional(c) in ("R", "AL", "AN") for c in text)


# A name unit and the punctuation right after it, which may not begin a line: "我是 {name}：顯示…".
_UNIT_THEN_PUNCTUATION = re.compile(
    r'(<span class="name-unit">[^<]*)</span>([:;,.!?)：；，。、！？）」』]+)'
)


@register.filter(is_safe=True)
def punctuation_held(html) -> str:
    """A sentence holding a `name_unit` with the punctuation that follows the name taken into its
    unit. The unit is an inline block, and a line may break after any inline block: the button
    "我是 {name}：顯示我的手牌" put "：顯示我的手牌" alone on its second line."""
    return mark_safe(_UNIT_THEN_PUNCTUATION.sub(r"\1\2</span>", str(html)))  # noqa: S308  (moves our own markup)


@register.filter
def plural_count(number) -> int:
    """The number a plural form is chosen by: "-1 point" is singular as "1 point" is, where
    gettext would take any negative number for a plural."""
    return abs(int(number))


@register.simple_tag
def label_space() -> str:
    """What follows a label's colon ("next:", "Red:") before its text: a space, or nothing in
    the languages whose colon is wide and carries its own room (next：8♦), as `narrate` says."""
    from rooms.narrate import sentence_space

    return sentence_space()


@register.simple_tag
def sentence_space() -> str:
    """What runs two sentences on in one paragraph: a space, or nothing in the languages whose
    full stop is wide and carries its own room (。), as `narrate` says."""
    from rooms.narrate import sentence_space

    return sentence_space()
