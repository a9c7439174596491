"""The public names: ``__all__`` lists them, each has a docstring, and the module is declared
free of the GIL."""

from __future__ import annotations

import inspect

import xiangqi_rules
import xiangqi_rules._core as core


def test_all_lists_every_public_name_of_the_core():
    public = {name for name in dir(core) if not name.startswith("_")} | {"__version__"}
    assert set(xiangqi_rules.__all__) == public
    for name in xiangqi_rules.__all__:
        assert getattr(xiangqi_rules, name) is getattr(core, name)


def test_every_public_name_has_a_docstring():
    missing = []
    for name in xiangqi_rules.__all__:
        if name == "__version__":
            continue
        obj = getattr(xiangqi_rules, name)
        if not inspect.getdoc(obj):
            missing.append(name)
        if inspect.isclass(obj) and not issubclass(obj, BaseException):
            for attr, member in vars(obj).items():
                if attr.startswith("_") or isinstance(member, obj):
                    continue
                if not inspect.getdoc(member):
                    missing.append(f"{name}.{attr}")
    assert not missing, missing


def test_version():
    assert xiangqi_rules.__version__ == "0.1.0"
