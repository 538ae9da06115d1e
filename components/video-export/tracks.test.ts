import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { memoryFile } from './memory-file'
import { muxSubtitleTracks, type SubtitleTrack } from './tracks'

// The track export's subtitles as the system's ffprobe 5.1 and ffmpeg read them: SRT or ASS in MKV,
// mov_text in MP4, one subtitle stream per language with its language tag and title, and the cues
// as given. The export runs here in Node as it runs in the browser (nothing in it needs WebCodecs).

type Stream = { index: number; codec_type: string; codec_name?: string; tags?: Record<string, string>; disposition?: Record<string, number> }

const dir = mkdtempSync(path.join(tmpdir(), 'tracks-test-'))
const source = path.join(dir, 'source.mp4')

const TRACKS: SubtitleTrack[] = [
  {
    language: 'fr',
    title: 'Français',
    cues: [
      { startMs: 500, endMs: 1800, text: 'Salut Anna.' },
      { startMs: 2300, endMs: 3900, text: 'Sel & poivre <maintenant>.' },
      { startMs: 4200, endMs: 5600, text: 'Ligne un\n\n  Ligne deux  ' },
    ],
  },
  { language: 'zh-CN', title: '中文', cues: [{ startMs: 1000, endMs: 2500, text: '你好，安娜。' }] },
]

const ASS = `[Script Info]
; made for the test
ScriptType: v4.00+
PlayResX: 1280
PlayResY: 720

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,Arial,48,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,2,10,10,30,1
Style: Sign,DejaVu Serif,60,&H0000FFFF,&H000000FF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,3,0,8,10,10,20,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:00.50,0:00:01.80,Default,Anna,0,0,0,,{\\i1}Salut{\\i0}, Anna.
Comment: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,not shown
Dialogue: 1,0:00:02.30,0:00:03.90,Sign,,0,0,0,,{\\pos(640,80)}GARE DU NORD
`

function probe(file: string): Stream[] {
  return JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', file], { encoding: 'utf8' })).streams
}

type Packet = { stream_index: number; pts_time: string; duration_time: string; data: string }

/** A subtitle stream's cues as stored: each packet's time and text (mov_text's 16-bit length taken off, its empty samples left out). */
function storedCues(file: string, stream: number, container: 'mkv' | 'mp4') {
  const { packets } = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_packets', '-show_data', '-of', 'json', file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as { packets: Packet[] }
  return packets
    .filter((p) => p.stream_index === stream)
    .map((p) => {
      const hex = p.data.split('\n').filter((line) => /^[0-9a-f]{8}: /.test(line)).map((line) => line.slice(10, 49).replace(/ /g, '')).join('')
      const bytes = Buffer.from(hex, 'hex')
      const text = (container === 'mp4' ? bytes.subarray(2) : bytes).toString('utf8')
      return { startMs: Math.round(Number(p.pts_time) * 1000), endMs: Math.round((Number(p.pts_time) + Number(p.duration_time)) * 1000), text }
    })
    .filter((cue) => cue.text !== '')
}

/** How many cues ffmpeg finds when it converts a subtitle stream (`-map 0:s:N`) to SRT. */
function srtCueCount(file: string, n: number): number {
  const srt = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-map', `0:s:${n}`, '-f', 'srt', '-'], { encoding: 'utf8' })
  return srt.split(/\r?\n/).filter((line) => line.includes(' --> ')).length
}

/** The titles in the MP4's track user data ("name" boxes), which ffmpeg 5.1 does not read back. */
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

async function exportTracks(container: 'mkv' | 'mp4', tracks: SubtitleTrack[]): Promise<string> {
  const file = memoryFile()
  await muxSubtitleTracks({ source: new Blob([readFileSync(source)]), tracks, container, file: file.stream })
  const out = path.join(dir, `out-${Date.now()}.${container}`)
  writeFileSync(out, new Uint8Array(file.take()))
  return out
}

beforeAll(() => {
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '7', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', source])
}, 120_000)

// ffmpeg and ffprobe run several times a test: generous time on a busy machine.
describe('the track export read back with ffprobe and ffmpeg', { timeout: 120_000 }, () => {
  it('writes SRT tracks into MKV: subrip streams with language and title, the cues as given', async () => {
    const out = await exportTracks('mkv', TRACKS)
    const streams = probe(out)
    const subtitles = streams.filter((s) => s.codec_type === 'subtitle')
    expect(subtitles.map((s) => [s.codec_name, s.tags?.language, s.tags?.title, s.disposition?.default])).toEqual([
      ['subrip', 'fre', 'Français', 1],
      ['subrip', 'chi', '中文', 0],
    ])
    expect(storedCues(out, subtitles[0].index, 'mkv')).toEqual([
      { startMs: 500, endMs: 1800, text: 'Salut Anna.' },
      { startMs: 2300, endMs: 3900, text: 'Sel & poivre <maintenant>.' },
      { startMs: 4200, endMs: 5600, text: 'Ligne un\nLigne deux' },
    ])
    expect(storedCues(out, subtitles[1].index, 'mkv')).toEqual([{ startMs: 1000, endMs: 2500, text: '你好，安娜。' }])
    expect([srtCueCount(out, 0), srtCueCount(out, 1)]).toEqual([3, 1])
    // The video and the sound are still there, copied.
    expect(streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'subtitle', 'subtitle', 'video'])
  })

  it('writes mov_text tracks into MP4: subtitle streams with language and title, the cues as given', async () => {
    const out = await exportTracks('mp4', TRACKS)
    const streams = probe(out)
    const subtitles = streams.filter((s) => s.codec_type === 'subtitle')
    expect(subtitles.map((s) => [s.codec_name, s.tags?.language, s.disposition?.default])).toEqual([
      ['mov_text', 'fra', 1],
      ['mov_text', 'zho', 0],
    ])
    expect(mp4TrackTitles(out)).toEqual(['Français', '中文'])
    expect(storedCues(out, subtitles[0].index, 'mp4')).toEqual([
      { startMs: 500, endMs: 1800, text: 'Salut Anna.' },
      { startMs: 2300, endMs: 3900, text: 'Sel & poivre <maintenant>.' },
      { startMs: 4200, endMs: 5600, text: 'Ligne un\nLigne deux' },
    ])
    expect(storedCues(out, subtitles[1].index, 'mp4')).toEqual([{ startMs: 1000, endMs: 2500, text: '你好，安娜。' }])
    expect([srtCueCount(out, 0), srtCueCount(out, 1)]).toEqual([3, 1])
    // The file still decodes whole: video and audio copied, the movie box read after the added tracks.
    expect(streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'subtitle', 'subtitle', 'video'])
    execFileSync('ffmpeg', ['-v', 'error', '-xerror', '-i', out, '-map', '0:v', '-map', '0:a', '-f', 'null', '-'])
  })

  it('leaves out a track with no cue to show, in both containers', async () => {
    for (const container of ['mkv', 'mp4'] as const) {
      const out = await exportTracks(container, [TRACKS[0], { language: 'en', title: 'English', cues: [{ startMs: 100, endMs: 900, text: '  ' }] }])
      expect(probe(out).filter((s) => s.codec_type === 'subtitle').map((s) => s.tags?.language), container).toEqual([container === 'mkv' ? 'fre' : 'fra'])
    }
  })

  it("writes an ASS task's script into MKV as ASS, its styles and tags kept", async () => {
    const out = await exportTracks('mkv', [{ language: 'fr', title: 'Français', cues: [], ass: ASS }])
    const [subtitle] = probe(out).filter((s) => s.codec_type === 'subtitle')
    expect([subtitle.codec_name, subtitle.tags?.language, subtitle.tags?.title]).toEqual(['ass', 'fre', 'Français'])
    // ffmpeg writes the track back out as a script: the header and each event as they were.
    const script = execFileSync('ffmpeg', ['-v', 'error', '-copyts', '-i', out, '-map', '0:s:0', '-c', 'copy', '-f', 'ass', '-'], { encoding: 'utf8' })
    expect(script).toContain('Style: Sign,DejaVu Serif,60,&H0000FFFF')
    expect(script).toContain('PlayResX: 1280')
    const events = script.split(/\r?\n/).filter((line) => line.startsWith('Dialogue:'))
    expect(events).toEqual([
      'Dialogue: 0,0:00:00.50,0:00:01.80,Default,Anna,0,0,0,,{\\i1}Salut{\\i0}, Anna.',
      'Dialogue: 1,0:00:02.30,0:00:03.90,Sign,,0,0,0,,{\\pos(640,80)}GARE DU NORD',
    ])
  })
})
