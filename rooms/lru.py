"""A small thread-safe mapping that forgets its least recently used entry past its size: the
bound on what a server process keeps of the rooms, renders and texts it has served, as it runs for
months (one process serves room after room)."""

import threading
from collections import OrderedDict


class Lru:
    def __init__(self, size: int):
        self.size = size
        self.data: OrderedDict = OrderedDict()
        self.lock = threading.Lock()

    def __len__(self) -> int:
        return len(self.data)

    def get(self, key):
        with self.lock:
            value = self.data.get(key)
            if value is not None:
                self.data.move_to_end(key)
            return value

    def put(self, key, value):
        with self.lock:
            self.data[key] = value
            self.data.move_to_end(key)
            while len(self.data) > self.size:
                self.data.popitem(last=False)
        return value

    def clear(self):
        with self.lock:
            self.data.clear()
