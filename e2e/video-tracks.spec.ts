import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { editorReady } from './helpers'
import { timeMs } from './speech-video'
import { createSubtitleTask, ffprobeJson, openVideoExport, packetDigests, savedFile, exportTestStart } from './video/harness'

// Issue 29, the "subtitle tracks" video export, through the editor's "Export video" dialog for a
// task translated through the product (the DeepSeek fake answers "[fr] <original>"). The MKV is
// saved through the File System Access API (the save picker answered with a file of the origin's
// private file system), the MP4 in memory and downloaded; both are read back with ffprobe and
// ffmpeg: one subtitle stream per language (SRT in MKV, mov_text in MP4) with its language tag and
// title, cues equal to the task's segments, video and audio packets as in the source. Then a burn-in cancelled part-way and one
// whose tab is closed leave no finished-looking file.

type Cue = { start: number; end: number; text: string }
type ServerSegment = { id: number; startTime: string; endTime: string; originalText: string; translatedText: string | null }
type Probe = { streams: { index: number; codec_type: string; codec_name?: string; tags?: Record<string, string> }[] }
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

const taskOf = (page: Page, taskId: string) =>
  page.evaluate(async (path) => (await (await fetch(path)).json()).data as { status: string; segments: ServerSegment[] }, `/api/tasks/${taskId}`)

/** ffprobe's hex dump of a packet (`00000000: e4bd a0e5 ...  text`) back to its bytes. */
function dumpBytes(dump: string): Buffer {
  const hex = dump.split('\n').filter((line) => /^[0-9a-f]{8}: /.test(line)).map((line) => line.slice(10, 49).replace(/ /g, '')).join('')
  return Buffer.from(hex, 'hex')
}

/** The cue text of a packet: Matroska's SRT block is the text; an MP4 tx3g sample is its length (16 bits), then the text. */
function cueText(bytes: Buffer, container: 'mkv' | 'mp4'): string | null {
  const text = (container === 'mp4' ? bytes.subarray(2) : bytes).toString('utf8')
  return text === '' ? null : text // an empty mov_text sample: the gap between two cues
}

/** The titles in the MP4's track user data ("name" boxes, as ffmpeg writes them; ffprobe 5.1 does not read them back). */
function mp4TrackTitles(file: string): string[] {
  const bytes = readFileSync(file)
  const titles: string[] = []
  const walk = (start: number, end: number, path: string) => {
    for (let at = start; at + 8 <= end; ) {
      const size = bytes.readUInt32BE(at)
      const type = bytes.toString('latin1', at + 4, at + 8)
      if (size < 8) break
      if (path === 'moov/trak/udta' && type === 'name') titles.push(bytes.toString('utf8', at + 8, at + size))
      if (['moov', 'trak', 'udta'].includes(type)) walk(at + 8, at + size, path ? `${path}/${type}` : type)
      at += size
    }
  }
  walk(0, bytes.length, '')
  return titles
}

test('exports MKV and MP4 with one tagged subtitle track per language, cues from the task, packets copied', async ({ page }, testInfo) => {
  test.setTimeout(180_000)
  const source = testInfo.outputPath('source.mp4')
  await exportTestStart(page, source, { seconds: 8, picker: page })
  const taskId = await createSubtitleTask(page, { text: srtOf(CUES), fileName: `tracks-${Date.now()}.srt` })
  const { segments } = await taskOf(page, taskId)
  expect(segments).toHaveLength(CUES.length)
  const cuesOf = (text: (s: ServerSegment) => string) => segments.map((s) => ({ startMs: timeMs(s.startTime), endMs: timeMs(s.endTime), text: text(s) }))
  const expected = [cuesOf((s) => s.translatedText ?? ''), cuesOf((s) => s.originalText)]
  expect(expected[0][1].text).toBe('[fr] Salt & pepper <now>.')

  await page.goto(`/edit/${taskId}`)
  await editorReady(page)
  await openVideoExport(page)
  await page.getByTestId('export-kind-tracks').click()
  await page.getByTestId('burn-input').setInputFiles(source)
  // What will be added, before anything starts: the translation (on by default) and the original.
  await expect(page.getByTestId('tracks-item')).toHaveText([/Français.*fre.*4/, /English.*eng.*4/])

  for (const container of ['mkv', 'mp4'] as const) {
    await page.getByTestId(`tracks-container-${container}`).click()
    const out = testInfo.outputPath(`tracks.${container}`)
    if (container === 'mkv') {
      await page.getByTestId('burn-start').click()
      await expect(page.getByTestId('burn-done')).toBeVisible({ timeout: 60_000 })
      expect(await savedFile(page, 'source.fr.tracks.mkv', out)).toBeGreaterThan(100_000)
    } else {
      // The same export in memory, downloaded at the end, as where the browser has no save picker.
      await page.evaluate(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker)
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('burn-start').click()])
      // Not the burned-in video's name: the two exports never replace each other.
      expect(download.suggestedFilename()).toBe('source.fr.tracks.mp4')
      await download.saveAs(out)
    }
    await expect(page.getByTestId('video-export-dialog')).toHaveAttribute('data-thread', 'worker')

    // One subtitle stream per language, in a codec ffprobe 5.1 (Debian 12) reads, tagged and titled.
    const { streams } = ffprobeJson<Probe>(out, ['-show_streams'])
    const subtitles = streams.filter((s) => s.codec_type === 'subtitle')
    expect(subtitles.map((s) => s.codec_name)).toEqual(container === 'mkv' ? ['subrip', 'subrip'] : ['mov_text', 'mov_text'])
    expect(subtitles.map((s) => s.tags?.language)).toEqual(container === 'mkv' ? ['fre', 'eng'] : ['fra', 'eng'])
    expect(container === 'mkv' ? subtitles.map((s) => s.tags?.title) : mp4TrackTitles(out)).toEqual(['Français', 'English'])
    expect(streams.filter((s) => s.codec_type === 'video')).toHaveLength(1)
    expect(streams.filter((s) => s.codec_type === 'audio')).toHaveLength(1)
    // ffmpeg finds them by type and converts each: every cue is there.
    for (const n of [0, 1]) {
      const srt = execFileSync('ffmpeg', ['-v', 'error', '-i', out, '-map', `0:s:${n}`, '-f', 'srt', '-'], { encoding: 'utf8' })
      expect(srt.split('\n').filter((line) => line.includes(' --> '))).toHaveLength(CUES.length)
    }

    // Each track's cues: the task's segments, times and text.
    const { packets } = ffprobeJson<Packets>(out, ['-show_packets', '-show_data'])
    for (const [i, stream] of subtitles.entries()) {
      const cues = packets
        .filter((p) => p.stream_index === stream.index)
        .map((p) => ({ startMs: Math.round(Number(p.pts_time) * 1000), endMs: Math.round((Number(p.pts_time) + Number(p.duration_time)) * 1000), text: cueText(dumpBytes(p.data), container) }))
        .filter((cue): cue is { startMs: number; endMs: number; text: string } => cue.text !== null)
      expect(cues, `${container} track ${i}`).toEqual(expected[i])
    }

    // Video and audio: every packet byte for byte as in the source, none re-encoded.
    expect(packetDigests(out, 'v:0')).toEqual(packetDigests(source, 'v:0'))
    expect(packetDigests(out, 'a:0')).toEqual(packetDigests(source, 'a:0'))
  }
})

test('a cancelled burn-in and a closed tab leave no finished-looking file', async ({ page, context }, testInfo) => {
  test.setTimeout(120_000)
  const source = testInfo.outputPath('long.mp4')
  await exportTestStart(page, source, { seconds: 20, picker: context })
  const taskId = await createSubtitleTask(page, { text: srtOf(CUES), fileName: `cancel-${Date.now()}.srt` })
  const open = async (target: Page) => {
    await target.goto(`/edit/${taskId}`)
    await editorReady(target)
    await openVideoExport(target)
    await target.getByTestId('burn-input').setInputFiles(source)
    await target.getByTestId('burn-start').click()
    await expect(target.getByTestId('burn-progress')).toHaveAttribute('data-fraction', /^0\.\d*[1-9]/, { timeout: 60_000 })
  }
  await open(page)
  await page.getByTestId('burn-cancel').click()
  await expect(page.getByTestId('burn-cancelled')).toBeVisible()
  // The picked file is removed with its swap file.
  expect(await savedFile(page, 'long.fr.mp4')).toBeNull()

  // A tab closed mid-export: the swap file goes with it; the picked file stays empty.
  const second = await context.newPage()
  await open(second)
  await second.close({ runBeforeUnload: false })
  const check = await context.newPage()
  await check.goto('/dashboard')
  expect(await savedFile(check, 'long.fr.mp4')).toBe(0)
})
