"""The drawing package: SVG pictures of graphs, boards and solutions."""
