/** The Deployment template source and its resolved spec. */
import {
  booleanField,
  type CommonResolved,
  commonSourceFields,
  integerField,
  quantityField,
  type Static,
  stringField,
  stringMapField,
  Type,
} from '@orkestra/core/authoring';
import { PROFILE_NAMES, type ProfileName, type ResourceRequirements } from './profiles.js';

/** A port number, or a string that resolves to one. */
const portField = (description: string) => integerField(description, { minimum: 1, maximum: 65535 });
/** A port number or the name of a container port. */
const portOrNameField = (description: string) =>
  Type.Union([Type.Integer({ minimum: 1, maximum: 65535 }), Type.String()], { description });
/** A list of strings, or one template that yields the list. */
const stringListField = (description: string) =>
  Type.Union([Type.Array(stringField('One item.')), Type.String()], {
    description: `${description} A list, or one template yielding a list.`,
  });
const intOrPercentField = (description: string) =>
  Type.Union([Type.Integer({ minimum: 0 }), Type.String()], { description });
const quantityMap = (description: string) =>
  Type.Record(Type.String(), quantityField('A quantity such as 500m, 0.5, 128Mi or 1Gi.'), { description });
const object = <T extends Parameters<typeof Type.Object>[0]>(properties: T, description: string) =>
  Type.Object(properties, { additionalProperties: false, description });

const keyRef = (kind: string) =>
  object(
    {
      name: stringField(`Name of the ${kind} in the Deployment's namespace.`),
      key: stringField(`Key of the ${kind}.`),
      optional: Type.Optional(booleanField(`Start the container even when the ${kind} or the key is missing.`)),
    },
    `A key of a ${kind}.`,
  );

const EnvVarSchema = object(
  {
    name: stringField('Variable name.'),
    value: Type.Optional(stringField('Its value.')),
    valueFrom: Type.Optional(
      object(
        {
          secretKeyRef: Type.Optional(keyRef('Secret')),
          configMapKeyRef: Type.Optional(keyRef('ConfigMap')),
          fieldRef: Type.Optional(
            object(
              { fieldPath: stringField('A field of the Pod, e.g. metadata.name or status.podIP.') },
              'A field of the Pod.',
            ),
          ),
        },
        'Where the value comes from (one of secretKeyRef, configMapKeyRef, fieldRef), instead of value.',
      ),
    ),
  },
  'An environment variable.',
);

const refByName = (kind: string) =>
  object(
    {
      name: stringField(`Name of the ${kind}.`),
      optional: Type.Optional(booleanField(`Start the container even when the ${kind} is missing.`)),
    },
    `A ${kind} whose keys all become variables.`,
  );

const EnvFromSchema = object(
  {
    configMapRef: Type.Optional(refByName('ConfigMap')),
    secretRef: Type.Optional(refByName('Secret')),
    prefix: Type.Optional(stringField('Prepended to every variable name.')),
  },
  'Variables from every key of a ConfigMap or a Secret (one of configMapRef, secretRef).',
);

const ProbeSchema = object(
  {
    httpGet: Type.Optional(
      object(
        {
          path: Type.Optional(stringField('Path of the request, starting with /.')),
          port: portOrNameField('Port number or container port name.'),
          scheme: Type.Optional(stringField('HTTP (default) or HTTPS.')),
        },
        'Healthy when a GET answers 200–399.',
      ),
    ),
    tcpSocket: Type.Optional(
      object(
        { port: portOrNameField('Port number or container port name.') },
        'Healthy when the port accepts a connection.',
      ),
    ),
    exec: Type.Optional(
      object(
        { command: stringListField('The command, run in the container; healthy when it exits 0.') },
        'Healthy when the command succeeds.',
      ),
    ),
    initialDelaySeconds: Type.Optional(
      integerField('Seconds after the start before the first probe; default 0.', { minimum: 0 }),
    ),
    periodSeconds: Type.Optional(integerField('Seconds between probes; default 10.', { minimum: 1 })),
    timeoutSeconds: Type.Optional(integerField('Seconds a probe may take; default 1.', { minimum: 1 })),
    failureThreshold: Type.Optional(integerField('Failures in a row that count as failed; default 3.', { minimum: 1 })),
    successThreshold: Type.Optional(
      integerField(
        'Successes in a row that count as healthy after a failure; default 1, and must be 1 for liveness and startup.',
        { minimum: 1 },
      ),
    ),
  },
  'A probe: one of httpGet, tcpSocket, exec, and its timing.',
);

const VolumeSchema = object(
  {
    name: stringField('Volume name, used by volumeMounts (a DNS-1123 label).'),
    configMap: Type.Optional(stringField('Name of a ConfigMap of the namespace whose keys become files.')),
    secret: Type.Optional(stringField('Name of a Secret of the namespace whose keys become files.')),
    items: Type.Optional(
      Type.Array(
        object(
          {
            key: stringField('A key of the ConfigMap or Secret.'),
            path: stringField('The relative file path it is written to.'),
          },
          'One key as one file.',
        ),
        { description: 'Only these keys, at these paths; all keys when absent.' },
      ),
    ),
    optional: Type.Optional(booleanField('Start the Pod even when the ConfigMap or Secret is missing.')),
  },
  'A volume from a ConfigMap or a Secret (one of configMap, secret).',
);

const VolumeMountSchema = object(
  {
    name: stringField('Name of a volume declared in volumes.'),
    mountPath: stringField('Absolute path in the container.'),
    readOnly: Type.Optional(booleanField('Mount read-only.')),
    subPath: Type.Optional(stringField('Mount only this relative path of the volume.')),
  },
  'Where a volume is mounted in the container.',
);

const StrategySchema = Type.Union(
  [
    stringField('RollingUpdate or Recreate.'),
    object(
      {
        type: Type.Optional(stringField('RollingUpdate (default) or Recreate.')),
        maxSurge: Type.Optional(
          intOrPercentField(
            'RollingUpdate: Pods above the desired count during a rollout (number or percentage); server default 25%.',
          ),
        ),
        maxUnavailable: Type.Optional(
          intOrPercentField(
            'RollingUpdate: Pods that may be unavailable during a rollout (number or percentage); server default 25%.',
          ),
        ),
      },
      'How Pods are replaced.',
    ),
  ],
  {
    description:
      'How Pods are replaced on a change: RollingUpdate (with maxSurge, maxUnavailable) or Recreate; server default ' +
      'RollingUpdate 25%/25%.',
  },
);

/** JSON Schema of a Deployment template source (also its TypeScript type, {@link DeploymentSource}). */
export const DeploymentSourceSchema = Type.Object(
  {
    ...commonSourceFields('<owner>-deployment (also the container name, so at most 63 characters)'),
    image: stringField('The container image, e.g. nginx:1.27. Required.'),
    imagePullPolicy: Type.Optional(
      stringField('Always, IfNotPresent or Never; server default by tag (Always for :latest, else IfNotPresent).'),
    ),
    replicas: Type.Optional(
      integerField('Number of Pods; default 1 when unset, 0 stays 0. Not allowed with autoscaled.', { minimum: 0 }),
    ),
    autoscaled: Type.Optional(
      booleanField(
        'Leave replicas to an autoscaler (HorizontalPodAutoscaler): the Deployment is written without spec.replicas, ' +
          'so scaling is never drift.',
      ),
    ),
    port: Type.Optional(portField('The container port.')),
    portName: Type.Optional(
      stringField(
        'Name of the container port (an IANA service name such as http), for probes and Service targetPorts.',
      ),
    ),
    protocol: Type.Optional(stringField('Protocol of the port: TCP (default), UDP or SCTP.')),
    command: Type.Optional(stringListField("Replaces the image's entrypoint.")),
    args: Type.Optional(stringListField("Arguments; replace the image's CMD.")),
    env: Type.Optional(Type.Array(EnvVarSchema, { description: 'Environment variables, in order.' })),
    envFrom: Type.Optional(
      Type.Array(EnvFromSchema, { description: 'Environment variables from whole ConfigMaps and Secrets.' }),
    ),
    profile: Type.Optional(stringField(`A named resource profile: ${PROFILE_NAMES.join(', ')}.`)),
    resources: Type.Optional(
      object(
        {
          requests: Type.Optional(quantityMap('Requested resources, e.g. cpu: 250m, memory: 256Mi.')),
          limits: Type.Optional(quantityMap('Resource limits, e.g. cpu: 500m, memory: 512Mi.')),
        },
        'Requests and limits; each one given overrides the same one of the profile.',
      ),
    ),
    imagePullSecrets: Type.Optional(
      Type.Array(stringField('Name of a docker-registry Secret.'), { description: 'Secrets to pull the image with.' }),
    ),
    serviceAccountName: Type.Optional(stringField("The Pods' service account; server default: default.")),
    nodeSelector: Type.Optional(stringMapField('Node labels a node must have to run the Pods.')),
    probes: Type.Optional(
      object(
        {
          liveness: Type.Optional(ProbeSchema),
          readiness: Type.Optional(ProbeSchema),
          startup: Type.Optional(ProbeSchema),
        },
        'Liveness (restart when failing), readiness (no traffic when failing) and startup probes.',
      ),
    ),
    podLabels: Type.Optional(
      stringMapField('Labels of the Pods; the selector labels are always set and cannot be overridden.'),
    ),
    podAnnotations: Type.Optional(stringMapField('Annotations of the Pods.')),
    volumes: Type.Optional(Type.Array(VolumeSchema, { description: 'Volumes from ConfigMaps and Secrets.' })),
    volumeMounts: Type.Optional(
      Type.Array(VolumeMountSchema, { description: 'Where the volumes are mounted in the container.' }),
    ),
    strategy: Type.Optional(StrategySchema),
  },
  { additionalProperties: false, description: 'A Deployment (one container) owned by the custom resource.' },
);

/**
 * A Deployment template source, after templates are evaluated. Fields:
 * - `name`: default `<owner>-deployment`; also the container's name, so a DNS-1123 label (at most 63).
 * - `namespace`: the owner's. `image` (required), `imagePullPolicy`.
 * - `replicas`: default 1 when unset, `0` stays 0; `autoscaled: true` leaves replicas to an HPA instead.
 * - `port`, `portName`, `protocol` (TCP): the container port.
 * - `command`, `args`: lists of strings. `env` (value or valueFrom), `envFrom`.
 * - `profile` and/or `resources`: requests and limits; explicit ones override the profile's field by field.
 * - `imagePullSecrets`, `serviceAccountName`, `nodeSelector`.
 * - `probes.liveness|readiness|startup`: httpGet, tcpSocket or exec, and the timings.
 * - `labels`, `annotations` (the Deployment's), `podLabels`, `podAnnotations`.
 * - `volumes` (from ConfigMaps and Secrets), `volumeMounts`. `strategy`. `recreate`.
 */
export type DeploymentSource = Static<typeof DeploymentSourceSchema>;

/** A key of a ConfigMap or Secret, as `valueFrom` takes it. */
export interface KeySelector {
  name: string;
  key: string;
  optional?: boolean;
}

/** An environment variable of the container, in Kubernetes' shape. */
export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: KeySelector; configMapKeyRef?: KeySelector; fieldRef?: { fieldPath: string } };
}

/** Variables from a whole ConfigMap or Secret, in Kubernetes' shape. */
export interface EnvFromSource {
  configMapRef?: { name: string; optional?: boolean };
  secretRef?: { name: string; optional?: boolean };
  prefix?: string;
}

/** A probe, in Kubernetes' shape. */
export interface Probe {
  httpGet?: { path?: string; port: number | string; scheme?: 'HTTP' | 'HTTPS' };
  tcpSocket?: { port: number | string };
  exec?: { command: string[] };
  initialDelaySeconds?: number;
  periodSeconds?: number;
  timeoutSeconds?: number;
  failureThreshold?: number;
  successThreshold?: number;
}

/** A volume from a ConfigMap or a Secret, in Kubernetes' shape. */
export interface Volume {
  name: string;
  configMap?: { name: string; items?: { key: string; path: string }[]; optional?: boolean };
  secret?: { secretName: string; items?: { key: string; path: string }[]; optional?: boolean };
}

/** A volume mount, in Kubernetes' shape. */
export interface VolumeMount {
  name: string;
  mountPath: string;
  readOnly?: boolean;
  subPath?: string;
}

/** The container port. */
export interface ContainerPort {
  containerPort: number;
  protocol: 'TCP' | 'UDP' | 'SCTP';
  name?: string;
}

/** The Deployment strategy, in Kubernetes' shape. */
export type DeploymentStrategy =
  | { type: 'RollingUpdate'; rollingUpdate?: { maxSurge?: number | string; maxUnavailable?: number | string } }
  | { type: 'Recreate' };

/** A resolved Deployment spec: defaults applied, values checked, lists in Kubernetes' shape. */
export interface ResolvedDeployment extends CommonResolved {
  image: string;
  imagePullPolicy?: 'Always' | 'IfNotPresent' | 'Never' | undefined;
  /** The replica count; `undefined` when `autoscaled` (the Deployment then sets none). */
  replicas: number | undefined;
  autoscaled: boolean;
  /** `orkestra-owner` and `orkestra.io/deployment`: fixed for a Deployment's name, never changed. */
  selector: Record<string, string>;
  /** The Pods' labels: the template's, with the system and selector labels stamped over them. */
  podLabels: Record<string, string>;
  podAnnotations: Record<string, string>;
  port?: ContainerPort | undefined;
  command: string[];
  args: string[];
  env: EnvVar[];
  envFrom: EnvFromSource[];
  profile?: ProfileName | undefined;
  /** The profile's requests and limits with the explicit ones laid over them; empty maps for none. */
  resources: ResourceRequirements;
  imagePullSecrets: string[];
  serviceAccountName?: string | undefined;
  nodeSelector: Record<string, string>;
  probes: { liveness?: Probe; readiness?: Probe; startup?: Probe };
  volumes: Volume[];
  volumeMounts: VolumeMount[];
  strategy?: DeploymentStrategy | undefined;
}
