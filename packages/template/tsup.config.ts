import { packageConfig } from '../../tsup.base.ts';

// Handlebars' parser (`compiler/base.js` and the few CommonJS files it requires) is bundled into the package's
// JavaScript: loaded from node_modules it is 8 modules whose files each end in an inline source map (157 KB for the
// parser alone), which V8 keeps in the heap twice (in the source and as its source-map URL) for the whole life of a
// process: ~0.6 MB of an operator's memory for ~60 KB of code. Bundled, esbuild drops those comments.
export default packageConfig({ noExternal: [/^handlebars\//] });
