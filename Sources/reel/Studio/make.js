// Make: choose a template, media from the server's media folders (GET /v1/media-roots) or
// uploaded (POST /v1/media), the texts and the music, then one tap resolves it all
// (POST /v1/timelines) and the resolver's summary is shown as a strip of slots.

import { APIError } from './api.js';
import { $, el } from './dom.js';
import { facts } from './gallery.js';
import { frameAt, frameRate, seconds } from './time.js';

const baseName = (path) => String(path).split('/').pop();

export class Maker {
  constructor({ api, preview, report, busy, made }) {
    this.api = api;
    this.preview = preview;
    this.report = report;
    this.busy = busy;
    this.made = made;
    this.templates = [];
    this.chosen = []; // { ref, label }
    this.songs = []; // { ref, label }
    this.detail = null;
    $('make-template').addEventListener('change', () => this.choose($('make-template').value));
    $('media-upload').addEventListener('change', (e) => this.uploadMedia([...e.target.files], false));
    $('music-upload').addEventListener('change', (e) => this.uploadMedia([...e.target.files], true));
    $('make-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.make();
    });
  }

  setTemplates(templates) {
    this.templates = templates.filter((t) => t.valid);
    const select = $('make-template');
    select.replaceChildren(...this.templates.map((t) => el('option', { value: t.id }, t.name || t.id)));
  }

  /** Lists the media roots' files; a server without the listing route offers uploads alone. */
  async loadMediaRoots() {
    const box = $('media-roots');
    box.replaceChildren();
    let roots = [];
    try {
      roots = (await this.api.get('/v1/media-roots')).roots ?? [];
    } catch (e) {
      if (!(e instanceof APIError && e.routeMissing)) this.report(e);
    }
    const pictures = roots.flatMap((r) => r.files.filter((f) => f.kind !== 'audio').map((f) => ({ ...f, root: r.name })));
    this.songs = roots.flatMap((r) => r.files.filter((f) => f.kind === 'audio').map((f) => ({ ref: f.path, label: `${f.path} (${r.name})` })));
    if (!pictures.length) {
      box.append(el('p', { class: 'hint' }, roots.length
        ? 'The media folders hold no videos or photos: upload some below.'
        : 'No media folder was given (reel studio --media <folder>): upload videos and photos below.'));
    }
    for (const f of pictures) {
      const input = el('input', { type: 'checkbox', value: f.path, 'data-kind': f.kind });
      input.addEventListener('change', () => {
        if (input.checked) this.chosen.push({ ref: f.path, label: f.path });
        else this.chosen = this.chosen.filter((c) => c.ref !== f.path);
        this.showChosen();
      });
      box.append(el('label', { title: `${f.root}: ${f.kind}, ${Math.round(f.size / 1024)} KB` }, [input, f.path]));
    }
    for (const r of roots.filter((r) => r.truncated)) {
      box.append(el('p', { class: 'hint' }, `${r.name}: more files than the list shows; name a smaller folder with --media.`));
    }
    this.showSongs();
    return this.songs;
  }

  showChosen() {
    $('media-chosen').replaceChildren(...this.chosen.map((c) => el('li', {}, c.label)));
    document.body.dataset.chosen = String(this.chosen.length);
  }

  showSongs() {
    const select = $('make-music');
    const keep = select.value;
    select.replaceChildren(el('option', { value: '' }, 'The template\'s own music'));
    for (const s of this.songs) select.append(el('option', { value: s.ref }, s.label));
    select.value = this.songs.some((s) => s.ref === keep) ? keep : '';
  }

  /** Shows template `id`: its facts and a field per text to fill. */
  async choose(id) {
    $('make-template').value = id;
    const t = this.templates.find((x) => x.id === id);
    $('make-template-facts').textContent = t ? facts(t) : '';
    const texts = $('make-texts');
    texts.replaceChildren();
    try {
      this.detail = await this.api.get(`/v1/templates/${encodeURIComponent(id)}`);
      const slots = (this.detail.slotList ?? []).map((s) => `${s.id}: ${s.accepts === 'any' ? 'video or photo' : s.accepts}, ${Math.round(s.seconds * 100) / 100} s`);
      $('make-template-facts').textContent = `${facts(this.detail)}${slots.length ? ' — slots ' + slots.join('; ') : ''}`;
      for (const key of this.detail.texts ?? []) {
        texts.append(el('label', {}, [el('span', {}, key), el('input', { type: 'text', name: key, 'data-text': key, placeholder: `the ${key}` })]));
      }
    } catch (e) {
      this.report(e);
    }
    $('make-texts-box').hidden = !texts.childElementCount;
  }

  async uploadMedia(files, song) {
    for (const file of files) {
      this.busy(true, `Uploading ${file.name}…`);
      try {
        const up = await this.api.upload(file, (sent, total) => this.busy(true, `Uploading ${file.name}: ${Math.round((100 * sent) / total)} %`));
        const item = { ref: up.id, label: `${up.name} (uploaded)` };
        if (song) {
          this.songs.push(item);
          this.showSongs();
          $('make-music').value = up.id;
        } else {
          this.chosen.push(item);
          this.showChosen();
        }
      } catch (e) {
        this.report(e);
      } finally {
        this.busy(false);
      }
    }
    $('media-upload').value = '';
    $('music-upload').value = '';
  }

  /** One tap: the timeline made, the summary shown, the Edit view opened. */
  async make() {
    const template = $('make-template').value;
    if (!template) return this.report(new APIError(400, 'no_template', 'Choose a template first.'));
    if (!this.chosen.length) return this.report(new APIError(400, 'no_media', 'Choose or upload at least one video or photo.'));
    const texts = {};
    for (const input of document.querySelectorAll('#make-texts input')) if (input.value.trim()) texts[input.dataset.text] = input.value;
    const options = {};
    if ($('make-music').value) {
      options.music = $('make-music').value;
      options['music-start'] = 'auto';
    }
    const request = { template, media: this.chosen.map((c) => c.ref), texts, options };
    $('make-button').disabled = true;
    this.busy(true, 'Making the video…');
    try {
      const answer = await this.api.post('/v1/timelines', request);
      this.made(answer);
      this.showSummary(answer);
      for (const w of answer.warnings ?? []) this.report(new APIError(200, 'warning', `Note: ${w.message ?? JSON.stringify(w)}`), true);
    } catch (e) {
      this.report(e);
    } finally {
      $('make-button').disabled = false;
      this.busy(false);
    }
  }

  /** The resolver's summary as a strip of slots, each with the picture of its clip's middle frame when the server draws frames. */
  async showSummary(answer) {
    const list = $('summary');
    list.replaceChildren();
    $('summary-box').hidden = false;
    const lines = answer.summary ?? [];
    const t = answer.timeline;
    const rate = frameRate(t);
    const clips = (t.clips ?? []).filter((c) => c.layer === 0).sort((a, b) => seconds(a.timelineRange.start) - seconds(b.timelineRange.start));
    const items = lines.map((line) => {
      const item = el('li', { class: 'slot' }, line);
      list.append(item);
      return item;
    });
    if (items.length !== clips.length) return;
    for (let i = 0; i < clips.length; i++) {
      const c = clips[i];
      const mid = seconds(c.timelineRange.start, rate) + seconds(c.timelineRange.duration, rate) / 2;
      try {
        const url = await this.preview.frame(frameAt(mid, rate), 160);
        if (!url) return;
        items[i].prepend(el('img', { src: url, alt: `Slot ${i + 1}: ${baseName(c.media)}` }));
      } catch (_) {
        return;
      }
    }
  }
}
