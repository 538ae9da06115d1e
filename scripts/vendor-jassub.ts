// Puts the ASS renderer's files under public/vendor/jassub/ so they are served from our origin (no
// CDN): jassub's libass WebAssembly, its emscripten glue and default font (copied from
// node_modules), and our worker (components/video-export/ass-worker.ts) bundled with esbuild beside them.
// Run by next.config.ts, so every `next build`, `next dev` and `next start` has them.
import { copyFileSync, mkdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { buildSync } from 'esbuild'

const COPIED = ['wasm/jassub-worker.js', 'wasm/jassub-worker.wasm', 'default.woff2']

export function vendorJassub(root: string) {
  const from = path.join(root, 'node_modules', 'jassub', 'dist')
  const to = path.join(root, 'public', 'vendor', 'jassub')
  mkdirSync(to, { recursive: true })
  for (const file of COPIED) {
    const source = path.join(from, file)
    const target = path.join(to, path.basename(file))
    const copied = statSync(target, { throwIfNoEntry: false })
    if (!copied || copied.size !== statSync(source).size) copyFileSync(source, target)
  }
  const worker = path.join(root, 'components', 'video-export', 'ass-worker.ts')
  const out = path.join(to, 'ass-worker.js')
  const fresh = statSync(out, { throwIfNoEntry: false })
  // The bundle is remade when the worker, the worker RPC it answers through or jassub's glue changed.
  const inputs = [worker, path.join(root, 'lib', 'client', 'worker-rpc.ts'), path.join(from, 'wasm', 'jassub-worker.js')]
  if (fresh && inputs.every((input) => fresh.mtimeMs > statSync(input).mtimeMs)) return
  buildSync({
    entryPoints: [worker],
    outfile: out,
    bundle: true,
    // The glue finds its wasm (and its thread workers) beside itself through import.meta.url.
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    logLevel: 'error',
    tsconfig: path.join(root, 'tsconfig.json'),
  })
}
