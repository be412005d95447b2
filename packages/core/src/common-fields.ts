/**
 * Resolution of the fields every template source has (name, namespace, labels, annotations, recreate), so
 * each resource package's `resolve` handles only its own fields.
 */
import { withSystemLabels } from './labels.js';
import { checkDns1035Label, checkDns1123Label, checkDns1123Subdomain, type Validator } from './validation.js';

/** The common fields of a template source, after template evaluation. */
export interface CommonSource {
  name?: unknown;
  namespace?: unknown;
  labels?: unknown;
  annotations?: unknown;
  recreate?: unknown;
}

/** The common fields of a resolved spec. */
export interface CommonResolved {
  name: string;
  /** Absent: the owner's namespace. */
  namespace?: string | undefined;
  /** The template's labels with the system labels stamped over them. */
  labels: Record<string, string>;
  annotations: Record<string, string>;
  recreate: boolean;
}

/** Which naming rule the kind's names follow. */
export type NameRule = 'dns1123-subdomain' | 'dns1123-label' | 'dns1035-label';

const RULES: Record<NameRule, (v: string) => string | undefined> = {
  'dns1123-subdomain': checkDns1123Subdomain,
  'dns1123-label': checkDns1123Label,
  'dns1035-label': checkDns1035Label,
};

/**
 * Resolves the common fields, recording problems on `v`. The name defaults to `<owner>-<defaultSuffix>`;
 * a default that breaks the kind's naming rule (too long for a 63-character label, say) is reported with
 * the way out: set `name`. `nameHint` explains a stricter rule than the kind's own (a Deployment's name is
 * also its container's, so it must be a DNS-1123 label) and is added to every name problem.
 *
 * @example
 * const v = new Validator({ kind: 'ConfigMap' });
 * const common = resolveCommonFields(v, source, 'shop', { defaultSuffix: 'config' }); // name 'shop-config'
 * v.done();
 */
export function resolveCommonFields(
  v: Validator,
  source: CommonSource,
  ownerName: string,
  options: { defaultSuffix: string; nameRule?: NameRule; nameHint?: string },
): CommonResolved {
  const rule = RULES[options.nameRule ?? 'dns1123-subdomain'];
  let name: string;
  if (source.name === undefined || source.name === null || source.name === '') {
    name = `${ownerName}-${options.defaultSuffix}`;
    const problem = rule(name);
    const hint = `set \`name\` in the template to a shorter name${options.nameHint ? `; ${options.nameHint}` : ''}`;
    if (problem) v.add('name', `the default name ${JSON.stringify(name)} ${problem}`, hint);
  } else {
    name = v.string('name', source.name) ?? '';
    if (name) v.check('name', name, rule, options.nameHint);
  }
  let namespace: string | undefined;
  if (source.namespace !== undefined && source.namespace !== null && source.namespace !== '') {
    namespace = v.string('namespace', source.namespace);
    if (namespace !== undefined) v.check('namespace', namespace, checkDns1123Label);
  }
  const labels = withSystemLabels(v.labels('labels', source.labels), ownerName);
  const annotations = v.annotations('annotations', source.annotations);
  const recreate =
    source.recreate === undefined || source.recreate === null
      ? false
      : (v.boolean('recreate', source.recreate) ?? false);
  return { name, namespace, labels, annotations, recreate };
}

/** `metadata` for a desired object from the common fields. */
export function metadataFor(
  common: CommonResolved,
  ownerNamespace: string | undefined,
): { name: string; namespace?: string; labels: Record<string, string>; annotations?: Record<string, string> } {
  const namespace = common.namespace ?? ownerNamespace;
  return {
    name: common.name,
    ...(namespace ? { namespace } : {}),
    labels: common.labels,
    ...(Object.keys(common.annotations).length ? { annotations: common.annotations } : {}),
  };
}
