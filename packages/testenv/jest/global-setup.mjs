// Jest globalSetup for the `integration` project of every package (see jest.preset.cjs): one real
// control plane per test run. Jest loads this file untransformed, so it uses the built package
// (Nx builds @orkestra/testenv before tests that depend on it). Users of the published package
// write the same one line against '@orkestra/testenv'.
export { globalSetup as default } from '../dist/index.js';
