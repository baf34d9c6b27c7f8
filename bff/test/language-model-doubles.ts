/**
 * Local doubles of the language models that write drafted ads' scripts, each speaking its API's
 * wire format: an OpenAI-compatible `POST /v1/chat/completions` (bearer key, `chat.completion`
 * objects, OpenAI's error bodies), and fal's queue API for `fal-ai/any-llm` (`Key` auth, submit →
 * status → result `{ output }`). By default each answers a well-formed plan written from the facts
 * it was sent; `reply` makes it answer anything else (malformed text, an HTTP error).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a double answers: the model's text, or an HTTP failure. */
export type DoubleReply = { text: string } | { status: number };

export interface LanguageModelDouble {
  url: string;
  /** Every request's authorization header and JSON body, in order. */
  requests: { path: string; auth: string | undefined; body: Record<string, unknown> }[];
  /** The next answers, in order (then the default plan again). */
  reply: DoubleReply[];
  close(): Promise<void>;
}

export const DOUBLE_LLM_KEY = 'sk-double-0000000000000000';

/** A plan in the asked JSON shape, written from the facts (`{ product, description, callToAction }`) of the user message. */
export function planFrom(factsJson: string): string {
  const facts = JSON.parse(factsJson) as { product: string; callToAction: string | null };
  const name = facts.product;
  return JSON.stringify({
    hooks: [
      { label: 'POV', script: `POV: you finally found ${name}.` },
      { label: 'Stop scrolling', script: `Stop scrolling if you have never tried ${name}.` },
      { label: 'Secret', script: `Nobody told me about ${name} until last week.` },
    ],
    problem: 'I was tired of products that promise everything and do nothing.',
    productShot: `This is ${name}, and it does exactly what it says.`,
    benefit: `Since I started using ${name}, my mornings are easier.`,
    callToAction: `${facts.callToAction ?? 'Tap the link'} and get ${name} today.`,
  });
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const closer = (server: http.Server) => () =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** `POST /v1/chat/completions` as OpenAI answers it (give the SDK `${url}/v1` as its base URL). */
export async function startChatCompletionsDouble(): Promise<LanguageModelDouble> {
  const double: Omit<LanguageModelDouble, 'url' | 'close'> = { requests: [], reply: [] };
  let seq = 0;
  const server = http.createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const body = await readJson(req);
      double.requests.push({ path, auth: req.headers.authorization, body });
      if (req.method !== 'POST' || path !== '/v1/chat/completions')
        return send(res, 404, { error: { message: 'Not found', type: 'invalid_request_error', param: null, code: null } });
      if (req.headers.authorization !== `Bearer ${DOUBLE_LLM_KEY}`)
        return send(res, 401, {
          error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
        });
      const messages = (body.messages ?? []) as { role: string; content: string }[];
      const next = double.reply.shift() ?? { text: planFrom(messages.find((m) => m.role === 'user')?.content ?? '{}') };
      if ('status' in next)
        return send(res, next.status, { error: { message: 'The server had an error.', type: 'server_error', param: null, code: null } });
      send(res, 200, {
        id: `chatcmpl-${++seq}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: next.text, refusal: null }, logprobs: null, finish_reason: 'stop' }],
        usage: { prompt_tokens: 120, completion_tokens: 150, total_tokens: 270 },
      });
    })();
  });
  const url = await listen(server);
  return Object.assign(double, { url, close: closer(server) });
}

/** fal's queue API for `fal-ai/any-llm` (point the client's requests at `url` instead of https://queue.fal.run). */
export async function startFalAnyLlmDouble(): Promise<LanguageModelDouble> {
  const double: Omit<LanguageModelDouble, 'url' | 'close'> = { requests: [], reply: [] };
  const answers = new Map<string, DoubleReply>();
  let seq = 0;
  let base = '';
  const server = http.createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const body = await readJson(req);
      double.requests.push({ path, auth: req.headers.authorization, body });
      if (!req.headers.authorization?.startsWith('Key ')) return send(res, 401, { detail: 'No key' });
      const queued = /^\/fal-ai\/any-llm\/requests\/([^/]+)(\/status)?$/.exec(path);
      if (queued) {
        const answer = answers.get(queued[1]!);
        if (!answer) return send(res, 404, { detail: 'Request not found' });
        if (queued[2])
          return send(res, 200, {
            status: 'COMPLETED',
            request_id: queued[1],
            response_url: `${base}/fal-ai/any-llm/requests/${queued[1]}`,
            logs: [],
          });
        if ('status' in answer) return send(res, answer.status, { detail: 'error' });
        return send(res, 200, { output: answer.text, reasoning: null, partial: false, error: null });
      }
      if (req.method === 'POST' && path === '/fal-ai/any-llm') {
        const id = `llm-${++seq}`;
        answers.set(id, double.reply.shift() ?? { text: planFrom(typeof body.prompt === 'string' ? body.prompt : '{}') });
        return send(res, 200, {
          request_id: id,
          status_url: `${base}/fal-ai/any-llm/requests/${id}/status`,
          response_url: `${base}/fal-ai/any-llm/requests/${id}`,
          cancel_url: `${base}/fal-ai/any-llm/requests/${id}/cancel`,
        });
      }
      send(res, 404, { detail: 'Not found' });
    })();
  });
  base = await listen(server);
  return Object.assign(double, { url: base, close: closer(server) });
}
