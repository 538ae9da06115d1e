import 'server-only'
import { spawn } from 'node:child_process'
import { accessSync, chmodSync, constants } from 'node:fs'

// ffmpeg and ffprobe come from npm (@ffmpeg-installer, @ffprobe-installer): each platform's binary
// is a package of the registry, so `npm install` is the whole set-up. Loaded on first use (an
// unsupported platform fails the recording, not the app's start), by literal specifiers so the
// bundler leaves them to Node (next.config.ts serverExternalPackages).

function executable(installer: { path: string }): string {
  const file = installer.path
  try {
    accessSync(file, constants.X_OK)
  } catch {
    // npm may skip the package's postinstall `chmod u+x` (install scripts not allowed).
    chmodSync(file, 0o755)
  }
  return file
}

type Installer = { path: string; default?: { path: string } }
const pathOf = (module: Installer) => executable(module.default ?? module)

let ffmpegFile: Promise<string> | undefined
let ffprobeFile: Promise<string> | undefined
export const ffmpegPath = () => (ffmpegFile ??= import('@ffmpeg-installer/ffmpeg').then((m) => pathOf(m as Installer)))
export const ffprobePath = () => (ffprobeFile ??= import('@ffprobe-installer/ffprobe').then((m) => pathOf(m as Installer)))

export class MediaToolError extends Error {}

/**
 * Runs a tool to its end and answers its stdout (as bytes) and stderr. Rule: a non-zero exit is a
 * MediaToolError carrying the end of stderr; the process is killed when `signal` aborts.
 */
export function runTool(file: string, args: string[], { signal, stdin, keepStderr = 'end' }: { signal?: AbortSignal; stdin?: Buffer; keepStderr?: 'end' | 'all' } = {}): Promise<{ stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'], signal })
    const out: Buffer[] = []
    let err = ''
    child.stdout!.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr!.on('data', (chunk: Buffer) => {
      // Usually only the end is worth keeping (ffmpeg's progress lines are many).
      err += chunk.toString('utf8')
      if (keepStderr === 'end' && err.length > 64_000) err = err.slice(-64_000)
    })
    child.on('error', (error) => reject(error))
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout: Buffer.concat(out), stderr: err })
      else reject(new MediaToolError(`${file.split('/').pop()} exited with ${code}: ${err.slice(-500)}`))
    })
    if (stdin) child.stdin!.end(stdin)
  })
}
