import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { speechFormatFilters } from './resample'

describe('speechFormatFilters', () => {
  it('mixes down before resampling, with soxr when the system ffmpeg has it, and ffmpeg takes the chain', async () => {
    const filters = await speechFormatFilters(16_000)
    expect(filters.startsWith('aformat=channel_layouts=mono,aresample=16000')).toBe(true)
    const hasSoxr = execFileSync('ffmpeg', ['-version']).toString().includes('--enable-libsoxr')
    expect(filters.includes('resampler=soxr')).toBe(hasSoxr)
    // One second of stereo 48 kHz becomes one second of mono 16-bit samples at 16 kHz.
    const pcm = execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=1,aformat=channel_layouts=stereo', '-af', filters, '-f', 's16le', '-'])
    expect(pcm.length).toBe(16_000 * 2)
  })
})
