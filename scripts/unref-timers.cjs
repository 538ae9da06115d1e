// Preload for the Prisma CLI: its WASM engine leaves a long timer referenced, which keeps
// `migrate deploy` alive ~11 s after the work is done. Unref long timers.
const orig = global.setTimeout
global.setTimeout = function (fn, ms, ...args) {
  const t = orig(fn, ms, ...args)
  if (typeof ms === 'number' && ms >= 5000 && t && typeof t.unref === 'function') t.unref()
  return t
}
