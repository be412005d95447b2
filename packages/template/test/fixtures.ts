/** A custom resource the unit tests resolve against. */
export function storefront() {
  return {
    apiVersion: 'shop.example.com/v1',
    kind: 'Storefront',
    metadata: {
      name: 'web',
      namespace: 'shop',
      uid: 'uid-1',
      generation: 4,
      labels: { 'app.kubernetes.io/name': 'web', tier: 'front' },
      annotations: {} as Record<string, string>,
    },
    spec: {
      image: 'nginx:1.27',
      replicas: 3,
      ports: [8080, 8443],
      tls: true,
      env: 'prod',
      nested: { deep: { value: 'deep' } },
      obj: { a: 1, b: [true, null] },
      list: ['a', 'b'],
      items: [
        { name: 'one', size: 1 },
        { name: 'two', size: 2 },
      ],
      nullish: null,
      zero: 0,
      falsy: false,
      empty: '',
      unicode: 'ünï ✓',
      amp: `a&b<c>"d'`,
      template: '{{metadata.uid}}',
      config: { theme: 'dark', currency: 'EUR' },
    },
  };
}

export type Storefront = ReturnType<typeof storefront>;
