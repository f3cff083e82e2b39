"""The room socket speaks the page's language: the switcher's cookie, else Accept-Language. The
fragments it pushes and the errors it explains are translated, so an update never turns a
Japanese page back into English."""

import json

import pytest

from tests.live_support import Communicator, cpu_room, db, frames_until, live, new_session  # noqa: F401  (the fixture)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("live")]


async def connect(slug: str, key: str, *, cookie: str = "", accept: str = "", query: str = ""):
    from config.asgi import application

    headers = [(b"origin", b"http://localhost"), (b"cookie", f"sessionid={key}{cookie}".encode())]
    if accept:
        headers.append((b"accept-language", accept.encode()))
    comm = Communicator(application, f"/ws/room/{slug}/{query}", headers=headers)
    connected, _ = await comm.connect(timeout=10)
    assert connected
    return comm


async def test_it_pushes_the_table_in_the_chosen_language():
    aki = await db(new_session)()
    room = await db(cpu_room)(aki)
    comm = await connect(room.slug, aki, cookie="; django_language=ja", accept="en")
    frame = await comm.receive_from(timeout=10)
    assert "あなたの手札" in frame and "Your hand" not in frame
    await comm.send_to(text_data=json.dumps({"action": "dance"}))
    # The CPUs may move meanwhile: their tables come too, and the error follows.
    frames = await frames_until(comm, lambda frame: "message-error" in frame)
    assert "その操作は理解できませんでした。" in frames[-1]
    await comm.disconnect()


async def test_it_follows_the_browsers_language_without_a_cookie():
    aki = await db(new_session)()
    room = await db(cpu_room)(aki)
    comm = await connect(room.slug, aki, accept="zh-TW,zh;q=0.9")
    frame = await comm.receive_from(timeout=10)
    assert "你的手牌" in frame and "用按鈕操作" in frame
    await comm.disconnect()


async def test_it_speaks_english_by_default():
    aki = await db(new_session)()
    room = await db(cpu_room)(aki)
    comm = await connect(room.slug, aki)
    frame = await comm.receive_from(timeout=10)
    assert "Your hand" in frame
    await comm.disconnect()


async def test_it_keeps_the_language_its_page_names_whatever_the_cookie_says_since():
    # The language changed in another tab (the cookie: 繁體中文) while a Japanese room page was
    # open: its socket, reconnecting, pushed Chinese fragments into the page under lang="ja".
    aki = await db(new_session)()
    room = await db(cpu_room)(aki)
    comm = await connect(room.slug, aki, cookie="; django_language=zh-hant", query="?lang=ja")
    frame = await comm.receive_from(timeout=10)
    assert "あなたの手札" in frame and "你的手牌" not in frame
    await comm.disconnect()


async def test_a_language_the_site_does_not_speak_in_the_address_is_ignored():
    aki = await db(new_session)()
    room = await db(cpu_room)(aki)
    comm = await connect(room.slug, aki, cookie="; django_language=ja", query="?lang=xx")
    frame = await comm.receive_from(timeout=10)
    assert "あなたの手札" in frame
    await comm.disconnect()
