"""The no-break spaces of the Japanese and Chinese catalogues (tests/test_i18n_cjk_spaces.py), for
tests that quote a translated text: `cjk("空席は 2 席です。")` is the text as the page shows it."""

import re

# Hiragana, katakana, CJK ideographs, CJK and fullwidth punctuation.
CJK_CHARACTER = "\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uff00-\uffef"
CJK_SPACE = re.compile(rf"(?<=[{CJK_CHARACTER}]) | (?=[{CJK_CHARACTER}])")


def cjk(text: str) -> str:
    """`text` with each space beside a Chinese or Japanese character made a no-break space."""
    return CJK_SPACE.sub("\u00a0", text)
