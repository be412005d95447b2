import { describe, expect, it } from '@jest/globals';
import { KubeConfig } from '@kubernetes/client-node';
import { classifyRequest, countRequests } from '../src/request-counter.js';

const verb = (method: string, url: string) => classifyRequest(method, `https://127.0.0.1:6443${url}`).verb;

describe('classifyRequest', () => {
  it('tells GET of one object from LIST of a collection', () => {
    expect(verb('GET', '/api/v1/namespaces/ns/configmaps')).toBe('LIST');
    expect(verb('GET', '/api/v1/namespaces/ns/configmaps/cm')).toBe('GET');
    expect(verb('GET', '/api/v1/namespaces/ns/pods/p/status')).toBe('GET');
    expect(verb('GET', '/apis/apps/v1/namespaces/ns/deployments?labelSelector=a%3Db')).toBe('LIST');
    expect(verb('GET', '/apis/apps/v1/deployments')).toBe('LIST');
    expect(verb('GET', '/api/v1/namespaces')).toBe('LIST');
    expect(verb('GET', '/api/v1/namespaces/ns')).toBe('GET');
    expect(verb('GET', '/api/v1/namespaces/ns/status')).toBe('GET');
    expect(verb('GET', '/apis/rbac.authorization.k8s.io/v1/clusterroles')).toBe('LIST');
    expect(verb('GET', '/apis/rbac.authorization.k8s.io/v1/clusterroles/admin')).toBe('GET');
  });

  it('counts discovery as GET', () => {
    for (const path of ['/api', '/api/v1', '/apis', '/apis/apps', '/apis/apps/v1', '/version', '/openapi/v3']) {
      expect(verb('GET', path)).toBe('GET');
    }
  });

  it('recognises watches', () => {
    expect(verb('GET', '/api/v1/namespaces/ns/configmaps?watch=true&resourceVersion=5')).toBe('WATCH');
    expect(verb('GET', '/api/v1/watch/namespaces/ns/configmaps')).toBe('WATCH');
  });

  it('keeps write verbs and splits path from query', () => {
    expect(classifyRequest('patch', 'https://h/api/v1/namespaces/ns/configmaps/cm?fieldManager=m&force=true')).toEqual({
      verb: 'PATCH',
      method: 'PATCH',
      path: '/api/v1/namespaces/ns/configmaps/cm',
      query: 'fieldManager=m&force=true',
    });
    expect(verb('POST', '/api/v1/namespaces/ns/configmaps')).toBe('POST');
    expect(verb('PUT', '/api/v1/namespaces/ns/configmaps/cm')).toBe('PUT');
    expect(verb('DELETE', '/api/v1/namespaces/ns/configmaps')).toBe('DELETE');
    expect(verb('OPTIONS', '/api')).toBe('OTHER');
  });
});

describe('countRequests', () => {
  it('needs a current cluster', () => {
    expect(() => countRequests(new KubeConfig())).toThrow(/no current cluster/);
  });

  it('takes the default namespace from the context', () => {
    const kc = new KubeConfig();
    kc.loadFromOptions({
      clusters: [{ name: 'c', server: 'https://127.0.0.1:1' }],
      users: [{ name: 'u' }],
      contexts: [{ name: 'x', cluster: 'c', user: 'u', namespace: 'team-a' }],
      currentContext: 'x',
    });
    const counter = countRequests(kc);
    expect((counter.objectApi as unknown as { defaultNamespace: string }).defaultNamespace).toBe('team-a');
    expect(counter.total).toBe(0);
    expect(counter.byVerb()).toEqual({});
  });
});
