"""The rules core: pure game logic, standard library only (DESIGN.md §3)."""
