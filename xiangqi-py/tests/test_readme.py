"""The examples of the package's README (``xiangqi-py/README.md``, its PyPI description): every
``pycon`` block runs as a doctest against the installed package and prints what it shows."""

from __future__ import annotations

import doctest
import re

from conftest import REPO

README = REPO / "xiangqi-py" / "README.md"


def console_blocks() -> list[str]:
    text = README.read_text(encoding="utf-8")
    return re.findall(r"^```pycon\n(.*?)^```$", text, re.M | re.S)


def test_readme_has_console_examples():
    assert console_blocks(), f"no ```pycon block in {README}"


def test_readme_console_examples_print_what_they_show():
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, block in enumerate(console_blocks(), 1):
        test = parser.get_doctest(block, {}, f"README block {number}", str(README), 0)
        assert test.examples
        runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.failed == 0, f"{results.failed} README example(s) failed (output above)"


def test_package_docstring_examples():
    import xiangqi_rules

    results = doctest.testmod(xiangqi_rules, optionflags=doctest.ELLIPSIS)
    assert results.attempted > 0 and results.failed == 0


def test_readme_python_blocks_run():
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```$", text, re.M | re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, str(README), "exec"), {})
