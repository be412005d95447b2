/**
 * Simulated storage for simulated nodes: a default StorageClass whose claims are given a volume at once, so a
 * StatefulSet's `volumeClaimTemplates` (or any PersistentVolumeClaim) bind and its pods get scheduled. As with
 * kwok's pods, nothing real stands behind it: the volumes are `hostPath` records no kubelet ever mounts.
 *
 * The part played is an external provisioner's (as a CSI driver's provisioner sidecar would): for each pending
 * claim of the class, a PersistentVolume pre-bound to the claim; kube-controller-manager's
 * `persistentvolume-binder` does the binding, as in a cluster. A released volume is deleted (reclaim policy
 * `Delete`).
 */
import {
  CoreV1Api,
  type Informer,
  type KubeConfig,
  type KubernetesObject,
  makeInformer,
  type ObjectCache,
  StorageV1Api,
  type V1PersistentVolume,
  type V1PersistentVolumeClaim,
} from '@kubernetes/client-node';

/** The default StorageClass of a testenv with nodes. */
export const SIMULATED_STORAGE_CLASS = 'standard';
/** The provisioner name on that class and on every volume it provisions. */
export const SIMULATED_PROVISIONER = 'testenv.orkestra.io/simulated';

/** The kube-controller-manager controllers claims and volumes need (names as `--controllers` accepts them). */
export const VOLUME_CONTROLLERS = ['persistentvolume-binder', 'pvc-protection', 'pv-protection'] as const;

/** The running provisioner; `stop()` ends its watches. */
export interface SimulatedVolumes {
  stop(): Promise<void>;
}

type Watched<T extends KubernetesObject> = Informer<T> & ObjectCache<T>;

/** The volume that satisfies `claim`: its requested size and access modes, bound to it by `claimRef`. */
export function volumeFor(claim: V1PersistentVolumeClaim): V1PersistentVolume {
  const { name, namespace, uid } = claim.metadata ?? {};
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: {
      name: `pvc-${uid}`,
      annotations: { 'pv.kubernetes.io/provisioned-by': SIMULATED_PROVISIONER },
    },
    spec: {
      capacity: { storage: claim.spec?.resources?.requests?.storage ?? '1Gi' },
      accessModes: claim.spec?.accessModes?.length ? claim.spec.accessModes : ['ReadWriteOnce'],
      volumeMode: claim.spec?.volumeMode ?? 'Filesystem',
      persistentVolumeReclaimPolicy: 'Delete',
      storageClassName: SIMULATED_STORAGE_CLASS,
      hostPath: { path: `/var/lib/orkestra-testenv/volumes/${namespace}/${name}` },
      claimRef: { apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace, name, uid },
    },
  };
}

/** Whether `claim` waits for a volume this provisioner should make. */
export function needsVolume(claim: V1PersistentVolumeClaim): boolean {
  return (
    claim.spec?.storageClassName === SIMULATED_STORAGE_CLASS &&
    !claim.spec.volumeName &&
    claim.status?.phase !== 'Bound' &&
    !claim.metadata?.deletionTimestamp
  );
}

/** Whether `volume` is one of ours whose claim is gone. */
export function isReleased(volume: V1PersistentVolume): boolean {
  return (
    volume.metadata?.annotations?.['pv.kubernetes.io/provisioned-by'] === SIMULATED_PROVISIONER &&
    volume.status?.phase === 'Released' &&
    !volume.metadata.deletionTimestamp
  );
}

const statusOf = (e: unknown) => (e as { code?: number }).code;

/**
 * Creates the default StorageClass and provisions its claims until `stop()`. Resolves once both watches run.
 * Errors of one claim (a volume already there, a claim gone meanwhile) are ignored: the watch brings it back.
 */
export async function startSimulatedVolumes(kubeConfig: KubeConfig): Promise<SimulatedVolumes> {
  const core = kubeConfig.makeApiClient(CoreV1Api);
  await kubeConfig.makeApiClient(StorageV1Api).createStorageClass({
    body: {
      apiVersion: 'storage.k8s.io/v1',
      kind: 'StorageClass',
      metadata: {
        name: SIMULATED_STORAGE_CLASS,
        annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' },
      },
      provisioner: SIMULATED_PROVISIONER,
      reclaimPolicy: 'Delete',
      volumeBindingMode: 'Immediate',
    },
  });
  const ignoreExpected = (e: unknown) => {
    if (statusOf(e) !== 409 && statusOf(e) !== 404) throw e;
  };
  const provision = (claim: V1PersistentVolumeClaim) => {
    if (needsVolume(claim)) core.createPersistentVolume({ body: volumeFor(claim) }).catch(ignoreExpected);
  };
  const reclaim = (volume: V1PersistentVolume) => {
    const name = volume.metadata?.name;
    if (name && isReleased(volume)) core.deletePersistentVolume({ name }).catch(ignoreExpected);
  };
  const claims: Watched<V1PersistentVolumeClaim> = makeInformer(kubeConfig, '/api/v1/persistentvolumeclaims', () =>
    core.listPersistentVolumeClaimForAllNamespaces(),
  );
  const volumes: Watched<V1PersistentVolume> = makeInformer(kubeConfig, '/api/v1/persistentvolumes', () =>
    core.listPersistentVolume(),
  );
  for (const verb of ['add', 'update'] as const) {
    claims.on(verb, provision);
    volumes.on(verb, reclaim);
  }
  let stopped = false;
  // An informer whose watch ends (an API server restart, a network error) starts again after a pause.
  for (const informer of [claims, volumes] as Watched<KubernetesObject>[]) {
    informer.on('error', () => {
      const restart = setTimeout(() => stopped || informer.start().catch(() => {}), 1000);
      restart.unref();
    });
  }
  await Promise.all([claims.start(), volumes.start()]);
  return {
    async stop() {
      stopped = true;
      await Promise.all([claims.stop(), volumes.stop()]);
    },
  };
}
