export { controls, create, delete, desired, handler, resolve, update } from './horizontalpodautoscaler.js';
export type { HorizontalPodAutoscalerSource, ResolvedHorizontalPodAutoscaler } from './types.js';
export { HorizontalPodAutoscalerSourceSchema } from './types.js';
