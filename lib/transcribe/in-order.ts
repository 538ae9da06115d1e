// Chunks taken one at a time in the recording's order while they are still being cut (a provider
// that labels speakers hears each chunk with the voices of the ones before): a chunk's turn comes
// once every chunk before it is done and every part before its own has no chunk left to cut
// (chunk numbers start at `part × partSpan`). Pure.
export function inOrder(partSpan: number) {
  const planned = new Set<number>()
  const done = new Set<number>()
  const finalParts = new Set<number>()
  const waiters: { index: number; go: () => void }[] = []

  const isTurn = (index: number) => {
    const part = Math.floor(index / partSpan)
    for (let p = 0; p < part; p++) if (!finalParts.has(p)) return false
    for (const other of planned) if (other < index && !done.has(other)) return false
    return true
  }
  const wake = () => {
    for (const waiter of [...waiters]) {
      if (!isTurn(waiter.index)) continue
      waiters.splice(waiters.indexOf(waiter), 1)
      waiter.go()
    }
  }
  return {
    planned(index: number) {
      planned.add(index)
    },
    done(index: number) {
      planned.add(index)
      done.add(index)
      wake()
    },
    /** The part has no chunk left to cut. */
    partDone(part: number) {
      finalParts.add(part)
      wake()
    },
    turn(index: number): Promise<void> {
      planned.add(index)
      if (isTurn(index)) return Promise.resolve()
      return new Promise((go) => waiters.push({ index, go }))
    },
  }
}
