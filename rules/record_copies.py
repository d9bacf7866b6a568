"""One kind of record made from another that repeats its fields: a view from a state record, a
state record back from its view (a search's world), a card's face in its view.

Copying such fields one by one (`value=n.value, gang=n.gang, …`) says nothing but the names both
records share; `remade` copies every field the two declare alike by name, and the caller writes
only what differs.
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)


def shared_fields(source: BaseModel, model: type[BaseModel]) -> dict[str, Any]:
    """`source`'s values of the fields `model` declares too, by name, in `model`'s order."""
    return {name: getattr(source, name) for name in _shared(type(source), model)}


@cache
def _shared(source: type[BaseModel], model: type[BaseModel]) -> tuple[str, ...]:
    have = source.model_fields
    return tuple(name for name in model.model_fields if name in have)


def remade(model: type[M], source: BaseModel, **changed: Any) -> M:
    """A validated `model` record with `source`'s values for the fields both declare and
    `changed` for the rest (or instead): lists and tuples become what `model` declares, so a
    view's `list` field fills a state's `tuple` one and back."""
    return model.model_validate({**shared_fields(source, model), **changed})
