// The webhook server alone, as every replica of an operator runs it: one admission route (a validate hook that
// allows everything, through the operator's own AdmissionReview handling) on 127.0.0.1:0 with a self-signed
// certificate. Started by bench/webhook-abuse.mjs, which sends the abuse; prints its URL and CA as one JSON line,
// and its peak RSS (VmHWM) when asked on stdin. LIMITS=unbounded lifts the concurrency and bytes-in-flight bounds
// (what the server did before they existed: every request read up to the body limit at once).
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createCertificate } from '@orkestra/core/x509';
import { Webhooks } from '@orkestra/operator';

const ca = createCertificate({ subject: { commonName: 'bench-webhook-ca' }, isCA: true, days: 1 });
const leaf = createCertificate({ subject: { commonName: 'webhook' }, usages: ['server'], hosts: ['127.0.0.1'] }, ca);
const limits = process.env.LIMITS === 'unbounded' ? { maxConcurrent: 1e9, maxBytesInFlight: 1e15 } : {};
const owner = { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' };
const webhooks = new Webhooks(
  {
    name: 'bench',
    clientConfig: { url: 'https://127.0.0.1:1' },
    address: '127.0.0.1:0',
    limits,
    certificates: {
      start: async () => ({ certPem: leaf.certPem, keyPem: leaf.keyPem }),
      caBundle: () => undefined, // nothing to inject: no cluster here
      onCaBundle: () => undefined,
    },
  },
  {
    kube: undefined, // never used: no bundle to inject, no Secret to read
    namespace: 'default',
    logger: { debug() {}, info() {}, warn() {}, error() {} },
    reconcilers: [{ owner, hooks: { validate: () => undefined }, webhooks: { validate: true } }],
  },
);
await webhooks.start();
const kb = (name) =>
  Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))[1]);
console.log(
  JSON.stringify({ url: webhooks.url, path: webhooks.server.paths[0], ca: ca.certPem, rssMiB: kb('VmRSS') / 1024 }),
);
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'report')
    console.log(
      JSON.stringify({
        rssMiB: kb('VmRSS') / 1024,
        peakRssMiB: kb('VmHWM') / 1024,
        refused: webhooks.server.gate.refused,
      }),
    );
}
await webhooks.stop();
