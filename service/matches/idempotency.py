"""Idempotency keys: a retried request returns the first answer and changes nothing twice.

A record is stored under the match's scope (``idempotency_scope(match_id, sha256(key))``; match
creation uses the global scope) with a **fingerprint** of the request: the operation, the match,
the caller's identity (referee or seat N) and the canonical JSON of the body. The same key with a
different fingerprint is refused (``idempotency_key_reused``).

What is stored (see ``usecases``): the answer of every request that changed the match, written in
the same compare-and-set as the change; and the refusal of a request the *rules* refused (bad
input, a seat acting for another, ``not_your_turn``/``wrong_phase``, an illegal move), since
retrying it would be refused the same way. Not stored: an unknown token (the caller is unknown),
an unknown match, ``version_conflict`` and an unreachable store, which are about the moment, not
the request; a retry with the same key after one of those is a new try.

The answer to a create holds the match's tokens, which the store must never hold in clear. Its
record keeps them *sealed* with a key derived from the Idempotency-Key itself (which the store
never sees: records are filed under its hash), so only a client that knows the key can get them
back, which is exactly who may retry the create.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from typing import Any

from service.matches.errors import InvalidRequest
from service.rules.messages import Msg
from service.store.base import idempotency_scope

MAX_KEY_LENGTH = 255


def check_key(key: str | None) -> str | None:
    """The key, or None when absent; raise InvalidRequest for an unusable one."""
    if key is None:
        return None
    if not key or len(key) > MAX_KEY_LENGTH or not key.isascii() or not key.isprintable():
        raise InvalidRequest(Msg("matches.bad_idempotency_key", most=MAX_KEY_LENGTH), code="invalid_idempotency_key")
    return key


def scope(match_id: str | None, key: str) -> str:
    """Where the record of ``key`` is filed: under the key's hash, never the key itself."""
    return idempotency_scope(match_id, hashlib.sha256(key.encode("utf-8")).hexdigest())


def fingerprint(operation: str, match_id: str | None, identity: str | None, body: Any) -> str:
    canonical = json.dumps([operation, match_id, identity, body], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


# --- sealing the tokens of a create answer ------------------------------------------------------

_CONTEXT = b"trick-referee/idempotent-create/v1\x00"


def _material(key: str) -> bytes:
    return hashlib.sha256(_CONTEXT + key.encode("utf-8")).digest()


def seal(key: str, secret: Any) -> str:
    """``secret`` (JSON) encrypted and authenticated under a key derived from ``key``."""
    material = _material(key)
    plain = json.dumps(secret, separators=(",", ":")).encode("utf-8")
    nonce = secrets.token_bytes(16)
    stream = hashlib.shake_256(material + nonce).digest(len(plain))
    cipher = bytes(a ^ b for a, b in zip(plain, stream, strict=True))
    tag = hmac.new(material, nonce + cipher, hashlib.sha256).digest()[:16]
    return base64.urlsafe_b64encode(nonce + tag + cipher).decode("ascii")


def unseal(key: str, sealed: str) -> Any:
    """The JSON sealed by ``seal`` with the same ``key``; raise ValueError if it was altered."""
    material = _material(key)
    raw = base64.urlsafe_b64decode(sealed.encode("ascii"))
    nonce, tag, cipher = raw[:16], raw[16:32], raw[32:]
    expected = hmac.new(material, nonce + cipher, hashlib.sha256).digest()[:16]
    if not hmac.compare_digest(tag, expected):
        raise ValueError("sealed idempotent answer does not match its key")
    stream = hashlib.shake_256(material + nonce).digest(len(cipher))
    return json.loads(bytes(a ^ b for a, b in zip(cipher, stream, strict=True)))
