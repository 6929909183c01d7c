"""A ruleset's options: frozen named values, each with the values it may take and its default.

Options are plain Python, so that playing a game (``sim``, the bots) never loads pydantic: the
defaults are valid as they are written, and any other values are checked by a pydantic model built
from the same annotations when first needed, which gives the messages and coercions of pydantic
(``"6"`` → 6, ``"on"`` → True, an unknown name refused). The readers keep pydantic's names:
``Options.model_fields``, ``Options.model_validate(data)`` and ``options.model_dump()``.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Self, dataclass_transform

if TYPE_CHECKING:
    from pydantic import BaseModel


class OptionField(NamedTuple):
    """One option: the values it may take (its annotation: a ``Literal`` or ``bool``) and its
    default."""

    annotation: Any
    default: Any


@dataclass_transform(kw_only_default=True, frozen_default=True)
class RulesetOptions:
    """Base of each ruleset's ``Options``: its fields are the class's annotated attributes, each
    with its default. Frozen, compared and hashed by value."""

    model_fields: ClassVar[dict[str, OptionField]] = {}
    """Each option by name, in the order written."""
    _checker: ClassVar[type[BaseModel] | None] = None
    game: ClassVar[type]
    """The ruleset's game class: the one that names these as its ``Options`` (set by the game,
    which this module does not import)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        scope = vars(sys.modules[cls.__module__])
        cls.model_fields = {
            name: OptionField(
                eval(hint, scope) if isinstance(hint, str) else hint, getattr(cls, name)
            )
            for name, hint in cls.__dict__.get("__annotations__", {}).items()
        }
        cls._checker = None

    def __init__(self, **values: Any) -> None:
        self._take(values if self._as_written(values) else self._checked(values))

    @classmethod
    def model_validate(cls, data: Any) -> Self:
        """The options of ``data`` (a mapping of names to values); pydantic's ValidationError if
        they are not options of this ruleset."""
        if isinstance(data, cls):
            return data
        options = cls.__new__(cls)
        plain = isinstance(data, dict) and cls._as_written(data)
        options._take(data if plain else cls._checked(data))
        return options

    def model_dump(self, exclude_defaults: bool = False) -> dict[str, Any]:
        """The options as a dict of plain values (``exclude_defaults``: only those set otherwise)."""
        return {
            name: getattr(self, name)
            for name, field in self.model_fields.items()
            if not (exclude_defaults and getattr(self, name) == field.default)
        }

    @classmethod
    def validators(cls) -> dict[str, Any]:
        """The pydantic validators of the checking model, by name, where a ruleset checks more
        than each value alone (made when first checked; none by default)."""
        return {}

    @classmethod
    def _as_written(cls, values: Mapping[str, Any]) -> bool:
        """Whether ``values`` name only options, each at its default and of its default's type:
        nothing to check."""
        fields = cls.model_fields
        return all(
            name in fields
            and type(value) is type(fields[name].default)
            and value == fields[name].default
            for name, value in values.items()
        )

    @classmethod
    def _checked(cls, data: Any) -> dict[str, Any]:
        """``data`` checked and converted by the ruleset's pydantic model (made once)."""
        checker = cls._checker
        if checker is None:
            from pydantic import ConfigDict, create_model

            fields: dict[str, Any] = {n: tuple(f) for n, f in cls.model_fields.items()}
            checker = cls._checker = create_model(
                cls.__name__,
                __config__=ConfigDict(extra="forbid", frozen=True),
                __doc__=cls.__doc__,
                __module__=cls.__module__,
                __validators__=cls.validators(),
                **fields,
            )
        return dict(checker.model_validate(data))

    def _take(self, values: Mapping[str, Any]) -> None:
        for name, field in self.model_fields.items():
            object.__setattr__(self, name, values.get(name, field.default))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: {name} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: {name} cannot be deleted")

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.model_fields)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, RulesetOptions)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self), self._values()))

    def __repr__(self) -> str:
        values = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.model_fields)
        return f"{type(self).__name__}({values})"
