import wasmUrl from 'wormcast/wasm?url';

let bytes: Promise<ArrayBuffer> | undefined;

/**
 * The bytes of the package's wasm module ('wormcast/wasm', build/wormcast.wasm), fetched once
 * from the asset Vite emits for it (a separate file: assetsInlineLimit 0 in vite.config.ts). Each panel instantiates its own module from
 * them (src/wasm/module.ts loadWasm takes bytes in a browser; a Response is read only once).
 */
export function wasmBytes(): Promise<ArrayBuffer> {
  bytes ??= fetch(wasmUrl)
    .then(async (res) => {
      if (!res.ok) throw new Error(`cannot load ${wasmUrl}: HTTP ${res.status}`);
      return res.arrayBuffer();
    })
    .catch((e: unknown) => {
      bytes = undefined; // a later call tries again
      throw e;
    });
  return bytes;
}

/** Where the wasm is loaded from (shown in the page). */
export const WASM_URL: string = wasmUrl;
