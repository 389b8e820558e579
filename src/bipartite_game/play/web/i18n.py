"""The page's words in every language: one catalog per language, read by
the server and by the page alike.

The catalogs are ``static/locale.<lang>.json`` (``en``, ``zh_CN``): flat
maps from a key (``"button.hint"``, ``"game.over.you"``) to a text in which
``{name}`` marks an argument; a key ending in ``_html`` holds a little
markup (``<var>``, ``<code>``, ``<strong>``, ``<em>``).  The page fills its
elements from them (``static/i18n.js``); the server says what it has to
say as a :data:`Message`, a key and its arguments, which it sends beside the
English text it renders here (``"said"`` beside ``"message"``, ``"code"``
and ``"args"`` beside ``"error"``), so that the page can say it in the
language chosen, and say it again at once when the language is switched.
An argument may itself be a message (``{"where": message("where.cell",
row=2, col=3)}``).

The language of ``GET /`` is the ``lang`` cookie the page's switch sets,
else the first language of ``Accept-Language`` that the page speaks
(:func:`choose_language`).  Adding a string: the same key in every
catalog (``tests/play/web/test_i18n.py`` checks that the keys, and each key's
arguments, agree).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from ...errors import IllegalMoveError

__all__ = [
    "LANGUAGES",
    "Message",
    "Refusal",
    "catalog",
    "choose_language",
    "message",
    "render",
]

#: The page's languages, as ``<html lang>`` names them, with their catalogs'
#: file names; the first is the default.
LANGUAGES = {"en": "locale.en.json", "zh-CN": "locale.zh_CN.json"}

#: Where the catalogs are (the page's files, served as they are).
STATIC = Path(__file__).parent / "static"

#: A message: ``{"key": ..., "args": {...}}``, each argument text, a number
#: or a message.
Message = dict[str, Any]

_ARGUMENT = re.compile(r"\{(\w+)\}")


@cache
def catalog(lang: str = "en") -> dict[str, str]:
    """The catalog of ``lang`` (a name of :data:`LANGUAGES`)."""
    if lang not in LANGUAGES:
        raise ValueError(f"no catalog for language {lang!r}: expected one of {list(LANGUAGES)}")
    with open(STATIC / LANGUAGES[lang], encoding="utf-8") as file:
        words: dict[str, str] = json.load(file)
    return words


def message(key: str, **args: Any) -> Message:
    """The message ``key`` with ``args``; the key must be in the catalogs."""
    if key not in catalog("en"):
        raise KeyError(f"no message {key!r} in the catalogs")
    return {"key": key, "args": args}


def render(said: Message | list[Message] | str | int | float, lang: str = "en") -> str:
    """``said`` in words of ``lang``: a message's text with its arguments
    (messages among them said too), a list of messages as sentences, a
    plain value as it is."""
    if isinstance(said, list):
        separator = catalog(lang)["join.sentences"]
        return separator.join(render(part, lang) for part in said)
    if not isinstance(said, dict):
        return str(said)
    text = catalog(lang)[said["key"]]
    args = said.get("args", {})
    return _ARGUMENT.sub(lambda found: render(args[found.group(1)], lang), text)


def choose_language(cookie: str | None, accept_language: str | None) -> str:
    """The page's language: the ``cookie`` (the switch's choice) when it
    names one, else Chinese when ``Accept-Language`` prefers any Chinese
    (``zh``, ``zh-CN``, ``zh-Hans``, ``zh-TW``: the page has Simplified
    Chinese only) to English, else English.  Weights (``;q=``) are read;
    ties keep the header's order."""
    if cookie in LANGUAGES:
        return cookie
    ranked: list[tuple[float, int, str]] = []
    for k, item in enumerate((accept_language or "")[:1000].split(",")):
        name, _, params = item.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        ranked.append((-weight, k, name.strip().lower()))
    for negative_weight, _, name in sorted(ranked):
        if negative_weight >= 0:
            break  # q=0: not acceptable, nor is anything after it
        primary = name.split("-")[0]
        if primary == "zh":
            return "zh-CN"
        if primary == "en":
            return "en"
    return "en"


class Refusal(IllegalMoveError):
    """A move or action the page's rules refuse, with what to say: the
    message ``said`` (the English text is the error's own)."""

    def __init__(self, key: str, **args: Any) -> None:
        self.said = message(key, **args)
        super().__init__(render(self.said))
