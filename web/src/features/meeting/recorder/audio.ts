import { wavBlob } from './wav';

/** a running recording: `stop` ends it and answers the WAV */
export interface RecordingHandle {
  stop(): Promise<Blob>;
}

type AudioCtor = new () => AudioContext;

/** true where the browser can record (getUserMedia and Web Audio) */
export function recordingSupported(w: unknown = typeof window === 'undefined' ? undefined : window): boolean {
  const g = w as { navigator?: Navigator; AudioContext?: AudioCtor; webkitAudioContext?: AudioCtor } | undefined;
  return !!g?.navigator?.mediaDevices?.getUserMedia && !!(g.AudioContext ?? g.webkitAudioContext);
}

/**
 * Records the microphone as WAV: getUserMedia, then a Web Audio graph whose processor copies the first channel's
 * samples (a ScriptProcessorNode: no worklet module to serve, and it runs in every Chromium). Stopping releases
 * the microphone and closes the audio context.
 */
export async function startWavRecording(): Promise<RecordingHandle> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const g = window as unknown as { AudioContext?: AudioCtor; webkitAudioContext?: AudioCtor };
  const Ctor = (g.AudioContext ?? g.webkitAudioContext)!;
  const ctx = new Ctor();
  const source = ctx.createMediaStreamSource(stream);
  const processor = ctx.createScriptProcessor(4096, 1, 1);
  const chunks: Float32Array[] = [];
  processor.onaudioprocess = (e) => chunks.push(new Float32Array(e.inputBuffer.getChannelData(0)));
  source.connect(processor);
  // the processor only runs while it is connected to an output; it writes silence there
  processor.connect(ctx.destination);
  // a context that cannot resume records silence; the recording still works and says nothing wrong
  if (ctx.state === 'suspended') await ctx.resume().catch(() => undefined);
  return {
    async stop() {
      processor.onaudioprocess = null;
      source.disconnect();
      processor.disconnect();
      for (const t of stream.getTracks()) t.stop();
      const rate = ctx.sampleRate;
      // the samples are already collected: a context that fails to close changes nothing in the WAV
      await ctx.close().catch(() => undefined);
      return wavBlob(chunks, rate);
    },
  };
}
