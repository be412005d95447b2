/**
 * Journeys through the console in a real browser (Debian's Chromium driven by playwright-core; scripts/setup.sh
 * installs it) against a Manager running the Website operator on a control plane with simulated nodes: open the
 * console, open an instance, watch it become Ready during a rollout, see the cause of a child that never becomes
 * ready first, and find a Secret's value nowhere. The pages are @orkestra/console's built files, found as an
 * installed package. CONSOLE_SCREENSHOT=<file.png> also saves the instance page (the README's picture).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Kubeclient } from '@orkestra/core/kube';
import { start, type TestEnvironment } from '@orkestra/testenv';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { Manager, ManagerOptions } from '../src/index.js';

const NEVER_READY = 'example.com/never-ready:1';
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync) ??
  '/usr/bin/chromium';
const exampleFile = fileURLToPath(new URL('../../../examples/website/operator.ts', import.meta.url));
type WebsiteManager = (kube: Kubeclient, options?: Omit<ManagerOptions, 'kube' | 'reconcilers'>) => Manager;

let env: TestEnvironment;
let admin: Kubeclient;
let manager: Manager;
let browser: Browser;
let page: Page;
let ns: string;
const run = new AbortController();
/** Every non-stream body the page received, and the problems its console reported (CSP violations included). */
const bodies: string[] = [];
const pageErrors: string[] = [];

const website = (name: string, image: string, replicas = 1) => ({
  apiVersion: 'example.com/v1',
  kind: 'Website',
  metadata: { name, namespace: ns },
  spec: { image, replicas },
});

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `no Chromium at ${CHROMIUM}: run scripts/setup.sh (it installs Debian's chromium) or set CHROMIUM_PATH`,
    );
  env = await start({ nodes: { count: 2, neverReadyImages: [NEVER_READY], podStartDelayMs: 1_500 } });
  admin = new Kubeclient(env.kubeConfig);
  ns = await env.newNamespace('journeys');
  const { websiteManager } = (await import(pathToFileURL(exampleFile).href)) as { websiteManager: WebsiteManager };
  manager = websiteManager(new Kubeclient(env.kubeConfig), { installCrds: true, console: { streamIntervalMs: 250 } });
  void manager.run(run.signal);
  await env.waitFor(() => manager.readiness().ready && manager.console?.url, { timeoutMs: 60_000 });
  await admin.create(website('shop', 'nginx:1.27'));
  await admin.create(website('broken', NEVER_READY));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  page.on('console', (m) => {
    if (m.type() === 'error') pageErrors.push(m.text());
  });
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('response', async (r) => {
    if (!r.url().includes('/api/stream')) bodies.push(await r.text().catch(() => ''));
  });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  run.abort();
  await manager?.exited;
  await admin?.close();
  await env?.stop();
}, 60_000);

describe('the console in a browser', () => {
  it('opens on the kinds served, with their instances', async () => {
    await page.goto(manager.console!.url!);
    const kind = page.locator('article[data-kind="websites.example.com"]');
    await kind.getByRole('link', { name: `${ns}/shop` }).waitFor();
    await kind.getByRole('link', { name: `${ns}/broken` }).waitFor();
    expect(await kind.locator('.stats').textContent()).toMatch(/ready · \d+ waiting · \d+ failing · queue \d+/);
  });

  it('opens an instance and watches it become Ready during a rollout', async () => {
    await page.getByRole('link', { name: `${ns}/shop` }).click();
    await page.locator('[data-testid="instance"][data-state="Current"]').waitFor({ timeout: 60_000 });
    await admin.patch(
      { apiVersion: 'example.com/v1', kind: 'Website', namespace: ns, name: 'shop' },
      { spec: { replicas: 3 } },
    );
    // the rollout: the page turns not-Ready, then Ready with three Pods, without a reload
    await page.locator('[data-testid="instance"][data-state="InProgress"]').waitFor({ timeout: 30_000 });
    const readyPods = page.locator('[data-testid="tree"] li[data-state="Current"]', { hasText: 'Pod/shop-web-' });
    await env.waitFor(async () => (await readyPods.count()) === 3, {
      timeoutMs: 60_000,
      description: 'three ready Pods on the page',
    });
    await page.locator('[data-testid="instance"][data-state="Current"]').waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-testid="timeline"] li').count()).toBeGreaterThan(1);
    expect(await page.locator('[data-testid="timeline"]').textContent()).toContain('updated Deployment/shop-web');
    const screenshot = process.env.CONSOLE_SCREENSHOT;
    if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
  }, 120_000);

  it('draws the children as a graph by health, and shows each child against its desired state', async () => {
    await page.goto(`${manager.console!.url}/#/i/websites.example.com/${ns}/shop`);
    await page.locator('[data-testid="instance"][data-state="Current"]').waitFor({ timeout: 30_000 });
    // one box per object of the tree, each with its health, and a line to its parent for every box but the root
    const rows = await page.locator('[data-testid="tree"] li').count();
    const boxes = page.locator('[data-testid="graph"] g.node');
    expect(await boxes.count()).toBe(rows);
    expect(await page.locator('[data-testid="graph"] path.edge').count()).toBe(rows - 1);
    expect(
      await page.locator('[data-testid="graph"] g.node[data-state="Current"]', { hasText: 'Website/shop' }).count(),
    ).toBe(1);
    const box = await boxes.first().boundingBox();
    expect(box?.width).toBeGreaterThan(100); // drawn, not an empty element
    // desired versus live: every child the operator makes, in sync, without a value shown
    const diff = page.locator('[data-testid="diff"] > li');
    await env.waitFor(async () => (await diff.count()) === 4, { timeoutMs: 10_000, description: 'four children' });
    const lines = (await diff.allTextContents()).map((t) => t.trim()).sort();
    expect(lines).toEqual([
      'ConfigMap/shop-page in sync',
      'Deployment/shop-web in sync',
      'Secret/shop-admin in sync',
      'Service/shop-web in sync',
    ]);
    // the conditions' history: Ready turned True
    expect(await page.locator('[data-testid="condition-history"]').textContent()).toMatch(/ReadyTrue/);
  });

  it('shows the cause of a child that never becomes ready first', async () => {
    await page.goto(`${manager.console!.url}/#/i/websites.example.com/${ns}/broken`);
    const why = page.locator('[data-testid="why"] li').first();
    await why.waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="why"] li', { hasText: 'Pod/' }).first().waitFor({ timeout: 30_000 });
    expect(await why.textContent()).toMatch(
      /^Deployment\/broken-web → ReplicaSet\/broken-web-\w+ → Pod\/broken-web-[\w-]+: ./,
    );
    const first = page
      .locator('[data-testid="instance"] > *')
      .filter({ has: page.locator('h2') })
      .first();
    expect(await first.getAttribute('data-testid')).toBe('why');
  });

  it('shows no Secret value anywhere, and the page breaks no Content-Security-Policy rule', async () => {
    const secret = await admin.get({ apiVersion: 'v1', kind: 'Secret', namespace: ns, name: 'shop-admin' });
    const encoded = ((secret?.data ?? {}) as Record<string, string>).password ?? '';
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    expect(decoded.length).toBeGreaterThanOrEqual(16);
    await page.goto(`${manager.console!.url}/#/i/websites.example.com/${ns}/shop`);
    await page.locator('[data-testid="tree"]').waitFor();
    const html = await page.content();
    for (const text of [html, ...bodies]) {
      expect(text).not.toContain(decoded);
      expect(text).not.toContain(encoded);
    }
    expect(bodies.length).toBeGreaterThan(2);
    expect(pageErrors).toEqual([]);
  });
});
