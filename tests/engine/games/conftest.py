"""The four games' scenario tests share one harness (:mod:`tests.engine.games.harness`); its asserts
are rewritten by pytest so a failing scenario shows the values it compared."""

import pytest

pytest.register_assert_rewrite("tests.engine.games.harness")
