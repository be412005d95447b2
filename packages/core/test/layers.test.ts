// The layering DESIGN.md draws inside core: the contract and the lifecycle (`@orkestra/core`, `/authoring`,
// `/internal`) never import the Kubernetes client (`@orkestra/core/kube`: kubeconfig, transport, sockets, TLS).
// Checked on the module graph a real process loads from the sources, with the client's own entry as the control.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from '@jest/globals';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const tmp = mkdtempSync(join(tmpdir(), 'orkestra-layers-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Every module a process resolves when it imports `specifier` (core's sources, through the source condition). */
async function modulesLoadedBy(specifier: string): Promise<string[]> {
  const log = join(tmp, `${specifier.replace(/\W/g, '_')}.log`);
  await promisify(execFile)(
    process.execPath,
    [
      '--experimental-transform-types',
      '--no-warnings',
      '--conditions=@orkestra/source',
      '--import',
      join(fixtures, 'module-log.mjs'),
      '--input-type=module',
      '-e',
      `await import(${JSON.stringify(specifier)});`,
    ],
    { env: { ...process.env, NODE_OPTIONS: '', ORKESTRA_MODULE_LOG: log } },
  );
  return readFileSync(log, 'utf8').split('\n');
}

const CLIENT_MODULE = /\/packages\/core\/src\/kube\//;
const NETWORK_BUILTINS = new Set(['node:http', 'node:https', 'node:net', 'node:tls', 'node:child_process']);

describe('core layers', () => {
  it.each([
    ['@orkestra/core', 'children.ts'],
    ['@orkestra/core/authoring', 'define-resource.ts'],
    ['@orkestra/core/internal', 'in-sync-memo.ts'],
  ])("%s loads no module of src/kube/ and none of Node's network or process modules", async (entry, own) => {
    const modules = await modulesLoadedBy(entry);
    expect(modules.some((m) => m.endsWith(`/packages/core/src/${own}`))).toBe(true);
    expect(modules.filter((m) => CLIENT_MODULE.test(m))).toEqual([]);
    expect(modules.filter((m) => NETWORK_BUILTINS.has(m))).toEqual([]);
  });

  it('the kube entry is where the client lives (the control: the same detector sees it)', async () => {
    const modules = await modulesLoadedBy('@orkestra/core/kube');
    expect(modules.some((m) => m.endsWith('/packages/core/src/kube/kubeclient.ts'))).toBe(true);
    expect(modules.some((m) => m.endsWith('/packages/core/src/kube/http-transport.ts'))).toBe(true);
    expect(modules.some((m) => m.endsWith('/packages/core/src/kube/http2-transport.ts'))).toBe(true);
    expect(modules).toContain('node:child_process'); // the exec plugin's: a network-or-process builtin it imports
  });

  it("the kube entry loads neither transport's Node modules (https, http2, undici) until a client sends", async () => {
    // The transports take node:https or node:http2 with process.getBuiltinModule when the first request opens a
    // connection, never through an ES namespace import (which would load undici, http2 and zlib for node:http).
    const modules = await modulesLoadedBy('@orkestra/core/kube');
    expect(modules.filter((m) => /^(builtin|node):(internal\/deps\/undici\/|https?$|http2$|zlib$)/.test(m))).toEqual(
      [],
    );
  });
});
