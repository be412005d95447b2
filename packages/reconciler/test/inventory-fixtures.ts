/** What the two inventory suites (per-CR annotation, per-configuration record) share. */

/** The CR annotation listing the kinds of its children, as written on the server (the public contract). */
export const ANNOTATION = 'orkestra.io/managed-kinds';

/** Three kinds of children, two Services among them: what a configuration that later loses `services` starts with. */
export const full = {
  deployments: { onReconcile: [{ name: '{{metadata.name}}-web', image: '{{spec.image}}' }] },
  services: {
    onReconcile: [
      { name: '{{metadata.name}}-web', port: 80 },
      { name: '{{metadata.name}}-admin', port: 81 },
    ],
  },
  configmaps: { onReconcile: [{ name: '{{metadata.name}}-config', data: { a: 'b' } }] },
};
