"""``service.rules.bounded.Bounded``: the service's one cache type."""

from __future__ import annotations

from service.rules.bounded import Bounded


def test_the_least_recently_used_entry_goes_first() -> None:
    cache: Bounded[str, int] = Bounded(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # "a" is now the most recently used
    cache.put("c", 3)
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (1, None, 3)
    assert list(cache) == ["a", "c"] and len(cache) == 2


def test_get_or_make_makes_once_and_keeps_the_first() -> None:
    cache: Bounded[str, list[int]] = Bounded(4)
    first = cache.get_or_make("k", lambda: [1])
    assert cache.get_or_make("k", lambda: [2]) is first
    cache.put("k", [3])
    assert cache.get("k") == [3]
    cache.clear()
    assert cache.get("k") is None and len(cache) == 0


def test_pop_drops_one_entry() -> None:
    cache: Bounded[str, int] = Bounded(4)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.pop("a") == 1 and cache.pop("a") is None
    assert cache.get("a") is None and list(cache) == ["b"]
