// A picture of the product made from the editor's own layout, so it is always current and costs no image bytes.
const ROWS = [
  { id: 1, start: '00:00:01', end: '00:00:03', original: 'Welcome back to the channel.', translated: '欢迎回到我的频道。' },
  { id: 2, start: '00:00:03', end: '00:00:06', original: "Today we're cooking ramen from scratch.", translated: '今天我们从零开始做拉面。' },
  { id: 3, start: '00:00:06', end: '00:00:09', original: 'First, the broth.', translated: '首先是汤底。' },
  { id: 4, start: '00:00:09', end: '00:00:12', original: 'It simmers for twelve hours.', translated: '要小火慢炖十二个小时。' },
]

export function EditorPreview() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-xl border border-border bg-surface shadow-xl shadow-brand/5">
      <div className="flex items-center justify-between border-b border-border bg-surface-2 px-4 py-2.5">
        <div className="flex items-center gap-2">
          <span className="size-2.5 rounded-full bg-danger/60" />
          <span className="size-2.5 rounded-full bg-warning/60" />
          <span className="size-2.5 rounded-full bg-success/60" />
          <span className="ml-3 text-xs font-medium text-muted">ramen-episode-12.srt · EN → 中文</span>
        </div>
        <span className="rounded-full bg-brand-subtle px-2 py-0.5 text-[10px] font-semibold text-brand">DeepSeek</span>
      </div>
      <div className="divide-y divide-border text-left text-xs sm:text-sm">
        {ROWS.map((row, i) => (
          <div key={row.id} className={`grid grid-cols-[1.5rem_1fr_1fr] gap-3 sm:grid-cols-[2.5rem_4.5rem_1fr_1fr] px-4 py-2.5 ${i === 1 ? 'bg-brand-subtle/60' : ''}`}>
            <span className="tabular text-subtle">{row.id}</span>
            <span className="tabular hidden leading-tight text-subtle sm:block">
              {row.start}
              <br />
              {row.end}
            </span>
            <span className="text-muted">{row.original}</span>
            <span className="text-fg">{row.translated}</span>
          </div>
        ))}
      </div>
    </div>
  )
}
