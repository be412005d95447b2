export {
  checkTemplate,
  checkWhen,
  compileTemplate,
  defaultTemplateEngine,
  evaluateWhen,
  resolveString,
  resolveTemplate,
} from './default-engine.js';
export { createTemplateEngine } from './engine.js';
export { TemplateError } from './errors.js';
export { editDistance, suggest } from './suggest.js';
export type {
  CheckOptions,
  CompiledTemplate,
  CompileOptions,
  CustomResource,
  JsonSchema,
  Resolved,
  ResolvedValue,
  TemplateEngine,
  TemplateEngineOptions,
  TemplateEngineStats,
  TemplateHelper,
  TemplateProblem,
  TemplateRead,
  TemplateSource,
  When,
  WhenCondition,
  WhenOperator,
} from './types.js';
