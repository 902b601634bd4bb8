"""The search kernel's arrays: the index names of its int64 rows, their sizes, the work rows,
and the compiling decorator every kernel module shares.

The kernel (`moves`, `ordering`, `bounds`, `misere`, `table`, `search`) works on plain int64
arrays, as DDS (Bo Haglund's double-dummy solver for bridge) works on fixed C structs: ``cx``
rule constants and ``st`` the mutable position, indexed by the C_* and S_* names below; ``bs[b]``
the block (effective suit 0-3, 4 = free joker) of card bit b; ``tt`` the transposition table,
rows of TT_COLS words in buckets of TT_WAYS (`table`); ``wk`` a work row per ply (W_* columns);
``stats`` counters (nodes, table probes, table cut-offs). Plays are kept on a stack in ``st``
(S_TCARD, S_TNAMED) so that undoing the last card of a trick finds the trick intact.
`trainer.solver.layout` fills ``cx``, ``bs`` and ``st`` from a position.

The names are plain module-level ints: numba compiles them in as constants. Its on-disk cache
(``cache=True``) notices a change only in the file of the function itself (numba's documented
limit: a change to a function or constant of another file is not seen), and `search` carries
the code of every kernel function it calls: after editing a kernel module other than
`search`, clear the cache (``find trainer -name '*.nb[ic]' -delete``) before measuring or
testing.
"""

from __future__ import annotations

import numpy as np
from numba import njit

# Compiled without numba's reference counting (NRT): the kernel never allocates, its array
# arguments are only borrowed, and the atomic increments and decrements NRT adds to every call
# took a third of the search time. ``nogil``: the search releases the GIL, so a server's other
# threads (other learners' pages) run while one session waits on a long search.
compiled = njit(cache=True, nogil=True, _nrt=False)

# --- constants (cx) ----------------------------------------------------------------------------
C_N = 0  # active seats (3 to 6)
C_TRUMP = 1  # trump block, -1 at no trumps and misère
C_JBIT = 2  # bit of a free joker in play, else -1
C_JLOW = 3  # joker_low_in_misere in force (RULES.md §5)
C_JANY = 4  # a led free joker may name a suit already led (joker_lead)
C_JNOVOID = 5  # ... but not one its holder showed void in (joker_lead)
C_COUNTS = 6  # seat mask: tricks won by these seats count
C_MAXER = 7  # seat mask: these seats want counted tricks
C_MISERE = 8
C_SUITMASK = 9  # 5 words: card mask of each block (4 = the free joker)
C_OFFSET = 14  # 4 words: lowest bit of each suit block
C_SIZE = 18

# --- state (st) --------------------------------------------------------------------------------
S_HANDS = 0  # 6 words: each active seat's hand, seats in clockwise order
S_TLEN = 6  # cards in the current trick
S_LEADER = 7
S_LED = 8  # suits led so far (4 bits)
S_VOIDS = 9  # 6 words: suits each seat has shown void in
S_TBASE = 15  # where the current trick starts in the play stack
S_TCARD = 16  # play stack, 72 words: card bits of every play since the root
S_TNAMED = 88  # 72 words: suit named for a led free joker, else -1
S_SIZE = 160

# --- transposition table and work rows ---------------------------------------------------------
# An entry holds a position "up to small cards" (DDS's winning ranks): the suit lengths of
# every hand and the leader (TT_SHAPE), and, for the cards at the relative ranks in TT_CARE, who
# holds them (TT_HANDS). Cards below a suit's relevant ranks only count by their number.
TT_SHAPE = 0  # 2 words: lengths per seat and suit (4 bits each); leader and joker facts
TT_CARE = 2  # relative ranks that mattered
TT_HANDS = 3  # 6 words: each hand's cards among TT_CARE, in relative ranks
TT_GEN = 9
TT_BOUNDS = 10  # lower | upper << 8 | tricks left << 16
TT_BEST = 11  # best lead in relative ranks (bit | (named + 1) << 6), or -1
TT_COLS = 12
TT_WAYS = 32
MAX_PLY = 64
MAX_MOVES = 32
# Per-ply work rows (wk): moves, their scores, the position's relative hands and shape,
# and the relevant cards found below the node.
W_MOVES = 0
W_SCORES = 32
W_KEY = 64  # 6 relative hands, then 2 shape words
W_REL = 72
W_RUNS = 73  # 32 words: the run of equivalent cards each move stands for
W_LOW = 105  # 4 words: per suit, moves below this bit are skipped (small cards, see `search`)
W_BOUND = 109  # the value bound behind the answer (see `search`)
W_KILL = 110  # 1 + the last lead that cut off at this ply, 0 for none
W_COLS = 111



def new_scratch() -> tuple[np.ndarray, np.ndarray]:
    """Per-ply work rows and the counters (nodes, table probes, table cut-offs)."""
    return np.zeros((MAX_PLY, W_COLS), dtype=np.int64), np.zeros(8, dtype=np.int64)
