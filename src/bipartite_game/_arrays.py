"""The numpy array types that the package's annotations name, declared once.

Every module that hands arrays to a kernel or takes them back annotates
them with these names: ids are ``int32`` (a CSR's ``indices``, a ``mate``
array, ``-1`` for none), counts and offsets ``int64``, sides and verdicts
``int8`` (a side per vertex is ``0``, ``1`` or ``-1``), masks ``bool``.
The public ``OffsetArray`` (either width of offsets) stays in
:mod:`bipartite_game.graphs.csr`, beside the offsets it describes.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["BoolArray", "Int8Array", "Int32Array", "IntArray", "SideArray", "UInt8Array"]

IntArray = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]
Int8Array = npt.NDArray[np.int8]
UInt8Array = npt.NDArray[np.uint8]
BoolArray = npt.NDArray[np.bool_]
SideArray = npt.NDArray[np.int8]
