import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { inlineScriptHashes } from './csp'

// Prerendered pages live as HTML files in the build output; the proxy reads their inline scripts'
// hashes from there, so the policy matches the file served. This holds because no public page is
// revalidated: Next.js serves a regenerated page from memory, with its scripts split differently.
const APP_DIR = path.join(process.cwd(), '.next', 'server', 'app')
const cache = new Map<string, { mtimeMs: number; hashes: string[] }>()

/** Hashes of the inline scripts of the prerendered page at an internal path, or null when it is rendered per request. */
export async function prerenderedScriptHashes(internalPath: string): Promise<string[] | null> {
  if (internalPath.includes('..')) return null
  const file = path.join(APP_DIR, `${internalPath.replace(/\/+$/, '') || '/index'}.html`)
  let mtimeMs: number
  try {
    mtimeMs = (await stat(file)).mtimeMs
  } catch {
    return null
  }
  const hit = cache.get(file)
  if (hit && hit.mtimeMs === mtimeMs) return hit.hashes
  const hashes = await inlineScriptHashes(await readFile(file, 'utf8'))
  cache.set(file, { mtimeMs, hashes })
  return hashes
}
