"""The reference (see ARCHITECTURE.md), reimplemented from its document
(../shared/seeds/000_675d467294159465.txt) and issue 2, "The pipeline (core)".

This is the oracle that generate.py runs to produce cases.json; the Go
engine (pipeline.Build with the heuristic tokenizer and BudgetReference) must
reproduce its results byte for byte.  Only the standard library is used.

Two knobs that the reference hard-codes are parameters here, with the
reference's values as defaults: the shingle size (5) and the minimum remaining
budget for a partial inclusion (50).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple


@dataclass
class Document:
    content: str
    score: float = 1.0
    source: str = ""
    metadata: Dict[str, Any] = field(default_factory=dict)


@dataclass
class Message:
    role: str
    content: str


@dataclass
class PromptRequest:
    query: str
    documents: List[Document] = field(default_factory=list)
    memory: List[Message] = field(default_factory=list)
    max_context_tokens: int = 4000


@dataclass
class ContextResult:
    context_block: str
    included_docs: List[Document]
    excluded_docs: List[Document]
    citation_map: Dict[int, str]
    tokens_used: int
    tokens_budget: int
    duplicates_removed: int
    truncated: bool

    @property
    def utilization_pct(self) -> float:
        return round(self.tokens_used / max(self.tokens_budget, 1) * 100, 1)


class ContextManager:
    def __init__(
        self,
        dedup_threshold: float = 0.85,
        min_doc_tokens: int = 5,
        use_lost_in_middle: bool = True,
        summarize_overflow: bool = False,  # accepted and ignored, as in the reference
        max_memory_messages: int = 10,
        shingle_size: int = 5,
        partial_min_remaining: int = 50,
    ) -> None:
        self.dedup_threshold = dedup_threshold
        self.min_doc_tokens = min_doc_tokens
        self.use_lost_in_middle = use_lost_in_middle
        self.summarize_overflow = summarize_overflow
        self.max_memory_messages = max_memory_messages
        self.shingle_size = shingle_size
        self.partial_min_remaining = partial_min_remaining

    # ------------------------------------------------------------------ build
    def build(self, request: PromptRequest) -> ContextResult:
        # 1. Filter.
        docs = [
            d for d in request.documents
            if self._count_tokens(d.content) >= self.min_doc_tokens
        ]
        # 2. Sort: descending by score; Python's sort is stable, and
        #    reverse=True keeps equal elements in input order.
        docs = sorted(docs, key=lambda d: d.score, reverse=True)
        # 3. Deduplicate.
        docs, n_dupes = self._deduplicate(docs)
        # 4. Reorder.
        if self.use_lost_in_middle and len(docs) > 3:
            docs = self._lost_in_middle_reorder(docs)
        # 5. Budget.
        budget = request.max_context_tokens
        included, excluded, truncated = self._apply_budget(docs, budget)
        # 6. Format.
        context_block, citation_map = self._format(included)
        # 7. Result.
        return ContextResult(
            context_block=context_block,
            included_docs=included,
            excluded_docs=excluded,
            citation_map=citation_map,
            tokens_used=self._count_tokens(context_block),
            tokens_budget=budget,
            duplicates_removed=n_dupes,
            truncated=truncated,
        )

    # --------------------------------------------------------- format_memory
    def format_memory(self, memory: List[Message], max_turns: Optional[int] = None) -> str:
        if max_turns is None:
            max_turns = self.max_memory_messages
        recent = memory[-max_turns * 2:]
        if not recent:
            return ""
        lines = []
        for m in recent:
            label = "User" if m.role == "user" else "Assistant"
            lines.append(f"{label}: {m.content}")
        return "\n".join(lines)

    # ---------------------------------------------------------------- helpers
    @staticmethod
    def _count_tokens(text: str) -> int:
        return int(len(text.split()) * 1.3)

    def _deduplicate(self, docs: List[Document]) -> Tuple[List[Document], int]:
        seen_hashes = set()
        seen_shingles: List[set] = []
        unique: List[Document] = []
        n_dupes = 0
        for doc in docs:
            h = hashlib.md5(re.sub(r"\s+", " ", doc.content.lower()).encode()).hexdigest()
            if h in seen_hashes:
                n_dupes += 1
                continue
            sh = self._shingles(doc.content, self.shingle_size)
            is_dup = False
            for prev in seen_shingles:
                if self._jaccard(sh, prev) >= self.dedup_threshold:
                    is_dup = True
                    break
            if is_dup:
                n_dupes += 1
                continue
            seen_hashes.add(h)
            seen_shingles.append(sh)
            unique.append(doc)
        return unique, n_dupes

    @staticmethod
    def _shingles(text: str, k: int = 5) -> set:
        words = text.lower().split()
        if len(words) < k:
            return {tuple(words)}
        return {tuple(words[i:i + k]) for i in range(len(words) - k + 1)}

    @staticmethod
    def _jaccard(a: set, b: set) -> float:
        if not a and not b:
            return 0.0
        return len(a & b) / len(a | b)

    @staticmethod
    def _lost_in_middle_reorder(docs: List[Document]) -> List[Document]:
        result: List[Optional[Document]] = [None] * len(docs)
        left, right = 0, len(docs) - 1
        for i, doc in enumerate(docs):
            if i % 2 == 0:
                result[left] = doc
                left += 1
            else:
                result[right] = doc
                right -= 1
        return result  # type: ignore[return-value]

    def _apply_budget(
        self, docs: List[Document], budget: int
    ) -> Tuple[List[Document], List[Document], bool]:
        included: List[Document] = []
        excluded: List[Document] = []
        used = 0
        truncated = False
        for doc in docs:
            t = self._count_tokens(doc.content)
            if used + t <= budget:
                included.append(doc)
                used += t
            else:
                remaining = budget - used
                if remaining > self.partial_min_remaining:
                    words = doc.content.split()[: int(remaining / 1.3)]
                    partial = Document(
                        content=" ".join(words) + " [...]",
                        score=doc.score,
                        source=doc.source,
                        metadata={**doc.metadata, "truncated": True},
                    )
                    included.append(partial)
                    used = budget
                excluded.append(doc)
                truncated = True
        return included, excluded, truncated

    @staticmethod
    def _format(docs: List[Document]) -> Tuple[str, Dict[int, str]]:
        parts = []
        citation_map: Dict[int, str] = {}
        for i, doc in enumerate(docs, 1):
            citation_map[i] = doc.source or f"doc_{i}"
            if doc.source:
                header = f"--- Source [{i}] {doc.source} ---"
            else:
                header = f"--- Source [{i}] ---"
            if doc.score < 1.0:
                header += f" (relevance: {doc.score:.2f})"
            parts.append(f"{header}\n{doc.content}")
        return "\n\n".join(parts), citation_map


def doc_to_json(d: Document) -> Dict[str, Any]:
    return {"content": d.content, "score": d.score, "source": d.source, "metadata": d.metadata}


def to_json(result: ContextResult) -> Dict[str, Any]:
    """The reference keys of `ctxlab build --format json` (without "trace")."""
    return {
        "context_block": result.context_block,
        "included_docs": [doc_to_json(d) for d in result.included_docs],
        "excluded_docs": [doc_to_json(d) for d in result.excluded_docs],
        "citation_map": {str(k): v for k, v in result.citation_map.items()},
        "tokens_used": result.tokens_used,
        "tokens_budget": result.tokens_budget,
        "duplicates_removed": result.duplicates_removed,
        "truncated": result.truncated,
        "utilization_pct": result.utilization_pct,
    }


if __name__ == "__main__":  # the reference's examples, as a smoke test
    cm = ContextManager()
    req = PromptRequest(query="q", documents=[Document(content="Paris is the capital of France.", score=0.9)])
    r = cm.build(req)
    print(r.context_block)
    assert r.context_block == "--- Source [1] --- (relevance: 0.90)\nParis is the capital of France."
    assert cm.build(PromptRequest(query="q", documents=[])).context_block == ""
    order = ContextManager._lost_in_middle_reorder(list(range(1, 10)))
    assert order == [1, 3, 5, 7, 9, 8, 6, 4, 2], order
    order = ContextManager._lost_in_middle_reorder(list(range(1, 11)))
    assert order == [1, 3, 5, 7, 9, 10, 8, 6, 4, 2], order
    print("ok")
