"""The static layer of a board picture, drawn once and reused.

Most of a board picture does not change from move to move: the grid, the coordinates, the empty
squares. A renderer draws that layer once per geometry (the same for every move of a table until
its board grows) through `static_layer`, and draws only the pieces on a copy of it. Layers are
kept by key, least recently used first, `KEPT` at most; renderers run in worker threads, hence the
lock (two threads missing at once both draw it; either copy is right).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PIL import Image

KEPT = 64
_layers: OrderedDict[Hashable, Image.Image] = OrderedDict()
_lock = threading.Lock()
drawn = 0  # layers drawn since start (tests count them)


def static_layer(key: Hashable, draw: Callable[[], Image.Image]) -> Image.Image:
    """A fresh copy of the layer `draw()` makes for `key`, drawn only the first time."""
    global drawn
    with _lock:
        layer = _layers.get(key)
        if layer is not None:
            _layers.move_to_end(key)
    if layer is None:
        layer = draw()
        with _lock:
            drawn += 1
            _layers[key] = layer
            while len(_layers) > KEPT:
                _layers.popitem(last=False)
    return layer.copy()
