"""Per-game Discord extras. `cogs/games/<game key>.py` may define:

- `picture(observation, *, hints: bool = False) -> bytes | None`: a PNG of the board (Pillow).
"""
