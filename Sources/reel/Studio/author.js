// Author mode (`reel studio templates/mine`): the template's folder is watched by the server; this
// view asks for its state by long poll (GET /v1/templates/{id}/changes?after=revision) and shows
// every finding of the check with its place and fix, and the contact sheet drawn after each save.

import { $, el } from './dom.js';

/** `line:col` of a finding, or nothing when it has no place in a file. */
function place(d) {
  if (d.line === undefined) return '';
  return d.column === undefined ? `${d.line}` : `${d.line}:${d.column}`;
}

export class Author {
  constructor({ api, report }) {
    this.api = api;
    this.report = report;
    this.pictureURL = null;
    this.shown = 0;
  }

  /** Follows template `id` until the page closes: each answer is shown, then the next is asked for. */
  async follow(id) {
    this.id = id;
    $('author-title').textContent = `Authoring ${id}`;
    let after = null;
    for (;;) {
      try {
        const path = `/v1/templates/${encodeURIComponent(id)}/changes${after === null ? '' : `?after=${after}`}`;
        const state = await this.api.get(path);
        if (state.revision !== after) this.show(state);
        after = state.revision;
      } catch (e) {
        $('author-status').textContent = `${e.plain ?? e.message} Trying again…`;
        document.body.dataset.authorValid = 'unknown';
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
    }
  }

  /** The findings of one revision, then its picture (drawn by the server with the sample media). */
  show(state) {
    const errors = state.diagnostics.filter((d) => d.severity === 'error').length;
    const warnings = state.diagnostics.filter((d) => d.severity === 'warning').length;
    const time = new Date().toLocaleTimeString();
    $('author-status').textContent = state.valid
      ? `Valid${warnings ? ` (${warnings} warning${warnings === 1 ? '' : 's'})` : ''}, checked at ${time} (save ${state.revision}).`
      : `${errors} error${errors === 1 ? '' : 's'}: the template cannot be used until ${errors === 1 ? 'it is' : 'they are'} fixed. Checked at ${time} (save ${state.revision}).`;
    $('author-status').className = state.valid ? 'author-status ok' : 'author-status bad';
    const list = $('author-diagnostics');
    list.replaceChildren(...state.diagnostics.map((d) => el('li', { class: `diagnostic ${d.severity}`, 'data-code': d.code }, [
      el('span', { class: 'severity' }, d.severity),
      el('code', { class: 'code' }, d.code),
      el('span', { class: 'where' }, place(d)),
      el('span', { class: 'what' }, d.message),
      d.fix ? el('p', { class: 'fix' }, ['fix: ', d.fix]) : null,
      ...(d.notes || []).slice(1).map((n) => el('p', { class: 'fix' }, n)),
    ])));
    list.hidden = state.diagnostics.length === 0;
    document.body.dataset.authorRevision = String(state.revision);
    document.body.dataset.authorValid = String(state.valid);
    $('author-picture-box').classList.toggle('stale', !state.valid);
    if (state.valid) void this.picture(state.revision);
    else $('author-picture-note').textContent = this.pictureURL ? 'The last valid contact sheet, until the errors are fixed.' : '';
  }

  /** Fetches the contact sheet with the key and shows it through a blob URL; an older revision's answer is dropped. */
  async picture(revision) {
    this.shown = revision;
    $('author-picture-note').textContent = 'Drawing the contact sheet…';
    try {
      const blob = await this.api.blob(`/v1/templates/${encodeURIComponent(this.id)}/contact-sheet.png`);
      if (revision !== this.shown) return;
      const url = URL.createObjectURL(blob);
      const img = $('author-picture');
      img.addEventListener('load', () => { document.body.dataset.authorPicture = String(revision); }, { once: true });
      img.src = url;
      img.hidden = false;
      if (this.pictureURL) URL.revokeObjectURL(this.pictureURL);
      this.pictureURL = url;
      $('author-picture-note').textContent = 'Placeholders, or the template\'s own sample media (assets/), in each slot.';
    } catch (e) {
      if (revision === this.shown) $('author-picture-note').textContent = `No contact sheet: ${e.plain ?? e.message}`;
    }
  }
}
