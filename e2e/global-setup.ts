// Refuses to run browser tests against anything but a local database: they reset it.
export default function globalSetup() {
  const url = process.env.DATABASE_URL
  if (!url) return
  const host = new URL(url).hostname
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    throw new Error(`Browser tests reset their database; refusing non-local DATABASE_URL host ${host}`)
  }
}
