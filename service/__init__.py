"""The trick-taking referee service."""
