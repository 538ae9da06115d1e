// Next.js calls register() once when a server process starts, in each runtime. Only Node.js does
// anything: the condition is Next.js's documented one, replaced at build time, so the Edge bundle
// leaves the import (and its Node.js APIs, process.exit among them) out instead of warning about it.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { registerNode } = await import('./instrumentation-node')
    await registerNode()
  }
}
