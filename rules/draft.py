"""A generic working copy of a frozen state: `thaw` it, change it in place, `freeze` it back.

Rules read best as the spec's steps ("take the top card, put it in the pit"), which want lists and
plain attributes, while states must stay frozen pydantic records (stored, compared, shared between
tables). Instead of each game hand-writing a mirror class with a field-by-field copy in and out,
`Draft` derives both copies from the model's annotations, once per model class:

- variable-length tuples become lists, frozensets become sets, dicts and lists are copied, and
  nested models become drafts themselves (recursively), unless the draft class names the field in
  `keep` (records that rules replace whole rather than change: they stay frozen);
- fixed-length tuples (a `(seat, card)` pair) and scalars are values and are left as they are;
- `freeze` turns everything back and builds the model without re-validating it: the engine built
  the values itself, and validation is most of the cost of a move in a playout. `validating()`
  switches validation back on (tests, and the benchmark's baseline) to prove nothing is lost.

A game subclasses `Draft[TheModel]` to add its rule methods and to declare the draft's attribute
types for mypy (annotations only: the copying stays generic). A subclass is registered for its
model, so a nested record of that model thaws into it.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar, get_args, get_origin

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_DRAFTS: dict[type[BaseModel], type[Draft[Any]]] = {}
"""Model class → the draft class registered for it (a `Draft[Model]` subclass)."""

_set = object.__setattr__
_validate = False


@contextmanager
def validating() -> Iterator[None]:
    """Make every `freeze` inside the block fully validate what it builds (slow, for checks)."""
    global _validate
    before, _validate = _validate, True
    try:
        yield
    finally:
        _validate = before


class Draft(Generic[M]):
    """A mutable working copy of one frozen model: its fields as plain attributes.

    `keep` names fields whose nested records stay frozen (the containers around them still become
    lists). Attributes that are not fields (an event list, an rng) may be added freely: `freeze`
    reads only the model's fields.
    """

    keep: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for base in cls.__dict__.get("__orig_bases__", ()):
            if get_origin(base) is Draft:
                (model,) = get_args(base)
                if isinstance(model, type) and issubclass(model, BaseModel):
                    _DRAFTS[model] = cls

    def __init__(self, frozen: M) -> None:
        model = type(frozen)
        d = self.__dict__
        plan = _plan(model, type(self))
        d["_draft_model"] = model
        d["_draft_plan"] = plan  # found once for the thaw and the freeze
        plan.thaw(frozen.__dict__, d)

    def freeze(self) -> M:
        """The frozen model this draft now describes."""
        d = self.__dict__
        model: type[M] = d["_draft_model"]
        plan: _Plan = d["_draft_plan"]
        values = plan.freeze(d)
        if _validate:
            return model.model_validate(values)
        return typing.cast(M, plan.build(values))

    def __repr__(self) -> str:
        model = self.__dict__["_draft_model"]
        fields = ", ".join(f"{n}={self.__dict__[n]!r}" for n in model.model_fields)
        return f"Draft[{model.__name__}]({fields})"

    if typing.TYPE_CHECKING:  # a plain `Draft` of any model: its fields, untyped

        def __getattr__(self, name: str) -> Any: ...

        def __setattr__(self, name: str, value: Any) -> None: ...


def thaw(frozen: M) -> Draft[M]:
    """A working copy of `frozen`, as the draft class registered for its model (or `Draft`).

    Only the fields are copied: a draft class whose `__init__` adds more (an rng, an event list)
    is built by calling it, as its game does."""
    return _make(_DRAFTS.get(type(frozen), Draft), frozen)


def _make(cls: type[Draft[M]], frozen: M) -> Draft[M]:
    draft = cls.__new__(cls)
    Draft.__init__(draft, frozen)
    return draft


def freeze(draft: Draft[M]) -> M:
    """The frozen model a draft now describes (`draft.freeze()`)."""
    return draft.freeze()


# --- plans: the two copies, derived once per (model, draft class) ------------------------------


@dataclass(frozen=True, slots=True)
class _Plan:
    thaw: Callable[[dict[str, Any], dict[str, Any]], None]
    freeze: Callable[[dict[str, Any]], dict[str, Any]]
    build: Callable[[dict[str, Any]], Any]


_PLANS: dict[tuple[type[BaseModel], type[Draft[Any]]], _Plan] = {}


def _plan(model: type[BaseModel], draft: type[Draft[Any]]) -> _Plan:
    plan = _PLANS.get((model, draft))
    if plan is None:
        plan = _PLANS[(model, draft)] = _make_plan(model, draft.keep)
    return plan


def _make_plan(model: type[BaseModel], keep: frozenset[str]) -> _Plan:
    """Write both copies as straight-line source, one expression per field.

    The conversions are spelled out in the source (`[list(x0) for x0 in s['hands']]`) rather than
    called as small functions, one call a field and another per item: those calls cost more than
    the copies themselves, and every move of a game that drafts pays a thaw and a freeze."""
    names = list(model.model_fields)
    env: dict[str, Any] = {
        "_thaw_model": _thaw_model,
        "_thaw_any": _thaw_any,
        "_freeze_model": _freeze_model,
        "_freeze_any": _freeze_any,
    }
    thaw_lines, freeze_parts = [], []
    for name in names:
        annotation = model.model_fields[name].annotation
        key = repr(name)
        to_draft = _thaw_source(annotation, name in keep, f"s[{key}]")
        to_frozen = _freeze_source(annotation, f"d[{key}]")
        thaw_lines.append(f"    d[{key}] = {to_draft or f's[{key}]'}")
        freeze_parts.append(f"{key}: {to_frozen or f'd[{key}]'}")
    source = (
        "def thaw(s, d):\n" + ("\n".join(thaw_lines) or "    pass") + "\n"
        "def freeze(d):\n    return {" + ", ".join(freeze_parts) + "}\n"
    )
    exec(compile(source, f"<draft of {model.__qualname__}>", "exec"), env)
    return _Plan(thaw=env["thaw"], freeze=env["freeze"], build=construct(model))


def construct(model: type[BaseModel]) -> Callable[[dict[str, Any]], Any]:
    """Build `model` from finished values without validation, as `model_construct` would (minus
    its per-field work): a draft's freeze, and the observations' `rules.core.builder`."""
    plain = (
        not model.__pydantic_post_init__
        and not model.__private_attributes__
        and not model.__pydantic_root_model__
        and model.model_config.get("extra") != "allow"
    )
    if not plain:
        return lambda values: model.model_construct(**values)  # private attributes and such
    every = frozenset(model.model_fields)
    new = model.__new__

    def build(values: dict[str, Any]) -> Any:
        m = new(model)
        _set(m, "__dict__", values)
        _set(m, "__pydantic_fields_set__", set(every))
        _set(m, "__pydantic_extra__", None)
        _set(m, "__pydantic_private__", None)
        return m

    return build


_PLAIN: dict[type[BaseModel], bool] = {}  # model class → made by `evolve` without `model_copy`


def evolve(model: M, update: dict[str, Any]) -> M:
    """`model.model_copy(update=update)`, the same record made without pydantic's generic copy:
    rules that replace a frozen state several times a move (Winter, Cold Comfort) use it. The
    values are the rules' own, so they are not validated, as `model_copy` does not validate them
    either; a model with private attributes or extra fields goes through `model_copy`."""
    cls = type(model)
    plain = _PLAIN.get(cls)
    if plain is None:
        plain = _PLAIN[cls] = not (
            cls.__private_attributes__ or cls.model_config.get("extra") == "allow"
        )
    if not plain:
        return model.model_copy(update=update)
    made = cls.__new__(cls)
    _set(made, "__dict__", {**model.__dict__, **update})
    _set(made, "__pydantic_fields_set__", model.__pydantic_fields_set__ | update.keys())
    _set(made, "__pydantic_extra__", None)
    _set(made, "__pydantic_private__", None)
    return made


def _members(tp: Any) -> tuple[Any, Any]:
    """(origin, args) with `Annotated` unwrapped."""
    origin = get_origin(tp)
    while origin is typing.Annotated:
        tp = get_args(tp)[0]
        origin = get_origin(tp)
    return origin, get_args(tp)


def _is_model(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, BaseModel)


def _thaw_source(tp: Any, keep: bool, value: str, depth: int = 0) -> str | None:
    """Source of the expression that makes the working copy of `value`, a frozen value of type
    `tp`; None when it is kept as it is. `depth` names the loop variables of nested copies."""
    if _members(tp)[0] is None and _is_model(tp):
        return None if keep else f"_thaw_model({value})"
    origin, args = _members(tp)
    item = f"x{depth}"
    if origin in (typing.Union, types.UnionType):
        inner = [_thaw_source(a, keep, value, depth) for a in args if a is not type(None)]
        if all(f is None for f in inner):
            return None
        if len(inner) == 1:
            return f"(None if {value} is None else {inner[0]})"
        return None if keep else f"_thaw_any({value})"
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            each = _thaw_source(args[0], keep, item, depth + 1)
            return f"list({value})" if each is None else f"[{each} for {item} in {value}]"
        return None  # a fixed-length tuple is a value
    if origin is frozenset:
        return f"set({value})"
    if origin is list:
        each = _thaw_source(args[0], keep, item, depth + 1) if args else None
        return f"list({value})" if each is None else f"[{each} for {item} in {value}]"
    if origin is dict:
        each = _thaw_source(args[1], keep, item, depth + 1) if len(args) == 2 else None
        if each is None:
            return f"dict({value})"
        return f"{{k{depth}: {each} for k{depth}, {item} in {value}.items()}}"
    return None


def _freeze_source(tp: Any, value: str, depth: int = 0) -> str | None:
    """Source of the expression that freezes `value`, a working value of type `tp`; None when it
    needs nothing."""
    if _members(tp)[0] is None and _is_model(tp):
        return f"_freeze_model({value})"
    origin, args = _members(tp)
    item = f"x{depth}"
    if origin in (typing.Union, types.UnionType):
        inner = [_freeze_source(a, value, depth) for a in args if a is not type(None)]
        if all(f is None for f in inner):
            return None
        if len(inner) == 1:
            return f"(None if {value} is None else {inner[0]})"
        return f"_freeze_any({value})"
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            each = _freeze_source(args[0], item, depth + 1)
            return f"tuple({value})" if each is None else f"tuple([{each} for {item} in {value}])"
        return f"tuple({value})"
    if origin is frozenset:
        return f"frozenset({value})"
    if origin is list:
        each = _freeze_source(args[0], item, depth + 1) if args else None
        return f"list({value})" if each is None else f"[{each} for {item} in {value}]"
    if origin is dict:
        each = _freeze_source(args[1], item, depth + 1) if len(args) == 2 else None
        if each is None:
            return f"dict({value})"
        return f"{{k{depth}: {each} for k{depth}, {item} in {value}.items()}}"
    return None


def _thaw_model(v: BaseModel) -> Draft[Any]:
    return _make(_DRAFTS.get(type(v), Draft), v)


def _freeze_model(v: Any) -> Any:
    """A nested draft freezes; a frozen record put there whole is already what it should be."""
    return v.freeze() if isinstance(v, Draft) else v


def _thaw_any(v: Any) -> Any:
    """A value of a union of several container types, thawed by what it is at run time."""
    if isinstance(v, BaseModel):
        return _thaw_model(v)
    if isinstance(v, tuple):
        return [_thaw_any(x) for x in v]
    if isinstance(v, frozenset):
        return set(v)
    if isinstance(v, dict):
        return {k: _thaw_any(x) for k, x in v.items()}
    return v


def _freeze_any(v: Any) -> Any:
    if isinstance(v, Draft):
        return v.freeze()
    if isinstance(v, list):
        return tuple([_freeze_any(x) for x in v])
    if isinstance(v, set):
        return frozenset(v)
    if isinstance(v, dict):
        return {k: _freeze_any(x) for k, x in v.items()}
    return v
