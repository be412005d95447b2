/**
 * The console's server: read-only JSON, one server-sent-event stream per page, and the web pages when
 * `@orkestra/console` is installed. Off unless `Manager({ console })` or `orkestra run --console` asks for it;
 * then it listens on its own port (loopback by default), apart from the health/metrics one.
 *
 * Routes (GET only):
 * - `/api/kinds` — {@link KindView}s; `/api/instance?kind=<id>&namespace=<ns>&name=<name>` — an {@link InstanceView};
 * - `/api/stream?…` — the same JSON (`kinds` without `name`, the instance with it) as `data:` of SSE messages, sent
 *   whole on each change of what it shows, at most once per `streamIntervalMs`;
 * - anything else — the web pages, or a JSON note saying they are not installed.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ControllerClient, Logger } from '@orkestra/core';
import type { GenericReconciler, ReconcilerObserver } from '@orkestra/reconciler';
import { HttpAddressError, listenFailure, parseAddress } from '../http-server.js';
import { ConsoleAccess, ConsoleAuthError, isLoopbackHost, type Viewer } from './access.js';
import { Assets, installedAssets } from './assets.js';
import { ConsoleHistory, type HistoryLimits } from './history.js';
import { SharedLists } from './shared-lists.js';
import { instanceKey, instanceView, katalogsView, kindId, kindsView, observeConditions } from './views.js';

const { createServer } = process.getBuiltinModule('node:http');

/** Options of the console (`Manager({ console })`). */
export interface ConsoleOptions {
  /**
   * `host:port` to listen on (port 0 picks one); default `127.0.0.1:0`. A loopback address serves the operator's
   * own view to whoever reaches it; any other requires a bearer token and shows what its user may `get`.
   */
  address?: string;
  /** Least time between two messages of one event stream; default 1000 ms. */
  streamIntervalMs?: number;
  /** How much reconcile history is kept in memory. */
  history?: HistoryLimits;
  /** The folder of the web pages; default the installed `@orkestra/console`'s; `false`: JSON only. */
  assets?: string | false;
}

/** Where the console finds what it shows: the reconcilers running now, and the Katalog runtime's revisions. */
export interface ConsoleSource {
  /** The client the console reads and reviews tokens with; default the first reconciler's. */
  kube?: ControllerClient;
  /** Every reconciler running now (the Manager's, and those of each Katalog served). */
  reconcilers(): readonly GenericReconciler[];
  /** The revision each Katalog (`namespace/name`) serves; absent without the Katalog runtime. */
  katalogRevisions?(): ReadonlyMap<string, number>;
}

/** Strict: only this origin's scripts, styles and connections; no inline code, no frames, no forms. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** How long the pages share a list of what the informers do not hold (Pods, ReplicaSets, Events of a namespace). */
const LIST_TTL_MS = 5_000;

/** Open event streams at most (each holds a connection and re-traces its page on change). */
const MAX_STREAMS = 500;

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/** The host part of a `Host` header (`127.0.0.1`, `[::1]`, `localhost`). */
function hostOf(header: string | undefined): string {
  const h = header ?? '';
  return h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) : (h.split(':')[0] ?? '');
}

/** A request the console cannot answer, said in words (400, 404; 503 with too many pages open). */
class ConsoleRequestError extends Error {
  constructor(
    readonly status: 400 | 404 | 503,
    message: string,
  ) {
    super(message);
    this.name = 'ConsoleRequestError';
  }
}

/** The console of one Manager. */
export class ConsoleServer {
  private readonly history: ConsoleHistory;
  private server: Server | undefined;
  private access: ConsoleAccess | undefined;
  private assets: Assets | undefined;
  /** Lists the pages share (see {@link SharedLists}); made with the client at {@link listen}. */
  private lists: SharedLists | undefined;
  private readonly streams = new Set<() => void>();
  /** Views being or just computed for streams, by viewer and query: pages showing the same share one trace. */
  private readonly shared = new Map<string, { until: number; view: Promise<unknown> }>();
  private url_: string | undefined;

  private readonly source: ConsoleSource;

  /** `source`: the reconcilers to show (fixed), or where to find them and the Katalogs' revisions (as they change). */
  constructor(
    source: readonly GenericReconciler[] | ConsoleSource,
    private readonly options: ConsoleOptions,
    private readonly logger: Logger,
  ) {
    this.source = Array.isArray(source) ? { reconcilers: () => source } : (source as ConsoleSource);
    this.history = new ConsoleHistory(options.history);
    this.history.onReconciled((kind, key) => {
      this.lists?.forget(key.includes('/') ? key.slice(0, key.indexOf('/')) : undefined);
      const r = this.reconcilers.find((x) => x.config.owner.kind === kind);
      if (r) observeConditions(r, this.history, key);
    });
  }

  private get reconcilers(): readonly GenericReconciler[] {
    return this.source.reconcilers();
  }

  private get kube(): ControllerClient | undefined {
    return this.source.kube ?? this.reconcilers[0]?.kube;
  }

  /**
   * An observer for the reconciler of `kind` that records its reconciles in the console's bounded history, then
   * tells `next`.
   */
  observer(kind: string, next?: ReconcilerObserver): ReconcilerObserver {
    return this.history.observer(kind, next);
  }

  /** `http://127.0.0.1:34567`, once listening. */
  get url(): string | undefined {
    return this.url_;
  }

  /** Starts listening; throws {@link HttpAddressError} when the address is malformed or taken. */
  async listen(): Promise<void> {
    if (this.server) return;
    const address = this.options.address ?? '127.0.0.1:0';
    const { host, port } = parseAddress(address);
    const kube = this.kube;
    if (!kube) throw new HttpAddressError(address, 'the console needs at least one reconciler to show');
    this.access = new ConsoleAccess(kube, isLoopbackHost(host));
    this.lists = new SharedLists(kube, LIST_TTL_MS);
    const root = this.options.assets === false ? undefined : (this.options.assets ?? installedAssets());
    this.assets = root ? new Assets(root) : undefined;
    const server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', (e) => reject(listenFailure(address, host, port, e)));
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    const bound = server.address() as AddressInfo;
    this.url_ = `http://${bound.family === 'IPv6' ? `[${bound.address}]` : bound.address}:${bound.port}`;
    this.logger.info(
      { url: this.url_, pages: Boolean(this.assets), auth: this.access.loopback ? 'loopback' : 'bearer token' },
      `serving the console on ${this.url_}${this.assets ? '' : ' (JSON only: @orkestra/console is not installed)'}`,
    );
  }

  /** Ends the streams and stops listening. */
  async close(): Promise<void> {
    for (const end of this.streams) end();
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://console');
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { ...SECURITY_HEADERS, allow: 'GET, HEAD' }).end();
        return;
      }
      // On loopback, a page of another site must not reach the console through a name resolving to 127.0.0.1.
      if (this.access?.loopback && !isLoopbackHost(hostOf(req.headers.host)))
        throw new ConsoleAuthError(
          403,
          `Host ${req.headers.host ?? '(none)'}: the console answers only loopback names`,
        );
      if (!url.pathname.startsWith('/api/')) return await this.page(url.pathname, res);
      const viewer = await (this.access as ConsoleAccess).viewerOf(req);
      if (url.pathname === '/api/stream') return this.stream(req, res, url, viewer);
      this.json(res, 200, await this.view(url, viewer));
    } catch (e) {
      if (e instanceof ConsoleAuthError || e instanceof ConsoleRequestError)
        this.json(res, e.status, { error: e.message });
      else {
        this.logger.warn(
          { path: url.pathname, error: e instanceof Error ? e.message : String(e) },
          'console request failed',
        );
        this.json(res, 500, { error: 'the console could not read the cluster; see the operator log' });
      }
    }
  }

  /** What `url` shows: the kinds, or one instance. */
  private async view(url: URL, viewer: Viewer): Promise<unknown> {
    const p = url.searchParams;
    if (url.pathname === '/api/kinds' || (url.pathname === '/api/stream' && !p.get('name'))) {
      const kinds = await kindsView(this.reconcilers, this.history, viewer);
      const revisions = this.source.katalogRevisions?.();
      const kube = this.kube;
      return revisions && kube ? { kinds, katalogs: await katalogsView(kube, revisions, viewer) } : { kinds };
    }
    if (url.pathname !== '/api/instance' && url.pathname !== '/api/stream')
      throw new ConsoleRequestError(404, `no such endpoint: ${url.pathname} (try /api/kinds or /api/instance)`);
    const id = p.get('kind') ?? '';
    const name = p.get('name') ?? '';
    const r = this.reconcilers.find((x) => kindId(x) === id);
    if (!r)
      throw new ConsoleRequestError(
        404,
        `kind=${id}: not a kind this operator serves (one of: ${this.reconcilers.map(kindId).join(', ')})`,
      );
    if (!name) throw new ConsoleRequestError(400, 'name=: missing; say which instance (…&namespace=<ns>&name=<name>)');
    const lists = this.lists ?? new SharedLists(r.kube, LIST_TTL_MS);
    const view = await instanceView(r, this.history, lists, viewer, p.get('namespace') || undefined, name);
    if (!view)
      throw new ConsoleRequestError(
        404,
        `${r.config.owner.kind} ${instanceKey(p.get('namespace') || undefined, name)}: not found`,
      );
    return view;
  }

  /** {@link view}, shared by the streams of one viewer and page within half a stream interval. */
  private sharedView(url: URL, viewer: Viewer): Promise<unknown> {
    const now = Date.now();
    const key = `${viewer.id}\0${url.search}`;
    const found = this.shared.get(key);
    if (found && found.until > now) return found.view;
    if (this.shared.size > 1000) for (const [k, v] of this.shared) if (v.until <= now) this.shared.delete(k);
    const view = this.view(url, viewer);
    this.shared.set(key, { until: now + (this.options.streamIntervalMs ?? 1000) / 2, view });
    return view;
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    if (res.headersSent) return void res.end();
    res
      .writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'application/json', 'cache-control': 'no-store' })
      .end(JSON.stringify(body));
  }

  private async page(path: string, res: ServerResponse): Promise<void> {
    const asset = this.assets && (await this.assets.get(path === '/' ? '/' : path));
    const file = asset ?? (this.assets && !path.includes('.') ? await this.assets.get('/') : undefined);
    if (file) {
      res
        .writeHead(200, { ...SECURITY_HEADERS, 'content-type': file.type, 'cache-control': 'no-cache' })
        .end(file.body);
      return;
    }
    if (this.assets) throw new ConsoleRequestError(404, `no such file: ${path}`);
    this.json(res, 200, {
      console: 'the web pages are not installed (npm install @orkestra/console); the JSON endpoints work',
      endpoints: ['/api/kinds', '/api/instance?kind=<id>&namespace=<ns>&name=<name>', '/api/stream?…'],
    });
  }

  /**
   * One event stream: the view now, then again whenever a reconcile of what it shows ends (any, for the kinds
   * page) or 10 s pass, sent only when it differs, at most once per `streamIntervalMs`.
   */
  private stream(req: IncomingMessage, res: ServerResponse, url: URL, viewer: Viewer): void {
    if (this.streams.size >= MAX_STREAMS)
      throw new ConsoleRequestError(503, `${MAX_STREAMS} pages are open already: close one, then reload`);
    const intervalMs = this.options.streamIntervalMs ?? 1000;
    const name = url.searchParams.get('name');
    const key = name ? instanceKey(url.searchParams.get('namespace') || undefined, name) : undefined;
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': 'text/event-stream',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    let last = '';
    let running = false;
    let again = false;
    let timer: NodeJS.Timeout | undefined;
    let lastSent = 0;
    const send = async () => {
      if (running) return void (again = true);
      running = true;
      try {
        const body = JSON.stringify(await this.sharedView(url, viewer));
        if (body !== last) res.write(`data: ${body}\n\n`);
        last = body;
      } catch (e) {
        res.write(`event: problem\ndata: ${JSON.stringify({ error: e instanceof Error ? e.message : String(e) })}\n\n`);
      }
      lastSent = Date.now();
      running = false;
      if (again) schedule();
      again = false;
    };
    const schedule = () => {
      if (timer) return;
      const wait = Math.max(0, lastSent + intervalMs - Date.now());
      timer = setTimeout(() => {
        timer = undefined;
        void send();
      }, wait);
    };
    const off = this.history.onReconciled((_kind, k) => {
      if (!key || k === key) schedule();
    });
    const tick = setInterval(schedule, 10_000);
    const end = () => {
      off();
      clearInterval(tick);
      clearTimeout(timer);
      this.streams.delete(end);
      res.end();
    };
    this.streams.add(end);
    req.on('close', end);
    void send();
  }
}
