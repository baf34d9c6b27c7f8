/**
 * The part of the Web Audio API the music beds are composed with, typed here and loaded from
 * `node-web-audio-api` at run time. Its own typings pull the whole DOM library into every program
 * that reaches them (`/// <reference lib="dom" />`), which retypes Node's fetch, streams and
 * timers across the bff and the workflows; these few interfaces keep it out.
 */
import { createRequire } from 'node:module';

export interface AudioParam {
  value: number;
  setValueAtTime(value: number, time: number): AudioParam;
  linearRampToValueAtTime(value: number, time: number): AudioParam;
  exponentialRampToValueAtTime(value: number, time: number): AudioParam;
}

export interface AudioNode {
  channelCount: number;
  channelCountMode: 'max' | 'clamped-max' | 'explicit';
  connect<T extends AudioNode>(destination: T, output?: number, input?: number): T;
  connect(destination: AudioParam, output?: number): void;
}

export interface AudioBuffer {
  readonly length: number;
  getChannelData(channel: number): Float32Array;
  copyToChannel(source: Float32Array<ArrayBuffer>, channel: number): void;
}

interface ScheduledSource extends AudioNode {
  start(when?: number): void;
  stop(when?: number): void;
}
export interface GainNode extends AudioNode {
  readonly gain: AudioParam;
}
export interface OscillatorNode extends ScheduledSource {
  type: 'sine' | 'square' | 'sawtooth' | 'triangle';
  readonly frequency: AudioParam;
  readonly detune: AudioParam;
}
export interface BiquadFilterNode extends AudioNode {
  type: 'lowpass' | 'highpass' | 'bandpass';
  readonly frequency: AudioParam;
  readonly Q: AudioParam;
}
export interface AudioBufferSourceNode extends ScheduledSource {
  buffer: AudioBuffer | null;
  loop: boolean;
}
export interface StereoPannerNode extends AudioNode {
  readonly pan: AudioParam;
}
export interface ConvolverNode extends AudioNode {
  buffer: AudioBuffer | null;
}
export interface DynamicsCompressorNode extends AudioNode {
  readonly threshold: AudioParam;
  readonly ratio: AudioParam;
  readonly attack: AudioParam;
  readonly release: AudioParam;
}

export interface OfflineAudioContext {
  readonly destination: AudioNode;
  createGain(): GainNode;
  createOscillator(): OscillatorNode;
  createBiquadFilter(): BiquadFilterNode;
  createBufferSource(): AudioBufferSourceNode;
  createBuffer(channels: number, length: number, sampleRate: number): AudioBuffer;
  createChannelMerger(inputs: number): AudioNode;
  createChannelSplitter(outputs: number): AudioNode;
  createStereoPanner(): StereoPannerNode;
  createConvolver(): ConvolverNode;
  createDynamicsCompressor(): DynamicsCompressorNode;
  startRendering(): Promise<AudioBuffer>;
}

type OfflineAudioContextClass = new (options: { numberOfChannels: number; length: number; sampleRate: number }) => OfflineAudioContext;

const require = createRequire(import.meta.url);
/** The renderer's offline context (a native module: loaded on first use, never by importing the barrel). */
export const loadOfflineAudioContext = (): OfflineAudioContextClass =>
  (require('node-web-audio-api') as { OfflineAudioContext: OfflineAudioContextClass }).OfflineAudioContext;
