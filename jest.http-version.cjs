// Jest setup file of the projects `alsoOverHttp` makes (jest.preset.cjs): the project's `globals.ORKESTRA_HTTP`
// becomes the test file's ORKESTRA_HTTP, the HTTP version every Kubeclient without an `http` option speaks.
if (globalThis.ORKESTRA_HTTP) process.env.ORKESTRA_HTTP = globalThis.ORKESTRA_HTTP;
