import { crc32, deflateSync } from 'node:zlib';

/**
 * Media for the demo questions, drawn at seed time so the repository ships no binaries:
 * a picture (PNG) and short listening clips (WAV).
 */

type Rgb = [number, number, number];

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** Encodes an RGB picture drawn by `paint(x, y)` as a PNG. */
export function drawPng(width: number, height: number, paint: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // no filter
    for (let x = 0; x < width; x++) raw.set(paint(x, y), row + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const inCircle = (x: number, y: number, cx: number, cy: number, r: number) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

/** A garden on a sunny day: a sun, a palm-like tree, a house with a red door, and three birds. */
export function gardenPicture(): Buffer {
  return drawPng(480, 300, (x, y) => {
    if (inCircle(x, y, 400, 60, 34)) return [250, 204, 21];
    const bird = [
      [120, 50],
      [150, 40],
      [180, 55],
    ].some(([bx, by]) => Math.abs(y - by - Math.abs(x - bx) / 2) < 1.5 && Math.abs(x - bx) < 12);
    if (bird) return [40, 40, 40];
    if (y >= 220) return [74, 160 - Math.floor((y - 220) / 4), 60];
    if (x >= 100 && x <= 114 && y >= 140) return [120, 80, 40];
    if (inCircle(x, y, 107, 130, 42)) return [34, 139, 34];
    if (x >= 260 && x <= 380 && y >= 150 && y < 220) {
      if (x >= 305 && x <= 335 && y >= 175) return [200, 40, 40];
      if ((x - 275) * (x - 300) <= 0 && y >= 165 && y <= 190) return [170, 215, 240];
      return [235, 225, 200];
    }
    if (y >= 100 && y < 150 && Math.abs(x - 320) <= (y - 100) * 1.3) return [160, 60, 50];
    const sky = 200 + Math.floor((y / 220) * 40);
    return [135, Math.min(sky, 235), 250];
  });
}

/** A mono 16-bit PCM WAV of the given samples (-1 to 1) at `rate` Hz. */
export function encodeWav(samples: Float32Array, rate = 16_000): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32_000), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * `count` bell-like tones (a soft attack and decay) separated by silences: the listening
 * question asks how many tones the student hears.
 */
export function tonesClip(count: number, rate = 16_000): Buffer {
  const tone = 0.45;
  const gap = 0.35;
  const total = Math.ceil((0.3 + count * (tone + gap)) * rate);
  const samples = new Float32Array(total);
  const notes = [523.25, 659.25, 783.99, 1046.5];
  for (let n = 0; n < count; n++) {
    const start = Math.floor((0.3 + n * (tone + gap)) * rate);
    const frequency = notes[n % notes.length];
    for (let i = 0; i < tone * rate; i++) {
      const t = i / rate;
      const envelope = Math.min(1, t / 0.02) * Math.exp(-4 * t);
      samples[start + i] = 0.6 * envelope * Math.sin(2 * Math.PI * frequency * t);
    }
  }
  return encodeWav(samples, rate);
}
