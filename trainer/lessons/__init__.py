"""The lesson questions, one module a lesson (no Streamlit here).

`question` holds what a question is (`Question`, `Mastery`) and the words every lesson uses;
`common` the helpers the generators share; `registry` maps a lesson's quiz kind to its
generator and builds questions (`make_question`). The lesson modules: `pack`, `card_order`,
`following`, `tricks`, `bidding`, `kitty`, `joker` (no trumps and the joker), `misere`,
`scoring`, `variants` (with `variant_situations` and `for_two`, the game for two).
"""
