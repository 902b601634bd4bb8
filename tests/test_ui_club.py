"""The Club page through AppTest: Ann makes a set of two deals from a seed and gets its link;
a deal left part way resumes where it was; Bob opens the link and joins; before he plays,
nothing of Ann's deal shows to him; both play deal 1 on the game's table (the first legal
button each time, as tests/test_ui_game.py does) and meet the same cards and the same bots'
play; the deal's table then lists both with their points against the field, the commentary
shows, and the club's view has the standings, the chart and the members' table. A bad or
unknown code is one line; without a learner the page says how to get one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from trainer.progress import ProgressStore
from trainer.progress.club import learner_sets, set_results
from trainer.progress.start import starting_rating
from trainer.review.club import bot_seed, deal_of
from trainer.rules import ruleset
from trainer.ui.game.session import SEED_ENV

APP = str(Path(__file__).resolve().parents[1] / "streamlit_app.py")
PAGE = "trainer/ui/pages/club.py"
ACTIONS = ("game_call:", "play_card:", "game_go_on:")


@pytest.fixture(autouse=True)
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TRAINER_DB", str(path))
    monkeypatch.setenv(SEED_ENV, "7")
    store = ProgressStore(path)
    store.learner("Ann")
    store.learner("Bob")
    return path


def open_page(learner: str | None, code: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=240)
    if learner:
        at.query_params["learner"] = learner
    at.run()
    if code:
        at.query_params["set"] = code
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    return at


def click(at: AppTest, key: str) -> None:
    at.button(key=key).click().run()
    assert not at.exception, at.exception


def keys(at: AppTest) -> list[str]:
    return [b.key for b in at.button if b.key and not b.disabled]


def text(at: AppTest) -> str:
    return "\n".join([m.value for m in at.markdown] + [c.value for c in at.caption]
                     + [i.value for i in at.info] + [e.value for e in at.error])


def play_deal(at: AppTest, bid: bool = False) -> None:
    """The learner's decisions by their first legal button until the deal's result shows,
    but for the learner's first call: the lowest bid (so that the deal is played, not thrown
    in); ``bid``: the learner has bid already."""
    for _ in range(80):
        live = keys(at)
        if "Points this deal:" in text(at):
            return
        key = next((k for k in live if k.startswith(ACTIONS)), None)
        if key is not None and key.startswith("game_call:") and not bid:
            key = next(k for k in live if k.startswith("game_call:") and
                       not k.startswith("game_call:P:"))
            bid = True
        if key is None and at.pills:
            at.pills[0].set_value(at.pills[0].options[:3]).run()
            key = next(k for k in keys(at) if k.startswith("game_discard_go:"))
        assert key is not None, f"no decision to make: {live}"
        click(at, key)
    pytest.fail("the deal did not reach its result in 80 decisions")


def make_set(at: AppTest) -> str:
    at.text_input(key="club_name").input("Friday club").run()
    at.radio(key="club_seed_from").set_value("From a seed").run()
    at.text_input(key="club_seed").input("500").run()
    at.number_input(key="club_deals").set_value(2).run()
    at.segmented_control(key="club_level").set_value("Easy").run()
    click(at, "club_make")
    code = at.query_params["set"]
    return code[0] if isinstance(code, list) else code


def test_two_members_play_the_same_deal_and_see_it_compared(db: Path) -> None:
    ann_page = open_page("Ann")
    code = make_set(ann_page)
    store = ProgressStore(db)
    ann, bob = store.learner("Ann"), store.learner("Bob")
    made = learner_sets(store, ann)[0]
    assert (made.code, made.name, made.seed, made.deals, made.level) == (
        code, "Friday club", 500, 2, "easy")
    assert [c.value for c in ann_page.code] == [f"club?set={code}"]  # the link to share
    assert "Friday club" in [s.value for s in ann_page.subheader]
    click(ann_page, "club_play:0")
    assert "Deal 1 of 2" in [s.value for s in ann_page.subheader]
    assert ann_page.session_state["club_playing"].table.bot_seed == bot_seed(500, 0)
    # a deal left part way resumes where it was, in a new visit too
    call = next(k for k in keys(ann_page) if k.startswith("game_call:6S:"))
    click(ann_page, call)
    before = keys(ann_page)
    again = open_page("Ann", code)
    assert "Deal 1:** started" in text(again)
    assert [b.label for b in again.button if b.key == "club_play:0"] == ["Resume"]
    click(again, "club_play:0")
    assert keys(again) == before
    ann_page = again
    play_deal(ann_page, bid=True)
    assert "The solver's commentary." in text(ann_page)
    table = ann_page.dataframe[0].value
    assert list(table["Member"]) == ["Ann"] and list(table["Against the field"]) == ["0"]

    # Bob opens the link: he joins, and sees nothing of Ann's deal before he plays it
    bob_page = open_page("Bob", code)
    assert [m.display for m in set_results(store, bob, code).members] == ["Ann", "Bob"]
    assert "Deal 1:** not played yet" in text(bob_page)
    assert not any("Ann" in str(df.value.to_dict()) and "Contract" in df.value
                   and "not played yet" not in str(df.value.to_dict()) for df in
                   bob_page.dataframe)
    assert "club_results:0" not in keys(bob_page)
    click(bob_page, "club_play:0")
    play_deal(bob_page)
    table = bob_page.dataframe[0].value
    assert list(table["Member"]) == ["Ann", "Bob"]
    seen = set_results(store, bob, code)
    first, second = seen.results[0]
    # the same cards, the same dealer, the same bots: the same first legal choices all along
    assert first.record == second.record
    hand = deal_of(ruleset("australian"), 500, 0)
    assert first.record["hands"] == {s.value: [c.code for c in h]
                                     for s, h in hand.deal.hands.items()}
    assert first.net == second.net and list(table["Against the field"]) == ["0", "0"]
    assert list(table["Points"]) == [f"{first.net:+d}".replace("-", "−")] * 2
    assert first.commentary == second.commentary and first.commentary in text(bob_page)

    # back to the set: the deal's line, its results, the club's view
    click(bob_page, "club_back")
    assert "Deal 2:** not played yet" in text(bob_page)
    click(bob_page, "club_results:0")
    frames = [df.value for df in bob_page.dataframe]
    assert list(frames[0]["Member"]) == ["Ann", "Bob"]
    standings = next(f for f in frames if "Deals" in f)
    assert sorted(standings["Member"]) == ["Ann", "Bob"] and list(standings["Deals"]) == [1, 1]
    members = next(f for f in frames if "Puzzle rating" in f)
    assert list(members["Member"]) == ["Ann", "Bob"]
    assert list(members["Puzzle rating"]) == [round(starting_rating().rating)] * 2
    charts = [c.key for c in bob_page.get("plotly_chart")]
    assert f"club_field:{code}:1" in charts  # the scores against the field, deal by deal
    # Ann, back on the page, sees Bob's result now that both have played
    ann_again = open_page("Ann", code)
    click(ann_again, "club_results:0")
    assert list(ann_again.dataframe[0].value["Member"]) == ["Ann", "Bob"]


def test_a_bad_or_unknown_code_is_one_line_and_no_learner_is_told_what_to_do() -> None:
    for code, words in [("nope", "'nope' is not a deal set's code"),
                        ("abcdefgh", "No deal set has the code 'abcdefgh'; check the link")]:
        at = open_page("Ann", code)
        assert len(at.error) == 1 and at.error[0].value.startswith(words)
        assert "\n" not in at.error[0].value
        assert "club_make" in keys(at)  # the start screen shows below
    at = open_page("Ann")  # a seed that is not a whole number: one line, no set made
    at.radio(key="club_seed_from").set_value("From a seed").run()
    at.text_input(key="club_seed").input("five").run()
    click(at, "club_make")
    assert [e.value for e in at.error] == [
        "'five' is not a whole number from 0 to 9223372036854775807"]
    assert "set" not in at.query_params
    at = open_page(None, "abcdefgh")
    assert any("To play this deal set, pick a name on Home" in i.value for i in at.info)
    assert "club_make" not in keys(at)


def test_a_link_opened_without_a_name_leads_back_to_its_set_once_a_name_is_picked(db) -> None:
    # local mode: Bob opens Ann's link before picking a name; once he picks it on Home he is
    # back on the set's page (issue 30: he was left on Home), joined, the code in the address
    ann = ProgressStore(db)
    at = open_page("Ann")
    code = make_set(at)
    at = open_page(None, code)
    assert any("To play this deal set, pick a name on Home" in i.value for i in at.info)
    assert any("brings you back to the set" in i.value for i in at.info)
    at.query_params.clear()
    at.switch_page("trainer/ui/pages/home.py").run()
    at.selectbox(key="learner_pick").set_value("Bob").run()
    click(at, "learner_continue")
    assert [t.value for t in at.title] == ["Club"]
    code_now = at.query_params["set"]
    assert (code_now[0] if isinstance(code_now, list) else code_now) == code
    assert "Friday club" in [h.value for h in at.subheader]
    bob = ann.learner("Bob")
    assert [s.code for s in learner_sets(ann, bob)] == [code]


def test_a_new_name_made_on_home_from_a_sets_link_lands_on_the_set(db) -> None:
    # a fresh browser: Home opened with the set's code in its address (the Club page's link),
    # a new name created: the set's page, joined
    at = open_page("Ann")
    code = make_set(at)
    home = AppTest.from_file(APP, default_timeout=240)
    home.query_params["set"] = code
    home.run()
    assert not home.exception, home.exception
    home.text_input(key="learner_new_name").input("Friend").run()
    click(home, "learner_create")
    assert [t.value for t in home.title] == ["Club"]
    assert "Friday club" in [h.value for h in home.subheader]
    store = ProgressStore(db)
    friend = store.learner("Friend", create=False)
    assert [s.code for s in learner_sets(store, friend)] == [code]
    assert "Members: Ann, Friend." in text(home)
    # the members table fits a phone: four narrow columns, the themes in a table of their own
    members = home.dataframe[-1] if len(home.dataframe) == 1 else next(
        d for d in home.dataframe if "Puzzle rating" in d.value.columns)
    assert list(members.value.columns) == ["Member", "Puzzle rating", "Days in a row",
                                           "Right in a row"]
    widths = {k: v for k, v in json.loads(members.proto.columns).items() if k != "_index"}
    assert {k: v["label"] for k, v in widths.items()} == {
        "Member": "Member", "Puzzle rating": "Rating", "Days in a row": "Days",
        "Right in a row": "Run"}
    assert sum(v["width"] for v in widths.values()) <= 320  # a 390 px phone's page is ~340
