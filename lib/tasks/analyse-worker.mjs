// Worker thread of lib/tasks/analyse-pool.ts (through lib/off-thread): decodes, parses and prices
// uploads off the web process's event loop.
import { serveOffThread } from '../off-thread/serve.mjs'

await serveOffThread(async () => {
  const { analyseSubtitle } = await import('./upload.ts')
  const { summariseUpload } = await import('./upload-summary.ts')
  // With glossary entries the caller wants an estimate's summary (no cues to copy back).
  return ({ bytes, entries, format }) => (entries ? summariseUpload(new Uint8Array(bytes), entries, format) : analyseSubtitle(new Uint8Array(bytes), format))
})
