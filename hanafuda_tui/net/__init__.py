"""Play together: a host holds the game, each client sees its seat\x27s view (docs/protocol.md)."""
