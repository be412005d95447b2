export { OrkestraError, ValidationError, OwnershipError, describeObject } from './errors.js';
export type { ObjectLocation, FieldProblem } from './errors.js';
