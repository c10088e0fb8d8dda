import { startJsonServer, type Json, type JsonServer } from './fake-print-provider';

// An OpenAI-compatible chat-completions stand-in on loopback: POST /v1/chat/completions with a Bearer
// key, a model and messages; it answers with whatever the test queued (or a fixed line), in the
// published response shape ({choices: [{message: {role, content}}]}).

export interface FakeOpenAi extends JsonServer {
  /** The base URL the shop is configured with (SERVICE_AI_BASE_URL). */
  baseUrl: string;
  /** The next answers' contents, in order; empty: a plain default line. */
  answers: string[];
  /** The next `n` requests answer 500. */
  failNext(n?: number): void;
  /** The chat-completion requests received. */
  completions(): Json[];
}

export async function startFakeOpenAi(apiKey: string): Promise<FakeOpenAi> {
  const answers: string[] = [];
  let failures = 0;
  const server = await startJsonServer(async (req) => {
    if (req.method !== 'POST' || req.path !== '/v1/chat/completions')
      return { status: 404, body: { error: 'not found' } };
    if (req.headers.authorization !== `Bearer ${apiKey}`)
      return { status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } } };
    if (failures > 0) {
      failures -= 1;
      return { status: 500, body: { error: { message: 'The server had an error', type: 'server_error' } } };
    }
    const body = req.body as Json;
    if (typeof body?.model !== 'string' || !Array.isArray(body?.messages) || body.messages.length === 0)
      return {
        status: 400,
        body: { error: { message: "'model' and 'messages' are required", type: 'invalid_request_error' } },
      };
    const content = answers.shift() ?? 'Wishing you a wonderful day!';
    return {
      status: 200,
      body: {
        id: `chatcmpl-${Date.now()}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 20, completion_tokens: 12, total_tokens: 32 },
      },
    };
  });
  return {
    ...server,
    baseUrl: `${server.url}/v1`,
    answers,
    failNext: (n = 1) => {
      failures = n;
    },
    completions: () => server.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body),
  };
}
