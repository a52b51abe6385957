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
'use strict';

const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const recorded = JSON.parse(fs.readFileSync(path.join(__dirname, 'recorded.json'), 'utf8'));

// The fixtures, by folder: the package that instruments and how.
const modes = {
  'otel-genai': { pkg: '@opentelemetry/instrumentation-openai', logs: true },
  openinference: { pkg: '@arizeai/openinference-instrumentation-openai', httpBody: true },
  openllmetry: { pkg: '@traceloop/instrumentation-openai' },
  // The release before the typed-parts attributes: indexed gen_ai.prompt.N.*
  // attributes. It instruments openai < 6, so it drives openai 5.
  // A LangChain JS retriever over a small local store (the recorded
  // Tavily results), instrumented by OpenInference's LangChain
  // instrumentation: retrieval spans with documents, scores and query.
  'openinference-retrieval': { pkg: '@arizeai/openinference-instrumentation-langchain', retrieval: true },
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
  switch (mode) {
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
  const tracerProvider = new NodeTracerProvider({ resource, spanProcessors: [new SimpleSpanProcessor(spans)] });
  tracerProvider.register();
  const logs = new InMemoryLogRecordExporter();
  const loggerProvider = new LoggerProvider({ resource, processors: [new SimpleLogRecordProcessor({ exporter: logs })] });
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
  server.close();
  await tracerProvider.shutdown();
  await loggerProvider.shutdown();
}

function readme(mode) {
  const m = modes[mode];
  const name = m.realName || m.pkg;
  const files = ['`traces.jsonl`: one OTLP `ExportTraceServiceRequest` a line (the Collector file exporter\'s format), one line per trace'];
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

- ${files[0]}
`;
  }
  if (m.logs) files.push('`logs.jsonl`: one OTLP `ExportLogsServiceRequest` a line: the message content, as `gen_ai.*.message` and `gen_ai.choice` log records carrying each span\'s ids');
  if (m.httpBody) files.push('`traces.json`: the same spans as one `ExportTraceServiceRequest`, an OTLP/HTTP JSON body');
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
