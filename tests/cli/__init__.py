"""The command line as a user runs it: every command, its options, its outputs and its errors."""
