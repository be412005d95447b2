export { resolve, desired, create, update, delete, handler, immutableChanges, displacedPorts } from './service.js';
export { ServiceSourceSchema, ServicePortSourceSchema, SERVICE_TYPES, PROTOCOLS, NODE_PORT_RANGE } from './types.js';
export type { ServiceSource, ResolvedService, ResolvedServicePort, ServiceType, Protocol } from './types.js';
