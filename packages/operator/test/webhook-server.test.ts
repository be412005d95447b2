import { X509Certificate } from 'node:crypto';
import { request } from 'node:https';
import { afterEach, describe, expect, it } from '@jest/globals';
import { createCertificate } from '@orkestra/core/x509';
import { WebhookRouteError, WebhookServer } from '../src/index.js';

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
