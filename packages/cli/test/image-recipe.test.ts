import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { HTTP_PORT, KATALOG_KEY, KATALOG_MOUNT_PATH, RUN_AS_USER } from '../src/deploy-manifests.js';

// No container engine runs here: the in-cluster integration test runs the folder scripts/assemble-image.mjs
// assembles. These checks keep deploy/Containerfile in step with that script and with generate manifests.
const root = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(fileURLToPath(new URL(path, root)), 'utf8');
const recipe = read('deploy/Containerfile');
const script = read('scripts/assemble-image.mjs');
const instruction = (name: string) =>
  recipe
    .split('\n')
    .filter((l) => l.startsWith(`${name} `))
    .map((l) => l.slice(name.length + 1).trim());

describe('deploy/Containerfile', () => {
  it('assembles /app with scripts/assemble-image.mjs, and copies only that folder into the final stage', () => {
    const froms = instruction('FROM');
    expect(froms).toHaveLength(2);
    expect(froms.every((f) => /^node:\$\{NODE_VERSION\}-\S*slim/.test(f))).toBe(true);
    expect(recipe).toMatch(/RUN node scripts\/assemble-image\.mjs --katalog "\$KATALOG" --out \/app/);
    expect(instruction('COPY')).toEqual(['. .', '--from=build --chown=root:root /app /app']);
  });

  it('runs the entrypoint the script assembles, as the non-root uid generate manifests sets', () => {
    const entry = /export const ENTRYPOINT = '([^']+)'/.exec(script)?.[1];
    expect(entry).toBeDefined();
    expect(JSON.parse(instruction('ENTRYPOINT')[0]!)).toEqual(['node', `/app/${entry}`]);
    expect(instruction('USER')).toEqual([`${RUN_AS_USER}:${RUN_AS_USER}`]);
    expect(RUN_AS_USER).toBeGreaterThan(0);
  });

  it("defaults to generate manifests' own arguments: the mounted katalog and the health/metrics port", () => {
    const cmd = JSON.parse(instruction('CMD')[0]!) as string[];
    expect(cmd[0]).toBe('run');
    expect(cmd[cmd.indexOf('--katalog') + 1]).toBe(`${KATALOG_MOUNT_PATH}/${KATALOG_KEY}`);
    expect(cmd[cmd.indexOf('--http-address') + 1]).toBe(`:${HTTP_PORT}`);
    expect(instruction('EXPOSE')).toEqual([String(HTTP_PORT)]);
  });

  it('installs production dependencies only', () => {
    expect(script).toMatch(/'install', '--omit=dev'/);
  });
});
