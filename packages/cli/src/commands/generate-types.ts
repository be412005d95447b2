/** `orkestra generate types`: TypeScript types for custom resources, from their CRDs' schemas. */

import { writeFileSync } from 'node:fs';
import { basename, isAbsolute, relative, resolve, sep } from 'node:path';
import { Command } from 'commander';
import { type CrdForTypes, type CrdSchema, crdTypes, typesFileHeader } from '../crd-types.js';
import { CliError, ExitCode, type Problem } from '../exit-codes.js';
import { readInputFile } from '../katalog-file.js';
import { note } from '../output.js';
import { readYamlDocuments } from '../yaml-documents.js';
import type { CommandContext } from './context.js';
import { collect } from './options.js';

interface GenerateTypesOptions {
  crd: string[];
  output?: string;
  crdVersion?: string;
  allVersions?: boolean;
}

/** A CRD document, as much of it as the generator reads. */
interface CrdDocument {
  kind?: unknown;
  metadata?: { name?: unknown };
  spec?: {
    group?: unknown;
    names?: { kind?: unknown };
    versions?: { name?: unknown; storage?: unknown; schema?: { openAPIV3Schema?: unknown } }[];
  };
}

/** `v1alpha1` → `V1alpha1`: the suffix of a version's type names. */
const versionSuffix = (version: string) => version.charAt(0).toUpperCase() + version.slice(1);

/**
 * The versions to generate for one CRD (`wanted`, the storage one, or with `wanted: 'all'` every version, its
 * types named `<Kind><Version>`), or the problem that prevents it.
 */
function readCrd(value: unknown, wanted: VersionChoice): CrdForTypes[] | { problem: string; hint: string } {
  if (typeof wanted !== 'object') {
    const one = readCrdVersion(value, wanted);
    return 'problem' in one ? one : [one];
  }
  const names = ((value as CrdDocument | undefined)?.spec?.versions ?? []).map((v) => v?.name);
  if (names.length === 0) return readCrdVersion(value, undefined) as { problem: string; hint: string };
  const out: CrdForTypes[] = [];
  for (const name of names) {
    const one = readCrdVersion(value, String(name));
    if ('problem' in one) return one;
    out.push({ ...one, typeName: `${one.kind}${versionSuffix(one.version)}` });
  }
  return out;
}

/** A version by name, the storage version (undefined), or every version (`--all-versions`). */
type VersionChoice = string | undefined | { all: true };

/** The version to generate for one CRD, or the problem that prevents it. */
function readCrdVersion(value: unknown, wanted: string | undefined): CrdForTypes | { problem: string; hint: string } {
  const crd = (value ?? {}) as CrdDocument;
  if (crd.kind !== 'CustomResourceDefinition')
    return { problem: `is a ${String(crd.kind)}, not a CustomResourceDefinition`, hint: 'pass the CRD file' };
  const name = typeof crd.metadata?.name === 'string' ? crd.metadata.name : '(no name)';
  const group = crd.spec?.group;
  const kind = crd.spec?.names?.kind;
  if (typeof group !== 'string' || typeof kind !== 'string')
    return { problem: `CRD ${name} has no spec.group or spec.names.kind`, hint: 'fix the CRD' };
  const versions = Array.isArray(crd.spec?.versions) ? crd.spec.versions : [];
  const version = wanted
    ? versions.find((v) => v?.name === wanted)
    : (versions.find((v) => v?.storage === true) ?? versions[0]);
  if (!version || typeof version.name !== 'string') {
    const names = versions.map((v) => String(v?.name)).join(', ') || 'none';
    return {
      problem: wanted ? `CRD ${name} has no version ${wanted} (it has ${names})` : `CRD ${name} has no spec.versions`,
      hint: wanted ? 'pick one of its versions with --crd-version' : 'fix the CRD',
    };
  }
  const schema = version.schema?.openAPIV3Schema;
  if (!schema || typeof schema !== 'object' || Array.isArray(schema))
    return {
      problem: `CRD ${name} version ${version.name} has no schema.openAPIV3Schema`,
      hint: 'give the version a schema: the types are made from it',
    };
  return { group, kind, version: version.name, schema: schema as CrdSchema };
}

/**
 * How a CRD file is named in the generated header: relative to `cwd` (with `/`), or its base name when it lies
 * outside — never an absolute path, so the file is the same on every machine.
 */
function shownPath(file: string, cwd: string): string {
  const rel = relative(cwd, resolve(cwd, file));
  return rel.startsWith('..') || isAbsolute(rel) ? basename(file) : rel.split(sep).join('/');
}

/**
 * The generated file's text for the CRDs of `files` (relative paths taken from `cwd`); a {@link CliError}
 * (exit 1) naming file and reason otherwise.
 */
function typesForCrdFiles(files: readonly string[], version?: VersionChoice, cwd: string = process.cwd()): string {
  const problems: Problem[] = [];
  const crds: CrdForTypes[] = [];
  for (const file of files) {
    const read = readYamlDocuments(readInputFile(file, '--crd'), file);
    problems.push(...read.problems.map((p) => ({ ...p, path: '(crd yaml)' })));
    if (read.problems.length === 0 && read.documents.length === 0)
      problems.push({ path: '(crd)', message: 'holds no YAML document', hint: 'pass the CRD file', location: file });
    for (const { value, location } of read.documents) {
      const read = readCrd(value, version);
      if ('problem' in read) problems.push({ path: '(crd)', message: read.problem, hint: read.hint, location });
      else if (read.some((crd) => crds.some((c) => c.kind === crd.kind)))
        problems.push({ path: '(crd)', message: `a second CRD of kind ${read[0]?.kind}`, location });
      else crds.push(...read);
    }
  }
  // One problem is the message itself (said once, its hint once); several are listed under a count.
  if (problems.length === 1) {
    const [only] = problems as [Problem];
    throw new CliError(
      ExitCode.Problems,
      `cannot generate types from ${only.location ?? files.join(', ')}: ${only.message}`,
      only.hint ? { hint: only.hint } : {},
    );
  }
  if (problems.length > 1)
    throw new CliError(
      ExitCode.Problems,
      `cannot generate types from ${files.join(', ')}: ${problems.length} problems`,
      { problems },
    );
  const header = typesFileHeader(files.map((f) => shownPath(f, cwd)));
  return `${[header, ...crds.map(crdTypes)].join('\n\n')}\n`;
}

/** The `generate types` command. */
export function generateTypesCommand(ctx: CommandContext): Command {
  return new Command('types')
    .description("write TypeScript types of custom resources (spec, status, the resource) from their CRDs' schemas")
    .requiredOption('--crd <file>', 'a CRD file (YAML; repeatable, several CRDs per file allowed)', collect, [])
    .option('-o, --output <file>', 'write the types to this file (default: standard output)')
    .option('--crd-version <name>', 'the CRD version to generate for (default: the storage version)')
    .option('--all-versions', 'every version of each CRD, the types named <Kind><Version> (WebsiteV1alpha1)')
    .addHelpText(
      'after',
      `
Examples:
  $ orkestra generate types --crd crd.yaml --output src/website.ts
  $ orkestra generate types --crd crd.yaml --crd-version v1beta1 > src/website-v1beta1.ts
  $ orkestra generate types --crd crd.yaml --all-versions --output src/website-versions.ts

The file imports types from @orkestra/core. <Kind> (e.g. Website) is the custom resource: apiVersion and
kind as literals, metadata with name and uid; it can be handed to anything that takes an owner.`,
    )
    .action((opts: GenerateTypesOptions) => {
      const output = ctx.output('text');
      if (opts.allVersions && opts.crdVersion !== undefined)
        throw new CliError(ExitCode.Usage, 'give --crd-version or --all-versions, not both');
      const text = typesForCrdFiles(opts.crd, opts.allVersions ? { all: true } : opts.crdVersion, ctx.cwd);
      if (opts.output === undefined) output.out.write(text);
      else {
        try {
          writeFileSync(opts.output, text);
        } catch (e) {
          throw new CliError(ExitCode.Usage, `cannot write --output ${opts.output}: ${(e as Error).message}`);
        }
        note(output, `orkestra generate types: wrote ${opts.output}`);
      }
      ctx.state.code = ExitCode.Ok;
    });
}
