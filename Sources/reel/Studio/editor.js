// The player and the timeline strip: clips (with thumbnails), transitions, texts and the music's
// beats; a click or drag anywhere shows that exact frame; clips are swapped or moved by dragging,
// trimmed by dragging an end, and every edit goes through POST /v1/timelines/{id}/edits, the same
// operations and journal as `reel edit` (undo and redo included).

import { APIError } from './api.js';
import { $, el } from './dom.js';
import { clock, frameAt, frameCount, frameRate, offsetFrames, seconds } from './time.js';

const baseName = (path) => String(path).split('/').pop();

export class Editor {
  constructor({ api, preview, report, note, busy }) {
    this.api = api;
    this.preview = preview;
    this.report = report;
    this.note = note;
    this.busy = busy;
    this.id = null;
    this.timeline = null;
    this.playhead = 0;
    this.selected = null;
    this.playing = null; // a function giving the frame shown while playing
    this.shownKey = null;
    this.wantedKey = null;
    this.fetching = false;
    this.thumbnails = new Map();
    this.songs = [];
    this.bind();
  }

  get rate() { return frameRate(this.timeline); }
  get frames() { return frameCount(this.timeline); }
  get mainClips() {
    return (this.timeline?.clips ?? []).filter((c) => c.layer === 0)
      .sort((a, b) => seconds(a.timelineRange.start) - seconds(b.timelineRange.start));
  }

  /** A timeline as the API answers it (made, fetched or edited). */
  load(answer) {
    const fresh = answer.id !== this.id;
    this.id = answer.id;
    this.timeline = answer.timeline;
    this.canUndo = !!answer.canUndo;
    this.canRedo = !!answer.canRedo;
    this.preview.setTimeline(answer.id);
    if (fresh) {
      this.playhead = 0;
      this.selected = null;
      this.thumbnails.clear();
    }
    this.playhead = Math.min(this.playhead, this.frames - 1);
    if (this.selected && !this.mainClips.some((c) => c.id === this.selected)) this.selected = null;
    $('changed').textContent = answer.changed ? `Changed: ${answer.changed}` : '';
    this.showHistory(answer.history);
    document.body.dataset.timeline = this.id;
    document.body.dataset.canUndo = String(this.canUndo);
    $('view-edit').dataset.version = String(this.preview.version);
    this.render();
    this.refreshStill();
  }

  /** Songs the Music menu offers: paths beneath the media roots and uploads. */
  setSongs(songs) {
    this.songs = songs;
    this.renderTools();
  }

  showHistory(history) {
    const list = $('history');
    list.replaceChildren();
    for (const e of history?.entries ?? []) {
      list.append(el('li', { class: e.current ? 'current' : '' }, `${e.summary || e.operation}${e.kind === 'redo' ? ' (can be redone)' : ''}`));
    }
  }

  // ---- drawing the strip ----

  get pixelsPerSecond() {
    const total = seconds(this.timeline.duration, this.rate) || 1;
    return $('strip').clientWidth / total;
  }

  xOf(t) { return t * this.pixelsPerSecond; }

  render() {
    if (!this.timeline) return;
    const t = this.timeline;
    const rate = this.rate;
    const total = seconds(t.duration, rate);
    const pps = this.pixelsPerSecond;
    // Ruler: a tick every 1, 2, 5 or 10 s, whichever keeps them at least 60 px apart.
    const step = [0.5, 1, 2, 5, 10, 30, 60].find((s) => s * pps >= 60) ?? 60;
    const ruler = $('ruler');
    ruler.replaceChildren();
    for (let s = 0; s < total; s += step) ruler.append(el('span', { style: { left: `${s * pps}px` } }, clock(s).replace(/^00:/, '')));

    const clips = $('track-clips');
    clips.replaceChildren();
    this.mainClips.forEach((c, i) => {
      const start = seconds(c.timelineRange.start, rate);
      const duration = seconds(c.timelineRange.duration, rate);
      const marks = [];
      if (c.speed && c.speed !== '1') marks.push(`${Math.round(seconds(c.speed) * 100) / 100}×`);
      if (c.reverse) marks.push('reversed');
      if (c.volume !== undefined && c.volume !== 1 && c.kind === 'video') marks.push(`vol ${c.volume}`);
      const box = el('div', {
        class: `clip${c.id === this.selected ? ' selected' : ''}`, 'data-clip-id': c.id, 'data-index': i,
        style: { left: `${start * pps}px`, width: `${Math.max(duration * pps, 3)}px` },
        title: `${i + 1}: ${baseName(c.media)} ${clock(start)}–${clock(start + duration)}`,
      }, [
        el('div', { class: 'edge in', 'data-edge': 'in' }),
        el('span', {}, `${i + 1} ${baseName(c.media)}${marks.length ? ' · ' + marks.join(' · ') : ''}`),
        el('div', { class: 'edge out', 'data-edge': 'out' }),
      ]);
      const thumb = this.thumbnails.get(this.thumbKey(c));
      if (thumb) box.prepend(el('img', { src: thumb, alt: '' }));
      clips.append(box);
    });
    for (const tr of t.transitions ?? []) {
      const start = seconds(tr.range.start, rate);
      const duration = seconds(tr.range.duration, rate);
      clips.append(el('div', { class: 'transition', title: `${tr.kind} ${clock(duration)}`, style: { left: `${start * pps}px`, width: `${Math.max(duration * pps, 2)}px` } }));
    }

    const texts = $('track-texts');
    texts.replaceChildren();
    for (const x of t.texts ?? []) {
      const start = seconds(x.timelineRange.start, rate);
      const duration = seconds(x.timelineRange.duration, rate);
      texts.append(el('div', {
        class: 'textitem', 'data-text-id': x.id, title: `${x.id}: double-click to change`,
        style: { left: `${start * pps}px`, width: `${Math.max(duration * pps, 8)}px` },
      }, x.text));
    }

    const beats = $('track-beats');
    beats.replaceChildren();
    const down = new Set((t.music?.downbeats ?? []).map((b) => seconds(b, rate).toFixed(6)));
    for (const b of t.music?.beats ?? []) {
      const s = seconds(b, rate);
      beats.append(el('div', { class: `beat${down.has(s.toFixed(6)) ? ' down' : ''}`, style: { left: `${s * pps}px` } }));
    }
    this.renderPlayhead();
    this.renderTools();
    this.loadThumbnails();
  }

  renderPlayhead() {
    if (!this.timeline) return;
    const t = this.playhead / this.rate;
    $('playhead').style.left = `${this.xOf(t)}px`;
    $('clock').value = `${clock(t)} / ${clock(seconds(this.timeline.duration, this.rate))} · frame ${this.playhead + 1} of ${this.frames}`;
    document.body.dataset.playhead = String(this.playhead);
  }

  renderTools() {
    if (!this.timeline) return;
    $('undo').disabled = !this.canUndo;
    $('redo').disabled = !this.canRedo;
    const clip = this.target();
    $('selection').textContent = clip
      ? `${this.selected ? 'Selected' : 'At the playhead'}: clip ${this.mainClips.indexOf(clip) + 1} (${baseName(clip.media)})`
      : '';
    for (const id of ['split', 'reverse', 'speed', 'volume', 'snap']) $(id).disabled = !clip;
    if (!this.timeline.music) $('snap').disabled = true;
    if (clip) {
      $('speed').value = ['0.25', '0.5', '0.75', '1', '1.5', '2', '4'].find((s) => Math.abs(Number(s) - seconds(clip.speed || '1')) < 1e-6) ?? '';
      $('volume').value = String(clip.volume ?? 1);
      $('reverse').textContent = clip.reverse ? 'Play forwards' : 'Reverse';
      $('reverse').disabled = clip.kind !== 'video';
      $('speed').disabled = clip.kind !== 'video';
      $('volume').disabled = clip.kind !== 'video';
    }
    const music = $('edit-music');
    const current = (this.timeline.audio ?? []).find((a) => a.role === 'music');
    music.replaceChildren(el('option', { value: '' }, current ? `${baseName(current.media)} (now)` : 'none'));
    for (const song of this.songs) music.append(el('option', { value: song.ref }, song.label));
    music.value = '';
  }

  thumbKey(c) {
    const mid = seconds(c.timelineRange.start, this.rate) + seconds(c.timelineRange.duration, this.rate) / 2;
    return `${this.preview.version}:${frameAt(mid, this.rate)}`;
  }

  /** A small picture of each clip's middle frame, when the server draws frames. */
  async loadThumbnails() {
    if (this.preview.framesRoute !== true || this.loadingThumbnails) return;
    this.loadingThumbnails = true;
    try {
      for (const c of this.mainClips) {
        const key = this.thumbKey(c);
        if (this.thumbnails.has(key)) continue;
        const url = await this.preview.frame(Number(key.split(':')[1]), 64);
        if (!url) return;
        this.thumbnails.set(key, url);
        const box = document.querySelector(`.clip[data-clip-id="${CSS.escape(c.id)}"]`);
        if (box && key === this.thumbKey(c)) box.prepend(el('img', { src: url, alt: '' }));
      }
    } catch (_) {
      // Thumbnails are a nicety: the strip works without them.
    } finally {
      this.loadingThumbnails = false;
    }
  }

  // ---- the player ----

  /** Moves the playhead to frame `n` and shows that frame. */
  seek(n) {
    if (!this.timeline) return;
    if (this.playing) this.pause();
    this.playhead = Math.max(0, Math.min(this.frames - 1, Math.round(n)));
    this.renderPlayhead();
    this.renderTools();
    this.refreshStill();
  }

  /** Shows the playhead's frame; while a request is out, only the latest frame asked for is fetched next. */
  async refreshStill() {
    this.wantedKey = `${this.preview.version}:${this.playhead}`;
    if (this.fetching) return;
    this.fetching = true;
    try {
      while (this.shownKey !== this.wantedKey && !this.playing) {
        const key = this.wantedKey;
        const n = Number(key.split(':')[1]);
        const url = await this.preview.frame(n);
        if (url) {
          const img = $('frame');
          const old = img.src;
          img.src = url;
          img.hidden = false;
          $('video').hidden = true;
          img.dataset.frame = String(n);
          if (old.startsWith('blob:')) URL.revokeObjectURL(old);
          this.screenNote('');
        } else {
          this.screenNote('This server draws no single frames yet: the preview is a draft render of the whole video, drawn again after each edit.');
          $('frame').hidden = true;
          $('video').hidden = false;
          await this.preview.seekDraft(n, this.rate);
          $('video').dataset.frame = String(n);
        }
        this.shownKey = key;
        document.body.dataset.shown = key;
      }
    } catch (e) {
      this.report(e);
      this.shownKey = this.wantedKey;
    } finally {
      this.fetching = false;
    }
  }

  screenNote(text) {
    const note = $('screen-note');
    note.textContent = text;
    note.hidden = !text;
  }

  async play() {
    if (!this.timeline || this.playing) return;
    const from = this.playhead >= this.frames - 1 ? 0 : this.playhead;
    $('play').textContent = 'Pause';
    this.playing = () => from;
    try {
      const at = await this.preview.play(from, this.rate);
      if (!this.playing) return;
      this.playing = at;
      $('frame').hidden = true;
      $('video').hidden = false;
      const tick = () => {
        if (!this.playing) return;
        this.playhead = Math.min(this.frames - 1, this.playing());
        this.renderPlayhead();
        if ($('video').ended) return this.pause();
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    } catch (e) {
      this.playing = null;
      $('play').textContent = 'Play';
      this.report(e);
    }
  }

  pause() {
    if (!this.playing) return;
    this.playing = null;
    this.preview.pause();
    $('play').textContent = 'Play';
    this.shownKey = null;
    this.renderTools();
    this.refreshStill();
  }

  // ---- edits ----

  /** The clip the tools act on: the selected one, else the main-track clip under the playhead. */
  target() {
    const clips = this.mainClips;
    if (this.selected) return clips.find((c) => c.id === this.selected) ?? null;
    const t = this.playhead / this.rate;
    return clips.find((c) => {
      const s = seconds(c.timelineRange.start, this.rate);
      return t >= s && t < s + seconds(c.timelineRange.duration, this.rate);
    }) ?? null;
  }

  async edit(operation, operands = [], options = {}) {
    if (!this.id) return;
    this.busy(true);
    try {
      const answer = await this.api.post(`/v1/timelines/${this.id}/edits`, { operation, operands, options });
      this.load(answer);
      return answer;
    } catch (e) {
      if (e instanceof APIError && e.status === 409 && /^nothing_to_/.test(e.code)) this.note(e.code === 'nothing_to_undo' ? 'Nothing to undo.' : 'Nothing to redo.');
      else this.report(e);
      this.render();
    } finally {
      this.busy(false);
    }
  }

  undo() { return this.edit('undo'); }
  redo() { return this.edit('redo'); }

  /** Ctrl+Z, Ctrl+Shift+Z (or Ctrl+Y), space, J/K/L, arrows, Home/End, while the Edit view shows. */
  key(e) {
    if ($('view-edit').hidden || !this.timeline) return;
    const typing = e.target.closest && e.target.closest('input:not([type=range]), select, textarea');
    const mod = e.ctrlKey || e.metaKey;
    if (mod && (e.key === 'z' || e.key === 'Z')) {
      if (typing) return;
      e.preventDefault();
      if (e.shiftKey) this.redo(); else this.undo();
      return;
    }
    if (mod && (e.key === 'y' || e.key === 'Y')) {
      if (typing) return;
      e.preventDefault();
      this.redo();
      return;
    }
    if (typing || mod || e.altKey) return;
    const second = Math.round(this.rate);
    switch (e.key) {
      case ' ': case 'k': case 'K':
        e.preventDefault();
        if (this.playing) this.pause(); else if (e.key === ' ') this.play();
        break;
      case 'l': case 'L': e.preventDefault(); this.play(); break;
      case 'j': case 'J': e.preventDefault(); this.seek(this.playhead - second); break;
      case 'ArrowLeft': e.preventDefault(); this.seek(this.playhead - (e.shiftKey ? second : 1)); break;
      case 'ArrowRight': e.preventDefault(); this.seek(this.playhead + (e.shiftKey ? second : 1)); break;
      case 'Home': e.preventDefault(); this.seek(0); break;
      case 'End': e.preventDefault(); this.seek(this.frames - 1); break;
      case 'Escape': this.selected = null; this.render(); break;
      default: break;
    }
  }

  // ---- pointer work on the strip ----

  frameAtX(x) {
    return frameAt(Math.max(0, x) / this.pixelsPerSecond, this.rate);
  }

  /** Where a dragged clip would land at `x`: over a clip's middle half a swap with it, near its ends a move beside it. */
  dropAt(x, source) {
    const clips = this.mainClips;
    const pps = this.pixelsPerSecond;
    for (let i = 0; i < clips.length; i++) {
      const left = seconds(clips[i].timelineRange.start, this.rate) * pps;
      const width = seconds(clips[i].timelineRange.duration, this.rate) * pps;
      if (x < left || x >= left + width) continue;
      const f = (x - left) / width;
      if (f >= 0.25 && f <= 0.75) return clips[i].id === source.id ? null : { kind: 'swap', index: i, left, width };
      const place = f < 0.25 ? i : i + 1;
      const from = clips.indexOf(source);
      const to = place > from ? place - 1 : place;
      return to === from ? null : { kind: 'move', index: to, left: f < 0.25 ? left : left + width };
    }
    return null;
  }

  bind() {
    const strip = $('strip');
    let gesture = null;
    const stripX = (e) => e.clientX - strip.getBoundingClientRect().left;
    strip.addEventListener('pointerdown', (e) => {
      if (!this.timeline || e.button !== 0 || e.target.closest('.textitem input')) return;
      const x = stripX(e);
      if (e.target.closest('.textitem')) {
        // No capture here: a double-click must reach the text to change it in place.
        this.seek(this.frameAtX(x));
        return;
      }
      strip.setPointerCapture(e.pointerId);
      const edge = e.target.closest('.edge');
      const clipBox = e.target.closest('.clip');
      const clip = clipBox && this.mainClips.find((c) => c.id === clipBox.dataset.clipId);
      if (edge && clip) gesture = { kind: 'trim', clip, side: edge.dataset.edge, x, box: clipBox };
      else if (clip) gesture = { kind: 'press', clip, x, box: clipBox };
      else {
        gesture = { kind: 'scrub' };
        this.selected = null;
        this.seek(this.frameAtX(x));
      }
    });
    strip.addEventListener('pointermove', (e) => {
      if (!gesture) return;
      const x = stripX(e);
      if (gesture.kind === 'scrub') {
        this.seek(this.frameAtX(x));
      } else if (gesture.kind === 'press' && Math.abs(x - gesture.x) > 5) {
        gesture.kind = 'drag';
        gesture.box.classList.add('dragging');
      } else if (gesture.kind === 'drag') {
        gesture.drop = this.dropAt(x, gesture.clip);
        const mark = $('drop-mark');
        mark.hidden = !gesture.drop;
        if (gesture.drop) {
          mark.className = `drop-mark${gesture.drop.kind === 'swap' ? ' swap' : ''}`;
          mark.style.left = `${gesture.drop.left}px`;
          mark.style.width = gesture.drop.kind === 'swap' ? `${gesture.drop.width}px` : '';
        }
      } else if (gesture.kind === 'trim') {
        const dx = x - gesture.x;
        const pps = this.pixelsPerSecond;
        const start = seconds(gesture.clip.timelineRange.start, this.rate) * pps;
        const width = seconds(gesture.clip.timelineRange.duration, this.rate) * pps;
        if (gesture.side === 'in') gesture.box.style.left = `${start + Math.min(dx, width - 3)}px`;
        gesture.box.style.width = `${Math.max(3, gesture.side === 'in' ? width - dx : width + dx)}px`;
        gesture.frames = Math.round((dx / pps) * this.rate);
        $('changed').textContent = `Trim ${gesture.side === 'in' ? 'start' : 'end'} by ${offsetFrames(gesture.frames)}`;
      }
    });
    const finish = (e) => {
      if (!gesture) return;
      const g = gesture;
      gesture = null;
      $('drop-mark').hidden = true;
      if (g.box) g.box.classList.remove('dragging');
      if (g.kind === 'press') {
        this.selected = g.clip.id;
        this.seek(this.frameAtX(stripX(e)));
        this.render();
      } else if (g.kind === 'drag' && g.drop) {
        if (g.drop.kind === 'swap') this.edit('swap', [g.clip.id, this.mainClips[g.drop.index].id]);
        else this.edit('move', [g.clip.id], { to: String(g.drop.index + 1) });
      } else if (g.kind === 'trim' && g.frames) {
        this.edit('trim', [g.clip.id], { [g.side]: offsetFrames(g.frames) });
      } else if (g.kind !== 'scrub') {
        this.render();
      }
    };
    strip.addEventListener('pointerup', finish);
    strip.addEventListener('pointercancel', () => { gesture = null; $('drop-mark').hidden = true; this.render(); });

    strip.addEventListener('dblclick', (e) => {
      const item = e.target.closest('.textitem');
      if (!item) return;
      const id = item.dataset.textId;
      const before = (this.timeline.texts ?? []).find((x) => x.id === id)?.text ?? '';
      const input = el('input', { type: 'text', value: before, 'aria-label': `Text ${id}` });
      item.replaceChildren(input);
      input.focus();
      input.select();
      let done = false;
      const commit = (save) => {
        if (done) return;
        done = true;
        if (save && input.value !== before) this.edit('text', [id, input.value]);
        else this.render();
      };
      input.addEventListener('keydown', (k) => {
        if (k.key === 'Enter') commit(true);
        if (k.key === 'Escape') commit(false);
        k.stopPropagation();
      });
      input.addEventListener('blur', () => commit(true));
    });

    $('play').addEventListener('click', () => (this.playing ? this.pause() : this.play()));
    $('step-back').addEventListener('click', () => this.seek(this.playhead - 1));
    $('step-forward').addEventListener('click', () => this.seek(this.playhead + 1));
    $('undo').addEventListener('click', () => this.undo());
    $('redo').addEventListener('click', () => this.redo());
    $('split').addEventListener('click', () => {
      const clip = this.target();
      if (clip) this.edit('split', [clip.id], { at: `${this.playhead}f` });
    });
    $('speed').addEventListener('change', () => {
      const clip = this.target();
      if (clip && $('speed').value) this.edit('speed', [clip.id, $('speed').value]);
    });
    $('reverse').addEventListener('click', () => {
      const clip = this.target();
      if (clip) this.edit('reverse', [clip.id]);
    });
    $('volume').addEventListener('change', () => {
      const clip = this.target();
      if (clip) this.edit('volume', [clip.id, $('volume').value]);
    });
    $('snap').addEventListener('click', () => {
      const clip = this.target();
      if (clip) this.edit('snap', [clip.id, 'nearest']);
    });
    $('edit-music').addEventListener('change', () => {
      const song = $('edit-music').value;
      if (song) this.edit('music', [song], this.timeline.music ? { start: 'auto' } : {});
    });
    document.addEventListener('keydown', (e) => this.key(e));
    window.addEventListener('resize', () => this.render());
    $('video').addEventListener('ended', () => this.pause());
  }
}
