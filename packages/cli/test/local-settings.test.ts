/** Issue 14 item 14: local failures are named as local, and checked before the cluster is. */

import { mkdtempSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { HttpAddressError } from '@orkestra/operator';
import { parseAddress } from '@orkestra/operator/internal';
import { stringify } from 'yaml';
import { ExitCode } from '../src/index.js';
import { cli, example } from './helpers.js';

// A cluster nobody answers for: reaching it would fail with exit 3 after retries.
const unreachable = join(mkdtempSync(join(tmpdir(), 'orkestra-local-')), 'unreachable.kubeconfig');
writeFileSync(
  unreachable,
  stringify({
    apiVersion: 'v1',
    kind: 'Config',
    'current-context': 'x',
    clusters: [{ name: 'x', cluster: { server: 'https://127.0.0.1:1', 'insecure-skip-tls-verify': true } }],
    users: [{ name: 'x', user: { token: 'abc' } }],
    contexts: [{ name: 'x', context: { cluster: 'x', user: 'x' } }],
  }),
);
const run = (address: string) =>
  cli([
    'run',
    '--katalog',
    example('katalog.yaml'),
    '--kubeconfig',
    unreachable,
    '--http-address',
    address,
    '--log-level',
    'silent',
  ]);

describe('run --http-address', () => {
  it('a malformed address is a usage error (exit 2), found before connecting', async () => {
    const r = await run('localhost');
    expect(r.code).toBe(ExitCode.Usage);
    expect(r.stderr).toContain('--http-address localhost: not an address');
    expect(r.stderr).not.toContain('cannot reach the API server');
    expect(() => parseAddress('localhost')).toThrow(HttpAddressError);
  });

  it('a port in use says which address is in use (exit 2), not "cannot reach the API server"', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      const r = await run(`127.0.0.1:${port}`);
      expect(r.code).toBe(ExitCode.Usage);
      expect(r.stderr).toContain(`--http-address 127.0.0.1:${port}: 127.0.0.1:${port} is in use by another process`);
      expect(r.stderr).not.toContain('cannot reach the API server');
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it("an address that is not this machine's is a usage error too", async () => {
    const r = await run('192.0.2.1:8080'); // TEST-NET-1: never a local address
    expect(r.code).toBe(ExitCode.Usage);
    expect(r.stderr).toContain('192.0.2.1 is not an address of this machine');
  });
});

describe('run --console', () => {
  const withConsole = (address: string) =>
    cli([
      'run',
      '--katalog',
      example('katalog.yaml'),
      '--kubeconfig',
      unreachable,
      '--http-address',
      '127.0.0.1:0',
      '--console',
      address,
      '--log-level',
      'silent',
    ]);

  it('a malformed console address is a usage error (exit 2), found before connecting', async () => {
    const r = await withConsole('localhost');
    expect(r.code).toBe(ExitCode.Usage);
    expect(r.stderr).toContain('--console localhost: not an address');
    expect(r.stderr).not.toContain('cannot reach the API server');
  });

  it('a console port in use names --console (exit 2), before connecting', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      const r = await withConsole(`127.0.0.1:${port}`);
      expect(r.code).toBe(ExitCode.Usage);
      expect(r.stderr).toContain(`--console 127.0.0.1:${port}:`);
      expect(r.stderr).not.toContain('cannot reach the API server');
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});

describe('run --shards', () => {
  it('a count that is not a whole number from 1 to 65536 is a usage error (exit 2), found before connecting', async () => {
    for (const count of ['0', '2.5', 'many']) {
      const r = await cli([
        'run',
        '--katalog',
        example('katalog.yaml'),
        '--kubeconfig',
        unreachable,
        '--shards',
        count,
      ]);
      expect({ count, code: r.code }).toEqual({ count, code: ExitCode.Usage });
      expect(r.stderr).toContain(`--shards ${count}: want a whole number from 1 to 65536`);
      expect(r.stderr).not.toContain('cannot reach the API server');
    }
  });
});
