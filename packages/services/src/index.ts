export { create, delete, desired, displacedPorts, handler, immutableChanges, resolve, update } from './service.js';
export type { Protocol, ResolvedService, ResolvedServicePort, ServiceSource, ServiceType } from './types.js';
export { NODE_PORT_RANGE, PROTOCOLS, SERVICE_TYPES, ServicePortSourceSchema, ServiceSourceSchema } from './types.js';
