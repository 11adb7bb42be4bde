/**
 * WAV (RIFF, 16-bit PCM, mono) from the samples the recorder collects: Chromium's MediaRecorder makes WebM/Opus
 * only, and the spec's recording is audio/wav, so the recorder takes the microphone's samples through Web Audio
 * and writes the file itself. Pure; tested in wav.test.ts.
 */
export const WAV_TYPE = 'audio/wav';

/** join chunks of float samples (-1..1) */
export function joinSamples(chunks: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** the bytes of a mono 16-bit PCM WAV file of these samples (clamped to -1..1) */
export function wavBytes(samples: Float32Array, sampleRate: number): Uint8Array {
  const dataBytes = samples.length * 2;
  const buf = new ArrayBuffer(44 + dataBytes);
  const v = new DataView(buf);
  const ascii = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) v.setUint8(at + i, s.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  v.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  v.setUint32(16, 16, true); // fmt chunk size
  v.setUint16(20, 1, true); // PCM
  v.setUint16(22, 1, true); // mono
  v.setUint32(24, sampleRate, true);
  v.setUint32(28, sampleRate * 2, true); // byte rate
  v.setUint16(32, 2, true); // block align
  v.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  v.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]));
    v.setInt16(44 + i * 2, s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff), true);
  }
  return new Uint8Array(buf);
}

export function wavBlob(chunks: readonly Float32Array[], sampleRate: number): Blob {
  return new Blob([wavBytes(joinSamples(chunks), sampleRate) as BlobPart], { type: WAV_TYPE });
}

/** the recording's file name: 'Voice Note YYYY-MM-DD HH-mm.wav' in local time */
export function recordingName(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `Voice Note ${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())} ${p(now.getHours())}-${p(now.getMinutes())}.wav`;
}

/** the summarizer's date: YYYY-MM-DD in local time */
export function isoDay(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}
