// Node runs WebAssembly, but TypeScript declares it only in its DOM libraries, which the API does not
// load: the little of it that opening PGlite uses (apps/api/src/platform/db/pglite.ts).
declare namespace WebAssembly {
  class Module {}
  function compile(bytes: Uint8Array): Promise<Module>;
}
