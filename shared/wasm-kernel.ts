/**
 * The WebAssembly kernels (the tiling engine's, the queens count's): each is compiled once from the
 * base64 module that scripts/wasm-kernels.ts writes beside its .wat. Modules of a kilobyte compile
 * synchronously everywhere (browsers refuse only large ones on their main thread).
 */

/** The part of WebAssembly used here: Node and browsers have it, ES2023's typings do not. */
interface WasmApi {
  readonly Module: new (bytes: Uint8Array) => object
  readonly Instance: new (module: object, imports: object) => { readonly exports: unknown }
}

/** A compiled kernel; `instantiate` gives a fresh instance (its own memory) with its exports. */
export interface WasmKernel<Exports> {
  instantiate(imports?: object): Exports
}

export function wasmKernel<Exports>(base64: string): WasmKernel<Exports> {
  const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly
  let module: object | undefined
  return {
    instantiate(imports = {}) {
      module ??= new wasm.Module(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)))
      return new wasm.Instance(module, imports).exports as Exports
    },
  }
}
