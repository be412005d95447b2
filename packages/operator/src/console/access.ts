/**
 * Who may see what in the console. On a loopback address the console is the operator's own view (whoever can
 * reach the port runs on this machine). Anywhere else every request needs `Authorization: Bearer <token>`: the
 * token is checked with a TokenReview, and each namespace and kind is shown only when a SubjectAccessReview says
 * the token's user may `get` it there. The operator's identity needs `create` on tokenreviews and
 * subjectaccessreviews (the `system:auth-delegator` ClusterRole grants both). Answers are cached briefly.
 */

import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ControllerClient, KubeObject } from '@orkestra/core';
import type { Permission } from '../permission-check.js';

/** What a viewer may see. */
export interface Viewer {
  /** `the operator (loopback)` or the token's username. */
  readonly name: string;
  /** Tells viewers apart (a hash of the token): two requests of one id see the same. */
  readonly id: string;
  /** Whether the viewer may `get` objects of `resource` (plural) of `group` in `namespace` (cluster-wide: none). */
  mayGet(group: string, resource: string, namespace: string | undefined): Promise<boolean>;
}

/** A request the console refuses to answer: 401 without a valid token. */
export class ConsoleAuthError extends Error {
  constructor(
    readonly status: 401 | 403,
    message: string,
  ) {
    super(message);
    this.name = 'ConsoleAuthError';
  }
}

const CACHE_MS = 30_000;
const CACHE_ENTRIES = 10_000;

/** Whether `host` (as given to `--console`) is a loopback address: `127.x.x.x`, `::1`, `localhost`. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h) || h === '::ffff:127.0.0.1';
}

interface UserInfo {
  username: string;
  uid?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
}

/** A small map whose entries expire, and which never grows past {@link CACHE_ENTRIES}. */
class Expiring<T> {
  private readonly entries = new Map<string, { value: Promise<T>; until: number }>();

  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const found = this.entries.get(key);
    if (found && found.until > now) return found.value;
    if (this.entries.size >= CACHE_ENTRIES) this.entries.clear();
    const value = load();
    this.entries.set(key, { value, until: now + CACHE_MS });
    value.catch(() => this.entries.delete(key)); // a failed review is asked again next time
    return value;
  }
}

const operatorViewer: Viewer = { name: 'the operator (loopback)', id: 'loopback', mayGet: async () => true };

/** Authenticates console requests and answers the viewer's access questions. */
export class ConsoleAccess {
  private readonly users = new Expiring<UserInfo | undefined>();
  private readonly reviews = new Expiring<boolean>();

  constructor(
    private readonly kube: ControllerClient,
    /** Loopback: no token needed, the operator's view. */
    readonly loopback: boolean,
  ) {}

  /** The viewer of `req`; throws {@link ConsoleAuthError} (401) when a token is needed and missing or invalid. */
  async viewerOf(req: IncomingMessage): Promise<Viewer> {
    if (this.loopback) return operatorViewer;
    const header = req.headers.authorization ?? '';
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!token)
      throw new ConsoleAuthError(
        401,
        'this console is served on a non-loopback address: send "Authorization: Bearer <token>" with a Kubernetes ' +
          'token (kubectl create token <service-account>)',
      );
    const id = createHash('sha256').update(token).digest('hex');
    const user = await this.users.get(id, () => this.tokenReview(token));
    if (!user) throw new ConsoleAuthError(401, 'the bearer token was not accepted by the API server (TokenReview)');
    return { name: user.username, id, mayGet: (group, resource, ns) => this.mayGet(id, user, group, resource, ns) };
  }

  private async tokenReview(token: string): Promise<UserInfo | undefined> {
    const review = await this.kube.create<KubeObject>({
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'TokenReview',
      metadata: {},
      spec: { token },
    });
    const status = review.status as { authenticated?: boolean; user?: UserInfo } | undefined;
    return status?.authenticated && status.user?.username ? status.user : undefined;
  }

  private mayGet(id: string, user: UserInfo, group: string, resource: string, ns: string | undefined) {
    return this.reviews.get(`${id}\0${group}\0${resource}\0${ns ?? ''}`, async () => {
      const review = await this.kube.create<KubeObject>({
        apiVersion: 'authorization.k8s.io/v1',
        kind: 'SubjectAccessReview',
        metadata: {},
        spec: {
          user: user.username,
          ...(user.uid ? { uid: user.uid } : {}),
          ...(user.groups ? { groups: user.groups } : {}),
          ...(user.extra ? { extra: user.extra } : {}),
          resourceAttributes: { verb: 'get', group, resource, ...(ns ? { namespace: ns } : {}) },
        },
      });
      return (review.status as { allowed?: boolean } | undefined)?.allowed === true;
    });
  }
}

/**
 * What the operator's identity needs to serve the console on a non-loopback address: `create` on tokenreviews
 * (whose token is it?) and subjectaccessreviews (may its user get this kind there?), cluster-wide — what the
 * `system:auth-delegator` ClusterRole grants. `orkestra generate rbac --console` adds them.
 */
export function consolePermissions(): Permission[] {
  const why = 'the console on a non-loopback address: who a bearer token is, and what its user may get';
  return [
    { group: 'authentication.k8s.io', resource: 'tokenreviews', verbs: ['create'], why },
    { group: 'authorization.k8s.io', resource: 'subjectaccessreviews', verbs: ['create'], why },
  ];
}
