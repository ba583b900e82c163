import subprocess
import sys


def test_engine_imports_no_ui_or_db():
    code = (
        "import sys, mjscore.engine, mjscore.engine.variants; "
        "bad = [m for m in ('textual', 'rich', 'sqlite_utils') if m in sys.modules]; "
        "print(','.join(bad)); sys.exit(1 if bad else 0)"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, f"engine pulled in: {r.stdout} {r.stderr}"
