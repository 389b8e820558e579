"""Front-ends: one module per input format, each ``answer(data, ...) -> bytes``.

They parse text into boards and graphs, call the game layer, and format the
answer; formats live here, theory never does.
"""
