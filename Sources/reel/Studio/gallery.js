// Gallery: a card per template with its animated preview (fetched with the token, shown through a
// blob URL since an <img> cannot send headers), its name, canvas, length and texts to fill.

import { el } from './dom.js';

/** Blob URLs of the previews already fetched, by template id: kept so a card comes back without a flash. */
const previews = new Map();

/** Runs `tasks` (functions returning promises) `width` at a time. */
async function pooled(tasks, width) {
  let next = 0;
  async function worker() {
    while (next < tasks.length) {
      const task = tasks[next++];
      await task();
    }
  }
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, worker));
}

/** What a card says under the name: canvas, length, slots. */
export function facts(t) {
  const parts = [];
  if (t.canvas) parts.push(`${t.canvas.width}×${t.canvas.height} at ${t.canvas.frameRate} fps`);
  if (t.seconds !== undefined) parts.push(`${Math.round(t.seconds * 10) / 10} s`);
  if (t.slots !== undefined) parts.push(`${t.slots} slot${t.slots === 1 ? '' : 's'}`);
  if (t.music) parts.push('music');
  return parts.join(' · ');
}

/** Fills `container` with the templates' cards; `choose(template)` is called by a card's button. */
export async function showGallery(api, container, templates, choose, report) {
  container.replaceChildren();
  const loads = [];
  for (const t of templates) {
    const picture = el('div', { class: 'picture' });
    const card = el('article', { class: `card${t.valid ? '' : ' invalid'}`, 'data-template-id': t.id }, [
      picture,
      el('h3', {}, t.name || t.id),
      el('p', { class: 'facts' }, facts(t)),
    ]);
    if (t.texts && t.texts.length) {
      card.append(el('p', { class: 'facts' }, ['Texts: ', ...t.texts.flatMap((k, i) => [i ? ', ' : '', el('code', {}, k)])]));
    }
    if (!t.valid) {
      card.append(el('p', { class: 'facts' }, `Cannot be used: ${t.error?.error?.message ?? 'the template has errors'}. Run reel validate on it to see each one.`));
    } else {
      card.append(el('button', { type: 'button', class: 'primary', onclick: () => choose(t) }, 'Use this template'));
    }
    container.append(card);
    if (!t.valid) continue;
    const img = el('img', { alt: `Preview of ${t.name || t.id}` });
    picture.append(img);
    const show = (url) => {
      img.src = url;
      img.addEventListener('load', () => { card.dataset.preview = 'playing'; }, { once: true });
    };
    if (previews.has(t.id)) {
      show(previews.get(t.id));
      continue;
    }
    picture.dataset.loading = 'true';
    loads.push(async () => {
      try {
        const blob = await api.blob(t.preview);
        const url = URL.createObjectURL(blob);
        previews.set(t.id, url);
        show(url);
      } catch (e) {
        picture.append(el('p', { class: 'facts' }, `No preview: ${e.plain ?? e.message}`));
        report(e);
      } finally {
        delete picture.dataset.loading;
      }
    });
  }
  // The server draws one preview at a time; two in flight keep it busy without queueing them all.
  await pooled(loads, 2);
}
