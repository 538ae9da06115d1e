import 'server-only'
import { spawn } from 'node:child_process'
import { accessSync, chmodSync, constants } from 'node:fs'

// ffmpeg and ffprobe decode files strangers upload, so they come from the operating system's
// packages (Debian's, kept patched; scripts/test-all.sh installs them where missing). The npm
// binaries (@ffmpeg-installer, @ffprobe-installer: a 2018 ffmpeg) are a fallback for development
// only; a production start refuses them (versions.ts). Loaded on first use, by literal specifiers so
// the bundler leaves them to Node (next.config.ts serverExternalPackages).

export type ToolName = 'ffmpeg' | 'ffprobe'
/** Where a binary came from: the system's package, or npm (development only). */
export type ToolSource = 'system' | 'npm'
export type ToolBinary = { path: string; source: ToolSource }

/** Where the system's packages put them (Debian: /usr/bin; a hand-built one: /usr/local/bin). */
const SYSTEM_DIRS = ['/usr/bin', '/usr/local/bin']

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

function executable(installer: { path: string }): string {
  const file = installer.path
  // npm may skip the package's postinstall `chmod u+x` (install scripts not allowed).
  if (!isExecutable(file)) chmodSync(file, 0o755)
  return file
}

type Installer = { path: string; default?: { path: string } }
const pathOf = (module: Installer) => executable(module.default ?? module)

async function locate(name: ToolName): Promise<ToolBinary> {
  const system = SYSTEM_DIRS.map((dir) => `${dir}/${name}`).find(isExecutable)
  if (system) return { path: system, source: 'system' }
  if (process.env.NODE_ENV === 'production') throw new MediaToolError(`${name} is not installed: install the operating system's package (apt-get install ffmpeg)`)
  const installer = name === 'ffmpeg' ? await import('@ffmpeg-installer/ffmpeg') : await import('@ffprobe-installer/ffprobe')
  return { path: pathOf(installer as Installer), source: 'npm' }
}

const located = new Map<ToolName, Promise<ToolBinary>>()
/** The binary a tool runs from, found once per process. */
export function toolBinary(name: ToolName): Promise<ToolBinary> {
  let found = located.get(name)
  if (!found) located.set(name, (found = locate(name)))
  return found
}

export const ffmpegPath = async () => (await toolBinary('ffmpeg')).path
export const ffprobePath = async () => (await toolBinary('ffprobe')).path

export class MediaToolError extends Error {}
/** A tool stopped because it ran past its time limit. */
export class MediaTimeoutError extends MediaToolError {}

/** A tool started by startTool: its streams, and how it ended. */
export type ToolProcess = {
  /** Its input, when started with `stdin: 'pipe'`. */
  stdin: NodeJS.WritableStream | null
  stdout: NodeJS.ReadableStream
  stderr: NodeJS.ReadableStream
  /** Stops it at once (SIGKILL). */
  kill(): void
  /** Its exit code once it has ended and its streams are closed (null when killed); rejects when it could not start, or with an AbortError when `signal` aborted. */
  exited: Promise<number | null>
}

/**
 * Starts ffmpeg or ffprobe (`file`, from ffmpegPath or ffprobePath): the one place the server
 * spawns a media tool. Rules: killed (SIGKILL) when `signal` aborts; stdin is a pipe only when
 * asked for (the caller feeds it), else closed; stdout and stderr are the caller's to read.
 */
export function startTool(file: string, args: string[], { signal, stdin = 'ignore' }: { signal?: AbortSignal; stdin?: 'pipe' | 'ignore' } = {}): ToolProcess {
  const child = spawn(file, args, { stdio: [stdin, 'pipe', 'pipe'], signal, killSignal: 'SIGKILL' })
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', resolve)
  })
  // Awaited by the caller; until then an early failure must not count as unhandled.
  exited.catch(() => {})
  return { stdin: child.stdin, stdout: child.stdout!, stderr: child.stderr!, kill: () => child.kill('SIGKILL'), exited }
}

/**
 * Runs a tool to its end and answers its stdout (as bytes) and stderr. Rules: a non-zero exit is a
 * MediaToolError carrying the end of stderr; the process is killed when `signal` aborts (an
 * AbortError), and when it runs longer than `timeoutMs` (a MediaTimeoutError); `onStdout` sees the
 * output as it comes instead of keeping it.
 */
export async function runTool(
  file: string,
  args: string[],
  { signal, stdin, keepStderr = 'end', timeoutMs, onStdout }: { signal?: AbortSignal; stdin?: Buffer; keepStderr?: 'end' | 'all'; timeoutMs?: number; onStdout?: (chunk: Buffer) => void } = {},
): Promise<{ stdout: Buffer; stderr: string }> {
  const tool = startTool(file, args, { signal, stdin: stdin ? 'pipe' : 'ignore' })
  const out: Buffer[] = []
  let err = ''
  let timedOut = false
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => {
    timedOut = true
    tool.kill()
  }, timeoutMs)
  tool.stdout.on('data', (chunk: Buffer) => (onStdout ? onStdout(chunk) : out.push(chunk)))
  tool.stderr.on('data', (chunk: Buffer) => {
    // Usually only the end is worth keeping (ffmpeg's progress lines are many).
    err += chunk.toString('utf8')
    if (keepStderr === 'end' && err.length > 64_000) err = err.slice(-64_000)
  })
  if (stdin) tool.stdin!.end(stdin)
  let code: number | null
  try {
    code = await tool.exited
  } finally {
    clearTimeout(timer)
  }
  const name = file.split('/').pop()
  if (timedOut) throw new MediaTimeoutError(`${name} ran past its ${timeoutMs} ms limit`)
  if (code !== 0) throw new MediaToolError(`${name} exited with ${code}: ${err.slice(-500)}`)
  return { stdout: Buffer.concat(out), stderr: err }
}
