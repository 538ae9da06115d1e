// Child process of `startApiServer` (browser-harness.ts): serves the app's API with route-server.ts
// in a plain Node.js process and reports over IPC: where it listens, and each request it answered.
import { serveRoutes } from './route-server'

type Message = { type: 'received'; seq: number }

const server = await serveRoutes({
  port: Number(process.env.ROUTE_SERVER_PORT ?? 0),
  onRequest: (received) => process.send?.({ type: 'request', request: { ...received, body: received.body.toString('base64'), answer: received.answer.toString('utf8') } }),
})
process.on('message', (message: Message) => {
  // IPC keeps order: the answer comes after every request reported before it.
  if (message.type === 'received') process.send?.({ type: 'received', seq: message.seq })
})
process.on('disconnect', () => process.exit(0))
process.send?.({ type: 'ready', url: server.url, port: server.port })
