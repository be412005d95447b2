export { default } from '../../tsup.base.ts';
