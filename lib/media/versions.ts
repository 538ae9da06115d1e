import 'server-only'
import { runTool, toolBinary, type ToolName, type ToolSource } from './binaries'

/** The oldest ffmpeg and ffprobe a production start accepts: Debian 12's (bookworm) 5.1, kept patched. */
export const MIN_MEDIA_TOOL_VERSION = '5.1'

export type ToolVersion = { version: string; source: ToolSource; path: string }
export type MediaToolVersions = Record<ToolName, ToolVersion>

/**
 * The release a `-version` banner names: `ffmpeg version 5.1.9-0+deb12u1` is 5.1.9. A git
 * snapshot (`N-47683-g0e8eb07980-static`, the npm binaries) names none: answered as it is, and
 * never current enough (isCurrent).
 */
export function parseToolVersion(banner: string): string {
  const named = /\bversion\s+(?:n(?=\d))?(\S+)/.exec(banner)?.[1] ?? 'unknown'
  return /^\d+(\.\d+)*/.exec(named)?.[0] ?? named
}

/** Whether a parsed version is a release at least as new as `minimum`. */
export function isCurrent(version: string, minimum = MIN_MEDIA_TOOL_VERSION): boolean {
  if (!/^\d+(\.\d+)*$/.test(version)) return false
  const have = version.split('.').map(Number)
  const need = minimum.split('.').map(Number)
  for (let i = 0; i < need.length; i++) {
    const [a, b] = [have[i] ?? 0, need[i]]
    if (a !== b) return a > b
  }
  return true
}

let versions: Promise<MediaToolVersions> | undefined
/** The version, origin and path of the ffmpeg and ffprobe this process runs (asked once). */
export function mediaToolVersions(): Promise<MediaToolVersions> {
  versions ??= (async () => {
    const read = async (name: ToolName): Promise<ToolVersion> => {
      const binary = await toolBinary(name)
      const { stdout } = await runTool(binary.path, ['-version'], { timeoutMs: 10_000 })
      return { version: parseToolVersion(stdout.toString('utf8').split('\n')[0]), source: binary.source, path: binary.path }
    }
    const [ffmpeg, ffprobe] = await Promise.all([read('ffmpeg'), read('ffprobe')])
    return { ffmpeg, ffprobe }
  })()
  versions.catch(() => (versions = undefined))
  return versions
}

/** What stops a production start: a missing tool, or one older than the minimum (or of no release). */
export async function mediaToolProblems(): Promise<string[]> {
  let found: MediaToolVersions
  try {
    found = await mediaToolVersions()
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)]
  }
  return (Object.entries(found) as [ToolName, ToolVersion][])
    .filter(([, tool]) => !isCurrent(tool.version))
    .map(([name, tool]) => `${name} ${tool.version} (${tool.path}) is older than ${MIN_MEDIA_TOOL_VERSION}: install the operating system's package (apt-get install ffmpeg)`)
}

/** Throws, naming each problem, when this process may not decode strangers' files (a production start). */
export async function assertMediaToolsCurrent(): Promise<void> {
  const problems = await mediaToolProblems()
  if (problems.length > 0) throw new Error(`Refusing to start in production:\n  - ${problems.join('\n  - ')}`)
}
