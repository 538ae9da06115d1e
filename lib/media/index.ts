// Audio files on the server through ffmpeg and ffprobe from npm: what a file is and how long,
// where its silences are, and a piece of it cut for a speech-to-text provider.
export { ffmpegPath, ffprobePath, runTool, MediaToolError } from './binaries'
export { probeAudio, type AudioInfo } from './probe'
export { findSilences, type Silence } from './silences'
export { extractChunk } from './chunks'
