import { writeFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { frameRgb } from './burn-video'
import { DEMO, signIn } from './helpers'
import { makeTestVideo, pickFile, withVideoModules } from './video/harness'
import type { VideoModules } from './video/modules'

// Issue 29: subtitles from an ASS file keep their override tags, drawn by libass in WebAssembly
// (lib/client/video/ass-renderer.ts and its worker, served from /vendor/jassub/). Run in a real
// page of the app under its Content-Security-Policy, which itself still refuses WebAssembly: only
// the worker's own answer allows it.

// 640x360 script: a red line placed at (160,100) from 1 s to 3 s, a blue one at (480,280) from 4 s to 6 s.
const ASS = `[Script Info]
ScriptType: v4.00+
PlayResX: 640
PlayResY: 360

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,Liberation Sans,40,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,0,0,2,10,10,10,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:01.00,0:00:03.00,Default,,0,0,0,,{\\an5\\pos(160,100)\\c&H0000FF&}RED HERE
Dialogue: 0,0:00:04.00,0:00:06.00,Default,,0,0,0,,{\\an5\\pos(480,280)\\c&HFF0000&}BLUE
`

type Box = { left: number; top: number; right: number; bottom: number; count: number } | null
type Shot = { red: Box; blue: Box; other: number }

test('an ASS file renders at its \\pos and in its \\c colours, at any time asked, under the page CSP', async ({ page }, testInfo) => {
  test.setTimeout(180_000)
  await withVideoModules(page)
  await signIn(page, DEMO.user)
  const policy = (await (await page.goto('/dashboard'))!.allHeaders())['content-security-policy']
  expect(policy).not.toContain('wasm-unsafe-eval')
  // The page may not compile WebAssembly itself…
  expect(await page.evaluate(() => WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])).then(() => 'compiled', (e: Error) => e.name))).toBe('CompileError')
  // …the ASS worker's answer allows it, and the files come from our origin.
  const served = await page.evaluate(async () => {
    const [worker, wasm] = await Promise.all([fetch('/vendor/jassub/ass-worker.js'), fetch('/vendor/jassub/jassub-worker.wasm')])
    return { status: worker.status, policy: worker.headers.get('content-security-policy'), wasmType: wasm.headers.get('content-type') }
  })
  expect(served.status).toBe(200)
  expect(served.policy).toContain("'wasm-unsafe-eval'")
  expect(served.wasmType).toBe('application/wasm')

  const shots = await page.evaluateHandle(() => (window as unknown as { videoModules: VideoModules }).videoModules).then((m) =>
    m.evaluate(async (m, ass) => {
      const renderer = await m.createAssRenderer({ assText: ass })
      await renderer.prepare({ width: 640, height: 360 })
      const canvas = new OffscreenCanvas(640, 360)
      const ctx = canvas.getContext('2d')!
      /** Where the red and the blue pixels are after drawing the subtitles at `timeMs` over black. */
      const shoot = async (timeMs: number) => {
        ctx.fillStyle = '#000'
        ctx.fillRect(0, 0, 640, 360)
        await renderer.draw(ctx, timeMs)
        const { data } = ctx.getImageData(0, 0, 640, 360)
        const boxes: Record<'red' | 'blue', { left: number; top: number; right: number; bottom: number; count: number } | null> = { red: null, blue: null }
        let other = 0
        for (let i = 0; i < data.length; i += 4) {
          const [r, g, b] = [data[i], data[i + 1], data[i + 2]]
          const kind = r > 200 && g < 60 && b < 60 ? 'red' : b > 200 && r < 60 && g < 60 ? 'blue' : null
          if (!kind) {
            if (r + g + b > 120 && !(r > 100 && g < 60 && b < 60) && !(b > 100 && r < 60 && g < 60)) other++
            continue
          }
          const x = (i / 4) % 640
          const y = Math.floor(i / 4 / 640)
          const box = (boxes[kind] ??= { left: x, top: y, right: x, bottom: y, count: 0 })
          box.left = Math.min(box.left, x)
          box.right = Math.max(box.right, x)
          box.top = Math.min(box.top, y)
          box.bottom = Math.max(box.bottom, y)
          box.count++
        }
        return { ...boxes, other }
      }
      // Out of order, as a seek or a worker's frames would ask.
      const result = { at2000: await shoot(2000), at5000: await shoot(5000), at3500: await shoot(3500), at1500: await shoot(1500) }
      const blob = await (async () => { ctx.fillStyle = '#000'; ctx.fillRect(0, 0, 640, 360); await renderer.draw(ctx, 2000); await renderer.draw(ctx, 5000); return canvas.convertToBlob() })()
      renderer.dispose()
      const bytes = new Uint8Array(await blob.arrayBuffer())
      let binary = ''
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
      return { ...result, png: btoa(binary) }
    }, ASS),
  )
  await testInfo.attach('ass-frames.png', { body: Buffer.from(shots.png, 'base64'), contentType: 'image/png' })

  const centre = (box: Box) => ({ x: (box!.left + box!.right) / 2, y: (box!.top + box!.bottom) / 2 })
  const near = (box: Box, x: number, y: number) => {
    expect(box, `text around (${x},${y})`).not.toBeNull()
    expect(box!.count).toBeGreaterThan(150)
    expect(Math.abs(centre(box).x - x)).toBeLessThan(12)
    expect(Math.abs(centre(box).y - y)).toBeLessThan(12)
  }
  const check = (shot: Shot, colour: 'red' | 'blue' | null) => {
    if (colour === 'red') near(shot.red, 160, 100)
    else expect(shot.red).toBeNull()
    if (colour === 'blue') near(shot.blue, 480, 280)
    else expect(shot.blue).toBeNull()
    // Nothing drawn in another colour (the style's white would show if the tags were ignored).
    expect(shot.other).toBe(0)
  }
  check(shots.at2000, 'red')
  check(shots.at1500, 'red')
  check(shots.at5000, 'blue')
  check(shots.at3500, null)
})

/**
 * Pixels of the area that changed clearly from source to output, and the share of them that moved
 * toward `colour` (its channel kept, the other two lowered: the text or its antialiased edge over
 * the test pattern's bars).
 */
function tagged(out: Buffer, src: Buffer, colour: 'red' | 'blue') {
  const keep = colour === 'red' ? 0 : 2
  let changed = 0
  let coloured = 0
  for (let i = 0; i < out.length; i += 3) {
    if (Math.abs(out[i] - src[i]) + Math.abs(out[i + 1] - src[i + 1]) + Math.abs(out[i + 2] - src[i + 2]) < 150) continue
    changed++
    if ([0, 1, 2].every((c) => (c === keep ? out[i + c] >= src[i + c] - 30 : out[i + c] <= src[i + c] + 30))) coloured++
  }
  return { changed, share: changed ? coloured / changed : 0 }
}

test('an ASS file burned into a video: ffmpeg finds the text at its \\pos and in its \\c colour', async ({ page }, testInfo) => {
  test.setTimeout(360_000)
  const source = testInfo.outputPath('source.mp4')
  makeTestVideo(source, { seconds: 7, width: 640, height: 360 })
  await withVideoModules(page)
  await signIn(page, DEMO.user)
  await pickFile(page, source)
  const base64 = await page.evaluate(async (ass) => {
    const m = (window as unknown as { videoModules: VideoModules }).videoModules
    const renderer = await m.createAssRenderer({ assText: ass })
    const target = new m.BufferTarget()
    const file = (document.getElementById('picked-video') as HTMLInputElement).files![0]
    await m.burnSubtitles({ source: file, renderer, video: { codec: 'avc', quality: 'high' }, target })
    renderer.dispose()
    const bytes = new Uint8Array(target.buffer!)
    let binary = ''
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
    return btoa(binary)
  }, ASS)
  const out = testInfo.outputPath('burned.mp4')
  await writeFile(out, Buffer.from(base64, 'base64'))

  const redArea = { x: 90, y: 80, w: 140, h: 40 }
  const blueArea = { x: 430, y: 260, w: 100, h: 40 }
  const at = (ms: number, area: typeof redArea) => ({ out: frameRgb(out, ms, area), src: frameRgb(source, ms, area) })
  // At 2 s the red line is at (160,100): the changed pixels there are red; the blue place is untouched.
  let frame = at(2000, redArea)
  expect(tagged(frame.out, frame.src, 'red').changed).toBeGreaterThan(200)
  expect(tagged(frame.out, frame.src, 'red').share).toBeGreaterThan(0.75)
  expect(tagged(frame.out, frame.src, 'blue').share).toBeLessThan(0.25)
  frame = at(2000, blueArea)
  expect(tagged(frame.out, frame.src, 'blue').changed).toBeLessThan(20)
  // At 5 s the blue line is at (480,280) and the red one is gone.
  frame = at(5000, blueArea)
  expect(tagged(frame.out, frame.src, 'blue').changed).toBeGreaterThan(120)
  expect(tagged(frame.out, frame.src, 'blue').share).toBeGreaterThan(0.75)
  expect(tagged(frame.out, frame.src, 'red').share).toBeLessThan(0.25)
  frame = at(5000, redArea)
  expect(tagged(frame.out, frame.src, 'red').changed).toBeLessThan(20)
})
