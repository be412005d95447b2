import type { KubeObject, OwnerObject } from '@orkestra/core';

/** A value, or a function giving it afresh for each test (for values that must differ per test, e.g. a node port). */
export type Fixture<T> = T | (() => T);

/** Where a fixture object goes: the name of the child under test and the test's namespace (none if cluster-scoped). */
export interface FixturePlace {
  name: string;
  namespace: string | undefined;
}

/**
 * An edit someone else makes to the live object of `full` (a user with `kubectl edit`, another controller), which
 * the next `update` must undo with exactly one write.
 */
export interface DriftFixture {
  /** What the edit changes, for the test's title: `the image`, `a removed data key`. */
  what: string;
  /**
   * The patch, sent by a client with field manager `kubectl-edit`: an object, or a JSON patch (a list of
   * operations); or a function giving it inside the test.
   */
  patch: Fixture<Record<string, unknown> | readonly Record<string, unknown>[]>;
  /** How `patch` is applied. Default `merge` for an object, `json` for a list. */
  patchType?: 'merge' | 'strategic' | 'json';
  /**
   * Asserts the corrected live object. Default: every field the patch touched has the value it had before the edit
   * (`live` and `before` are the object after the correction and before the edit).
   */
  corrected?: (live: KubeObject, before: KubeObject) => void;
}

/**
 * A change the API server refuses on an existing object (an immutable field), and the same change opted into
 * recreation.
 */
export interface ImmutableFixture<Source> {
  /** What changes, for the test's title: `the data of an immutable ConfigMap`. */
  what: string;
  /** The source the child is first written from by `update`. Give this or {@link existing}. */
  before?: Fixture<Source>;
  /**
   * Instead of {@link before}: the child as someone else created it, e.g. by an older template (give it the owner
   * reference and system labels, so it is this owner's): an object called `place.name` in `place.namespace`.
   */
  existing?: (owner: OwnerObject, place: FixturePlace) => KubeObject;
  /** The source whose update cannot be made in place: `update` must throw ImmutableFieldError and write nothing. */
  after: Fixture<Source>;
  /** The paths `ImmutableFieldError.changes` names, e.g. `['spec.selector']`. */
  paths: readonly string[];
  /** `after` opted into delete-and-create. Default: `{ ...after, recreate: true }`. */
  recreate?: Fixture<Source>;
  /** Asserts the recreated live object (it is a new object: its uid differs, checked by the suite). */
  recreated?: (live: KubeObject) => void;
}

/**
 * The kind-specific part of the contract suite. See `describeResourceContract`.
 * Sources may be given as values or as functions (evaluated inside each test).
 */
export interface ResourceContractFixtures<Source> {
  /** The smallest valid source: only required fields. */
  minimal: Fixture<Source>;
  /** A source that sets every field of the kind, labels and annotations included. */
  full: Fixture<Source>;
  /** Asserts the kind's own fields of the object `full` creates, as the server stores them. */
  created?: (live: KubeObject) => void;
  /** More sources that must stay in sync over five updates, by title (e.g. `headless without ports`). */
  inSync?: Readonly<Record<string, Fixture<Source>>>;
  /** `source`, changed so that its child is called `name`. Default `{ ...source, name }`. */
  withName?: (source: Source, name: string) => Source;
  /** A valid object of the kind, called `place.name`, that nobody controls, as a user would create it with kubectl. */
  foreign: (place: FixturePlace) => KubeObject;
  /**
   * Edits of the object of `full`, each corrected by one write. The suite adds one of its own: a system label
   * (`orkestra-owner`) changed by someone else.
   */
  drifts: readonly DriftFixture[];
  /**
   * What `full` sets and `minimal` does not, by path (`data.b`, `metadata.annotations.note`,
   * `spec.behavior`): after `update(full)` then `update(minimal)`, each path holds the value given here —
   * `undefined` when it must be gone, or the server's default. Jest's asymmetric matchers are welcome.
   */
  dropped: Fixture<Readonly<Record<string, unknown>>>;
  /** Changes the API server refuses on an existing object, if the kind has any. */
  immutable?: readonly ImmutableFixture<Source>[];
  /**
   * Whether children are namespaced. Default: the handler's `namespaced` (a handler of several kinds may need to say).
   */
  namespaced?: boolean;
  /** Check that the garbage collector removes the child when its owner goes. Default `true`. */
  garbageCollection?: boolean;
}

/** The value of a fixture, evaluated now. */
export function fixture<T>(value: Fixture<T>): T {
  return typeof value === 'function' ? (value as () => T)() : value;
}
