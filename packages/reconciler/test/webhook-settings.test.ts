/**
 * Webhook settings are checked where they are written, one analysis for both ways: a katalog's
 * `spec.crds[i].webhooks` (with file:line) and `defineOperator`'s `webhooks`. Each problem names the field, the
 * values it takes, and the key meant for a misspelt one.
 */
import { describe, expect, it } from '@jest/globals';
import { handler as configmaps } from '@orkestra/configmaps';
import { ValidationError } from '@orkestra/core';
import { children, defineOperator, type OperatorConfig } from '../src/define-operator.js';
import { loadKatalog } from '../src/katalog.js';

const owner = { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' };

function katalog(webhooks: string): string {
  return `apiVersion: orkestra.io/v1alpha1
kind: Katalog
metadata: { name: site }
spec:
  crds:
    - owner: { group: example.com, version: v1, kind: Website, plural: websites }
      resources:
        configmaps:
          onReconcile:
            - data: { a: b }
      hooks: ./hooks.ts
      webhooks:
${webhooks}
`;
}

type Problem = { path: string; message: string; hint?: string | undefined };

function problemsOf(run: () => unknown): Problem[] {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationError);
    return (e as ValidationError).problems.map(({ path, message, hint }: Problem) => ({ path, message, hint }));
  }
  throw new Error('expected a ValidationError');
}

describe('webhook settings in a katalog', () => {
  const load = (text: string, withHandlers: boolean) => () =>
    loadKatalog(text, { file: 'k.yaml', ...(withHandlers ? { handlers: [configmaps as never] } : {}) });

  it.each([true, false])(
    'names timeoutSeconds out of range, and a misspelt key with the one meant (handlers: %s)',
    (h) => {
      const text = katalog(`        validate: { timeoutSeconds: 45 }
        default:
          timeotSeconds: 5
          failurePolicy: Sometimes`);
      // Located in the file, beside the message: ValidationError appends the location to it.
      expect(problemsOf(load(text, h))).toEqual([
        {
          path: 'spec.crds[0].webhooks.validate.timeoutSeconds',
          message: 'is 45, but must be a whole number of seconds from 1 to 30 (k.yaml:13:21)',
          hint: 'the API server waits at most 30 s for a webhook; the default is 10',
        },
        {
          path: 'spec.crds[0].webhooks.default.timeotSeconds',
          message: 'is not a known webhook setting (k.yaml:15:11)',
          hint: 'did you mean timeoutSeconds?',
        },
        {
          path: 'spec.crds[0].webhooks.default.failurePolicy',
          message: 'is "Sometimes", but must be Fail or Ignore (k.yaml:16:11)',
          hint: 'Fail refuses the request when the webhook cannot answer (the default), Ignore lets it through',
        },
      ]);
    },
  );

  it('says what a hook takes when it is neither true/false nor a map', () => {
    expect(problemsOf(load(katalog('        validate: yes please'), true))[0]).toMatchObject({
      path: 'spec.crds[0].webhooks.validate',
      message: expect.stringContaining('is a string, but must be a boolean or a map'),
    });
  });

  it('takes true, and settings within range', () => {
    const k = loadKatalog(
      katalog('        validate: { timeoutSeconds: 30, failurePolicy: Ignore }\n        default: true'),
      {
        file: 'k.yaml',
        handlers: [configmaps as never],
      },
    );
    expect(k.entries[0]!.webhooks).toEqual({
      validate: { timeoutSeconds: 30, failurePolicy: 'Ignore' },
      default: true,
    });
  });
});

describe('webhook settings in defineOperator', () => {
  const define = (webhooks: unknown) => () =>
    defineOperator({
      owner,
      children: [children(configmaps, { onReconcile: [{ data: { a: 'b' } }] })],
      hooks: { validate: () => undefined, default: (cr) => cr },
      webhooks,
    } as OperatorConfig);

  it('refuses timeoutSeconds: 45 and failurePolicy: Sometimes, naming each field and what it takes', () => {
    expect(problemsOf(define({ validate: { timeoutSeconds: 45 }, default: { failurePolicy: 'Sometimes' } }))).toEqual([
      {
        path: 'webhooks.validate.timeoutSeconds',
        message: 'is 45, but must be a whole number of seconds from 1 to 30',
        hint: 'the API server waits at most 30 s for a webhook; the default is 10',
      },
      {
        path: 'webhooks.default.failurePolicy',
        message: 'is "Sometimes", but must be Fail or Ignore',
        hint: 'Fail refuses the request when the webhook cannot answer (the default), Ignore lets it through',
      },
    ]);
  });

  it('suggests the key meant: a misspelt hook, a misspelt setting, a near policy', () => {
    expect(problemsOf(define({ valdate: true, default: { timeotSeconds: 5, failurePolicy: 'fail' } }))).toEqual([
      { path: 'webhooks.valdate', message: 'is not a known hook', hint: 'did you mean validate?' },
      {
        path: 'webhooks.default.timeotSeconds',
        message: 'is not a known webhook setting',
        hint: 'did you mean timeoutSeconds?',
      },
      {
        path: 'webhooks.default.failurePolicy',
        message: 'is "fail", but must be Fail or Ignore',
        hint: 'did you mean Fail?',
      },
    ]);
  });
});
