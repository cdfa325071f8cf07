"""Typed options: configure reads every parameter once; compute and explain use only the typed
values, and BQ's fast loop and its per-round step agree."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.strategies import tournaments

from brightwell_plugin.context import Context
from brightwell_plugin.errors import BrightwellError, SpecError
from brightwell_plugin.plugins.host import get_host
from brightwell_plugin.standings import configured

BQ_VARIANTS = (
    "BQ", "BQ:preset=woc", "BQ:preset=ftd", "BQ:preset=papp", "BQ:preset=joa", "BQ:preset=cas",
    "BQ:preset=cas-spread", "BQ:term=spread:u=0", "BQ:subst=bye+withdrawn+absent+forfeit:u=30",
    "BQ:subst=none:coef=3", "BQ:round=parts:digits=1:coef=6/R:u=32", "BQ:freeze=yes:strength=wins:u=32",
    "BQ:subst=absent-opponent+withdrawn:u=32:bye_score=recorded", "BQ:coef=squares/R:round=final:digits=2",
)
# Every built-in criterion with parameters, each given one (the values need not suit the file).
WITH_PARAMETERS = BQ_VARIANTS + (
    "KS:limit=40", "KS/L+1", "SPREAD:cap=50", "SPREAD:cap=10+20+30", "TURCAS:w_bh=1:w_pts=2:w_spread=0.5:w_first=1",
    "ARO:unrated=1500", "TPR/U1400", "RTNG:unrated=1000", "BH:edition=2024", "BH/V2026/C1", "SB:edition=2026",
    "MMS:bar=3D:floor=20K:zero=20K", "SOSM:absent=0:bye=1:round_down=no", "NBW:bye=2",
)


def outcome(call):
    try:
        return "value", call()
    except BrightwellError as exc:
        return "error", str(exc)


def scrambled(opts):
    """The options with every parameter's text replaced: what compute reads must be typed."""
    return replace(opts, params=MappingProxyType({k: f"?{v}?" for k, v in opts.params.items()}))


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(t=tournaments(), spec=st.sampled_from(WITH_PARAMETERS))
def test_compute_and_explain_never_read_the_parameters_text(t, spec):
    [(_, criterion, opts)] = configured(spec, get_host())
    ctx, fresh = Context(t), Context(t)  # fresh: nothing derived from the plain options is cached in it
    assert outcome(lambda: criterion.compute(ctx, opts)) == outcome(lambda: criterion.compute(fresh, scrambled(opts)))
    for i in range(min(ctx.n, 3)):
        plain = outcome(lambda: criterion.explain(ctx, opts, i).as_dict())
        assert plain == outcome(lambda: criterion.explain(Context(t), scrambled(opts), i).as_dict())


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(t=tournaments(), spec=st.sampled_from(BQ_VARIANTS))
def test_bq_fast_loop_and_per_round_step_agree(t, spec):
    """compute's inlined common case and explain's per-round terms give the same value for everyone."""
    [(_, bq, opts)] = configured(spec, get_host())
    ctx = Context(t)
    computed = outcome(lambda: bq.compute(ctx, opts))
    if computed[0] == "error":
        assert outcome(lambda: [bq.explain(ctx, opts, i) for i in range(ctx.n)])[0] == "error"
        return
    for i, value in enumerate(computed[1]):
        e = bq.explain(ctx, opts, i)
        assert e.value == pytest.approx(value, abs=1e-9), (spec, i)


@pytest.mark.parametrize("spec, message", [
    ("ARO:unrated=abc", "unrated must be a whole number, not 'abc'"),
    ("RTNG:unrated=-5", "unrated must be a whole number"),
    ("KS:limit=half", "limit must be a number, not 'half'"),
    ("SPREAD:cap=10+x", "cap must be numbers joined by +"),
    ("TURCAS:w_bh=1:w_pts=a:w_spread=0:w_first=0", "w_pts must be a number"),
    ("BQ:coef=6/Q", "coef must be a number, N/R, squares/R or auto"),
    ("BQ:digits=400", "digits must be a whole number from 0 to 15"),
    ("BQ:subst=bye+moon", "subst names an unknown round kind 'moon'"),
    ("MMS:bar=10X", "bar must be a Go rank"),
    ("SOSM:bye=3", "bye must be 0, 1 or 2 half points"),
])
def test_configure_refuses_a_bad_value_before_any_data_is_read(spec, message):
    with pytest.raises(SpecError, match=message) as caught:
        configured(spec, get_host())
    assert str(caught.value).startswith(spec + ":")


def test_every_built_in_parameter_is_read_by_configure():
    """Each parameter's typed value is in opts.values after configure, defaults included."""
    host = get_host()
    for code in ("BQ", "KS", "SPREAD", "ARO", "BH", "MMS"):
        [(_, criterion, opts)] = configured(code, get_host())
        assert criterion is host.criterion(code)
        for p in criterion.parameters:
            if p.default is not None:
                assert opts.values[p.name] == p.read(p.default)


def test_a_bad_value_is_one_line_on_the_command_line():
    from click.testing import CliRunner

    from brightwell_plugin.cli import main
    result = CliRunner().invoke(main, ["rank", "--sample", "-t", "PTS,ARO:unrated=abc"])
    assert result.exit_code == 2
    assert "ARO:unrated=abc: unrated must be a whole number, not 'abc'" in result.output
    assert "internal error" not in result.output
