// Jest globalTeardown paired with ./global-setup.mjs: stops the control plane it started.
export { globalTeardown as default } from '../dist/index.js';
