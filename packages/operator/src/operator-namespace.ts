/**
 * The operator's own namespace: where its leader-election Lease and the inventory records of its reconcilers
 * live when nothing else is said.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICE_ACCOUNT_DIR } from '@orkestra/core/kube';

/**
 * The pod's service-account folder: `ORKESTRA_SERVICE_ACCOUNT_DIR` when set (a token projected elsewhere; the
 * in-cluster integration test), else the standard {@link SERVICE_ACCOUNT_DIR}.
 */
export function serviceAccountDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.ORKESTRA_SERVICE_ACCOUNT_DIR || SERVICE_ACCOUNT_DIR;
}

/**
 * The operator's namespace: the pod's (`POD_NAMESPACE`, or the service account's namespace file, in
 * {@link serviceAccountDir}), else the kubeconfig context's namespace, else `default`. Reads one small file at
 * most; never throws.
 */
export function operatorNamespace(
  kube: { readonly contextNamespace?: string | undefined },
  env: NodeJS.ProcessEnv = process.env,
  readFile: (p: string) => string | undefined = readQuietly,
): string {
  if (env.POD_NAMESPACE) return env.POD_NAMESPACE;
  const fromPod = readFile(join(serviceAccountDir(env), 'namespace'))?.trim();
  if (fromPod) return fromPod;
  return kube.contextNamespace || 'default';
}

function readQuietly(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
