"""scripts/board_pictures.py draws the README's pictures with the bot's own renderers."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]


def test_the_script_writes_a_readable_png_for_each_picture(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location(
        "board_pictures", ROOT / "scripts" / "board_pictures.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.main([str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["cold_comfort.png", "winter.png"]
    readme = (ROOT / "README.md").read_text()
    for name in names:
        path = tmp_path / name
        assert path.stat().st_size < 200_000
        with Image.open(path) as image:
            assert image.format == "PNG" and image.width > 300 and image.height > 300
        assert f"docs/images/{name}" in readme
        assert (ROOT / "docs" / "images" / name).is_file()
