"""One table: game, seats, bots, save, history and each seat's feed."""
