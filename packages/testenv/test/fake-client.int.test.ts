/** The cases the fake client claims, on the real API server: what makes the fake's claims true. */
import { afterAll, beforeAll } from '@jest/globals';
import { Kubeclient } from '@orkestra/core/kube';
import { start } from '../src/environment.js';
import type { TestEnvironment } from '../src/test-environment.js';
import { waitFor } from '../src/wait-for.js';
import { describeClientCases } from './client-cases.js';

let env: TestEnvironment;
let kube: Kubeclient;
let namespace: string;
beforeAll(async () => {
  env = await start();
  kube = new Kubeclient(env.kubeConfig);
  namespace = await env.newNamespace('fake-cases');
});
afterAll(async () => {
  await kube?.close();
  await env?.stop();
});

describeClientCases('real API server', {
  kube: () => kube,
  namespace: () => namespace,
  eventually: async (check) => {
    await waitFor(check);
  },
});
