"""The terminal table's input and output: a line reader that can time out (with line editing on a
terminal) and a writer. `bot.console` plays on them."""

from __future__ import annotations

import asyncio
import atexit
import codecs
import contextlib
import os
import sys
import threading
from collections.abc import Awaitable, Callable

Reader = Callable[[float | None], Awaitable[str | None]]
"""Reads one line: None at the end of input; raises `TimeoutError` when `timeout` seconds pass
first, and `KeyboardInterrupt` (or the task's cancellation, as `asyncio.run` does) on Ctrl-C."""
Writer = Callable[[str], None]


class StdinReader:
    """Lines from standard input, read by a daemon thread so that a read can time out and Ctrl-C
    quits at once: a blocked `readline` in asyncio's executor would hold `asyncio.run` until Enter.

    The thread reads the raw file descriptor (not `sys.stdin`), so it never holds the buffered
    reader's lock that the interpreter takes at exit. On a terminal, when Python has `readline`,
    the thread reads with `input()` instead: the line can be edited and earlier lines come back
    with the arrow keys; the terminal's settings are put back at exit, whatever the thread was
    doing then."""

    def __init__(self, fd: int | None = None, *, edit: bool | None = None) -> None:
        self.fd = sys.stdin.fileno() if fd is None else fd
        self.edit = line_editing(self.fd) if edit is None else edit
        self.queue: asyncio.Queue[str | None] | None = None

    def _start(self) -> asyncio.Queue[str | None]:
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[str | None] = asyncio.Queue()

        def edited() -> None:
            while True:
                try:
                    line = input()
                except (EOFError, OSError, ValueError):
                    loop.call_soon_threadsafe(queue.put_nowait, None)
                    return
                loop.call_soon_threadsafe(queue.put_nowait, line + "\n")

        def pump() -> None:
            decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
            pending = ""
            while True:
                try:
                    chunk = os.read(self.fd, 4096)
                except OSError:
                    chunk = b""
                pending += decoder.decode(chunk, final=not chunk)
                *lines, pending = pending.split("\n")
                for line in lines:
                    loop.call_soon_threadsafe(queue.put_nowait, line + "\n")
                if not chunk:
                    if pending:
                        loop.call_soon_threadsafe(queue.put_nowait, pending)
                    loop.call_soon_threadsafe(queue.put_nowait, None)
                    return

        if self.edit:
            keep_terminal(self.fd)
        target = edited if self.edit else pump
        threading.Thread(target=target, name="snowbound-stdin", daemon=True).start()
        return queue

    async def __call__(self, timeout: float | None = None) -> str | None:
        if self.queue is None:
            self.queue = self._start()
        line = await asyncio.wait_for(self.queue.get(), timeout)
        if line is None:
            self.queue.put_nowait(None)  # the end of input stays the end
        return line


def line_editing(fd: int) -> bool:
    """Whether to read with `readline`: standard input is a terminal and Python has it."""
    try:
        if sys.stdin is None or fd != sys.stdin.fileno() or not os.isatty(fd):
            return False
        import readline  # noqa: F401 - importing it gives `input()` editing and history
    except (ImportError, OSError, ValueError):
        return False
    return True


def keep_terminal(fd: int) -> None:
    """Put the terminal's settings back at exit: `readline` changes them while it reads, and the
    reading thread may be stopped in the middle of a line (quit, Ctrl-C)."""
    try:
        import termios

        saved = termios.tcgetattr(fd)
    except (ImportError, OSError):
        return

    def restore() -> None:
        with contextlib.suppress(OSError, termios.error):
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)

    atexit.register(restore)


def stdout_writer(text: str) -> None:
    print(text, flush=True)
