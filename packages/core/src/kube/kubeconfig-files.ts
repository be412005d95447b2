/**
 * Reading kubeconfig files and merging them as kubectl does: each file parsed with `js-yaml` (the YAML reader
 * the katalog's already loads; failsafe schema, so strings stay as written), its clusters, users and contexts
 * checked for shape, relative paths made absolute against the file's directory. Secrets read here stay in
 * {@link UserEntry}, which is never exported from the package.
 */
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve, sep } from 'node:path';
import { FAILSAFE_SCHEMA, load as loadYaml } from 'js-yaml';
import { excessiveAliases } from '../yaml-aliases.js';
import { invalid, KubeconfigError } from './kubeconfig-error.js';

/** A cluster entry, with file paths made absolute. */
export interface KubeconfigCluster {
  name: string;
  server: string;
  /** Path of a PEM file (absolute, resolved against the kubeconfig file that named it). */
  certificateAuthority?: string | undefined;
  /** Base64 of PEM; wins over {@link certificateAuthority}. */
  certificateAuthorityData?: string | undefined;
  insecureSkipTlsVerify: boolean;
  tlsServerName?: string | undefined;
  proxyUrl?: string | undefined;
  /** The kubeconfig file that defined it (undefined in-cluster). */
  file?: string | undefined;
}

/** An `exec` credential plugin (`users[].user.exec`), with its command resolved like kubectl does. */
export interface ExecPluginConfig {
  apiVersion: string;
  command: string;
  args: string[];
  env: { name: string; value: string }[];
  interactiveMode?: 'Never' | 'IfAvailable' | 'Always' | undefined;
  provideClusterInfo: boolean;
  installHint?: string | undefined;
}

/** Where a kubeconfig came from. */
export type KubeconfigOrigin =
  | { kind: 'file'; file: string }
  | { kind: 'KUBECONFIG'; value: string; files: string[] }
  | { kind: 'default-file'; file: string }
  | { kind: 'in-cluster'; dir: string };

/** One user as the kubeconfig states it (paths resolved). Held privately: it carries secrets. */
export interface UserEntry {
  name: string;
  file: string | undefined;
  clientCertificate?: string | undefined;
  clientCertificateData?: string | undefined;
  clientKey?: string | undefined;
  clientKeyData?: string | undefined;
  token?: string | undefined;
  tokenFile?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
  exec?: ExecPluginConfig | undefined;
  authProvider?: { name: string; config: Record<string, string> } | undefined;
  /** The raw map, for the client-node fallback. */
  raw: Record<string, unknown>;
}

/** One context: its cluster, user and namespace, and the file that defined it. */
export interface ContextEntry {
  name: string;
  cluster: string;
  user: string;
  namespace?: string | undefined;
  file: string;
}

/** A cluster entry as read, with its raw map and `extensions` (for an exec plugin's cluster info). */
export type ClusterEntry = KubeconfigCluster & { raw: Record<string, unknown>; extensions: unknown };

/** Every file's clusters, users and contexts, the first definition of each name winning. */
export interface Merged {
  clusters: Map<string, ClusterEntry>;
  users: Map<string, UserEntry>;
  contexts: Map<string, ContextEntry>;
  currentContext: string | undefined;
  files: string[];
}

type Raw = Record<string, unknown>;

export const isMap = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Strings of a kubeconfig are read as written (the file is parsed with YAML's failsafe schema, as Go reads a
 * string field: `token: 0123` stays `0123`). A plain `null`, `~` or nothing means "not set".
 */
function str(map: Raw, key: string, where: () => string, file: string | undefined): string | undefined {
  const v = map[key];
  if (v === undefined || v === null || v === '' || v === 'null' || v === '~') return undefined;
  if (typeof v !== 'string') throw invalid(`${where()}: "${key}" must be a string`, file);
  return v;
}

function bool(map: Raw, key: string, where: () => string, file: string | undefined): boolean {
  const v = str(map, key, where, file);
  if (v === undefined) return false;
  if (/^(true|yes|on|y)$/i.test(v)) return true;
  if (/^(false|no|off|n)$/i.test(v)) return false;
  throw invalid(`${where()}: "${key}" must be true or false, got "${v}"`, file);
}

function list(map: Raw, key: string, where: () => string, file: string | undefined): unknown[] {
  const v = map[key];
  if (v === undefined || v === null || v === '' || v === 'null' || v === '~') return [];
  if (!Array.isArray(v)) throw invalid(`${where()}: "${key}" must be a list`, file);
  return v;
}

/** A path of a kubeconfig made absolute against the directory of the file that named it (as kubectl). */
function resolvePath(p: string | undefined, file: string | undefined): string | undefined {
  if (!p || isAbsolute(p) || !file) return p;
  return resolve(dirname(file), p);
}

function parseFile(file: string): Raw {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new KubeconfigError(
      'Unreadable',
      `cannot read the kubeconfig ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message} — check the ` +
        `path and its permissions`,
      { file, cause: e },
    );
  }
  let doc: unknown;
  try {
    doc = loadYaml(text, { schema: FAILSAFE_SCHEMA });
  } catch (e) {
    // The parser's reason and position only: its full message quotes the file, which may hold a token.
    const { reason, mark } = e as { reason?: string; mark?: { line: number; column: number } };
    const why = `${reason ?? 'unreadable'}${mark ? ` at line ${mark.line + 1}, column ${mark.column + 1}` : ''}`;
    throw new KubeconfigError('Invalid', `the kubeconfig ${file} is not valid YAML: ${why} — fix the file`, { file });
  }
  const limit = excessiveAliases(text, doc);
  if (limit !== undefined)
    throw new KubeconfigError(
      'Invalid',
      `the kubeconfig ${file} is too large once its YAML aliases are expanded: more than ${limit} values, far more ` +
        `than the file holds (a "billion laughs" file?) — fix the file: write it without YAML anchors (&) and ` +
        `aliases (*)`,
      { file },
    );
  if (doc === undefined || doc === null || doc === '') return {};
  if (!isMap(doc))
    throw invalid(
      `the kubeconfig ${file} is not a YAML mapping (apiVersion, kind: Config, clusters, users, contexts)`,
      file,
    );
  return doc;
}

/** Entries of `clusters`, `users` or `contexts`: `{ name, <inner>: {...} }`. */
function entries(
  doc: Raw,
  key: 'clusters' | 'users' | 'contexts',
  inner: string,
  file: string,
): { name: string; body: Raw; where: () => string }[] {
  return list(doc, key, () => file, file).map((item, i) => {
    const at = () => `${file}: ${key}[${i}]`;
    if (!isMap(item)) throw invalid(`${at()} must be a mapping with "name" and "${inner}"`, file);
    const name = str(item, 'name', at, file);
    if (!name) throw invalid(`${at()} has no name`, file);
    const body = item[inner] ?? {};
    const where = () => `${file}: ${key}[${i}] (${inner} "${name}")`;
    if (!isMap(body)) throw invalid(`${where()}: "${inner}" must be a mapping`, file);
    return { name, body, where };
  });
}

function readCluster(name: string, body: Raw, where: () => string, file: string): ClusterEntry {
  return {
    name,
    server: str(body, 'server', where, file) ?? '',
    certificateAuthority: resolvePath(str(body, 'certificate-authority', where, file), file),
    certificateAuthorityData: str(body, 'certificate-authority-data', where, file),
    insecureSkipTlsVerify: bool(body, 'insecure-skip-tls-verify', where, file),
    tlsServerName: str(body, 'tls-server-name', where, file),
    proxyUrl: str(body, 'proxy-url', where, file),
    file,
    raw: body,
    extensions: list(body, 'extensions', where, file),
  };
}

function readExec(body: Raw, where: () => string, file: string): ExecPluginConfig {
  const at = () => `${where()}: exec`;
  const command = str(body, 'command', at, file);
  if (!command) throw invalid(`${at()} has no command`, file);
  const apiVersion = str(body, 'apiVersion', at, file) ?? '';
  const env = list(body, 'env', at, file).map((e, i) => {
    if (!isMap(e)) throw invalid(`${at()}.env[${i}] must be a mapping with name and value`, file);
    const name = str(e, 'name', at, file);
    if (!name) throw invalid(`${at()}.env[${i}] has no name`, file);
    return { name, value: str(e, 'value', at, file) ?? '' };
  });
  const args = list(body, 'args', at, file).map((a, i) => {
    if (typeof a !== 'string') throw invalid(`${at()}.args[${i}] must be a string`, file);
    return a;
  });
  const mode = str(body, 'interactiveMode', at, file);
  if (mode !== undefined && mode !== 'Never' && mode !== 'IfAvailable' && mode !== 'Always') {
    throw invalid(`${at()}: interactiveMode must be Never, IfAvailable or Always, got "${mode}"`, file);
  }
  // kubectl resolves the command against the file's directory only when it is a path, not a name on PATH.
  return {
    apiVersion,
    args,
    env,
    interactiveMode: mode,
    provideClusterInfo: bool(body, 'provideClusterInfo', at, file),
    command: command.includes(sep) || command.includes('/') ? resolvePath(command, file)! : command,
    installHint: str(body, 'installHint', at, file),
  };
}

function readUser(name: string, body: Raw, where: () => string, file: string): UserEntry {
  const execBody = body.exec;
  if (execBody !== undefined && execBody !== null && execBody !== 'null' && !isMap(execBody))
    throw invalid(`${where()}: "exec" must be a mapping`, file);
  const provider = body['auth-provider'];
  if (provider !== undefined && provider !== null && provider !== 'null' && !isMap(provider))
    throw invalid(`${where()}: "auth-provider" must be a mapping`, file);
  let authProvider: UserEntry['authProvider'];
  if (isMap(provider)) {
    const config: Record<string, string> = {};
    if (isMap(provider.config))
      for (const [k, v] of Object.entries(provider.config)) if (typeof v === 'string') config[k] = v;
    authProvider = { name: str(provider, 'name', where, file) ?? '', config };
  }
  return {
    name,
    file,
    raw: body,
    clientCertificate: resolvePath(str(body, 'client-certificate', where, file), file),
    clientCertificateData: str(body, 'client-certificate-data', where, file),
    clientKey: resolvePath(str(body, 'client-key', where, file), file),
    clientKeyData: str(body, 'client-key-data', where, file),
    token: str(body, 'token', where, file),
    tokenFile: resolvePath(str(body, 'tokenFile', where, file), file),
    username: str(body, 'username', where, file),
    password: str(body, 'password', where, file),
    exec: isMap(execBody) ? readExec(execBody, where, file) : undefined,
    authProvider,
  };
}

/** Merges files as kubectl does: the first file that defines a name wins; the first `current-context` wins. */
export function mergeFiles(files: string[]): Merged {
  const merged: Merged = {
    clusters: new Map(),
    users: new Map(),
    contexts: new Map(),
    currentContext: undefined,
    files,
  };
  for (const file of files) {
    const doc = parseFile(file);
    for (const { name, body, where } of entries(doc, 'clusters', 'cluster', file)) {
      if (!merged.clusters.has(name)) merged.clusters.set(name, readCluster(name, body, where, file));
    }
    for (const { name, body, where } of entries(doc, 'users', 'user', file)) {
      if (!merged.users.has(name)) merged.users.set(name, readUser(name, body, where, file));
    }
    for (const { name, body, where } of entries(doc, 'contexts', 'context', file)) {
      if (merged.contexts.has(name)) continue;
      merged.contexts.set(name, {
        name,
        file,
        cluster: str(body, 'cluster', where, file) ?? '',
        user: str(body, 'user', where, file) ?? '',
        namespace: str(body, 'namespace', where, file),
      });
    }
    merged.currentContext ??= str(doc, 'current-context', () => file, file);
  }
  return merged;
}

export function describeOrigin(origin: KubeconfigOrigin): string {
  switch (origin.kind) {
    case 'file':
      return origin.file;
    case 'KUBECONFIG':
      return `KUBECONFIG=${origin.value}`;
    case 'default-file':
      return origin.file;
    case 'in-cluster':
      return 'in-cluster service account';
  }
}
