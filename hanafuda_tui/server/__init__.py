"""The hanafuda server's foundation: its database (players, tables, ratings), who a connection
is (names and tokens), ratings, limits and ban lists, and the lobby's messages
(``docs/server.md``)."""
