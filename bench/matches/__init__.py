"""Benchmarks of the match endpoints (see bench/README.md, section Matches)."""
