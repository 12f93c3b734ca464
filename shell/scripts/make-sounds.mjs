#!/usr/bin/env node
/**
 * The popup sounds (§3 POPUP_SOUNDS: sound1 «Звонок», sound2 «Колокольчик», sound3 «Сигнал»): three
 * short tones written as plain WAV files (16-bit PCM, mono, 8000 Hz, about half a second, a few KB)
 * into shell/public/sounds/. The build copies them to dist/sounds/ (webpack.config.js), so they are
 * served at /app/sounds/{sound}.wav. Deterministic: run again only to change a sound.
 *
 *   node shell/scripts/make-sounds.mjs
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RATE = 8000;
const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'sounds');

/** A note: `freq` Hz from `at` s for `dur` s, with its partials ([ratio, gain]) and an exponential decay. */
function note(freq, at, dur, { partials = [[1, 1]], decay = 6, attack = 0.005 } = {}) {
  return (t) => {
    const local = t - at;
    if (local < 0 || local > dur) return 0;
    const env = Math.min(1, local / attack) * Math.exp(-decay * local);
    let v = 0;
    for (const [ratio, gain] of partials) v += gain * Math.sin(2 * Math.PI * freq * ratio * local);
    return v * env;
  };
}

/** Mixes the notes over `seconds`, normalises to 70 % of full scale, fades the last 30 ms out. */
function render(seconds, notes) {
  const n = Math.round(seconds * RATE);
  const samples = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t = i / RATE;
    samples[i] = notes.reduce((sum, f) => sum + f(t), 0);
  }
  const peak = samples.reduce((m, v) => Math.max(m, Math.abs(v)), 0) || 1;
  const fade = Math.round(0.03 * RATE);
  for (let i = 0; i < n; i++) {
    const tail = Math.min(1, (n - 1 - i) / fade);
    samples[i] = (samples[i] / peak) * 0.7 * tail;
  }
  return samples;
}

/** A RIFF/WAVE file: PCM, 16-bit little-endian, mono. */
function wav(samples) {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((v, i) => data.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(v * 32767))), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const bell = [
  [1, 1],
  [2, 0.35],
  [3, 0.12],
];

const SOUNDS = {
  // «Звонок»: a two-note door chime, E6 then C6.
  sound1: render(0.55, [note(1318.5, 0, 0.55, { partials: bell, decay: 7 }), note(1046.5, 0.18, 0.37, { partials: bell, decay: 7 })]),
  // «Колокольчик»: one bright bell, A5 with a slightly inharmonic ring.
  sound2: render(0.5, [note(880, 0, 0.5, { partials: [[1, 1], [2.76, 0.3], [4.1, 0.12]], decay: 8 })]),
  // «Сигнал»: three quick rising beeps, C5 E5 G5.
  sound3: render(0.42, [523.25, 659.25, 783.99].map((f, i) => note(f, i * 0.13, 0.12, { partials: [[1, 1], [2, 0.2]], decay: 10 }))),
};

fs.mkdirSync(OUT, { recursive: true });
for (const [name, samples] of Object.entries(SOUNDS)) {
  const file = path.join(OUT, `${name}.wav`);
  fs.writeFileSync(file, wav(samples));
  console.log(`${path.relative(process.cwd(), file)}: ${fs.statSync(file).size} bytes, ${(samples.length / RATE).toFixed(2)} s`);
}
