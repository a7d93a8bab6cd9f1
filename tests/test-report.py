#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""rtbench-cli report on real runs of the worker: one run, two (one with a hostile label), an
imported cyclictest file beside a measured run, the four methods. The PDF: its pages (A4 or
Letter from LC_PAPER), its text holding both systems' names, the answer, every checklist id and
every figure of summary --json as the table shows it. The HTML: no reference to anything
outside itself, every inline SVG well-formed, a hostile label as text. The same runs give the
same bytes; bad outputs are refused. TAP."""

import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

CLI = os.environ["RTBENCH_CLI"]
DATA = os.environ["RTBENCH_TEST_DATA"]
HOSTILE = "<script>alert(1)</script></svg>&amp;\"'"

n = 0
failed = False


def ok(passed, what, detail=""):
    global n, failed
    n += 1
    print(("ok" if passed else "not ok") + f" {n} - {what}")
    if not passed:
        failed = True
        for line in str(detail).splitlines()[-30:]:
            print(f"# {line}")


def cli(*args, env=None, check=True):
    result = subprocess.run([CLI, *args], capture_output=True, text=True, env=env)
    if check and result.returncode != 0:
        print(f"Bail out! rtbench-cli {' '.join(args)}: {result.stderr}")
        sys.exit(1)
    return result


def pdf_text(path):
    text = subprocess.run(["pdftotext", path, "-"], capture_output=True, text=True,
                          check=True).stdout
    return " ".join(text.split())


def pdf_info(path, env=None):
    out = subprocess.run(["pdfinfo", path], capture_output=True, text=True, check=True,
                         env=env).stdout
    return dict(line.split(":", 1) for line in out.splitlines() if ":" in line)


def squeezed(text):
    return " ".join(text.split())


def summary(path):
    return json.loads(cli("summary", path, "--json").stdout)["runs"][0]


def figures(run):
    """Each series' figures as the statistics table prints them."""
    decimals = 3 if run["test"] == "timer" else 1
    out = []
    for series in run["series"]:
        out.append("%d" % series["count"])
        for key in ("min_us", "avg_us", "max_us", "p50_us", "p99_us", "p999_us", "stddev_us"):
            if series.get(key) is not None:
                out.append("%.*f" % (decimals, series[key]))
    return out


def check_ids(path):
    with open(path) as f:
        return [c["id"] for c in json.load(f).get("checks") or []]


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags = []
        self.attrs = []
        self.text = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs.extend(attrs)

    def handle_data(self, data):
        self.text.append(data)


def check_html(path, what, labels):
    with open(path, encoding="utf-8") as f:
        page = f.read()
    parser = Page()
    parser.feed(page)
    outside = [v for k, v in parser.attrs if v and re.search(r"(https?:|//|file:)", v)
               and k in ("src", "href", "xlink:href", "action", "data")]
    ok(not re.search(r"https?:|\bsrc=|url\((?!#)", page.replace("http://www.w3.org/", "")) and
       not outside and "script" not in parser.tags and "link" not in parser.tags and
       "img" not in parser.tags, f"{what}: HTML refers to nothing outside itself",
       outside or re.findall(r".{30}(?:https?:|src=|url\().{30}", page)[:5])
    svgs = re.findall(r"<svg\b.*?</svg>", page, re.S)
    bad = []
    for svg in svgs:
        try:
            ET.fromstring(svg)
        except ET.ParseError as e:
            bad.append(str(e))
    ok(svgs and not bad, f"{what}: {len(svgs)} inline SVG charts, each well-formed", bad)
    ok(not any("<text" in svg for svg in svgs), f"{what}: chart text is glyph outlines, not SVG text")
    ids = re.findall(r'\bid="([^"]+)"', page)
    ok(len(ids) == len(set(ids)), f"{what}: no id twice in the page")
    text = squeezed(" ".join(parser.text))
    missing = [label for label in labels if squeezed(label) not in text]
    ok(not missing, f"{what}: the runs' names are the page's text", missing)
    return parser


def main():
    if shutil.which("pdftotext") is None or shutil.which("pdfinfo") is None:
        print("1..0 # SKIP pdftotext/pdfinfo missing (apt install poppler-utils)")
        return 0
    tmp = tempfile.mkdtemp(prefix="rtbench-report-")
    try:
        return run(tmp)
    finally:
        shutil.rmtree(tmp)


def run(tmp):
    global n

    def out(name):
        return os.path.join(tmp, name)

    common = ["--duration", "1s", "--policy", "other"]
    cli("run", "latency", "--cpus", "0", *common, "--label", "alpha", "--output", out("a.rtbench"))
    cli("run", "latency", "--cpus", "0", *common, "--label", HOSTILE, "--output", out("b.rtbench"))
    cli("run", "jitter", "--base-us", "100", *common, "--label", "jit", "--output",
        out("j.rtbench"))
    cli("run", "timer", "--period-us", "1000", *common, "--label", "tim", "--output",
        out("t.rtbench"))
    cli("run", "response", "--size", "16", "--instances", "50", "--policy", "other",
        "--label", "resp", "--output", out("r.rtbench"))
    env_a4 = dict(os.environ, LC_ALL="", LANG="C.UTF-8", LC_PAPER="C.UTF-8")

    # One run.
    cli("report", out("a.rtbench"), "--output", out("one.pdf"), env=env_a4)
    info = pdf_info(out("one.pdf"))
    ok(int(info["Pages"]) >= 2 and "A4" in info["Page size"],
       "one run: a PDF of several A4 pages", info)
    ok("CreationDate" not in info, "one run: no date in the PDF without SOURCE_DATE_EPOCH", info)
    text = pdf_text(out("one.pdf"))
    run_a = summary(out("a.rtbench"))
    verdict = cli("summary", out("a.rtbench")).stdout
    ok("rtbench report: alpha" in text, "one run: its title")
    ok(run_a["system"]["hostname"] in text, "one run: its system's name")
    missing = [i for i in check_ids(out("a.rtbench")) if i not in text]
    ok(check_ids(out("a.rtbench")) and not missing, "one run: every checklist id", missing)
    words = set(text.split())
    missing = [f for f in figures(run_a) if f not in words and f + " ★" not in text]
    ok(not missing, "one run: every figure of summary --json in the statistics table", missing)
    ok("Appendix" in text and "SHA-256" in text and "a.rtbench" in text,
       "one run: the appendix names the run file")
    import hashlib
    with open(out("a.rtbench"), "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    ok(digest in text.replace(" ", ""), "one run: the SHA-256 of its file", digest)
    cli("report", out("a.rtbench"), "--output", out("one.html"))
    check_html(out("one.html"), "one run", ["alpha"])

    # Two runs, the second with a hostile label.
    cli("report", out("a.rtbench"), out("b.rtbench"), "--output", out("two.pdf"), env=env_a4)
    text = pdf_text(out("two.pdf"))
    ok("rtbench comparison: alpha vs" in text, "two runs: a comparison's title")
    ok(squeezed(HOSTILE) in text, "two runs: the hostile label is text in the PDF")
    ok("is the better system" in text or "Neither system is better" in text,
       "two runs: the answer says which system is better")
    run_b = summary(out("b.rtbench"))
    missing = [f for f in figures(run_b) if f not in words and f not in text]
    ok(not missing, "two runs: the second run's figures", missing)
    cli("report", out("a.rtbench"), out("b.rtbench"), "--output", out("two.html"))
    page = check_html(out("two.html"), "two runs", ["alpha", HOSTILE])
    ok(page.tags.count("h1") == 1 and "table" in page.tags, "two runs: a title and tables")

    # The same runs give the same bytes.
    cli("report", out("a.rtbench"), out("b.rtbench"), "--output", out("again.pdf"), env=env_a4)
    cli("report", out("a.rtbench"), out("b.rtbench"), "--output", out("again.html"))
    same = all(open(out(a), "rb").read() == open(out(b), "rb").read()
               for a, b in (("two.pdf", "again.pdf"), ("two.html", "again.html")))
    ok(same, "the same runs give the same bytes, PDF and HTML")
    env_date = dict(env_a4, SOURCE_DATE_EPOCH="1700000000")
    cli("report", out("a.rtbench"), "--output", out("dated.pdf"), env=env_date)
    ok("2023" in pdf_info(out("dated.pdf")).get("CreationDate", ""),
       "SOURCE_DATE_EPOCH gives the PDF its date")

    # An imported cyclictest file beside a measured run.
    imported = os.path.join(DATA, "import", "ct24-h20-q-2t.txt")
    cli("report", out("a.rtbench"), imported, "--output", out("imported.pdf"), env=env_a4)
    text = pdf_text(out("imported.pdf"))
    ok("was imported from" in text and "ct24-h20-q-2t.txt" in text,
       "imported: the caveat names the file")
    ok(text.count("when the samples came") == 2 and "Not known:" in text,
       "imported: a heatmap section per run, the imported histogram's said to be unknown")
    cli("report", out("a.rtbench"), imported, "--output", out("imported.html"))
    check_html(out("imported.html"), "imported", ["alpha", "ct24-h20-q-2t"])

    # The four methods.
    four = [out(f) for f in ("a.rtbench", "j.rtbench", "t.rtbench", "r.rtbench")]
    cli("report", *four, "--output", out("four.pdf"), env=env_a4)
    text = pdf_text(out("four.pdf"))
    for method in ("latency", "jitter", "timer", "response"):
        ok(f"{method}: charts and statistics" in text, f"four methods: a section for {method}")
    for f in four[1:]:
        s = summary(f)
        missing = [x for x in figures(s) if x not in text]
        ok(not missing, f"four methods: the figures of {s['test']}", missing)
    cli("report", *four, "--output", out("four.html"))
    check_html(out("four.html"), "four methods", ["alpha", "jit", "tim", "resp"])

    # A traced run: its causes of spikes, merged by name as compare does.
    traced = os.path.join(DATA, "spikes", "culprit.rtbench")
    cli("report", traced, "--output", out("spikes.pdf"), env=env_a4)
    text = pdf_text(out("spikes.pdf"))
    with open(traced) as f:
        causes = {}
        for cause in json.load(f)["causes"]:
            count, worst = causes.get(cause["name"], (0, 0))
            causes[cause["name"]] = (count + cause["count"], max(worst, cause["worst_us"]))
    missing = [f"{name} {count} ({worst:.1f} µs)" for name, (count, worst) in causes.items()
               if f"{name} {count} ({worst:.1f} µs)" not in text]
    ok("Causes of spikes" in text and causes and not missing,
       "traced: each cause with its spikes and the worst", missing)

    # Control characters in a label are shown, never obeyed.
    cli("run", "latency", "--cpus", "0", *common, "--label", "plain", "--output",
        out("e.rtbench"))
    with open(out("e.rtbench")) as f:
        run_e = json.load(f)
    run_e["label"] = "red\x1b[31mend"
    with open(out("e.rtbench"), "w") as f:
        json.dump(run_e, f)
    cli("report", out("e.rtbench"), "--output", out("escape.pdf"), env=env_a4)
    cli("report", out("e.rtbench"), "--output", out("escape.html"))
    with open(out("escape.html"), encoding="utf-8") as f:
        page = f.read()
    ok("red\\x1b[31mend" in pdf_text(out("escape.pdf")) and "\x1b" not in page and
       "red\\x1b[31mend" in page, "an escape in a label is written out as text")

    # Letter where the locale prints on it: en_US, compiled here when the system has none.
    env_us = dict(os.environ, LC_ALL="", LANG="C.UTF-8", LC_PAPER="en_US.UTF-8")
    locales = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.split()
    made = True
    if not any(l.lower().replace("-", "") == "en_us.utf8" for l in locales):
        os.makedirs(out("locale"))
        made = subprocess.run(["localedef", "-i", "en_US", "-f", "UTF-8",
                               out("locale/en_US.UTF-8")], capture_output=True).returncode == 0
        env_us["LOCPATH"] = out("locale")
    if not made:
        n += 1
        print(f"ok {n} - # SKIP no en_US locale for Letter paper, and localedef could not make one")
    else:
        cli("report", out("a.rtbench"), "--output", out("letter.pdf"), env=env_us)
        ok("letter" in pdf_info(out("letter.pdf"))["Page size"].lower(),
           "LC_PAPER=en_US: Letter pages", pdf_info(out("letter.pdf")))

    # Refused: another extension, a run's own file, a folder that does not exist.
    before = open(out("a.rtbench"), "rb").read()
    r = cli("report", out("a.rtbench"), "--output", out("report.txt"), check=False)
    ok(r.returncode == 2 and ".pdf or an .html" in r.stderr, "a .txt output is refused",
       r.stderr)
    r = cli("report", out("a.rtbench"), "--output", out("a.rtbench"), check=False)
    ok(r.returncode == 2, "a run file as output is refused", r.stderr)
    shutil.copy(out("a.rtbench"), out("run.html"))
    r = cli("report", out("run.html"), "--output", out("run.html"), check=False)
    ok(r.returncode == 1 and "one of the runs being reported" in r.stderr and
       open(out("run.html"), "rb").read() == before, "a run's own file is not written over",
       r.stderr)
    r = cli("report", out("a.rtbench"), "--output", out("no/such/dir/r.html"), check=False)
    ok(r.returncode == 1 and "no/such/dir" in r.stderr and not os.path.exists(out("no")),
       "an output in a missing folder is refused, saying which", r.stderr)
    ok(open(out("a.rtbench"), "rb").read() == before, "the run file is untouched")
    r = cli("report", "--output", out("x.pdf"), check=False)
    ok(r.returncode == 2 and "at least one run" in r.stderr, "no run: a usage error", r.stderr)
    leftovers = [f for f in os.listdir(tmp) if f.startswith(".")]
    ok(not leftovers, "no temporary file left behind", leftovers)

    print(f"1..{n}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
