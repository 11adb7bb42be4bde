import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseRemoteContent, remoteMessages, remoteSummary, REMOTE_MAX_INPUT_CHARS } from './remote-summary';
import type { SourcePage } from '../rules/cited';

const PAGES: SourcePage[] = [
  { doc: 0, page: 1, text: 'The finance team proposed a reserve of ten percent for the new building budget.' },
  { doc: 1, page: 2, text: 'The board approved hiring two auditors for the audit of the pension fund.' },
];

/**
 * A tiny OpenAI-compatible server (POST /chat/completions) standing in for SUMMARIZER_URL: an external service, not
 * the thing under test. It answers what `reply` gives and keeps the requests it got.
 */
async function fakeOpenAi(reply: (body: { model: string; messages: { role: string; content: string }[] }) => { status: number; json: unknown }) {
  const seen: { url: string; auth: string | undefined; body: { model: string; messages: { role: string; content: string }[] } }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const body = JSON.parse(raw) as { model: string; messages: { role: string; content: string }[] };
      seen.push({ url: req.url ?? '', auth: req.headers.authorization, body });
      const out = reply(body);
      res.writeHead(out.status, { 'content-type': 'application/json' }).end(JSON.stringify(out.json));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return { url, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const chat = (content: string) => ({ status: 200, json: { id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] } });

describe('remoteSummary against an OpenAI-compatible endpoint', () => {
  it('asks /chat/completions with the labelled pages, the model and the key, and keeps only the sentences their page bears out', async () => {
    const fake = await fakeOpenAi(() =>
      chat(JSON.stringify({ sentences: [
        { text: 'A ten percent reserve was proposed for the building.', source: 'D1-P1', quote: 'a reserve of ten percent' },
        { text: 'The board will hire two auditors.', source: 'D2-P2', quote: 'approved hiring two auditors' },
        { text: 'The pension fund lost money.', source: 'D2-P2', quote: 'the pension fund lost money' },
        { text: 'Two auditors were hired.', source: 'D1-P1', quote: 'hiring two auditors' },
      ] })),
    );
    try {
      const out = await remoteSummary({ url: fake.url, model: 'test-model', apiKey: 'k1', timeoutMs: 5000 }, PAGES, 'en', 5);
      expect(out).toEqual([
        { text: 'A ten percent reserve was proposed for the building.', doc: 0, page: 1 },
        { text: 'The board will hire two auditors.', doc: 1, page: 2 },
      ]);
      expect(fake.seen).toHaveLength(1);
      expect(fake.seen[0].url).toBe('/v1/chat/completions');
      expect(fake.seen[0].auth).toBe('Bearer k1');
      expect(fake.seen[0].body.model).toBe('test-model');
      expect(fake.seen[0].body.messages[1].content).toContain('[D2-P2] The board approved hiring');
      expect(fake.seen[0].body.messages[0].content).toContain('in English');
    } finally {
      await fake.close();
    }
  });

  it('a ```json fence around the answer is accepted; Arabic is asked for in Arabic', async () => {
    const fake = await fakeOpenAi(() => chat('```json\n{"sentences":[{"text":"Auditors will be hired.","source":"[D2-P2]","quote":"hiring two auditors"}]}\n```'));
    try {
      expect(await remoteSummary({ url: fake.url, model: 'm', timeoutMs: 5000 }, PAGES, 'ar', 5)).toEqual([{ text: 'Auditors will be hired.', doc: 1, page: 2 }]);
      expect(fake.seen[0].auth).toBeUndefined();
      expect(fake.seen[0].body.messages[0].content).toContain('in Arabic');
    } finally {
      await fake.close();
    }
  });

  it.each<[string, { status: number; json: unknown }]>([
    ['an error status', { status: 500, json: { error: { message: 'down' } } }],
    ['no choices', { status: 200, json: { choices: [] } }],
    ['content that is not the JSON asked for', chat('Here is a summary: the budget was approved.')],
  ])('throws on %s (the job then uses the local summary)', async (_n, answer) => {
    const fake = await fakeOpenAi(() => answer);
    try {
      await expect(remoteSummary({ url: fake.url, model: 'm', timeoutMs: 5000 }, PAGES, 'en', 5)).rejects.toThrow();
    } finally {
      await fake.close();
    }
  });

  it('asks nothing for no pages', async () => {
    expect(await remoteSummary({ url: 'http://127.0.0.1:9/none', model: 'm', timeoutMs: 100 }, [], 'en', 5)).toEqual([]);
  });
});

describe('remoteMessages and parseRemoteContent', () => {
  it('bounds the page text sent', () => {
    const long: SourcePage[] = [{ doc: 0, page: 1, text: 'a'.repeat(REMOTE_MAX_INPUT_CHARS - 10) }, { doc: 0, page: 2, text: 'b'.repeat(100) }, { doc: 0, page: 3, text: 'c' }];
    const user = remoteMessages(long, 'en', 3)[1].content;
    expect(user).toContain('[D1-P2] bbbbbbbbbb');
    expect(user).not.toContain('[D1-P3]');
    expect(user.replace(/\[D\d+-P\d+\] /gu, '').replace(/\n/gu, '').length).toBe(REMOTE_MAX_INPUT_CHARS);
  });

  it.each<[string, string, number | null]>([
    ['plain JSON', '{"sentences":[{"text":"a","source":"D1-P1","quote":"a"}]}', 1],
    ['fenced', '```json\n{"sentences":[]}\n```', 0],
    ['wrong shape', '{"summary":"x"}', null],
    ['not JSON', 'no', null],
  ])('%s', (_n, content, count) => expect(parseRemoteContent(content)?.length ?? null).toBe(count));
});
