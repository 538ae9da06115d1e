import { describe, expect, it } from 'vitest'
import { planExtraction } from './extraction-plan'

const HOUR = 3600_000

describe('planExtraction', () => {
  it('copies speech-sized Opus, AAC and MP3 that start at time 0', () => {
    expect(planExtraction({ durationMs: HOUR, codec: 'opus', bitrate: 32_000, firstTimestampMs: 0 }, 1)).toEqual({ mode: 'copy', parts: [{ startMs: 0, endMs: HOUR }] })
    expect(planExtraction({ durationMs: HOUR, codec: 'opus', bitrate: 32_000, firstTimestampMs: 0 }, 2).parts).toHaveLength(2)
    expect(planExtraction({ durationMs: HOUR, codec: 'aac', bitrate: 48_000, firstTimestampMs: 0 }, 8).mode).toBe('copy')
    expect(planExtraction({ durationMs: HOUR, codec: 'mp3', bitrate: 40_000, firstTimestampMs: 0 }, 1).mode).toBe('copy')
  })

  it('encodes a large bitrate, another codec, an unknown bitrate or a late start', () => {
    expect(planExtraction({ durationMs: HOUR, codec: 'opus', bitrate: 96_000, firstTimestampMs: 0 }, 2).mode).toBe('encode')
    expect(planExtraction({ durationMs: HOUR, codec: 'vorbis', bitrate: 32_000, firstTimestampMs: 0 }, 2).mode).toBe('encode')
    expect(planExtraction({ durationMs: HOUR, codec: 'aac', bitrate: null, firstTimestampMs: 0 }, 2).mode).toBe('encode')
    expect(planExtraction({ durationMs: HOUR, codec: 'aac', bitrate: 32_000, firstTimestampMs: 500 }, 2).mode).toBe('encode')
  })

  it('encodes in two halves on two cores, in one piece on one core or for a short recording', () => {
    expect(planExtraction({ durationMs: HOUR, codec: 'opus', bitrate: 96_000, firstTimestampMs: 0 }, 2).parts).toEqual([{ startMs: 0, endMs: HOUR / 2 }, { startMs: HOUR / 2, endMs: HOUR }])
    expect(planExtraction({ durationMs: HOUR, codec: 'opus', bitrate: 96_000, firstTimestampMs: 0 }, 1).parts).toHaveLength(1)
    expect(planExtraction({ durationMs: 3 * 60_000, codec: 'opus', bitrate: 96_000, firstTimestampMs: 0 }, 4).parts).toHaveLength(1)
  })
})
