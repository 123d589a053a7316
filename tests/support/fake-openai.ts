// A local stand-in for an OpenAI-compatible chat-completions server (Bun.serve on 127.0.0.1, free
// port). By default it answers like the real API: a chat.completion whose message is the JSON the
// judge asked for, with the category `verdict(answer)` gives. Tests switch it to failure modes.

export type FakeMode =
  | { kind: 'ok' }
  | { kind: 'status'; status: number; times?: number; retryAfter?: string }
  | { kind: 'delay'; ms: number; content?: string }
  | { kind: 'content'; content: string }
  /** The message content computed from the request's user message (parsed JSON). */
  | { kind: 'reply'; reply: (user: unknown) => string }
  | { kind: 'body'; body: string };

export type FakeRequest = {
  authorization: string | null;
  model: string;
  question: {
    question: string;
    keywords: string[];
    allowedLanguages: string[] | string;
    answers: { id: number; text: string }[];
  };
};

export async function startFakeOpenAi(verdict: (answer: string) => number = () => 1) {
  const requests: FakeRequest[] = [];
  let mode: FakeMode = { kind: 'ok' };
  let failures = 0;
  const completion = (model: string, content: string) => ({
    id: `chatcmpl-${requests.length}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
  });
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      if (req.method !== 'POST' || url.pathname !== '/v1/chat/completions')
        return new Response('not found', { status: 404 });
      const body = (await req.json()) as { model: string; messages: { role: string; content: string }[] };
      const question = JSON.parse(body.messages.find((m) => m.role === 'user')!.content) as FakeRequest['question'];
      requests.push({ authorization: req.headers.get('authorization'), model: body.model, question });
      const m = mode;
      if (m.kind === 'status' && (m.times === undefined || failures < m.times)) {
        failures++;
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (m.retryAfter) headers['retry-after'] = m.retryAfter;
        return new Response(
          JSON.stringify({
            error: { message: 'fake failure', type: m.status === 429 ? 'rate_limit_exceeded' : 'server_error' },
          }),
          { status: m.status, headers },
        );
      }
      if (m.kind === 'delay') await Bun.sleep(m.ms);
      if (m.kind === 'body') return new Response(m.body, { headers: { 'content-type': 'application/json' } });
      const content =
        m.kind === 'reply'
          ? m.reply(question)
          : m.kind === 'content' || (m.kind === 'delay' && m.content !== undefined)
            ? m.content!
            : JSON.stringify({ results: question.answers.map((a) => ({ id: a.id, category: verdict(a.text) })) });
      return Response.json(completion(body.model, content));
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/v1`,
    requests,
    setMode: (next: FakeMode) => {
      mode = next;
      failures = 0;
    },
    stop: () => server.stop(true),
  };
}
