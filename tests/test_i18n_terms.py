"""Each language says a thing one way: the catalogue and the reading pages (rules, help, tips,
about, privacy) hold no character of the other Chinese script, and none of the variants that a
language's glossary rules out (docs/translations.md, "Words we use": 'pass' is パス, 跳过, 過牌;
the CPU is CPU in Japanese, a room is ルーム, the layout is 場, and so on)."""

import re
from pathlib import Path

import pytest
from django.conf import settings

from tests.test_i18n_catalogues import entries

pytestmark = pytest.mark.pure

BASE = Path(settings.BASE_DIR)
PAGES = ("rules", "help", "tips", "about", "privacy")

# Simplified → Traditional (Taiwan) pairs of the characters these texts use. Left out: simplified
# forms that are also ordinary traditional characters (后, 里, 着, 游, 于, 么, 余, 复, 几, 准, 台,
# 干, 占, 采, 据, 并, 钟).
PAIRS = (
    "对對 这這 时時 个個 过過 开開 张張 规規 则則 数數 没沒 会會 间間 发發 录錄 结結 计計 选選 "
    "电電 脑腦 与與 记記 场場 关關 从從 页頁 两兩 连連 显顯 还還 请請 来來 无無 评評 级級 胜勝 "
    "设設 轮輪 闭閉 战戰 为為 机機 点點 侧側 进進 单單 摆擺 经經 戏戲 种種 负負 样樣 备備 赢贏 "
    "统統 号號 离離 链鏈 头頭 总總 浏瀏 览覽 钮鈕 国國 须須 块塊 择擇 断斷 现現 红紅 码碼 给給 "
    "们們 内內 顺順 优優 写寫 动動 让讓 条條 体體 输輸 该該 变變 类類 难難 说說 历歷 账賬 获獲 "
    "隐隱 键鍵 传傳 随隨 击擊 谁誰 务務 补補 区區 册冊 观觀 语語 试試 删刪 紧緊 话話 资資 问問 "
    "实實 确確 处處 应應 续續 暂暫 败敗 测測 换換 较較 栏欄 视視 题題 见見 识識 项項 认認 读讀 "
    "边邊 继繼 帮幫 线線 长長 终終 满滿 预預 却卻 挡擋 状狀 态態 编編 标標 顿頓 独獨 达達 画畫 "
    "强強 载載 绍紹 当當 尽盡 况況 参參 维維 创創 蓝藍 绿綠 黄黃 错錯 许許 联聯 远遠 阵陣 属屬 "
    "检檢 将將 华華 简簡 论論 齐齊 转轉 网網 丢丟 筹籌 钥鑰 误誤 绝絕 调調 决決 赖賴 虑慮 势勢 "
    "违違 验驗 约約 运運 响響 际際 归歸 够夠 减減 纸紙 贴貼 龙龍 启啟 适適 颜顏 压壓 稳穩 儿兒 "
    "装裝 竖豎 盖蓋 议議 滚滾 盘盤 软軟 荐薦 络絡 帧幀 储儲 弃棄 报報 伪偽 广廣 踪蹤 称稱 马馬 "
    "赌賭 东東 绩績 双雙 弥彌 详詳 签籤 讨討 吗嗎"
)
SIMPLIFIED = {pair[0] for pair in re.findall(r"(\S)(\S)", PAIRS)}
TRADITIONAL = {pair[1] for pair in re.findall(r"(\S)(\S)", PAIRS)}
# Chinese simplified forms that Japanese never writes (its own forms are 這, 時, 開, 関, 発, …).
NOT_JAPANESE = set("们这张过时开关发还让说为轮输赢计记录统设选单难级电脑连结边头从页链续")

# Words each language's glossary rules out, with the word it uses instead.
RULED_OUT = {
    "ja": {
        "コンピューター": "CPU",
        "見送り": "パス",
        "ラウンド": "回",
        "座席": "席",
        "レイアウト": "場",
        "場札": "場",
        "部屋": "ルーム",
        "だれ": "誰",
    },
    "zh_Hans": {"过牌": "跳过", "回合制": "局", "比赛": "对局"},
    "zh_Hant": {"跳過": "過牌", "比賽": "對局"},
}
PAGE_NAMES = {"ja": "ja", "zh_Hans": "zh-hans", "zh_Hant": "zh-hant"}
# Japanese quoted on a Chinese page: a source's title, the game's Japanese name.
QUOTED_JAPANESE = re.compile(r'<span lang="ja">.*?</span>|[七7]並べ', re.S)


def texts(language: str) -> list[tuple[str, str]]:
    """Every translated text of a language: (where, text)."""
    po = BASE / "locale" / language / "LC_MESSAGES" / "django.po"
    found = [(f"msgid {e['msgid'][:50]!r}", s) for e in entries(po) for s in e["msgstr"]]
    for page in PAGES:
        path = BASE / "templates" / "pages" / page / f"{PAGE_NAMES[language]}.html"
        found.append((f"{page}/{path.name}", path.read_text(encoding="utf-8")))
    return [(where, QUOTED_JAPANESE.sub("", text)) for where, text in found]


@pytest.mark.parametrize(
    ("language", "wrong"),
    [("zh_Hant", SIMPLIFIED), ("zh_Hans", TRADITIONAL), ("ja", NOT_JAPANESE)],
)
def test_it_writes_each_language_in_its_own_script(language, wrong):
    mixed = [(where, "".join(sorted(set(text) & wrong))) for where, text in texts(language)]
    assert [m for m in mixed if m[1]] == []


@pytest.mark.parametrize("language", RULED_OUT)
def test_it_says_each_term_the_one_way_the_glossary_does(language):
    found = [
        (where, word, RULED_OUT[language][word])
        for where, text in texts(language)
        for word in RULED_OUT[language]
        if word in text
    ]
    assert found == []


def test_traditional_chinese_says_no_card_to_play_as_the_seed_does():
    # 「無牌可接」 is the label seed 002 quotes for the note over the hand when the site passes for
    # the player; anywhere else "cannot play" is 無牌可出 (the two were mixed in prose).
    po = BASE / "locale" / "zh_Hant" / "LC_MESSAGES" / "django.po"
    labels = [e["msgid"] for e in entries(po) if any("無牌可接" in s for s in e["msgstr"])]
    assert labels and all(m.startswith(("You had no card", "You have no card")) for m in labels)
