"""JSON encoding of rules-core values (match states, actions) and their decoding by type hints.

``encode`` turns frozen dataclasses, tuples, frozensets, Cards, Suits and plain JSON values into
JSON-ready data; ``decode(cls, data)`` rebuilds an instance of ``cls`` from it, reading the
dataclass field types. One codec for every ruleset's state, so a game module only declares its
state as frozen dataclasses. Cards encode as their canonical text (``"10H"``).

Both run on every request (a stored state is decoded, the new one encoded), so each dataclass gets
an encoder and a decoder generated for it once, as Python source from its fields (``generated``
holds what both share; see ``decoding._dataclass_decoder``). ``encoding`` holds the encoder,
``decoding`` the decoder. ``decode`` reads JSON data (dicts, lists, strings, numbers, booleans,
None, as ``json``/``orjson`` give them): its fast path may start reading a value and hand the whole
value to the general path, which reads it again.
"""

from service.rules.codec.decoding import decode
from service.rules.codec.encoding import encode

__all__ = ["decode", "encode"]
