"""How the matches layer stores rules-core values (match states, actions, options): as JSON-ready
data, and back by type hints.

Storing a state is a persistence concern, so the codec lives with the documents it fills
(``service.matches.documents``); the rules core only declares its states as frozen dataclasses.
``encode`` (``encoding``) turns frozen dataclasses, tuples, frozensets, Cards, Suits, messages,
options and plain JSON values into JSON-ready data (``encode_like``: reusing an earlier state's
encoding for the parts a new state shares with it); ``encode_text`` (``text``) writes the same as
JSON text, by msgspec; ``decode(cls, data)`` (``decoding``) rebuilds an instance of ``cls`` from
it, reading the dataclass field types. Cards encode as their canonical text (``"10H"``).

msgspec cannot decode the states (a field such as ``Revoke.rule`` holds a message or a text, and
msgspec takes no union of a custom type with another), and its JSON-ready data keeps tuples as
tuples, so each dataclass gets an encoder and a decoder generated for it once, as Python source
from its fields (``generated``). ``decode`` reads JSON data (dicts, lists, strings, numbers,
booleans, None, as ``json``/``orjson`` give them). Both run on every request (a stored state is
decoded, the new one encoded): why each way is done as it is, ``bench/README.md`` ("Codec").
"""

from service.matches.codec.decoding import decode
from service.matches.codec.encoding import encode, encode_like
from service.matches.codec.text import encode_text

__all__ = ["decode", "encode", "encode_like", "encode_text"]
