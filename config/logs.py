"""Logging filters (settings.LOGGING)."""

import logging


class OneLineWarning(logging.Filter):
    """A client's mistake, not the server's: logged as one WARNING line, without the traceback
    Django attaches (30 lines at ERROR for each request naming another host, which any scanner of
    the server's address sends)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.exc_info = None
        record.exc_text = None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True
