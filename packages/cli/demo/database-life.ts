/**
 * The life of one Database (examples/database), as the demo plays it after the Website: applied, its StatefulSet
 * given volumes and pods, `Ready=False` naming what the backup CronJob waits for, the CronJob created only once the
 * StatefulSet has every replica ready, and then the Database deleted: its children go (by the operator's
 * finalizer, what depends on another first), the volume claims stay, as a StatefulSet keeps them.
 */
import type { KubeObject } from '@orkestra/core';
import { CrLife, conditionOf, seconds } from './cr-life.js';
import { waitUntil } from './wait.js';

/** A StatefulSet's replicas, wanted and ready. */
type Replicas = { wanted: number; ready: number };

const replicasOf = (set: KubeObject | undefined): Replicas => ({
  wanted: (set?.spec as { replicas?: number } | undefined)?.replicas ?? 1,
  ready: (set?.status as { readyReplicas?: number } | undefined)?.readyReplicas ?? 0,
});

/**
 * How long a Database may take to become Ready: on the embedded control plane a few seconds; on a cluster of the
 * user's, PostgreSQL's image is pulled and its readiness probe must pass.
 */
const DATABASE_READY_TIMEOUT_MS = 180_000;

/** See the module comment. */
export class DatabaseLife extends CrLife {
  /** `Synced` too: its message names what the CronJob waits for (`Ready`'s names what is not ready). */
  protected override readonly noted = ['Ready', 'Synced'];

  async play(): Promise<void> {
    await this.apply();
    await this.remove();
  }

  private get names() {
    const name = this.ref.name;
    return { statefulSet: `${name}-db`, cronJob: `${name}-backup` };
  }

  /** Applies the Database; waits until it is Ready, checking on the way that the CronJob waited for the StatefulSet. */
  private async apply(): Promise<void> {
    const { steps, names } = this;
    steps.begin('apply a Database');
    const spec = this.cr.spec as { version?: string; replicas?: number; storage?: string } | undefined;
    steps.say(
      `kubectl apply -f ${this.rel('database.yaml')}   (PostgreSQL ${String(spec?.version)}, ` +
        `replicas ${String(spec?.replicas ?? 1)}, ${String(spec?.storage)} each; ` +
        'its backup CronJob dependsOn the StatefulSet)',
    );
    this.takeWrites(); // the Website's, if any were left
    await this.create();
    const t0 = performance.now();
    const cronJobWaited = await this.untilReadyInOrder();
    this.inOrder((w) => {
      const after =
        w.kind === 'CronJob' && w.result.action === 'created' && cronJobWaited
          ? ` (after StatefulSet ${names.statefulSet} had ${cronJobWaited.wanted} of ${cronJobWaited.wanted} ` +
            'replicas ready)'
          : '';
      return `${steps.marks.add} ${this.describeWrite(w)}${after}`;
    });
    await this.claims();
    await this.pods(names.statefulSet);
    const ready = await this.user.get(this.ref);
    steps.detail(`status: Ready=True (${conditionOf(ready)?.message})`);
    steps.finish(`Database ${this.namespace}/${this.ref.name} is Ready ${seconds(t0)} s after it was applied`);
  }

  /**
   * Waits until the Database is Ready. Each poll reads the CronJob before the StatefulSet: a CronJob seen while the
   * StatefulSet, read after it, still lacked a ready replica was written too early, and the demo fails. Resolves
   * to the StatefulSet's replicas as last seen without the CronJob (undefined if the CronJob was there at once).
   */
  private async untilReadyInOrder(): Promise<Replicas | undefined> {
    const { names } = this;
    let waited: Replicas | undefined;
    await waitUntil(
      'the Database to be Ready (on a cluster of yours: a default StorageClass, and nodes that can run PostgreSQL)',
      async () => {
        const cronJob = await this.get('CronJob', 'batch/v1', names.cronJob);
        const set = replicasOf(await this.get('StatefulSet', 'apps/v1', names.statefulSet));
        if (cronJob && set.ready < set.wanted)
          throw new OrderError(
            `CronJob ${names.cronJob} exists while StatefulSet ${names.statefulSet} has ${set.ready} of ` +
              `${set.wanted} replicas ready: dependsOn was not kept`,
          );
        if (!cronJob) waited = set;
        const cr = await this.user.get(this.ref);
        this.note(cr);
        return cronJob !== undefined && conditionOf(cr)?.status === 'True';
      },
      DATABASE_READY_TIMEOUT_MS,
      (e) => e instanceof OrderError,
    );
    return waited;
  }

  /** The StatefulSet's volume claims (`data-<statefulset>-<i>`), as details: bound to which volume, how big. */
  private async claims(): Promise<void> {
    type Claim = KubeObject & {
      spec: { volumeName?: string; storageClassName?: string };
      status?: { phase?: string; capacity?: { storage?: string } };
    };
    for (const c of await this.claimsOf()) {
      const claim = c as Claim;
      this.steps.detail(
        `PersistentVolumeClaim ${claim.metadata.name}: ${claim.status?.phase ?? 'Pending'}` +
          (claim.spec.volumeName ? ` to ${claim.spec.volumeName}` : '') +
          ` (${claim.status?.capacity?.storage ?? '?'}, StorageClass ${claim.spec.storageClassName ?? 'none'})`,
      );
    }
  }

  private claimsOf(): Promise<KubeObject[]> {
    return this.liveByPrefix('PersistentVolumeClaim', `data-${this.names.statefulSet}-`);
  }

  /** Deletes the Database; waits until its children are gone, and shows that the claims (the data) stay. */
  private async remove(): Promise<void> {
    const { steps, ref, names } = this;
    steps.begin('delete the Database');
    steps.say(`kubectl delete database ${ref.name}`);
    const ms = await this.deleteAndAwait(
      [
        ['CronJob', 'batch/v1', names.cronJob],
        ['StatefulSet', 'apps/v1', names.statefulSet],
        ['Service', 'v1', `${ref.name}-db`],
        ['Secret', 'v1', `${ref.name}-credentials`],
        ['PodDisruptionBudget', 'policy/v1', `${ref.name}-db`],
      ],
      'deleted',
    );
    const kept = (await this.claimsOf()).map((c) => c.metadata.name).join(', ');
    if (kept)
      steps.detail(
        `PersistentVolumeClaims ${kept} stay: a StatefulSet's claims outlive it (its retention policy is Retain), ` +
          'and so does the data',
      );
    steps.finish(`Database deleted; its children were deleted ${ms} ms later`);
  }
}

/** What the demo found when the operator wrote a child before what it depends on was ready. */
class OrderError extends Error {}
