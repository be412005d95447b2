/**
 * A CR whose status a reconcile found already right, remembered with the versions it was computed from: the
 * CR's and its live children's resourceVersions. While they stay the same (a resync of an unchanged CR, whose
 * children are answered unchanged), the status fields (templates over the CR and its children) and the
 * conditions would come out the same again, so the reconcile skips computing them. Not used with a `status`
 * hook (user code may read anything), nor after a failure or a write.
 */
import type { KubeObject } from '@orkestra/core';

/** The versions a status was computed from: the CR's, then each child's (`''` for a child not found). */
function versionsOf(cr: KubeObject, children: readonly (KubeObject | undefined)[]): string[] {
  const out = [cr.metadata.resourceVersion ?? ''];
  for (const child of children) out.push(child?.metadata.resourceVersion ?? '');
  return out;
}

/**
 * In-sync statuses by CR key.
 *
 * @example
 * if (!memo.unchanged(key, cr, lives)) {
 *   const written = await writeStatus(…);
 *   if (!written) memo.remember(key, cr, lives);
 * }
 */
export class StatusMemo {
  private readonly versions = new Map<string, string[]>();

  /** True when the status of `key` was found right for these very versions of the CR and its children. */
  unchanged(key: string, cr: KubeObject, children: readonly (KubeObject | undefined)[]): boolean {
    const known = this.versions.get(key);
    if (!known || known.length !== children.length + 1 || !cr.metadata.resourceVersion) return false;
    if (known[0] !== cr.metadata.resourceVersion) return false;
    for (let i = 0; i < children.length; i++) {
      const version = children[i]?.metadata.resourceVersion;
      if (!version || known[i + 1] !== version) return false;
    }
    return true;
  }

  /** Remembers that the status of `key` is right for these versions. */
  remember(key: string, cr: KubeObject, children: readonly (KubeObject | undefined)[]): void {
    if (cr.metadata.resourceVersion) this.versions.set(key, versionsOf(cr, children));
  }

  /** Forgets `key` (a failure, a write, or the CR is gone). */
  forget(key: string): void {
    this.versions.delete(key);
  }
}
