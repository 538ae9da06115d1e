// The video export's face toward the editor: the "Export video" entry, and the preview the
// editor's video pane draws with the export's renderer and the creator's style.
export { VideoExportEntry } from './entry'
export { usePreviewSpec } from './preview-spec'
export { VideoSubtitleCanvas } from './subtitle-canvas'
