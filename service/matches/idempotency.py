"""Idempotency keys: a retried request returns the first answer and changes nothing twice.

**Scopes.** Every record is filed under its caller, so that two callers never share a key space:

* an action or an undo under the match, the caller (the referee, or seat N) and the key's hash:
  seat 2 may use a key that seat 1 used, and neither can reach the other's records;
* a create (whose caller has no token yet) under an HMAC, keyed by the server's secret, of the key
  *and the request's fingerprint*, filed in the slot of the match it makes, whose id is another
  HMAC of the same two (``create_match_id``): the retry computes the same id and finds the record
  there, and the match and its record are written in one atomic step on every Redis topology.
  Only a client that knows both the key and the exact body it sent finds the record; the same
  key with another body is simply another create (there is no answer that would tell a guesser
  that a key is in use). A create's key is a secret of its client: use a
  fresh random one (a UUID) per create.

Each record keeps a **fingerprint** of the request (the operation, the match, the caller and the
canonical JSON of the body); the same key with another request of the same caller is refused
(``idempotency_key_reused``).

What is stored (see ``usecases``): the answer of every request that changed the match, written in
the same compare-and-set as the change, and nothing else. A refusal is not kept (issue 33: refusals
under fresh keys would fill Redis for a day at no cost to the sender; bench/README.md, Store): a
retry with the same key is judged again, refused the same way while the match is as it was,
applied (once) if the move has become legal meanwhile. Records of refusals written before are still answered
from until they expire.

**Sealed tokens.** The answer to a create holds the match's tokens, which the store must never
hold in clear. Its record keeps them encrypted with AES-GCM under a key derived by HKDF-SHA256
from the server's secret and the Idempotency-Key, so reading the store is not enough to open them:
it takes the client's key too, which the store never holds. The server's secret is
``IDEMPOTENCY_SECRET``; with none set, a random one made once and kept in the store
(``Store.shared_secret``), so that every worker and replica shares it: then whoever reads the
store holds the server's secret too, and the client's key alone protects the sealed tokens (set
``IDEMPOTENCY_SECRET``, as ``k8s/`` does, to keep both needed). A replay of a create
whose match has been deleted (or has expired) is answered as that match: not found.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from service.matches.errors import InvalidRequest
from service.rules.messages import Msg
from service.store.base import idempotency_scope

MAX_KEY_LENGTH = 255
#: the shortest server secret accepted (bytes)
MIN_SECRET_BYTES = 16
_SEAL_INFO = b"trick-referee/idempotent-create-tokens/v2\x00"
_NONCE_BYTES = 12
#: the bytes of an action scope's digest (``Idempotency.action_scope``)
_SCOPE_BYTES = 16


def _b64(raw: bytes) -> str:
    """``raw`` in unpadded URL-safe base64 (the form of record keys, fingerprints and derived ids)."""
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def check_key(key: str | None) -> str | None:
    """The key, or None when absent; raise InvalidRequest for an unusable one."""
    if key is None:
        return None
    if not key or len(key) > MAX_KEY_LENGTH or not key.isascii() or not key.isprintable():
        raise InvalidRequest(Msg("matches.bad_idempotency_key", most=MAX_KEY_LENGTH), code="invalid_idempotency_key")
    return key


def fingerprint(operation: str, match_id: str | None, identity: str | None, body: Any) -> str:
    canonical = json.dumps([operation, match_id, identity, body], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def stored_fingerprint(fp: str) -> str:
    """The form a record keeps of the fingerprint ``fp`` (hex): its 32 bytes in unpadded
    URL-safe base64, 43 characters instead of 64."""
    return _b64(bytes.fromhex(fp))


def same_request(stored: str, fp: str) -> bool:
    """Whether a record's fingerprint (as records keep it, ``stored_fingerprint``) is ``fp``'s."""
    return hmac.compare_digest(stored, stored_fingerprint(fp))


@dataclass(frozen=True, slots=True)
class Keyed:
    """A request under an Idempotency-Key, as create, act and undo all handle it: the key, the
    request's fingerprint, where its record is filed, and where its first answer is looked for:
    groups of keys, each read in one store call (the keys of a group share a slot), the first group
    beginning with ``scope``."""

    key: str
    fp: str
    scope: str
    lookups: tuple[tuple[str, ...], ...]


class Idempotency:
    """Where records are filed and how a create's tokens are sealed, under the server's ``secret``
    (``IDEMPOTENCY_SECRET``). When none is configured, ``shared`` gives it: called once, with a
    random candidate, it returns the secret every process sharing the store uses (the store's
    ``shared_secret``: the first candidate offered, kept there), so that a create retried on
    another worker or replica finds its first answer; without ``shared``, the candidate is this
    process's own."""

    def __init__(self, secret: bytes | None = None, shared: Callable[[bytes], bytes] | None = None) -> None:
        if secret is not None and len(secret) < MIN_SECRET_BYTES:
            raise ValueError(f"the idempotency secret must be at least {MIN_SECRET_BYTES} bytes")
        self._given = secret
        self._shared = shared
        self._lock = threading.Lock()

    @property
    def _secret(self) -> bytes:
        """The server's secret (asked of ``shared`` on first use; its failure, a store's, is raised)."""
        if self._given is None:
            with self._lock:
                if self._given is None:
                    candidate = secrets.token_bytes(32)
                    self._given = candidate if self._shared is None else self._shared(candidate)
        return self._given

    def action_scope(self, match_id: str, identity: str, key: str) -> str:
        """Where the record of ``key`` sent by ``identity`` (referee, seat:N) to ``match_id`` is filed:
        the first 16 bytes of SHA-256 of both, in unpadded URL-safe base64 (22 characters). 128 bits
        keep callers' key spaces apart (reaching another caller's record takes a second preimage of
        128 bits, and its fingerprint would still refuse the request); the shorter key makes every
        record smaller than under the 64 hex digits records were filed under before
        (``legacy_action_scope``; bench/README.md, Store)."""
        digest = hashlib.sha256(f"{identity}\x00{key}".encode()).digest()[:_SCOPE_BYTES]
        return idempotency_scope(match_id, _b64(digest))

    def legacy_action_scope(self, match_id: str, identity: str, key: str) -> str:
        """Where that record was filed before (the whole digest in hex): looked up too, so a retry of
        a request answered before the change still finds its answer (until it expires)."""
        digest = hashlib.sha256(f"{identity}\x00{key}".encode()).hexdigest()
        return idempotency_scope(match_id, digest)

    def for_action(self, operation: str, match_id: str, identity: str, key: str, body: Any) -> Keyed:
        """An action's or an undo's request under ``key``: filed under the match and the caller, looked
        for there and where it was filed before."""
        scope = self.action_scope(match_id, identity, key)
        older = self.legacy_action_scope(match_id, identity, key)
        return Keyed(key, fingerprint(operation, match_id, identity, body), scope, ((scope, older),))

    def for_create(self, key: str, body: Any) -> tuple[Keyed, str]:
        """A create's request under ``key``, and the id of the match it makes (``create_match_id``):
        filed in that match's slot, looked for there and then where creates were filed before."""
        fp = fingerprint("create", None, None, body)
        match_id = self.create_match_id(key, fp)
        scope = self.create_scope(match_id, key, fp)
        return Keyed(key, fp, scope, ((scope,), (self.legacy_create_scope(key, fp),))), match_id

    def create_match_id(self, key: str, fp: str) -> str:
        """The id of the match a create under ``key`` with fingerprint ``fp`` makes: an HMAC of both
        under the server's secret (128 bits, as a random id has), so that a retry finds the record
        in the new match's own slot (see ``create_scope``) and nobody can tell the key from the id."""
        mac = hmac.new(self._secret, f"create-id\x00{key}\x00{fp}".encode(), hashlib.sha256).digest()
        return _b64(mac[:16])

    def create_scope(self, match_id: str, key: str, fp: str) -> str:
        """Where the record of a create under ``key`` with fingerprint ``fp`` is filed: under the
        match it makes (``create_match_id``), so the create writes match and record in one step."""
        return idempotency_scope(match_id, self._create_digest(key, fp))

    def legacy_create_scope(self, key: str, fp: str) -> str:
        """Where records of creates were filed before they moved into the match's slot (global,
        ``create:<digest>``): read, never written, so that a retry across the upgrade still finds its
        first answer; none is left once the idempotency TTL has passed since the upgrade."""
        return f"create:{self._create_digest(key, fp)}"

    def _create_digest(self, key: str, fp: str) -> str:
        return hmac.new(self._secret, f"create\x00{key}\x00{fp}".encode(), hashlib.sha256).hexdigest()

    def claim_token(self, match_id: str, seat: int, key: str) -> str:
        """The token a claim of ``seat`` of ``match_id`` under the Idempotency-Key ``key`` gives: an HMAC
        of the three under the server's secret, so a retry of a claim whose answer was lost gets the
        same token again (the store keeps only its hash); the invitation's holder (the referee) lacks
        the phone's ``key``."""
        mac = hmac.new(self._secret, f"claim\x00{match_id}\x00{seat}\x00{key}".encode(), hashlib.sha256)
        return _b64(mac.digest())

    def _aead(self, key: str) -> AESGCM:
        hkdf = HKDF(algorithm=hashes.SHA256(), length=32, salt=None,
                    info=_SEAL_INFO + hashlib.sha256(key.encode()).digest())
        return AESGCM(hkdf.derive(self._secret))

    def seal(self, key: str, scope: str, secret: Any) -> str:
        """``secret`` (JSON) encrypted and authenticated under ``key`` and the server's secret, bound
        to the record's ``scope``."""
        nonce = secrets.token_bytes(_NONCE_BYTES)
        plain = json.dumps(secret, separators=(",", ":")).encode()
        sealed = self._aead(key).encrypt(nonce, plain, scope.encode())
        return base64.urlsafe_b64encode(nonce + sealed).decode("ascii")

    def unseal(self, key: str, scope: str, sealed: str) -> Any:
        """The JSON ``seal`` sealed; ValueError if it was altered, or sealed under another key,
        scope or server secret."""
        raw = base64.urlsafe_b64decode(sealed.encode("ascii"))
        try:
            plain = self._aead(key).decrypt(raw[:_NONCE_BYTES], raw[_NONCE_BYTES:], scope.encode())
        except InvalidTag:
            raise ValueError("the sealed answer does not open with this key") from None
        return json.loads(plain)
