// Generates the OTLP JSON trace fixtures in ../ with real OpenAI
// instrumentations: the `openai` client calls a stub server on 127.0.0.1
// that answers with recorded Chat Completions responses (recorded.json),
// while one instrumentation at a time records the calls.
//
//   npm ci && node gen.js [FIXTURE...]
//
// Each instrumentation runs in a child process of its own (they patch the
// same module). Spans and log records are collected in memory and written
// with @opentelemetry/otlp-transformer's JSON serializers, one
// ExportTraceServiceRequest (or ExportLogsServiceRequest) a line, which is
// the OpenTelemetry Collector file exporter's format; a `traces.json`
// holds one request for the whole file, an OTLP/HTTP JSON body.
//
// The *-proto fixtures add OTLP protobuf: the same spans and log records
// also go to the real OTLP/HTTP protobuf exporters
// (@opentelemetry/exporter-trace-otlp-proto, exporter-logs-otlp-proto),
// which POST them to a stub collector on 127.0.0.1 that keeps the bodies.
// traces.binpb is one body holding every span (an OTLP/HTTP protobuf
// body as sent); traces.pb holds the body of each trace's batch, each
// after a 4-byte big-endian length, which is how the Collector file
// exporter frames messages with `format: proto`.
'use strict';

const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const recorded = JSON.parse(fs.readFileSync(path.join(__dirname, 'recorded.json'), 'utf8'));

// The fixtures, by folder: the package that instruments and how.
const modes = {
  'otel-genai': { pkg: '@opentelemetry/instrumentation-openai', logs: true },
  'otel-genai-proto': { pkg: '@opentelemetry/instrumentation-openai', logs: true, proto: true },
  'openinference-proto': { pkg: '@arizeai/openinference-instrumentation-openai', proto: true },
  openinference: { pkg: '@arizeai/openinference-instrumentation-openai', httpBody: true },
  openllmetry: { pkg: '@traceloop/instrumentation-openai' },
  // The release before the typed-parts attributes: indexed gen_ai.prompt.N.*
  // attributes. It instruments openai < 6, so it drives openai 5.
  // A LangChain JS retriever over a small local store (the recorded
  // Tavily results), instrumented by OpenInference's LangChain
  // instrumentation: retrieval spans with documents, scores and query.
  'openinference-retrieval': { pkg: '@arizeai/openinference-instrumentation-langchain', retrieval: true },
  'openinference-retrieval-proto': { pkg: '@arizeai/openinference-instrumentation-langchain', retrieval: true, proto: true },
  'openllmetry-indexed': {
    pkg: 'traceloop-openai-legacy', realName: '@traceloop/instrumentation-openai',
    client: 'openai-v5', clientName: 'openai',
  },
};

function version(pkg) {
  return JSON.parse(fs.readFileSync(path.join(__dirname, 'node_modules', pkg, 'package.json'), 'utf8')).version;
}

// stub answers a chat completion with the recorded response whose request
// has as many messages: the two recorded turns differ in that.
function stub() {
  return http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      const sent = JSON.parse(body);
      const pair = recorded.find((p) => p.request.messages.length === sent.messages.length);
      if (!pair) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'no recorded response for this request' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(pair.response));
    });
  });
}

// collector is a stub OTLP/HTTP collector: it keeps the body of each
// POST by path (/v1/traces, /v1/logs) and answers an empty
// Export*ServiceResponse, which is a protobuf message of no bytes.
function collector() {
  const bodies = { '/v1/traces': [], '/v1/logs': [] };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      if (req.headers['content-type'] !== 'application/x-protobuf' || !bodies[req.url]) {
        res.writeHead(400);
        res.end();
        return;
      }
      bodies[req.url].push(Buffer.concat(chunks));
      res.writeHead(200, { 'content-type': 'application/x-protobuf' });
      res.end();
    });
  });
  return { server, bodies };
}

// framed is the Collector file exporter's proto framing: each message
// after its length as a 4-byte big-endian unsigned integer.
function framed(bodies) {
  return Buffer.concat(bodies.flatMap((b) => {
    const n = Buffer.alloc(4);
    n.writeUInt32BE(b.length);
    return [n, b];
  }));
}

// exportAll sends items with a new exporter of the class given and waits
// for the result.
function exportAll(Exporter, url, items) {
  const exporter = new Exporter({ url });
  return new Promise((resolve, reject) => exporter.export(items, (r) => {
    if (r.code === 0) resolve(exporter.shutdown());
    else reject(r.error || new Error('export failed'));
  }));
}

const retrieval = JSON.parse(fs.readFileSync(path.join(__dirname, 'retrieval.json'), 'utf8'));

// newRetriever is a LangChain retriever over the recorded Tavily results
// of both queries, ten snippets: it ranks them by the share of the
// query's words each holds (title and text) and returns the best four,
// each with its id (the URL) and its score in the metadata.
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

function newInstrumentation(mode) {
  // A *-proto fixture records as the fixture it is named after.
  switch (mode.replace(/-proto$/, '')) {
    case 'otel-genai': {
      const { OpenAIInstrumentation } = require('@opentelemetry/instrumentation-openai');
      return new OpenAIInstrumentation({ captureMessageContent: true });
    }
    case 'openinference': {
      const { OpenAIInstrumentation } = require('@arizeai/openinference-instrumentation-openai');
      return new OpenAIInstrumentation();
    }
    case 'openllmetry': {
      const { OpenAIInstrumentation } = require('@traceloop/instrumentation-openai');
      return new OpenAIInstrumentation({ traceContent: true });
    }
    case 'openinference-retrieval': {
      const { LangChainInstrumentation } = require('@arizeai/openinference-instrumentation-langchain');
      return new LangChainInstrumentation();
    }
    case 'openllmetry-indexed': {
      const { OpenAIInstrumentation } = require('traceloop-openai-legacy');
      return new OpenAIInstrumentation({ traceContent: true });
    }
  }
  throw new Error('unknown mode ' + mode);
}

// child records the calls under one instrumentation and writes its folder.
async function child(mode) {
  const api = require('@opentelemetry/api');
  const logsAPI = require('@opentelemetry/api-logs');
  const { NodeTracerProvider } = require('@opentelemetry/sdk-trace-node');
  const { InMemorySpanExporter, SimpleSpanProcessor } = require('@opentelemetry/sdk-trace-base');
  const { LoggerProvider, InMemoryLogRecordExporter, SimpleLogRecordProcessor } = require('@opentelemetry/sdk-logs');
  const { resourceFromAttributes } = require('@opentelemetry/resources');
  const { registerInstrumentations } = require('@opentelemetry/instrumentation');
  const { JsonTraceSerializer, JsonLogsSerializer } = require('@opentelemetry/otlp-transformer');

  const resource = resourceFromAttributes({ 'service.name': 'file-agent', 'service.version': '1.0.0' });
  const spans = new InMemorySpanExporter();
  const spanProcessors = [new SimpleSpanProcessor(spans)];
  const logs = new InMemoryLogRecordExporter();
  const logProcessors = [new SimpleLogRecordProcessor({ exporter: logs })];
  let otlp;
  if (modes[mode].proto) {
    // The protobuf exporters batch what the in-memory ones see; flush
    // sends each trace's batch.
    const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-proto');
    const { OTLPLogExporter } = require('@opentelemetry/exporter-logs-otlp-proto');
    const { BatchSpanProcessor } = require('@opentelemetry/sdk-trace-base');
    const { BatchLogRecordProcessor } = require('@opentelemetry/sdk-logs');
    otlp = collector();
    await new Promise((r) => otlp.server.listen(0, '127.0.0.1', r));
    otlp.url = `http://127.0.0.1:${otlp.server.address().port}`;
    otlp.TraceExporter = OTLPTraceExporter;
    otlp.LogExporter = OTLPLogExporter;
    spanProcessors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url: otlp.url + '/v1/traces' })));
    logProcessors.push(new BatchLogRecordProcessor({ exporter: new OTLPLogExporter({ url: otlp.url + '/v1/logs' }) }));
  }
  const tracerProvider = new NodeTracerProvider({ resource, spanProcessors });
  tracerProvider.register();
  const loggerProvider = new LoggerProvider({ resource, processors: logProcessors });
  logsAPI.logs.setGlobalLoggerProvider(loggerProvider);

  const instrumentation = newInstrumentation(mode);
  registerInstrumentations({ instrumentations: [instrumentation], tracerProvider, loggerProvider });
  if (modes[mode].retrieval) {
    // The callbacks module the instrumentation patches is loaded by
    // @langchain/core itself; it is handed over, as its docs show.
    instrumentation.manuallyInstrument(require('@langchain/core/callbacks/manager'));
  }
  const clientPkg = modes[mode].client || 'openai';
  const OpenAIClass = require(clientPkg).OpenAI;
  if (clientPkg !== 'openai') {
    // Installed under an alias, which the module hook does not see: the
    // class is handed over instead.
    instrumentation.manuallyInstrument(OpenAIClass);
  }

  const server = stub();
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const client = new OpenAIClass({ apiKey: 'sk-fixture', baseURL: `http://127.0.0.1:${server.address().port}/v1` });
  const tracer = api.trace.getTracer('file-agent');

  const outDir = path.join(__dirname, '..', mode);
  fs.mkdirSync(outDir, { recursive: true });
  const traceLines = [];
  const logLines = [];
  const allSpans = [];
  const allRecords = [];
  const flush = async () => {
    await tracerProvider.forceFlush();
    await loggerProvider.forceFlush();
    const finished = spans.getFinishedSpans();
    if (finished.length) {
      traceLines.push(Buffer.from(JsonTraceSerializer.serializeRequest(finished)).toString('utf8'));
      allSpans.push(...finished);
    }
    const records = logs.getFinishedLogRecords();
    if (records.length) logLines.push(Buffer.from(JsonLogsSerializer.serializeRequest(records)).toString('utf8'));
    allRecords.push(...records);
    spans.reset();
    logs.reset();
  };

  if (modes[mode].retrieval) {
    // One trace per recorded query.
    const retriever = newRetriever();
    for (const q of retrieval) {
      await tracer.startActiveSpan('search', async (root) => {
        await retriever.invoke(q.query);
        root.end();
      });
      // LangChain runs its callbacks, the instrumentation's spans among
      // them, in the background: they end before the flush.
      await require('@langchain/core/callbacks/promises').awaitAllCallbacks();
      await flush();
    }
  } else {
  // Trace 1: the agent loop, both recorded turns: the model calls two
  // tools, the tools answer, the model replies.
  await tracer.startActiveSpan('agent run', async (root) => {
    for (const pair of recorded) {
      await client.chat.completions.create(pair.request);
    }
    root.end();
  });
  await flush();
  // Trace 2: the first turn again, alone, as a retry would send it.
  await tracer.startActiveSpan('agent run', async (root) => {
    await client.chat.completions.create(recorded[0].request);
    root.end();
  });
  await flush();
  }

  fs.writeFileSync(path.join(outDir, 'traces.jsonl'), traceLines.join('\n') + '\n');
  if (modes[mode].logs) fs.writeFileSync(path.join(outDir, 'logs.jsonl'), logLines.join('\n') + '\n');
  if (modes[mode].httpBody) {
    const body = JSON.parse(Buffer.from(JsonTraceSerializer.serializeRequest(allSpans)).toString('utf8'));
    fs.writeFileSync(path.join(outDir, 'traces.json'), JSON.stringify(body, null, 2) + '\n');
  }
  if (otlp) {
    const perTrace = otlp.bodies['/v1/traces'].splice(0);
    const perTraceLogs = otlp.bodies['/v1/logs'].splice(0);
    if (perTrace.length !== traceLines.length) throw new Error(`the exporter sent ${perTrace.length} trace batches, expected ${traceLines.length}`);
    fs.writeFileSync(path.join(outDir, 'traces.pb'), framed(perTrace));
    await exportAll(otlp.TraceExporter, otlp.url + '/v1/traces', allSpans);
    fs.writeFileSync(path.join(outDir, 'traces.binpb'), otlp.bodies['/v1/traces'][0]);
    if (modes[mode].logs) {
      if (perTraceLogs.length !== logLines.length) throw new Error(`the exporter sent ${perTraceLogs.length} log batches, expected ${logLines.length}`);
      fs.writeFileSync(path.join(outDir, 'logs.pb'), framed(perTraceLogs));
      await exportAll(otlp.LogExporter, otlp.url + '/v1/logs', allRecords);
      fs.writeFileSync(path.join(outDir, 'logs.binpb'), otlp.bodies['/v1/logs'][0]);
    }
    otlp.server.close();
  }
  server.close();
  await tracerProvider.shutdown();
  await loggerProvider.shutdown();
}

function readme(mode) {
  const m = modes[mode];
  const name = m.realName || m.pkg;
  const files = ['`traces.jsonl`: one OTLP `ExportTraceServiceRequest` a line (the Collector file exporter\'s format), one line per trace'];
  if (m.logs) files.push('`logs.jsonl`: one OTLP `ExportLogsServiceRequest` a line: the message content, as `gen_ai.*.message` and `gen_ai.choice` log records carrying each span\'s ids');
  if (m.httpBody) files.push('`traces.json`: the same spans as one `ExportTraceServiceRequest`, an OTLP/HTTP JSON body');
  if (m.proto) {
    const by = `\`@opentelemetry/exporter-trace-otlp-proto\` ${version('@opentelemetry/exporter-trace-otlp-proto')}`;
    files.push(`\`traces.binpb\`: the same spans as one protobuf \`ExportTraceServiceRequest\`, the OTLP/HTTP body ${by} POSTed to a stub collector on 127.0.0.1`);
    files.push(`\`traces.pb\`: the bodies ${by} POSTed for each trace's batch, each after its length as a 4-byte big-endian integer: the Collector file exporter's \`format: proto\` framing (written by \`gen.js\`, not by a collector)`);
    if (m.logs) {
      const logsBy = `\`@opentelemetry/exporter-logs-otlp-proto\` ${version('@opentelemetry/exporter-logs-otlp-proto')}`;
      files.push(`\`logs.binpb\`: the same log records as one protobuf \`ExportLogsServiceRequest\`, as ${logsBy} POSTed it`);
      files.push(`\`logs.pb\`: the bodies ${logsBy} POSTed for each trace's batch, framed as \`traces.pb\` is`);
    }
  }
  if (m.retrieval) {
    return `# ${mode}

Made by \`${name}\` ${version(m.pkg)} instrumenting \`@langchain/core\` ${version('@langchain/core')}, with
\`@opentelemetry/sdk-trace-node\` ${version('@opentelemetry/sdk-trace-node')} and \`@opentelemetry/otlp-transformer\`
${version('@opentelemetry/otlp-transformer')}'s JSON serializer (see \`../gen/gen.js\`; regenerate with
\`npm ci && node gen.js\` there).

A LangChain retriever (a \`BaseRetriever\` ranking by the share of the
query's words each snippet holds) over a small local store: the ten
recorded Tavily web-search results of pydantic-ai's \`test_tavily\`
cassettes (MIT; the snippets are third-party web text, see
\`../gen/retrieval.json\`), asked their two recorded queries. Two traces,
one retrieval span each, with up to four documents and the query as
\`input.value\`. Each document has its content and metadata (title, url,
score): the instrumentation records no \`document.id\` or \`document.score\`
of its own, though the retriever's documents carry an id.

${files.map((f) => '- ' + f).join('\n')}
`;
  }
  return `# ${mode}

Made by \`${name}\` ${version(m.pkg)} instrumenting \`${m.clientName || 'openai'}\` ${version(m.client || 'openai')},
with \`@opentelemetry/sdk-trace-node\` ${version('@opentelemetry/sdk-trace-node')}, \`@opentelemetry/sdk-logs\`
${version('@opentelemetry/sdk-logs')} and \`@opentelemetry/otlp-transformer\` ${version('@opentelemetry/otlp-transformer')}'s JSON serializers
(see \`../gen/gen.js\`; regenerate with \`npm ci && node gen.js\` there).

The client called a stub server on 127.0.0.1 answering with the recorded
gpt-4o responses of pydantic-ai's \`test_prefect_agent_with_hitl_tool\`
cassette (MIT, see \`../gen/recorded.json\`): two tools, two parallel tool
calls and their results. Two traces: the agent loop (two chat spans under an
\`agent run\` span) and the first turn alone.

${files.map((f) => '- ' + f).join('\n')}
`;
}

// node gen.js [MODE...]: the fixtures named, or all of them.
async function main() {
  if (process.argv[2] === '--child') return child(process.argv[3]);
  const wanted = process.argv.slice(2);
  for (const m of wanted) {
    if (!modes[m]) throw new Error(`unknown fixture ${m}; expected one of ${Object.keys(modes).join(', ')}`);
  }
  for (const m of wanted.length ? wanted : Object.keys(modes)) {
    execFileSync(process.execPath, [__filename, '--child', m], { stdio: 'inherit' });
    fs.writeFileSync(path.join(__dirname, '..', m, 'README.md'), readme(m));
    console.log('wrote', m);
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
