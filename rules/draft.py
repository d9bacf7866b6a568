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
Convert = Callable[[Any], Any]

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
        d["_draft_model"] = model
        _plan(model, type(self)).thaw(frozen.__dict__, d)

    def freeze(self) -> M:
        """The frozen model this draft now describes."""
        model: type[M] = self.__dict__["_draft_model"]
        plan = _plan(model, type(self))
        values = plan.freeze(self.__dict__)
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
    names = list(model.model_fields)
    env: dict[str, Any] = {}
    thaw_lines, freeze_parts = [], []
    for i, name in enumerate(names):
        annotation = model.model_fields[name].annotation
        to_draft = _thawer(annotation, name in keep)
        to_frozen = _freezer(annotation)
        key = repr(name)
        if to_draft is None:
            thaw_lines.append(f"    d[{key}] = s[{key}]")
        else:
            env[f"t{i}"] = to_draft
            thaw_lines.append(f"    d[{key}] = t{i}(s[{key}])")
        if to_frozen is None:
            freeze_parts.append(f"{key}: d[{key}]")
        else:
            env[f"f{i}"] = to_frozen
            freeze_parts.append(f"{key}: f{i}(d[{key}])")
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


def _thawer(tp: Any, keep: bool) -> Convert | None:
    """How a frozen value of type `tp` becomes its working copy; None when it is kept as it is."""
    if _members(tp)[0] is None and _is_model(tp):
        return None if keep else _thaw_model
    origin, args = _members(tp)
    if origin in (typing.Union, types.UnionType):
        inner = [_thawer(a, keep) for a in args if a is not type(None)]
        if all(f is None for f in inner):
            return None
        if len(inner) == 1 and (one := inner[0]) is not None:
            return lambda v: None if v is None else one(v)
        return None if keep else _thaw_any
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _thawer(args[0], keep)
            return list if item is None else _each_list(item)
        return None  # a fixed-length tuple is a value
    if origin is frozenset:
        return set
    if origin is list:
        item = _thawer(args[0], keep) if args else None
        return list if item is None else _each_list(item)
    if origin is dict:
        item = _thawer(args[1], keep) if len(args) == 2 else None
        return dict if item is None else _each_value(item)
    return None


def _freezer(tp: Any) -> Convert | None:
    """How a working value of type `tp` becomes frozen again; None when it needs nothing."""
    if _members(tp)[0] is None and _is_model(tp):
        return _freeze_model
    origin, args = _members(tp)
    if origin in (typing.Union, types.UnionType):
        inner = [_freezer(a) for a in args if a is not type(None)]
        if all(f is None for f in inner):
            return None
        if len(inner) == 1 and (one := inner[0]) is not None:
            return lambda v: None if v is None else one(v)
        return _freeze_any
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _freezer(args[0])
            return tuple if item is None else _each_tuple(item)
        return tuple
    if origin is frozenset:
        return frozenset
    if origin is list:
        item = _freezer(args[0]) if args else None
        return list if item is None else _each_list(item)
    if origin is dict:
        item = _freezer(args[1]) if len(args) == 2 else None
        return dict if item is None else _each_value(item)
    return None


def _each_list(item: Convert) -> Convert:
    return lambda v: [item(x) for x in v]


def _each_tuple(item: Convert) -> Convert:
    return lambda v: tuple([item(x) for x in v])


def _each_value(item: Convert) -> Convert:
    return lambda v: {k: item(x) for k, x in v.items()}


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
