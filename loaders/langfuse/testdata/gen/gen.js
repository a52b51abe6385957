// Generates the Langfuse export fixtures in ../ with Langfuse's own SDK:
// the `langfuse` npm SDK (its observeOpenAI wrapper around the `openai`
// client) and `langfuse-langchain` (its LangChain callback handler around
// a LangChain retriever) send their ingestion batches to a stub Langfuse
// server on 127.0.0.1, which also answers the OpenAI calls with the
// recorded responses the OTLP fixtures use
// (../../../trace/testdata/gen/recorded.json).
//
//   npm ci && node gen.js
//
// The ingestion events are merged into observation records and written
// in Langfuse's export formats by a port of the Langfuse server's code
// (github.com/langfuse/langfuse, MIT outside ee/, at the commit in
// LANGFUSE_COMMIT), each step naming the file it follows.
'use strict';

const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const LANGFUSE_COMMIT = '62751446149b702b419a9292ddfc2280cdf74b8c';
const PROJECT_ID = 'cm-fixture-project';

const traceGen = path.join(__dirname, '..', '..', '..', 'trace', 'testdata', 'gen');
const recorded = JSON.parse(fs.readFileSync(path.join(traceGen, 'recorded.json'), 'utf8'));
const retrieval = JSON.parse(fs.readFileSync(path.join(traceGen, 'retrieval.json'), 'utf8'));

function version(pkg) {
  return JSON.parse(fs.readFileSync(path.join(__dirname, 'node_modules', pkg, 'package.json'), 'utf8')).version;
}

// stub is the Langfuse ingestion API (POST /api/public/ingestion, whose
// batches it keeps) and the OpenAI Chat Completions API (the recorded
// response whose request has as many messages).
function stub(events) {
  return http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      const reply = (status, obj) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(obj));
      };
      if (req.url.startsWith('/api/public/ingestion')) {
        const batch = JSON.parse(body).batch;
        events.push(...batch);
        return reply(207, { successes: batch.map((e) => ({ id: e.id, status: 201 })), errors: [] });
      }
      if (req.url.startsWith('/v1/chat/completions')) {
        const sent = JSON.parse(body);
        const pair = recorded.find((p) => p.request.messages.length === sent.messages.length);
        if (!pair) return reply(400, { error: { message: 'no recorded response for this request' } });
        return reply(200, pair.response);
      }
      reply(404, { message: 'not found' });
    });
  });
}

// newRetriever is the retriever of the OTLP retrieval fixture: the ten
// recorded Tavily snippets ranked by the share of the query's words each
// holds, the best four returned with their URL as id and their score in
// the metadata.
function newRetriever() {
  const { BaseRetriever } = require('@langchain/core/retrievers');
  const { Document } = require('@langchain/core/documents');
  const words = (t) => new Set(t.toLowerCase().match(/[a-z0-9]+/g) || []);
  const store = retrieval.flatMap((q) => q.results.map((r) => ({ id: r.url, title: r.title, text: r.content, words: words(r.title + ' ' + r.content) })));
  class KeywordRetriever extends BaseRetriever {
    constructor() { super(); this.lc_namespace = ['ctxlab', 'fixtures']; }
    async _getRelevantDocuments(query) {
      const q = [...words(query)];
      return store
        .map((d) => ({ d, score: q.filter((w) => d.words.has(w)).length / q.length }))
        .filter((x) => x.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, 4)
        .map(({ d, score }) => new Document({ id: d.id, pageContent: d.text, metadata: { title: d.title, url: d.id, score } }));
    }
  }
  return new KeywordRetriever();
}

// record drives the SDKs and returns the ingestion events they sent.
async function record() {
  const events = [];
  const server = stub(events);
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const baseUrl = `http://127.0.0.1:${server.address().port}`;
  const keys = { publicKey: 'pk-lf-fixture', secretKey: 'sk-lf-fixture', baseUrl };

  const { Langfuse, observeOpenAI } = require('langfuse');
  const { CallbackHandler } = require('langfuse-langchain');
  const { OpenAI } = require('openai');
  const langfuse = new Langfuse(keys);
  const client = new OpenAI({ apiKey: 'sk-fixture', baseURL: `${baseUrl}/v1` });

  // Trace 1: the agent loop, both recorded turns, under one trace.
  const agent = langfuse.trace({ name: 'agent run', userId: 'user-1', sessionId: 'session-1', input: recorded[0].request.messages[1].content });
  for (const pair of recorded) {
    await observeOpenAI(client, { parent: agent, generationName: 'chat gpt-4o' }).chat.completions.create(pair.request);
  }
  agent.update({ output: recorded[1].response.choices[0].message.content });
  // Trace 2: the first turn again, alone: observeOpenAI makes its trace.
  const retry = observeOpenAI(client, { traceName: 'agent retry', generationName: 'chat gpt-4o', clientInitParams: keys });
  await retry.chat.completions.create(recorded[0].request);
  await retry.flushAsync();
  // Traces 3 and 4: a LangChain retriever under Langfuse's callback
  // handler, one trace per recorded query.
  const retriever = newRetriever();
  for (const q of retrieval) {
    const search = langfuse.trace({ name: 'search', input: q.query });
    const handler = new CallbackHandler({ root: search });
    await retriever.invoke(q.query, { callbacks: [handler] });
    await handler.flushAsync();
  }
  await langfuse.shutdownAsync();
  server.close();
  return events;
}

// The ingestion events merged into ClickHouse records, as
// worker/src/services/IngestionService/index.ts does
// (mapObservationEventsToRecords, getUsageUnits, and the merge that keeps
// the last value of each field).
const observationTypes = {
  'span-create': 'SPAN', 'span-update': 'SPAN',
  'generation-create': 'GENERATION', 'generation-update': 'GENERATION',
  'event-create': 'EVENT',
};

function usageRecord(body) {
  const usage = body.usage || {};
  const details = body.usageDetails || {};
  const provided = {};
  const newTotal = usage.total || (Object.keys(details).length === 0
    ? (usage.input && usage.output ? usage.input + usage.output : (usage.input ?? usage.output))
    : undefined);
  if (usage.input != null) provided.input = usage.input;
  if (usage.output != null) provided.output = usage.output;
  if (newTotal != null) provided.total = newTotal;
  // packages/shared/src/server/ingestion/types.ts, RawUsageDetails: the
  // SDK sends its details already as {input, output, total, input_*,
  // output_*}; whole non-negative numbers are kept.
  for (const [k, v] of Object.entries(details)) {
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0) provided[k] = v;
  }
  const usageDetails = { ...provided };
  if (Object.keys(usageDetails).length > 0 && !('total' in usageDetails)) {
    usageDetails.total = Object.values(provided).reduce((a, v) => a + v, 0);
  }
  return { provided, usageDetails };
}

function merge(events) {
  const traces = new Map();
  const observations = new Map();
  for (const ev of events) {
    const body = ev.body;
    if (ev.type === 'trace-create') {
      const t = traces.get(body.id) || { id: body.id, timestamp: body.timestamp || ev.timestamp, createdAt: ev.timestamp };
      // An update sends the trace again with its own timestamp; the
      // trace keeps the time it started.
      for (const [k, v] of Object.entries(body)) if (v !== undefined && v !== null && k !== 'timestamp') t[k] = v;
      t.updatedAt = ev.timestamp;
      traces.set(body.id, t);
      continue;
    }
    const type = observationTypes[ev.type];
    if (!type) continue;
    const o = observations.get(body.id) || { id: body.id, type, startTime: body.startTime || ev.timestamp, createdAt: ev.timestamp, usage: { provided: {}, usageDetails: {} } };
    for (const [k, v] of Object.entries(body)) {
      if (v === undefined || v === null || k === 'usage' || k === 'usageDetails') continue;
      o[k] = v;
    }
    if (body.usage || body.usageDetails) o.usage = usageRecord(body);
    o.updatedAt = ev.timestamp;
    observations.set(body.id, o);
  }
  return { traces: [...traces.values()], observations: [...observations.values()] };
}

const iso = (t) => (t ? new Date(t).toISOString() : null);
const seconds = (a, b) => (a && b ? (new Date(b) - new Date(a)) / 1000 : null);
// clickhouseTime is a DateTime64(3) as ClickHouse's JSONEachRow writes it.
const clickhouseTime = (t) => (t ? new Date(t).toISOString().replace('T', ' ').replace('Z', '') : null);
// clickhouseMap writes a Map(String, UInt64) as ClickHouse's JSON output
// does by default (output_format_json_quote_64bit_integers): the
// integers quoted.
const clickhouseMap = (m) => Object.fromEntries(Object.entries(m || {}).map(([k, v]) => [k, String(v)]));
// metadataRecord is convertJsonSchemaToRecord: a Map(String, String).
const metadataRecord = (m) => Object.fromEntries(Object.entries(m || {}).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
// inputUsage is reduceUsageOrCostDetails
// (packages/shared/src/server/repositories/observations_converters.ts):
// every usage key holding "input" summed.
const reduceUsage = (d, part) => Object.entries(d || {}).filter(([k]) => k.includes(part)).reduce((a, [, v]) => (a ?? 0) + Number(v), null);

// exportObservation is one observation of the trace download,
// web/src/features/traces/server/buildTraceExport.ts (buildTraceExport).
function exportObservation(o, trace) {
  return {
    id: o.id,
    traceId: o.traceId ?? trace.id,
    userId: trace.userId ?? null,
    sessionId: trace.sessionId ?? null,
    projectId: PROJECT_ID,
    startTime: iso(o.startTime),
    endTime: iso(o.endTime),
    parentObservationId: o.parentObservationId ?? null,
    type: o.type,
    environment: o.environment ?? 'default',
    name: o.name ?? null,
    level: o.level ?? 'DEFAULT',
    traceName: trace.name ?? '',
    statusMessage: o.statusMessage ?? null,
    release: trace.release ?? null,
    version: o.version ?? null,
    createdAt: iso(o.createdAt),
    updatedAt: iso(o.updatedAt),
    model: o.model ?? null,
    modelParameters: o.modelParameters ?? null,
    internalModelId: null,
    completionStartTime: iso(o.completionStartTime),
    promptId: null,
    promptName: o.promptName ?? null,
    promptVersion: o.promptVersion ?? null,
    providedUsageDetails: o.usage.provided,
    latency: seconds(o.startTime, o.endTime),
    timeToFirstToken: seconds(o.startTime, o.completionStartTime),
    usageDetails: o.usage.usageDetails,
    costDetails: {},
    providedCostDetails: {},
    usagePricingTierId: null,
    usagePricingTierName: null,
    toolCallNames: [],
    tags: trace.tags ?? [],
    bookmarked: false,
    public: false,
    toolDefinitions: {},
    toolCalls: [],
    input: o.input ?? null,
    output: o.output ?? null,
    metadata: o.metadata ?? {},
  };
}

// legacyObservation is one observation of the browser's download
// (web/src/features/traces/fns/downloadTrace.ts,
// downloadLegacyTraceAsJson): the trace view's observations, which
// byIdWithObservationsAndScores (web/src/server/api/routers/traces.ts)
// reads without input and output (includeIO: false), in the shape of
// ObservationSchema (packages/shared/src/domain/observations.ts).
function legacyObservation(o, trace) {
  const full = exportObservation(o, trace);
  for (const k of ['userId', 'sessionId', 'traceName', 'release', 'tags', 'bookmarked', 'public', 'input', 'output']) delete full[k];
  return {
    ...full,
    inputCost: null, outputCost: null, totalCost: null,
    inputUsage: reduceUsage(o.usage.usageDetails, 'input') ?? 0,
    outputUsage: reduceUsage(o.usage.usageDetails, 'output') ?? 0,
    totalUsage: Number(o.usage.usageDetails.total ?? 0),
  };
}

function traceObject(t) {
  return {
    id: t.id, projectId: PROJECT_ID, name: t.name ?? null, timestamp: iso(t.timestamp),
    environment: t.environment ?? 'default', tags: t.tags ?? [], bookmarked: false, public: false,
    release: t.release ?? null, version: t.version ?? null, input: t.input ?? null, output: t.output ?? null,
    metadata: t.metadata ?? {}, userId: t.userId ?? null, sessionId: t.sessionId ?? null,
    createdAt: iso(t.createdAt), updatedAt: iso(t.updatedAt),
  };
}

// blobRow is one line of the blob-storage observations export, JSONL
// (worker/src/features/blobstorage/handleBlobStorageIntegrationProjectJob.ts):
// the columns of LEGACY_OBSERVATION_EXPORT_FIELDS
// (packages/shared/src/domain/observation-field-groups.ts) as ClickHouse
// writes them, then the prices enrichObservationStream adds (no model
// price matches here).
function blobRow(o) {
  const str = (v) => (v == null ? null : typeof v === 'string' ? v : JSON.stringify(v));
  return {
    id: o.id,
    trace_id: o.traceId,
    project_id: PROJECT_ID,
    environment: o.environment ?? 'default',
    type: o.type,
    parent_observation_id: o.parentObservationId ?? null,
    start_time: clickhouseTime(o.startTime),
    end_time: clickhouseTime(o.endTime),
    name: o.name ?? '',
    metadata: metadataRecord(o.metadata),
    level: o.level ?? 'DEFAULT',
    status_message: o.statusMessage ?? null,
    version: o.version ?? null,
    input: str(o.input),
    output: str(o.output),
    provided_model_name: o.model ?? null,
    model_parameters: o.modelParameters ? JSON.stringify(o.modelParameters) : null,
    usage_details: clickhouseMap(o.usage.usageDetails),
    cost_details: {},
    completion_start_time: clickhouseTime(o.completionStartTime),
    prompt_name: o.promptName ?? null,
    prompt_version: o.promptVersion ?? null,
    total_cost: 0,
    latency: seconds(o.startTime, o.endTime),
    time_to_first_token: seconds(o.startTime, o.completionStartTime),
    model_id: null,
    created_at: clickhouseTime(o.createdAt),
    updated_at: clickhouseTime(o.updatedAt),
    prompt_id: null,
    tool_calls: [],
    tool_call_names: [],
    tool_definitions: {},
    usage_pricing_tier_name: null,
    input_price: null,
    output_price: null,
    total_price: null,
  };
}

async function main() {
  const events = await record();
  const { traces, observations } = merge(events);
  const byStart = (a, b) => new Date(a.startTime) - new Date(b.startTime);
  observations.sort(byStart);
  const ofTrace = (t) => observations.filter((o) => o.traceId === t.id);
  const agent = traces.find((t) => t.name === 'agent run');
  const search = traces.find((t) => t.name === 'search');
  const out = path.join(__dirname, '..');
  const write = (name, text) => { fs.writeFileSync(path.join(out, name), text); console.log('wrote', name); };

  // The trace view's "Download JSON": the server route's {observations,
  // scores} (web/src/pages/api/traces/[traceId]/download.ts), and the
  // browser's {trace, observations}.
  write('trace-download.json', JSON.stringify({ observations: ofTrace(agent).map((o) => exportObservation(o, agent)), scores: [] }, null, 2) + '\n');
  write('trace-legacy.json', JSON.stringify({ trace: traceObject(agent), observations: ofTrace(agent).map((o) => legacyObservation(o, agent)) }, null, 2) + '\n');
  write('search-download.json', JSON.stringify({ observations: ofTrace(search).map((o) => exportObservation(o, search)), scores: [] }, null, 2) + '\n');
  // The blob-storage export of every observation, one a line.
  write('observations.jsonl', observations.map((o) => JSON.stringify(blobRow(o))).join('\n') + '\n');
  write('README.md', readme(traces, observations));
}

function readme(traces, observations) {
  return `# Langfuse exports

Made by the \`langfuse\` npm SDK ${version('langfuse')} (\`observeOpenAI\` around \`openai\`
${version('openai')}) and \`langfuse-langchain\` ${version('langfuse-langchain')} (its LangChain
callback handler around a \`@langchain/core\` ${version('@langchain/core')} retriever), sending
their ingestion batches to a stub Langfuse server on 127.0.0.1 that also
answered the OpenAI calls with the recorded gpt-4o responses of
pydantic-ai's \`test_prefect_agent_with_hitl_tool\` cassette (MIT, see
\`../../trace/testdata/gen/recorded.json\`). The retriever is the OTLP
retrieval fixture's, over the recorded Tavily results
(\`../../trace/testdata/gen/retrieval.json\`). See \`gen/gen.js\`;
regenerate with \`npm ci && node gen.js\` there.

The events were merged into observations and written in Langfuse's export
formats by a port of the Langfuse server's code (github.com/langfuse/langfuse
at ${LANGFUSE_COMMIT}, MIT outside its ee/
folders): the merge and usage of
\`worker/src/services/IngestionService/index.ts\`, the trace download of
\`web/src/features/traces/server/buildTraceExport.ts\` and
\`web/src/features/traces/fns/downloadTrace.ts\`, and the blob-storage
export columns of \`packages/shared/src/domain/observation-field-groups.ts\`.

${traces.length} traces, ${observations.length} observations: the agent loop (\`agent run\`,
two GENERATIONs), the first turn again (\`agent retry\`, the trace
observeOpenAI makes), and two \`search\` traces (a retriever SPAN each,
its query as input and its LangChain documents as output).

- \`trace-download.json\`: the trace view's "Download JSON" of the agent
  loop, \`{observations, scores}\` as the server route writes it
- \`trace-legacy.json\`: the same trace as the browser's download writes
  it, \`{trace, observations}\`, the observations without input and output
  (the trace view reads them without)
- \`search-download.json\`: the "Download JSON" of the first search trace
- \`observations.jsonl\`: the blob-storage export of all observations, one
  a line, snake_case columns as ClickHouse writes them (times as
  \`YYYY-MM-DD hh:mm:ss.sss\`, usage counts quoted, input and output as
  JSON text)
`;
}

main().catch((e) => { console.error(e); process.exit(1); });
