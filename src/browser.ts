// wormcast's browser entry: 'wormcast' under the "browser" export condition, and
// 'wormcast/browser' (package.json exports, docs/package.md). It is the library surface of
// src/index.ts, none of whose modules imports a Node built-in (test/web/imports.test.ts walks the
// sources, test/package.test.ts the installed dist/); loadWasm fetches the package's
// build/wormcast.wasm by URL when given no bytes.
// It is a file of its own so that the two entries can differ once Node-only names exist: those
// go into src/index.ts only, and this line becomes an explicit list.
export * from './index.ts';
