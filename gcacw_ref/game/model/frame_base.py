"""The machinery every frame model shares (`gcacw_ref.game.model.frames` has the kinds).

A frame's wire form is `{"kind", "side", "data": {...}}`: the fields of its kind under
`data`, in the order they are declared; fields in `LATE` appear only once set, in the
order they were first set. `FrameBase` writes and reads that form, keeps the order of
late fields, and freezes a frame held by a `GameState` (`FrozenFrame` on assignment;
the working copy changes a `thawed()` copy).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, ClassVar, Self

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    PlainSerializer,
    PrivateAttr,
    SerializerFunctionWrapHandler,
    ValidatorFunctionWrapHandler,
    model_serializer,
    model_validator,
)

from gcacw_ref.rules.games import Side


def _fraction(value: object) -> Fraction:
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int | str):
        return Fraction(value)
    raise ValueError(f"not a number of MP: {value!r}")


class FrozenFrame(TypeError):
    """A field of a frame held by a `GameState` was assigned (copy it with `thawed()`)."""


# MP kept exactly (halves occur, 6.2) and written as text ("7/2"), as the rules core does
MP = Annotated[Fraction, BeforeValidator(_fraction), PlainSerializer(str, return_type=str)]
Units = tuple[str, ...]


class FrameBase(BaseModel):
    """What every frame has: its kind, the side that decides (None for automatic steps),
    and the wire form described in the module docstring."""

    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    RULE: ClassVar[str] = ""
    """The rule the step follows (shown with the pending decision)."""
    LATE: ClassVar[frozenset[str]] = frozenset()
    """Fields written only once set (see the module docstring)."""
    KEYS: ClassVar[dict[str, str]] = {}
    """Field name -> its key under `data` where the two differ."""

    kind: str
    side: Side | None = None
    _late: tuple[str, ...] = PrivateAttr(default=())
    _frozen: bool = PrivateAttr(default=False)

    def model_post_init(self, context: object, /) -> None:
        if self.LATE:
            given = self.model_fields_set & self.LATE
            self._late = tuple(n for n in type(self).model_fields if n in given)

    def __setattr__(self, name: str, value: object) -> None:
        if name[0] != "_":
            private = self.__pydantic_private__
            assert private is not None
            if private["_frozen"]:
                raise FrozenFrame(f"the {self.kind} frame belongs to a game state: thaw a copy")
            if name in self.LATE and name not in private["_late"]:
                private["_late"] = (*private["_late"], name)
        super().__setattr__(name, value)

    @property
    def frozen(self) -> bool:
        """Held by a `GameState`: its fields no longer change."""
        return self._frozen

    def freeze(self) -> None:
        self._frozen = True

    def thawed(self) -> Self:
        """A copy that may change (the lists it holds are tuples: nothing is shared that
        could change under the original)."""
        copy = self.model_copy()
        private = copy.__pydantic_private__
        assert private is not None
        private["_frozen"] = False
        return copy

    @model_serializer(mode="wrap")
    def _wire(self, handler: SerializerFunctionWrapHandler) -> dict[str, object]:
        fields: dict[str, object] = handler(self)
        keys = self.KEYS
        data: dict[str, object] = {}
        for name in type(self).model_fields:
            if name not in ("kind", "side") and name not in self.LATE:
                data[keys.get(name, name)] = fields[name]
        for name in self._late:
            data[keys.get(name, name)] = fields[name]
        return {"kind": fields["kind"], "side": fields["side"], "data": data}

    @model_validator(mode="wrap")
    @classmethod
    def _from_wire(cls, value: object, handler: ValidatorFunctionWrapHandler) -> Self:
        if not (isinstance(value, dict) and isinstance(value.get("data"), dict)):
            frame: Self = handler(value)
            return frame
        names = {key: name for name, key in cls.KEYS.items()}
        data = {names.get(k, k): v for k, v in value["data"].items()}
        frame = handler({"kind": value.get("kind"), "side": value.get("side"), **data})
        frame._late = tuple(n for n in data if n in cls.LATE)
        return frame

    @property
    def data(self) -> dict[str, object]:
        """The bookkeeping as JSON-ready values keyed as on the wire: a copy, kept for
        readers written before the frames were typed (outside the engine read
        `api.pending_decision` instead)."""
        wire: dict[str, dict[str, object]] = self.model_dump(mode="json")
        return wire["data"]


def frame_kind(frame_type: type[FrameBase]) -> str:
    """The `kind` tag of a frame model."""
    kind = frame_type.model_fields["kind"].default
    if not isinstance(kind, str):
        raise TypeError(f"{frame_type.__name__} has no kind tag")
    return kind
