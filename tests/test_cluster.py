"""Bank generation on a local Dask cluster (issue 19): the bank written is byte-identical to a
single-machine run with the same first seed and count, in plain and compressed JSON Lines."""

import pytest

from trainer.errors import TrainerError
from trainer.generate.bank import write_bank
from trainer.generate.cluster import cluster_map
from trainer.generate.records import read_jsonl


def _square_or_none(seed: int) -> dict | None:
    return None if seed % 3 == 0 else {"seed": seed, "square": seed * seed}


def test_cluster_map_keeps_seed_order_and_stops_when_asked():
    results = cluster_map(_square_or_none, iter(range(1, 1000)), "local", workers=2)
    first = [next(results) for _ in range(9)]
    results.close()  # the tasks still in flight are cancelled, the cluster closed
    assert first == [_square_or_none(s) for s in range(1, 10)]


@pytest.mark.parametrize("name", ["bank.jsonl.gz", "bank.jsonl"])
def test_play_bank_on_a_local_cluster_is_byte_identical(tmp_path, name):
    alone, spread = tmp_path / f"alone-{name}", tmp_path / f"cluster-{name}"
    one = write_bank("play", 4, 40, alone, jobs=1, progress=False)
    two = write_bank("play", 4, 40, spread, jobs=2, progress=False, cluster="local")
    assert alone.read_bytes() == spread.read_bytes()
    assert one.written == two.written == 4 and one.seeds_tried == two.seeds_tried
    assert [r["generator"]["seed"] for r in read_jsonl(spread)] == \
        [r["generator"]["seed"] for r in read_jsonl(alone)]


def test_an_unreachable_scheduler_is_one_line_naming_the_flag():
    with pytest.raises(TrainerError, match=r"^--cluster: cannot reach a Dask scheduler at "
                       r"'nowhere'"):
        next(cluster_map(_square_or_none, iter(range(5)), "nowhere"))
