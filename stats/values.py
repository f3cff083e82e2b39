"""The play statistics' closed value sets: exactly what the privacy page lists, nothing else.

What is sent: game kind, mode, CPU level, settings (players, rounds), result, number of moves,
duration bucket, friend-connection success and number of reconnects, 3D failure and render-speed
bucket, device kind (phone or not, memory bucket, core bucket), browser family and OS family.
Never: the room id, the moves or the table, the IP address, the GPU model.
"""

EVENTS = ("match_start", "match_end", "friend_connection", "webgl_failed", "render_speed")

GAME_KINDS = ("japanese", "chinese")  # the rule family: 7s laid out after the deal, or played
MODES = ("cpu", "hotseat", "friend")
CPU_LEVELS = ("easy", "medium", "hard")
PLAYERS = (3, 4)
ROUNDS = (1, 3, 5)
RESULTS = ("win", "loss", "complete")  # complete: a hot-seat match (a watcher sends no match)
DURATIONS = ("lt5m", "5to15m", "15to30m", "30to60m", "gt60m")
RENDER_SPEEDS = ("lt50ms", "50to150ms", "150to500ms", "gt500ms")  # the 3D table's first frame
MEMORY = ("le1gb", "2gb", "4gb", "ge8gb")  # navigator.deviceMemory, itself already rounded
CORES = ("1to2", "3to4", "5to8", "ge9")
BROWSERS = ("chrome", "edge", "firefox", "safari", "samsung", "opera", "other")
SYSTEMS = ("windows", "macos", "ios", "android", "linux", "chromeos", "other")

MAX_MOVES = 5000
MAX_RECONNECTS = 1000

# The keys an event may carry (besides `event`); anything else is refused.
DEVICE = ("phone", "memory", "cores", "browser", "os")
GAME = ("game_kind", "mode", "cpu_level", "players", "rounds")
EVENT_KEYS = {
    "match_start": (*GAME, *DEVICE),
    "match_end": (*GAME, "result", "moves", "duration", *DEVICE),
    "friend_connection": (*GAME, "connected", "reconnects", *DEVICE),
    "webgl_failed": (*GAME, *DEVICE),
    "render_speed": (*GAME, "render_speed", *DEVICE),
}
REQUIRED = {
    "match_start": ("game_kind", "mode"),
    "match_end": ("game_kind", "mode", "result"),
    "friend_connection": ("connected",),
    "webgl_failed": (),
    "render_speed": ("render_speed",),
}
