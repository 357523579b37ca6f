"""The private redis-server fixtures, for the tests that run the service under gunicorn."""

from tests.redis_server import redis_server, redis_server_factory, restartable_redis_server, sentinel_group

__all__ = ["redis_server", "redis_server_factory", "restartable_redis_server", "sentinel_group"]
