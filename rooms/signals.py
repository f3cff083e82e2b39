"""What the rooms tell other apps, so that the services need not know them.

- `seat_taken`: a browser took a seat of a match under way (a seat its player left, offered by
  the link). Sent inside the services' transaction with `room` (locked), `seat` (its index) and
  `session_key`. The history app records the taker as a player of the match.
"""

from django.dispatch import Signal

seat_taken = Signal()
