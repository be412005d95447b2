export { resolve, desired, controls, create, update, delete, handler } from './horizontalpodautoscaler.js';
export { HorizontalPodAutoscalerSourceSchema } from './types.js';
export type { HorizontalPodAutoscalerSource, ResolvedHorizontalPodAutoscaler } from './types.js';
