/** The Service template source and its resolved spec. */
import {
  booleanField,
  type CommonResolved,
  commonSourceFields,
  integerField,
  type Static,
  stringField,
  stringMapField,
  Type,
} from '@orkestra/core/authoring';

/** The Service types Orkestra manages (ExternalName is not one: it has no ports, selector or cluster IP). */
export const SERVICE_TYPES = ['ClusterIP', 'NodePort', 'LoadBalancer'] as const;
/** A Service's type. */
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** The protocols of a Service port. */
export const PROTOCOLS = ['TCP', 'UDP', 'SCTP'] as const;
/** A port's protocol. */
export type Protocol = (typeof PROTOCOLS)[number];

/** The node ports the API server hands out by default (`--service-node-port-range`). */
export const NODE_PORT_RANGE = { min: 30000, max: 32767 } as const;

const portFields = {
  port: integerField('The port the Service listens on, 1 to 65535.', { minimum: 1, maximum: 65535 }),
  targetPort: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum: 65535 }), Type.String()], {
      description: "The pods' port: a number, or the name of a container port. Default: the same as port.",
    }),
  ),
  protocol: Type.Optional(stringField('TCP (default), UDP or SCTP.')),
  nodePort: Type.Optional(
    integerField(
      'The port on every node, 30000 to 32767, for type NodePort or LoadBalancer; allocated by the API server when ' +
        'absent.',
      { minimum: 30000, maximum: 32767 },
    ),
  ),
};

/** JSON Schema of one entry of `ports`. */
export const ServicePortSourceSchema = Type.Object(
  {
    name: Type.Optional(
      stringField("The port's name, a DNS-1123 label; required, and unique, when the Service has several ports."),
    ),
    ...portFields,
  },
  { additionalProperties: false },
);

/** JSON Schema of a Service template source (also its TypeScript type, {@link ServiceSource}). */
export const ServiceSourceSchema = Type.Object(
  {
    ...commonSourceFields('<owner>-svc'),
    type: Type.Optional(stringField('ClusterIP (default), NodePort or LoadBalancer.')),
    headless: Type.Optional(
      booleanField(
        'A headless Service (clusterIP: None): DNS names each pod instead of one virtual IP. ClusterIP only; fixed ' +
          'at creation.',
      ),
    ),
    ports: Type.Optional(
      Type.Array(ServicePortSourceSchema, {
        description:
          'The ports; several need unique names. Or use the one-port shorthand port, targetPort, protocol, nodePort.',
      }),
    ),
    port: Type.Optional(portFields.port),
    targetPort: portFields.targetPort,
    protocol: portFields.protocol,
    nodePort: portFields.nodePort,
    selector: Type.Optional(
      stringMapField(
        'The pods the Service sends traffic to. Default: every pod of the owner (orkestra-owner: <owner>); {} for a ' +
          'Service without a selector.',
      ),
    ),
  },
  { additionalProperties: false, description: 'A Service owned by the custom resource.' },
);

/**
 * A Service template source, after templates are evaluated. Fields:
 * - `name`: default `<owner>-svc`, a DNS-1035 label (at most 63 characters, starting with a letter);
 *   `namespace`: the owner's.
 * - `type`: `ClusterIP` (default), `NodePort` or `LoadBalancer`.
 * - `headless`: `clusterIP: None`; ClusterIP only, and fixed once the Service exists (changing it needs
 *   `recreate: true`).
 * - `ports`: each `{ name, port, targetPort, protocol, nodePort }`; `targetPort` is a number or a container
 *   port's name and defaults to `port`; `protocol` defaults to TCP; `nodePort` only for NodePort and
 *   LoadBalancer. Several ports each need a unique name. For one port, `port`, `targetPort`, `protocol` and
 *   `nodePort` may be given at the top level instead.
 * - `selector`: default `{ orkestra-owner: <owner> }`, every pod of every Deployment of the owner. A given
 *   selector replaces it, e.g. `{ 'orkestra.io/deployment': 'web' }` for one Deployment's pods.
 * - `labels`, `annotations`, `recreate`.
 */
export type ServiceSource = Static<typeof ServiceSourceSchema>;

/** One resolved Service port. */
export interface ResolvedServicePort {
  /** Absent for the only port of a Service when none was given. */
  name?: string | undefined;
  port: number;
  /** Always set: the given value, or `port`. */
  targetPort: number | string;
  protocol: Protocol;
  /** Only when given; otherwise the API server allocates one for NodePort and LoadBalancer. */
  nodePort?: number | undefined;
}

/** A resolved Service spec: defaults applied, values checked. */
export interface ResolvedService extends CommonResolved {
  type: ServiceType;
  headless: boolean;
  /** Empty only for a headless Service. */
  ports: ResolvedServicePort[];
  /** The pods selected; `{}` for a Service without a selector. */
  selector: Record<string, string>;
}
