/**
 * A YAML file read into data once, with a locator for its fields. The data comes from js-yaml (YAML 1.2 core
 * schema, duplicate keys refused), which builds plain values directly, in a fraction of the time and memory a
 * `yaml` document tree takes. The `yaml` tree is built only by {@link YamlLocator}, when a problem needs a line.
 *
 * Aliases are shared, not copied, by js-yaml; a few of them nested can still stand for billions of values
 * (a "billion laughs" file), which every later walk over the data would expand. Such data is refused.
 */

import { ValidationError } from '@orkestra/core';
import { excessiveAliases } from '@orkestra/core/internal';
import { load, YAMLException } from 'js-yaml';
import { YamlLocator } from './yaml-locator.js';

/** A YAML text, its data and where its fields are. */
export interface YamlSource {
  readonly text: string;
  readonly file: string | undefined;
  readonly data: unknown;
  readonly locator: YamlLocator;
}

function yamlProblem(
  message: string,
  file: string | undefined,
  position?: { line: number; col: number },
): ValidationError {
  // One line: js-yaml's reason, without the source snippet its message carries.
  const where = position
    ? ` (${file ?? 'line'}${file ? ':' : ' '}${position.line}:${position.col})`
    : file
      ? ` (${file})`
      : '';
  return new ValidationError(
    { path: '(yaml)', message: `${message}${where}`, hint: 'fix the YAML syntax' },
    { object: { kind: 'YAML', name: file } },
  );
}

/**
 * Reads one YAML document. Throws a {@link ValidationError} (path `(yaml)`, one line with `file:line:column`)
 * for a syntax error, a duplicate key, several documents, or aliases that expand to more values than the text
 * could hold without them.
 *
 * @example
 * const source = readYaml(readFileSync('katalog.yaml', 'utf8'), { file: 'katalog.yaml' });
 * source.data;                          // the plain value
 * source.locator.locate('spec.crds[0]'); // 'katalog.yaml:5:7' (parses for positions on this first call)
 */
export function readYaml(text: string, options: { file?: string | undefined } = {}): YamlSource {
  const file = options.file;
  let data: unknown;
  try {
    data = load(text);
  } catch (e) {
    if (!(e instanceof YAMLException)) throw e;
    const mark = e.mark;
    throw yamlProblem(e.reason, file, mark ? { line: mark.line + 1, col: mark.column + 1 } : undefined);
  }
  const limit = excessiveAliases(text, data);
  if (limit !== undefined)
    throw yamlProblem(
      `its aliases expand to more than ${limit} values, far more than the text holds (a "billion laughs" file?)`,
      file,
    );
  return { text, file, data, locator: new YamlLocator(text, file) };
}
