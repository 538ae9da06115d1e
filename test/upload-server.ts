// A real HTTP server over the tus routes (app/api/uploads), streaming each request's body to the
// handler as it arrives, as Next.js does: a connection dropped mid-PATCH leaves the bytes that
// reached the server, exactly as in production. And a TCP relay in front of it that drops the
// connection when the bytes sent through it pass given marks. Test code only.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { NextRequest } from 'next/server'
import { POST } from '@/app/api/uploads/route'
import { DELETE, HEAD, PATCH } from '@/app/api/uploads/[id]/route'
import { ctx } from './route-harness'

async function answer(req: IncomingMessage, res: ServerResponse, base: string) {
  const url = new URL(req.url ?? '/', base)
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !['connection', 'host'].includes(name)) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  headers.set('host', url.host)
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  const request = new NextRequest(url, { method: req.method, headers, body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined, duplex: 'half' } as ConstructorParameters<typeof NextRequest>[1])
  const id = url.pathname.split('/')[3]
  const handler = id ? { PATCH, HEAD, DELETE }[req.method as 'PATCH'] : req.method === 'POST' ? POST : undefined
  const response = handler ? await handler(request, ctx(id ? { id } : {})) : new Response(null, { status: 405 })
  const out: Record<string, string> = {}
  response.headers.forEach((value, name) => (out[name] = value))
  res.writeHead(response.status, out)
  res.end(Buffer.from(await response.arrayBuffer()))
}

export async function serveUploads() {
  const server = createServer((req, res) => {
    // A dropped connection aborts the body the handler reads: that is the point, not a failure.
    req.on('error', () => {})
    answer(req, res, base).catch(() => res.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url: base, port: (server.address() as AddressInfo).port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** A relay to `port` that cuts both sides the first time the bytes sent through it pass each of `dropAt`. */
export async function droppingRelay(port: number, dropAt: number[]) {
  const marks = [...dropAt].sort((a, b) => a - b)
  const stats = { sent: 0, drops: 0 }
  const sockets = new Set<net.Socket>()
  const relay = net.createServer((client) => {
    const upstream = net.connect(port, '127.0.0.1')
    sockets.add(client).add(upstream)
    const cut = () => {
      client.destroy()
      upstream.destroy()
    }
    client.on('data', (data: Buffer) => {
      stats.sent += data.length
      if (marks.length > 0 && stats.sent >= marks[0]) {
        marks.shift()
        stats.drops++
        return cut()
      }
      upstream.write(data)
    })
    upstream.on('data', (data: Buffer) => client.write(data))
    for (const socket of [client, upstream]) {
      socket.on('error', cut)
      socket.on('close', () => {
        sockets.delete(socket)
        cut()
      })
    }
  })
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    stats,
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => relay.close(() => resolve()))
    },
  }
}

/**
 * tus-js-client's source over a stream of bytes, as its browser build reads a ReadableStream (its
 * Node build's stream source never declares the length of a stream of unknown size): pieces come
 * from a buffer kept from the start of the last piece (so a retry can send it again), the length
 * is declared once the stream is done.
 */
export function streamSource(stream: AsyncIterable<Buffer>) {
  const bytes = stream[Symbol.asyncIterator]()
  let buffer = Buffer.alloc(0)
  let bufferAt = 0
  let isEnded = false
  return {
    size: null,
    async slice(start: number, end: number) {
      if (start < bufferAt) throw new Error('cannot go back before the last piece')
      buffer = buffer.subarray(start - bufferAt)
      bufferAt = start
      while (!isEnded && buffer.length < end - start) {
        const next = await bytes.next()
        if (next.done) isEnded = true
        else buffer = Buffer.concat([buffer, next.value])
      }
      if (isEnded && buffer.length === 0) return { value: null, done: true }
      const value = buffer.subarray(0, end - start)
      return { value: Object.assign(value, { size: value.length }), done: false }
    },
    close() {},
  }
}
