"""The in-memory channel layer (one process: the default without Redis), with its expiry sweep
run once a second instead of on every message.

Channels' `InMemoryChannelLayer` walks every channel and every group member looking for expired
messages on each `receive` and `group_send`. A waiting socket has a channel, so with 400 sockets
every socket's receive of a notice walked 400 queues and 100 groups: a cost that grows with the
square of the sockets. Messages expire after a minute and memberships after a day; sweeping once a
second drops them at most a second later.
"""

import time

from channels.layers import InMemoryChannelLayer as ChannelsInMemoryChannelLayer

SWEEP_SECONDS = 1.0


class InMemoryChannelLayer(ChannelsInMemoryChannelLayer):
    _swept = float("-inf")

    def _clean_expired(self):
        now = time.monotonic()
        if now - self._swept < SWEEP_SECONDS:
            return
        self._swept = now
        super()._clean_expired()
