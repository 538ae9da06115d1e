// What the benchmark watches inside the page, installed before any of its scripts run: long tasks
// of the main thread (PerformanceObserver `longtask`), the moment a file is picked (the input's
// change event) and the moment the browser has read the whole file (the app's
// `recording:extracted` mark, or, in a build without it, the dialog leaving its `extracting` phase:
// the mark wins where both are seen, since a dialog that offers its choices as soon as the file is
// probed leaves that phase long before the file is read).
// Times are wall-clock milliseconds (Date.now()), comparable with the fakes' request logs. The
// bytes uploaded are the bodies the page hands to XMLHttpRequest and fetch for the recording's
// routes (a resumed upload's repeated bytes count again). Each tus PATCH is noted with its size,
// when it was sent and when its answer came (the tail's timeline: when the last bytes were up).
// Long animation frames (over 80 ms) are kept with the scripts that ran in them (Chromium's
// long-animation-frame entries: what called each script, its function and file, its time), which
// names the cause of a long task without a trace's cost.

export type UploadRequest = { at: number; endAt: number | null; bytes: number }
export type LongFrame = { at: number; ms: number; blockingMs: number; renderMs: number; scripts: { invoker: string; fn: string; url: string; ms: number }[] }
export type PageFigures = { pickedAt: number | null; extractedAt: number | null; longTasks: { at: number; ms: number }[]; longFrames: LongFrame[]; uploaded: number; patches: UploadRequest[] }

export const PROBE_SCRIPT = `(() => {
  const bench = (window.__bench = { pickedAt: null, markedAt: null, phaseEndedAt: null, longTasks: [], longFrames: [], sawExtracting: false, uploaded: 0, patches: [] })
  const isUpload = (method, url) => method !== 'GET' && method !== 'HEAD' && ['/api/tasks/transcribe', '/api/uploads'].some((path) => String(url).includes(path))
  const sizeOf = (body) => {
    if (!body) return 0
    if (typeof body === 'string') return new TextEncoder().encode(body).length
    if (body instanceof Blob) return body.size
    if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return body.byteLength
    if (body instanceof FormData) { let n = 0; for (const [, v] of body.entries()) n += sizeOf(v); return n }
    return 0
  }
  const open = XMLHttpRequest.prototype.open
  XMLHttpRequest.prototype.open = function (method, url, ...rest) { this.__bench = [String(method).toUpperCase(), url]; return open.call(this, method, url, ...rest) }
  const send = XMLHttpRequest.prototype.send
  XMLHttpRequest.prototype.send = function (body) {
    if (this.__bench && isUpload(...this.__bench)) {
      bench.uploaded += sizeOf(body)
      if (this.__bench[0] === 'PATCH') { const patch = { at: Date.now(), endAt: null, bytes: sizeOf(body) }; bench.patches.push(patch); this.addEventListener('loadend', () => (patch.endAt = Date.now())) }
    }
    return send.call(this, body)
  }
  const fetchOriginal = window.fetch
  window.fetch = function (input, init) { const method = String((init && init.method) || (input instanceof Request ? input.method : 'GET')).toUpperCase(); if (isUpload(method, input instanceof Request ? input.url : input)) bench.uploaded += sizeOf(init && init.body); return fetchOriginal.call(this, input, init) }
  const wall = (t) => performance.timeOrigin + t
  new PerformanceObserver((list) => { for (const e of list.getEntries()) bench.longTasks.push({ at: wall(e.startTime), ms: e.duration }) }).observe({ type: 'longtask', buffered: true })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.duration < 80) continue
      const scripts = (e.scripts || []).map((x) => ({ invoker: x.invoker, fn: x.sourceFunctionName, url: String(x.sourceURL).split('/').pop() + ':' + x.sourceCharPosition, ms: Math.round(x.duration) }))
      bench.longFrames.push({ at: wall(e.startTime), ms: Math.round(e.duration), blockingMs: Math.round(e.blockingDuration), renderMs: e.renderStart ? Math.round(e.startTime + e.duration - e.renderStart) : 0, scripts })
    }
  }).observe({ type: 'long-animation-frame', buffered: true })
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === 'recording:extracted' && bench.markedAt === null) bench.markedAt = wall(e.startTime) }).observe({ type: 'mark', buffered: true })
  document.addEventListener('change', (e) => { if (e.target && e.target.type === 'file' && bench.pickedAt === null) bench.pickedAt = Date.now() }, true)
  const watch = () => {
    const el = document.querySelector('[data-testid=upload-recording]')
    const phase = el && el.getAttribute('data-phase')
    if (phase === 'extracting') bench.sawExtracting = true
    else if (bench.sawExtracting && bench.phaseEndedAt === null && phase) bench.phaseEndedAt = Date.now()
  }
  new MutationObserver(watch).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase'] })
})()`

/** The figures of the page, read back after a run. */
export const readFigures = `(() => { const b = window.__bench; return { pickedAt: b.pickedAt, extractedAt: b.markedAt ?? b.phaseEndedAt, longTasks: b.longTasks, longFrames: b.longFrames, uploaded: b.uploaded, patches: b.patches } })()`
