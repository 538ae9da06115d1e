// Row selection with click, Shift+click (range from the anchor) and Ctrl/Cmd+click (toggle).

export type Selection = { ids: ReadonlySet<number>; anchor: number | null }

export const emptySelection: Selection = { ids: new Set(), anchor: null }

/** The selection after a click on the row at `index` of the rows shown (`ids` in display order). */
export function clickSelection(selection: Selection, ids: readonly number[], index: number, mods: { shift: boolean; toggle: boolean }): Selection {
  const id = ids[index]
  if (id === undefined) return selection
  const anchorIndex = selection.anchor === null ? -1 : ids.indexOf(selection.anchor)
  if (mods.shift && anchorIndex >= 0) {
    const [from, to] = anchorIndex < index ? [anchorIndex, index] : [index, anchorIndex]
    const range = new Set(mods.toggle ? selection.ids : [])
    for (let i = from; i <= to; i++) range.add(ids[i])
    return { ids: range, anchor: selection.anchor }
  }
  if (mods.toggle) {
    const next = new Set(selection.ids)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    return { ids: next, anchor: id }
  }
  return { ids: new Set([id]), anchor: id }
}
