#!/usr/bin/env python3
"""Run the reference on a JSONL document file and print its result.

    python3 reference_build.py DOCS.jsonl OUT.json

Reads ctxlab's own record format (content, score, source, metadata), runs
core/pipeline/testdata/reference/context_manager.py with its defaults and a
budget of 4000, and writes the reference keys of `ctxlab build --format
json` as canonical JSON (sorted keys, no spaces), the form coldbench
compares. The reading and writing are timed with the build, as ctxlab's
are: both sides run a whole command.
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "core", "pipeline", "testdata", "reference"))

from context_manager import ContextManager, Document, PromptRequest, to_json  # noqa: E402


def main() -> None:
    docs_path, out_path = sys.argv[1], sys.argv[2]
    docs = []
    with open(docs_path, encoding="utf-8") as f:
        for line in f:
            rec = json.loads(line)
            docs.append(Document(content=rec["content"], score=rec.get("score", 1.0),
                                 source=rec.get("source", ""), metadata=rec.get("metadata") or {}))
    result = ContextManager().build(PromptRequest(query="", documents=docs, max_context_tokens=4000))
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump(to_json(result), f, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


if __name__ == "__main__":
    main()
