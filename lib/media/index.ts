// Audio files on the server through ffmpeg and ffprobe: what a file is and how long, and a
// recording decoded once (its samples, its silences) and cut into chunks for a speech-to-text provider.
export { ffmpegPath, ffprobePath, runTool, MediaToolError } from './binaries'
export { probeAudio, type AudioInfo } from './probe'
export { type Silence } from './silences'
export { decodeForChunks, extractChunk, type DecodedRecording } from './chunks'
