// The peer for bench:load: the usual "Readability service" (fetch the page, parse it with
// linkedom, run @mozilla/readability, answer the text as JSON), one process, no worker threads,
// no admission. Started by bench/load.ts as a child process, the way the service itself is.
// POST /clean {"url": "..."} -> {"title", "text"}; PORT from the environment.
import http from 'node:http';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

async function clean(url: string): Promise<{ title: string | null; text: string | null }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  const html = await res.text();
  const { document } = parseHTML(html);
  const article = new Readability(document).parse();
  return { title: article?.title ?? null, text: article?.textContent ?? null };
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    let url: string;
    try {
      url = String((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { url: unknown }).url);
    } catch {
      res.writeHead(400).end();
      return;
    }
    clean(url).then(
      (body) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      },
      (err: unknown) => {
        res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(err) }));
      },
    );
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 8090), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
