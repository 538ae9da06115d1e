// Runs the video export's own modules (lib/client/video) inside a real page of the app: the modules
// are bundled with esbuild (e2e/video/modules.tsx) and added as an init script, so they run on the
// page's origin (a secure context, which WebCodecs needs) under its Content-Security-Policy.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { build } from 'esbuild'
import type { Page } from '@playwright/test'

let bundled: Promise<string> | null = null

function bundle(): Promise<string> {
  bundled ??= build({
    entryPoints: [path.resolve('e2e/video/modules.tsx')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'error',
    tsconfig: path.resolve('tsconfig.json'),
    // What Next.js inlines in client code.
    define: { 'process.env.NODE_ENV': '"production"' },
  }).then((result) => result.outputFiles[0].text)
  return bundled
}

/** Makes `window.videoModules` available in every document `page` opens from now on. */
export async function withVideoModules(page: Page) {
  // Run once the document has a head: some modules add their styles to it when they load.
  await page.addInitScript({ content: `document.addEventListener('DOMContentLoaded', () => {\n${await bundle()}\n}, { once: true })` })
}

/** Puts `file` (on disk) into a file input added to the page, as a user's pick: a File read lazily. */
export async function pickFile(page: Page, file: string, id = 'picked-video') {
  await page.evaluate((id) => {
    const input = document.createElement('input')
    input.type = 'file'
    input.id = id
    input.hidden = true
    document.body.append(input)
  }, id)
  await page.setInputFiles(`#${id}`, file)
}

/** A test video made with ffmpeg: a moving test pattern with a tone, H.264 + AAC in MP4. */
export function makeTestVideo(file: string, { seconds = 8, width = 1280, height = 720, fps = 30 } = {}) {
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}`, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(seconds), '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '96k', file])
}

/** The size and MD5 of every packet of one stream, in order (ffmpeg's framemd5 without side data). */
export function packetDigests(file: string, stream: 'v:0' | 'a:0'): string[] {
  const out = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-map', `0:${stream}`, '-c', 'copy', '-f', 'framemd5', '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  return out.split('\n').filter((line) => line && !line.startsWith('#')).map((line) => line.split(',').slice(4, 6).map((f) => f.trim()).join(' '))
}

export function ffprobeJson<T>(file: string, args: string[]): T {
  return JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-of', 'json', ...args, file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as T
}
