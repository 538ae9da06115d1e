// Audio files on the server through the system's ffmpeg and ffprobe: what a file is and how long
// (by its headers, and by decoding it), a recording decoded once (its samples, its silences) and
// cut into chunks for a speech-to-text provider, the tools' versions, and how many checks run at once
// (slots.ts, on lib/pool).
export { ffmpegPath, ffprobePath, runTool, toolBinary, MediaToolError, MediaTimeoutError, type ToolBinary, type ToolName, type ToolSource } from './binaries'
export { probeAudio, readAudioHeader, type AudioInfo, type AudioHeader } from './probe'
export { decodedLengthMs } from './decoded-length'
export { type Silence } from './silences'
export { decodeForChunks, extractChunk, type DecodedRecording } from './chunks'
export { withMediaSlot, MediaBusyError, MEDIA_CHECK_SLOTS } from './slots'
export { mediaToolVersions, mediaToolProblems, assertMediaToolsCurrent, isCurrent, parseToolVersion, MIN_MEDIA_TOOL_VERSION, type MediaToolVersions, type ToolVersion } from './versions'
export { DecodeBudget } from './decode-budget'
export { decodeStream, PCM_RATE, PCM_BYTES_PER_MS, type DecodeInput, type DecodeProgress, type DecodedStream } from './decode-stream'
export { followFile, FollowStalledError, type FollowOptions } from './follow-file'
export { joinParts, joinFormatOf, type JoinFormat } from './join'
export { speechSpansOfPcm } from './speech-spans'
export { frameLevels, speechThreshold, speechSpansFromLevels, type SpeechSpan } from './speech-levels'
export { SpeechTrack, speechOfParts } from './speech-track'
