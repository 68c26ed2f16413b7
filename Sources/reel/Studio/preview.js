// The preview engine as the page sees it: exact frames from GET /v1/timelines/{id}/frames/{n},
// playback from GET /v1/timelines/{id}/preview.mp4?from=n (fragmented MP4 through Media Source
// Extensions, since a <video src> cannot send the token). A server without those routes (404
// "no route") is answered by a draft render of the timeline (POST /v1/timelines/{id}/renders),
// fetched as a blob and played or seeked in a <video>: slower after an edit, but the same video.

import { APIError } from './api.js';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The MSE type of a fragmented MP4 from its first bytes: H.264's profile and level from `avcC`, AAC when `mp4a` is there. */
export function sniffType(bytes) {
  const find = (a, b, c, d, from = 0) => {
    for (let i = from; i + 3 < bytes.length; i++) {
      if (bytes[i] === a && bytes[i + 1] === b && bytes[i + 2] === c && bytes[i + 3] === d) return i;
    }
    return -1;
  };
  const avcC = find(0x61, 0x76, 0x63, 0x43);
  if (avcC < 0 || avcC + 8 > bytes.length) return null;
  // Past the moov box (a fragment began) or far enough that its tracks have all been seen.
  if (find(0x6d, 0x6f, 0x6f, 0x66) < 0 && bytes.length < 65536) return null;
  const hex = (n) => n.toString(16).padStart(2, '0');
  const codecs = [`avc1.${hex(bytes[avcC + 5])}${hex(bytes[avcC + 6])}${hex(bytes[avcC + 7])}`];
  if (find(0x6d, 0x70, 0x34, 0x61) >= 0) codecs.push('mp4a.40.2');
  return `video/mp4; codecs="${codecs.join(',')}"`;
}

export class Preview {
  /**
   * `video` plays; `status(text)` says what the preview is doing (empty when nothing).
   */
  constructor(api, video, status) {
    this.api = api;
    this.video = video;
    this.status = status;
    this.framesRoute = null; // null: not yet known; then true or false
    this.streamRoute = null;
    this.timelineId = null;
    this.version = 0;
    this.draft = null; // { version, job, url, promise }
    this.stream = null; // { abort, source, start, from }
  }

  /** A new timeline, or the same one after an edit: what was drawn before is stale. */
  setTimeline(id) {
    if (id !== this.timelineId) {
      this.timelineId = id;
      this.stopDraft();
    }
    this.version += 1;
  }

  get usesDraft() { return this.framesRoute === false; }

  /** A PNG of exactly frame `n` as a blob URL (the caller revokes it); null when the server has no frames route. */
  async frame(n, height = 540) {
    if (this.framesRoute === false) return null;
    try {
      const blob = await this.api.blob(`/v1/timelines/${this.timelineId}/frames/${n}?height=${height}`);
      this.framesRoute = true;
      return URL.createObjectURL(blob);
    } catch (e) {
      if (e instanceof APIError && e.routeMissing) {
        this.framesRoute = false;
        return null;
      }
      throw e;
    }
  }

  /** The draft render of the timeline as it is now, loaded into the video (paused); its blob URL. */
  async ensureDraft() {
    const version = this.version;
    if (this.draft && this.draft.version === version) return this.draft.promise;
    this.stopDraft();
    const draft = { version, job: null, url: null, cancelled: false };
    draft.promise = this.renderDraft(draft);
    this.draft = draft;
    return draft.promise;
  }

  async renderDraft(draft) {
    const options = { quality: 'draft' };
    const job = await this.api.post(`/v1/timelines/${this.timelineId}/renders`, { options });
    draft.job = job.id;
    let last = job;
    draft.state = last.status;
    while (!['done', 'failed', 'cancelled'].includes(last.status)) {
      if (draft.cancelled) return null;
      const p = last.progress;
      this.status(p && p.percent !== undefined ? `Drawing the preview: ${Math.round(p.percent)} %` : 'Drawing the preview…');
      await sleep(300);
      if (draft.cancelled) return null;
      last = await this.api.get(`/v1/renders/${draft.job}`);
      draft.state = last.status;
    }
    if (last.status !== 'done') {
      this.status('');
      throw new APIError(422, 'preview_failed', `The preview could not be drawn: ${last.error?.message ?? last.status}`);
    }
    const blob = await this.api.blob(`/v1/renders/${draft.job}/output`);
    if (draft.cancelled) return null;
    draft.url = URL.createObjectURL(blob);
    this.endStream();
    this.video.src = draft.url;
    await new Promise((resolve, reject) => {
      this.video.addEventListener('loadeddata', resolve, { once: true });
      this.video.addEventListener('error', () => reject(new APIError(0, 'video', 'The browser could not play the preview.')), { once: true });
    });
    this.status('');
    return draft.url;
  }

  /** Forgets the draft: its job is cancelled when still running, its blob released. */
  stopDraft() {
    const draft = this.draft;
    if (!draft) return;
    draft.cancelled = true;
    // A render that may still run is cancelled; one that ended is left alone (its DELETE would be refused).
    if (draft.job && ['queued', 'running'].includes(draft.state)) this.api.delete(`/v1/renders/${draft.job}`).catch(() => {});
    if (draft.url) URL.revokeObjectURL(draft.url);
    this.draft = null;
  }

  /**
   * Plays from frame `n` with sound; resolves to a function giving the frame shown, or null when
   * nothing plays. The stream route first; the draft when the server has none.
   */
  async play(n, rate) {
    if (this.streamRoute !== false) {
      try {
        const at = await this.playStream(n, rate);
        this.streamRoute = true;
        return at;
      } catch (e) {
        if (!(e instanceof APIError && e.routeMissing) && !(e && e.code === 'unsupported')) throw e;
        this.streamRoute = false;
      }
    }
    await this.ensureDraft();
    this.video.currentTime = n / rate;
    await this.video.play();
    return () => Math.floor(this.video.currentTime * rate + 1e-6);
  }

  /** Shows frame `n` in the paused draft video (when the frames route is missing). */
  async seekDraft(n, rate) {
    await this.ensureDraft();
    this.video.pause();
    // A quarter frame in: the frame whose span holds it, whatever the decoder rounds.
    this.video.currentTime = (n + 0.25) / rate;
  }

  pause() {
    this.video.pause();
    this.endStream();
  }

  endStream() {
    if (!this.stream) return;
    this.stream.abort.abort();
    this.stream = null;
  }

  /** preview.mp4 from frame `n` through Media Source Extensions, bounded in memory: what was played is removed. */
  async playStream(n, rate) {
    this.endStream();
    if (typeof MediaSource === 'undefined') throw Object.assign(new Error('no MSE'), { code: 'unsupported' });
    const abort = new AbortController();
    const stream = { abort, start: null };
    this.stream = stream;
    const response = await this.api.fetch(`/v1/timelines/${this.timelineId}/preview.mp4?from=${n}&height=360`, { signal: abort.signal });
    const reader = response.body.getReader();
    let head = new Uint8Array(0);
    let type = /codecs=/.test(response.headers.get('Content-Type') || '') ? response.headers.get('Content-Type') : null;
    const chunks = [];
    while (!type) {
      const { done, value } = await reader.read();
      if (done) break;
      const joined = new Uint8Array(head.length + value.length);
      joined.set(head);
      joined.set(value, head.length);
      head = joined;
      type = sniffType(head);
      if (head.length > (4 << 20)) break;
    }
    if (head.length) chunks.push(head);
    if (!type || !MediaSource.isTypeSupported(type)) {
      abort.abort();
      throw Object.assign(new Error(`cannot play ${type}`), { code: 'unsupported' });
    }
    const source = new MediaSource();
    if (this.draft) this.stopDraft();
    this.video.src = URL.createObjectURL(source);
    await new Promise((resolve) => source.addEventListener('sourceopen', resolve, { once: true }));
    const buffer = source.addSourceBuffer(type);
    const updated = () => new Promise((resolve) => buffer.addEventListener('updateend', resolve, { once: true }));
    const append = async (bytes) => {
      for (;;) {
        try {
          buffer.appendBuffer(bytes);
          await updated();
          return;
        } catch (e) {
          if (e.name !== 'QuotaExceededError') throw e;
          await this.trim(buffer, updated, 2);
          await sleep(200);
        }
      }
    };
    const feed = async () => {
      try {
        for (const chunk of chunks) await append(chunk);
        for (;;) {
          if (abort.signal.aborted) return;
          // At most about 20 s ahead of the playhead, and 10 s behind it: memory stays flat.
          while (buffer.buffered.length && buffer.buffered.end(buffer.buffered.length - 1) - this.video.currentTime > 20) {
            await this.trim(buffer, updated, 10);
            await sleep(250);
            if (abort.signal.aborted) return;
          }
          const { done, value } = await reader.read();
          if (done) break;
          await append(value);
        }
        if (source.readyState === 'open') source.endOfStream();
      } catch (e) {
        if (!abort.signal.aborted) this.status(`The preview stream stopped: ${e.message}`);
      }
    };
    const fed = feed();
    while (!buffer.buffered.length && !abort.signal.aborted) {
      await Promise.race([updated(), fed]);
      if (source.readyState !== 'open') break;
    }
    stream.start = buffer.buffered.length ? buffer.buffered.start(0) : 0;
    this.video.currentTime = stream.start;
    await this.video.play();
    return () => n + Math.floor((this.video.currentTime - stream.start) * rate + 1e-6);
  }

  /** Removes what lies more than `keep` seconds behind the playhead. */
  async trim(buffer, updated, keep) {
    if (!buffer.buffered.length || buffer.updating) return;
    const from = buffer.buffered.start(0);
    const to = this.video.currentTime - keep;
    if (to > from + 1) {
      buffer.remove(from, to);
      await updated();
    }
  }
}
