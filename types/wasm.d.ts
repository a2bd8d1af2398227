// Types of 'wormcast/wasm', the package's build/wormcast.wasm (docs/package.md).
//
// The subpath names the file, to be resolved, not evaluated as a module: in Node,
// `new URL(import.meta.resolve('wormcast/wasm'))` is its file URL; a bundler that treats .wasm
// as an asset (webpack 5 `asset/resource`; Vite with `import url from 'wormcast/wasm?url'`)
// gives its URL as the default export, which is what this declares. Its exports are read
// through loadWasm() of 'wormcast' (it imports env.abort, supplied by @assemblyscript/loader).

/** The URL of wormcast.wasm, as a bundler's asset import gives it. */
declare const wasmUrl: string;
export default wasmUrl;
