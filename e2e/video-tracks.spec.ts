import { writeFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { DEMO, editorReady, signIn } from './helpers'
import { timeMs } from './speech-video'
import { ffprobeJson, makeTestVideo, packetDigests, pickFile, withVideoModules } from './video/harness'
import type { VideoModules } from './video/modules'

// Issue 29, the "subtitle tracks" video export (lib/client/video/tracks.ts), run in Chromium inside
// the editor of a task translated through the product (the DeepSeek fake answers "[fr] <original>").
// The exported MKV and MP4 are read back with ffprobe and ffmpeg: one subtitle stream per language
// with its language tag, cues equal to the task's segments, video and audio packets as in the source.

type Cue = { start: number; end: number; text: string }
type ServerSegment = { id: number; startTime: string; endTime: string; originalText: string; translatedText: string | null }
type Probe = { streams: { index: number; codec_type: string; codec_tag_string: string; tags?: Record<string, string> }[] }
type Packets = { packets: { stream_index: number; pts_time: string; duration_time: string; data: string }[] }

const pad = (n: number, size = 2) => String(n).padStart(size, '0')
const stamp = (ms: number) => `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`
const srtOf = (cues: Cue[]) => cues.map((c, i) => `${i + 1}\n${stamp(c.start)} --> ${stamp(c.end)}\n${c.text}\n`).join('\n')

// Gaps between the cues, a two-line cue and the characters WebVTT must escape.
const CUES: Cue[] = [
  { start: 500, end: 1800, text: 'Hi Anna.' },
  { start: 2300, end: 3900, text: 'Salt & pepper <now>.' },
  { start: 4200, end: 5600, text: 'Line one\nLine two' },
  { start: 6100, end: 7450, text: 'Bye.' },
]

async function createTask(page: Page): Promise<string> {
  return page.evaluate(async (srt) => {
    const form = new FormData()
    form.append('file', new File([srt], `tracks-${Date.now()}.srt`, { type: 'application/x-subrip' }))
    form.append('targetLanguage', 'fr')
    form.append('service', 'deepseek')
    form.append('useMemory', 'false')
    form.append('sourceLanguage', 'en')
    const json = await (await fetch('/api/tasks', { method: 'POST', body: form })).json()
    if (json.code !== 20000) throw new Error(json.msg)
    return json.data.id as string
  }, srtOf(CUES))
}

const taskOf = (page: Page, taskId: string) =>
  page.evaluate(async (path) => (await (await fetch(path)).json()).data as { status: string; segments: ServerSegment[] }, `/api/tasks/${taskId}`)

/** ffprobe's hex dump of a packet (`00000000: e4bd a0e5 ...  text`) back to its bytes. */
function dumpBytes(dump: string): Buffer {
  const hex = dump.split('\n').filter((line) => /^[0-9a-f]{8}: /.test(line)).map((line) => line.slice(10, 49).replace(/ /g, '')).join('')
  return Buffer.from(hex, 'hex')
}

/** The cue text of a packet: Matroska's WebVTT block is the text; MP4's is a vttc box holding a payl box. */
function cueText(bytes: Buffer, container: 'mkv' | 'mp4'): string | null {
  let text = bytes.toString('utf8')
  if (container === 'mp4') {
    const payl = bytes.indexOf('payl')
    if (payl < 4) return null // a vtte box: the gap between two cues
    text = bytes.subarray(payl + 4, payl - 4 + bytes.readUInt32BE(payl - 4)).toString('utf8')
  }
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
}

test('exports MKV and MP4 with one tagged subtitle track per language, cues from the task, packets copied', async ({ page }, testInfo) => {
  // Long enough for a loaded two-core machine: the export itself takes well under a second.
  test.setTimeout(240_000)
  const source = testInfo.outputPath('source.mp4')
  makeTestVideo(source, { seconds: 8, width: 640, height: 360 })
  await withVideoModules(page)
  await signIn(page, DEMO.user)
  const taskId = await createTask(page)
  await expect.poll(async () => (await taskOf(page, taskId)).status, { timeout: 30_000 }).toBe('completed')
  const { segments } = await taskOf(page, taskId)
  expect(segments).toHaveLength(CUES.length)
  const cuesOf = (text: (s: ServerSegment) => string) => segments.map((s) => ({ startMs: timeMs(s.startTime), endMs: timeMs(s.endTime), text: text(s) }))
  const tracks = [
    { language: 'fr', title: 'Français', cues: cuesOf((s) => s.translatedText ?? '') },
    { language: 'en', title: 'English (original)', cues: cuesOf((s) => s.originalText) },
  ]
  expect(tracks[0].cues[1].text).toBe('[fr] Salt & pepper <now>.')

  await page.goto(`/edit/${taskId}`)
  await editorReady(page)
  await pickFile(page, source)

  for (const container of ['mkv', 'mp4'] as const) {
    const result = await page.evaluate(async ({ tracks, container }) => {
      const { muxSubtitleTracks, BufferTarget } = (window as unknown as { videoModules: VideoModules }).videoModules
      const file = (document.getElementById('picked-video') as HTMLInputElement).files![0]
      const target = new BufferTarget()
      const fractions: number[] = []
      await muxSubtitleTracks({ source: file, tracks, container, target, onProgress: (p) => fractions.push(p.fraction) })
      const bytes = new Uint8Array(target.buffer!)
      let binary = ''
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
      return { base64: btoa(binary), fractions }
    }, { tracks, container })
    expect(result.fractions.at(-1)).toBe(1)
    expect(result.fractions).toEqual([...result.fractions].sort((a, b) => a - b))
    const out = testInfo.outputPath(`tracks.${container}`)
    await writeFile(out, Buffer.from(result.base64, 'base64'))

    // One stream per language, tagged. ffprobe 5.1 (Debian 12) does not know WebVTT in MP4 ("wvtt"):
    // it lists those tracks as data streams with their language; MP4 keeps no track titles in mediabunny.
    const { streams } = ffprobeJson<Probe>(out, ['-show_streams'])
    const subtitles = streams.filter((s) => (container === 'mkv' ? s.codec_type === 'subtitle' : s.codec_tag_string === 'wvtt'))
    expect(subtitles.map((s) => s.tags?.language)).toEqual(container === 'mkv' ? ['fre', 'eng'] : ['fra', 'eng'])
    if (container === 'mkv') expect(subtitles.map((s) => s.tags?.title)).toEqual(['Français', 'English (original)'])
    expect(streams.filter((s) => s.codec_type === 'video')).toHaveLength(1)
    expect(streams.filter((s) => s.codec_type === 'audio')).toHaveLength(1)

    // Each track's cues: the task's segments, times and text.
    const { packets } = ffprobeJson<Packets>(out, ['-show_packets', '-show_data'])
    for (const [i, stream] of subtitles.entries()) {
      const cues = packets
        .filter((p) => p.stream_index === stream.index)
        .map((p) => ({ startMs: Math.round(Number(p.pts_time) * 1000), endMs: Math.round((Number(p.pts_time) + Number(p.duration_time)) * 1000), text: cueText(dumpBytes(p.data), container) }))
        .filter((cue): cue is { startMs: number; endMs: number; text: string } => cue.text !== null)
      expect(cues, `${container} track ${i}`).toEqual(tracks[i].cues)
    }

    // Video and audio: every packet byte for byte as in the source, none re-encoded.
    expect(packetDigests(out, 'v:0')).toEqual(packetDigests(source, 'v:0'))
    expect(packetDigests(out, 'a:0')).toEqual(packetDigests(source, 'a:0'))
  }

  // Cancelled part-way: the promise rejects with an AbortError and the target holds no file.
  const cancelled = await page.evaluate(async ({ tracks }) => {
    const { muxSubtitleTracks, BufferTarget } = (window as unknown as { videoModules: VideoModules }).videoModules
    const file = (document.getElementById('picked-video') as HTMLInputElement).files![0]
    const target = new BufferTarget()
    const controller = new AbortController()
    const error = await muxSubtitleTracks({ source: file, tracks, container: 'mkv', target, signal: controller.signal, onProgress: (p) => p.fraction > 0.2 && controller.abort() }).then(() => null, (e: Error) => e.name)
    return { error, buffer: target.buffer }
  }, { tracks })
  expect(cancelled).toEqual({ error: 'AbortError', buffer: null })
})
