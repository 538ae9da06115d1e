// Helpers of the video export's browser tests. Everything runs through the real "Export video"
// dialog in the editor; these only make fixtures, create tasks through the API where the test is
// not about uploading, stand in for the save picker, and read results back with ffmpeg.
import { execFileSync } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { expect, type BrowserContext, type Page } from '@playwright/test'
import { E2E } from '../env'
import { newCreator, signIn } from '../helpers'

/** The three interface languages for screenshots, each at its edition's address. */
export const EDITIONS = [
  { locale: 'zh-CN', base: E2E.cnUrl, prefix: '' },
  { locale: 'en-US', base: E2E.intlUrl, prefix: '' },
  { locale: 'ja-JP', base: E2E.intlUrl, prefix: '/ja-JP' },
]

/** A test video made with ffmpeg: a moving test pattern with a tone, H.264 + AAC in MP4. */
export function makeTestVideo(file: string, { seconds = 8, width = 1280, height = 720, fps = 30 } = {}) {
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}`, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(seconds), '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '96k', file])
}

/** The size and MD5 of every packet of one stream, in order (ffmpeg's framemd5 without side data). */
export function packetDigests(file: string, stream: `${'v' | 'a'}:${number}`): string[] {
  const out = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-map', `0:${stream}`, '-c', 'copy', '-f', 'framemd5', '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  return out.split('\n').filter((line) => line && !line.startsWith('#')).map((line) => line.split(',').slice(4, 6).map((f) => f.trim()).join(' '))
}

export function ffprobeJson<T>(file: string, args: string[]): T {
  return JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-of', 'json', ...args, file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as T
}

/** Creates a task from a subtitle file through the API (as the upload dialog would) and waits for its translation. */
export async function createSubtitleTask(page: Page, { text, fileName, targetLanguage = 'fr' }: { text: string; fileName: string; targetLanguage?: string }): Promise<string> {
  const id = await page.evaluate(
    async ({ text, fileName, targetLanguage }) => {
      const form = new FormData()
      form.append('file', new File([text], fileName, { type: 'text/plain' }))
      for (const [key, value] of Object.entries({ targetLanguage, service: 'deepseek', useMemory: 'false', sourceLanguage: 'en' })) form.append(key, value)
      const json = await (await fetch('/api/tasks', { method: 'POST', body: form })).json()
      if (json.code !== 20000) throw new Error(json.msg)
      return json.data.id as string
    },
    { text, fileName, targetLanguage },
  )
  await expect.poll(() => page.evaluate(async (id) => (await (await fetch(`/api/tasks/${id}`)).json()).data.status, id), { timeout: 30_000 }).toBe('completed')
  return id
}

/** Opens "Export video" from the editor's export menu. */
export async function openVideoExport(page: Page) {
  await page.getByTestId('export-menu').click()
  await page.getByTestId('export-video').click()
  await expect(page.getByTestId('video-export-dialog')).toBeVisible()
}

/** The in-memory output (a download), as in a browser without the File System Access API. */
export async function withoutSavePicker(page: Page) {
  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker
  })
}

/**
 * The File System Access API's save picker, answered without a person: the file is created in the
 * origin's private file system (the same FileSystemFileHandle, swap file and commit on close as a
 * file on disk), so the test can read what the export left there.
 */
export async function withSavePicker(target: Page | BrowserContext) {
  await target.addInitScript(() => {
    Object.assign(window, {
      showSaveFilePicker: async ({ suggestedName }: { suggestedName: string }) => (await navigator.storage.getDirectory()).getFileHandle(suggestedName, { create: true }),
    })
  })
}

/** The file the export saved through withSavePicker, written to `out`; null when there is none. Answers its size. */
export async function savedFile(page: Page, name: string, out?: string): Promise<number | null> {
  const base64 = await page.evaluate(async (name) => {
    const dir = await navigator.storage.getDirectory()
    const file = await dir.getFileHandle(name).then((h) => h.getFile(), () => null)
    if (!file) return null
    const bytes = new Uint8Array(await file.arrayBuffer())
    let binary = ''
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
    return btoa(binary)
  }, name)
  if (base64 === null) return null
  const bytes = Buffer.from(base64, 'base64')
  if (out) await writeFile(out, bytes)
  return bytes.length
}

/** Starts the export and saves the download (in-memory output) to `out`. */
export async function exportToDownload(page: Page, out: string, timeout = 120_000) {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout }), page.getByTestId('burn-start').click()])
  await download.saveAs(out)
  await expect(page.getByTestId('burn-done')).toBeVisible()
  return download.suggestedFilename()
}

/**
 * The start of a video export test: a 640×360 test video of `seconds` at `file`, the export's
 * output through the save picker (set on `picker`, a page or the whole context) or, with `picker`
 * null, as a download, and a new creator (200 points) signed in.
 */
export async function exportTestStart(page: Page, file: string, { seconds, picker }: { seconds: number; picker: Page | BrowserContext | null }) {
  makeTestVideo(file, { seconds, width: 640, height: 360 })
  await (picker ? withSavePicker(picker) : withoutSavePicker(page))
  await signIn(page, await newCreator(200))
}
