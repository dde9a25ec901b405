"""The GitHub Pages workflow (.github/workflows/pages.yml): it validates against
GitHub's workflow schema (check-jsonschema's vendored copy), passes zizmor's
audits (offline, pedantic), pins every action to a full commit SHA, and builds
the site the way the README says before uploading dist/."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


def tool(name):
    """A console script installed next to this Python (requirements-dev.txt)."""
    path = Path(sys.executable).with_name(name)
    found = str(path) if path.exists() else shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is missing: pip install -r requirements-dev.txt", pytrace=False)
    return found


def run(*command):
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_workflow_matches_githubs_schema():
    done = run(tool("check-jsonschema"), "--builtin-schema", "vendor.github-workflows", str(WORKFLOW))
    assert done.returncode == 0, done.stdout + done.stderr


def test_workflow_passes_zizmor_audits():
    done = run(tool("zizmor"), "--offline", "--persona", "pedantic", "--no-progress", str(WORKFLOW))
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_action_is_pinned_to_a_commit():
    uses = re.findall(r"^\s*(?:-\s*)?uses:\s*(\S+)(.*)$", WORKFLOW.read_text("utf-8"), re.M)
    names = {ref.split("@")[0] for ref, _ in uses}
    assert {"actions/upload-pages-artifact", "actions/deploy-pages"} <= names
    for ref, comment in uses:
        assert re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", ref), f"{ref} is not pinned to a commit"
        assert re.search(r"#\s*v\d+(\.\d+)*", comment), f"{ref} does not name its release"


def test_workflow_builds_and_uploads_dist():
    text = WORKFLOW.read_text("utf-8")
    steps = [line.strip() for line in text.splitlines() if line.strip().startswith("run:")]
    assert "run: npm ci --no-audit --no-fund" in steps
    assert "run: python build.py" in steps
    assert steps.index("run: npm ci --no-audit --no-fund") < steps.index("run: python build.py")
    assert re.search(r"upload-pages-artifact@\S+.*\n\s+with:\n\s+path: dist\n", text)
    assert re.search(r"on:\n\s+push:\n\s+branches: \[main\]", text)
