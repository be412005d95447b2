/**
 * Versions of an owner kind from the CLI: `generate crd` writes every version and `spec.conversion` (a Service
 * or a URL; refused without one when a version converts by code), `generate types --all-versions` gives each
 * version's types, and a katalog's conversion modules are loaded for `orkestra run` (the example's
 * website-v1alpha1.ts), a module lacking a function refused with the katalog path.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { ownerConverter } from '@orkestra/reconciler';
import { loadConversionModules } from '../src/conversion-modules.js';
import { CliError, ExitCode } from '../src/exit-codes.js';
import { readKatalog } from '../src/katalog-file.js';
import { yaml } from '../src/yaml-module.js';
import { cli, fixture } from './helpers.js';

const katalog = fileURLToPath(new URL('../../../examples/website/versions/katalog.yaml', import.meta.url));
const scratch = fileURLToPath(new URL('../out-tsc/versions-test/', import.meta.url));
mkdirSync(scratch, { recursive: true });

interface Crd {
  spec: {
    versions: { name: string; served: boolean; storage: boolean; additionalPrinterColumns: { name: string }[] }[];
    conversion?: unknown;
  };
}

describe('orkestra generate crd: versions', () => {
  it('writes both versions and spec.conversion to the Service given', async () => {
    const run = await cli(['generate', 'crd', '--katalog', katalog, '--webhook-service', 'ops/website-operator:8443']);
    expect(run).toMatchObject({ code: ExitCode.Ok, stderr: '' });
    expect(run.stdout).not.toMatch(/[*&]a\d/); // the versions share schema objects: written out, not as YAML aliases
    const crd = yaml().parse(run.stdout.replace(/^#.*\n---\n/, '')) as Crd;
    expect(crd.spec.versions.map((v) => [v.name, v.served, v.storage])).toEqual([
      ['v1', true, false],
      ['v1alpha1', true, true],
    ]);
    expect(crd.spec.versions[1]?.additionalPrinterColumns.map((c) => c.name)).toEqual([
      'Ready',
      'Synced',
      'Message',
      'Age',
    ]);
    expect(crd.spec.conversion).toEqual({
      strategy: 'Webhook',
      webhook: {
        conversionReviewVersions: ['v1'],
        clientConfig: {
          service: { namespace: 'ops', name: 'website-operator', port: 8443, path: '/convert/example.com/websites' },
        },
      },
    });
  });

  it('takes the webhook server’s base URL instead, adding the path', async () => {
    const run = await cli(['generate', 'crd', '--katalog', katalog, '--webhook-url', 'https://127.0.0.1:9443/']);
    expect(run.code).toBe(ExitCode.Ok);
    expect(run.stdout).toContain('url: https://127.0.0.1:9443/convert/example.com/websites');
  });

  it('exits 1 when a version converts by code and no webhook is given, saying which options to give', async () => {
    const run = await cli(['generate', 'crd', '--katalog', katalog]);
    expect(run.code).toBe(ExitCode.Problems);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('cannot generate the CRD websites.example.com: a version converts by code');
    expect(run.stderr).toContain('--webhook-service <namespace>/<name>[:port]');
  });

  it.each([
    [
      ['--webhook-service', 'website-operator'],
      '--webhook-service website-operator: must be <namespace>/<name>[:port]',
    ],
    [['--webhook-url', 'http://x/convert'], '--webhook-url http://x/convert: must be an https:// URL'],
  ])('exits 2 for a malformed webhook option %j', async (args, message) => {
    const run = await cli(['generate', 'crd', '--katalog', katalog, ...args]);
    expect(run.code).toBe(ExitCode.Usage);
    expect(run.stderr).toContain(message);
  });
});

describe('orkestra generate types --all-versions', () => {
  it("gives each version's types, named <Kind><Version>", async () => {
    const crd = join(scratch, 'versions-crd.yaml');
    const generated = await cli(['generate', 'crd', '--katalog', katalog, '--webhook-url', 'https://x/c', '-o', crd]);
    expect(generated.code).toBe(ExitCode.Ok);
    const run = await cli(['generate', 'types', '--crd', crd, '--all-versions']);
    expect(run.code).toBe(ExitCode.Ok);
    expect(run.stdout).toContain('export type WebsiteV1 = {');
    expect(run.stdout).toContain("  apiVersion: 'example.com/v1alpha1';");
    expect(run.stdout).toContain('export interface WebsiteV1alpha1Spec {');
    expect(run.stdout).toMatch(/export interface WebsiteV1alpha1Spec \{[^}]*message\?: string;/);
    expect(run.stdout).toMatch(/export interface WebsiteV1Spec \{[^}]*expose\?: boolean;/);
    expect(readFileSync(crd, 'utf8')).toContain('name: v1alpha1');
  });

  it('refuses --crd-version beside --all-versions', async () => {
    const run = await cli(['generate', 'types', '--crd', 'x.yaml', '--all-versions', '--crd-version', 'v1']);
    expect(run.code).toBe(ExitCode.Usage);
  });
});

describe('conversion modules of a katalog', () => {
  it("loads the example's website-v1alpha1.ts: message becomes greeting, and back", async () => {
    const loaded = await readKatalog(katalog);
    await loadConversionModules(loaded.katalog, katalog, process.cwd());
    const [entry] = loaded.katalog.entries;
    const converter = ownerConverter(entry!.owner, entry!.api!);
    const v1 = converter.convert(
      {
        apiVersion: 'example.com/v1alpha1',
        kind: 'Website',
        metadata: { name: 'shop' },
        spec: { image: 'nginx', message: 'hi' },
      },
      'example.com/v1',
    );
    expect(v1.spec).toEqual({ image: 'nginx', greeting: 'hi' });
  });

  it('refuses a module without fromHub, naming the katalog path and the module', async () => {
    const file = fixture('versions/half-conversion.yaml');
    const loaded = await readKatalog(file);
    const error = await loadConversionModules(loaded.katalog, file, process.cwd()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toBe(
      `${file}: spec.crds[0].api.versions[0].conversion: ./half-conversion.ts does not export fromHub as a function`,
    );
  });
});
