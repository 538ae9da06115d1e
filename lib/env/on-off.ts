// The one reading of an on/off setting or form field: the environment's flags, TRUST_PROXY, and a
// multipart form's booleans. Pure, so the proxy reads it without loading the whole environment.

export const ON_VALUES = ['1', 'true', 'on', 'yes'] as const
export const OFF_VALUES = ['0', 'false', 'off', 'no'] as const

const ON: ReadonlySet<string> = new Set(ON_VALUES)

/** True for 1, true, on or yes (any case, surrounding space ignored); false for anything else, absent included. */
export function isOn(value: string | null | undefined): boolean {
  return value !== null && value !== undefined && ON.has(value.trim().toLowerCase())
}
