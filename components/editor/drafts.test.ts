import { describe, expect, it } from 'vitest'
import type { TaskSegment } from '@/lib/client/tasks'
import { shownText, summarize, withChange, withoutField, withoutSettled, withSaved, withStatus, type Edits } from './drafts'

const segment: TaskSegment = { id: 7, startTime: '00:00:01,000', endTime: '00:00:02,000', duration: 1000, originalText: 'Hello', translatedText: '你好', translatedBy: 'deepseek', firstTranslation: null }

describe('drafts over polled server data', () => {
  it('shows the server text until the user types, then the draft', () => {
    expect(shownText(segment, undefined, 'translatedText')).toBe('你好')
    const edits = withChange({}, 7, 'translatedText', '您好')
    expect(shownText(segment, edits[7], 'translatedText')).toBe('您好')
    // a poll bringing a new translation does not replace what is being typed
    expect(shownText({ ...segment, translatedText: '哈喽' }, edits[7], 'translatedText')).toBe('您好')
    expect(shownText(segment, edits[7], 'originalText')).toBe('Hello')
  })
  it('shows an empty box for a segment without translation yet', () => {
    expect(shownText({ ...segment, translatedText: null }, undefined, 'translatedText')).toBe('')
  })
  it('settles what was saved and keeps what was typed during the save', () => {
    let edits: Edits = withChange({}, 7, 'translatedText', 'a')
    edits = withStatus(edits, 7, 'saving')
    const sent = { ...edits[7].draft }
    edits = withChange(edits, 7, 'translatedText', 'ab')
    edits = withSaved(edits, 7, sent)
    expect(edits[7]).toEqual({ draft: { translatedText: 'ab' }, status: 'unsaved' })
    edits = withSaved(edits, 7, { translatedText: 'ab' })
    expect(edits[7]).toEqual({ draft: {}, status: 'saved' })
    expect(withoutSettled(edits, 7)[7]).toBeUndefined()
  })
  it('does not drop a row that was edited again after its save', () => {
    let edits: Edits = withSaved(withChange({}, 7, 'originalText', 'x'), 7, { originalText: 'x' })
    edits = withChange(edits, 7, 'originalText', 'y')
    expect(withoutSettled(edits, 7)[7].status).toBe('unsaved')
  })
  it('forgets a retranslated field and drops an emptied row', () => {
    const both = withChange(withChange({}, 7, 'originalText', 'o'), 7, 'translatedText', 't')
    expect(withoutField(both, 7, 'translatedText')[7].draft).toEqual({ originalText: 'o' })
    expect(withoutField(withChange({}, 7, 'translatedText', 't'), 7, 'translatedText')[7]).toBeUndefined()
  })
  it('counts rows per state', () => {
    let edits: Edits = withChange({}, 1, 'originalText', 'a')
    edits = withStatus(withChange(edits, 2, 'originalText', 'b'), 2, 'saving')
    edits = withStatus(withChange(edits, 3, 'originalText', 'c'), 3, 'error')
    expect(summarize(edits)).toEqual({ unsaved: 1, saving: 1, failed: 1 })
  })
})
