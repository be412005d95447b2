/**
 * `exec` credential plugins (`users[].user.exec`, `client.authentication.k8s.io/v1` and `v1beta1`), as kubectl
 * runs them: the command with its args and env, `KUBERNETES_EXEC_INFO` (non-interactive; the cluster's details
 * with `provideClusterInfo`), an `ExecCredential` read from stdout. Only plugins that return a token are
 * supported; the token is cached until its `expirationTimestamp` (without one, until a 401).
 */
import { spawn } from 'node:child_process';
import { KubeconfigError } from './kubeconfig-error.js';
import { type ExecPluginConfig, isMap, type KubeconfigCluster } from './kubeconfig-files.js';
import { readKubeconfigFile } from './tls-material.js';

/** The exec credential of a plugin run, cached until it expires. */
export interface CachedCredential {
  token: string;
  expiresAt: number | undefined;
}

/** What the plugin is given and where it comes from, for its environment and for messages. */
export interface ExecPluginRun {
  exec: ExecPluginConfig;
  cluster: KubeconfigCluster;
  /** The cluster's `extensions` (the `client.authentication.k8s.io/exec` one goes to the plugin as `config`). */
  clusterExtensions: unknown;
  env: NodeJS.ProcessEnv;
  /** The user, for messages: `user "x" of context "y" (file)`. */
  where: () => string;
  /** The kubeconfig file of the user. */
  file: string | undefined;
}

/** The token of one exec plugin: run once while a run is pending, cached until it expires or is forgotten. */
export class ExecCredentials {
  #credential: CachedCredential | undefined;
  #pending: Promise<CachedCredential> | undefined;

  constructor(private readonly run: ExecPluginRun) {}

  /** The cached credential while it is valid, else the plugin's next answer (one run for concurrent callers). */
  credential(): Promise<CachedCredential> {
    const cached = this.#credential;
    if (cached && (cached.expiresAt === undefined || Date.now() < cached.expiresAt)) return Promise.resolve(cached);
    if (!this.#pending) {
      this.#pending = runExecPlugin(this.run).then(
        (credential) => {
          this.#credential = credential;
          this.#pending = undefined;
          return credential;
        },
        (e: unknown) => {
          this.#pending = undefined;
          throw e;
        },
      );
    }
    return this.#pending;
  }

  /** Runs the plugin again at the next {@link credential} (after a 401). */
  forget(): void {
    this.#credential = undefined;
  }
}

/** `KUBERNETES_EXEC_INFO`'s spec: non-interactive, and the cluster's details when the plugin asks for them. */
function execInfoSpec(run: ExecPluginRun): Record<string, unknown> {
  const { exec, cluster: c, clusterExtensions } = run;
  const spec: Record<string, unknown> = { interactive: false };
  if (!exec.provideClusterInfo) return spec;
  const config = Array.isArray(clusterExtensions)
    ? (clusterExtensions as { name?: string; extension?: unknown }[]).find(
        (x) => x?.name === 'client.authentication.k8s.io/exec',
      )?.extension
    : undefined;
  spec.cluster = {
    server: c.server,
    ...(c.tlsServerName ? { 'tls-server-name': c.tlsServerName } : {}),
    ...(c.insecureSkipTlsVerify ? { 'insecure-skip-tls-verify': true } : {}),
    ...(c.certificateAuthorityData || c.certificateAuthority
      ? {
          'certificate-authority-data':
            c.certificateAuthorityData ??
            Buffer.from(
              readKubeconfigFile(c.certificateAuthority!, 'the certificate-authority', `cluster "${c.name}"`, c.file),
            ).toString('base64'),
        }
      : {}),
    ...(config !== undefined ? { config } : {}),
  };
  return spec;
}

interface PluginOutput {
  code: number | null;
  stdout: string;
  stderr: string;
  error?: Error;
}

/** Runs the command without a shell; stderr is kept to its last 8 KiB or so. */
function spawnPlugin(exec: ExecPluginConfig, env: NodeJS.ProcessEnv): Promise<PluginOutput> {
  return new Promise<PluginOutput>((done) => {
    const child = spawn(exec.command, exec.args, {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: false,
      windowsHide: true,
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d.length + err.length > 8192 ? '' : d));
    child.on('error', (e) => done({ code: null, stdout: out, stderr: err, error: e }));
    child.on('close', (status) => done({ code: status, stdout: out, stderr: err }));
  });
}

/** Runs the plugin and reads its ExecCredential; every failure is a `KubeconfigError` naming the command. */
async function runExecPlugin(run: ExecPluginRun): Promise<CachedCredential> {
  const { exec } = run;
  const env: NodeJS.ProcessEnv = { ...run.env };
  for (const { name, value } of exec.env) env[name] = value;
  env.KUBERNETES_EXEC_INFO = JSON.stringify({
    apiVersion: exec.apiVersion,
    kind: 'ExecCredential',
    spec: execInfoSpec(run),
  });
  const what = `the exec plugin "${[exec.command, ...exec.args].join(' ')}" of ${run.where()}`;
  const { code, stdout, stderr, error } = await spawnPlugin(exec, env);
  const hint = exec.installHint ? ` ${exec.installHint.trim()}` : '';
  if (error) {
    throw new KubeconfigError(
      'Exec',
      `${what} could not be started: ${(error as NodeJS.ErrnoException).code ?? error.message} — install it or fix ` +
        `users[].user.exec.command.${hint}`,
      { file: run.file, cause: error },
    );
  }
  const said = stderr.trim() ? `: ${stderr.trim().slice(-2000)}` : ' (it wrote nothing to stderr)';
  if (code !== 0) {
    throw new KubeconfigError(
      'Exec',
      `${what} failed with exit code ${code}${said} — run the command yourself to see why (log in again?).${hint}`,
      { file: run.file },
    );
  }
  return credentialOf(stdout, exec, what, run.file);
}

/** The token and expiry of the ExecCredential on the plugin's stdout, checked; stdout is never quoted (a token). */
function credentialOf(
  stdout: string,
  exec: ExecPluginConfig,
  what: string,
  file: string | undefined,
): CachedCredential {
  const fail = (problem: 'Exec' | 'Unsupported', message: string) => new KubeconfigError(problem, message, { file });
  let credential: unknown;
  try {
    credential = JSON.parse(stdout);
  } catch {
    throw fail(
      'Exec',
      `${what} printed no ExecCredential JSON on stdout — check that it is a client.authentication.k8s.io credential ` +
        `plugin`,
    );
  }
  if (!isMap(credential) || credential.kind !== 'ExecCredential' || !isMap(credential.status)) {
    throw fail(
      'Exec',
      `${what} printed JSON that is not an ExecCredential with a status — check the plugin's version and arguments`,
    );
  }
  if (credential.apiVersion !== exec.apiVersion) {
    throw fail(
      'Exec',
      `${what} answered with apiVersion "${String(credential.apiVersion)}", but the kubeconfig asks for ` +
        `"${exec.apiVersion}" — make users[].user.exec.apiVersion match the plugin`,
    );
  }
  const status = credential.status;
  if (typeof status.token !== 'string' || !status.token) {
    if (status.clientCertificateData || status.clientKeyData) {
      throw fail(
        'Unsupported',
        `${what} returned a client certificate; Orkestra's Kubeclient supports exec plugins that return a token only ` +
          `— use a plugin mode that returns a token, or a kubeconfig with client-certificate-data`,
      );
    }
    throw fail('Exec', `${what} returned an ExecCredential without status.token — check the plugin`);
  }
  let expiresAt: number | undefined;
  if (typeof status.expirationTimestamp === 'string' && status.expirationTimestamp) {
    expiresAt = Date.parse(status.expirationTimestamp);
    if (Number.isNaN(expiresAt))
      throw fail('Exec', `${what} returned an expirationTimestamp that is not an RFC 3339 time — check the plugin`);
  }
  return { token: status.token, expiresAt };
}
