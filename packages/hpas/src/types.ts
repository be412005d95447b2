/** The HorizontalPodAutoscaler template source and its resolved spec. */
import {
  type CommonResolved,
  commonSourceFields,
  integerField,
  type Static,
  stringField,
  Type,
} from '@orkestra/core/authoring';

/** How fast one direction scales (`behavior.scaleUp` / `behavior.scaleDown`). */
const ScalingRulesSchema = Type.Object(
  {
    stabilizationWindowSeconds: Type.Optional(
      integerField(
        'Seconds of past recommendations considered before scaling (0–3600); server default 0 up, 300 down.',
        { minimum: 0, maximum: 3600 },
      ),
    ),
    selectPolicy: Type.Optional(
      stringField('Max, Min or Disabled: which policy wins when several apply; Disabled turns this direction off.'),
    ),
    policies: Type.Optional(
      Type.Array(
        Type.Object(
          {
            type: stringField('Pods (a number of Pods) or Percent (of the current replicas).'),
            value: integerField('How many Pods, or what percentage, per period (≥ 1).', { minimum: 1 }),
            periodSeconds: integerField('The period the value applies to (1–1800 seconds).', {
              minimum: 1,
              maximum: 1800,
            }),
          },
          { additionalProperties: false },
        ),
        { description: 'The changes allowed per period; the API server defaults them when absent.' },
      ),
    ),
  },
  { additionalProperties: false },
);

/**
 * JSON Schema of a HorizontalPodAutoscaler template source (also its TypeScript type, {@link
 * HorizontalPodAutoscalerSource}).
 */
export const HorizontalPodAutoscalerSourceSchema = Type.Object(
  {
    ...commonSourceFields('<owner>-hpa'),
    target: Type.Optional(
      stringField(
        "Name of the Deployment to scale, in the owner's namespace: the shorthand for scaleTargetRef: { name }. " +
          'Default <owner>-deployment.',
      ),
    ),
    scaleTargetRef: Type.Optional(
      Type.Object(
        {
          name: stringField('Name of the object to scale.'),
          kind: Type.Optional(
            stringField('Its kind; default Deployment. Any kind with a scale subresource (StatefulSet, ReplicaSet…).'),
          ),
          apiVersion: Type.Optional(stringField('Its apiVersion; default apps/v1.')),
        },
        {
          additionalProperties: false,
          description:
            "The object to scale; default the owner's Deployment, <owner>-deployment (apps/v1). Not together with " +
            'target.',
        },
      ),
    ),
    minReplicas: Type.Optional(integerField('Fewest replicas (≥ 1); default 1.', { minimum: 1 })),
    maxReplicas: integerField('Most replicas (≥ minReplicas). Required.', { minimum: 1 }),
    cpuUtilization: Type.Optional(
      integerField("Target average CPU use, in percent of the Pods' CPU requests (1–1000).", {
        minimum: 1,
        maximum: 1000,
      }),
    ),
    memoryUtilization: Type.Optional(
      integerField("Target average memory use, in percent of the Pods' memory requests (1–1000).", {
        minimum: 1,
        maximum: 1000,
      }),
    ),
    behavior: Type.Optional(
      Type.Object(
        { scaleUp: Type.Optional(ScalingRulesSchema), scaleDown: Type.Optional(ScalingRulesSchema) },
        {
          additionalProperties: false,
          description: "Scaling speed per direction; what is not set is the API server's default.",
        },
      ),
    ),
  },
  { additionalProperties: false, description: 'A HorizontalPodAutoscaler owned by the custom resource.' },
);

/**
 * A HorizontalPodAutoscaler template source, after templates are evaluated. Fields:
 * - `name`: default `<owner>-hpa`; `namespace`: the owner's.
 * - `target` (a Deployment's name) or `scaleTargetRef` (`name`, `kind` default Deployment, `apiVersion` default
 *   apps/v1): what to scale; default the owner's Deployment `<owner>-deployment`.
 * - `minReplicas` (default 1), `maxReplicas` (required, ≥ minReplicas).
 * - `cpuUtilization`, `memoryUtilization`: targets in percent of the Pods' requests, 1–1000; at least one.
 * - `behavior`: `scaleUp`/`scaleDown` with `stabilizationWindowSeconds`, `selectPolicy`, `policies`.
 * - `labels`, `annotations`; `recreate`.
 */
export type HorizontalPodAutoscalerSource = Static<typeof HorizontalPodAutoscalerSourceSchema>;

/** What the autoscaler scales. */
export interface ScaleTargetRef {
  apiVersion: string;
  kind: string;
  name: string;
}

/** One scaling policy: at most `value` Pods (or percent) per `periodSeconds`. */
export interface ScalingPolicy {
  type: 'Pods' | 'Percent';
  value: number;
  periodSeconds: number;
}

/** The rules of one direction; absent fields are left to the API server's defaults. */
export interface ScalingRules {
  stabilizationWindowSeconds?: number;
  selectPolicy?: 'Max' | 'Min' | 'Disabled';
  policies?: ScalingPolicy[];
}

/** A resolved HorizontalPodAutoscaler spec: defaults applied, values checked and typed. */
export interface ResolvedHorizontalPodAutoscaler extends CommonResolved {
  scaleTargetRef: ScaleTargetRef;
  minReplicas: number;
  maxReplicas: number;
  /** Percent of the CPU requests; at least one of the two targets is set. */
  cpuUtilization?: number | undefined;
  /** Percent of the memory requests. */
  memoryUtilization?: number | undefined;
  behavior?: { scaleUp?: ScalingRules; scaleDown?: ScalingRules } | undefined;
}
