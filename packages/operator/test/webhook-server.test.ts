import { X509Certificate } from 'node:crypto';
import { request } from 'node:https';
import { connect } from 'node:tls';
import { afterEach, describe, expect, it } from '@jest/globals';
import { createCertificate } from '@orkestra/core/x509';
import { ReviewError, WebhookRouteError, WebhookServer } from '../src/index.js';

// The webhook server alone, over real TLS on loopback: routes, errors, and a certificate swapped while serving.
const ca = createCertificate({ subject: { commonName: 'test-webhook-ca' }, isCA: true, days: 1 });
const leaf = () =>
  createCertificate({ subject: { commonName: 'webhook' }, usages: ['server'], hosts: ['127.0.0.1'] }, ca);

/** POSTs `body` to `url` trusting `ca`; resolves status, body and the serial of the certificate served. */
function post(url: string, body: string, method = 'POST') {
  return new Promise<{ status: number; text: string; serial: string }>((resolve, reject) => {
    const req = request(url, { method, ca: ca.certPem, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          text,
          serial: (res.socket as unknown as { getPeerCertificate(): { serialNumber: string } }).getPeerCertificate()
            .serialNumber,
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('WebhookServer', () => {
  let server: WebhookServer;
  afterEach(() => server?.close());

  it('answers a JSON review on its route, 404 elsewhere, 405 for GET, 400 for bad JSON, 500 on a throw', async () => {
    server = new WebhookServer();
    server.route('/echo', async (review) => ({ got: review }));
    server.route('/boom', async () => {
      throw new Error('no luck');
    });
    expect(server.ready).toBe(false);
    server.setCertificate(leaf());
    await server.listen({ address: '127.0.0.1:0' });
    expect(server.ready).toBe(true);
    const url = server.url!;
    const ok = await post(`${url}/echo`, '{"a":1}');
    expect([ok.status, JSON.parse(ok.text)]).toEqual([200, { got: { a: 1 } }]);
    expect((await post(`${url}/nope`, '{}')).status).toBe(404);
    expect((await post(`${url}/echo`, '', 'GET')).status).toBe(405);
    expect((await post(`${url}/echo`, '{')).status).toBe(400);
    const boom = await post(`${url}/boom`, '{}');
    expect([boom.status, boom.text]).toEqual([500, 'webhook /boom failed: no luck\n']);
  });

  it('refuses a path taken twice', () => {
    server = new WebhookServer();
    server.route('/a', async () => ({}));
    expect(() => server.route('/a', async () => ({}))).toThrow(WebhookRouteError);
    expect(() => server.route('a', async () => ({}))).toThrow('a path starts with /');
  });

  it('serves a new certificate to new connections after setCertificate, without restarting', async () => {
    server = new WebhookServer();
    server.route('/echo', async (review) => review);
    const first = leaf();
    server.setCertificate(first);
    await server.listen({ address: '127.0.0.1:0' });
    const before = await post(`${server.url}/echo`, '{}');
    const second = leaf();
    server.setCertificate(second);
    const after = await post(`${server.url}/echo`, '{}');
    const serialOf = (pem: string) => new X509Certificate(pem).serialNumber;
    expect(before.serial).toBe(serialOf(first.certPem));
    expect(after.serial).toBe(serialOf(second.certPem));
  });
});

/**
 * Sends raw HTTP/1.1 over TLS: `head` (the request line and headers), then `chunks` one by one while the server
 * reads; resolves the status line of the answer and the bytes of the body actually written before the answer
 * came or the server closed the connection.
 */
function raw(url: string, head: string, chunks: Iterable<Buffer> = []) {
  const { hostname, port } = new URL(url);
  return new Promise<{ status: number; retryAfter?: string; sent: number }>((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), ca: ca.certPem }, async () => {
      socket.write(head);
      for (const chunk of chunks) {
        if (answered || socket.destroyed) break;
        sent += chunk.length;
        if (!socket.write(chunk)) await new Promise((r) => socket.once('drain', r).once('close', r));
      }
    });
    let answered = false;
    let sent = 0;
    let text = '';
    const done = () => {
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0);
      const retryAfter = /\r\nretry-after: (\S+)/i.exec(text)?.[1];
      resolve({ status, ...(retryAfter ? { retryAfter } : {}), sent });
    };
    socket.on('data', (d: Buffer) => {
      text += d.toString();
      answered = true;
    });
    socket.on('close', done);
    socket.on('error', (e) => (answered ? done() : reject(e)));
  });
}

describe('WebhookServer under abuse: memory bounded', () => {
  let server: WebhookServer;
  afterEach(() => server?.close());
  const MiB = 2 ** 20;

  it('refuses a Content-Length over the limit with 413 before reading the body', async () => {
    server = new WebhookServer({ maxBodyBytes: MiB });
    let called = false;
    server.route('/echo', async () => {
      called = true;
      return {};
    });
    server.setCertificate(leaf());
    await server.listen({ address: '127.0.0.1:0' });
    // 10 MB declared, not one byte of it sent: the answer comes anyway, so nothing waited for the body.
    const answer = await raw(server.url!, `POST /echo HTTP/1.1\r\nhost: x\r\ncontent-length: ${10_000_000}\r\n\r\n`);
    expect(answer.status).toBe(413);
    expect(called).toBe(false);
    expect(server.gate.refused.tooLarge).toBe(1);
  });

  it('cuts a chunked body once it passes the limit, and closes the connection', async () => {
    server = new WebhookServer({ maxBodyBytes: MiB });
    server.route('/echo', async () => ({}));
    server.setCertificate(leaf());
    await server.listen({ address: '127.0.0.1:0' });
    const chunk = Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(0x10000, 0x20), Buffer.from('\r\n')]);
    // 40 MiB offered in 64 KiB chunks; the server answers and closes after a little over 1 MiB is read, so the
    // client stops well before the end (what it wrote beyond that sat in the sockets' buffers).
    const chunks = Array.from({ length: 640 }, () => chunk);
    const answer = await raw(
      server.url!,
      'POST /echo HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\n',
      chunks,
    );
    expect(answer.status).toBe(413);
    expect(answer.sent).toBeLessThan(20 * MiB);
    expect(server.gate.refused.tooLarge).toBe(1);
  });

  it('refuses requests beyond the bound at once with 429 and Retry-After, then serves again', async () => {
    server = new WebhookServer({ maxConcurrent: 2 });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let entered = 0;
    server.route('/slow', async () => {
      entered++;
      await held;
      return { ok: true };
    });
    server.setCertificate(leaf());
    await server.listen({ address: '127.0.0.1:0' });
    const first = [post(`${server.url}/slow`, '{}'), post(`${server.url}/slow`, '{}')];
    while (entered < 2) await new Promise((r) => setTimeout(r, 5));
    const third = await raw(server.url!, 'POST /slow HTTP/1.1\r\nhost: x\r\ncontent-length: 2\r\n\r\n{}');
    expect(third).toMatchObject({ status: 429, retryAfter: '1' });
    release();
    expect((await Promise.all(first)).map((r) => r.status)).toEqual([200, 200]);
    expect((await post(`${server.url}/slow`, '{}')).status).toBe(200);
  });

  it('refuses a body that would pass the bytes in flight, counting a chunked one as the largest', async () => {
    server = new WebhookServer({ maxBodyBytes: 1000, maxBytesInFlight: 1500 });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let entered = 0;
    server.route('/slow', async () => {
      entered++;
      await held;
      return {};
    });
    server.setCertificate(leaf());
    await server.listen({ address: '127.0.0.1:0' });
    const body = JSON.stringify({ pad: 'x'.repeat(900) });
    const first = post(`${server.url}/slow`, body);
    while (entered < 1) await new Promise((r) => setTimeout(r, 5));
    // 900-odd bytes held: another as large does not fit in 1500, nor does a chunked one (counted as 1000).
    expect(
      (await raw(server.url!, `POST /slow HTTP/1.1\r\nhost: x\r\ncontent-length: ${body.length}\r\n\r\n${body}`))
        .status,
    ).toBe(429);
    expect(
      (await raw(server.url!, 'POST /slow HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n')).status,
    ).toBe(429);
    release();
    await first;
  });

  it('answers 400 to a review its handler does not take (ReviewError), 500 to any other throw', async () => {
    server = new WebhookServer();
    server.route('/typed', async () => {
      throw new ReviewError('expected an AdmissionReview');
    });
    server.setCertificate(leaf());
    await server.listen({ address: '127.0.0.1:0' });
    const answer = await post(`${server.url}/typed`, '{"kind":"Pod"}');
    expect([answer.status, answer.text]).toEqual([400, 'webhook /typed failed: expected an AdmissionReview\n']);
  });
});
