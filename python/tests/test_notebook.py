"""The example notebook runs headless, top to bottom, without an error."""

import pathlib

import nbclient
import nbformat

NOTEBOOK = pathlib.Path(__file__).resolve().parents[1] / "examples" / "tour.ipynb"


def test_example_notebook_runs():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3").execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    html = [o["data"]["text/html"] for o in outputs if "text/html" in o.get("data", {})]
    # A solve result, a table chart and a thermograph display themselves richly.
    assert any("winning" in h or "<table>" in h for h in html)
    assert sum("<svg" in h for h in html) >= 2
