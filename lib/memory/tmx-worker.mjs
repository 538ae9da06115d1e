// Worker thread of lib/memory/tmx-off-thread.ts (through lib/off-thread): reads one TMX import
// (decode, caps, parse, group, key) off the web process's event loop.
import { serveOffThread } from '../off-thread/serve.mjs'

await serveOffThread(async () => {
  const { readTmxImport } = await import('./tmx-read.ts')
  return (bytes) => readTmxImport(new Uint8Array(bytes))
})
