"""The application: settings, table service, delivery, chat filter and the terminal table."""
