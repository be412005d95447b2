/**
 * Every kind a Kubernetes API server serves by default, with its REST resource (plural) and scope: data, taken
 * from the discovery of kube-apiserver v1.37 (the version @orkestra/testenv runs). `test/built-in-kinds.int.test.ts`
 * compares it with the discovery of the test control plane, so it cannot drift: after a Kubernetes upgrade that
 * test lists what to add or remove here. Beta and alpha APIs (off by default) are not in it; ask the cluster
 * (discovery) for them, as for custom resources.
 */
import type { ResourceInfo } from '../object-client.js';

/** Kubernetes version the table was taken from. */
export const BUILT_IN_KINDS_VERSION = 'v1.37';

/** `[kind, plural, namespaced]` per apiVersion. Subresources and create-only review kinds are included as served. */
const TABLE: Record<string, readonly (readonly [string, string, boolean])[]> = {
  v1: [
    ['Binding', 'bindings', true],
    ['ComponentStatus', 'componentstatuses', false],
    ['ConfigMap', 'configmaps', true],
    ['Endpoints', 'endpoints', true],
    ['Event', 'events', true],
    ['LimitRange', 'limitranges', true],
    ['Namespace', 'namespaces', false],
    ['Node', 'nodes', false],
    ['PersistentVolumeClaim', 'persistentvolumeclaims', true],
    ['PersistentVolume', 'persistentvolumes', false],
    ['Pod', 'pods', true],
    ['PodTemplate', 'podtemplates', true],
    ['ReplicationController', 'replicationcontrollers', true],
    ['ResourceQuota', 'resourcequotas', true],
    ['Secret', 'secrets', true],
    ['ServiceAccount', 'serviceaccounts', true],
    ['Service', 'services', true],
  ],
  'admissionregistration.k8s.io/v1': [
    ['MutatingAdmissionPolicy', 'mutatingadmissionpolicies', false],
    ['MutatingAdmissionPolicyBinding', 'mutatingadmissionpolicybindings', false],
    ['MutatingWebhookConfiguration', 'mutatingwebhookconfigurations', false],
    ['ValidatingAdmissionPolicy', 'validatingadmissionpolicies', false],
    ['ValidatingAdmissionPolicyBinding', 'validatingadmissionpolicybindings', false],
    ['ValidatingWebhookConfiguration', 'validatingwebhookconfigurations', false],
  ],
  'apiextensions.k8s.io/v1': [['CustomResourceDefinition', 'customresourcedefinitions', false]],
  'apiregistration.k8s.io/v1': [['APIService', 'apiservices', false]],
  'apps/v1': [
    ['ControllerRevision', 'controllerrevisions', true],
    ['DaemonSet', 'daemonsets', true],
    ['Deployment', 'deployments', true],
    ['ReplicaSet', 'replicasets', true],
    ['StatefulSet', 'statefulsets', true],
  ],
  'authentication.k8s.io/v1': [
    ['SelfSubjectReview', 'selfsubjectreviews', false],
    ['TokenReview', 'tokenreviews', false],
  ],
  'authorization.k8s.io/v1': [
    ['LocalSubjectAccessReview', 'localsubjectaccessreviews', true],
    ['SelfSubjectAccessReview', 'selfsubjectaccessreviews', false],
    ['SelfSubjectRulesReview', 'selfsubjectrulesreviews', false],
    ['SubjectAccessReview', 'subjectaccessreviews', false],
  ],
  'autoscaling/v1': [['HorizontalPodAutoscaler', 'horizontalpodautoscalers', true]],
  'autoscaling/v2': [['HorizontalPodAutoscaler', 'horizontalpodautoscalers', true]],
  'batch/v1': [
    ['CronJob', 'cronjobs', true],
    ['Job', 'jobs', true],
  ],
  'certificates.k8s.io/v1': [
    ['CertificateSigningRequest', 'certificatesigningrequests', false],
    ['ClusterTrustBundle', 'clustertrustbundles', false],
    ['PodCertificateRequest', 'podcertificaterequests', true],
  ],
  'coordination.k8s.io/v1': [['Lease', 'leases', true]],
  'discovery.k8s.io/v1': [['EndpointSlice', 'endpointslices', true]],
  'events.k8s.io/v1': [['Event', 'events', true]],
  'flowcontrol.apiserver.k8s.io/v1': [
    ['FlowSchema', 'flowschemas', false],
    ['PriorityLevelConfiguration', 'prioritylevelconfigurations', false],
  ],
  'networking.k8s.io/v1': [
    ['IPAddress', 'ipaddresses', false],
    ['IngressClass', 'ingressclasses', false],
    ['Ingress', 'ingresses', true],
    ['NetworkPolicy', 'networkpolicies', true],
    ['ServiceCIDR', 'servicecidrs', false],
  ],
  'node.k8s.io/v1': [['RuntimeClass', 'runtimeclasses', false]],
  'policy/v1': [['PodDisruptionBudget', 'poddisruptionbudgets', true]],
  'rbac.authorization.k8s.io/v1': [
    ['ClusterRoleBinding', 'clusterrolebindings', false],
    ['ClusterRole', 'clusterroles', false],
    ['RoleBinding', 'rolebindings', true],
    ['Role', 'roles', true],
  ],
  'resource.k8s.io/v1': [
    ['DeviceClass', 'deviceclasses', false],
    ['DeviceTaintRule', 'devicetaintrules', false],
    ['ResourceClaim', 'resourceclaims', true],
    ['ResourceClaimTemplate', 'resourceclaimtemplates', true],
    ['ResourceSlice', 'resourceslices', false],
  ],
  'scheduling.k8s.io/v1': [['PriorityClass', 'priorityclasses', false]],
  'storage.k8s.io/v1': [
    ['CSIDriver', 'csidrivers', false],
    ['CSINode', 'csinodes', false],
    ['CSIStorageCapacity', 'csistoragecapacities', true],
    ['StorageClass', 'storageclasses', false],
    ['VolumeAttachment', 'volumeattachments', false],
    ['VolumeAttributesClass', 'volumeattributesclasses', false],
  ],
  'storagemigration.k8s.io/v1': [['StorageVersionMigration', 'storageversionmigrations', false]],
};

/** Every built-in kind of {@link BUILT_IN_KINDS_VERSION} as a {@link ResourceInfo}. */
export const BUILT_IN_KINDS: readonly ResourceInfo[] = Object.entries(TABLE).flatMap(([apiVersion, kinds]) =>
  kinds.map(([kind, plural, namespaced]) => ({ apiVersion, kind, plural, namespaced })),
);
