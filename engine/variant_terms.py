"""The rule sets' names: one light table, read by the terms, the variants' data and the home
list (which names every session's rule set before any rule set is loaded)."""

from __future__ import annotations

from .term import Term

VARIANTS: dict[str, Term] = {
    t.id: t
    for t in (
        Term(id="nanning", zh="南宁", en="Nanning"),
        Term(id="nanjing", zh="南京", en="Nanjing"),
        Term(id="guobiao", zh="国标", en="Guobiao"),
        Term(id="nanchang", zh="南昌", en="Nanchang"),
    )
}


def variant_term(variant_id: str) -> Term:
    """The rule set's name (the id itself for an unknown one)."""
    return VARIANTS.get(variant_id) or Term(id=variant_id, zh=variant_id, en=variant_id)
