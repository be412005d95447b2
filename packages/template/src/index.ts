export { createTemplateEngine } from './engine.js';
export {
  defaultTemplateEngine,
  compileTemplate,
  resolveTemplate,
  resolveString,
  evaluateWhen,
  checkTemplate,
  checkWhen,
} from './default-engine.js';
export { TemplateError } from './errors.js';
export type {
  TemplateSource,
  Resolved,
  ResolvedValue,
  CustomResource,
  TemplateHelper,
  TemplateEngine,
  TemplateEngineOptions,
  TemplateEngineStats,
  CompileOptions,
  CheckOptions,
  CompiledTemplate,
  TemplateProblem,
  JsonSchema,
  When,
  WhenCondition,
  WhenOperator,
} from './types.js';
