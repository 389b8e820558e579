"""The proofs layer: explanations, certificates and their independent check."""
