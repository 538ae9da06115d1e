import { describe, expect, it } from 'vitest'
import { customProfile, customSeed, startingProfileId, defaultProfileId, snapCuesToShots, fixReadingSpeed, fixTiming, frameRateOf, snapEdge, snapInToShot, snapOutToShot, snapToFrame, timingFlags, TIMING_PROFILES, ceilToFrame, floorToFrame } from '.'

// A crafted file for each Netflix profile, at 25 fps (a frame is 40 ms: the minimum gap 80 ms, the
// chaining threshold 12 frames = 480 ms). Every expectation below was worked out by hand from the
// profile's numbers, cue by cue, before the code ran.
const english = [
  { startMs: 1000, endMs: 1600, text: 'Hi.' }, // 600 ms: too short; 400 ms to the next: chained
  { startMs: 2000, endMs: 4000, text: 'I told you we should have left before\nthe storm came in.' }, // 55 characters in 2 s: 27.5 a second; 40 ms (1 frame) to the next
  { startMs: 4040, endMs: 12000, text: 'Then we wait.' }, // 7960 ms: too long; 300 ms to the next: chained by the next cue's in-time
  { startMs: 12300, endMs: 13000, text: 'One\ntwo\nthree' }, // 3 lines; 700 ms: too short
  { startMs: 13500, endMs: 16500, text: 'Everyone in this town knows what happened that night' }, // 52 characters on a line
  { startMs: 18000, endMs: 18400, text: 'Go!' }, // 400 ms: too short, room to grow
  { startMs: 19000, endMs: 19300, text: 'Now.' }, // 300 ms: too short, no room
  { startMs: 19500, endMs: 21000, text: 'Run for your lives.' },
]

const chinese = [
  { startMs: 0, endMs: 2000, text: '我们明天早上八点在学校门口见面吧' }, // 16 characters: fits; 200 ms to the next: chained
  { startMs: 2200, endMs: 3200, text: '你为什么到现在还没有告诉他这件事情' }, // 17 characters on a line, 17 a second; 40 ms to the next
  { startMs: 3240, endMs: 3900, text: '好。' }, // 660 ms: too short
  { startMs: 6000, endMs: 8000, text: '他说：\n“我不去。”\n真的' }, // 3 lines
]

const FPS = 25

describe('timing flags', () => {
  it('Netflix English: each broken rule with its numbers', () => {
    expect(timingFlags(english, TIMING_PROFILES['netflix-en'], FPS)).toEqual([
      { index: 0, kind: 'tooShort', value: 600, limit: 833 },
      { index: 1, kind: 'readingSpeed', value: 27.5, limit: 20 },
      { index: 1, kind: 'gapTooSmall', value: 40, limit: 80, frames: 1, limitFrames: 2 },
      { index: 2, kind: 'tooLong', value: 7960, limit: 7000 },
      { index: 3, kind: 'tooManyLines', value: 3, limit: 2 },
      { index: 3, kind: 'tooShort', value: 700, limit: 833 },
      { index: 4, kind: 'lineTooLong', value: 52, limit: 42, line: 0 },
      { index: 5, kind: 'tooShort', value: 400, limit: 833 },
      { index: 6, kind: 'tooShort', value: 300, limit: 833 },
    ])
  })

  it('Netflix Simplified Chinese: 16 characters a line and 9 a second', () => {
    expect(timingFlags(chinese, TIMING_PROFILES['netflix-zh-hans'], FPS)).toEqual([
      { index: 1, kind: 'lineTooLong', value: 17, limit: 16, line: 0 },
      { index: 1, kind: 'readingSpeed', value: 17, limit: 9 },
      { index: 1, kind: 'gapTooSmall', value: 40, limit: 80, frames: 1, limitFrames: 2 },
      { index: 2, kind: 'tooShort', value: 660, limit: 833 },
      { index: 3, kind: 'tooManyLines', value: 3, limit: 2 },
    ])
  })

  it('the same Chinese file under Netflix English breaks fewer rules (42 a line, 20 a second)', () => {
    const kinds = timingFlags(chinese, TIMING_PROFILES['netflix-en'], FPS).map((f) => `${f.index}:${f.kind}`)
    expect(kinds).toEqual(['1:gapTooSmall', '2:tooShort', '3:tooManyLines'])
  })

  it('counts the minimum gap in the frames of the rate given: 2 frames at 24 fps is 83 ms', () => {
    const cues = [{ startMs: 0, endMs: 1000, text: 'a' }, { startMs: 1083, endMs: 2000, text: 'b' }, { startMs: 2082, endMs: 3000, text: 'c' }]
    expect(timingFlags(cues, TIMING_PROFILES['netflix-en'], 24).filter((f) => f.kind === 'gapTooSmall')).toEqual([{ index: 1, kind: 'gapTooSmall', value: 82, limit: 83, frames: 2, limitFrames: 2 }])
  })
})

describe('fixTiming', () => {
  it('Netflix English: gaps opened, gaps chained, short cues lengthened where there is room; the rest reported', () => {
    const { cues, changed, unfixed } = fixTiming(english, TIMING_PROFILES['netflix-en'], FPS)
    expect(cues.map((c) => [c.startMs, c.endMs])).toEqual([
      [1000, 1920], // chained to 2 frames before the next: 920 ms, long enough now
      [2000, 3960], // the 1-frame gap opened to 2 by its out-time
      [4040, 12000], // too long: left for a split
      [12080, 13000], // chaining by cue 2's out-time would make it 8180 ms: this cue's in-time moved back instead
      [13500, 16500],
      [18000, 18920], // 833 ms lands at 18840, 160 ms before the next cue: chained to 18920
      [19000, 19400], // chained: 80 ms before 19500 is 19420, not a frame at 25 fps, so 19400; still short, and the cue before ends 80 ms before it
      [19500, 21000],
    ])
    expect(changed).toEqual([0, 1, 3, 5, 6])
    expect(unfixed).toEqual([
      { index: 2, kind: 'tooLong', reason: 'needsSplit' },
      { index: 6, kind: 'tooShort', reason: 'noRoom' },
    ])
    // Text and other fields travel with the cue.
    expect(cues[0].text).toBe('Hi.')
    expect(cues[4]).toBe(english[4])
  })

  it('Netflix Simplified Chinese: the same rules at its own numbers', () => {
    const { cues, changed, unfixed } = fixTiming(chinese, TIMING_PROFILES['netflix-zh-hans'], FPS)
    expect(cues.map((c) => [c.startMs, c.endMs])).toEqual([
      [0, 2120],
      [2200, 3160],
      [3240, 4080], // 3240 + 833 = 4073, on the next frame: 4080
      [6000, 8000],
    ])
    expect(changed).toEqual([0, 1, 2])
    expect(unfixed).toEqual([])
  })

  it('changes only the selected cues', () => {
    const { cues, changed } = fixTiming(english, TIMING_PROFILES['netflix-en'], FPS, [5])
    expect(changed).toEqual([5])
    expect(cues[5]).toEqual({ ...english[5], endMs: 18920 })
    // A gap under the minimum next to an unselected cue is opened by the selected one's in-time.
    const pair = [{ startMs: 0, endMs: 1000, text: 'a' }, { startMs: 1000, endMs: 3000, text: 'b' }]
    expect(fixTiming(pair, TIMING_PROFILES['netflix-en'], FPS, [1]).cues.map((c) => [c.startMs, c.endMs])).toEqual([[0, 1000], [1080, 3000]])
  })

  it('does not chain by an in-time when that would run it into a longer cue before', () => {
    // Cue 1 lies inside cue 0; cue 2 (alone selected) could chain to cue 1 by starting at 1980, inside cue 0.
    const nested = [{ startMs: 0, endMs: 2100, text: 'a' }, { startMs: 100, endMs: 1900, text: 'b' }, { startMs: 2200, endMs: 4000, text: 'c' }]
    const { cues, changed, unfixed } = fixTiming(nested, TIMING_PROFILES['netflix-en'], FPS, [2])
    expect(cues).toEqual(nested)
    expect(changed).toEqual([])
    expect(unfixed).toEqual([{ index: 1, kind: 'notChained', reason: 'noRoom' }])
    // Cue 1, alone selected, would pass 7 s if its in-time moved back to chain: said so.
    const long = [{ startMs: 0, endMs: 1000, text: 'a' }, { startMs: 1200, endMs: 8100, text: 'b' }]
    expect(fixTiming(long, TIMING_PROFILES['netflix-en'], FPS, [1]).unfixed).toEqual([{ index: 0, kind: 'notChained', reason: 'wouldBeTooLong' }])
    expect(fixTiming(long, TIMING_PROFILES['netflix-en'], FPS, [0]).cues[0].endMs).toBe(1120)
  })

  it('an empty selection means the whole file', () => {
    expect(fixTiming(english, TIMING_PROFILES['netflix-en'], FPS, []).changed).toEqual([0, 1, 3, 5, 6])
  })
})

describe('fixReadingSpeed', () => {
  const en = TIMING_PROFILES['netflix-en']
  const thirty = 'x'.repeat(30) // 1500 ms at 20 a second

  it('extends the out-time into free time, onto a frame', () => {
    expect(fixReadingSpeed({ startMs: 0, endMs: 1000, text: thirty }, { startMs: 5000, endMs: 6000, text: '' }, en, FPS)).toEqual({ status: 'extended', cue: { startMs: 0, endMs: 1520, text: thirty } })
  })

  it('chains to the next cue when it stops under the chaining threshold before it', () => {
    expect(fixReadingSpeed({ startMs: 0, endMs: 1000, text: thirty }, { startMs: 1800, endMs: 3000, text: '' }, en, FPS)).toEqual({ status: 'extended', cue: { startMs: 0, endMs: 1720, text: thirty } })
  })

  it('says how many characters fit when there is not enough room', () => {
    // 17 characters need 1889 ms; the next cue starts at 3240, 1 frame after this one ends: nothing to extend into.
    expect(fixReadingSpeed(chinese[1], chinese[2], TIMING_PROFILES['netflix-zh-hans'], FPS)).toEqual({ status: 'condense', cue: chinese[1], maxChars: 9 })
    const roomy = { ...chinese[1], endMs: 2800 }
    expect(fixReadingSpeed(roomy, chinese[2], TIMING_PROFILES['netflix-zh-hans'], FPS)).toEqual({ status: 'condense', cue: { ...roomy, endMs: 3160 }, maxChars: 8 })
    expect(fixReadingSpeed(english[1], english[2], en, FPS)).toEqual({ status: 'condense', cue: english[1], maxChars: 40 })
  })

  it('leaves a cue that reads in time', () => {
    expect(fixReadingSpeed(english[4], english[5], en, FPS)).toEqual({ status: 'ok', cue: english[4] })
  })
})

describe('frames and snapping', () => {
  it('snaps to frames at 25 and 23.976 fps', () => {
    expect(snapToFrame(1019, 25)).toBe(1000)
    expect(snapToFrame(1021, 25)).toBe(1040)
    const ntsc = 24000 / 1001
    expect(snapToFrame(84, ntsc)).toBe(83)
    expect(floorToFrame(83, ntsc)).toBe(83)
    expect(ceilToFrame(83, ntsc)).toBe(83)
    expect(ceilToFrame(84, ntsc)).toBe(125)
    expect(floorToFrame(82, ntsc)).toBe(42)
  })

  const cuts = [2000, 5000, 9000]
  it('snaps an in-time onto a near cut, an out-time 2 frames before it', () => {
    expect(snapInToShot(2150, cuts, 200)).toBe(2000)
    expect(snapInToShot(2300, cuts, 200)).toBeNull()
    expect(snapOutToShot(5010, cuts, 200, 25)).toBe(4920)
    expect(snapOutToShot(4750, cuts, 200, 25)).toBe(4920)
    expect(snapOutToShot(4700, cuts, 200, 25)).toBeNull()
  })

  it('snapEdge falls back to the nearest frame', () => {
    expect(snapEdge('start', 4890, { cuts, fps: 25, thresholdMs: 200 })).toEqual({ ms: 5000, snappedTo: 'shot' })
    expect(snapEdge('end', 4890, { cuts, fps: 25, thresholdMs: 200 })).toEqual({ ms: 4920, snappedTo: 'shot' })
    expect(snapEdge('end', 7013, { cuts, fps: 25, thresholdMs: 200 })).toEqual({ ms: 7000, snappedTo: 'frame' })
  })
})

describe('snap to shot on a selection', () => {
  const cuts = [2000, 5000, 9000]
  const options = { cuts, fps: 25, thresholdMs: 250, minGapMs: 80 }

  it('puts in-times on cuts and out-times 2 frames before them, the selected cues only', () => {
    const cues = [
      { startMs: 300, endMs: 1900, text: 'a' }, // out 1900 → 1920, 2 frames before the cut at 2000
      { startMs: 2100, endMs: 4800, text: 'b' }, // in 2100 → 2000; out 4800 → 4920
      { startMs: 5200, endMs: 6000, text: 'c' }, // in 5200 → 5000
      { startMs: 8850, endMs: 9500, text: 'd' }, // in 8850 → 9000
    ]
    const all = snapCuesToShots(cues, options)
    expect(all.cues.map((c) => [c.startMs, c.endMs])).toEqual([[300, 1920], [2000, 4920], [5000, 6000], [9000, 9500]])
    expect(all.changed).toEqual([0, 1, 2, 3])
    const some = snapCuesToShots(cues, { ...options, selection: [1] })
    expect(some.cues.map((c) => [c.startMs, c.endMs])).toEqual([[300, 1900], [2000, 4920], [5200, 6000], [8850, 9500]])
    expect(some.changed).toEqual([1])
  })

  it('leaves an edge that would come nearer its neighbour than the minimum gap, or empty the cue', () => {
    const cues = [
      { startMs: 0, endMs: 1990, text: 'a' }, // not selected: ends 10 ms before the cut
      { startMs: 2100, endMs: 3000, text: 'b' }, // its in-time on the cut would be 10 ms after cue a
      { startMs: 4900, endMs: 5100, text: 'c' }, // in → 5000, out → 4920: before its in-time, so kept
    ]
    const { cues: snapped, changed } = snapCuesToShots(cues, { ...options, selection: [1, 2] })
    expect(snapped.map((c) => [c.startMs, c.endMs])).toEqual([[0, 1990], [2100, 3000], [5000, 5100]])
    expect(changed).toEqual([2])
    // A long cue reaching past the one before: the in-time keeps clear of it too.
    const nested = [{ startMs: 0, endMs: 2050, text: 'a' }, { startMs: 100, endMs: 1000, text: 'b' }, { startMs: 2150, endMs: 3000, text: 'c' }]
    expect(snapCuesToShots(nested, { ...options, selection: [2] }).cues[2]).toBe(nested[2])
  })
})

describe('profiles', () => {
  it('ships the Netflix numbers and follows the task language', () => {
    expect(TIMING_PROFILES['netflix-en']).toMatchObject({ minDurationMs: 833, maxDurationMs: 7000, minGapFrames: 2, chainUnderFrames: 12, maxLineChars: 42, maxCps: 20, maxLines: 2 })
    expect(TIMING_PROFILES['netflix-zh-hans']).toMatchObject({ maxLineChars: 16, maxCps: 9, maxLines: 2, minGapFrames: 2 })
    expect(defaultProfileId('zh-CN')).toBe('netflix-zh-hans')
    expect(defaultProfileId('zh')).toBe('netflix-zh-hans')
    expect(defaultProfileId('en')).toBe('netflix-en')
    expect(defaultProfileId(null)).toBe('netflix-en')
  })

  it('the frame rate is the video\'s, else the profile\'s (25 by default)', () => {
    expect(frameRateOf(TIMING_PROFILES.bbc, 29.97)).toBe(29.97)
    expect(frameRateOf(TIMING_PROFILES['netflix-en'], null)).toBe(25)
    expect(frameRateOf(customProfile({ frameRate: 24 }), undefined)).toBe(24)
  })

  it('an editor starts from Netflix English or Simplified Chinese, any other language from its own line rules', () => {
    expect(startingProfileId('en')).toBe('netflix-en')
    expect(startingProfileId('zh-HK')).toBe('netflix-zh-hans')
    expect(startingProfileId('ja')).toBe('custom')
    expect(customSeed('ja')).toMatchObject({ id: 'custom', maxLineChars: 13, maxCps: 4, maxLines: 2, minDurationMs: 833, minGapFrames: 2 })
    expect(customSeed('fr')).toMatchObject({ maxLineChars: 42, maxCps: 17 })
  })
  it('a custom profile is checked', () => {
    expect(customProfile({ maxCps: 15 })).toMatchObject({ id: 'custom', maxCps: 15, maxLineChars: 42 })
    expect(() => customProfile({ minDurationMs: 9000, maxDurationMs: 7000 })).toThrow()
    expect(() => customProfile({ maxLines: 0 })).toThrow()
  })
})
