"""The Coldest Night's cards and tokens (spec §2), loaded from `data/cards.toml`, checked at import.

The turn flow relies on the shape of the data (50 kindling with 7 IF cards for the solo display,
3 Fire Dwindles, 9 tokens each yielded by one card), so a replaced data file must keep that shape.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, model_validator

EffectKind = Literal["none", "greatest", "target", "burn_one", "gain", "if"]
IfOp = Literal["at_least", "at_most", "exactly"]
FrostKind = Literal[
    "loss_of_circulation",
    "memory_loss",
    "paranoia",
    "numbing",
    "violent_shivering",
    "advanced_frostbite",
    "blue_lips",
    "stiff_fingers",
    "chilblains",
]
TokenId = Literal[
    "alcohol",
    "axe",
    "backpack",
    "blanket",
    "cabinet_key",
    "cellar_key",
    "emergency_supplies",
    "lighter_fluid",
    "kerosene",
]
TOKEN_ORDER: tuple[TokenId, ...] = get_args(TokenId)
"""The tokens in the order the rules list them, as `TokenId` names them."""


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CardData(_Record):
    id: str
    name: str
    heat: int
    ash: int
    effect_kind: EffectKind = "none"
    token: TokenId | None = None
    if_op: IfOp | None = None
    if_value: int | None = None
    source: Literal["published", "ours"] | None = None
    kind: Literal["starter", "kindling", "fire_dwindles"] = "kindling"

    @model_validator(mode="after")
    def _effect_fields_fit(self) -> CardData:
        needs_token = self.effect_kind in ("gain", "if")
        if needs_token != (self.token is not None):
            raise ValueError(f"{self.id}: `token` is required exactly for GAIN and IF effects")
        if (self.effect_kind == "if") != (self.if_op is not None and self.if_value is not None):
            raise ValueError(f"{self.id}: `if_op` and `if_value` are required exactly for IF")
        if self.heat < 0 or self.ash < 0:
            raise ValueError(f"{self.id}: heat and ash cannot be negative")
        return self

    @property
    def effect(self) -> str | None:
        """The user-facing effect label of §2.2."""
        if self.effect_kind == "none":
            return None
        if self.effect_kind == "burn_one":
            return "BURN ONE"
        if self.effect_kind in ("greatest", "target"):
            return self.effect_kind.upper()
        name = TOKENS[self.token].name if self.token else ""
        if self.effect_kind == "gain":
            return f"GAIN {name}"
        cond = {
            "at_least": f"{self.if_value} or more",
            "at_most": f"{self.if_value} or less",
            "exactly": f"exactly {self.if_value}",
        }[self.if_op or "exactly"]
        return f"IF heat total {cond}: gain {name}"


class FrostData(_Record):
    id: str
    name: str
    frost: int
    kind: FrostKind
    effect: str


class TokenData(_Record):
    id: TokenId
    name: str
    effect: str


class CardSet(_Record):
    starter: tuple[CardData, ...]
    kindling: tuple[CardData, ...]
    fire_dwindles: tuple[CardData, ...]
    frostbite: tuple[FrostData, ...]
    token: tuple[TokenData, ...]

    @model_validator(mode="after")
    def _shape(self) -> CardSet:
        counts = {
            "starter": (len(self.starter), 3),
            "kindling": (len(self.kindling), 50),
            "fire_dwindles": (len(self.fire_dwindles), 3),
            "frostbite": (len(self.frostbite), 10),
            "token": (len(self.token), 9),
        }
        for what, (have, want) in counts.items():
            if have != want:
                raise ValueError(f"expected {want} {what} entries, found {have}")
        ids = [c.id for c in self.starter + self.kindling + self.fire_dwindles]
        ids += [f.id for f in self.frostbite]
        if len(ids) != len(set(ids)):
            raise ValueError("card ids must be unique")
        names = [c.name for c in self.kindling]
        if len(names) != len(set(names)):
            raise ValueError("kindling names must be unique (labels name cards)")
        if tuple(t.id for t in self.token) != TOKEN_ORDER:
            raise ValueError(f"tokens must be listed in the order {TOKEN_ORDER}")
        yielded = sorted(c.token for c in self.kindling if c.token)
        if yielded != sorted(TOKEN_ORDER):
            raise ValueError("each token must be yielded by exactly one kindling card")
        if sum(1 for c in self.kindling if c.effect_kind == "if") != 7:
            raise ValueError("the solo display needs exactly 7 IF cards")
        if sum(1 for f in self.frostbite if f.kind == "blue_lips") != 2:
            raise ValueError("solo leaves out exactly the two Blue Lips cards")
        return self


def load(path: Path | None = None) -> CardSet:
    path = path or Path(__file__).with_name("cards.toml")
    with path.open("rb") as fh:
        raw = tomllib.load(fh)
    for entry in raw.get("starter", []):
        entry["kind"] = "starter"
    for entry in raw.get("fire_dwindles", []):
        entry["kind"] = "fire_dwindles"
    return CardSet.model_validate(raw)


DATA = load()
TOKENS: dict[str, TokenData] = {t.id: t for t in DATA.token}
CARDS: dict[str, CardData] = {c.id: c for c in (*DATA.starter, *DATA.kindling, *DATA.fire_dwindles)}
FROST: dict[str, FrostData] = {f.id: f for f in DATA.frostbite}
STARTER_IDS: tuple[str, ...] = tuple(c.id for c in DATA.starter)
KINDLING_IDS: tuple[str, ...] = tuple(sorted(c.id for c in DATA.kindling))
FD_IDS: tuple[str, ...] = tuple(c.id for c in DATA.fire_dwindles)
FROST_IDS: tuple[str, ...] = tuple(sorted(f.id for f in DATA.frostbite))
IF_IDS: tuple[str, ...] = tuple(i for i in KINDLING_IDS if CARDS[i].effect_kind == "if")
SOLO_KINDLING_IDS: tuple[str, ...] = tuple(i for i in KINDLING_IDS if i not in IF_IDS)
SOLO_FROST_IDS: tuple[str, ...] = tuple(i for i in FROST_IDS if FROST[i].kind != "blue_lips")
