// What a caller holds unread, counted on a real HTTP server: answers under 1 MiB pipelined on one
// connection whose reader stopped, the first few in the kernel's buffers, one on the socket and
// the rest queued behind it; an answer ready while its caller holds more than the bound is not
// sent; nothing is counted once the connection is gone, though Node gives the queued responses
// no 'close' of their own; what watches a connection for that keeps none of its answers; and
// all callers' answers together are bounded, for the callers that hold some.
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { it } from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';
import { UnreadAnswers, UnreadRefusal } from '../../../src/answers/unread-answers.js';
import { until } from '../../support/until.js';

const ANSWER = 'x'.repeat(900_000);
const PIPELINED = 24;
const BOUND = 2 * 1024 * 1024;

it("bounds a caller's small answers queued on a connection it does not read, until the connection goes", async (t) => {
  const unread = new UnreadAnswers({ maxBytes: BOUND, minRate: { bytesPerS: 0, windowMs: 1000 } });
  let answered = 0;
  let refused = 0;
  let mostHeld = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      setImmediate(() => {
        const body = unread.body('reader', res, { parts: [ANSWER], bytes: ANSWER.length });
        if (body instanceof UnreadRefusal) {
          assert.ok(unread.held('reader') > BOUND, 'refused only while the caller holds more than the bound');
          assert.match(body.message, /URLKIT_MAX_UNREAD_ANSWER_BYTES/);
          refused++;
        }
        res.end(typeof body === 'string' ? body : 'refused');
        mostHeld = Math.max(mostHeld, unread.held('reader'));
        answered++;
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  const client = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
  client.pause();
  client.on('error', () => {});
  t.after(() => client.destroy());
  client.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'.repeat(PIPELINED));

  await until('every request answered', () => answered === PIPELINED);
  // The kernel's buffers take a few MB on loopback; the service holds the rest, up to the bound
  // and the one answer that crossed it.
  assert.ok(refused > 0, `${refused} answers refused`);
  assert.ok(mostHeld > BOUND && mostHeld <= BOUND + ANSWER.length, `${mostHeld} bytes held at most`);
  assert.equal(unread.held('another'), 0);
  assert.match(unread.refusal('reader') ?? '', /not read yet/);

  client.destroy();
  await until('nothing held once the connection is gone', () => unread.held('reader') === 0);
  assert.equal(unread.refusal('reader'), null);
});

it('keeps no answer of a keep-alive connection once it has been sent', async (t) => {
  // A full collection on demand, for this test's process only.
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const unread = new UnreadAnswers({ maxBytes: BOUND, minRate: { bytesPerS: 0, windowMs: 1000 } });
  const sent: WeakRef<http.ServerResponse>[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      sent.push(new WeakRef(res));
      res.end(unread.body('reader', res, { parts: ['an answer'], bytes: 9 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  t.after(() => agent.destroy());
  const { port } = server.address() as net.AddressInfo;
  for (let i = 0; i < 3; i++) {
    const body = await new Promise<string>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, agent }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve(text));
        })
        .on('error', reject);
    });
    assert.equal(body, 'an answer');
  }
  await until('every response closed', () => sent.every((ref) => ref.deref()?.closed ?? true));
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  assert.deepEqual(
    sent.map((ref) => ref.deref() === undefined),
    [true, true, true],
    'the responses sent on the connection, still open, are garbage',
  );
});

it("bounds all callers' unread answers together, refusing only callers that hold some", async (t) => {
  const TOTAL = 4 * 1024 * 1024;
  const unread = new UnreadAnswers({ maxBytes: 0, maxTotalBytes: TOTAL, minRate: { bytesPerS: 0, windowMs: 1000 } });
  const refusals: string[] = [];
  let hogAnswered = 0;
  const server = http.createServer((req, res) => {
    const caller = req.url === '/reader' ? 'reader' : 'hog';
    req.resume();
    req.on('end', () =>
      setImmediate(() => {
        const body = unread.body(caller, res, { parts: [ANSWER], bytes: ANSWER.length });
        if (body instanceof UnreadRefusal) refusals.push(`${caller}: ${body.message}`);
        res.end(typeof body === 'string' ? body : 'refused');
        if (caller === 'hog') hogAnswered++;
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  const { port } = server.address() as net.AddressInfo;
  // The hog: a connection it never reads, its calls pipelined.
  const hog = net.connect(port, '127.0.0.1');
  hog.pause();
  hog.on('error', () => {});
  t.after(() => hog.destroy());
  hog.write('GET /hog HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'.repeat(PIPELINED));
  await until('every hog call answered', () => hogAnswered === PIPELINED);
  assert.ok(refusals.length > 0, 'the hog is refused once the total is full');
  for (const refusal of refusals) assert.match(refusal, /^hog: .*URLKIT_UNREAD_ANSWER_MEMORY_BYTES/);
  const hogHeld = unread.held('hog');
  assert.ok(hogHeld > TOTAL && hogHeld <= TOTAL + ANSWER.length, `the hog holds ${hogHeld} bytes`);
  assert.match(unread.refusal('hog') ?? '', /MiB of them yours/);

  // A caller holding nothing is not refused for the hog: it has its answer whole.
  assert.equal(unread.refusal('reader'), null);
  const answer = await new Promise<string>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/reader', agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve(text));
      })
      .on('error', reject);
  });
  assert.equal(answer, ANSWER);
  assert.equal(unread.held('hog'), hogHeld, "the hog's answers are still there, unread");
});
