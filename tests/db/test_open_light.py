"""Opening a ledger whose schema is up to date, and reading the sessions' list, take the
plain sqlite3 connection alone: sqlite-utils is imported for a migration or the first write.
The migrations' names that opening reads are those of db/schema.py, in order."""

from __future__ import annotations

import subprocess
import sys

from mjscore.db import SCHEMA_VERSION, Ledger, schema, schema_version

LIST = """
import sys
from mjscore.db.ledger import Ledger
led = Ledger.open(sys.argv[1])
print(len(led.list_sessions()), led.data_version(), led.schema_version, "sqlite_utils" in sys.modules)
led.create_session("guobiao", ["A", "B", "C", "D"])
print("sqlite_utils" in sys.modules)
led.close()
"""


def test_the_names_opening_reads_are_the_schemas_migrations():
    assert schema_version.MIGRATION_NAMES == tuple(m.name for m in schema.migrations._migrations)
    assert SCHEMA_VERSION == schema.SCHEMA_VERSION == len(schema_version.MIGRATION_NAMES)
    assert schema.migrations.migrations_table == schema_version.MIGRATIONS_TABLE


def test_an_up_to_date_ledger_opens_and_lists_without_sqlite_utils(tmp_path):
    path = tmp_path / "l.sqlite3"
    with Ledger.open(path) as led:
        led.create_session("nanjing", ["阿明", "小芳", "老王", "Lee"])
    r = subprocess.run(
        [sys.executable, "-c", LIST, str(path)], capture_output=True, text=True, check=True
    )
    first, second = r.stdout.split("\n")[:2]
    n, _, version, loaded = first.split()
    assert (int(n), int(version), loaded) == (1, SCHEMA_VERSION, "False")
    assert second == "True"  # the write made the sqlite-utils database
    with Ledger.open(path) as led:
        assert len(led.list_sessions()) == 2


def test_a_new_ledger_is_built_through_the_migrations(tmp_path):
    path = tmp_path / "new.sqlite3"
    with Ledger.open(path) as led:
        assert led.schema_version == SCHEMA_VERSION
        assert led._pending() == []
        assert led._applied() == list(schema_version.MIGRATION_NAMES)
        assert [m.name for m in schema.migrations.applied(led.db)] == led._applied()
