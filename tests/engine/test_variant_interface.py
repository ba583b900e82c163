"""Every rule set implements the one variant interface (engine.variant.Variant), and the
engine's public signatures type variants and rules instead of reading ``Any``."""

import ast
import dataclasses
import inspect
from pathlib import Path

import mjscore.engine
import pytest
from mjscore.engine.declare import Declared
from mjscore.engine.events import VARIANTS
from mjscore.engine.variant import Variant
from mjscore.engine.variants import get_variant

ENGINE = Path(mjscore.engine.__file__).parent


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_every_variant_implements_the_interface(variant_id):
    v = get_variant(variant_id)
    assert isinstance(v, Variant) and v.id == variant_id
    assert not type(v).__abstractmethods__
    for name in ("settle_hand", "calc"):
        assert getattr(type(v), name) is not getattr(Variant, name), name
    assert isinstance(v.data, Declared)
    assert v.name_zh and v.name_en
    # its own frozen house rules, with the part every rule set shares
    rules = v.rules()
    assert type(rules) is v.Rules and dataclasses.is_dataclass(rules)
    assert v.Rules.__dataclass_params__.frozen
    assert isinstance(rules.false_win_penalty, int)
    assert {s.name for s in v.option_specs()} == {f.name for f in dataclasses.fields(v.Rules)}


def test_a_variant_missing_a_method_cannot_be_made():
    class Half(Variant):
        id = "guobiao"
        name_zh = name_en = "half"

        def settle_hand(self, hand, state, rules):
            raise NotImplementedError

    with pytest.raises(TypeError, match="abstract"):
        Half()


TYPED = {"variant", "rules", "ledger"}


def _public_signatures():
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                if node.name.startswith("_") and node.name != "__init__":
                    continue
                yield path.relative_to(ENGINE), node


def test_no_any_for_variants_rules_or_ledgers_in_public_signatures():
    offences = []
    for path, fn in _public_signatures():
        args = fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs
        for a in args:
            if a.arg in TYPED and a.annotation is not None and "Any" in ast.unparse(a.annotation):
                offences.append(
                    f"{path}:{fn.lineno} {fn.name}({a.arg}: {ast.unparse(a.annotation)})"
                )
        if fn.name in ("rules", "get_variant") and (
            fn.returns is None or "Any" in ast.unparse(fn.returns)
        ):
            offences.append(
                f"{path}:{fn.lineno} {fn.name} returns {ast.unparse(fn.returns) if fn.returns else '?'}"
            )
    assert not offences, "\n".join(offences)


def test_get_variant_is_typed_as_the_interface():
    ann = inspect.signature(get_variant).return_annotation
    assert "Variant" in str(ann)
