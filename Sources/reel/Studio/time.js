// Times as the timeline writes them ("2.5s", "17017/7500s", "30000/1001"), read for display and
// layout only: every time the page sends back is a whole number of frames ("48f"), so nothing the
// server keeps passes through floating point.

/** Seconds of a written time or ratio: "2.5s", "1/3s", "4/5", "48f" (with `rate` in frames per second), or a number. */
export function seconds(written, rate = 30) {
  if (typeof written === 'number') return written;
  if (typeof written !== 'string') return 0;
  let text = written.trim();
  if (text.endsWith('f')) return Number(text.slice(0, -1)) / rate;
  if (text.endsWith('s')) text = text.slice(0, -1);
  const slash = text.indexOf('/');
  if (slash >= 0) return Number(text.slice(0, slash)) / Number(text.slice(slash + 1));
  return Number(text);
}

/** The timeline's frame rate in frames per second. */
export function frameRate(timeline) {
  return seconds(timeline.frameRate || '30') || 30;
}

/** The number of frames of the timeline. */
export function frameCount(timeline) {
  const rate = frameRate(timeline);
  return Math.max(1, Math.round(seconds(timeline.duration, rate) * rate));
}

/** The frame whose half-open span holds `t` seconds. */
export function frameAt(t, rate) {
  return Math.floor(t * rate + 1e-6);
}

/** "mm:ss.cc" for people. */
export function clock(t) {
  const sign = t < 0 ? '-' : '';
  const a = Math.abs(t);
  const m = Math.floor(a / 60);
  const s = a - m * 60;
  return `${sign}${String(m).padStart(2, '0')}:${s.toFixed(2).padStart(5, '0')}`;
}

/** A frame count with a direction, as an edit's offset takes it: "+12f", "-3f". */
export function offsetFrames(n) {
  return `${n >= 0 ? '+' : '-'}${Math.abs(n)}f`;
}
