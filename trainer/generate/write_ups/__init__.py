"""Write-ups: after a puzzle, the idea in a player's words (docs/DESIGN.md "Puzzle records").

One module per bank: `play` (the plan of a play puzzle), `bid` (why the best call is best), and
`discard` (the principle of the best discard). Each builds its sentences only from facts the
solver, the simulation or the engine establishes for that puzzle, so a write-up is reproducible
from the record (and so from the generator's seed).
"""
