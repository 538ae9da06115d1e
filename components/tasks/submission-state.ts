import type { SetStateAction } from 'react'
import type { Shortfall } from './insufficient-points-dialog'

// The part of an upload dialog's state that sends what was chosen, shared by the subtitle-file
// flow (use-upload-flow.ts) and the recording flow (use-recording-flow.ts): each is a reducer of
// the same shape, a phase plus this, and both answer these actions alike.

export type Submission<C> = { submitError: string | null; uploadPct: number; shortfall: Shortfall | null; choices: C }

export type SubmissionAction<C> =
  | { type: 'choices'; choices: SetStateAction<C> }
  | { type: 'short'; shortfall: Shortfall }
  | { type: 'failed'; message: string; shortfall?: Shortfall }
  | { type: 'dismissShortfall' }

export const idleSubmission = <C>(choices: C): Submission<C> => ({ submitError: null, uploadPct: 0, shortfall: null, choices })

/**
 * The shared actions: new choices; short of points (the dialog offers to buy some); a failed
 * submission (its message kept for display, a shortfall found with it shown too); the shortfall
 * dismissed. The flow itself sends its phase back to `ready` after `short` and `failed`.
 */
export function reduceSubmission<C>(state: Submission<C>, action: SubmissionAction<C>): Submission<C> {
  switch (action.type) {
    case 'choices':
      return { ...state, choices: typeof action.choices === 'function' ? (action.choices as (previous: C) => C)(state.choices) : action.choices }
    case 'short':
      return { ...state, shortfall: action.shortfall }
    case 'failed':
      return { ...state, submitError: action.message, shortfall: action.shortfall ?? state.shortfall }
    case 'dismissShortfall':
      return { ...state, shortfall: null }
  }
}
