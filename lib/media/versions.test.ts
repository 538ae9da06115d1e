// The ffmpeg that decodes strangers' files is current (issue 27 item 9): the system's package is
// used, its version is read from its banner, and a snapshot of no release (the npm binaries' 2018
// build) or an old release is never current enough for production.
import { describe, expect, it } from 'vitest'
import { toolBinary } from './binaries'
import { isCurrent, mediaToolProblems, mediaToolVersions, parseToolVersion } from './versions'

describe('media tool versions', () => {
  it('reads the release from a banner, and none from a git snapshot', () => {
    expect(parseToolVersion('ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026 the FFmpeg developers')).toBe('5.1.9')
    expect(parseToolVersion('ffprobe version n7.1 Copyright (c) 2007-2024 the FFmpeg developers')).toBe('7.1')
    expect(parseToolVersion('ffmpeg version N-47683-g0e8eb07980-static https://johnvansickle.com/ffmpeg/')).toBe('N-47683-g0e8eb07980-static')
  })

  it('takes 5.1 and later as current, nothing older and no snapshot', () => {
    expect(['5.1', '5.1.9', '6.0', '7.1.1', '10.0'].map((v) => isCurrent(v))).toEqual([true, true, true, true, true])
    expect(['5.0.3', '4.4.2', '4.1', 'N-47683-g0e8eb07980-static', 'unknown'].map((v) => isCurrent(v))).toEqual([false, false, false, false, false])
  })

  it('runs the system\'s ffmpeg and ffprobe, current enough for a production start', async () => {
    expect(await toolBinary('ffmpeg')).toEqual({ path: '/usr/bin/ffmpeg', source: 'system' })
    expect(await toolBinary('ffprobe')).toEqual({ path: '/usr/bin/ffprobe', source: 'system' })
    const versions = await mediaToolVersions()
    expect(isCurrent(versions.ffmpeg.version) && isCurrent(versions.ffprobe.version)).toBe(true)
    expect(await mediaToolProblems()).toEqual([])
  }, 30_000)
})
