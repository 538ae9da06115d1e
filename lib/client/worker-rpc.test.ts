import { afterEach, describe, expect, it } from 'vitest'
import { serveWorker, transfer, workerClient, WorkerCallError } from './worker-rpc'

// The two ends of a MessageChannel stand for the page and its worker: the same structured clone
// and transfer as a Worker's messages.
type Protocol = {
  calls: {
    add: { args: { a: number; b: number }; result: number }
    count: { args: { to: number }; result: string; event: number }
    bytes: { args: { size: number }; result: ArrayBuffer }
    fail: { args: undefined; result: void }
  }
  notes: { remember: { value: string } }
}

const channels: MessageChannel[] = []
afterEach(() => channels.splice(0).forEach((c) => (c.port1.close(), c.port2.close())))

function pair() {
  const channel = new MessageChannel()
  channels.push(channel)
  const remembered: string[] = []
  serveWorker<Protocol>(
    {
      calls: {
        add: ({ a, b }) => a + b,
        count: async ({ to }, { emit }) => {
          for (let i = 1; i <= to; i++) emit(i)
          return 'counted'
        },
        bytes: ({ size }) => {
          const buffer = new ArrayBuffer(size)
          return transfer(buffer, [buffer])
        },
        fail: () => {
          throw Object.assign(new Error('no sound'), { problem: 'noAudio' })
        },
      },
      notes: { remember: ({ value }) => void remembered.push(value) },
      errorData: (error) => ({ problem: (error as { problem?: string }).problem }),
    },
    channel.port2 as never,
  )
  const port = channel.port1 as unknown as Worker
  Object.assign(port, { terminate: () => channel.port1.close() })
  return { client: workerClient<Protocol>(port), remembered }
}

describe('worker RPC', () => {
  it('answers each call by its id, even when answers come out of order', async () => {
    const { client } = pair()
    const [three, counted, seven] = await Promise.all([client.call('add', { a: 1, b: 2 }), client.call('count', { to: 3 }), client.call('add', { a: 3, b: 4 })])
    expect([three, counted, seven]).toEqual([3, 'counted', 7])
  })

  it('hands a call its events before its answer', async () => {
    const { client } = pair()
    const events: number[] = []
    await expect(client.call('count', { to: 4 }, { onEvent: (n) => events.push(n) })).resolves.toBe('counted')
    expect(events).toEqual([1, 2, 3, 4])
  })

  it('moves a transferred answer rather than copying it', async () => {
    const { client } = pair()
    const buffer = await client.call('bytes', { size: 1024 })
    expect(buffer.byteLength).toBe(1024)
  })

  it("rejects with the worker's message and the data it added", async () => {
    const { client } = pair()
    const error = await client.call('fail', undefined).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WorkerCallError)
    expect((error as WorkerCallError).message).toBe('no sound')
    expect((error as WorkerCallError).data).toEqual({ problem: 'noAudio' })
  })

  it('delivers notes without an answer, and refuses calls once the worker is stopped', async () => {
    const { client, remembered } = pair()
    client.note('remember', { value: 'a' })
    await client.call('add', { a: 0, b: 0 })
    expect(remembered).toEqual(['a'])
    client.terminate()
    await expect(client.call('add', { a: 1, b: 1 })).rejects.toBeInstanceOf(WorkerCallError)
  })
})
