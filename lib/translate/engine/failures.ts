import { ProviderError } from '../providers/types'

/**
 * Failures narrowed down to one cue: every provider kept failing a request holding it (a 5xx tied
 * to its content, say) while they answered requests without it.
 */
const tiedToOneCue = new WeakSet<ProviderError>()

/** Marks a failure as one cue's fault (every provider failed it while others were answered). */
export const blameOneCue = (error: ProviderError) => void tiedToOneCue.add(error)

/** A failure of particular cues (a wrong answer, a refusal, a cue every provider fails on), not of the provider as a whole. */
export const isAboutCues = (error: unknown) =>
  error instanceof ProviderError && (error.kind === 'bad_answer' || error.kind === 'refused' || tiedToOneCue.has(error))

export const halves = <T>(group: T[]): [T[], T[]] => {
  const half = Math.ceil(group.length / 2)
  return [group.slice(0, half), group.slice(half)]
}
