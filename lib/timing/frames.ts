// Times and frames. Cue times are whole milliseconds; a frame's time is its exact start rounded to
// the millisecond (at 23.976 fps frame 2 starts at 83.42 ms: 83), so a time read back from a cue
// is treated as ±0.5 ms of the exact value when it is counted in frames.

/** The start of frame `frame`, in whole milliseconds. */
export const frameToMs = (frame: number, fps: number): number => Math.round((frame * 1000) / fps)

/** The frame a time falls in (the last frame starting at or before it). */
export const frameAtOrBefore = (ms: number, fps: number): number => Math.floor(((ms + 0.5) * fps) / 1000)

/** The first frame starting at or after a time. */
export const frameAtOrAfter = (ms: number, fps: number): number => Math.ceil(((ms - 0.5) * fps) / 1000)

/** The nearest frame's start. */
export const snapToFrame = (ms: number, fps: number): number => frameToMs(Math.round((ms * fps) / 1000), fps)

/** A time moved down, or up, onto a frame's start (unchanged when it is one). */
export const floorToFrame = (ms: number, fps: number): number => frameToMs(frameAtOrBefore(ms, fps), fps)
export const ceilToFrame = (ms: number, fps: number): number => frameToMs(frameAtOrAfter(ms, fps), fps)

/** A length of `frames` frames in milliseconds (the exact value, not rounded). */
export const framesToMs = (frames: number, fps: number): number => (frames * 1000) / fps

/** A time moved by whole frames from its own frame (a nudge of an edge). */
export const nudgeByFrames = (ms: number, frames: number, fps: number): number => frameToMs(Math.round((ms * fps) / 1000) + frames, fps)
