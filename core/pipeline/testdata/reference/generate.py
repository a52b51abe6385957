#!/usr/bin/env python3
"""Generate cases.json: deterministic reference cases for pipeline.Build.

Every case is run through the reference, reimplemented in
context_manager.py (heuristic tokenizer, reference budget mode), and its
result is stored as "expected" in the shape of `ctxlab build --format json`
without "trace".  reference_test.go replays each case through the Go engine.

    python3 core/pipeline/testdata/reference/generate.py        # rewrites cases.json
    python3 core/pipeline/testdata/reference/generate.py --stress N SEED /tmp/stress.json
    CTXLAB_REFERENCE_CASES=/tmp/stress.json go test ./core/pipeline/ -run TestReferenceCases

The output depends only on the fixed seeds below and on this file.
"""

from __future__ import annotations

import json
import os
import random
import sys
import unicodedata
from decimal import Decimal
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from context_manager import ContextManager, Document, PromptRequest, to_json  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases.json")

DEFAULTS = {
    "dedup_threshold": 0.85,
    "min_doc_tokens": 5,
    "lost_in_middle": True,
    "shingle_size": 5,
    "budget": 4000,
}

# --------------------------------------------------------------------- text

SENTENCES = [
    "To reset your password, open Settings and choose Security, then click Reset password.",
    "A confirmation email is sent to the address on file within five minutes.",
    "If the email does not arrive, check your spam folder before contacting support.",
    "Two-factor authentication can be enabled from the Security tab of your profile.",
    "Recovery codes are shown once; store them somewhere safe and offline.",
    "Invoices are generated on the first business day of each month.",
    "You can download past invoices as PDF files from the Billing page.",
    "Refunds are processed within 5 to 10 business days after approval.",
    "Annual plans are billed up front and renew automatically unless cancelled.",
    "To change your plan, go to Billing, select Change plan, and confirm the new tier.",
    "Downgrading takes effect at the end of the current billing period.",
    "The API rate limit is 600 requests per minute per organization.",
    "Requests over the limit receive HTTP 429 with a Retry-After header.",
    "Use exponential backoff with jitter when retrying failed requests.",
    "API keys can be rotated at any time without downtime for existing sessions.",
    "Webhooks are signed with an HMAC-SHA256 signature in the X-Signature header.",
    "Verify the signature against the raw request body, not the parsed JSON.",
    "Webhook deliveries are retried up to eight times over twenty-four hours.",
    "Exports larger than 2 GB are split into multiple archives.",
    "Data exports are available for seven days before the download link expires.",
    "Single sign-on supports SAML 2.0 and OpenID Connect identity providers.",
    "SCIM provisioning keeps user accounts in sync with your directory.",
    "Admins can restrict sign-in to verified email domains.",
    "Audit logs record every administrative action for 365 days.",
    "The mobile app supports offline mode for documents you have opened recently.",
    "Sync conflicts are resolved by keeping both versions and marking the newer one.",
    "Attachments are limited to 25 MB each on the free plan.",
    "Workspace owners can transfer ownership from the Members page.",
    "Deleted projects stay in the trash for 30 days and can be restored.",
    "After 30 days, deleted data is purged permanently and cannot be recovered.",
    "Our status page lists current incidents and scheduled maintenance windows.",
    "Maintenance is usually scheduled on Sundays between 02:00 and 04:00 UTC.",
    "The desktop client checks for updates every time it starts.",
    "Proxy settings are read from the operating system by default.",
    "Set the HTTPS_PROXY environment variable to override the system proxy.",
    "Search results are ranked by relevance and then by modification date.",
    "Use quotes to search for an exact phrase, for example \"billing address\".",
    "Guests can view shared documents but cannot create new ones.",
    "Notifications can be muted per channel or for the whole workspace.",
    "Email digests summarize unread activity once a day at 08:00 local time.",
    "Customer data is encrypted at rest with AES-256 and in transit with TLS 1.2 or later.",
    "Backups are taken every six hours and kept for 35 days.",
    "The EU region stores all customer content in Frankfurt and Dublin.",
    "Contact your account manager to move an existing workspace to another region.",
    "Bulk imports accept CSV files with a header row and UTF-8 encoding.",
    "Rows with missing required fields are skipped and listed in the import report.",
    "Keyboard shortcuts are listed under Help, Keyboard shortcuts, or by pressing the question mark key.",
    "Dark mode follows the system setting unless you choose a theme explicitly.",
    "Screen readers are supported on all main pages, including the editor.",
    "Support is available 24/7 for Enterprise customers and on weekdays for other plans.",
]

SOURCES = [
    "kb/account/reset-password.md",
    "kb/account/2fa.md",
    "kb/billing/invoices.md",
    "kb/billing/refunds.md",
    "kb/billing/plans.md",
    "docs/api/rate-limits.md",
    "docs/api/webhooks.md",
    "docs/api/keys.md",
    "kb/data/exports.md",
    "kb/admin/sso.md",
    "kb/admin/audit-logs.md",
    "kb/mobile/offline.md",
    "kb/projects/trash.md",
    "https://status.example.com/maintenance",
    "kb/desktop/proxy.md",
    "kb/search/syntax.md",
    "kb/security/encryption.md",
    "kb/data/regions.md",
    "kb/import/csv.md",
    "https://help.example.com/articles/4412-keyboard-shortcuts",
    "support/tickets/TCK-10492.txt",
    "confluence/ENG/Runbook+Webhooks",
]

WORDS = sorted({w.strip(".,;:\"") .lower() for s in SENTENCES for w in s.split()} - {""})

# Separators Python's str.split() and re's \s treat as whitespace.
WS_VARIANTS = [
    "\t", "\n", "  ", "\r\n", " \t ", "\u00a0", "\u2003", "\x1c", "\x1d", "\x1e",
    "\x1f", "\x0b", "\x0c", "\x85", "\u2028", "\u2029", "\u3000", "\u202f",
    "\u205f", "\u1680", "\u2009", "\n\n", "\t\t", " \u00a0 ",
]
# Look-alikes that are NOT whitespace to Python (nor to the Go port).
NOT_WS = ["\u200b", "\ufeff", "\u180e", "\u2060", "\x00", "\x01", "\x7f"]


def paragraph(rng: random.Random, lo: int = 2, hi: int = 5) -> str:
    n = rng.randint(lo, hi)
    start = rng.randrange(len(SENTENCES))
    # Mostly consecutive sentences (topic coherence), sometimes random ones.
    out = []
    for i in range(n):
        if rng.random() < 0.7:
            out.append(SENTENCES[(start + i) % len(SENTENCES)])
        else:
            out.append(rng.choice(SENTENCES))
    return " ".join(out)


def words_text(rng: random.Random, n: int) -> str:
    """n words of plausible text (cycled sentences, so shingles mostly distinct)."""
    ws = paragraph(rng, 6, 10).split()
    while len(ws) < n:
        ws += paragraph(rng, 3, 6).split()
    return " ".join(ws[:n])


def distinct_words(prefix: str, n: int) -> list:
    return [f"{prefix}{i}" for i in range(n)]


def whitespace_variant(rng: random.Random, text: str, change_case: bool = True) -> str:
    """Same words, different case and whitespace: an exact duplicate to the
    reference's md5(re.sub(r"\\s+", " ", lower())) only if the whitespace runs
    stay runs (they do: every separator is replaced by a non-empty run)."""
    ws = text.split()
    out = []
    for i, w in enumerate(ws):
        if change_case:
            r = rng.random()
            if r < 0.25:
                w = w.upper()
            elif r < 0.5:
                w = w.capitalize()
            elif r < 0.6:
                w = "".join(c.upper() if rng.random() < 0.5 else c for c in w)
        out.append(w)
        if i < len(ws) - 1:
            out.append(rng.choice(WS_VARIANTS) if rng.random() < 0.5 else " ")
    return "".join(out)


def mutate(rng: random.Random, text: str, n_changes: int) -> str:
    ws = text.split()
    for _ in range(n_changes):
        op = rng.random()
        pos = rng.randrange(len(ws) + 1)
        if op < 0.5 and ws:
            ws[min(pos, len(ws) - 1)] = rng.choice(WORDS)
        elif op < 0.75 or not ws:
            ws.insert(pos, rng.choice(WORDS))
        else:
            del ws[min(pos, len(ws) - 1)]
    return " ".join(ws)


def score(rng: random.Random) -> float:
    r = rng.random()
    if r < 0.6:
        return round(rng.uniform(0.3, 0.99), rng.choice([2, 3, 4]))
    if r < 0.75:
        return rng.choice([1.0, 0.5, 0.25, 0.125, 0.005, 0.015, 0.995, 0.875])
    return rng.random()


def metadata(rng: random.Random, i: int) -> dict:
    r = rng.random()
    if r < 0.4:
        return {}
    md = {"chunk": i, "lang": "en"}
    if r < 0.6:
        md["tags"] = ["kb", rng.choice(["billing", "api", "account", "admin"])]
    if r < 0.7:
        md["page"] = rng.randint(1, 40)
        md["score_raw"] = round(rng.uniform(-1, 1), 3)
    if r < 0.75:
        md["nested"] = {"a": [1, 2, {"b": None}], "ok": True}
    if r > 0.95:
        md["truncated"] = False
    return md


# -------------------------------------------------------------------- cases

CASES: list = []
NAMES: set = set()


def add(name: str, docs: list, **opts) -> dict:
    assert name not in NAMES, name
    NAMES.add(name)
    o = dict(DEFAULTS)
    o.update(opts)
    assert set(o) == set(DEFAULTS), o
    docs = [
        {
            "content": d["content"],
            "score": float(d.get("score", 1.0)),
            "source": d.get("source", ""),
            "metadata": d.get("metadata", {}),
        }
        for d in docs
    ]
    cm = ContextManager(
        dedup_threshold=o["dedup_threshold"],
        min_doc_tokens=o["min_doc_tokens"],
        use_lost_in_middle=o["lost_in_middle"],
        shingle_size=o["shingle_size"],
    )
    req = PromptRequest(
        query="q",
        documents=[Document(d["content"], d["score"], d["source"], dict(d["metadata"])) for d in docs],
        max_context_tokens=o["budget"],
    )
    expected = to_json(cm.build(req))
    case = {"name": name, "options": o, "documents": docs, "expected": expected}
    CASES.append(case)
    return case


def D(content, score=1.0, source="", metadata=None):
    return {"content": content, "score": score, "source": source, "metadata": metadata or {}}


def kb_docs(rng, n, dup_rate=0.2, near_rate=0.2, with_sources=0.7):
    docs = []
    for i in range(n):
        r = rng.random()
        if docs and r < dup_rate:
            base = rng.choice(docs)
            content = whitespace_variant(rng, base["content"])
        elif docs and r < dup_rate + near_rate:
            base = rng.choice(docs)
            content = mutate(rng, base["content"], rng.randint(1, 6))
        elif r > 0.95:
            content = rng.choice(["See above.", "N/A", "Thanks!", "Contact support.", "ok"])
        else:
            content = paragraph(rng)
        src = rng.choice(SOURCES) if rng.random() < with_sources else ""
        docs.append(D(content, score(rng), src, metadata(rng, i)))
    return docs


def gen_seed_examples():
    add("seed/basic", [D("Paris is the capital of France.", 0.9)])
    add("seed/empty_documents", [])
    rng = random.Random(1)
    add("seed/tighter_dedup", kb_docs(rng, 8, 0.2, 0.4), dedup_threshold=0.6, min_doc_tokens=10)
    add("seed/defaults_kb", kb_docs(random.Random(2), 10))


def gen_realistic():
    rng = random.Random(1001)
    for i in range(30):
        n = rng.randint(3, 14)
        docs = kb_docs(rng, n, rng.choice([0.1, 0.2, 0.35]), rng.choice([0.1, 0.25, 0.4]))
        total = sum(int(len(d["content"].split()) * 1.3) for d in docs)
        budget = rng.choice([4000, total, max(0, total // 2), max(0, total // 3) + 51,
                             rng.randint(0, max(1, total)), 200, 500, 0])
        add(f"realistic/{i:02d}", docs,
            dedup_threshold=rng.choice([0.85, 0.85, 0.5, 0.7, 0.9, 0.95, 0.3]),
            min_doc_tokens=rng.choice([5, 5, 0, 1, 10, 20]),
            lost_in_middle=rng.random() < 0.7,
            shingle_size=rng.choice([5, 5, 3, 1, 2, 4, 6, 8]),
            budget=budget)


def gen_whitespace_dups():
    rng = random.Random(2002)
    base = SENTENCES[0] + " " + SENTENCES[1]
    # One case per separator family, each an exact duplicate of the base.
    # Three separators per case, each variant an exact duplicate of the base;
    # near-dup detection is made unable to catch them (shingle size 1 and
    # threshold 1.0 would, so a distinct last word keeps Jaccard < 1 for the
    # control doc only).
    for j in range(0, len(WS_VARIANTS), 3):
        docs = [D(base, 0.9, "a.md")]
        for m, ws in enumerate(WS_VARIANTS[j:j + 3]):
            variant = ws.join(base.split())
            if (j + m) % 2 == 0:
                variant = variant.upper()
            docs.append(D(variant, round(0.8 - m / 10, 2), f"v{m}.md"))
        docs.append(D(base + " extra", 0.4, "control.md"))
        docs.append(D(paragraph(rng), 0.3, "c.md"))
        names = "_".join(f"{ord(ws[0]):04X}" for ws in WS_VARIANTS[j:j + 3])
        add(f"ws_dup/seps_{names}", docs, dedup_threshold=1.0, lost_in_middle=bool(j % 2))
    # All the information separators in one text, lower score first so the
    # variant is the one kept.
    sep = "\x1c\x1d\x1e\x1f"
    add("ws_dup/info_separators_kept_first",
        [D(base, 0.5, "plain.md"), D(sep.join(base.split()), 0.6, "seps.md")], dedup_threshold=1.0)
    # Leading/trailing whitespace is collapsed, not trimmed: different md5,
    # but identical shingles -> near duplicate at Jaccard 1.0.
    add("ws_dup/leading_trailing", [
        D(base, 0.9, "a"), D("  " + base, 0.8, "b"), D(base + "\n", 0.7, "c"), D("\t" + base + "\t", 0.6, "d"),
    ], dedup_threshold=1.0, lost_in_middle=False)
    # Same, but near-dup detection effectively off (threshold above 1 is
    # impossible, so use a shingle size that makes them differ? no: words are
    # equal) -> all are duplicates of the first at threshold 1.0 anyway; with
    # a non-whitespace look-alike they are not.
    for j, nw in enumerate(NOT_WS):
        add(f"ws_dup/not_whitespace_{j}_U+{ord(nw):04X}", [
            D(base, 0.9, "a"), D(nw.join(base.split()), 0.8, "b"), D(base.replace(" ", " " + nw, 3), 0.7, "c"),
        ], dedup_threshold=0.85, shingle_size=2)
    # Randomised case/whitespace variants mixed into realistic sets.
    for i in range(6):
        docs = []
        for k in range(rng.randint(2, 5)):
            p = paragraph(rng, 1, 4)
            docs.append(D(p, score(rng), rng.choice(SOURCES)))
            for _ in range(rng.randint(1, 3)):
                docs.append(D(whitespace_variant(rng, p), score(rng), rng.choice(SOURCES + [""])))
        rng.shuffle(docs)
        add(f"ws_dup/mixed_{i}", docs, dedup_threshold=rng.choice([1.0, 0.99, 0.85]),
            lost_in_middle=rng.random() < 0.5, shingle_size=rng.choice([1, 3, 5, 7]))


def exact_jaccard_pairs():
    """(inter, union) pairs with union <= 40, grouped by their float value."""
    out = {}
    for u in range(1, 41):
        for i in range(0, u + 1):
            out.setdefault(i / u, []).append((i, u))
    return out


def gen_near_dups():
    rng = random.Random(3003)
    pairs = exact_jaccard_pairs()
    # Exact hits: Jaccard equals the threshold as a float64 -> duplicate.
    # Just below -> kept.  Built with shingle size 1 (sets of words) and a
    # bigger shingle size (sets of k-windows over a shared prefix).
    thresholds = [0.85, 0.8, 0.9, 0.75, 0.7, 0.6, 0.5, 0.3, 0.95, 0.1, 0.2, 0.4,
                  2 / 3, 1 / 3, 0.65, 0.55, 0.45, 0.35, 0.15, 0.05]
    for t in thresholds:
        hits = [p for p in pairs.get(t, []) if p[1] >= 2]
        assert hits, t
        inter, union = hits[min(1, len(hits) - 1)]
        # k = 1: A = w0..w{inter-1}, B = A + (union-inter) new words.
        a = distinct_words("alpha", inter)
        b = a + distinct_words("beta", union - inter)
        # Jaccard(B, A) = inter/union exactly.
        lower = None
        for (i2, u2) in sorted(((i, u) for v, ps in pairs.items() if v < t for (i, u) in ps if u == union),
                               key=lambda p: -p[0])[:1]:
            lower = (i2, u2)
        docs = [D(" ".join(a) if a else "", 0.9, "base"), D(" ".join(b), 0.8, "hit")]
        if lower:
            i2, u2 = lower
            c = distinct_words("alpha", i2) + distinct_words("gamma", u2 - i2)
            docs.append(D(" ".join(c), 0.7, "below"))
        add(f"near/exact_threshold_k1_t{t:.4f}_{inter}of{union}", docs,
            dedup_threshold=t, shingle_size=1, min_doc_tokens=0, lost_in_middle=False)
        # k = 4: a run of words gives (n-k+1) shingles; appending m words adds m.
        k = 4
        if inter >= 1:
            base_words = words_text(rng, inter + k - 1).split()
            # make words unique so shingles are distinct
            base_words = [f"{w}{j}" for j, w in enumerate(base_words)]
            ext = base_words + distinct_words("tail", union - inter)
            add(f"near/exact_threshold_k4_t{t:.4f}_{inter}of{union}",
                [D(" ".join(base_words), 0.95, "base"), D(" ".join(ext), 0.5, "ext"),
                 D(paragraph(rng), 0.4, "other")],
                dedup_threshold=t, shingle_size=k, min_doc_tokens=0)
    # Graded similarity: one base, variants with 0..20 mutations, several thresholds.
    for i, t in enumerate([0.85, 0.6, 0.4, 0.95]):
        base = words_text(rng, 60)
        docs = [D(base, 0.99, "base.md")]
        for m in [0, 1, 2, 3, 4, 6, 8, 12, 16, 20]:
            docs.append(D(mutate(rng, base, m), round(0.98 - m * 0.01, 2), f"v{m}.md"))
        rng.shuffle(docs)
        add(f"near/graded_{i}_t{t}", docs, dedup_threshold=t, shingle_size=rng.choice([2, 3, 5]),
            budget=rng.choice([4000, 300, 120]))
    # Duplicate of a later kept document, not the first.
    p1, p2 = words_text(rng, 40), words_text(rng, 40)
    add("near/matches_second_kept", [D(p1, 0.9, "one"), D(p2, 0.8, "two"), D(mutate(rng, p2, 1), 0.7, "three")],
        shingle_size=2, dedup_threshold=0.8)
    # A near duplicate that is higher scored than its original: the
    # original becomes the duplicate.
    add("near/higher_scored_copy_wins", [D(p1, 0.5, "orig"), D(mutate(rng, p1, 1), 0.6, "copy")],
        shingle_size=3, dedup_threshold=0.7)
    # Chain: B ~ A, C ~ B but not ~ A; B removed so C compared only with A.
    base = words_text(rng, 30).split()
    a = " ".join(base)
    b = " ".join(base[:24] + distinct_words("x", 6))
    c = " ".join(base[:18] + distinct_words("x", 6) + distinct_words("y", 6))
    add("near/chain_only_kept_count", [D(a, 0.9, "a"), D(b, 0.8, "b"), D(c, 0.7, "c")],
        shingle_size=1, dedup_threshold=0.6)
    # Repeated words: shingle sets, not multisets.
    add("near/repeated_words_are_sets", [
        D("spam spam spam spam spam spam spam eggs", 0.9),
        D("spam eggs spam eggs", 0.8),
        D("eggs spam", 0.7),
        D("spam spam spam spam spam spam spam spam spam spam spam spam spam eggs", 0.6),
    ], shingle_size=1, dedup_threshold=1.0, min_doc_tokens=0)
    add("near/repeated_windows_k2", [
        D("a b a b a b a b a b a b", 0.9),
        D("b a b a b a", 0.8),
        D("a b a b", 0.7),
        D("a b", 0.6),
        D("b a", 0.5),
    ], shingle_size=2, dedup_threshold=1.0, min_doc_tokens=0, lost_in_middle=True)
    # Tokens that would collide if shingles were joined with NUL or "|"
    # rather than kept as tuples.
    add("near/no_join_collisions", [
        D("a\x00b c", 0.9), D("a b\x00c", 0.8), D("a|b c", 0.7), D("a b|c", 0.6),
        D("a_b c", 0.5), D("a b_c", 0.4), D("a\x1fb c", 0.3),
    ], shingle_size=5, dedup_threshold=1.0, min_doc_tokens=0, lost_in_middle=False)
    add("near/no_join_collisions_k2", [
        D("x\x00y z w", 0.9), D("x y\x00z w", 0.8), D("x y z\x00w", 0.7), D("x\x00y\x00z\x00w", 0.6),
    ], shingle_size=2, dedup_threshold=0.3, min_doc_tokens=0, lost_in_middle=False)
    # Punctuation and case in shingles.
    add("near/punctuation_differs", [
        D("Reset your password in Settings.", 0.9), D("reset your password in settings", 0.8),
        D("RESET YOUR PASSWORD IN SETTINGS.", 0.7), D("Reset your password, in Settings.", 0.6),
    ], shingle_size=1, dedup_threshold=0.7, min_doc_tokens=0)


def gen_ties():
    rng = random.Random(4004)
    for i in range(6):
        n = rng.randint(2, 12)
        sc = rng.choice([[1.0], [0.5], [0.8, 0.8, 0.3], [0.7, 0.7, 0.9, 0.9], [0.0, -0.0], [0.25, 0.75]])
        docs = [D(f"doc{j} " + paragraph(rng, 1, 2), rng.choice(sc), f"src{j}") for j in range(n)]
        add(f"ties/stable_{i}_n{n}", docs, lost_in_middle=bool(i % 2), budget=rng.choice([4000, 150, 60]))
    # Exact duplicates with tied scores: the first in input order survives.
    p = paragraph(rng)
    add("ties/dup_first_input_wins", [
        D(p.upper(), 0.5, "upper"), D(p, 0.5, "plain"), D(p.lower(), 0.5, "lower"), D(paragraph(rng), 0.5, "other"),
    ])
    add("ties/negative_zero", [D("zero " + p, 0.0, "pos0"), D("negzero " + p, -0.0, "neg0"),
                               D("half " + p, 0.5, "half"), D("negzero two " + p, -0.0, "neg0b")],
        dedup_threshold=1.0)


def gen_empty_tiny():
    add("empty/no_docs_zero_budget", [], budget=0)
    add("empty/no_docs_lim_off", [], lost_in_middle=False, budget=1)
    add("empty/all_filtered", [D("too short", 0.9), D("also short text", 0.8), D("", 0.7)])
    add("empty/empty_contents_min0", [D("", 0.9, "a"), D("", 0.8, "b"), D("", 0.7)], min_doc_tokens=0)
    add("empty/whitespace_only_min0", [
        D(" ", 0.9, "space"), D("\t\n", 0.8, "tabnl"), D("", 0.7, "empty"), D("\u00a0\u2003\x1c", 0.6, "uni"),
        D("  ", 0.5, "two"), D("\n", 0.4, "nl"),
    ], min_doc_tokens=0, dedup_threshold=1.0)
    add("empty/whitespace_only_min0_threshold0", [
        D(" ", 0.9, "space"), D("", 0.8, "empty"), D("word", 0.7, "word"),
    ], min_doc_tokens=0, dedup_threshold=0.0)
    add("empty/whitespace_only_min0_budget0", [
        D("", 0.9), D(" ", 0.8), D("one", 0.7), D("two words", 0.6), D("\t", 0.5),
    ], min_doc_tokens=0, budget=0, dedup_threshold=0.99, lost_in_middle=False)
    add("empty/empty_content_lim", [D("", s) for s in (0.9, 0.8, 0.7, 0.6, 0.5)],
        min_doc_tokens=0)
    add("empty/single_empty_doc_min0", [D("", 1.0, "only")], min_doc_tokens=0)
    add("empty/single_empty_doc_min1", [D("", 1.0, "only")], min_doc_tokens=1)
    # Tiny docs: 1 word = int(1.3) = 1 token, 3 words = 3, 4 words = 5.
    add("tiny/one_to_six_words_min0", [
        D(" ".join(distinct_words("w", n)), 1.0 - n / 10, f"n{n}") for n in range(0, 7)
    ], min_doc_tokens=0)
    add("tiny/one_to_six_words_min4", [
        D(" ".join(distinct_words("w", n)), 1.0 - n / 10, f"n{n}") for n in range(0, 7)
    ], min_doc_tokens=4)
    add("tiny/one_to_six_words_min5", [
        D(" ".join(distinct_words("w", n)), 1.0 - n / 10, f"n{n}") for n in range(0, 7)
    ], min_doc_tokens=5, lost_in_middle=False)
    add("tiny/min_tokens_boundary_13", [
        D(" ".join(distinct_words("w", n)), 0.5, f"n{n}") for n in (9, 10, 11)
    ], min_doc_tokens=13)
    # Docs shorter than the shingle size: one shingle, the tuple of all words.
    for k in (3, 5, 8):
        add(f"tiny/shorter_than_shingle_k{k}", [
            D("alpha beta", 0.9), D("ALPHA  beta", 0.8), D("alpha beta gamma", 0.7),
            D("beta alpha", 0.6), D("alpha beta gamma delta epsilon zeta eta theta iota", 0.5),
            D("alpha beta gamma delta epsilon zeta eta theta iota kappa", 0.4),
            D("alpha", 0.3), D("", 0.2),
        ], shingle_size=k, min_doc_tokens=0, dedup_threshold=0.5)
    # A short doc vs a long doc that contains the same words as one window.
    add("tiny/short_vs_window_k3", [
        D("one two three", 0.9), D("one two three four", 0.8), D("zero one two three", 0.7),
    ], shingle_size=3, min_doc_tokens=0, dedup_threshold=0.5)


def budget_docs(rng, lens, scores=None, sources=True):
    docs = []
    for j, n in enumerate(lens):
        s = scores[j] if scores else round(0.95 - 0.05 * j, 2)
        docs.append(D(words_text(rng, n) if n else "", s, f"doc/{j}.md" if sources else "",
                      {"i": j} if j % 2 else {}))
    return docs


def gen_budget():
    rng = random.Random(5005)
    # Zero budget.
    add("budget/zero", budget_docs(rng, [40, 30, 20]), budget=0)
    add("budget/zero_with_zero_token_docs", budget_docs(rng, [40, 0, 30, 0]), budget=0, min_doc_tokens=0,
        lost_in_middle=False)
    # Partial inclusion boundaries. Doc 0: 30 words = 39 tokens.
    for rem in (49, 50, 51, 52, 53, 64, 65, 66, 77, 78, 100, 130, 131, 200, 259, 260):
        docs = budget_docs(rng, [30, 400, 20])
        add(f"budget/remaining_{rem}", docs, budget=39 + rem, lost_in_middle=False)
    # No first doc: the first one overflows straight away.
    for b in (50, 51, 52, 1000):
        add(f"budget/first_overflows_{b}", budget_docs(rng, [900, 10]), budget=b, lost_in_middle=False)
    # Exact fit, one over, one under.
    for delta in (-1, 0, 1):
        docs = budget_docs(rng, [20, 20, 20])  # 26 tokens each
        add(f"budget/exact_fit_{delta:+d}", docs, budget=78 + delta, lost_in_middle=False)
    # A later document that fits after an overflow is still included (no
    # partial, remaining <= 50).
    add("budget/later_fits_after_overflow", budget_docs(rng, [20, 60, 10, 5, 40]), budget=60, lost_in_middle=False)
    # After a partial, used == budget, only zero-token docs still fit.
    add("budget/zero_token_after_partial", budget_docs(rng, [10, 200, 0, 1, 0, 3]), budget=120,
        min_doc_tokens=0, lost_in_middle=False, dedup_threshold=1.0)
    # Metadata: partial copy gets truncated: true (overriding an existing key),
    # the original in excluded keeps its metadata.
    docs = budget_docs(rng, [30, 300])
    docs[1]["metadata"] = {"truncated": False, "page": 3, "tags": ["a", "b"], "nested": {"x": 1.5}}
    add("budget/partial_metadata_override", docs, budget=150, lost_in_middle=False)
    docs = budget_docs(rng, [300])
    docs[0]["metadata"] = {}
    add("budget/partial_empty_metadata", docs, budget=60)
    # Partial content re-joins words with single spaces, whatever the separators.
    content = "\t".join(words_text(rng, 80).split()).replace("\t", "\n", 10).replace("\t", "\u00a0", 5)
    add("budget/partial_rejoins_whitespace", [D(content, 0.9, "messy.txt"), D(words_text(rng, 10), 0.8)],
        budget=70)
    # Budget with reorder: partial applies to the doc at the overflow point
    # after reordering.
    add("budget/partial_after_reorder", budget_docs(rng, [50, 40, 30, 20, 10, 60, 70]), budget=250)
    add("budget/large_budget", budget_docs(rng, [100] * 6), budget=10**9)
    for i in range(6):
        n = rng.randint(3, 10)
        lens = [rng.randint(0, 150) for _ in range(n)]
        total = sum(int(x * 1.3) for x in lens)
        add(f"budget/random_{i}", budget_docs(rng, lens, sources=rng.random() < 0.5),
            budget=rng.randint(0, total), min_doc_tokens=rng.choice([0, 5]),
            lost_in_middle=rng.random() < 0.5)


def gen_thresholds():
    rng = random.Random(6006)
    for t in (0.0, 1.0):
        for k in (1, 5):
            docs = kb_docs(rng, 8, 0.25, 0.25)
            docs.append(D(paragraph(rng), 0.1, "unrelated"))
            add(f"threshold/{t}_k{k}", docs, dedup_threshold=t, shingle_size=k)
    add("threshold/0.0_only_first_kept", [D(paragraph(rng), s, f"s{j}") for j, s in enumerate([0.3, 0.9, 0.5])],
        dedup_threshold=0.0)
    add("threshold/1.0_needs_identical_sets", [
        D("the quick brown fox jumps over the lazy dog", 0.9),
        D("the quick brown fox jumps over the lazy dog again", 0.8),
        D("The Quick Brown Fox Jumps Over The Lazy Dog", 0.7),
        D("dog lazy the over jumps fox brown quick the", 0.6),
        D("the quick brown fox jumps over the lazy dog the quick brown fox", 0.5),
    ], dedup_threshold=1.0, shingle_size=1, lost_in_middle=False)


def gen_lost_in_middle():
    rng = random.Random(7007)
    for n in range(0, 13):
        for on in (True, False):
            docs = [D(f"Rank {j + 1}. " + paragraph(rng, 1, 2), round(1.0 - j * 0.07, 2), f"rank{j + 1}")
                    for j in range(n)]
            rng.shuffle(docs)
            add(f"lim/n{n:02d}_{'on' if on else 'off'}", docs, lost_in_middle=on)


def gen_shingle_sizes():
    rng = random.Random(8008)
    for k in range(1, 9):
        base = words_text(rng, 25)
        docs = [D(base, 0.9, "base")]
        for m in (1, 2, 3, 5):
            docs.append(D(mutate(rng, base, m), round(0.85 - m / 100, 2), f"m{m}"))
        docs.append(D(" ".join(base.split()[: k - 1]) if k > 1 else "x", 0.5, "short"))
        docs.append(D(" ".join(base.split()[: k]), 0.45, "exactly_k"))
        docs.append(D(" ".join(base.split()[: k + 1]), 0.4, "k_plus_1"))
        for t in (0.85, 0.5):
            add(f"shingle/k{k}_t{t}", docs, shingle_size=k, dedup_threshold=t, min_doc_tokens=0)


def gen_scores():
    rng = random.Random(9009)
    specials = [0.125, 0.375, 0.625, 0.875, 0.005, 0.015, 0.025, 0.035, 0.045, 0.055, 0.995, 0.985,
                0.9999, 0.99999999, 1.0, 1.0000001, 1.5, 2.0, 100.0, 0.0, -0.0, -0.001, -0.005, -0.125,
                -1.0, -2.5, 1e-9, 5e-324, 0.1 + 0.2, 0.7, 0.29, 0.57, 1e300, -1e300, 0.994999, 0.995000001]
    for chunk in range(0, len(specials), 9):
        part = specials[chunk:chunk + 9]
        docs = [D(f"Score {s!r}: " + paragraph(rng, 1, 2), s, rng.choice(["", f"s{j}.md"])) for j, s in enumerate(part)]
        add(f"scores/format_{chunk // 9}", docs, lost_in_middle=bool(chunk % 2), dedup_threshold=1.0)
    # A random spread of two-decimal-ish scores.
    for i in range(2):
        docs = [D(paragraph(rng, 1, 3), round(rng.uniform(-1, 1.2), rng.choice([2, 3, 4, 6])), rng.choice(SOURCES))
                for _ in range(10)]
        add(f"scores/random_{i}", docs, dedup_threshold=1.0)


def utilization_tie(tokens: int, budget: int) -> bool:
    x = tokens / max(budget, 1) * 100
    d = Decimal(x) * 10
    return d - int(d) == Decimal("0.5")


def gen_utilization():
    """Single and double doc sets whose formatted block hits chosen token
    counts, against budgets where tokens/budget*100 is an exact x.x5 (a
    round-half-even tie) or close to one."""
    rng = random.Random(10010)
    budgets = [8, 16, 32, 80, 160, 400, 0, 1, 3, 7, 48, 96, 1000]
    made = 0
    for b in budgets:
        found = []
        # One doc, score 1.0, no source: header "--- Source [1] ---" = 4 words.
        for n in range(0, 60):
            block_words = 4 + n
            t = int(block_words * 1.3)
            if int(n * 1.3) > b:
                continue
            if utilization_tie(t, b):
                found.append((n, t))
        for n, t in found[:3]:
            add(f"util/tie_b{b}_n{n}_t{t}", [D(words_text(rng, n) if n else "", 1.0)],
                budget=b, min_doc_tokens=0)
            made += 1
        if not found:
            n = rng.randint(0, 12)
            add(f"util/no_tie_b{b}_n{n}", [D(words_text(rng, n), 1.0)], budget=b, min_doc_tokens=0)
    # Over-100% utilization because headers are not budgeted.
    add("util/over_100", [D(words_text(rng, 6), 0.5, "a/very/long/source/path.md") for _ in range(1)]
        + [D(words_text(rng, 6), 0.4, "b.md")], budget=16, min_doc_tokens=0)
    # Ties at larger budgets with several docs.
    for b in (16, 80, 160, 400):
        for _ in range(200):
            n = rng.randint(2, 5)
            lens = [rng.randint(0, 40) for _ in range(n)]
            docs = [D(words_text(rng, x) if x else "", rng.choice([1.0, 0.5]), rng.choice(["", "s.md"])) for x in lens]
            c = ContextManager(min_doc_tokens=0, dedup_threshold=1.0, use_lost_in_middle=False)
            r = c.build(PromptRequest("q", [Document(d["content"], d["score"], d["source"]) for d in docs], max_context_tokens=b))
            if r.tokens_used and utilization_tie(r.tokens_used, b):
                add(f"util/multi_tie_b{b}_t{r.tokens_used}", docs, budget=b, min_doc_tokens=0,
                    dedup_threshold=1.0, lost_in_middle=False)
                made += 1
                break
    return made


def gen_unicode():
    rng = random.Random(11011)
    texts = [
        "Café crème brûlée à la française, naïve façade, coöperate, Ångström, Øresund, Łódź.",
        "Die Größe der Straße ändert sich; Übergrößen sind möglich. Ærø og Ålesund.",
        "日本語のテキストには空白がありません。これは一つの単語として数えられます。",
        "中文 文本 用 空格 分开 的 时候 会 被 当作 多个 词 来 计算 令牌 数量",
        "한국어 문장은 띄어쓰기가 있습니다 그래서 여러 단어로 계산됩니다",
        "Emoji test 🚀 launch 🎉 party 👩\u200d💻 developer 🇫🇷 flag 👍🏽 thumbs up",
        "Ελληνικά: το σύστημα λειτουργεί κανονικά και όλα είναι εντάξει ς",
        "Русский текст: ПРИВЕТ мир, Ёлка и ёжик, СЪЕШЬ ЖЕ ЕЩЁ ЭТИХ МЯГКИХ БУЛОК.",
        "עברית: זה טקסט מימין לשמאל עם מילים רבות בתוכו",
        "العربية: هذا نص من اليمين إلى اليسار يحتوي على كلمات",
        "Combining marks: e\u0301 a\u0308 o\u0302 n\u0303 versus é ä ô ñ precomposed forms here",
        "Ligatures and titlecase: ǅungla ǈubljana ǋegoš ﬁle ﬂow Ǳ Ǆ",
        "Math 𝐀𝐁𝐂 𝑥 ∑ ∫ ≤ ≥ ≠ and full-width ＡＢＣ ａｂｃ letters",
    ]
    for i, t in enumerate(texts):
        variant = whitespace_variant(rng, t, change_case=False)
        upper = t.upper() if i not in (6,) else t  # no Greek capitals (final sigma)
        docs = [D(t, 0.9, f"u{i}.txt"), D(variant, 0.8, f"u{i}_ws.txt"), D(upper, 0.7, f"u{i}_up.txt"),
                D(mutate(rng, t, 2), 0.6, f"u{i}_mut.txt"), D(paragraph(rng, 1, 2), 0.5)]
        add(f"unicode/{i:02d}", docs, min_doc_tokens=rng.choice([0, 1, 5]), shingle_size=rng.choice([1, 2, 3, 5]),
            dedup_threshold=rng.choice([0.85, 0.5, 1.0]), budget=rng.choice([4000, 60, 30]))
    # Sources with unicode and whitespace.
    add("unicode/sources", [
        D(paragraph(rng), 0.9, "docs/café/menü.md"), D(paragraph(rng), 0.8, "知识库/文章.md"),
        D(paragraph(rng), 0.7, " "), D(paragraph(rng), 0.6, "tab\tsource"), D(paragraph(rng), 0.5, "🚀.md"),
        D(paragraph(rng), 0.4, "0"), D(paragraph(rng), 0.3, "new\nline"),
    ], lost_in_middle=False)


def gen_sources():
    rng = random.Random(12012)
    for i in range(4):
        n = rng.randint(3, 9)
        docs = [D(paragraph(rng), score(rng), rng.choice(SOURCES) if rng.random() < 0.5 else "") for _ in range(n)]
        add(f"sources/mixed_{i}", docs, lost_in_middle=bool(i % 2))
    src = "kb/billing/refunds.md"
    add("sources/same_source_many_chunks", [D(paragraph(rng), round(0.9 - j / 20, 2), src, {"chunk": j}) for j in range(5)])


def gen_random():
    rng = random.Random(13013)
    i = 0
    for _ in range(24):
        n = rng.randint(0, 16)
        docs = kb_docs(rng, n, rng.random() * 0.4, rng.random() * 0.4, rng.random())
        for d in docs:
            if rng.random() < 0.1:
                d["content"] = rng.choice(["", " ", "word", "two words", "\n\t", "a b c d", "x\u00a0y"])
        total = sum(int(len(d["content"].split()) * 1.3) for d in docs)
        add(f"random/{i:03d}", docs,
            dedup_threshold=rng.choice([0.0, 0.25, 0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1.0, rng.random()]),
            min_doc_tokens=rng.choice([0, 1, 2, 5, 5, 8, 15]),
            lost_in_middle=rng.random() < 0.6,
            shingle_size=rng.randint(1, 8),
            budget=rng.choice([0, 16, 80, 160, 4000, rng.randint(0, total + 60), rng.randint(0, 500)]))
        i += 1


def check_text_safety():
    """Stay inside the behaviour the issue lets the Go port approximate:
    simple lowercasing (no U+0130, no capital sigma) and characters assigned
    in Python's Unicode version."""
    for c in CASES:
        for d in c["documents"]:
            for ch in d["content"]:
                assert ch not in "\u0130\u03a3", (c["name"], ch)
                assert len(ch.lower()) == 1, (c["name"], ch)
                assert unicodedata.category(ch) != "Cn", (c["name"], hex(ord(ch)))


def gen_stress(n: int, seed: int):
    """Adversarial random cases for a one-off stress run (not in cases.json):
    tiny vocabularies so that near duplicates and shingle overlaps are
    common, random whitespace, scores and budgets."""
    rng = random.Random(seed)
    vocab_pool = WORDS + ["a", "A", "b", "B", "é", "É", "日本", "🚀", "x\x00y", "ß", "SS"]
    for i in range(n):
        vocab = rng.sample(vocab_pool, rng.randint(2, 12))
        docs = []
        for j in range(rng.randint(0, 14)):
            r = rng.random()
            if docs and r < 0.2:
                content = whitespace_variant(rng, rng.choice(docs)["content"], change_case=rng.random() < 0.5)
            elif docs and r < 0.4:
                content = mutate(rng, rng.choice(docs)["content"], rng.randint(0, 4))
            else:
                ws = [rng.choice(vocab) for _ in range(rng.choice([0, 1, 2, 3, 5, 8, 13, 30, 60, 120]))]
                content = "".join(w + (rng.choice(WS_VARIANTS) if rng.random() < 0.2 else " ") for w in ws)
                if rng.random() < 0.2:
                    content = rng.choice(WS_VARIANTS) + content
            sc = rng.choice([1.0, 0.5, 0.9, 0.125, 0.005, -0.3, 1.5, round(rng.random(), rng.randint(1, 4)), rng.random()])
            docs.append(D(content, sc, rng.choice(["", "", "s1", "s2", "kb/a.md"]),
                          rng.choice([{}, {"k": j}, {"truncated": False}])))
        total = sum(int(len(d["content"].split()) * 1.3) for d in docs)
        add(f"stress/{i:05d}", docs,
            dedup_threshold=rng.choice([0.0, 1.0, 0.5, 0.85, 2 / 3, rng.random(), round(rng.random(), 2)]),
            min_doc_tokens=rng.choice([0, 0, 1, 3, 5, 10]),
            lost_in_middle=rng.random() < 0.5,
            shingle_size=rng.randint(1, 8),
            budget=rng.choice([0, 1, 16, 50, 51, 80, 160, rng.randint(0, total + 100), 4000]))


USAGE = """usage:
  python3 generate.py                         rewrite cases.json (the committed cases)
  python3 generate.py --stress N SEED OUT     write N random cases to OUT"""


def main():
    args = sys.argv[1:]
    if args and args[0] in ("-h", "--help"):
        print(USAGE)
        return
    if args and (args[0] != "--stress" or len(args) != 4):
        sys.exit(USAGE)
    if len(sys.argv) > 1 and sys.argv[1] == "--stress":
        # python3 generate.py --stress N SEED OUT.json
        n, seed, out = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
        gen_stress(n, seed)
        with open(out, "w", encoding="utf-8") as f:
            json.dump(CASES, f, ensure_ascii=False, separators=(",", ":"))
        print(f"{len(CASES)} stress cases written to {out}")
        return
    gen_seed_examples()
    gen_realistic()
    gen_whitespace_dups()
    gen_near_dups()
    gen_ties()
    gen_empty_tiny()
    gen_budget()
    gen_thresholds()
    gen_lost_in_middle()
    gen_shingle_sizes()
    gen_scores()
    ties = gen_utilization()
    gen_unicode()
    gen_sources()
    gen_random()
    check_text_safety()

    data = json.dumps(CASES, ensure_ascii=False, indent=None, separators=(",", ":"))
    # One case per line keeps diffs of the file readable.
    data = "[\n" + ",\n".join(json.dumps(c, ensure_ascii=False, separators=(",", ":")) for c in CASES) + "\n]\n"
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(data)

    groups = {}
    for c in CASES:
        groups[c["name"].split("/")[0]] = groups.get(c["name"].split("/")[0], 0) + 1
    stats = {
        "cases": len(CASES),
        "bytes": len(data.encode("utf-8")),
        "groups": groups,
        "utilization_ties": sum(1 for c in CASES if utilization_tie(c["expected"]["tokens_used"], c["options"]["budget"])),
        "with_partial": sum(1 for c in CASES if any(d["metadata"].get("truncated") is True for d in c["expected"]["included_docs"])),
        "with_duplicates": sum(1 for c in CASES if c["expected"]["duplicates_removed"] > 0),
        "truncated": sum(1 for c in CASES if c["expected"]["truncated"]),
        "empty_block": sum(1 for c in CASES if c["expected"]["context_block"] == ""),
    }
    print(json.dumps(stats, indent=1))


if __name__ == "__main__":
    main()
