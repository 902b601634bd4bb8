"""Bit tricks for the search kernels: population count, lowest and highest set bit.

numba has no builtin popcount; LLVM's ``ctpop``, ``cttz`` and ``ctlz`` compile to single
instructions, which matters because the search counts and walks card masks at every node.
"""

from __future__ import annotations

from typing import Any

from llvmlite import ir
from numba import types
from numba.extending import intrinsic

_FALSE = ir.Constant(ir.IntType(1), 0)


@intrinsic
def popcount(typingctx: Any, x: Any) -> Any:
    """Number of set bits of an int64."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return types.int64(types.int64), codegen


@intrinsic
def lowest_index(typingctx: Any, x: Any) -> Any:
    """Index of the lowest set bit of an int64 (64 for zero)."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.cttz(args[0], _FALSE)

    return types.int64(types.int64), codegen


@intrinsic
def highest_index(typingctx: Any, x: Any) -> Any:
    """Index of the highest set bit of a non-zero int64 (-1 for zero)."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        lz = builder.ctlz(args[0], _FALSE)
        return builder.sub(ir.Constant(ir.IntType(64), 63), lz)

    return types.int64(types.int64), codegen
