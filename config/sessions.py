"""Django's database sessions, reading only the keys Django makes (32 of a-z and 0-9) from a
cookie: any other key is no session, and is never looked up. A key holding a NUL (a cookie's
quoted value may say `\\000`) made PostgreSQL refuse the look-up, a server error on every page for
that client, and on its room socket."""

import string

from django.contrib.sessions.backends import db

KEY_CHARACTERS = frozenset(string.ascii_lowercase + string.digits)


class SessionStore(db.SessionStore):
    def _validate_session_key(self, key):
        return bool(super()._validate_session_key(key)) and set(key) <= KEY_CHARACTERS
