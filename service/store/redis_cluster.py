"""The Redis store on a Redis Cluster (``REDIS_CLUSTER_NODES``).

Every key of a match carries the hash tag ``{match:<id>}`` (``keys``): its document, its event
stream and its idempotency records live in one slot, so each commit is still one script on one
node. The store is ``RedisStore`` over a channel that routes its commands by slot
(``ClusterCommands``): redis-py's ``RedisCluster``
keeps the map of slots to masters (from ``CLUSTER SLOTS``, refreshed after a ``MOVED`` reply or a
failed attempt) and a connection pool per node; each call is one exchange (``redis_wire``) on a
connection of the pool of the master that holds the call's key, retried as on one node (the same
timeouts, retries and error meanings). ``RedisCluster.execute_command`` is not used for them: its
own retry loop would hide whether a write had been sent when it failed, which decides between
``StoreUnavailable`` and ``StoreOutcomeUnknown``.

Slots moving between masters (resharding) are followed: ``MOVED`` updates the map and the call
goes to the new owner; ``ASK`` sends it once to the node importing the slot, behind ``ASKING``.
A master that is down makes its slots answer 503 (connection refused: nothing changed) until it is
back; with ``cluster-require-full-coverage yes`` (Redis's default) the other masters refuse every
slot (``CLUSTERDOWN``) once the cluster has marked it failed, and take them back when it returns.

Every key of a match, its idempotency records (a create's included) among them, carries the match's
hash tag, so each create and commit is one script in one slot.

The cluster client connects lazily, at the first call: a cluster that is down when the service
starts only makes calls raise StoreUnavailable until it answers. ``ping`` (for /readyz) asks every
master with a separate client that never retries: ready when all of them answer.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from contextlib import suppress
from typing import Any

from redis import exceptions as rx
from redis.backoff import NoBackoff
from redis.cluster import ClusterNode, RedisCluster
from redis.crc import key_slot
from redis.retry import Retry

from service.store.base import DEFAULT_IDEMPOTENCY_TTL_SECONDS, DEFAULT_TTL_SECONDS
from service.store.redis_commands import RedisCommands
from service.store.redis_follow import ClusterPollReader, Reader
from service.store.redis_store import RedisStore
from service.store.redis_wire import Attempts, Command, RedisOptions, exchange

#: how many MOVED/ASK redirections one attempt follows before it gives up (a slot in motion)
MAX_REDIRECTIONS = 5
#: how long closing the store waits for its feed reader to end its poll (one exchange a master,
#: each bounded by the socket timeout)
FEED_READER_STOP_SECONDS = 5.0
_TOPOLOGY_ERRORS = (rx.RedisClusterException, rx.RedisError, OSError)


class ClusterCommands(RedisCommands):
    """The command channel to a Redis Cluster reached through ``nodes`` (any of its nodes): each
    call goes to the master of its key's slot (``_routed``)."""

    def __init__(
        self, nodes: Sequence[tuple[str, int]], *, password: str | None = None, options: RedisOptions | None = None
    ) -> None:
        if not nodes:
            raise ValueError("a Redis Cluster store needs at least one node")
        options = options or RedisOptions()
        where = ",".join(f"{host}:{port}" for host, port in nodes)
        super().__init__(
            None,
            description=f"redis cluster via {where}",
            min_replicas_ack=options.replicas_to_wait_for(0),
            wait_timeout=options.wait_timeout,
            retry=options.retry(),
            socket_timeout=options.socket_timeout,
            pool_size=options.pool_size,
        )
        #: its reader polls through the cluster's connections: closing waits for it to stop first
        self.feed_stop_seconds = FEED_READER_STOP_SECONDS
        self._nodes = list(nodes)
        self._password = password
        self._options = options
        self._lock = threading.Lock()
        #: per thread, the node of the latest attempt
        self._last = threading.local()
        self._cluster: RedisCluster | None = None
        self._ping_cluster: RedisCluster | None = None

    def ping(self) -> bool:
        """Ready when every master answers (the no-retry cluster client)."""
        try:
            cluster = self._ping_cluster or self._connect(ping=True)
            return bool(cluster.ping(target_nodes=RedisCluster.PRIMARIES))
        except _TOPOLOGY_ERRORS:
            return False

    def close(self) -> None:
        with self._lock:
            clients, self._cluster, self._ping_cluster = (self._cluster, self._ping_cluster), None, None
        for client in clients:
            if client is not None:
                client.close()

    def feed_reader(self) -> Reader:
        """A cluster is polled, one exchange per master (``redis_follow``)."""
        return ClusterPollReader(
            lambda: self._cluster or self._connect(ping=False),
            lambda cluster, node, commands: self._on_node(cluster, node, commands, Attempts(), False, None),
        )

    # -- routing ------------------------------------------------------------------------------

    def _routed(
        self, key: str, commands: Sequence[Command], attempts: Attempts, write: bool, last_timeout: float | None
    ) -> list[Any]:
        """One attempt on the master that holds ``key``'s slot, following MOVED and ASK."""
        cluster = self._cluster or self._connect(ping=False)
        slot = key_slot(key.encode())
        node = self._owner(cluster, slot)
        asking = False
        for _ in range(MAX_REDIRECTIONS):
            sent = _behind_asking(commands) if asking else list(commands)
            replies = self._on_node(cluster, node, sent, attempts, write, last_timeout)
            if asking:
                replies = replies[1::2]
            redirection = next((r for r in replies if isinstance(r, (rx.MovedError, rx.AskError))), None)
            if redirection is None:
                return replies
            asking = isinstance(redirection, rx.AskError)
            if asking:
                node = cluster.nodes_manager.get_node(redirection.host, redirection.port) or ClusterNode(
                    redirection.host, redirection.port
                )
            else:
                cluster.nodes_manager.move_slot(redirection)
                node = self._owner(cluster, slot)
        raise rx.TryAgainError(f"slot {slot} was still being redirected after {MAX_REDIRECTIONS} tries")

    def _on_node(
        self,
        cluster: RedisCluster,
        node: ClusterNode,
        commands: Sequence[Command],
        attempts: Attempts,
        write: bool,
        last_timeout: float | None,
    ) -> list[Any]:
        self._last.node = node.name  # the node to ask last for the map, should this attempt fail
        pool = cluster.get_redis_connection(node).connection_pool
        conn = pool.get_connection()
        try:
            return exchange(conn, commands, attempts, write=write, last_timeout=last_timeout)
        finally:
            pool.release(conn)

    @staticmethod
    def _owner(cluster: RedisCluster, slot: int) -> ClusterNode:
        try:
            return cluster.nodes_manager.get_node_from_slot(slot)
        except rx.SlotNotCoveredError as error:  # retried like a node that does not answer
            raise rx.ConnectionError(str(error)) from error

    def _after_failure(self, error: Exception) -> None:
        """A node did not answer or timed out: read the map of slots again before the next attempt
        (a failover in a cluster with replicas moves the slots to a new master)."""
        cluster = self._cluster
        if cluster is not None:
            with suppress(*_TOPOLOGY_ERRORS):
                cluster.nodes_manager.initialize(
                    last_failed_node_name=getattr(self._last, "node", None),
                    disconnect_startup_nodes_pools=False,  # the node asked keeps its connections
                )

    def _connect(self, *, ping: bool) -> RedisCluster:
        """The cluster client (or the readiness one), built at the first call that needs it."""
        with self._lock:
            built = self._ping_cluster if ping else self._cluster
            if built is not None:
                return built
            options = self._options
            kwargs: dict[str, Any] = options.ping_connection_kwargs() if ping else options.connection_kwargs()
            if options.tls:
                kwargs["ssl"] = True
            try:
                built = RedisCluster(
                    startup_nodes=[ClusterNode(host, port) for host, port in self._nodes],
                    password=self._password,
                    retry=Retry(NoBackoff(), 0) if ping else options.retry(),
                    require_full_coverage=False,
                    **kwargs,
                )
            except _TOPOLOGY_ERRORS as error:
                raise rx.ConnectionError(f"no node of the cluster answers: {error}") from error
            if ping:
                self._ping_cluster = built
            else:
                self._cluster = built
            return built


def _behind_asking(commands: Sequence[Command]) -> list[Command]:
    """Each command preceded by ``ASKING`` (it holds for the one command after it)."""
    return [part for command in commands for part in (("ASKING",), command)]


class RedisClusterStore(RedisStore):
    """The store contract on a Redis Cluster reached through ``nodes``: ``RedisStore`` over a
    ``ClusterCommands`` channel (this class only builds it)."""

    def __init__(
        self,
        nodes: Sequence[tuple[str, int]],
        *,
        password: str | None = None,
        ttl_seconds: int = DEFAULT_TTL_SECONDS,
        idempotency_ttl_seconds: int = DEFAULT_IDEMPOTENCY_TTL_SECONDS,
        options: RedisOptions | None = None,
    ) -> None:
        options = options or RedisOptions()
        super().__init__(
            ClusterCommands(nodes, password=password, options=options),
            ttl_seconds=ttl_seconds,
            idempotency_ttl_seconds=idempotency_ttl_seconds,
            compact_every=options.compact_every,
        )
