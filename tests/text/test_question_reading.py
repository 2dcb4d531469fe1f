"""Reading a question (question.py): verb endings and irregular English past forms."""

from __future__ import annotations

import pytest

from gcacw_ref.text.glossary import load_glossary
from gcacw_ref.text.question import fold_word, read_query, verb_forms


@pytest.mark.parametrize(
    ("verb", "forms"),
    [
        ("直す", ["直さ", "直し", "直せ", "直そ"]),
        ("休む", ["休ま", "休み", "休め", "休も", "休ん"]),
        ("止まる", ["止まら", "止まり", "止まれ", "止まろ", "止まっ"]),
        ("逃げる", ["逃げら", "逃げり", "逃げれ", "逃げろ", "逃げっ", "逃げ"]),
        ("取る", []),  # one kanji before る: 取れ is also 取れる
        ("いる", []),  # no kanji
        ("退却", []),  # no verb ending
    ],
)
def test_verb_forms(verb: str, forms: list[str]) -> None:
    assert verb_forms(verb) == forms


def test_a_conjugated_verb_reaches_the_rulebook_word() -> None:
    """「直そう」 is 直す (thesaurus: 修理), though the question never writes 直す."""
    assert "修理" in read_query("壊れた橋を直そうとしていいの？").words
    assert "修理" not in read_query("橋を渡っていいの？").words


@pytest.mark.parametrize(
    ("word", "folded"),
    [
        ("threw", "throw"),
        ("dug", "dig"),
        ("worn", "wear"),
        ("fallen", "fall"),
        ("marches", "march"),
        ("hexes", "hex"),
        ("pushes", "push"),
        ("passes", "pass"),
        ("boxes", "box"),
        ("dies", "die"),
        ("retreated", "retreat"),
        ("spent", "spent"),
        ("left", "left"),
    ],
)
def test_irregular_past_forms_fold_to_the_verb(word: str, folded: str) -> None:
    assert fold_word(word) == folded


def test_an_irregular_past_form_reaches_the_glossary_phrase() -> None:
    """ "threw a bridge" is the thesaurus phrase "throw a bridge" (架設, 浮橋)."""
    words = read_query("we threw a bridge over the creek: can the enemy use it?").words
    assert "浮橋" in words or "架設" in words


@pytest.mark.parametrize(
    ("query", "abbreviation"),
    [
        ("maximum strength in Roads to Gettysburg", "rtg"),
        ("does this apply in On to Richmond?", "otr"),
        ("Stonewall's Last Battle bridges", "slb"),
    ],
)
def test_a_game_title_reads_as_its_three_letters(query: str, abbreviation: str) -> None:
    """The rulebook names the games by three letters; a player may write the title."""
    assert abbreviation in read_query(query).weights


def test_points_alone_is_not_victory_points() -> None:
    """'movement points', 'strength points': 'points' by itself no longer means VP."""
    assert "vp" not in read_query("how many points does it cost?").weights
    assert "vp" in read_query("how many victory points for a surrender?").weights


def test_a_misspelt_word_weighs_its_further_forms_less() -> None:
    """'activat' (activated) matches the term by spelling: first form 1, others less."""
    weights = read_query("the activated unit").weights
    assert weights["活性"] == 1.0
    assert weights["セグ"] < 1.0


def test_apostrophes_and_contractions_carry_no_weight() -> None:
    """A possessive, a contraction and a phone's curly apostrophe leave no stray 's', 't'
    or 'don' tokens; the words around them still count."""
    straight = read_query("can my opponent's general move if I don't roll?").weights
    curly = read_query("can my opponent\u2019s general move if I don\u2019t roll?").weights
    assert straight == curly
    assert {"s", "t", "don", "don't", "i'm"}.isdisjoint(straight)
    assert {"opponent", "general", "move", "roll"} <= set(straight)
    assert "m" not in read_query("I\u2019m stuck next to the enemy").weights


@pytest.mark.parametrize(("plural", "one"), [("mps", "mp"), ("vps", "vp"), ("zocs", "zoc")])
def test_abbreviations_fold_their_plural(plural: str, one: str) -> None:
    assert fold_word(plural) == one


def test_each_everyday_phrase_is_in_one_thesaurus_entry() -> None:
    """A phrase listed twice would read as the first entry's words only; keep one."""
    seen: dict[str, int] = {}
    repeats = []
    for i, syn in enumerate(load_glossary().thesaurus):
        for phrase in syn.says:
            key = phrase.lower()
            if key in seen and seen[key] != i:
                repeats.append(phrase)
            seen[key] = i
    assert repeats == []
    assert len(seen) > 1000  # the thesaurus is all there


@pytest.mark.parametrize(
    ("question", "term"),
    [
        ("すたっく せいげん", "スタック"),  # kana-only, as a phone leaves it
        ("はし　しゅうり　できる？", "修理"),
        ("アクティベートしたユニット、何もしないで終わってもいい？", "活性化"),
        ("南軍歩兵司令官の移動力は1D+2だっけ", "ダイス"),
        ("ヘクスの辺に沿ってる地形ってどれ？", "ヘクスサイド"),
        ("arty attack on march?", "砲兵"),
        ("can I move zoc2zoc along a road?", "直接移動"),
    ],
)
def test_table_talk_reaches_the_rulebook_term(question: str, term: str) -> None:
    """Round 11's table talk (blind writers' forms) is read as the rulebook's term."""
    assert term in read_query(question).words


def test_a_word_inside_a_longer_word_is_not_its_verb() -> None:
    """「攻撃って」 holds 撃っ (撃つ, fire: 砲兵) but is the attack, not the guns."""
    assert "砲兵" not in read_query("攻撃ってできる？").words
    assert "砲兵" not in read_query("突撃と攻撃の違い").words
    assert "砲兵" in read_query("大砲は撃てる？").words


def test_reported_speech_is_not_a_declaration() -> None:
    """「相手が…って言うんだけど」 reports what the opponent said; 言う (宣言) is not read."""
    assert "宣言" not in read_query("相手が退却できないって言うんだけど本当？").weights
    assert "宣言" in read_query("攻撃を言わないといけない？").words


def test_an_ed_or_ing_stem_gets_its_e_back_when_the_glossary_knows_the_word() -> None:
    """'declared' and 'placing' lose an e to the fold (declar, plac); the glossary knows
    declare and place. 'routed' keeps rout (敗走), a glossary word of its own."""
    assert "宣言" in read_query("the attack I declared").words
    assert "配置" in read_query("placing the marker").words
    assert "敗走" in read_query("routed unit").words
    assert "経路" not in read_query("routed unit").words


@pytest.mark.parametrize(
    ("question", "term"),
    [
        ("リトリート表1ってどれ", "退却表1"),
        ("デモ2のユニットは攻撃できる？", "戦意低下-2"),
        ("ZOCストップってどういうこと", "敵軍支配地域への進入"),
        ("zocからzocに動ける？", "直接移動"),
    ],
)
def test_a_japanese_phrase_holding_letters_or_digits_is_read(question: str, term: str) -> None:
    """Thesaurus phrases that mix Japanese with ASCII (表1, デモ2, ZOCストップ) are found:
    the letters and digits stay in the Japanese text the phrases are looked for in."""
    assert term in read_query(question).words
