"""The lazy enumeration: it stops its worker when dropped or closed, at its limit, and on
Ctrl-C."""

import gc
import os
import signal
import subprocess
import sys
import textwrap
import time

import knights
from conftest import model_file

# A model with far more tours than any test could list: a worker that ignored being dropped
# would still be running when each test looks.
HUGE = {"board": "8x8"}


def wait_for_no_workers(seconds: float = 10.0) -> float:
    started = time.monotonic()
    while knights.running_enumerations() and time.monotonic() - started < seconds:
        time.sleep(0.01)
    return time.monotonic() - started


def test_a_dropped_iterator_stops_its_worker():
    iterator = knights.enumerate(knights.Model(**HUGE))
    first = [next(iterator) for _ in range(3)]
    assert len(set(first)) == 3
    assert knights.running_enumerations() == 1
    del iterator
    gc.collect()
    wait_for_no_workers()
    assert knights.running_enumerations() == 0


def test_a_closed_iterator_has_stopped_its_worker_on_return():
    for engine in ["search", "sat"]:
        iterator = knights.enumerate(knights.Model(board="8x8", closed=True), engine=engine)
        next(iterator)
        iterator.close()
        assert knights.running_enumerations() == 0, engine
        assert list(iterator) == []


def test_a_limit_yields_exactly_that_many():
    tours = list(knights.enumerate(knights.Model(**HUGE), limit=5))
    assert len(tours) == 5
    wait_for_no_workers()
    assert knights.running_enumerations() == 0


def test_a_timeout_ends_the_stream_with_an_incomplete_summary():
    iterator = knights.enumerate(knights.Model(board="7x7", closed=False), timeout=0.3)
    started = time.monotonic()
    for _ in iterator:
        # A slow reader: the bounded channel holds the worker back meanwhile.
        if time.monotonic() - started > 5:
            break
    assert iterator.summary is not None
    assert not iterator.summary.complete and iterator.summary.ending == "timeout"


CTRL_C = textwrap.dedent(
    """
    import signal, sys, time, knights
    # Python's own Ctrl-C handler, as at a terminal: a parent started in the background
    # without job control (a CI script under nohup) passes SIGINT on ignored, and Python
    # then installs none, which is the launcher's choice, not the package's behaviour.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    model = knights.Model(board="8x8", closed=True)
    print("ready", flush=True)
    try:
        if sys.argv[1] == "count":
            knights.count(model)
        elif sys.argv[1] == "sample":
            # Each SAT sample of the nested semimagic model takes a minute or more.
            knights.sample(knights.Model.load(sys.argv[2]), 1000, method="sat")
        else:
            # A reader that waits on the search: a slow solver and a filter that keeps nothing.
            for tour in knights.enumerate(model, engine="sat", solver="varisat"):
                pass
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    """
)


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used so far (user and system), from /proc."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_for_native_work(pid: int) -> None:
    """Returns once the child has used half a second of CPU since it said it was ready.
    Between "ready" and the native call there are only a few Python statements, so the time
    is the native call's: the Ctrl-C then lands inside it, not before it."""
    if not os.path.exists(f"/proc/{pid}/stat"):
        time.sleep(1.0)
        return
    at_ready = cpu_seconds(pid)
    deadline = time.monotonic() + 30
    while cpu_seconds(pid) < at_ready + 0.5:
        assert time.monotonic() < deadline, "the native call never ran"
        time.sleep(0.01)


def interrupted(what: str) -> str:
    child = subprocess.Popen(
        [sys.executable, "-c", CTRL_C, what, str(model_file("nested-semimagic"))],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None and child.stdout.readline().strip() == "ready"
    wait_for_native_work(child.pid)
    child.send_signal(signal.SIGINT)
    try:
        out, _ = child.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        child.kill()
        raise AssertionError(f"{what}: Ctrl-C did not stop the run")
    return out.strip()


def test_ctrl_c_stops_a_count():
    assert interrupted("count") == "interrupted"


def test_ctrl_c_stops_an_enumeration():
    assert interrupted("enumerate") == "interrupted"


def test_ctrl_c_stops_a_sample():
    assert interrupted("sample") == "interrupted"
