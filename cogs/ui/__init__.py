"""How tables look on Discord, split by surface: the board message and its feed (`board`,
`feed`), pictures (`pictures`), the lobby (`lobby`), the end of a game (`ending`) and `publish`,
which turns the service's result record into requests. Clickable items and what a click does sit
above these in `cogs.present`, which hands them the panel drawer (no import cycle)."""
