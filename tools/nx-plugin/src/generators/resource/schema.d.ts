/** Options of the `resource` generator, as given on the command line (see schema.json). */
export interface ResourceGeneratorSchema {
  /** The katalog key, package `@orkestra/<key>`, folder `packages/<key>`. */
  key: string;
  /** The Kubernetes kind, e.g. `HorizontalPodAutoscaler`. */
  kind: string;
  /** `group/version`, or `v1` for the core group. */
  apiVersion: string;
  /** The REST plural; derived from the kind when absent. */
  plural?: string;
  /** The kind is cluster-scoped. */
  clusterScoped?: boolean;
  /** Default object name `<owner>-<nameSuffix>`; the kind in lower case when absent. */
  nameSuffix?: string;
}
