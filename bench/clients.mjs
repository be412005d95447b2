#!/usr/bin/env node
// The two ObjectClients side by side (issue 24): Kubeclient (@orkestra/core/kube: core's own kubeconfig loader and
// node:https transport) and ClientNodeObjectClient (@orkestra/core/client-node: through @kubernetes/client-node).
// One control plane; per run and client a fresh `node --expose-gc` process (bench/lib/client-probe-child.mjs) that
// imports the client, lists namespaces once, then sends 100 GETs one after another. Printed: the medians (min–max)
// of the time to import, of the first list (discovery-free: Namespace is a well-known kind) and of the 100 GETs,
// and the RSS after a full gc at each step. Figures only, nothing asserted. Needs the packages built.
//
//   node bench/clients.mjs [--runs 5]
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { start } from '@orkestra/testenv';
import { medianRange as span } from './lib/stats.mjs';

const { values: opts } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const probe = fileURLToPath(new URL('./lib/client-probe-child.mjs', import.meta.url));
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

const env = await start();
try {
  console.log(`node ${process.version}, load ${load()}, ${opts.runs} runs per client`);
  const results = { kubeclient: [], 'client-node': [] };
  for (let i = 0; i < Number(opts.runs); i++) {
    for (const which of Object.keys(results)) {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--expose-gc', probe, env.kubeconfigPath, which],
        {
          env: { ...process.env, NODE_OPTIONS: '' },
        },
      );
      results[which].push(JSON.parse(stdout));
    }
  }
  const rows = [
    ['bare node RSS (MiB)', 'bareRssMiB', 1],
    ['import + client: time (ms)', 'importMs', 0],
    ['import + client: RSS (MiB)', 'importRssMiB', 1],
    ['first list: time (ms)', 'firstListMs', 0],
    ['after the first list: RSS (MiB)', 'firstListRssMiB', 1],
    ['100 sequential GETs: time (ms)', 'hundredGetsMs', 0],
    ['after 100 GETs: RSS (MiB)', 'hundredGetsRssMiB', 1],
  ];
  console.log('\n| | Kubeclient | ClientNodeObjectClient |\n|---|---|---|');
  for (const [title, key, digits] of rows) {
    const cell = (which) =>
      span(
        results[which].map((r) => r[key]),
        digits,
      );
    console.log(`| ${title} | ${cell('kubeclient')} | ${cell('client-node')} |`);
  }
  console.log(`\nload after: ${load()}`);
} finally {
  await env.stop();
}
