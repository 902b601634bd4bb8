"""Double-dummy simulation of bids and discards (docs/DESIGN.md layout: ``simulate.py``).

A learner sees their own hand and the auction so far. `sample_layouts` deals the unseen cards
(the other three hands and, when bidding, the kitty) at random, keeping only layouts that fit the
inferences the auction carries (below). Every candidate is then played double dummy on the SAME
layouts (common random numbers), so differences between candidates are not noise between
samples. 4-player game only (`SimulationError` otherwise).

Inferences (`auction_inferences`), simple and deliberately loose; "trumps" count the joker and
both bowers of the bid suit (RULES.md §2):
- a suit bid at the six level: at least 3 trumps;
- a suit bid at seven or more: at least 4 trumps, or 3 trumps including the joker or the right
  bower ("length or the joker");
- a no-trump bid: the joker or at least two aces;
- and every trick bid of level L: a hand `policy.estimate_tricks` values at L - 1.5 tricks or
  more in its strain (`BID_SLACK`; the policy itself bids L from L - 0.5), so that an 8, 9 or
  10 bid shows the strength its level needs, not just a seven-bid's shape;
- misère or open misère: no joker and no ace;
- a pass made while no one has bid yet (an "opening pass"): no strain that `policy.estimate_tricks`
  values at 5.5 tricks or more (the hand would not have opened under `policy.choose_bid`).
Later passes carry no inference. The learner's own calls carry none (their hand is known). If the
visible cards make the inferences (nearly) impossible, 10,000 rejected shuffles in a row drop the
last inference still in force (opening passes first, then the latest bids), a bid's strength
before its shape (`relax`: partner's 6NT still shows the joker when the hand cannot also be
that strong); `LayoutSample.dropped` lists what was dropped.

Evaluating a contract on a layout (`Job`): the declarer picks up the kitty and discards by
`policy.choose_discard` (keep trumps, the joker and aces; make voids), unless the job names the
discard; the declarer leads (RULES.md §4); the no-trump joker is not nominated (it stays free);
`trainer.solver.Solver.value` gives the declarer side's tricks. A strain is solved once per layout
and every level is scored from that trick count. Misère is one zero-window search
(`Solver.can_take(state, 1)`): made (0 tricks) or set (recorded as 1 trick; with the
``misere_defenders`` option the exact count is solved). Open misère is the same double-dummy
problem as misère, so the one result serves both.

Under ``six_level_informational`` (RULES.md §3; 002, American) a 6-level bid cannot win the
auction: a final 6-level contract throws the hand in and scores 0 (``p_make`` 0). Misère's value
follows the rules (500 under ``nullo_500``).

Scores (`net_score`) are points for the learner's side minus points for the opponents on the hand,
by `scoring.score_hand` under the RuleSet: a made 7♥ with 8 tricks is +200 - 20 = +180, a set one
with 6 tricks is -200 - 40 = -240.

Finishing the auction (`analyse_bid(..., finish="policy")`, the default everywhere: the bidding
puzzles, the analyse CLI and page; `trainer.simulate.finish`). The other players still bid after
the learner's call, so, as Ben does in bridge, each candidate call is made on every layout and
the auction is then FINISHED by bots: every later call, of every seat (the learner's own later
turns included), is `policy.choose_bid` with that seat's hand in the layout (the documented
policy bidder, the cheap "easy" bot level; nested simulation, each later caller simulating in
turn, is too costly). The contract reached is played double dummy as above, the declarer
discarding by `policy.choose_discard`, and scored from the learner's side (`net_score`); a
thrown-in hand (all pass under ``all_pass="redeal"``, a final 6-level bid under
``six_level_informational``) scores 0, and an all-pass under ``all_pass="play_no_trumps"`` is
played at no trumps for 10 a trick to each side. Solves are cached per layout: the learner's
strains (and misère, and the bid standing) are solved first, and every other distinct (declarer,
strain or misère) a finished auction reaches is solved once, whichever candidates reach it. Every
legal call is a candidate. ``ev`` is the mean over layouts, ``se`` its standard error (sample
standard deviation / sqrt(samples)), ``p_make`` the share of layouts where the contract reached
goes the learner's side's way (made by that side, or set when the opponents declare; a thrown-in
or all-pass hand counts as neither), ``mean_tricks`` (a trick bid) the learner's mean tricks
declaring its strain, and ``finals`` the final contracts with their counts ("after 7♥: 60 of 100
layouts end in 7♥ by you, 30 in 8♠ by West ...").

``finish=None`` (the older valuation, kept for a quick "analyse my hand": ``analyse --finish
none``): each candidate bid is taken to be the final contract, every level of a strain scored
from the one trick count; pass plays the bid standing by its bidder (as if the auction ended now)
or, with no bid standing, scores 0 (or plays the all-pass at no trumps when this pass ends an
all-pass auction under ``play_no_trumps``). ``p_make`` is then the share of layouts where the
contract makes (for pass: where the standing contract is made by our side or set by theirs; 0
with no bid standing). Candidate calls: pass; for each strain, its lowest legal level and every
legal level made in at least 10% of layouts; misère and open misère when legal. Any other legal
bid can be valued afterwards from the stored trick distributions (`BidAnalysis.value_of`).

Discard search (`analyse_discard`), over the C(13, 3) = 286 possible discards:
1. Heuristic: discards that throw the same number of cards from each suit (effective suits of
   the contract) and the same cards above the ten (jacks, bowers, queens, kings, aces, the joker)
   are taken as equivalent, represented by the one throwing the lowest spot cards; classes are
   ranked by `policy.estimate_tricks` of the ten cards kept (misère: fewest cards above the nine)
   and the best ``shortlist`` (10) are kept, with the policy's choice and any discards the caller
   asks for.
2. Shortlist: each is played on the first ``shortlist_samples`` (24) layouts.
3. Finalists: the best ``finalists`` (4) by expected score (then chance of making, then mean
   tricks), with the policy's choice and the caller's discards, are played on the remaining
   layouts too (the first ones are reused: every finalist is scored on all ``samples`` layouts).

Parallel: layouts are sampled in the calling process (cheap, deterministic from the seed) and
solved in up to two worker processes (``workers``), results kept in layout order, so the figures
do not depend on the number of workers. ``progress(done, total)`` is called as layouts finish.

The package: `common` (the error, the progress callback, the constants), `layouts` (the
inferences and the sampling), `solving` (the layouts solved in worker processes), `scores`,
`finish` (the auctions finished by the policy bidder, one solve per distinct contract of a
layout), `bids` (valuing the calls) and `discards` (valuing the discards).
"""

from trainer.simulate.bids import (
    BidAnalysis,
    CallResult,
    analyse_bid,
    call_code,
    open_auction,
    paired_gap,
    strain_result,
)
from trainer.simulate.common import (
    BID_SLACK,
    FINALISTS,
    MAX_FAILS,
    OPENING_PASS_LIMIT,
    SHORTLIST,
    SHORTLIST_SAMPLES,
    SHOW_LEVEL_SHARE,
    Progress,
    SimulationError,
)
from trainer.simulate.discards import (
    DiscardAnalysis,
    DiscardResult,
    analyse_discard,
    best_by_score,
    evaluate_discards,
    score_key,
    shortlist_discards,
)
from trainer.simulate.finish import (
    FINISHES,
    Final,
    Finished,
    FinishTask,
    finish_auction,
    finish_layout,
    summarise,
)
from trainer.simulate.layouts import (
    Inference,
    LayoutSample,
    auction_inferences,
    check_cards,
    relax,
    sample_layouts,
)
from trainer.simulate.scores import (
    histogram,
    made,
    mean_se,
    net_score,
    thrown_in,
)
from trainer.simulate.solving import (
    Job,
    default_workers,
    run_jobs,
    run_tasks,
    solve_layout,
)

__all__ = [
    "BID_SLACK",
    "FINALISTS",
    "FINISHES",
    "MAX_FAILS",
    "OPENING_PASS_LIMIT",
    "SHORTLIST",
    "SHORTLIST_SAMPLES",
    "SHOW_LEVEL_SHARE",
    "BidAnalysis",
    "CallResult",
    "DiscardAnalysis",
    "DiscardResult",
    "Final",
    "FinishTask",
    "Finished",
    "Inference",
    "Job",
    "LayoutSample",
    "Progress",
    "SimulationError",
    "analyse_bid",
    "analyse_discard",
    "auction_inferences",
    "best_by_score",
    "call_code",
    "check_cards",
    "default_workers",
    "evaluate_discards",
    "finish_auction",
    "finish_layout",
    "histogram",
    "made",
    "mean_se",
    "net_score",
    "open_auction",
    "paired_gap",
    "relax",
    "run_jobs",
    "run_tasks",
    "sample_layouts",
    "score_key",
    "shortlist_discards",
    "solve_layout",
    "strain_result",
    "summarise",
    "thrown_in",
]
