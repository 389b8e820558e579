"""The experiments layer: the sweep over random families, locally and on a Dask cluster."""
