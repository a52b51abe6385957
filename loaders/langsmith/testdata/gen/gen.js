// Generates the LangSmith run fixtures in ../ with LangSmith's own SDK:
// the `langsmith` npm SDK's wrapOpenAI around the `openai` client, and its
// traceable around a retriever, send their runs to a stub LangSmith
// server on 127.0.0.1, which also answers the OpenAI calls with the
// recorded responses the OTLP fixtures use
// (../../../trace/testdata/gen/recorded.json).
//
//   npm ci && node gen.js
//
// The client posts each run when it starts (POST /runs) and patches it
// when it ends (PATCH /runs/ID); the two are merged into the run as
// LangSmith's API returns it (the Run interface of the SDK's schemas),
// its token counts (prompt_tokens, completion_tokens, total_tokens) read
// from the usage the wrapper recorded in outputs.usage_metadata.
'use strict';

const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const traceGen = path.join(__dirname, '..', '..', '..', 'trace', 'testdata', 'gen');
const recorded = JSON.parse(fs.readFileSync(path.join(traceGen, 'recorded.json'), 'utf8'));
const retrieval = JSON.parse(fs.readFileSync(path.join(traceGen, 'retrieval.json'), 'utf8'));

function version(pkg) {
  return JSON.parse(fs.readFileSync(path.join(__dirname, 'node_modules', pkg, 'package.json'), 'utf8')).version;
}

function stub(ops) {
  return http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      const reply = (status, obj) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(obj));
      };
      const url = req.url.split('?')[0];
      if (url === '/runs' && req.method === 'POST') {
        ops.push({ op: 'create', run: JSON.parse(body) });
        return reply(200, {});
      }
      if (url.startsWith('/runs/') && req.method === 'PATCH') {
        ops.push({ op: 'update', id: url.slice('/runs/'.length), run: JSON.parse(body) });
        return reply(200, {});
      }
      if (url === '/info') return reply(200, { version: 'stub' });
      if (url === '/v1/chat/completions') {
        const sent = JSON.parse(body);
        const pair = recorded.find((p) => p.request.messages.length === sent.messages.length);
        if (!pair) return reply(400, { error: { message: 'no recorded response for this request' } });
        return reply(200, pair.response);
      }
      reply(404, { detail: 'not found' });
    });
  });
}

// search ranks the ten recorded Tavily snippets by the share of the
// query's words each holds and returns the best four, as LangSmith's
// retriever runs expect: {page_content, type: "Document", metadata}.
function search(query) {
  const words = (t) => new Set(t.toLowerCase().match(/[a-z0-9]+/g) || []);
  const q = [...words(query)];
  return retrieval.flatMap((r) => r.results)
    .map((r) => ({ r, score: q.filter((w) => words(r.title + ' ' + r.content).has(w)).length / q.length }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, 4)
    .map(({ r, score }) => ({ page_content: r.content, type: 'Document', metadata: { id: r.url, title: r.title, url: r.url, score } }));
}

async function record() {
  const ops = [];
  const server = stub(ops);
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const baseUrl = `http://127.0.0.1:${server.address().port}`;
  process.env.LANGSMITH_TRACING = 'true';
  const { Client } = require('langsmith');
  const { traceable } = require('langsmith/traceable');
  const { wrapOpenAI } = require('langsmith/wrappers');
  const { OpenAI } = require('openai');
  const client = new Client({ apiUrl: baseUrl, apiKey: 'lsv2-fixture', autoBatchTracing: false });
  const openai = wrapOpenAI(new OpenAI({ apiKey: 'sk-fixture', baseURL: `${baseUrl}/v1` }), { client });

  // Trace 1: the agent loop, both recorded turns, under one chain run.
  const agent = traceable(async (task) => {
    let last;
    for (const pair of recorded) last = await openai.chat.completions.create(pair.request);
    return last.choices[0].message.content;
  }, { name: 'agent run', run_type: 'chain', client });
  await agent(recorded[0].request.messages[1].content);
  // Trace 2: the first turn again, alone.
  await openai.chat.completions.create(recorded[0].request);
  // Trace 3: a retriever run per recorded query, under a chain.
  const retrieve = traceable(async (query) => search(query), { name: 'KeywordRetriever', run_type: 'retriever', client });
  const rag = traceable(async (query) => retrieve(query), { name: 'search', run_type: 'chain', client });
  for (const q of retrieval) await rag(q.query);
  await client.awaitPendingTraceBatches();
  // The client sends a run's create and patch without the traced
  // function waiting for them: wait until every run has
  // both.
  const runs = 2 + recorded.length + 2 * retrieval.length;
  const deadline = Date.now() + 30000;
  const count = (op) => ops.filter((o) => o.op === op).length;
  while (count('create') < runs || count('update') < runs) {
    if (Date.now() > deadline) throw new Error(`the stub received ${count('create')} creates and ${count('update')} patches of ${runs} runs`);
    await new Promise((r) => setTimeout(r, 20));
  }
  server.close();
  return ops;
}

const iso = (t) => (t == null ? null : new Date(t).toISOString());

// merge applies each run's patch to its create, as LangSmith's API then
// returns the run.
function merge(ops) {
  const runs = new Map();
  for (const { op, id, run } of ops) {
    const key = op === 'create' ? run.id : id;
    const r = runs.get(key) || {};
    for (const [k, v] of Object.entries(run)) if (v !== undefined) r[k] = v;
    runs.set(key, r);
  }
  return [...runs.values()].map((r) => {
    const usage = r.outputs && r.outputs.usage_metadata;
    return {
      id: r.id,
      name: r.name,
      run_type: r.run_type,
      start_time: iso(r.start_time),
      end_time: iso(r.end_time),
      inputs: r.inputs ?? {},
      outputs: r.outputs ?? null,
      extra: r.extra ?? {},
      error: r.error ?? null,
      events: r.events ?? [],
      tags: r.tags ?? [],
      trace_id: r.trace_id,
      dotted_order: r.dotted_order,
      parent_run_id: r.parent_run_id ?? null,
      session_name: r.session_name,
      prompt_tokens: usage ? usage.input_tokens : null,
      completion_tokens: usage ? usage.output_tokens : null,
      total_tokens: usage ? usage.total_tokens : null,
    };
  }).sort((a, b) => a.dotted_order.localeCompare(b.dotted_order));
}

async function main() {
  const runs = merge(await record());
  const out = path.join(__dirname, '..');
  const write = (name, text) => { fs.writeFileSync(path.join(out, name), text); console.log('wrote', name); };
  write('runs.jsonl', runs.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const llm = runs.filter((r) => r.run_type === 'llm');
  write('run.json', JSON.stringify(llm[1], null, 2) + '\n');
  write('README.md', `# LangSmith runs

Made by the \`langsmith\` npm SDK ${version('langsmith')} (\`wrapOpenAI\` around \`openai\`
${version('openai')}, and \`traceable\` around a chain and a retriever), sending its
runs to a stub LangSmith server on 127.0.0.1 that also answered the
OpenAI calls with the recorded gpt-4o responses of pydantic-ai's
\`test_prefect_agent_with_hitl_tool\` cassette (MIT, see
\`../../trace/testdata/gen/recorded.json\`). The retriever ranks the
recorded Tavily results (\`../../trace/testdata/gen/retrieval.json\`). See
\`gen/gen.js\`; regenerate with \`npm ci && node gen.js\` there.

Each run is its create merged with its patch, in the fields of the
SDK's \`Run\` schema, as LangSmith's API returns a run; \`prompt_tokens\`,
\`completion_tokens\` and \`total_tokens\` are the usage the wrapper recorded
in \`outputs.usage_metadata\`.

- \`runs.jsonl\`: ${runs.length} runs, one a line: the agent loop (a chain with two
  \`llm\` runs), the first turn alone, and two searches (a chain with a
  \`retriever\` run each)
- \`run.json\`: the agent loop's second \`llm\` run alone, pretty-printed
`);
}

main().catch((e) => { console.error(e); process.exit(1); });
