// A recording's waveform as peaks at a few zoom levels, built while the sound is decoded, and their
// compact encoding. Pure: safe in the browser, in a worker and on the server.
export { PeaksBuilder, PeaksAssembler, peaksFromBase, levelFor, PEAK_LEVELS_MS, BASE_BUCKET_MS, type Peaks, type PeakLevel, type PeakRun } from './peaks'
export { encodePeaks, decodePeaks, bytesToBase64, base64ToBytes, PeaksFormatError } from './encoding'
