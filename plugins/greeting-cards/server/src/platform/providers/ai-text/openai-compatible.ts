// An AI text provider speaking the OpenAI-compatible chat-completions API (POST <base>/chat/completions),
// which most hosted and self-hosted models offer. Its vocabulary (messages, choices) stays in this file.

export interface AiTextOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs?: number;
}

export interface AiTextRequest {
  /** What the model is told to do (no shopper data). */
  instructions: string;
  /** The shopper's few inputs, as one short line. */
  prompt: string;
  maxTokens: number;
}

export interface AiTextProvider {
  complete(request: AiTextRequest): Promise<string>;
}

export class AiTextUnavailable extends Error {}

export function openAiCompatible(options: AiTextOptions): AiTextProvider {
  return {
    async complete(request) {
      const response = await fetch(`${options.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          max_tokens: request.maxTokens,
          temperature: 0.9,
          messages: [
            { role: 'system', content: request.instructions },
            { role: 'user', content: request.prompt },
          ],
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      }).catch((error: Error) => {
        throw new AiTextUnavailable(error.message);
      });
      if (!response.ok) throw new AiTextUnavailable(`HTTP ${response.status}`);
      const body = (await response.json().catch(() => null)) as {
        choices?: Array<{ message?: { content?: unknown } }>;
      } | null;
      const content = body?.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new AiTextUnavailable('no message in the answer');
      return content;
    },
  };
}
