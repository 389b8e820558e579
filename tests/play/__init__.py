"""The play layer: positions, the engine, the terminal game."""
