"""Discord adapters: parse → call the bot service → render → reply. Nothing else."""
